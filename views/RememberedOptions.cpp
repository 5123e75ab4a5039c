#include "views/RememberedOptions.h"

#include "core/support/AtomicFile.h"
#include "views/StateDir.h"

#include <algorithm>
#include <filesystem>

namespace sl::views {
namespace {

std::string absolutePath(const std::string& path) {
  std::error_code ec;
  std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
  return ec ? path : absolute;
}

// One line per entry: path, stated and chosen separated by tabs. A field holding a tab or a
// newline cannot be written that way; such an entry is not kept (option lines never hold one).
bool storable(const std::string& field) { return field.find_first_of("\t\n\r") == std::string::npos; }

}  // namespace

std::string RememberedOptions::load() {
  entries_.clear();
  if (storePath_.empty()) return "";
  std::error_code ec;
  if (!std::filesystem::exists(storePath_, ec)) return "";
  std::string text, error;
  if (!readWholeFile(storePath_, text, error)) return error;
  size_t start = 0;
  while (start < text.size() && entries_.size() < kMax) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    start = end + 1;
    const size_t tab1 = line.find('\t');
    const size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos || tab1 == 0) continue;
    Entry e{line.substr(0, tab1), line.substr(tab1 + 1, tab2 - tab1 - 1), line.substr(tab2 + 1)};
    if (e.chosen.find('\t') != std::string::npos) continue;
    const bool seen = std::any_of(entries_.begin(), entries_.end(), [&](const Entry& x) { return x.path == e.path; });
    if (!seen) entries_.push_back(std::move(e));
  }
  return "";
}

std::string RememberedOptions::remember(const std::string& path, const std::string& stated, const std::string& chosen) {
  const std::string absolute = absolutePath(path);
  if (!storable(absolute) || !storable(stated) || !storable(chosen)) return "";
  std::erase_if(entries_, [&](const Entry& e) { return e.path == absolute; });
  entries_.insert(entries_.begin(), Entry{absolute, stated, chosen});
  if (entries_.size() > kMax) entries_.resize(kMax);
  if (storePath_.empty()) return "";
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(storePath_).parent_path(), ec);
  std::string text;
  for (const Entry& e : entries_) text += e.path + "\t" + e.stated + "\t" + e.chosen + "\n";
  return writeFileAtomically(storePath_, text);
}

const std::string* RememberedOptions::chosenFor(const std::string& path, const std::string& stated) const {
  const std::string absolute = absolutePath(path);
  for (const Entry& e : entries_)
    if (e.path == absolute) return e.stated == stated ? &e.chosen : nullptr;
  return nullptr;
}

std::string defaultRememberedOptionsPath() {
  const std::string dir = shaderlensStateDir();
  return dir.empty() ? "" : dir + "/options.txt";
}

}  // namespace sl::views
