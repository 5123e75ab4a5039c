#include "views/editor/UndoStack.h"

namespace sl::views::editor {

TextPos endOfInsertion(TextPos begin, const std::string& text) {
  TextPos end = begin;
  for (char c : text) {
    if (c == '\n') {
      ++end.line;
      end.column = 0;
    } else {
      ++end.column;
    }
  }
  return end;
}

namespace {

bool isSingleLine(const std::string& text) { return text.find('\n') == std::string::npos; }

}  // namespace

bool UndoStack::tryMerge(const UndoEntry& entry) {
  if (!coalesce_ || position_ == 0 || position_ != entries_.size()) return false;
  UndoEntry& top = entries_.back();
  if (top.kind != entry.kind || entry.kind == EditKind::Other) return false;
  if (top.edits.size() != 1 || entry.edits.size() != 1) return false;
  TextEdit& last = top.edits.front();
  const TextEdit& next = entry.edits.front();
  switch (entry.kind) {
    case EditKind::Typing:
      // Continues exactly after the previous insertion; a new line starts a new entry.
      if (!isSingleLine(next.inserted) || !next.removed.empty() || !last.removed.empty()) return false;
      if (next.begin != endOfInsertion(last.begin, last.inserted)) return false;
      last.inserted += next.inserted;
      break;
    case EditKind::DeleteBackward:
      // The removed text ends where the previous removal began.
      if (!next.inserted.empty() || !last.inserted.empty()) return false;
      if (endOfInsertion(next.begin, next.removed) != last.begin) return false;
      last.removed = next.removed + last.removed;
      last.begin = next.begin;
      break;
    case EditKind::DeleteForward:
      if (!next.inserted.empty() || !last.inserted.empty() || next.begin != last.begin) return false;
      last.removed += next.removed;
      break;
    case EditKind::Other: return false;
  }
  top.after = entry.after;
  return true;
}

void UndoStack::push(UndoEntry entry) {
  if (tryMerge(entry)) return;
  entries_.resize(position_);
  entries_.push_back(std::move(entry));
  if (entries_.size() > limit_) entries_.erase(entries_.begin());
  position_ = entries_.size();
  coalesce_ = entries_.back().kind != EditKind::Other;
}

const UndoEntry* UndoStack::undo() {
  coalesce_ = false;
  if (position_ == 0) return nullptr;
  return &entries_[--position_];
}

const UndoEntry* UndoStack::redo() {
  coalesce_ = false;
  if (position_ == entries_.size()) return nullptr;
  return &entries_[position_++];
}

void UndoStack::clear() {
  entries_.clear();
  position_ = 0;
  coalesce_ = false;
}

}  // namespace sl::views::editor
