#include "views/StatusBar.h"

#include "views/Palette.h"

#include <imgui.h>

#include <cstdio>

namespace sl::views {

std::string stageTimingsText(const CompileResult& result) {
  std::string text;
  char buffer[64];
  for (const StageArtifact& stage : result.stages) {
    std::snprintf(buffer, sizeof buffer, "%.2f ms", stage.milliseconds);
    text += stage.name + " " + buffer + "   ";
  }
  std::snprintf(buffer, sizeof buffer, "total %.2f ms", result.totalMilliseconds);
  return text + buffer;
}

void drawStatusBar(const CompileResult* snapshot, bool compiling, const ViewFonts& fonts) {
  if (compiling) {
    ImGui::TextColored(severityColor(Severity::Note), "compiling...");
  } else if (!snapshot) {
    ImGui::TextDisabled("no compile yet");
  } else if (snapshot->succeeded) {
    ImGui::TextColored(severityColor(Severity::Remark), "compiled");
  } else {
    ImGui::TextColored(severityColor(Severity::Error), "failed");
  }
  if (!snapshot) return;
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  // The total and the slowest stage fit any width; every stage's time is in the tooltip (the
  // whole list was cut off at the window's edge).
  const StageArtifact* slowest = nullptr;
  for (const StageArtifact& stage : snapshot->stages)
    if (!slowest || stage.milliseconds > slowest->milliseconds) slowest = &stage;
  if (slowest)
    ImGui::Text("total %.2f ms (slowest: %s %.2f ms)", snapshot->totalMilliseconds, slowest->name.c_str(), slowest->milliseconds);
  else
    ImGui::Text("total %.2f ms", snapshot->totalMilliseconds);
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushFont(fonts.mono);
    for (const StageArtifact& stage : snapshot->stages) ImGui::Text("%-14s %8.2f ms", stage.name.c_str(), stage.milliseconds);
    ImGui::PopFont();
    ImGui::EndTooltip();
  }
  ImGui::SameLine();
  ImGui::TextDisabled("|");
  ImGui::SameLine();
  const std::string command = toDxcCommandLine(snapshot->options) + " " + snapshot->fileName;
  ImGui::PushFont(fonts.mono);
  ImGui::TextUnformatted(command.c_str());
  ImGui::PopFont();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The equivalent DXC command line (click to copy):\n%s", command.c_str());
  if (ImGui::IsItemClicked()) ImGui::SetClipboardText(command.c_str());
}

}  // namespace sl::views
