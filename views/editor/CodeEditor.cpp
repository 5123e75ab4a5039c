#include "views/editor/CodeEditor.h"

#include "views/Palette.h"
#include "views/TextCells.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace sl::views::editor {

namespace {

// At most this many squiggles are considered per line (a file can put thousands of errors on one
// line); the rest show in the gutter marker's tooltip and the diagnostics panel.
constexpr size_t kMaxSquigglesPerLine = 256;

// The debugger's markers.
const ImVec4 kBreakpointColor(0.90f, 0.25f, 0.25f, 1.0f);
const ImVec4 kExecutionArrowColor(0.98f, 0.85f, 0.30f, 1.0f);
const ImVec4 kExecutionLineColor(0.98f, 0.85f, 0.30f, 0.16f);

bool keyPressed(ImGuiKey key) {
  const int index = ImGui::GetKeyIndex(key);
  return index >= 0 && ImGui::IsKeyPressed(index);
}

// Letters ImGui 1.86 has no ImGuiKey for: GLFW's key code, the ASCII capital.
bool letterPressed(char capital) { return ImGui::IsKeyPressed(int(capital)); }

int digitCount(size_t n) {
  int digits = 1;
  while (n >= 10) n /= 10, ++digits;
  return digits;
}

bool isBlankByte(char c) { return c == ' ' || c == '\t'; }

}  // namespace

CodeEditor::CodeEditor() {
  buffer_.onLinesChanged = [this](uint32_t first, uint32_t removed, uint32_t added) {
    highlighter_.linesChanged(first, removed, added);
    matchesStale_ = true;
  };
  buffer_.getClipboard = [] {
    const char* text = ImGui::GetClipboardText();
    return std::string(text ? text : "");
  };
  buffer_.setClipboard = [](const std::string& text) { ImGui::SetClipboardText(text.c_str()); };
}

void CodeEditor::setDiagnostics(std::vector<EditorDiagnostic> diagnostics) {
  diagnostics_ = std::move(diagnostics);
  diagnosticsByLine_.clear();
  for (size_t i = 0; i < diagnostics_.size(); ++i)
    if (diagnostics_[i].line > 0) diagnosticsByLine_[diagnostics_[i].line - 1].push_back(i);
}

void CodeEditor::jumpTo(uint32_t line, uint32_t column) {
  line = std::clamp<uint32_t>(line, 1, buffer_.lineCount());
  buffer_.setCaret(TextPos{line - 1, column > 0 ? column - 1 : 0});
  scrollToCaret_ = centerOnCaret_ = true;
  focusRequested_ = true;
}

void CodeEditor::openFind(bool withReplace) {
  findOpen_ = true;
  replaceOpen_ = withReplace;
  gotoOpen_ = false;
  focusFindInput_ = true;
  const Selection& selection = buffer_.selection();
  if (!selection.empty() && selection.begin().line == selection.end().line) {
    findText_ = buffer_.selectedText();
    setFindText(findText_, findOptions_);
  }
}

void CodeEditor::openGoToLine() {
  gotoOpen_ = true;
  focusGotoInput_ = true;
  gotoText_.clear();
}

void CodeEditor::closeBars() {
  findOpen_ = replaceOpen_ = gotoOpen_ = false;
  focusRequested_ = true;
}

void CodeEditor::setFindText(const std::string& text, SearchOptions options) {
  findText_ = text;
  findOptions_ = options;
  search_.setPattern(text, options);
  matchesStale_ = true;
}

const std::vector<SearchMatch>& CodeEditor::matches() {
  if (matchesStale_ || matchesVersion_ != buffer_.version()) {
    matches_ = search_.findAll(buffer_);
    matchesVersion_ = buffer_.version();
    matchesStale_ = false;
  }
  return matches_;
}

size_t CodeEditor::matchCount() { return matches().size(); }

void CodeEditor::selectNextMatch(bool forward) {
  const Selection& selection = buffer_.selection();
  if (std::optional<SearchMatch> match = search_.findNext(buffer_, forward ? selection.end() : selection.begin(), forward)) {
    buffer_.setSelection(Selection{match->begin, match->end});
    scrollToCaret_ = true;
  }
}

uint32_t CodeEditor::longestLine() {
  if (longestVersion_ != buffer_.version()) {
    longestColumns_ = 0;
    for (uint32_t i = 0; i < buffer_.lineCount(); ++i) longestColumns_ = std::max(longestColumns_, buffer_.visualWidth(i));
    longestVersion_ = buffer_.version();
  }
  return longestColumns_;
}

