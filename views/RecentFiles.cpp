#include "views/RecentFiles.h"

#include "core/support/AtomicFile.h"
#include "views/StateDir.h"

#include <algorithm>
#include <filesystem>

namespace sl::views {

std::string RecentFiles::load() {
  paths_.clear();
  if (storePath_.empty()) return "";
  std::error_code ec;
  if (!std::filesystem::exists(storePath_, ec)) return "";
  std::string text, error;
  if (!readWholeFile(storePath_, text, error)) return error;
  size_t start = 0;
  while (start < text.size() && paths_.size() < kMax) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    if (!line.empty() && std::find(paths_.begin(), paths_.end(), line) == paths_.end()) paths_.push_back(line);
    start = end + 1;
  }
  return "";
}

std::string RecentFiles::add(const std::string& path) {
  std::error_code ec;
  std::string absolute = std::filesystem::absolute(path, ec).lexically_normal().string();
  if (ec) absolute = path;
  paths_.erase(std::remove(paths_.begin(), paths_.end(), absolute), paths_.end());
  paths_.insert(paths_.begin(), absolute);
  if (paths_.size() > kMax) paths_.resize(kMax);
  if (storePath_.empty()) return "";
  std::filesystem::create_directories(std::filesystem::path(storePath_).parent_path(), ec);
  std::string text;
  for (const std::string& p : paths_) text += p + "\n";
  return writeFileAtomically(storePath_, text);
}

std::string defaultRecentFilesPath() {
  const std::string dir = shaderlensStateDir();
  return dir.empty() ? "" : dir + "/recent.txt";
}

}  // namespace sl::views
