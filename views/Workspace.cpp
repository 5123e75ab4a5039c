#include "views/Workspace.h"

#include "views/DiagnosticsPanel.h"
#include "views/StatusBar.h"
#include "views/TextLines.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

namespace sl::views {

namespace {

// A draggable bar between two panels; returns the drag in pixels this frame.
float splitter(const char* id, bool vertical, ImVec2 size) {
  ImGui::InvisibleButton(id, size);
  const bool active = ImGui::IsItemActive();
  if (ImGui::IsItemHovered() || active)
    ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
  const ImU32 color = ImGui::GetColorU32(active ? ImGuiCol_SeparatorActive
                                         : ImGui::IsItemHovered() ? ImGuiCol_SeparatorHovered
                                                                  : ImGuiCol_Separator);
  ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  if (vertical) {
    float x = (min.x + max.x) * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(x, min.y), ImVec2(x, max.y), color, active ? 2.0f : 1.0f);
  } else {
    float y = (min.y + max.y) * 0.5f;
    ImGui::GetWindowDrawList()->AddLine(ImVec2(min.x, y), ImVec2(max.x, y), color, active ? 2.0f : 1.0f);
  }
  if (!active) return 0.0f;
  return vertical ? ImGui::GetIO().MouseDelta.x : ImGui::GetIO().MouseDelta.y;
}

std::string optionsLineFor(const CompileOptions& options) {
  std::string line = toDxcCommandLine(options);
  return line.rfind("dxc ", 0) == 0 ? line.substr(4) : line;
}

}  // namespace

std::vector<std::string> splitOptionsLine(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false, quoted = false;
  for (char c : line) {
    if (c == '\'') {
      quoted = !quoted;
      inWord = true;
    } else if (!quoted && (c == ' ' || c == '\t')) {
      if (inWord) words.push_back(word), word.clear();
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push_back(word);
  return words;
}

Workspace::Workspace(Document document, std::unique_ptr<CompileWorker> worker)
    : document_(std::move(document)), worker_(worker ? std::move(worker) : std::make_unique<CompileWorker>()) {
  editor_.text = document_.text;
  optionsLine_ = optionsLineFor(document_.options);
  postCompile(/*immediate=*/true);
}

void Workspace::postCompile(bool immediate) {
  // The panels show every stage: options that only print some stages (and so stop the pipeline
  // after them, as `dxc -P` does) are the command line's business.
  CompileOptions options = document_.options;
  options.printStages.clear();
  options.listStages = false;
  worker_->post(CompileRequest{document_.fileName, editor_.text, std::move(options)}, immediate);
}

void Workspace::jumpTo(uint32_t line, uint32_t column) {
  editor_.jumpLine = line;
  editor_.jumpColumn = column;
}

void Workspace::save() {
  if (document_.savePath.empty() || !save_) {
    saveMessage_ = "This document cannot be saved in place (it is part of a bundle).";
    return;
  }
  std::string error = save_(document_.savePath, editor_.text);
  saveMessage_ = error.empty() ? "Saved " + document_.savePath : error;
  if (error.empty()) modified_ = false;
}

void Workspace::drawMenuBar() {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("File")) {
    if (ImGui::MenuItem("Save", "Ctrl+S", false, !document_.savePath.empty() && save_)) save();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) quitRequested_ = true;
    ImGui::EndMenu();
  }
  ImGui::Separator();
  ImGui::TextUnformatted(document_.displayName().c_str());
  if (modified_) {
    ImGui::SameLine(0, 0);
    ImGui::TextUnformatted("*");
  }
  if (!saveMessage_.empty()) {
    ImGui::Separator();
    ImGui::TextDisabled("%s", saveMessage_.c_str());
  }
  ImGui::EndMenuBar();
}

void Workspace::drawOptionsLine() {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("DXC options");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1.0f);
  if (ImGui::InputText("##options", &optionsLine_, ImGuiInputTextFlags_EnterReturnsTrue) ||
      ImGui::IsItemDeactivatedAfterEdit()) {
    ParsedCommandLine parsed = parseDxcCommandLine(splitOptionsLine(optionsLine_));
    if (!parsed.error.empty()) {
      optionsError_ = parsed.error;
    } else {
      optionsError_.clear();
      document_.options = parsed.options;
      postCompile(/*immediate=*/true);
    }
  }
  if (!optionsError_.empty()) ImGui::TextColored(ImVec4(0.95f, 0.36f, 0.36f, 1.0f), "%s", optionsError_.c_str());
}

void Workspace::draw(const ViewFonts& fonts) {
  // Swap in the newest snapshot; everything below reads this one immutable result.
  if (std::shared_ptr<const CompileResult> latest = worker_->latest(); latest != snapshot_) snapshot_ = std::move(latest);

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->WorkPos);
  ImGui::SetNextWindowSize(viewport->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_MenuBar;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowRounding, 0.0f);
  ImGui::Begin("Shaderlens", nullptr, flags);
  ImGui::PopStyleVar();
  drawMenuBar();
  drawOptionsLine();

  const ImGuiStyle& style = ImGui::GetStyle();
  const float splitterSize = std::max(4.0f, style.ItemSpacing.x);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float statusHeight = ImGui::GetFrameHeightWithSpacing() + style.ItemSpacing.y;
  const float bodyHeight = std::max(1.0f, avail.y - statusHeight);
  const float minPanel = ImGui::GetFrameHeight() * 3;

  float diagnosticsHeight = std::clamp(bodyHeight * diagnosticsFraction_, minPanel, std::max(minPanel, bodyHeight - minPanel));
  float topHeight = std::max(1.0f, bodyHeight - diagnosticsHeight - splitterSize);
  float editorWidth = std::clamp(avail.x * editorFraction_, minPanel, std::max(minPanel, avail.x - minPanel));

  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGui::BeginChild("##editor_panel", ImVec2(editorWidth, topHeight), false);
  ImGui::PopStyleVar();
  if (drawEditor(editor_, snapshot_.get(), fonts)) {
    modified_ = true;
    postCompile(/*immediate=*/false);
  }
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
  ImGui::EndChild();
  ImGui::SameLine();
  if (float drag = splitter("##split_v", true, ImVec2(splitterSize, topHeight)); drag != 0.0f)
    editorFraction_ = std::clamp((editorWidth + drag) / avail.x, 0.1f, 0.9f);
  ImGui::SameLine();
  ImGui::BeginChild("##stage_panel", ImVec2(0, topHeight), false);
  ImGui::PopStyleVar();
  stagePanel_.draw(snapshot_, fonts);
  ImGui::EndChild();

  if (float drag = splitter("##split_h", false, ImVec2(avail.x, splitterSize)); drag != 0.0f)
    diagnosticsFraction_ = std::clamp((diagnosticsHeight - drag) / bodyHeight, 0.08f, 0.8f);
  ImGui::BeginChild("##diagnostics_panel", ImVec2(0, diagnosticsHeight), false);
  if (std::optional<SourceLoc> clicked = drawDiagnosticsPanel(snapshot_.get(), fonts))
    if (snapshot_ && sameFile(clicked->file, snapshot_->fileName)) jumpTo(clicked->line, clicked->column);
  ImGui::EndChild();

  ImGui::Separator();
  drawStatusBar(snapshot_.get(), worker_->busy(), fonts);
  ImGui::End();
}

}  // namespace sl::views
