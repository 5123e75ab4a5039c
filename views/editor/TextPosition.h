// Positions in the editor's text model: 0-based line and byte column (UTF-8 bytes, the unit
// Clang's diagnostics use too), and a selection as an anchor plus a caret.
#pragma once

#include <algorithm>
#include <cstdint>

namespace sl::views::editor {

struct TextPos {
  uint32_t line = 0;
  uint32_t column = 0;  // byte offset into the line

  friend bool operator==(TextPos a, TextPos b) { return a.line == b.line && a.column == b.column; }
  friend bool operator!=(TextPos a, TextPos b) { return !(a == b); }
  friend bool operator<(TextPos a, TextPos b) { return a.line != b.line ? a.line < b.line : a.column < b.column; }
  friend bool operator<=(TextPos a, TextPos b) { return !(b < a); }
};

struct Selection {
  TextPos anchor;  // where the selection started (stays put while extending)
  TextPos caret;   // where the caret is drawn and moves from

  bool empty() const { return anchor == caret; }
  TextPos begin() const { return std::min(anchor, caret); }
  TextPos end() const { return std::max(anchor, caret); }
  static Selection at(TextPos pos) { return Selection{pos, pos}; }
  friend bool operator==(const Selection& a, const Selection& b) { return a.anchor == b.anchor && a.caret == b.caret; }
};

}  // namespace sl::views::editor
