#include "views/StagePanel.h"

#include "views/Palette.h"
#include "views/TextCells.h"
#include "views/TextLines.h"
#include "views/inspect/LineLinks.h"

#include <cmath>
#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>

namespace sl::views {

namespace {

const ImVec4 kQptrColor(0.98f, 0.62f, 0.30f, 1.0f);   // qptr.* ops and qptr.usage attributes
const ImVec4 kSpvColor(0.45f, 0.78f, 0.95f, 1.0f);    // spv.Op* ops
const ImVec4 kAddedColor(0.30f, 0.75f, 0.40f, 0.22f);
const ImVec4 kRemovedColor(0.90f, 0.35f, 0.35f, 0.22f);

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

// Draws a stage line at `pos`, colouring qptr.* and spv.* words apart; only the cells the view
// shows (TextCells.h: stage text can have lines of megabytes, and any bytes).
void drawStageLine(ImDrawList* draw, ImVec2 pos, std::string_view line, ImU32 textColor) {
  const float charWidth = ImGui::CalcTextSize("M").x;
  const float lineHeight = ImGui::GetTextLineHeight();
  const CellWindow window = visibleCells(draw, pos.x, charWidth);
  size_t start = 0;        // first byte not drawn yet
  uint32_t startCell = 0;  // its cell
  uint32_t cell = 0;       // cell of byte i
  size_t i = 0;
  auto flush = [&](size_t end, ImU32 color) {
    if (end > start) drawTextCells(draw, pos.x, pos.y, charWidth, lineHeight, line.substr(start, end - start), startCell, color, window);
    start = end;
    startCell = cell;
  };
  while (i < line.size() && cell < window.last) {
    const bool wordStart = (i == 0 || !isWordChar(line[i - 1]));
    if (wordStart && (line.compare(i, 5, "qptr.") == 0 || line.compare(i, 6, "spv.Op") == 0)) {
      const ImU32 color = ImGui::GetColorU32(line[i] == 'q' ? kQptrColor : kSpvColor);
      flush(i, textColor);
      size_t end = i;
      while (end < line.size() && isWordChar(line[end])) ++end;
      cell += uint32_t(end - i);  // word characters are ASCII: a cell each
      i = end;
      flush(end, color);
      continue;
    }
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++cell;
    ++i;
  }
  flush(i, textColor);
}

}  // namespace

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

const StageArtifact* previousStage(const CompileResult& result, std::string_view stage) {
  const StageArtifact* previous = nullptr;
  for (const std::string& name : stagesFor(result.options)) {
    if (name == stage) return previous;
    if (const StageArtifact* artifact = result.stage(name)) previous = artifact;
  }
  return nullptr;
}

StagePanel::StageLines* StagePanel::linesFor(const std::string& stage, const StageArtifact** artifact) {
  if (!cachedFor_) return nullptr;
  for (size_t i = 0; i < cachedFor_->stages.size(); ++i)
    if (cachedFor_->stages[i].name == stage) {
      if (artifact) *artifact = &cachedFor_->stages[i];
      return &cachedLines_[i];
    }
  return nullptr;
}

std::set<uint32_t> StagePanel::linkedLines(const std::string& stage) const {
  if (!cachedFor_) return {};
  const StageArtifact* artifact = cachedFor_->stage(stage);
  return artifact ? stageLinesForSource(*artifact, cachedFor_->fileName, sourceLine_) : std::set<uint32_t>{};
}

const StageArtifact* StagePanel::diffBaseArtifact(const std::string& stage, std::string* label) const {
  if (!cachedFor_) return nullptr;
  const StageArtifact* base = nullptr;
  switch (diffBase_) {
    case DiffBase::PreviousStage:
      base = previousStage(*cachedFor_, stage);
      if (base && label) *label = base->name;
      break;
    case DiffBase::PreviousCompile:
      base = previousCompile_ ? previousCompile_->stage(stage) : nullptr;
      if (label) *label = "previous compile";
      break;
    case DiffBase::OtherStage:
      base = diffOtherStage_ == stage ? nullptr : cachedFor_->stage(diffOtherStage_);
      if (label) *label = diffOtherStage_;
      break;
  }
  return base;
}

std::string StagePanel::diffBaseProblem(const std::string& stage) const {
  if (const StageArtifact* base = diffBaseArtifact(stage)) {
    // Another stage of this compile gets its text when shown; an earlier compile's never will.
    if (base->textDeferred && diffBase_ == DiffBase::PreviousCompile)
      return "The previous compile did not print '" + stage + "' (its tab was not shown then): edit again to compare.";
    return "";
  }
  switch (diffBase_) {
    case DiffBase::PreviousStage: return "'" + stage + "' is the first stage: nothing to compare with.";
    case DiffBase::PreviousCompile:
      return previousCompile_ ? "The previous compile did not run '" + stage + "'."
                              : "No previous compile yet: edit the shader or its options, then this shows what changed.";
    case DiffBase::OtherStage:
      return diffOtherStage_.empty() || diffOtherStage_ == stage ? "Choose another stage to compare '" + stage + "' with."
                                                                 : "'" + diffOtherStage_ + "' did not run in this compile.";
  }
  return "";
}

const StageDiff* StagePanel::diffFor(const std::string& stage) {
  const StageArtifact* artifact = nullptr;
  StageLines* lines = linesFor(stage, &artifact);
  if (!lines) return nullptr;
  std::string label;
  const StageArtifact* before = diffBaseArtifact(stage, &label);
  if (!before || before->textDeferred) return nullptr;
  // The base's identity: its kind, name and the compile it belongs to.
  const std::string key = std::to_string(int(diffBase_)) + ":" + label + ":" +
                          std::to_string(reinterpret_cast<uintptr_t>(before));
  if (!lines->hasDiff || lines->diffKey != key) {
    lines->diff = diffStages(before->text, artifact->text);
    lines->hasDiff = true;
    lines->diffKey = key;
  }
  return &lines->diff;
}

uint32_t StagePanel::clickLine(const CompileResult& snapshot, const std::string& stage, uint32_t stageLine) {
  const StageArtifact* artifact = snapshot.stage(stage);
  if (!artifact) return 0;
  clickedStageLine_ = stageLine;
  return sourceLineForStage(*artifact, snapshot.fileName, stageLine);
}

std::vector<std::string> StagePanel::shownStages(const CompileOptions& options, const CompileResult* snapshot) const {
  const std::vector<std::string> stages = stagesFor(options);
  const std::string& shown = !requestedStage_.empty() ? requestedStage_ : selectedStage_;
  auto at = std::find(stages.begin(), stages.end(), shown);
  if (at == stages.end()) at = stages.begin();
  if (at == stages.end()) return {};
  std::vector<std::string> out{*at};
  if (!diffMode_) return out;
  switch (diffBase_) {
    case DiffBase::PreviousStage:
      if (!snapshot) {
        if (at != stages.begin()) out.push_back(*(at - 1));
      } else if (const StageArtifact* before = previousStage(*snapshot, *at)) {
        out.push_back(before->name);
      }
      break;
    case DiffBase::PreviousCompile: break;  // the previous compile printed it when it was shown
    case DiffBase::OtherStage:
      if (!diffOtherStage_.empty() && diffOtherStage_ != *at) out.push_back(diffOtherStage_);
      break;
  }
  return out;
}

void StagePanel::useSnapshot(const std::shared_ptr<const CompileResult>& snapshot) {
  if (snapshot == cachedFor_) return;
  // Another compile (not the same one with more text, or complete after partial): the one drawn
  // so far becomes the previous compile.
  if (cachedFor_ && snapshot &&
      (cachedFor_->source != snapshot->source || cachedFor_->fileName != snapshot->fileName ||
       toDxcCommandLine(cachedFor_->options) != toDxcCommandLine(snapshot->options)))
    previousCompile_ = cachedFor_;
  cachedFor_ = snapshot;
  cachedLines_.clear();
  if (!snapshot) return;
  for (const StageArtifact& artifact : snapshot->stages) {
    StageLines& entry = cachedLines_.emplace_back();
    entry.lines = splitLines(artifact.text);
    if (!entry.lines.empty() && entry.lines.back().empty()) entry.lines.pop_back();
    for (std::string_view line : entry.lines) entry.longest = std::max(entry.longest, line.size());
  }
}

namespace {

void drawPrinting(const std::string& stage) {
  ImGui::Spacing();
  ImGui::TextDisabled("Printing the '%s' stage...", stage.c_str());
}

}  // namespace

void StagePanel::draw(const std::shared_ptr<const CompileResult>& snapshot, const ViewFonts& fonts, uint32_t sourceLine) {
  sourceLine_ = sourceLine;
  clickedSourceLine_ = 0;
  if (!snapshot) {
    ImGui::TextDisabled("Compiling...");
    return;
  }
  useSnapshot(snapshot);

  drawDiffChoice(*snapshot);
  ImGui::SameLine();
  if (sourceLine_) ImGui::TextDisabled("| linked: HLSL line %u", sourceLine_);
  else ImGui::TextDisabled("| select an HLSL line to link");

  if (!ImGui::BeginTabBar("##stages", ImGuiTabBarFlags_FittingPolicyScroll | ImGuiTabBarFlags_TabListPopupButton))
    return;
  for (const std::string& name : stagesFor(snapshot->options)) {
    const StageArtifact* artifact = nullptr;
    size_t index = 0;
    for (size_t i = 0; i < snapshot->stages.size(); ++i)
      if (snapshot->stages[i].name == name) artifact = &snapshot->stages[i], index = i;
    const bool failed = artifact && !artifact->ok;
    // A partial snapshot's later stages are still running: not greyed out as stages that did not run.
    const bool running = !artifact && snapshot->partial;
    if (!artifact && !running) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    else if (failed) ImGui::PushStyleColor(ImGuiCol_Text, severityColor(Severity::Error));
    const ImGuiTabItemFlags flags = requestedStage_ == name ? ImGuiTabItemFlags_SetSelected : 0;
    const bool open = ImGui::BeginTabItem(name.c_str(), nullptr, flags);
    if ((!artifact && !running) || failed) ImGui::PopStyleColor();
    if (!open) continue;
    if (selectedStage_ != name) clickedStageLine_ = 0;
    selectedStage_ = name;
    if (running) {
      ImGui::Spacing();
      ImGui::TextDisabled("Compiling...");
    } else if (artifact && artifact->textDeferred) {
      drawPrinting(name);
    } else if (artifact) {
      StageLines& lines = cachedLines_[index];
      if (lines.linkedFor != sourceLine_) {
        lines.linked = stageLinesForSource(*artifact, snapshot->fileName, sourceLine_);
        lines.linkedFor = sourceLine_;
      }
      if (diffMode_) drawDiff(*artifact, lines, fonts);
      else drawArtifact(*artifact, lines, fonts);
    } else {
      ImGui::Spacing();
      ImGui::PushTextWrapPos(0.0f);
      ImGui::TextDisabled("%s", unavailableStageReason(*snapshot, name).c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTabItem();
  }
  // A stage this compile lacks (the layout's, for another target) stays asked for until a
  // compile has it.
  if (requestedStage_ == selectedStage_) requestedStage_.clear();
  ImGui::EndTabBar();
}

void StagePanel::drawDiffChoice(const CompileResult& snapshot) {
  ImGui::Checkbox("Diff", &diffMode_);
  if (!diffMode_) return;
  ImGui::SameLine();
  const std::string current = diffBase_ == DiffBase::PreviousStage     ? std::string("vs previous stage")
                              : diffBase_ == DiffBase::PreviousCompile ? std::string("vs previous compile")
                                                                       : "vs " + diffOtherStage_;
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("vs previous compile").x + ImGui::GetFrameHeight() * 2);
  if (!ImGui::BeginCombo("##diff_base", current.c_str())) return;
  if (ImGui::Selectable("vs previous stage", diffBase_ == DiffBase::PreviousStage)) setDiffBase(DiffBase::PreviousStage);
  if (ImGui::Selectable("vs previous compile", diffBase_ == DiffBase::PreviousCompile)) setDiffBase(DiffBase::PreviousCompile);
  ImGui::Separator();
  for (const std::string& name : stagesFor(snapshot.options)) {
    if (name == selectedStage_ || !snapshot.stage(name)) continue;
    const std::string item = "vs " + name;
    if (ImGui::Selectable(item.c_str(), diffBase_ == DiffBase::OtherStage && diffOtherStage_ == name))
      setDiffBase(DiffBase::OtherStage, name);
  }
  ImGui::EndCombo();
}

void StagePanel::drawArtifact(const StageArtifact& artifact, StageLines& lines, const ViewFonts& fonts) {
  clickedSourceLine_ = 0;
  size_t errors = 0;
  for (const Diagnostic& diagnostic : artifact.diagnostics) errors += diagnostic.severity == Severity::Error;
  ImGui::Text("%zu lines   %.2f ms", lines.lines.size(), artifact.milliseconds);
  if (errors) {
    ImGui::SameLine();
    ImGui::TextColored(severityColor(Severity::Error), "  failed (%zu error%s)", errors, errors == 1 ? "" : "s");
  } else if (!artifact.ok) {
    ImGui::SameLine();
    ImGui::TextColored(severityColor(Severity::Warning), "  not generated");
  }
  if (!lines.linked.empty()) {
    ImGui::SameLine();
    ImGui::TextColored(tokenColor(editor::TokenKind::Type), "  %zu linked line%s", lines.linked.size(),
                       lines.linked.size() == 1 ? "" : "s");
  } else if (!hasLineMap(artifact, cachedFor_->fileName)) {
    ImGui::SameLine();
    ImGui::TextDisabled("  (no line map)");
  }
  ImGui::SameLine(ImGui::GetContentRegionMax().x - ImGui::CalcTextSize("Copy").x - ImGui::GetStyle().FramePadding.x * 2);
  if (ImGui::SmallButton("Copy")) ImGui::SetClipboardText(artifact.text.c_str());
  if (!artifact.ok && artifact.text.empty()) {
    // Nothing to show: the reason in full, here (the diagnostics row cuts it at the panel's edge).
    ImGui::PushTextWrapPos(0.0f);
    for (const Diagnostic& diagnostic : artifact.diagnostics) ImGui::TextDisabled("%s", diagnostic.message.c_str());
    if (artifact.diagnostics.empty()) ImGui::TextDisabled("This stage produced nothing; the diagnostics say why.");
    ImGui::PopTextWrapPos();
  }

  ImGui::PushFont(fonts.mono);
  const float charWidth = ImGui::CalcTextSize("M").x;
  const int digits = std::max<int>(3, int(std::to_string(lines.lines.size()).size()));
  const float gutter = charWidth * float(digits + 2);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  // The clipper submits only visible lines, so the scrollable width is declared up front.
  ImGui::SetNextWindowContentSize(ImVec2(gutter + charWidth * float(lines.longest + 2), 0.0f));
  ImGui::BeginChild("##stage_text", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  // Rows are exactly `rowHeight` apart: no item spacing between them, so line n starts at
  // (n - 1) * rowHeight (with ImGui's spacing added after each row, the scroll below landed
  // ~20% short: SPIR-V line 91 showed lines 68-87).
  const float rowHeight = ImGui::GetTextLineHeightWithSpacing();
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  // Scroll the first linked line into view when the link changes.
  if (!lines.linked.empty() && scrolledFor_ != lines.linkedFor * 7919u + uint32_t(lines.lines.size())) {
    scrolledFor_ = lines.linkedFor * 7919u + uint32_t(lines.lines.size());
    const float y = rowHeight * float(*lines.linked.begin() - 1);
    if (y < ImGui::GetScrollY() || y > ImGui::GetScrollY() + ImGui::GetWindowHeight() - rowHeight)
      ImGui::SetScrollY(std::max(0.0f, y - ImGui::GetWindowHeight() * 0.3f));
  }
  {
    // What this frame shows (a SetScrollY above shows from the next frame on).
    const float top = ImGui::GetScrollY(), visible = ImGui::GetWindowHeight() - ImGui::GetStyle().ScrollbarSize;
    visibleLines_ = {uint32_t(std::ceil(top / rowHeight)) + 1, uint32_t(std::floor((top + visible) / rowHeight))};
  }
  ImGuiListClipper clipper;
  clipper.Begin(int(lines.lines.size()));
  const ImU32 numberColor = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 textColor = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 linkedColor = ImGui::GetColorU32(editorLinkedLineColor());
  const ImU32 clickedColor = ImGui::GetColorU32(editorSelectionColor());
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float width = std::max(ImGui::GetContentRegionAvail().x, gutter + charWidth * float(lines.longest + 2));
  char number[24];
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const ImVec2 pos = ImGui::GetCursorScreenPos();
      const uint32_t lineNumber = uint32_t(i + 1);
      const float height = rowHeight;
      if (lineNumber == clickedStageLine_)
        draw->AddRectFilled(pos, ImVec2(pos.x + width, pos.y + height), clickedColor);
      else if (lines.linked.count(lineNumber))
        draw->AddRectFilled(pos, ImVec2(pos.x + width, pos.y + height), linkedColor);
      std::snprintf(number, sizeof number, "%d", i + 1);
      const float numberWidth = ImGui::CalcTextSize(number).x;
      draw->AddText(ImVec2(pos.x + charWidth * float(digits) - numberWidth, pos.y), numberColor, number);
      drawStageLine(draw, ImVec2(pos.x + gutter, pos.y), lines.lines[size_t(i)], textColor);
      ImGui::PushID(i);
      if (ImGui::InvisibleButton("##line", ImVec2(width, height))) {
        clickedStageLine_ = lineNumber;
        clickedSourceLine_ = sourceLineForStage(artifact, cachedFor_->fileName, lineNumber);
      }
      ImGui::PopID();
    }
  }
  clipper.End();
  ImGui::PopStyleVar();
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

void StagePanel::drawDiff(const StageArtifact& artifact, StageLines& lines, const ViewFonts& fonts) {
  clickedSourceLine_ = 0;
  std::string label;
  const StageArtifact* before = diffBaseArtifact(artifact.name, &label);
  if (!before) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", diffBaseProblem(artifact.name).c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  if (before->textDeferred) {
    if (diffBase_ == DiffBase::PreviousCompile) ImGui::TextDisabled("%s", diffBaseProblem(artifact.name).c_str());
    else drawPrinting(before->name);
    return;
  }
  const StageDiff* diff = diffFor(artifact.name);
  if (diffBase_ == DiffBase::PreviousCompile)
    ImGui::Text("%s, previous compile -> this one:  +%zu  -%zu%s", artifact.name.c_str(), diff->added, diff->removed,
                diff->approximate ? "  (too large for a line-by-line diff)" : "");
  else
    ImGui::Text("%s -> %s:  +%zu  -%zu%s", label.c_str(), artifact.name.c_str(), diff->added, diff->removed,
                diff->approximate ? "  (too large for a line-by-line diff)" : "");
  ImGui::PushFont(fonts.mono);
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  const float charWidth = ImGui::CalcTextSize("M").x;
  ImGui::SetNextWindowContentSize(ImVec2(charWidth * float(lines.longest + 12), 0.0f));
  ImGui::BeginChild("##stage_diff", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGuiListClipper clipper;
  clipper.Begin(int(diff->lines.size()));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 textColor = ImGui::GetColorU32(ImGuiCol_Text);
  const float width = std::max(ImGui::GetContentRegionAvail().x, charWidth * float(lines.longest + 12));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const DiffLine& d = diff->lines[size_t(i)];
      const ImVec2 pos = ImGui::GetCursorScreenPos();
      const float height = ImGui::GetTextLineHeightWithSpacing();
      if (d.kind != DiffKind::Same)
        draw->AddRectFilled(pos, ImVec2(pos.x + width, pos.y + height),
                            ImGui::GetColorU32(d.kind == DiffKind::Added ? kAddedColor : kRemovedColor));
      const char* mark = d.kind == DiffKind::Added ? "+" : d.kind == DiffKind::Removed ? "-" : " ";
      draw->AddText(pos, ImGui::GetColorU32(ImGuiCol_TextDisabled), mark);
      drawStageLine(draw, ImVec2(pos.x + charWidth * 2, pos.y), d.text, textColor);
      ImGui::Dummy(ImVec2(width, height));
    }
  }
  clipper.End();
  ImGui::EndChild();
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

}  // namespace sl::views