float CodeEditor::xOf(uint32_t line, uint32_t byteColumn, const Metrics& m) const {
  return m.textLeft + float(buffer_.visualColumn(line, byteColumn)) * m.charWidth;
}

TextPos CodeEditor::positionAt(const Metrics& m, float mouseX, float mouseY, bool nearestEdge) const {
  const ImVec2 windowPos = ImGui::GetWindowPos();
  const float y = mouseY - windowPos.y + ImGui::GetScrollY();
  const float x = mouseX - m.textLeft;
  TextPos pos;
  if (y < 0) return pos;
  pos.line = std::min<uint32_t>(uint32_t(y / m.lineHeight), buffer_.lineCount() - 1);
  const float columns = std::max(0.0f, x / m.charWidth);
  const uint32_t visual = uint32_t(nearestEdge ? columns + 0.5f : columns);
  pos.column = buffer_.byteColumnForVisual(pos.line, visual);
  return pos;
}

std::pair<uint32_t, uint32_t> CodeEditor::diagnosticColumns(const EditorDiagnostic& d) const {
  const std::string& line = buffer_.line(std::min(d.line - 1, buffer_.lineCount() - 1));
  const uint32_t size = uint32_t(line.size());
  uint32_t begin = std::min<uint32_t>(d.column > 0 ? d.column - 1 : 0, size);
  uint32_t end = d.endColumn > d.column ? std::min<uint32_t>(d.endColumn - 1, size) : begin;
  if (end <= begin) {
    end = begin;
    while (end < size && !isBlankByte(line[end])) ++end;
  }
  if (end <= begin && begin > 0 && begin == size) --begin;  // at the end of the line: mark its last character
  return {begin, std::max(end, begin + 1)};
}

void CodeEditor::scrollToCaret(const Metrics& m, bool center) {
  const TextPos caret = buffer_.caret();
  const float windowHeight = ImGui::GetWindowHeight();
  const float windowWidth = ImGui::GetWindowWidth();
  const float scrollbar = ImGui::GetStyle().ScrollbarSize;
  const float top = float(caret.line) * m.lineHeight;
  if (center) {
    ImGui::SetScrollY(std::max(0.0f, top - windowHeight * 0.5f));
  } else if (top < ImGui::GetScrollY()) {
    ImGui::SetScrollY(top);
  } else if (top + m.lineHeight > ImGui::GetScrollY() + windowHeight - scrollbar) {
    ImGui::SetScrollY(top + m.lineHeight - windowHeight + scrollbar);
  }
  // Horizontally, in text coordinates (the gutter does not scroll).
  const float x = float(buffer_.visualColumn(caret.line, caret.column)) * m.charWidth;
  const float visibleText = windowWidth - m.gutterWidth - scrollbar;
  const float scrollX = ImGui::GetScrollX();
  if (x < scrollX) ImGui::SetScrollX(std::max(0.0f, x - m.charWidth * 4));
  else if (x + m.charWidth > scrollX + visibleText) ImGui::SetScrollX(x + m.charWidth * 4 - visibleText);
}

