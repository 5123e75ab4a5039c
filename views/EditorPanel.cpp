#include "views/EditorPanel.h"

#include "views/Palette.h"
#include "views/TextLines.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>

namespace sl::views {

namespace {

int digitCount(size_t n) {
  int digits = 1;
  while (n >= 10) n /= 10, ++digits;
  return digits;
}

// Runs inside the text widget every frame it is active: applies a requested caret position and
// reports where the caret is, so the outer view can keep it visible.
int caretCallback(ImGuiInputTextCallbackData* data) {
  auto* state = static_cast<EditorState*>(data->UserData);
  if (state->pendingCaret >= 0) {
    int caret = int(std::min<long>(state->pendingCaret, data->BufTextLen));
    data->CursorPos = data->SelectionStart = data->SelectionEnd = caret;
    state->pendingCaret = -1;
  }
  if (data->CursorPos != state->lastCaret) {
    std::string_view text(data->Buf, size_t(data->BufTextLen));
    size_t caret = size_t(data->CursorPos);
    size_t lineStart = text.rfind('\n', caret == 0 ? 0 : caret - 1);
    lineStart = (lineStart == std::string_view::npos || caret == 0) ? 0 : lineStart + 1;
    state->caretLine = lineOfOffset(text, caret);
    state->caretX = ImGui::CalcTextSize(data->Buf + lineStart, data->Buf + caret).x;
    state->lastCaret = data->CursorPos;
    state->caretMoved = true;
  }
  return 0;
}

void drawMarkerTooltip(const LineMarker& marker) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40.0f);
  for (const Diagnostic* diagnostic : marker.diagnostics) {
    ImGui::TextColored(severityColor(diagnostic->severity), "%s:", std::string(severityName(diagnostic->severity)).c_str());
    ImGui::SameLine();
    ImGui::TextUnformatted(diagnostic->message.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

bool drawEditor(EditorState& state, const CompileResult* snapshot, const ViewFonts& fonts) {
  ImGui::PushFont(fonts.mono);
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::vector<std::string_view> lines = splitLines(state.text);
  const float lineHeight = ImGui::GetTextLineHeight();
  const float charWidth = ImGui::CalcTextSize("M").x;
  const int digits = std::max(3, digitCount(lines.size()));
  const float markerWidth = lineHeight;
  const float gutterWidth = markerWidth + charWidth * float(digits + 1);

  size_t longest = 0;
  for (std::string_view line : lines)
    longest = std::max(longest, line.size() + 3 * size_t(std::count(line.begin(), line.end(), '\t')));

  ImGui::PushStyleColor(ImGuiCol_ChildBg, style.Colors[ImGuiCol_FrameBg]);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("##editor_view", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PopStyleVar();

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The widget is as large as its text (plus room for what is being typed), so it never scrolls
  // itself: this outer view does, and the gutter scrolls with it.
  const float textWidth = std::max(avail.x - gutterWidth, float(longest + 4) * charWidth + style.FramePadding.x * 2);
  const float textHeight = std::max(avail.y, float(lines.size() + 2) * lineHeight + style.FramePadding.y * 2);
  const ImVec2 textOrigin(origin.x + gutterWidth + style.FramePadding.x, origin.y + style.FramePadding.y);

  // Gutter and diagnostic markers, only for the visible lines.
  std::map<uint32_t, LineMarker> markers;
  if (snapshot) markers = markersForFile(snapshot->diagnostics, snapshot->fileName);
  ImDrawList* drawList = ImGui::GetWindowDrawList();
  const ImVec2 windowPos = ImGui::GetWindowPos();
  const float windowHeight = ImGui::GetWindowHeight();
  const size_t firstVisible = size_t(std::max(0.0f, (windowPos.y - textOrigin.y) / lineHeight));
  const size_t lastVisible = std::min(lines.size(), size_t(std::max(0.0f, (windowPos.y + windowHeight - textOrigin.y) / lineHeight)) + 1);
  const ImU32 numberColor = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  char number[24];
  for (size_t i = firstVisible; i < lastVisible; ++i) {
    const float y = textOrigin.y + float(i) * lineHeight;
    std::snprintf(number, sizeof number, "%zu", i + 1);
    const float numberWidth = ImGui::CalcTextSize(number).x;
    drawList->AddText(ImVec2(origin.x + markerWidth + charWidth * float(digits) - numberWidth, y), numberColor, number);
    auto found = markers.find(uint32_t(i + 1));
    if (found == markers.end()) continue;
    const LineMarker& marker = found->second;
    const ImVec4 color = severityColor(marker.severity);
    drawList->AddRectFilled(ImVec2(origin.x + gutterWidth, y), ImVec2(origin.x + gutterWidth + textWidth, y + lineHeight),
                            withAlpha(color, 0.14f));
    drawList->AddCircleFilled(ImVec2(origin.x + markerWidth * 0.5f, y + lineHeight * 0.5f), lineHeight * 0.28f,
                              withAlpha(color, 1.0f));
    // Underline the reported range (to the end of the line when it has no end column).
    for (const Diagnostic* diagnostic : marker.diagnostics) {
      uint32_t column = std::max<uint32_t>(1, diagnostic->range.begin.column);
      std::string_view line = lines[i];
      size_t begin = std::min<size_t>(column - 1, line.size());
      size_t end = diagnostic->range.endColumn > column ? std::min<size_t>(diagnostic->range.endColumn - 1, line.size()) : line.size();
      if (end <= begin) end = std::min(begin + 1, line.size());
      float x0 = textOrigin.x + ImGui::CalcTextSize(line.data(), line.data() + begin).x;
      float x1 = textOrigin.x + ImGui::CalcTextSize(line.data(), line.data() + end).x;
      if (x1 <= x0) x1 = x0 + charWidth;
      drawList->AddLine(ImVec2(x0, y + lineHeight - 1), ImVec2(x1, y + lineHeight - 1),
                        withAlpha(severityColor(diagnostic->severity), 1.0f), 1.5f);
    }
    if (ImGui::IsWindowHovered() &&
        ImGui::IsMouseHoveringRect(ImVec2(origin.x, y), ImVec2(origin.x + gutterWidth, y + lineHeight)))
      drawMarkerTooltip(marker);
  }
  drawList->AddLine(ImVec2(origin.x + gutterWidth - 1, windowPos.y),
                    ImVec2(origin.x + gutterWidth - 1, windowPos.y + windowHeight), ImGui::GetColorU32(ImGuiCol_Border));

  // A jump: scroll the line to the middle now, and place the caret once the widget has focus.
  if (state.jumpLine != 0) {
    uint32_t line = std::min<uint32_t>(state.jumpLine, uint32_t(lines.size()));
    ImGui::SetScrollFromPosY(textOrigin.y + float(line - 1) * lineHeight - windowPos.y, 0.5f);
    state.pendingCaret = long(offsetOfLineColumn(state.text, line, state.jumpColumn));
    state.jumpLine = state.jumpColumn = 0;
  }

  ImGui::SetCursorScreenPos(ImVec2(origin.x + gutterWidth, origin.y));
  // Focus the widget until its callback has applied the caret (it runs only while active).
  if (state.pendingCaret >= 0) ImGui::SetKeyboardFocusHere(0);
  ImGui::PushStyleColor(ImGuiCol_FrameBg, ImVec4(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 0.0f);
  const bool changed = ImGui::InputTextMultiline(
      "##source", &state.text, ImVec2(textWidth, textHeight),
      ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackAlways | ImGuiInputTextFlags_NoHorizontalScroll,
      caretCallback, &state);
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();

  // Keep the caret in view when it moves (typing, arrows, clicks near the edge).
  if (ImGui::IsItemActive() && state.caretMoved) {
    state.caretMoved = false;
    const float scrollbar = style.ScrollbarSize;
    const float top = textOrigin.y + float(state.caretLine - 1) * lineHeight - windowPos.y + ImGui::GetScrollY();
    if (top < ImGui::GetScrollY()) ImGui::SetScrollY(top);
    else if (top + lineHeight > ImGui::GetScrollY() + windowHeight - scrollbar)
      ImGui::SetScrollY(top + lineHeight - windowHeight + scrollbar);
    const float left = textOrigin.x + state.caretX - windowPos.x + ImGui::GetScrollX();
    const float windowWidth = ImGui::GetWindowWidth();
    if (left - gutterWidth < ImGui::GetScrollX()) ImGui::SetScrollX(std::max(0.0f, left - gutterWidth - charWidth * 4));
    else if (left + charWidth > ImGui::GetScrollX() + windowWidth - scrollbar)
      ImGui::SetScrollX(left + charWidth * 4 - windowWidth + scrollbar);
  }

  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopFont();
  return changed;
}

}  // namespace sl::views
