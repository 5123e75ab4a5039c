#include "views/debug/DebugPanel.h"

#include "views/ClippedText.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <optional>
#include <utility>

namespace sl::views {

using interp::debug::LaneValue;
using interp::debug::Value;
using interp::debug::Variable;

namespace {

const ImVec4 kChanged(0.98f, 0.78f, 0.30f, 1.0f);   // a value that changed at this stop
const ImVec4 kError(0.95f, 0.36f, 0.36f, 1.0f);
const ImVec4 kStale(0.95f, 0.76f, 0.26f, 1.0f);
const ImVec4 kHeadline(0.55f, 0.85f, 0.55f, 1.0f);
const ImVec4 kIdValue(0.55f, 0.75f, 0.95f, 1.0f);  // an %id's value in the SPIR-V section

// Wraps to the next row when an item of `width` does not fit on this one (after SameLine).
void wrapFor(float width) {
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

// A button with its key in the tooltip; disabled buttons draw greyed and do nothing.
bool toolButton(const char* label, const char* tip, bool enabled) {
  wrapFor(ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2);
  if (!enabled) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, ImGui::GetStyle().Alpha * 0.45f);
  const bool pressed = ImGui::Button(label) && enabled;
  if (!enabled) ImGui::PopStyleVar();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
  ImGui::SameLine();
  return pressed;
}

std::string laneList(const interp::Mask& mask, uint32_t lanes) {
  std::string out;
  for (uint32_t l = 0; l < lanes; ++l) {
    if (!mask.test(l)) continue;
    uint32_t end = l;
    while (end + 1 < lanes && mask.test(end + 1)) ++end;
    if (!out.empty()) out += ",";
    out += end > l + 1 ? std::to_string(l) + "-" + std::to_string(end) : end == l + 1 ? std::to_string(l) + "," + std::to_string(end)
                                                                                         : std::to_string(l);
    l = end;
  }
  return out.empty() ? "none" : out;
}

// One row of a variables table; structs, arrays, matrices and vectors open as tree nodes.
// `removed`, when given, gets an "x" button after the type (a watch's row); `picked`, when
// given, is set by a double-click on the name (show it per lane in the Wave section).
void valueRow(const std::string& label, const std::string& type, const Value& value, bool changed, NumberFormat format,
              const ViewFonts& fonts, bool* removed = nullptr, bool* picked = nullptr) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  const bool parts = hasParts(value);
  ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_SpanFullWidth;
  if (!parts) flags |= ImGuiTreeNodeFlags_Leaf | ImGuiTreeNodeFlags_NoTreePushOnOpen | ImGuiTreeNodeFlags_Bullet;
  if (changed) ImGui::PushStyleColor(ImGuiCol_Text, kChanged);
  const bool open = ImGui::TreeNodeEx(label.c_str(), flags);
  if (picked && ImGui::IsItemHovered()) {
    if (ImGui::IsMouseDoubleClicked(0)) *picked = true;
    ImGui::SetTooltip("Double-click: %s on every lane (the Wave section)", label.c_str());
  }
  ImGui::TableSetColumnIndex(1);
  ImGui::PushFont(fonts.mono);
  const std::string text = valueText(value, format);
  clippedText(text);
  ImGui::PopFont();
  ImGui::TableSetColumnIndex(2);
  clippedTextColored(ImGui::GetStyle().Colors[ImGuiCol_TextDisabled], type);
  if (removed) {
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) *removed = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Remove this watch");
  }
  if (changed) ImGui::PopStyleColor();
  if (parts && open) {
    for (size_t k = 0; k < value.elements.size(); ++k) {
      ImGui::PushID(int(k));
      const Value& part = value.elements[k];
      valueRow(partLabel(value, k), part.typeName, part, false, format, fonts);
      ImGui::PopID();
    }
    ImGui::TreePop();
  }
}

bool beginValueTable(const char* id) {
  if (!ImGui::BeginTable(id, 3, ImGuiTableFlags_Resizable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) return false;
  ImGui::TableSetupColumn("Name", ImGuiTableColumnFlags_WidthStretch, 0.3f);
  ImGui::TableSetupColumn("Value", ImGuiTableColumnFlags_WidthStretch, 0.5f);
  ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthStretch, 0.2f);
  ImGui::TableHeadersRow();
  return true;
}

