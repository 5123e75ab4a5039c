#include "views/debug/LineFollow.h"

#include <algorithm>
#include <vector>

namespace sl::views {

namespace {

std::vector<std::string_view> splitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  for (;;) {
    const size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return lines;
}

}  // namespace

LineEdit lineEditBetween(std::string_view before, std::string_view after) {
  const std::vector<std::string_view> a = splitLines(before), b = splitLines(after);
  size_t prefix = 0;
  while (prefix < a.size() && prefix < b.size() && a[prefix] == b[prefix]) ++prefix;
  size_t suffix = 0;
  while (suffix < a.size() - prefix && suffix < b.size() - prefix && a[a.size() - 1 - suffix] == b[b.size() - 1 - suffix]) ++suffix;
  LineEdit edit;
  edit.prefix = uint32_t(prefix);
  edit.oldSuffixStart = uint32_t(a.size() - suffix);
  edit.newLines = uint32_t(b.size());
  edit.delta = int64_t(b.size()) - int64_t(a.size());
  return edit;
}

uint32_t followLine(const LineEdit& edit, uint32_t line) {
  if (line == 0) return 0;
  const uint32_t l = line - 1;
  if (l < edit.prefix) return line;
  if (l >= edit.oldSuffixStart) return uint32_t(int64_t(l) + edit.delta) + 1;
  return std::min(l, edit.newLines ? edit.newLines - 1 : 0) + 1;
}

}  // namespace sl::views
