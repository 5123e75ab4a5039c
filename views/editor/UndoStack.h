// Undo history of the text model. An entry is a group of primitive replacements (applied in
// order; undone in reverse) plus the selections before and after. Consecutive typing (and
// consecutive Backspace / Delete) coalesce into one entry, so Ctrl+Z undoes a typed word run,
// not a character; any caret move or other edit breaks the run.
#pragma once

#include "views/editor/TextPosition.h"

#include <cstddef>
#include <string>
#include <vector>

namespace sl::views::editor {

// Replace what was `removed` at `begin` by `inserted`.
struct TextEdit {
  TextPos begin;
  std::string removed;
  std::string inserted;
};

enum class EditKind : uint8_t {
  Other,            // paste, cut, indent, replace: never coalesces
  Typing,           // one typed character inserted at the caret
  DeleteBackward,   // Backspace of one character
  DeleteForward,    // Delete of one character
};

struct UndoEntry {
  std::vector<TextEdit> edits;
  Selection before;
  Selection after;
  EditKind kind = EditKind::Other;
};

// Where the caret ends after inserting `text` at `begin`.
TextPos endOfInsertion(TextPos begin, const std::string& text);

class UndoStack {
 public:
  explicit UndoStack(size_t limit = 1000) : limit_(limit) {}

  // Records an applied entry; drops the redo history. Merges into the previous entry when both
  // are a coalescing run of the same kind that continues where the previous one stopped.
  void push(UndoEntry entry);
  // The entry to revert / reapply, moving through the history; null when there is none.
  const UndoEntry* undo();
  const UndoEntry* redo();
  bool canUndo() const { return position_ > 0; }
  bool canRedo() const { return position_ < entries_.size(); }
  // The next push starts a new entry even if it could coalesce (the caret moved, focus left).
  void breakCoalescing() { coalesce_ = false; }
  void clear();
  size_t size() const { return entries_.size(); }

 private:
  bool tryMerge(const UndoEntry& entry);

  std::vector<UndoEntry> entries_;
  size_t position_ = 0;  // entries_[0, position_) are applied
  size_t limit_;
  bool coalesce_ = false;
};

}  // namespace sl::views::editor
