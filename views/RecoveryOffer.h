// Crash recovery when a document is opened: the recovery files earlier runs left for it (edits
// autosaved by views/Autosaver and never saved) are offered one after another, newest first:
// - Restore: the editor takes the file's text; this run's autosave then owns that file (the
//   offer ends; older files stay for a later start);
// - Discard: the file is deleted;
// - Keep: the file is left for a later start, and this run autosaves under another name.
// A file holding just the document's text is removed without asking: nothing is lost. Plain
// C++ (no ImGui): the Workspace's "Recovered changes" modal only calls answer().
#pragma once

#include "views/Autosaver.h"
#include "views/Document.h"

#include <ctime>
#include <optional>
#include <string>
#include <vector>

namespace sl::views {

// $XDG_STATE_HOME (else ~/.local/state) /shaderlens/recovery; empty without a home.
std::string defaultRecoveryDir();

// Where `document`'s edits are autosaved in `dir`: <file name>-<hash of its absolute path>.hlsl
// (a bundle's part: <bundle name>.<part name>-<hash of both>.hlsl); slot N > 0 inserts ".N"
// before ".hlsl" (the names of runs that kept an earlier file). Empty when `dir` is.
std::string recoveryPathFor(const std::string& dir, const Document& document, unsigned slot = 0);

struct RecoveryFile {
  std::string path;
  std::string text;
  std::time_t modified = 0;

  // The modification time as local "YYYY-MM-DD HH:MM:SS".
  std::string modifiedText() const;
};

// The recovery files of `document` in `dir` (every slot), newest first.
std::vector<RecoveryFile> findRecoveryFiles(const std::string& dir, const Document& document);

class RecoveryOffer {
 public:
  enum class Answer { Restore, Discard, Keep };

  // Nothing offered, no autosave (recovery is off).
  RecoveryOffer() = default;
  // Looks in `dir` for `document`'s recovery files; `text` is what the editor opens with.
  RecoveryOffer(const std::string& dir, const Document& document, const std::string& text);

  bool enabled() const { return !dir_.empty(); }
  bool pending() const { return next_ < files_.size() && !restored_; }
  // The file waiting for an answer (pending() only), and how many wait, it included.
  const RecoveryFile& current() const { return files_[next_]; }
  size_t waiting() const { return pending() ? files_.size() - next_ : 0; }
  // Answers for current(). Returns "" or an error (the file could not be deleted).
  std::string answer(Answer answer);
  // After Restore: the text the editor takes.
  const std::optional<std::string>& restoredText() const { return restored_; }

  // Once nothing is pending, where this run autosaves: the restored file, else the first name
  // no file has (so a kept file is never written). Empty when recovery is off or still pending.
  std::string autosavePath() const;
  Autosaver::Ownership autosaveOwnership() const {
    return restored_ ? Autosaver::Ownership::Adopted : Autosaver::Ownership::OnlyItsOwn;
  }

 private:
  std::string dir_;
  Document document_;  // whose files these are (its name and paths, to name new slots)
  std::vector<RecoveryFile> files_;
  size_t next_ = 0;
  std::optional<std::string> restored_;
  std::string restoredPath_;
};

}  // namespace sl::views
