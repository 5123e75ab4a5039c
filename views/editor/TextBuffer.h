// The code editor's text model, independent of ImGui so every editing rule is unit-tested: lines
// of UTF-8 text, one selection (anchor + caret), edits that go through an undo history, caret
// movement (characters, words, lines, pages), tab/indent handling and clipboard operations
// through callbacks the widget binds to ImGui's clipboard.
#pragma once

#include "views/editor/TextPosition.h"
#include "views/editor/UndoStack.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sl::views::editor {

struct IndentSettings {
  bool useSpaces = true;  // Tab inserts spaces up to the next tab stop instead of '\t'
  uint32_t tabSize = 4;   // columns per tab stop (display and indent unit)
};

// Whether a byte belongs to an identifier-like word (UTF-8 multi-byte sequences count).
bool isWordByte(unsigned char c);

class TextBuffer {
 public:
  TextBuffer() : lines_(1) {}
  explicit TextBuffer(std::string_view text) { setText(text); }

  // Replaces everything; clears the undo history and puts the caret at the start.
  void setText(std::string_view text);
  // The text with '\n' between lines (a document ending in '\n' has a final empty line).
  std::string text() const;
  const std::vector<std::string>& lines() const { return lines_; }
  uint32_t lineCount() const { return uint32_t(lines_.size()); }
  const std::string& line(uint32_t index) const { return lines_[index]; }
  // Increments on every change of the text.
  uint64_t version() const { return version_; }

  const Selection& selection() const { return selection_; }
  TextPos caret() const { return selection_.caret; }
  // Clamps into the text; breaks the typing run (a caret move starts a new undo entry).
  void setSelection(Selection selection);
  void setCaret(TextPos pos, bool extendSelection = false);
  std::string selectedText() const;
  std::string textIn(TextPos begin, TextPos end) const;
  TextPos clamp(TextPos pos) const;
  size_t offsetOf(TextPos pos) const;
  TextPos positionOfOffset(size_t offset) const;

  // Display columns (tabs expanded to tab stops, one column per code point) and back.
  uint32_t visualColumn(uint32_t line, uint32_t byteColumn) const;
  uint32_t byteColumnForVisual(uint32_t line, uint32_t visual) const;
  uint32_t visualWidth(uint32_t line) const { return visualColumn(line, uint32_t(lines_[line].size())); }

  // Editing. Each is one undo entry (typing and deletions coalesce into runs).
  void insertText(std::string_view text);      // replaces the selection (paste, programmatic)
  void typeCharacter(uint32_t codepoint);      // a typed character; '\n' behaves as newLine()
  void newLine();                              // keeps the line's indentation (+1 level after '{')
  void backspace();
  void deleteForward();
  void tab();                                  // indents a multi-line selection, else inserts indent
  void indentSelection();
  void unindentSelection();
  // Replaces [begin, end) and selects nothing, caret after the new text.
  void replaceRange(TextPos begin, TextPos end, std::string_view text);
  // Applies several replacements as one undo entry. Each edit's `removed` is filled in here;
  // apply them from the end of the text backwards so earlier positions stay valid.
  void applyEdits(std::vector<TextEdit> edits, Selection after);
  bool undo();
  bool redo();
  bool canUndo() const { return undo_.canUndo(); }
  bool canRedo() const { return undo_.canRedo(); }

  // Caret movement; `select` extends the selection instead of collapsing it.
  void moveLeft(bool select);
  void moveRight(bool select);
  void moveUp(bool select, uint32_t lines = 1);
  void moveDown(bool select, uint32_t lines = 1);
  void moveWordLeft(bool select);
  void moveWordRight(bool select);
  void moveHome(bool select);  // first non-blank, then column 0
  void moveEnd(bool select);
  void moveToDocumentStart(bool select);
  void moveToDocumentEnd(bool select);
  void selectAll();
  void selectWordAt(TextPos pos);
  // 1-based line (clamped); the caret goes to its start.
  void goToLine(uint32_t line);

  // Clipboard, through callbacks (the widget binds them to ImGui's). False when nothing happened.
  std::function<std::string()> getClipboard;
  std::function<void(const std::string&)> setClipboard;
  bool copy();
  bool cut();
  bool paste();

  IndentSettings indent;
  // Told after each change: lines [firstLine, firstLine + removedLines) became `addedLines` lines
  // (the highlighter re-tokenizes just those).
  std::function<void(uint32_t firstLine, uint32_t removedLines, uint32_t addedLines)> onLinesChanged;

 private:
  TextPos applyReplace(TextPos begin, TextPos end, const std::string& text);
  void edit(TextPos begin, TextPos end, std::string text, EditKind kind);
  void moveTo(TextPos pos, bool select, bool keepPreferredColumn = false);
  std::string indentUnit(uint32_t visualColumn) const;
  // Lines a line-wise operation touches: a selection ending at column 0 leaves that line out.
  void selectedLineRange(uint32_t& first, uint32_t& last) const;
  void rewriteLines(uint32_t first, uint32_t last, const std::vector<std::string>& replacement,
                    const std::vector<int>& columnShift);

  std::vector<std::string> lines_;
  Selection selection_;
  UndoStack undo_;
  uint64_t version_ = 0;
  int64_t preferredVisualColumn_ = -1;  // kept across vertical moves
};

}  // namespace sl::views::editor