void CodeEditor::handleKeyboard(uint32_t pageLines) {
  ImGuiIO& io = ImGui::GetIO();
  const bool ctrl = io.ConfigMacOSXBehaviors ? io.KeySuper : io.KeyCtrl;
  const bool shift = io.KeyShift;
  const bool alt = io.KeyAlt;
  const TextPos caretBefore = buffer_.caret();
  const uint64_t versionBefore = buffer_.version();
  bool moved = false;

  if (ctrl && !alt) {
    if (keyPressed(ImGuiKey_Z)) shift ? buffer_.redo() : buffer_.undo();
    else if (keyPressed(ImGuiKey_Y)) buffer_.redo();
    else if (keyPressed(ImGuiKey_A)) buffer_.selectAll(), moved = true;
    else if (keyPressed(ImGuiKey_C)) buffer_.copy();
    else if (keyPressed(ImGuiKey_X)) buffer_.cut();
    else if (keyPressed(ImGuiKey_V)) buffer_.paste();
    else if (letterPressed('F')) openFind(false);
    else if (letterPressed('H')) openFind(true);
    else if (letterPressed('G')) openGoToLine();
  }
  if (keyPressed(ImGuiKey_LeftArrow)) ctrl ? buffer_.moveWordLeft(shift) : buffer_.moveLeft(shift), moved = true;
  if (keyPressed(ImGuiKey_RightArrow)) ctrl ? buffer_.moveWordRight(shift) : buffer_.moveRight(shift), moved = true;
  if (keyPressed(ImGuiKey_UpArrow)) buffer_.moveUp(shift), moved = true;
  if (keyPressed(ImGuiKey_DownArrow)) buffer_.moveDown(shift), moved = true;
  if (keyPressed(ImGuiKey_PageUp)) buffer_.moveUp(shift, pageLines), moved = true;
  if (keyPressed(ImGuiKey_PageDown)) buffer_.moveDown(shift, pageLines), moved = true;
  if (keyPressed(ImGuiKey_Home)) ctrl ? buffer_.moveToDocumentStart(shift) : buffer_.moveHome(shift), moved = true;
  if (keyPressed(ImGuiKey_End)) ctrl ? buffer_.moveToDocumentEnd(shift) : buffer_.moveEnd(shift), moved = true;
  if (keyPressed(ImGuiKey_Backspace)) buffer_.backspace();
  if (keyPressed(ImGuiKey_Delete)) buffer_.deleteForward();
  if (keyPressed(ImGuiKey_Enter) || keyPressed(ImGuiKey_KeyPadEnter)) buffer_.newLine();
  if (keyPressed(ImGuiKey_Tab)) shift ? buffer_.unindentSelection() : buffer_.tab();
  if (keyPressed(ImGuiKey_Escape) && (findOpen_ || gotoOpen_)) closeBars();

  // Typed characters (Ctrl+letter produces none with GLFW; AltGr combinations do).
  if (!ctrl || alt) {
    for (ImWchar c : io.InputQueueCharacters)
      if (c >= 0x20 && c != 0x7F) buffer_.typeCharacter(c);
  }
  io.InputQueueCharacters.resize(0);

  if (moved || buffer_.version() != versionBefore || buffer_.caret() != caretBefore) {
    scrollToCaret_ = true;
    caretMovedAt_ = ImGui::GetTime();
  }
}

void CodeEditor::handleMouse(const Metrics& m) {
  ImGuiIO& io = ImGui::GetIO();
  const ImVec2 windowPos = ImGui::GetWindowPos();
  const bool hovered = ImGui::IsWindowHovered();
  const float gutterRight = windowPos.x + m.gutterWidth;
  const bool inGutter = io.MousePos.x < gutterRight;
  if (hovered) ImGui::SetMouseCursor(inGutter ? ImGuiMouseCursor_Arrow : ImGuiMouseCursor_TextInput);

  if (hovered && ImGui::IsMouseClicked(0)) {
    focused_ = true;
    const TextPos pos = positionAt(m, io.MousePos.x, io.MousePos.y, true);
    if (inGutter && io.MousePos.x < windowPos.x + m.markerWidth) {
      // The marker column toggles a breakpoint (the owner decides what that means).
      breakpointClick_ = pos.line + 1;
      dragging_ = draggingLines_ = false;
    } else if (inGutter) {
      // Select the clicked line (dragging extends by whole lines).
      lineDragAnchor_ = TextPos{pos.line, 0};
      const TextPos next = pos.line + 1 < buffer_.lineCount() ? TextPos{pos.line + 1, 0}
                                                              : TextPos{pos.line, uint32_t(buffer_.line(pos.line).size())};
      buffer_.setSelection(Selection{io.KeyShift ? buffer_.selection().anchor : lineDragAnchor_, next});
      draggingLines_ = dragging_ = true;
    } else if (io.MouseDoubleClicked[0]) {
      buffer_.selectWordAt(positionAt(m, io.MousePos.x, io.MousePos.y, false));
      dragging_ = false;
    } else {
      buffer_.setCaret(pos, io.KeyShift);
      dragging_ = true;
      draggingLines_ = false;
    }
    caretMovedAt_ = ImGui::GetTime();
  } else if (dragging_ && ImGui::IsMouseDown(0)) {
    if (io.MouseDelta.x != 0 || io.MouseDelta.y != 0) {
      const TextPos pos = positionAt(m, io.MousePos.x, io.MousePos.y, true);
      if (draggingLines_) {
        const bool down = lineDragAnchor_.line <= pos.line;
        const TextPos anchor = down ? lineDragAnchor_
                                    : (lineDragAnchor_.line + 1 < buffer_.lineCount()
                                           ? TextPos{lineDragAnchor_.line + 1, 0}
                                           : TextPos{lineDragAnchor_.line, uint32_t(buffer_.line(lineDragAnchor_.line).size())});
        const TextPos caret = down ? (pos.line + 1 < buffer_.lineCount() ? TextPos{pos.line + 1, 0}
                                                                          : TextPos{pos.line, uint32_t(buffer_.line(pos.line).size())})
                                   : TextPos{pos.line, 0};
        buffer_.setSelection(Selection{anchor, caret});
      } else {
        buffer_.setCaret(pos, true);
      }
      scrollToCaret_ = true;  // dragging past an edge scrolls
    }
  } else if (!ImGui::IsMouseDown(0)) {
    dragging_ = draggingLines_ = false;
  }
}