const char* scopeName(Variable::Scope scope) {
  switch (scope) {
    case Variable::Scope::Local: return "local";
    case Variable::Scope::Parameter: return "argument";
    case Variable::Scope::Value: return "value";
    case Variable::Scope::Input: return "input";
    case Variable::Scope::Private: return "static";
    case Variable::Scope::Groupshared: return "groupshared";
  }
  return "";
}

}  // namespace

bool DebugPanel::takeStartRequest() {
  const bool requested = startRequested_;
  startRequested_ = false;
  return requested;
}

void DebugPanel::drawToolbar(uint32_t caretLine) {
  DebugController& c = controller_;
  const bool live = c.active() && !c.recording();
  const bool canStep = live && !c.stale();
  if (toolButton(live && !c.stale() ? "Continue" : "Start", "F5: start recording the invocation, or continue to the next breakpoint",
                 !c.recording())) {
    if (canStep) c.move(DebugMotion::Continue);
    else startRequested_ = true;
  }
  if (toolButton("Over", "F10: step over (the next line in this function)", canStep)) c.move(DebugMotion::Over);
  if (toolButton("Into", "F11: step into (the next line, entering calls)", canStep)) c.move(DebugMotion::Into);
  if (toolButton("Out", "Shift+F11: step out (back in the caller)", canStep)) c.move(DebugMotion::Out);
  if (toolButton("Back", "Shift+F10: step back (the previous line in this function)", canStep)) c.move(DebugMotion::Back);
  if (toolButton("Reverse", "Shift+F5: reverse-continue (back to the previous breakpoint hit, or the first line)", canStep))
    c.move(DebugMotion::ReverseContinue);
  if (toolButton("To cursor", "Ctrl+F10: run to the editor's caret line", canStep && caretLine)) c.runToLine(caretLine);
  if (toolButton("Restart", "Ctrl+Shift+F5: back to the first line (records again after an edit or a new invocation)", !c.recording())) {
    if (canStep) c.move(DebugMotion::Restart);
    else startRequested_ = true;
  }
  if (toolButton("Stop", "End the session (breakpoints and watches stay)", live)) c.stop();
  wrapFor(ImGui::GetFontSize() * 4.5f);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 4.5f);
  if (ImGui::BeginCombo("##format", numberFormatName(c.format))) {
    for (NumberFormat f : {NumberFormat::Natural, NumberFormat::Int, NumberFormat::Hex})
      if (ImGui::Selectable(numberFormatName(f), c.format == f)) c.format = f;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("How values show: float (as typed), int (the bits as a signed integer), hex");
}

void DebugPanel::drawInvocation() {
  DebugController& c = controller_;
  int mode = c.byThread ? 0 : 1;
  ImGui::RadioButton("thread", &mode, 0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The invocation to record, by SV_DispatchThreadID or by SV_GroupID + SV_GroupThreadID");
  ImGui::SameLine();
  const float field = ImGui::GetFontSize() * 6;
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputScalarN("##thread", ImGuiDataType_U32, c.thread.data(), 3)) mode = 0;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("SV_DispatchThreadID");
  ImGui::SameLine();
  wrapFor(field * 2 + ImGui::GetFontSize() * 6);
  ImGui::RadioButton("group", &mode, 1);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputScalarN("##group", ImGuiDataType_U32, c.group.data(), 3)) mode = 1;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("SV_GroupID");
  ImGui::SameLine();
  ImGui::TextUnformatted("local");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  if (ImGui::InputScalarN("##local", ImGuiDataType_U32, c.local.data(), 3)) mode = 1;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("SV_GroupThreadID");
  c.byThread = mode == 0;
  ImGui::SameLine();
  wrapFor(ImGui::GetFontSize() * 7);
  ImGui::TextUnformatted("wave");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3.5f);
  static const uint32_t kSizes[] = {0, 4, 8, 16, 32, 64};
  const std::string current = c.subgroupSize ? std::to_string(c.subgroupSize) : "32";
  if (ImGui::BeginCombo("##subgroup", current.c_str())) {
    for (uint32_t size : kSizes)
      if (ImGui::Selectable(size ? std::to_string(size).c_str() : "32 (default)", c.subgroupSize == size)) c.subgroupSize = size;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Lanes per wave on the CPU device (lavapipe uses 8)");
  ImGui::SameLine();
  wrapFor(ImGui::GetFontSize() * 9);
  ImGui::TextUnformatted("steps");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  ImGui::InputScalar("##maxsteps", ImGuiDataType_U64, &c.maxSteps);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The most steps the trace records (0: 4194304); past them it is truncated");
}

