// The code editor widget: draws a TextBuffer with HLSL highlighting in an ImGui child window —
// only the visible lines, so a 2000-line file costs the same per frame as a 50-line one — with
// a line-number gutter (its left column holds diagnostic and breakpoint markers; a click there
// toggles a breakpoint), current-line, debugger-stop and selection backgrounds, a caret, error squiggles with
// their messages on hover, a find/replace bar (Ctrl+F / Ctrl+H) and a go-to-line bar (Ctrl+G).
// Keys: ImGui 1.86 names only A/C/V/X/Y/Z among the letters; the others are read by their
// GLFW key code, which for letters is the ASCII capital (headless runs use the same codes).
#pragma once

#include "core/support/Diagnostic.h"
#include "views/editor/HlslHighlighter.h"
#include "views/editor/Search.h"
#include "views/editor/TextBuffer.h"

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

struct ImFont;

namespace sl::views::editor {

// A diagnostic as the editor marks it: 1-based line and byte columns.
struct EditorDiagnostic {
  uint32_t line = 1;
  uint32_t column = 1;
  uint32_t endColumn = 0;  // exclusive; 0 (a point): the run of non-blank text from `column`
  Severity severity = Severity::Error;
  std::string message;
};

class CodeEditor {
 public:
  CodeEditor();
  CodeEditor(const CodeEditor&) = delete;
  CodeEditor& operator=(const CodeEditor&) = delete;

  TextBuffer& buffer() { return buffer_; }
  const TextBuffer& buffer() const { return buffer_; }
  // Replaces the text (clears undo history); the view keeps its scroll position.
  void setText(std::string_view text) { buffer_.setText(text); }

  // Draws into the available content region with `font` (monospace; null: the current font).
  // Returns true when the text changed this frame.
  bool draw(const char* id, ImFont* font);

  void setDiagnostics(std::vector<EditorDiagnostic> diagnostics);
  const std::vector<EditorDiagnostic>& diagnostics() const { return diagnostics_; }

  // Puts the caret at 1-based (line, column; 0 = line start), scrolls it to the middle of the
  // view and focuses the editor on the next draw.
  void jumpTo(uint32_t line, uint32_t column = 0);
  // 1-based lines drawn with the "linked" background (lines that belong to a selected stage
  // line); replaces the previous set.
  void setHighlightedLines(std::set<uint32_t> lines) { highlightedLines_ = std::move(lines); }
  const std::set<uint32_t>& highlightedLines() const { return highlightedLines_; }
  // The debugger's markers: breakpoints (1-based line -> conditional) drawn as red dots in the
  // gutter, and the line the debugger stopped at (0 none), drawn with an arrow and a background.
  void setBreakpointLines(std::map<uint32_t, bool> lines) { breakpointLines_ = std::move(lines); }
  const std::map<uint32_t, bool>& breakpointLines() const { return breakpointLines_; }
  void setExecutionLine(uint32_t line) { executionLine_ = line; }
  uint32_t executionLine() const { return executionLine_; }
  // The 1-based line whose marker column was clicked since the last call (0 none).
  uint32_t takeBreakpointClick() { return std::exchange(breakpointClick_, 0); }
  // Called with the 1-based line whenever the caret moves to another line.
  void setOnCaretLineChanged(std::function<void(uint32_t line)> callback) { onCaretLine_ = std::move(callback); }
  uint32_t caretLine() const { return buffer_.caret().line + 1; }

  // Opens the find bar (with the replace row) and focuses its input; seeds it from a
  // single-line selection.
  void openFind(bool withReplace);
  void openGoToLine();
  void closeBars();
  bool findBarOpen() const { return findOpen_; }
  Search& search() { return search_; }
  // Re-runs the search with the find bar's text and options (after changing them directly).
  void setFindText(const std::string& text, SearchOptions options);
  size_t matchCount();

  HlslHighlighter& highlighter() { return highlighter_; }
  bool focused() const { return focused_; }
  void focus() { focusRequested_ = true; }

 private:
  struct Metrics {
    float lineHeight = 0, charWidth = 0, gutterWidth = 0, markerWidth = 0, textLeft = 0;
  };

  void drawFindBar();
  void drawGoToLineBar();
  void handleKeyboard(uint32_t pageLines);
  void handleMouse(const Metrics& m);
  void drawLines(const Metrics& m, uint32_t first, uint32_t last);
  void drawLineText(const Metrics& m, uint32_t line, float x, float y);
  void drawSquiggles(const Metrics& m, uint32_t line, float x, float y);
  void drawGutter(const Metrics& m, uint32_t first, uint32_t last);
  void drawTooltips(const Metrics& m);
  void scrollToCaret(const Metrics& m, bool center);
  TextPos positionAt(const Metrics& m, float mouseX, float mouseY, bool nearestEdge) const;
  float xOf(uint32_t line, uint32_t byteColumn, const Metrics& m) const;
  // [begin, end) byte columns a diagnostic underlines on its line.
  std::pair<uint32_t, uint32_t> diagnosticColumns(const EditorDiagnostic& d) const;
  const std::vector<SearchMatch>& matches();
  uint32_t longestLine();
  void selectNextMatch(bool forward);

  TextBuffer buffer_;
  HlslHighlighter highlighter_;
  Search search_;
  std::vector<EditorDiagnostic> diagnostics_;
  std::map<uint32_t, std::vector<size_t>> diagnosticsByLine_;  // 0-based line -> indices
  std::set<uint32_t> highlightedLines_;
  std::map<uint32_t, bool> breakpointLines_;
  uint32_t executionLine_ = 0;
  uint32_t breakpointClick_ = 0;
  std::function<void(uint32_t)> onCaretLine_;
  uint32_t reportedCaretLine_ = 0;

  // View state.
  bool focused_ = false;
  bool focusRequested_ = false;
  bool scrollToCaret_ = false;
  bool centerOnCaret_ = false;
  bool dragging_ = false;
  bool draggingLines_ = false;   // a drag that started in the gutter selects whole lines
  TextPos lineDragAnchor_;
  double caretMovedAt_ = 0;      // the caret shows solid for a moment after it moves
  uint64_t longestVersion_ = ~0ull;
  uint32_t longestColumns_ = 0;

  // Find / replace / go to line.
  bool findOpen_ = false;
  bool replaceOpen_ = false;
  bool gotoOpen_ = false;
  bool focusFindInput_ = false;
  bool focusGotoInput_ = false;
  std::string findText_;
  std::string replaceText_;
  std::string gotoText_;
  SearchOptions findOptions_;
  std::vector<SearchMatch> matches_;
  uint64_t matchesVersion_ = ~0ull;
  bool matchesStale_ = true;
};

}  // namespace sl::views::editor
