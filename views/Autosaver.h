// Autosave for crash recovery: writes the edited text (atomically) to a recovery file once it has
// been unchanged for `settle` after an edit, so a crash loses at most the last moments of typing.
// The caller feeds it the current text every frame.
//
// It never deletes or overwrites a file it did not write itself in this run: a file already at
// its path belongs to an earlier run (a crash's unsaved work) unless the user restored it, which
// the owner says with Ownership::Adopted. Until then it leaves such a file alone.
#pragma once

#include <chrono>
#include <string>

namespace sl::views {

class Autosaver {
 public:
  using Clock = std::chrono::steady_clock;
  enum class Ownership {
    OnlyItsOwn,  // it may write the path only while no file is there, and then owns what it wrote
    Adopted,     // the file there is this run's (the user restored it, or discarded what was there)
  };
  Autosaver(std::string recoveryPath, std::string initialText, Ownership ownership = Ownership::OnlyItsOwn,
            std::chrono::milliseconds settle = std::chrono::seconds(2))
      : path_(std::move(recoveryPath)),
        written_(std::move(initialText)),
        settle_(settle),
        owned_(ownership == Ownership::Adopted) {}

  // Returns "" or the error of a failed write (reported once per failing text).
  std::string update(const std::string& text, Clock::time_point now);
  // Writes the text now if it changed since the last write. Returns "" or an error.
  std::string flush(const std::string& text);
  // At a clean exit: removes its recovery file when `savedText` (what is on disk) equals the
  // text, so only unsaved work is kept. Returns whether a recovery file of its own remains.
  bool finish(const std::string& text, const std::string& savedText);
  const std::string& path() const { return path_; }
  int writes() const { return writes_; }
  bool ownsFile() const { return owned_; }

 private:
  std::string write(const std::string& text);

  std::string path_;
  std::string written_;  // the text last written (or loaded): no write while it is unchanged
  std::string pending_;
  bool hasPending_ = false;
  Clock::time_point changedAt_{};
  std::chrono::milliseconds settle_;
  bool owned_;
  int writes_ = 0;
  std::string failedFor_;
};

}  // namespace sl::views