void DebugPanel::drawStatus(const ViewFonts& fonts) {
  DebugController& c = controller_;
  const DebugRecording* r = c.recordingShown();
  ImGui::PushTextWrapPos(0.0f);
  if (c.recording()) {
    ImGui::TextDisabled("Recording the invocation on the CPU device...");
  } else if (c.active()) {
    const StopView& v = c.view();
    ImGui::TextColored(v.ended ? kStale : kHeadline, "%s", v.headline.c_str());
    ImGui::TextDisabled("%s; step %zu of %zu", r ? r->describe.c_str() : "", v.position, v.steps);
    if (ImGui::IsItemHovered() && r)
      ImGui::SetTooltip("recorded in %.0f ms (compile %.0f ms); the last motion took %.3f ms", r->recordMilliseconds,
                        r->compileMilliseconds, v.motionMilliseconds);
  } else if (r && !r->error.empty()) {
    ImGui::TextColored(kError, "%s", r->error.c_str());
    if (!r->diagnostics.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r->diagnostics.c_str());
  } else {
    ImGui::TextDisabled("Pick an invocation, set breakpoints (click the gutter left of a line number, or F9), then Start (F5).");
  }
  if (!c.view().excerpt.empty()) {
    // The stop is in another file (an #include): its lines here, since the editor shows the document.
    const StopView& v = c.view();
    const size_t slash = v.location.file.find_last_of("/\\");
    ImGui::TextDisabled("Stopped in %s (not this document; read-only here):",
                        (slash == std::string::npos ? v.location.file : v.location.file.substr(slash + 1)).c_str());
    ImGui::PushFont(fonts.mono);
    for (const auto& [number, text] : v.excerpt) {
      const bool current = number == v.location.line;
      if (current) ImGui::TextColored(kHeadline, "> %4u | %s", number, text.c_str());
      else ImGui::TextDisabled("  %4u | %s", number, text.c_str());
    }
    ImGui::PopFont();
  }
  if (c.stale()) {
    ImGui::TextColored(kStale, "The text changed since this invocation was recorded: the values are the old text's.");
    ImGui::SameLine();
    if (ImGui::SmallButton("Restart")) startRequested_ = true;
  }
  if (!c.message().empty() && !c.recording()) ImGui::TextDisabled("%s", c.message().c_str());
  std::vector<std::string> notes = r ? r->notes : std::vector<std::string>{};
  for (const std::string& n : c.view().notes) notes.push_back(n);
  for (const DocumentBreakpoint& bp : c.breakpoints())
    if (!bp.message.empty() && !bp.sessionId && c.active()) notes.push_back("breakpoint at line " + std::to_string(bp.line) + ": " + bp.message);
  for (const std::string& n : notes) ImGui::BulletText("%s", n.c_str());
  ImGui::PopTextWrapPos();
}

