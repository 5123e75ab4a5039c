#include "views/ComparePane.h"

#include <imgui.h>

namespace sl::views {

const char* targetLabel(TargetKind target) { return target == TargetKind::Spirv ? "SPIR-V" : "DXIL"; }

ComparePane::ComparePane(CompileFunction compile) : compile_(compile), worker_(compile), fill_(compile) {}

TargetKind ComparePane::target() const {
  if (targetChosen_ || !documentRequest_) return chosenTarget_;
  return documentRequest_->options.target == TargetKind::Spirv ? TargetKind::Dxil : TargetKind::Spirv;
}

void ComparePane::setOpen(bool open) {
  if (open == open_) return;
  open_ = open;
  if (open_) repost(/*immediate=*/true);
}

void ComparePane::setTarget(TargetKind target) {
  const bool changed = target != this->target();
  chosenTarget_ = target;
  targetChosen_ = true;
  if (changed && open_) repost(/*immediate=*/true);
}

CompileRequest ComparePane::retargeted(const CompileRequest& request) const {
  CompileRequest copy{request.fileName, request.source, request.options, {}};
  copy.options.target = target();
  copy.options.textOnlyForShownStages = true;
  // This pane's tab (the document's tab names stages of the other target).
  copy.options.shownStages = panel_.shownStages(copy.options, snapshot_.get());
  return copy;
}

void ComparePane::repost(bool immediate) {
  if (documentRequest_) worker_.post(retargeted(*documentRequest_), immediate);
}

void ComparePane::post(const CompileRequest& documentRequest, bool immediate) {
  documentRequest_ = CompileRequest{documentRequest.fileName, documentRequest.source, documentRequest.options, {}};
  if (open_) repost(immediate);
}

void ComparePane::refresh() {
  if (!open_) return;
  if (std::shared_ptr<const CompileResult> latest = worker_.latest(); latest != adopted_) snapshot_ = adopted_ = std::move(latest);
  if (std::shared_ptr<const CompileResult> filled = fill_.filled(snapshot_)) snapshot_ = std::move(filled);
  if (!snapshot_) return;
  if (std::vector<std::string> stages = deferredStages(*snapshot_, panel_.shownStages(snapshot_->options, snapshot_.get()));
      !stages.empty())
    fill_.request(snapshot_, stages);
}

bool ComparePane::waitUntilIdle(std::chrono::milliseconds timeout) {
  const bool idle = worker_.waitUntilIdle(timeout) && fill_.waitUntilIdle(timeout);
  refresh();
  return idle;
}

void ComparePane::fillStageText() {
  refresh();
  if (!snapshot_) return;
  std::vector<std::string> all;
  for (const StageArtifact& stage : snapshot_->stages) all.push_back(stage.name);
  if (deferredStages(*snapshot_, all).empty()) return;
  snapshot_ = fill_.fillNow(*snapshot_, all);
  panel_.useSnapshot(snapshot_);
}

void ComparePane::setOnCompiled(std::function<void()> callback) {
  worker_.setOnPublished(callback);
  fill_.setOnPublished(std::move(callback));
}

uint32_t ComparePane::draw(const ViewFonts& fonts, uint32_t sourceLine) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Second pane:");
  for (TargetKind kind : {TargetKind::Spirv, TargetKind::Dxil}) {
    ImGui::SameLine();
    if (ImGui::RadioButton(targetLabel(kind), target() == kind)) setTarget(kind);
  }
  ImGui::SameLine();
  if (snapshot_ && worker_.busy()) ImGui::TextDisabled("compiling...");
  else if (snapshot_) ImGui::TextDisabled("%.1f ms", snapshot_->totalMilliseconds);
  ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize("Close").x - ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::SmallButton("Close")) {
    setOpen(false);
    return 0;
  }
  // A snapshot of the other target while the new one compiles would name the wrong stages.
  const bool current = snapshot_ && snapshot_->options.target == target();
  panel_.draw(current ? snapshot_ : nullptr, fonts, sourceLine);
  return panel_.clickedSourceLine();
}

}  // namespace sl::views
