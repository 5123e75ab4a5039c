#include "views/DiagnosticsPanel.h"

#include "views/Palette.h"

#include <imgui.h>

#include <string>

namespace sl::views {

namespace {

// `shortName` keeps only the file's last path component (the column is narrow; the tooltip
// shows the full path).
std::string locationText(const SourceLoc& loc, bool shortName) {
  std::string file = loc.file;
  if (size_t slash = file.find_last_of('/'); shortName && slash != std::string::npos) file = file.substr(slash + 1);
  if (!loc.valid()) return file;
  std::string text = file + ":" + std::to_string(loc.line);
  if (loc.column) text += ":" + std::to_string(loc.column);
  return text;
}

void drawRow(const Diagnostic& diagnostic, int depth, int& rowId, std::optional<SourceLoc>& clicked, const ViewFonts& fonts) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::PushID(rowId++);
  const std::string severity(severityName(diagnostic.severity));
  ImGui::PushStyleColor(ImGuiCol_Text, severityColor(diagnostic.severity));
  if (depth) ImGui::Indent(ImGui::GetFontSize() * float(depth));
  const bool selected = ImGui::Selectable(severity.c_str(), false, ImGuiSelectableFlags_SpanAllColumns);
  if (depth) ImGui::Unindent(ImGui::GetFontSize() * float(depth));
  ImGui::PopStyleColor();
  if (selected && diagnostic.range.begin.valid()) clicked = diagnostic.range.begin;
  ImGui::TableNextColumn();
  ImGui::PushFont(fonts.mono);
  ImGui::TextUnformatted(locationText(diagnostic.range.begin, true).c_str());
  ImGui::PopFont();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", locationText(diagnostic.range.begin, false).c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(diagnostic.message.c_str());
  // The cell cuts a long message at the panel's edge: the whole of it on hover.
  if (ImGui::IsItemHovered() && ImGui::GetItemRectMax().x > ImGui::GetWindowPos().x + ImGui::GetWindowWidth()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 50.0f);
    ImGui::TextUnformatted(diagnostic.message.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  ImGui::PopID();
  for (const Diagnostic& note : diagnostic.notes) drawRow(note, depth + 1, rowId, clicked, fonts);
}

}  // namespace

std::optional<SourceLoc> drawDiagnosticsPanel(const CompileResult* snapshot, const ViewFonts& fonts) {
  std::optional<SourceLoc> clicked;
  size_t errors = 0, warnings = 0;
  if (snapshot)
    for (const Diagnostic& diagnostic : snapshot->diagnostics) {
      errors += diagnostic.severity == Severity::Error;
      warnings += diagnostic.severity == Severity::Warning;
    }
  ImGui::Text("Diagnostics");
  ImGui::SameLine();
  if (!snapshot) ImGui::TextDisabled("(waiting for the first compile)");
  else if (snapshot->diagnostics.empty()) ImGui::TextDisabled("none");
  else
    ImGui::TextDisabled("%zu error%s, %zu warning%s", errors, errors == 1 ? "" : "s", warnings, warnings == 1 ? "" : "s");

  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersV |
                                ImGuiTableFlags_Resizable | ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable("##diagnostics", 3, flags)) return clicked;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("Severity", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 6);
  ImGui::TableSetupColumn("Location", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 14);
  ImGui::TableSetupColumn("Message", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableHeadersRow();
  if (snapshot) {
    int rowId = 0;
    for (const Diagnostic& diagnostic : snapshot->diagnostics) drawRow(diagnostic, 0, rowId, clicked, fonts);
  }
  ImGui::EndTable();
  return clicked;
}

}  // namespace sl::views