void CodeEditor::drawLineText(const Metrics& m, uint32_t lineIndex, float x, float y) {
  const std::string& line = buffer_.line(lineIndex);
  if (line.empty()) return;
  ImDrawList* drawList = ImGui::GetWindowDrawList();
  // Only the cells the view shows: a line is drawn in time and vertices bounded by the window's
  // width, however long it is (TextCells.h).
  const CellWindow window = visibleCells(drawList, x, m.charWidth);
  if (window.last <= window.first) return;
  const std::vector<Token>& tokens = highlighter_.tokens(buffer_.lines(), lineIndex);
  const uint32_t tab = std::max<uint32_t>(1, buffer_.indent.tabSize);
  const std::string_view text(line);
  // Walk the line once, keeping the display column, drawing each token's runs between tabs.
  uint32_t byte = 0, visual = 0;
  auto advanceTo = [&](uint32_t target) {
    for (; byte < target; ++byte) {
      const unsigned char c = line[byte];
      if (c == '\t') visual = (visual / tab + 1) * tab;
      else if ((c & 0xC0) != 0x80) ++visual;
    }
  };
  auto drawRun = [&](uint32_t from, uint32_t to, uint32_t column, ImU32 color) {
    if (to > from) drawTextCells(drawList, x, y, m.charWidth, m.lineHeight, text.substr(from, to - from), column, color, window);
  };
  for (const Token& token : tokens) {
    advanceTo(token.begin);
    if (visual >= window.last) return;
    const ImU32 color = ImGui::GetColorU32(tokenColor(token.kind));
    uint32_t runStart = byte;
    uint32_t runVisual = visual;
    while (byte < token.end) {
      if (line[byte] == '\t') {
        drawRun(runStart, byte, runVisual, color);
        advanceTo(byte + 1);
        runStart = byte;
        runVisual = visual;
      } else {
        advanceTo(byte + 1);
      }
      if (visual >= window.last) break;  // the rest of the line is right of the view
    }
    drawRun(runStart, byte, runVisual, color);
  }
}

void CodeEditor::drawSquiggles(const Metrics& m, uint32_t line, float x, float y) {
  auto found = diagnosticsByLine_.find(line);
  if (found == diagnosticsByLine_.end()) return;
  ImDrawList* drawList = ImGui::GetWindowDrawList();
  const float baseline = y + m.lineHeight - 2.0f;
  const float amplitude = std::max(1.0f, m.lineHeight * 0.09f);
  const float period = std::max(3.0f, m.charWidth * 0.5f);
  const float clipLeft = drawList->GetClipRectMin().x - period, clipRight = drawList->GetClipRectMax().x + period;
  // Each squiggle cut to the view, and overlapping ones of a severity drawn as one: what is drawn
  // is bounded by the view's width, not by how many diagnostics share the line.
  struct Span {
    Severity severity;
    float x0, x1;
  };
  std::vector<Span> spans;
  for (size_t k = 0; k < found->second.size() && k < kMaxSquigglesPerLine; ++k) {
    const EditorDiagnostic& d = diagnostics_[found->second[k]];
    auto [begin, end] = diagnosticColumns(d);
    const float x0 = x + float(buffer_.visualColumn(line, begin)) * m.charWidth;
    const float x1 = std::max(x0 + m.charWidth, x + float(buffer_.visualColumn(line, end)) * m.charWidth);
    if (x1 < clipLeft || x0 > clipRight) continue;
    spans.push_back({d.severity, std::max(x0, clipLeft), std::min(x1, clipRight)});
  }
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
    return a.severity != b.severity ? a.severity < b.severity : a.x0 < b.x0;
  });
  std::vector<Span> merged;
  for (const Span& s : spans) {
    if (!merged.empty() && merged.back().severity == s.severity && s.x0 <= merged.back().x1)
      merged.back().x1 = std::max(merged.back().x1, s.x1);
    else
      merged.push_back(s);
  }
  // A zigzag (the squiggle every editor uses for "this is wrong") on a grid fixed to the line, so
  // cutting it to the view does not move its teeth while scrolling.
  auto point = [&](float px) {
    const long k = long(std::floor((px - x) / period));
    const float t = (px - x) / period - float(k);  // 0..1 between grid points k and k+1
    const float a = (k & 1) ? -amplitude : amplitude;
    return ImVec2(px, baseline + a + (-2.0f * a) * t);
  };
  for (const Span& s : merged) {
    const ImU32 color = withAlpha(severityColor(s.severity), 1.0f);
    ImVec2 points[512];
    int count = 0;
    points[count++] = point(s.x0);
    for (float k = std::floor((s.x0 - x) / period) + 1.0f;; k += 1.0f) {
      const float px = x + k * period;
      const bool last = px >= s.x1;
      points[count++] = last ? point(s.x1) : point(px);
      if (last || count == 512) {
        drawList->AddPolyline(points, count, color, 0, 1.2f);
        if (last) break;
        points[0] = points[count - 1];
        count = 1;
      }
    }
  }
}

