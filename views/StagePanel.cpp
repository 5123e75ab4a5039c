#include "views/StagePanel.h"

#include "views/Palette.h"
#include "views/TextLines.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace sl::views {

std::string unavailableStageReason(const CompileResult& result, std::string_view stage) {
  const StageInfo* info = nullptr;
  for (const StageInfo& candidate : allStages())
    if (stage == candidate.name) info = &candidate;
  std::string reason;
  if (info && !info->implemented) {
    reason = "The '" + std::string(stage) + "' stage (" + info->description + ") is not in this build yet.";
  } else {
    const StageArtifact* failed = nullptr;
    for (const StageArtifact& artifact : result.stages)
      if (!artifact.ok) failed = &artifact;
    reason = failed ? "Did not run: the '" + failed->name + "' stage failed." : "Did not run in this compile.";
  }
  for (const Diagnostic& diagnostic : result.diagnostics) {
    if (diagnostic.severity == Severity::Error) {
      reason += "\nThe compile stopped with: " + diagnostic.message;
      break;
    }
  }
  return reason;
}

void StagePanel::draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts) {
  if (!snapshot) {
    ImGui::TextDisabled("Compiling...");
    return;
  }
  if (snapshot != cachedFor_) {
    cachedFor_ = snapshot;
    cachedLines_.clear();
    for (const StageArtifact& artifact : snapshot->stages) {
      StageLines& entry = cachedLines_.emplace_back();
      entry.lines = splitLines(artifact.text);
      if (!entry.lines.empty() && entry.lines.back().empty()) entry.lines.pop_back();
      for (std::string_view line : entry.lines) entry.longest = std::max(entry.longest, line.size());
    }
  }

  if (!ImGui::BeginTabBar("##stages", ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_TabListPopupButton))
    return;
  for (const std::string& name : stagesFor(snapshot->options)) {
    const StageArtifact* artifact = nullptr;
    size_t index = 0;
    for (size_t i = 0; i < snapshot->stages.size(); ++i)
      if (snapshot->stages[i].name == name) artifact = &snapshot->stages[i], index = i;
    const bool failed = artifact && !artifact->ok;
    if (!artifact) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    else if (failed) ImGui::PushStyleColor(ImGuiCol_Text, severityColor(Severity::Error));
    const bool open = ImGui::BeginTabItem(name.c_str());
    if (!artifact || failed) ImGui::PopStyleColor();
    if (!open) continue;
    if (artifact) {
      drawArtifact(*artifact, cachedLines_[index], fonts);
    } else {
      ImGui::Spacing();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("%s", unavailableStageReason(*snapshot, name).c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

void StagePanel::drawArtifact(const StageArtifact& artifact, const StageLines& lines, const ViewFonts& fonts) {
  size_t errors = 0;
  for (const Diagnostic& diagnostic : artifact.diagnostics) errors += diagnostic.severity == Severity::Error;
  ImGui::Text("%zu lines   %.2f ms", lines.lines.size(), artifact.milliseconds);
  if (!artifact.ok || errors) {
    ImGui::SameLine();
    ImGui::TextColored(severityColor(Severity::Error), "  failed (%zu error%s)", errors, errors == 1 ? "" : "s");
  }
  ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize("Copy").x - ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::SmallButton("Copy")) ImGui::SetClipboardText(artifact.text.c_str());

  ImGui::PushFont(fonts.mono);
  const float charWidth = ImGui::CalcTextSize("M").x;
  const int digits = std::max<int>(3, int(std::to_string(lines.lines.size()).size()));
  const float gutter = charWidth * float(digits + 2);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  // The clipper submits only visible lines, so the scrollable width is declared up front.
  ImGui::SetNextWindowContentSize(ImVec2(gutter + charWidth * float(lines.longest + 2), 0.0f));
  ImGui::BeginChild("##stage_text", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGuiListClipper clipper;
  clipper.Begin(int(lines.lines.size()));
  const ImU32 numberColor = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  char number[24];
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const ImVec2 pos = ImGui::GetCursorScreenPos();
      std::snprintf(number, sizeof number, "%d", i + 1);
      const float numberWidth = ImGui::CalcTextSize(number).x;
      ImGui::GetWindowDrawList()->AddText(ImVec2(pos.x + charWidth * float(digits) - numberWidth, pos.y), numberColor, number);
      ImGui::SetCursorScreenPos(ImVec2(pos.x + gutter, pos.y));
      std::string_view line = lines.lines[size_t(i)];
      ImGui::TextUnformatted(line.data(), line.data() + line.size());
    }
  }
  clipper.End();
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

}  // namespace sl::views
