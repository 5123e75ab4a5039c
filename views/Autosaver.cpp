#include "views/Autosaver.h"

#include "core/support/AtomicFile.h"

#include <filesystem>

namespace sl::views {

std::string Autosaver::write(const std::string& text) {
  std::error_code ignored;
  if (!owned_ && std::filesystem::symlink_status(path_, ignored).type() != std::filesystem::file_type::not_found)
    return "autosave skipped: " + path_ + " holds an earlier session's changes";
  std::filesystem::create_directories(std::filesystem::path(path_).parent_path(), ignored);
  if (std::string error = writeFileAtomically(path_, text); !error.empty()) return "autosave failed: " + error;
  owned_ = true;
  written_ = text;
  hasPending_ = false;
  ++writes_;
  return "";
}

std::string Autosaver::update(const std::string& text, Clock::time_point now) {
  if (path_.empty()) return "";
  if (text == written_) {
    hasPending_ = false;
    return "";
  }
  if (!hasPending_ || text != pending_) {
    pending_ = text;
    hasPending_ = true;
    changedAt_ = now;
    return "";
  }
  if (now - changedAt_ < settle_) return "";
  std::string error = write(text);
  if (error.empty() || failedFor_ == text) return "";
  failedFor_ = text;
  return error;
}

std::string Autosaver::flush(const std::string& text) {
  if (path_.empty() || text == written_) return "";
  return write(text);
}

bool Autosaver::finish(const std::string& text, const std::string& savedText) {
  if (path_.empty()) return false;
  std::error_code ignored;
  if (text == savedText) {
    // Nothing unsaved: its own file goes; another run's stays.
    if (owned_) std::filesystem::remove(path_, ignored);
    return false;
  }
  // Unsaved work: make sure its newest state is on disk (write leaves a file not ours alone).
  flush(text);
  return owned_ && std::filesystem::exists(path_, ignored);
}

}  // namespace sl::views
