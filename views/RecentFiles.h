// Recently opened files, newest first, kept in a small text file (one path a line, written
// atomically) so the File > Recent menu survives restarts.
#pragma once

#include <string>
#include <vector>

namespace sl::views {

class RecentFiles {
 public:
  static constexpr size_t kMax = 10;

  explicit RecentFiles(std::string storePath = {}) : storePath_(std::move(storePath)) {}
  // Reads the store (a missing store is an empty list). Returns "" or an error.
  std::string load();
  // Moves `path` (made absolute) to the front and writes the store. Returns "" or an error.
  std::string add(const std::string& path);
  const std::vector<std::string>& paths() const { return paths_; }
  const std::string& storePath() const { return storePath_; }

 private:
  std::string storePath_;
  std::vector<std::string> paths_;
};

// $XDG_STATE_HOME (else ~/.local/state) /shaderlens/recent.txt; empty without a home.
std::string defaultRecentFilesPath();

}  // namespace sl::views