void CodeEditor::drawLines(const Metrics& m, uint32_t first, uint32_t last) {
  ImDrawList* drawList = ImGui::GetWindowDrawList();
  const ImVec2 windowPos = ImGui::GetWindowPos();
  const float windowWidth = ImGui::GetWindowWidth();
  const float top = windowPos.y - ImGui::GetScrollY();
  const float right = windowPos.x + windowWidth;
  const Selection& selection = buffer_.selection();
  const TextPos selBegin = selection.begin(), selEnd = selection.end();
  const TextPos caret = buffer_.caret();
  const std::vector<SearchMatch>* found = findOpen_ && !findText_.empty() ? &matches() : nullptr;
  auto firstMatch = found ? std::lower_bound(found->begin(), found->end(), first,
                                             [](const SearchMatch& mt, uint32_t line) { return mt.begin.line < line; })
                          : std::vector<SearchMatch>::const_iterator();

  // Text is clipped to the right of the gutter (it scrolls under it horizontally).
  drawList->PushClipRect(ImVec2(windowPos.x + m.gutterWidth, windowPos.y),
                         ImVec2(right, windowPos.y + ImGui::GetWindowHeight()), true);
  for (uint32_t line = first; line <= last; ++line) {
    const float y = top + float(line) * m.lineHeight;
    const ImVec2 rowMin(windowPos.x + m.gutterWidth, y), rowMax(right, y + m.lineHeight);
    if (highlightedLines_.count(line + 1)) drawList->AddRectFilled(rowMin, rowMax, ImGui::GetColorU32(editorLinkedLineColor()));
    if (executionLine_ == line + 1) drawList->AddRectFilled(rowMin, rowMax, ImGui::GetColorU32(kExecutionLineColor));
    if (line == caret.line && selection.empty())
      drawList->AddRectFilled(rowMin, rowMax, ImGui::GetColorU32(editorCurrentLineColor()));
    if (auto d = diagnosticsByLine_.find(line); d != diagnosticsByLine_.end()) {
      Severity worst = Severity::Note;
      for (size_t i : d->second) worst = std::max(worst, diagnostics_[i].severity);
      drawList->AddRectFilled(rowMin, rowMax, withAlpha(severityColor(worst), 0.10f));
    }
    if (found)
      for (; firstMatch != found->end() && firstMatch->begin.line == line; ++firstMatch)
        drawList->AddRectFilled(ImVec2(xOf(line, firstMatch->begin.column, m), y),
                                ImVec2(xOf(line, firstMatch->end.column, m), y + m.lineHeight),
                                ImGui::GetColorU32(editorSearchMatchColor()));
    if (!selection.empty() && selBegin.line <= line && line <= selEnd.line) {
      const float x0 = line == selBegin.line ? xOf(line, selBegin.column, m) : m.textLeft;
      float x1 = line == selEnd.line ? xOf(line, selEnd.column, m) : xOf(line, uint32_t(buffer_.line(line).size()), m) + m.charWidth * 0.5f;
      drawList->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + m.lineHeight), ImGui::GetColorU32(editorSelectionColor()));
    }
    drawLineText(m, line, m.textLeft, y);
    drawSquiggles(m, line, m.textLeft, y);
  }
  // The caret: solid right after it moved, then blinking.
  if (focused_ && caret.line >= first && caret.line <= last) {
    const double since = ImGui::GetTime() - caretMovedAt_;
    if (since < 0.5 || std::fmod(since, 1.0) < 0.5) {
      const float x = xOf(caret.line, caret.column, m);
      const float y = top + float(caret.line) * m.lineHeight;
      drawList->AddRectFilled(ImVec2(x, y), ImVec2(x + std::max(1.0f, m.charWidth * 0.12f), y + m.lineHeight),
                              ImGui::GetColorU32(editorCaretColor()));
    }
  }
  drawList->PopClipRect();
}

