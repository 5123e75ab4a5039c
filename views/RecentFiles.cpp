#include "views/RecentFiles.h"

#include "views/StateDir.h"

#include <algorithm>

namespace sl::views {

std::string RecentFiles::load() {
  paths_.clear();
  std::vector<std::string> lines;
  const std::string error = readStateLines(storePath_, kMaxStateLines, lines);
  for (std::string& line : lines) {
    if (paths_.size() == kMax) break;
    if (!line.empty() && std::find(paths_.begin(), paths_.end(), line) == paths_.end()) paths_.push_back(std::move(line));
  }
  return error;
}

std::string RecentFiles::add(const std::string& path) {
  const std::string absolute = absoluteStatePath(path);
  paths_.erase(std::remove(paths_.begin(), paths_.end(), absolute), paths_.end());
  paths_.insert(paths_.begin(), absolute);
  if (paths_.size() > kMax) paths_.resize(kMax);
  std::string text;
  for (const std::string& p : paths_) text += p + "\n";
  return writeStateFile(storePath_, text);
}

std::string defaultRecentFilesPath() {
  const std::string dir = shaderlensStateDir();
  return dir.empty() ? "" : dir + "/recent.txt";
}

}  // namespace sl::views
