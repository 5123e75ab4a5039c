#include "views/RememberedOptions.h"

#include "views/StateDir.h"

#include <algorithm>

namespace sl::views {
namespace {

// One line per entry: path, stated and chosen separated by tabs. A field holding a tab or a
// newline cannot be written that way; such an entry is not kept (option lines never hold one).
bool storable(const std::string& field) { return field.find_first_of("\t\n\r") == std::string::npos; }

}  // namespace

std::string RememberedOptions::load() {
  entries_.clear();
  std::vector<std::string> lines;
  const std::string error = readStateLines(storePath_, kMaxStateLines, lines);
  for (const std::string& line : lines) {
    if (entries_.size() == kMax) break;
    const size_t tab1 = line.find('\t');
    const size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos || tab1 == 0) continue;
    Entry e{line.substr(0, tab1), line.substr(tab1 + 1, tab2 - tab1 - 1), line.substr(tab2 + 1)};
    if (e.chosen.find('\t') != std::string::npos) continue;
    const bool seen = std::any_of(entries_.begin(), entries_.end(), [&](const Entry& x) { return x.path == e.path; });
    if (!seen) entries_.push_back(std::move(e));
  }
  return error;
}

std::string RememberedOptions::remember(const std::string& path, const std::string& stated, const std::string& chosen) {
  const std::string absolute = absoluteStatePath(path);
  if (!storable(absolute) || !storable(stated) || !storable(chosen)) return "";
  std::erase_if(entries_, [&](const Entry& e) { return e.path == absolute; });
  entries_.insert(entries_.begin(), Entry{absolute, stated, chosen});
  if (entries_.size() > kMax) entries_.resize(kMax);
  std::string text;
  for (const Entry& e : entries_) text += e.path + "\t" + e.stated + "\t" + e.chosen + "\n";
  return writeStateFile(storePath_, text);
}

const std::string* RememberedOptions::chosenFor(const std::string& path, const std::string& stated) const {
  const std::string absolute = absoluteStatePath(path);
  for (const Entry& e : entries_)
    if (e.path == absolute) return e.stated == stated ? &e.chosen : nullptr;
  return nullptr;
}

std::string defaultRememberedOptionsPath() {
  const std::string dir = shaderlensStateDir();
  return dir.empty() ? "" : dir + "/options.txt";
}

}  // namespace sl::views