void CodeEditor::drawGutter(const Metrics& m, uint32_t first, uint32_t last) {
  ImDrawList* drawList = ImGui::GetWindowDrawList();
  const ImVec2 windowPos = ImGui::GetWindowPos();
  const float top = windowPos.y - ImGui::GetScrollY();
  const float height = ImGui::GetWindowHeight();
  drawList->AddRectFilled(windowPos, ImVec2(windowPos.x + m.gutterWidth, windowPos.y + height),
                          ImGui::GetColorU32(ImGuiCol_FrameBg));
  const ImU32 numberColor = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 currentColor = ImGui::GetColorU32(ImGuiCol_Text);
  const float numbersRight = windowPos.x + m.gutterWidth - m.charWidth;
  char number[24];
  for (uint32_t line = first; line <= last; ++line) {
    const float y = top + float(line) * m.lineHeight;
    std::snprintf(number, sizeof number, "%u", line + 1);
    const float width = ImGui::CalcTextSize(number).x;
    drawList->AddText(ImVec2(numbersRight - width, y), line == buffer_.caret().line ? currentColor : numberColor, number);
    const ImVec2 center(windowPos.x + m.markerWidth * 0.5f, y + m.lineHeight * 0.5f);
    if (auto bp = breakpointLines_.find(line + 1); bp != breakpointLines_.end()) {
      drawList->AddCircleFilled(center, m.lineHeight * 0.34f, ImGui::GetColorU32(kBreakpointColor));
      // A conditional breakpoint has a light centre.
      if (bp->second) drawList->AddCircleFilled(center, m.lineHeight * 0.13f, ImGui::GetColorU32(editorCaretColor()));
    }
    if (executionLine_ == line + 1) {
      const float h = m.lineHeight * 0.3f;
      drawList->AddTriangleFilled(ImVec2(center.x - h, center.y - h), ImVec2(center.x + h, center.y), ImVec2(center.x - h, center.y + h),
                                  ImGui::GetColorU32(kExecutionArrowColor));
    }
    auto found = diagnosticsByLine_.find(line);
    if (found == diagnosticsByLine_.end()) continue;
    Severity worst = Severity::Note;
    for (size_t i : found->second) worst = std::max(worst, diagnostics_[i].severity);
    // Beside a breakpoint the diagnostic's dot is smaller, so both show.
    const bool shared = breakpointLines_.count(line + 1) || executionLine_ == line + 1;
    drawList->AddCircleFilled(shared ? ImVec2(center.x + m.lineHeight * 0.3f, center.y - m.lineHeight * 0.3f) : center,
                              m.lineHeight * (shared ? 0.16f : 0.28f), withAlpha(severityColor(worst), 1.0f));
  }
  drawList->AddLine(ImVec2(windowPos.x + m.gutterWidth - 1, windowPos.y),
                    ImVec2(windowPos.x + m.gutterWidth - 1, windowPos.y + height), ImGui::GetColorU32(ImGuiCol_Border));
}

