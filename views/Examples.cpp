#include "views/Examples.h"

#include "core/support/AtomicFile.h"

#include <algorithm>
#include <filesystem>

namespace sl::views {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

Example describeExample(std::string_view text) {
  Example e;
  bool started = false, inParagraph = false, done = false;
  size_t start = 0;
  while (start < text.size() && !done) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = trimmed(text.substr(start, end - start));
    start = end + 1;
    if (line.rfind("//", 0) != 0) {
      // Split-file markers and RUN lines of a .test come before its source's comments.
      if (!started) continue;
      break;
    }
    if (line.rfind("//---", 0) == 0) continue;
    std::string_view body = trimmed(line.substr(2));
    if (!started) {
      started = true;
      size_t colon = body.find(": ");
      e.title = std::string(colon == std::string_view::npos ? body : body.substr(colon + 2));
      continue;
    }
    if (body.empty()) {
      if (inParagraph) done = true;
      continue;
    }
    inParagraph = true;
    if (!e.explanation.empty()) e.explanation += ' ';
    e.explanation += body;
  }
  return e;
}

std::vector<Example> listExamples(const std::string& dir) {
  std::vector<Example> out;
  std::error_code ec;
  std::filesystem::path root = std::filesystem::absolute(dir, ec);
  for (std::filesystem::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    if (!it->is_regular_file(ec)) continue;
    const std::string ext = it->path().extension().string();
    if (ext != ".hlsl" && ext != ".test") continue;
    std::string text, error;
    if (!readWholeFile(it->path().string(), text, error)) continue;
    Example e = describeExample(text);
    e.path = it->path().string();
    e.relative = std::filesystem::relative(it->path(), root, ec).generic_string();
    if (e.title.empty()) e.title = e.relative;
    out.push_back(std::move(e));
  }
  std::sort(out.begin(), out.end(), [](const Example& a, const Example& b) { return a.relative < b.relative; });
  return out;
}

}  // namespace sl::views