void DebugPanel::drawVariables(const ViewFonts& fonts) {
  const StopView& v = controller_.view();
  if (!ImGui::CollapsingHeader("Locals and arguments", ImGuiTreeNodeFlags_DefaultOpen)) return;
  if (v.frame > 0 && v.frame < v.frames.size())
    ImGui::TextDisabled("Frame #%zu, %s (the caller's locals in scope at its call; click #0 in the Call stack for the stop's)", v.frame,
                        v.frames[v.frame].function.c_str());
  if (v.locals.empty()) ImGui::TextDisabled(controller_.active() ? "(none in scope here)" : "(no session)");
  else if (beginValueTable("##locals")) {
    for (size_t k = 0; k < v.locals.size(); ++k) {
      const Variable& var = v.locals[k];
      ImGui::PushID(int(k));
      bool picked = false;
      valueRow(var.name, var.type + (var.scope == Variable::Scope::Parameter ? " (argument)" : ""), var.value, var.changed,
               controller_.format, fonts, nullptr, &picked);
      if (picked) controller_.setWaveExpression(var.name);
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (ImGui::TreeNodeEx("Globals (inputs, statics, groupshared)", v.globals.empty() ? ImGuiTreeNodeFlags_Leaf : 0)) {
    if (!v.globals.empty() && beginValueTable("##globals")) {
      for (size_t k = 0; k < v.globals.size(); ++k) {
        const Variable& var = v.globals[k];
        ImGui::PushID(int(k));
        valueRow(var.name, var.type + " (" + scopeName(var.scope) + ")", var.value, var.changed, controller_.format, fonts);
        ImGui::PopID();
      }
      ImGui::EndTable();
    }
    ImGui::TreePop();
  }
}

void DebugPanel::drawWatches(const ViewFonts& fonts) {
  if (!ImGui::CollapsingHeader("Watches", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const StopView& v = controller_.view();
  std::string removed;
  if (!v.watches.empty() && beginValueTable("##watches")) {
    for (size_t k = 0; k < v.watches.size(); ++k) {
      const WatchRow& w = v.watches[k];
      ImGui::PushID(int(k));
      bool remove = false;
      if (w.value) {
        valueRow(w.expression, w.value->typeName, *w.value, false, controller_.format, fonts, &remove);
      } else {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(w.expression.c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(kError, "%s", w.error.c_str());  // the error in place of the value
        ImGui::TableSetColumnIndex(2);
        remove = ImGui::SmallButton("x");
      }
      if (remove) removed = w.expression;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (!removed.empty()) controller_.removeWatch(removed);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  const bool enter = ImGui::InputTextWithHint("##newwatch", "HLSL expression, e.g. sum * 2", &newWatch_, ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Add watch") || enter) && !newWatch_.empty()) {
    controller_.addWatch(newWatch_);
    newWatch_.clear();
  }
}

void DebugPanel::drawWave(const ViewFonts& fonts) {
  if (!ImGui::CollapsingHeader("Wave", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const StopView& v = controller_.view();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
  // The field shows the controller's expression unless it is being edited (scripts set it too).
  if (!waveEditing_) waveExpression_ = controller_.waveExpression();
  if (ImGui::InputTextWithHint("##wave", "expression (empty: the last instruction's result)", &waveExpression_,
                               ImGuiInputTextFlags_EnterReturnsTrue) ||
      ImGui::IsItemDeactivatedAfterEdit())
    controller_.setWaveExpression(waveExpression_);
  waveEditing_ = ImGui::IsItemActive();
  if (!controller_.active()) return;
  const uint32_t lanes = uint32_t(v.wave.size());
  ImGui::SameLine();
  ImGui::TextDisabled("%u lanes, active %s", v.liveLanes.count(), laneList(v.activeLanes, 128).c_str());
  if (!v.waveError.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    if (controller_.waveExpression().empty()) ImGui::TextDisabled("%s", v.waveError.c_str());
    else ImGui::TextColored(kError, "%s", v.waveError.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  if (lanes == 0) return;
  // One column per lane: lane number (traced one marked), local id, value.
  const int columns = int(std::min<uint32_t>(lanes, 63)) + 1;
  if (!ImGui::BeginTable("##wavetable", columns, ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit,
                         ImVec2(0, (ImGui::GetTextLineHeight() + ImGui::GetStyle().CellPadding.y * 2) * 3 + ImGui::GetStyle().ScrollbarSize + 4)))
    return;
  ImGui::TableSetupScrollFreeze(1, 0);
  auto row = [&](const char* title, auto&& cell) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextDisabled("%s", title);
    for (int k = 0; k + 1 < columns; ++k) {
      ImGui::TableSetColumnIndex(k + 1);
      const LaneValue& lane = v.wave[size_t(k)];
      if (!lane.active) ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
      else if (lane.lane == v.tracedLane) ImGui::PushStyleColor(ImGuiCol_Text, kHeadline);
      cell(lane);
      if (!lane.active || lane.lane == v.tracedLane) ImGui::PopStyleColor();
    }
  };
  row("lane", [&](const LaneValue& l) { ImGui::Text("%u%s", l.lane, l.lane == v.tracedLane ? " *" : l.active ? "" : " (off)"); });
  row("local", [&](const LaneValue& l) { ImGui::Text("%u,%u,%u", l.localId[0], l.localId[1], l.localId[2]); });
  row("value", [&](const LaneValue& l) {
    ImGui::PushFont(fonts.mono);
    clippedText(l.value ? valueText(*l.value, controller_.format) : "<" + l.error + ">");
    ImGui::PopFont();
  });
  ImGui::EndTable();
  ImGui::TextDisabled("* the traced lane; greyed lanes do not execute this step (diverged)");
}

void DebugPanel::drawCallStack(const ViewFonts& fonts) {
  if (!ImGui::CollapsingHeader("Call stack", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const StopView& v = controller_.view();
  for (size_t k = 0; k < v.frames.size(); ++k) {
    const interp::debug::FrameInfo& f = v.frames[k];
    const size_t slash = f.location.file.find_last_of("/\\");
    const std::string file = slash == std::string::npos ? f.location.file : f.location.file.substr(slash + 1);
    const std::string where = f.location.known ? "at " + file + ":" + std::to_string(f.location.line) : "(no line)";
    const std::string label = "#" + std::to_string(k) + " " + (f.function.empty() ? "<unnamed>" : f.function) + "  " + where;
    ImGui::PushID(int(k));
    if (ImGui::Selectable(label.c_str(), k == v.frame)) controller_.selectFrame(k);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Show this frame's locals (as they are now, in scope at its call)");
    ImGui::PopID();
  }
}

void DebugPanel::drawSpirv(const ViewFonts& fonts) {
  if (!ImGui::CollapsingHeader("SPIR-V (the recorded module)", ImGuiTreeNodeFlags_DefaultOpen)) return;
  DebugController& c = controller_;
  const StopView& v = c.view();
  if (!c.active()) {
    ImGui::TextDisabled("(the instruction about to run, and the value of every %%id the invocation computed)");
    return;
  }
  const bool canStep = !c.stale() && !c.recording();
  if (toolButton("Step instruction", "One SPIR-V instruction the invocation executes", canStep)) c.move(DebugMotion::StepInstruction);
  if (toolButton("Back instruction", "One SPIR-V instruction back", canStep)) c.move(DebugMotion::BackInstruction);
  ImGui::TextDisabled("next: %s", v.instruction.empty() ? "(none: the end)" : v.instruction.c_str());
  const interp::debug::Disassembly* d = c.disassembly();
  if (!d || !d->error.empty()) {
    ImGui::TextColored(kError, "no disassembly: %s", d ? d->error.c_str() : "no recording");
    return;
  }
  ImGui::TextDisabled("Values are the traced invocation's at this stop; double-click a line to run to it.");
  const float rows = 14;
  ImGui::BeginChild("##spirv", ImVec2(0, rows * ImGui::GetTextLineHeightWithSpacing()), true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(fonts.mono);
  const float lineHeight = ImGui::GetTextLineHeightWithSpacing();
  // Each new stop scrolls its instruction into the middle (the user may scroll between stops).
  if (spirvScrolledFor_ != c.stopSerial() && v.instructionIndex >= 0) {
    spirvScrolledFor_ = c.stopSerial();
    ImGui::SetScrollY(std::max(0.0f, lineHeight * (float(v.instructionIndex) - rows / 2 + 1)));
  }
  uint32_t runTo = 0;
  ImGuiListClipper clipper;
  clipper.Begin(int(d->instructions.size()), lineHeight);
  while (clipper.Step())
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const interp::debug::DisassembledInstruction& inst = d->instructions[size_t(k)];
      const bool current = k == v.instructionIndex;
      const std::string& value = inst.resultId ? c.idValueText(inst.resultId) : std::string();
      const std::string text = std::string(current ? "> " : "  ") + inst.text;
      ImGui::PushID(k);
      if (current) ImGui::PushStyleColor(ImGuiCol_Text, kHeadline);
      if (ImGui::Selectable(text.c_str(), current, ImGuiSelectableFlags_AllowDoubleClick) && ImGui::IsMouseDoubleClicked(0)) runTo = inst.wordOffset;
      if (current) ImGui::PopStyleColor();
      if (!value.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(kIdValue, " ;%s", value.c_str());
      }
      ImGui::PopID();
    }
  ImGui::PopFont();
  ImGui::EndChild();
  if (runTo && canStep) c.runToInstruction(runTo);
}

void DebugPanel::drawConsole(const ViewFonts& fonts) {
  if (!ImGui::CollapsingHeader("Console", ImGuiTreeNodeFlags_DefaultOpen)) return;
  DebugController& c = controller_;
  int mode = c.consoleAllLanes ? 0 : 1;
  ImGui::RadioButton("all lanes", &mode, 0);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("What every lane of the traced wave printed (the traced lane's lines plain, others dimmed)");
  ImGui::SameLine();
  ImGui::RadioButton("this invocation", &mode, 1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Only what the traced invocation printed");
  c.consoleAllLanes = mode == 0;
  const std::vector<const interp::debug::DebugSession::PrintedLine*> lines = c.consoleLines();
  ImGui::SameLine();
  ImGui::TextDisabled("%zu line(s) before this stop", lines.size());
  if (!c.active()) return;
  if (lines.empty()) {
    ImGui::TextDisabled("(nothing printed yet: HLSL printf lines show here as the wave runs them)");
    return;
  }
  const float rows = float(std::min<size_t>(lines.size(), 10));
  ImGui::BeginChild("##console", ImVec2(0, (rows + 0.5f) * ImGui::GetTextLineHeightWithSpacing()), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(fonts.mono);
  const ImVec4 dimmed = ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
  for (const auto* line : lines) {
    std::string text = line->text;
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
    const bool traced = line->lane == c.view().tracedLane;
    ImGui::TextColored(traced ? ImGui::GetStyle().Colors[ImGuiCol_Text] : dimmed, "lane %-2u (%u,%u,%u)%s %s", line->lane,
                       line->localId[0], line->localId[1], line->localId[2], traced ? "*" : " ", text.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("printed at step %zu", line->step);
  }
  ImGui::PopFont();
  // Each new stop (or a changed filter) shows the newest line; between stops the user may scroll.
  // Twice: the first frame's scroll is clamped to the content size of the frame before.
  if (consoleScrolledFor_ != c.stopSerial() || consoleAllLanesShown_ != c.consoleAllLanes) {
    consoleScrolledFor_ = c.stopSerial();
    consoleAllLanesShown_ = c.consoleAllLanes;
    consoleScrollFrames_ = 2;
  }
  if (consoleScrollFrames_ > 0) {
    ImGui::SetScrollHereY(1.0f);
    --consoleScrollFrames_;
  }
  ImGui::EndChild();
}

void DebugPanel::drawFirstDifference(const ViewFonts& fonts) {
  if (!ImGui::CollapsingHeader("First difference (GPU vs CPU)", ImGuiTreeNodeFlags_DefaultOpen)) return;
  DebugController& c = controller_;
  const bool canSearch = c.active() && !c.stale() && !c.recording() && !c.differenceBusy();
  if (toolButton("Find first difference (GPU vs CPU)",
                 "Runs this invocation on the Vulkan device with an instrumented copy of the shader and names the first SPIR-V "
                 "instruction whose value differs from the CPU device's trace (seconds; docs/first-difference.md)",
                 canSearch))
    c.findFirstDifference();
  if (c.searchingDifference()) {
    if (toolButton("Cancel", "Stop the search: the result is not shown (a GPU run already submitted finishes first)", true)) c.cancelFirstDifference();
    ImGui::TextDisabled("searching...");
  } else if (c.differenceBusy()) {
    ImGui::TextDisabled("the cancelled search is finishing");
  }
  ImGui::NewLine();
  const FirstDifferenceOutcome* d = c.difference();
  if (!d) {
    if (!c.active()) ImGui::TextDisabled("(start a session first: the search runs for its invocation)");
    return;
  }
  ImGui::PushTextWrapPos(0.0f);
  const offload::FirstDifferenceResult& r = d->result;
  if (!d->error.empty() || !r.ok()) {
    ImGui::TextColored(kError, "%s", (d->error.empty() ? r.error : d->error).c_str());
  } else if (!r.first) {
    ImGui::TextColored(kHeadline, "No difference: %zu value(s) agreed", r.agreed);
    ImGui::TextDisabled("%s and the CPU device; %zu captured, %zu order-dependent (not compared), in %.0f ms", r.gpuName.c_str(),
                        r.captured, r.orderDependent, d->milliseconds);
  } else {
    const offload::ValueDifference& f = *r.first;
    ImGui::TextColored(kStale, "After %zu value(s) agreed, this instruction differs (its execution %u):", r.agreed, f.occurrence + 1);
    ImGui::PushFont(fonts.mono);
    ImGui::TextUnformatted(f.instruction.c_str());
    ImGui::PopFont();
    ImGui::Text("at %s%s", f.location.empty() ? "(no source line)" : f.location.c_str(),
                d->line ? "" : f.location.empty() ? "" : " (not this document)");
    if (c.active() && !c.stale()) {
      ImGui::SameLine();
      if (ImGui::SmallButton("go there")) c.goToDifference();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("Move the session to just before this execution of the instruction");
    }
    ImGui::Text("GPU (%s): %s", r.gpuName.c_str(), f.gpuValue.c_str());
    ImGui::Text("CPU device: %s", f.cpuValue.c_str());
    ImGui::TextDisabled("%zu instrumented run(s), %zu value(s) captured, in %.0f ms", r.instrumentedRuns, r.captured, d->milliseconds);
  }
  for (const std::string& w : r.warnings) ImGui::BulletText("%s", w.c_str());
  ImGui::PopTextWrapPos();
}

void DebugPanel::drawAccesses(const ViewFonts& fonts) {
  if (!ImGui::CollapsingHeader("Reads and writes", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const DebugController& c = controller_;
  const StopView& v = c.view();
  if (!c.active()) {
    ImGui::TextDisabled("(the buffer, push-constant and groupshared elements each step reads and writes)");
    return;
  }
  if (v.position <= v.accessesFrom) {
    ImGui::TextDisabled("Nothing ran forward since the previous stop.");
    return;
  }
  ImGui::TextDisabled("What steps %zu..%zu of this invocation did%s:", v.accessesFrom, v.position,
                      v.accessesWindowed ? " (the last steps of a long run)" : "");
  if (v.reads.empty() && v.writes.empty()) {
    ImGui::TextDisabled("no buffer, push-constant or groupshared access");
    return;
  }
  ImGui::PushFont(fonts.mono);
  for (const std::string& line : v.reads) ImGui::Text("read  %s", line.c_str());
  if (v.moreReads) ImGui::TextDisabled("... %zu more reads", v.moreReads);
  for (const std::string& line : v.writes) ImGui::TextColored(kChanged, "wrote %s", line.c_str());
  if (v.moreWrites) ImGui::TextDisabled("... %zu more writes", v.moreWrites);
  ImGui::PopFont();
}

std::optional<std::pair<uint32_t, std::string>> DebugPanel::takeWhereRequest() {
  std::optional<std::pair<uint32_t, std::string>> request = std::move(whereRequest_);
  whereRequest_.reset();
  return request;
}

std::optional<size_t> DebugPanel::takeWherePick() {
  std::optional<size_t> pick = wherePick_;
  wherePick_.reset();
  return pick;
}

void DebugPanel::drawBreakWhere(const ViewFonts& fonts, uint32_t caretLine) {
  if (!ImGui::CollapsingHeader("Break where (every invocation)", ImGuiTreeNodeFlags_DefaultOpen)) return;
  DebugController& c = controller_;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Line");
  ImGui::SameLine();
  if (whereLine_ == 0) whereLine_ = caretLine;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
  ImGui::InputScalar("##whereline", ImGuiDataType_U32, &whereLine_);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The line to search (a line without code moves to the next one with code)");
  ImGui::SameLine();
  ImGui::TextUnformatted("if");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  const bool enter = ImGui::InputTextWithHint("##wherecondition", "HLSL condition (empty: every arrival)", &whereCondition_,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if (toolButton("Search", "Records every subgroup of the dispatch on the CPU device and lists each invocation that reaches the line with "
                           "the condition true (at most 512 subgroups)",
                 !c.whereBusy() && whereLine_ > 0) ||
      (enter && !c.whereBusy() && whereLine_ > 0))
    whereRequest_ = std::make_pair(whereLine_, whereCondition_);
  if (toolButton("Caret line", "Search the editor's caret line", caretLine > 0)) whereLine_ = caretLine;
  if (c.searchingWhere()) {
    if (toolButton("Cancel", "Stop the search (between recordings)", true)) c.cancelBreakWhere();
    ImGui::TextDisabled("searching...");
  }
  ImGui::NewLine();
  const BreakWhereOutcome* w = c.whereOutcome();
  if (!w) return;
  ImGui::PushTextWrapPos(0.0f);
  if (!w->error.empty()) {
    ImGui::TextColored(kError, "%s", w->error.c_str());
    ImGui::PopTextWrapPos();
    return;
  }
  if (!w->result.note.empty()) ImGui::TextDisabled("%s", w->result.note.c_str());
  ImGui::TextColored(w->result.hits.empty() ? kStale : kHeadline, "%s", w->summary().c_str());
  ImGui::PopTextWrapPos();
  if (w->result.hits.empty()) return;
  ImGui::TextDisabled("Click a hit to debug that invocation, stopped at that arrival.");
  const float rows = float(std::min<size_t>(w->result.hits.size(), 8));
  ImGui::BeginChild("##wherehits", ImVec2(0, (rows + 0.5f) * ImGui::GetTextLineHeightWithSpacing()), true);
  ImGui::PushFont(fonts.mono);
  ImGuiListClipper clipper;
  clipper.Begin(int(w->result.hits.size()));
  while (clipper.Step())
    for (int k = clipper.DisplayStart; k < clipper.DisplayEnd; ++k) {
      const offload::BreakWhereHit& hit = w->result.hits[size_t(k)];
      const std::string label = "thread " + offload::formatTriple(hit.thread) + "  arrival " + std::to_string(hit.arrival);
      const bool current = c.active() && c.recordingShown() && c.recordingShown()->thread == hit.thread;
      ImGui::PushID(k);
      if (ImGui::Selectable(label.c_str(), current)) wherePick_ = size_t(k);
      ImGui::PopID();
    }
  ImGui::PopFont();
  ImGui::EndChild();
}

void DebugPanel::drawBreakpoints(uint32_t caretLine) {
  DebugController& c = controller_;
  if (!ImGui::CollapsingHeader("Breakpoints", ImGuiTreeNodeFlags_DefaultOpen)) return;
  uint32_t removeLine = 0;
  if (c.breakpoints().empty()) ImGui::TextDisabled("None: click the gutter left of a line number, or F9 on the caret's line.");
  else if (ImGui::BeginTable("##breakpoints", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV)) {
    ImGui::TableSetupColumn("Line", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3);
    ImGui::TableSetupColumn("Condition", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Hits", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 3);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed, ImGui::GetFontSize() * 5);
    ImGui::TableHeadersRow();
    for (const DocumentBreakpoint& bp : c.breakpoints()) {
      ImGui::PushID(int(bp.line));
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::Text("%u", bp.line);
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(bp.condition.empty() ? "-" : bp.condition.c_str());
      if (!bp.message.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", bp.message.c_str());
      ImGui::TableSetColumnIndex(2);
      if (c.active() && !bp.sessionId) ImGui::TextColored(kError, "unset");
      else ImGui::Text("%u", bp.hits);
      if (c.active() && !bp.sessionId && !bp.message.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", bp.message.c_str());
      ImGui::TableSetColumnIndex(3);
      if (ImGui::SmallButton("remove")) removeLine = bp.line;
      ImGui::PopID();
    }
    ImGui::EndTable();
  }
  if (removeLine) c.removeBreakpoint(removeLine);
  // A condition for the caret's line (a new breakpoint there, or the one it has).
  if (caretLine != conditionLine_) {
    conditionLine_ = caretLine;
    const DocumentBreakpoint* bp = c.breakpointAt(caretLine);
    newCondition_ = bp ? bp->condition : "";
  }
  ImGui::AlignTextToFramePadding();
  ImGui::Text("Line %u if", caretLine);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
  const bool enter = ImGui::InputTextWithHint("##condition", "HLSL condition, e.g. i == 2", &newCondition_,
                                              ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Set breakpoint") || enter) && caretLine) c.setCondition(caretLine, newCondition_);
}

void DebugPanel::draw(const ViewFonts& fonts, uint32_t caretLine) {
  controller_.poll();
  drawToolbar(caretLine);
  drawInvocation();
  ImGui::Separator();
  drawStatus(fonts);
  ImGui::Separator();
  ImGui::BeginChild("##debug_views");
  drawVariables(fonts);
  drawAccesses(fonts);
  drawWatches(fonts);
  drawWave(fonts);
  drawCallStack(fonts);
  drawSpirv(fonts);
  drawConsole(fonts);
  drawFirstDifference(fonts);
  drawBreakWhere(fonts, caretLine);
  drawBreakpoints(caretLine);
  ImGui::EndChild();
}

}  // namespace sl::views