void CodeEditor::drawTooltips(const Metrics& m) {
  if (!ImGui::IsWindowHovered() || dragging_ || diagnosticsByLine_.empty()) return;
  const ImGuiIO& io = ImGui::GetIO();
  const ImVec2 windowPos = ImGui::GetWindowPos();
  const float y = io.MousePos.y - windowPos.y + ImGui::GetScrollY();
  if (y < 0) return;
  const uint32_t line = uint32_t(y / m.lineHeight);
  auto found = diagnosticsByLine_.find(line);
  if (found == diagnosticsByLine_.end() || line >= buffer_.lineCount()) return;
  std::vector<const EditorDiagnostic*> shown;
  if (io.MousePos.x < windowPos.x + m.gutterWidth) {
    for (size_t i : found->second) shown.push_back(&diagnostics_[i]);  // the marker: all of the line's
  } else {
    const uint32_t column = positionAt(m, io.MousePos.x, io.MousePos.y, false).column;
    const float mouseVisual = (io.MousePos.x - m.textLeft) / m.charWidth;
    for (size_t i : found->second) {
      auto [begin, end] = diagnosticColumns(diagnostics_[i]);
      // The squiggle's extent (at least one character cell).
      const float v0 = float(buffer_.visualColumn(line, begin)), v1 = std::max(v0 + 1, float(buffer_.visualColumn(line, end)));
      if ((column >= begin && column < end) || (mouseVisual >= v0 && mouseVisual < v1)) shown.push_back(&diagnostics_[i]);
    }
  }
  if (shown.empty()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
  // A tooltip of bounded size, however many diagnostics the line has and however long they are.
  constexpr size_t kMaxShown = 20, kMaxMessageBytes = 1000;
  for (size_t k = 0; k < shown.size() && k < kMaxShown; ++k) {
    const EditorDiagnostic* d = shown[k];
    ImGui::TextColored(severityColor(d->severity), "%s:", std::string(severityName(d->severity)).c_str());
    ImGui::SameLine();
    const std::string_view message(d->message);
    const size_t end = message.size() <= kMaxMessageBytes ? message.size() : kMaxMessageBytes;
    ImGui::TextUnformatted(message.data(), message.data() + end);
  }
  if (shown.size() > kMaxShown) ImGui::TextDisabled("... and %zu more (see Diagnostics)", shown.size() - kMaxShown);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void CodeEditor::drawFindBar() {
  const float inputWidth = ImGui::GetFontSize() * 14.0f;
  bool searchChanged = false;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Find");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(inputWidth);
  if (focusFindInput_) {
    ImGui::SetKeyboardFocusHere();
    focusFindInput_ = false;
  }
  const bool enter = ImGui::InputText("##find", &findText_, ImGuiInputTextFlags_EnterReturnsTrue);
  // Escape deactivates the box in the same frame, so "was active" counts too.
  const bool findActive = ImGui::IsItemActive() || ImGui::IsItemDeactivated();
  searchChanged |= ImGui::IsItemEdited();
  if (enter) focusFindInput_ = true;  // Enter moves on and keeps typing in the box
  ImGui::SameLine();
  searchChanged |= ImGui::Checkbox("Aa", &findOptions_.caseSensitive);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Match case");
  ImGui::SameLine();
  searchChanged |= ImGui::Checkbox("Word", &findOptions_.wholeWord);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Whole word");
  ImGui::SameLine();
  searchChanged |= ImGui::Checkbox(".*", &findOptions_.regex);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Regular expression (ECMAScript)");
  if (searchChanged) {
    setFindText(findText_, findOptions_);
    // Incremental: show the first match from where the selection starts.
    if (std::optional<SearchMatch> match = search_.findNext(buffer_, buffer_.selection().begin())) {
      buffer_.setSelection(Selection{match->begin, match->end});
      scrollToCaret_ = true;
    }
  }
  ImGui::SameLine();
  if (ImGui::ArrowButton("##prev", ImGuiDir_Up)) selectNextMatch(false);
  ImGui::SameLine();
  if (ImGui::ArrowButton("##next", ImGuiDir_Down) || (enter && !ImGui::GetIO().KeyShift)) selectNextMatch(true);
  if (enter && ImGui::GetIO().KeyShift) selectNextMatch(false);
  ImGui::SameLine();
  if (!search_.error().empty()) {
    ImGui::TextColored(severityColor(Severity::Error), "%s", search_.error().c_str());
  } else if (!findText_.empty()) {
    const std::vector<SearchMatch>& all = matches();
    const Selection& selection = buffer_.selection();
    auto current = std::find_if(all.begin(), all.end(), [&](const SearchMatch& mt) {
      return mt.begin == selection.begin() && mt.end == selection.end();
    });
    if (all.empty()) ImGui::TextDisabled("no matches");
    else if (current != all.end()) ImGui::TextDisabled("%zu of %zu", size_t(current - all.begin()) + 1, all.size());
    else ImGui::TextDisabled("%zu matches", all.size());
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("x")) closeBars();
  if (findActive && keyPressed(ImGuiKey_Escape)) closeBars();

  if (replaceOpen_ && findOpen_) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Replace");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(inputWidth);
    const bool replaceEnter = ImGui::InputText("##replace", &replaceText_, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::SameLine();
    if (ImGui::Button("Replace") || replaceEnter) {
      search_.replaceCurrent(buffer_, replaceText_);
      scrollToCaret_ = true;
    }
    ImGui::SameLine();
    if (ImGui::Button("All")) search_.replaceAll(buffer_, replaceText_);
  }
}

void CodeEditor::drawGoToLineBar() {
  ImGui::AlignTextToFramePadding();
  ImGui::Text("Go to line (1-%u)", buffer_.lineCount());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
  if (focusGotoInput_) {
    ImGui::SetKeyboardFocusHere();
    focusGotoInput_ = false;
  }
  const bool enter = ImGui::InputText("##goto", &gotoText_, ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue);
  const bool active = ImGui::IsItemActive() || ImGui::IsItemDeactivated();
  ImGui::SameLine();
  if (ImGui::SmallButton("x##goto")) gotoOpen_ = false, focusRequested_ = true;
  if (enter) {
    const long line = std::strtol(gotoText_.c_str(), nullptr, 10);
    if (line > 0) jumpTo(uint32_t(std::min<long>(line, long(buffer_.lineCount()))), 0);
    gotoOpen_ = false;
  }
  if (active && keyPressed(ImGuiKey_Escape)) gotoOpen_ = false, focusRequested_ = true;
}

bool CodeEditor::draw(const char* id, ImFont* font) {
  ImGui::PushID(id);
  if (font) ImGui::PushFont(font);
  const uint64_t versionBefore = buffer_.version();

  if (findOpen_) drawFindBar();
  if (gotoOpen_) drawGoToLineBar();

  Metrics m;
  m.lineHeight = std::floor(ImGui::GetTextLineHeight() + 1.0f);
  // Unrounded (CalcTextSize rounds up, which drifts over a line of fractional advances).
  m.charWidth = ImGui::GetFont()->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0.0f, "MMMMMMMMMM").x / 10.0f;
  m.markerWidth = m.lineHeight;
  const int digits = std::max(3, digitCount(buffer_.lineCount()));
  m.gutterWidth = m.markerWidth + m.charWidth * float(digits + 2);
  const float textPadding = m.charWidth * 0.5f;

  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyle().Colors[ImGuiCol_FrameBg]);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("##code", ImVec2(0, 0), true,
                    ImGuiWindowFlags_HorizontalScrollbar | ImGuiWindowFlags_NoNavInputs | ImGuiWindowFlags_NoMove);
  ImGui::PopStyleVar();
  if (focusRequested_) {
    ImGui::SetWindowFocus();
    focusRequested_ = false;
  }
  focused_ = ImGui::IsWindowFocused();

  const ImVec2 windowPos = ImGui::GetWindowPos();
  m.textLeft = windowPos.x + m.gutterWidth + textPadding - ImGui::GetScrollX();
  // The content's extent gives the scrollbars their range: every line, plus a few spare.
  ImGui::Dummy(ImVec2(m.gutterWidth + textPadding + float(longestLine() + 4) * m.charWidth,
                      float(buffer_.lineCount() + 2) * m.lineHeight));

  const float visibleHeight = ImGui::GetWindowHeight();
  const uint32_t pageLines = std::max<uint32_t>(1, uint32_t(visibleHeight / m.lineHeight) - 1);
  if (focused_ && !ImGui::GetIO().WantTextInput) handleKeyboard(pageLines);
  handleMouse(m);
  if (buffer_.version() != versionBefore) matchesStale_ = true;
  if (scrollToCaret_) {
    scrollToCaret(m, centerOnCaret_);
    scrollToCaret_ = centerOnCaret_ = false;
  }

  const uint32_t lineCount = buffer_.lineCount();
  const uint32_t first = std::min<uint32_t>(lineCount - 1, uint32_t(std::max(0.0f, ImGui::GetScrollY() / m.lineHeight)));
  const uint32_t last = std::min<uint32_t>(lineCount - 1, first + uint32_t(visibleHeight / m.lineHeight) + 1);
  highlighter_.update(buffer_.lines(), last);
  drawLines(m, first, last);
  drawGutter(m, first, last);
  drawTooltips(m);

  ImGui::EndChild();
  ImGui::PopStyleColor();
  if (font) ImGui::PopFont();
  ImGui::PopID();

  if (onCaretLine_ && caretLine() != reportedCaretLine_) onCaretLine_(caretLine());
  reportedCaretLine_ = caretLine();
  return buffer_.version() != versionBefore;
}

}  // namespace sl::views::editor
