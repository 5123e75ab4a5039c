// The scripted GUI session's second stage pane verbs (views/Script.h; listed in docs/app.md):
//   second-pane on|off [spirv|dxil]          View > Second stage pane, and its target's radio button
//   second-stage STAGE                       selects the pane's STAGE tab
//   click-second-stage-line STAGE LINE       clicks line LINE of the pane's STAGE (selects its HLSL line)
//   expect-second-target spirv|dxil          the pane compiles for that target
//   expect-second-stage STAGE ok|failed|contains TEXT|lacks TEXT
//   expect-second-linked STAGE [MIN]         at least MIN lines of the pane's STAGE link to the selected HLSL line
#include "views/Script.h"

#include "views/Workspace.h"
#include "views/inspect/LineLinks.h"

namespace sl::views {

void GuiScript::secondPaneStep(const ScriptStep& step, Workspace& ws) {
  const std::string& v = step.verb;
  const auto& w = step.words;
  ComparePane& pane = ws.comparePane();
  auto need = [&](size_t n) {
    if (w.size() >= n) return true;
    fail(step, "needs " + std::to_string(n) + " argument(s)");
    return false;
  };
  auto targetNamed = [&](const std::string& word, TargetKind& target) {
    if (word == "spirv") target = TargetKind::Spirv;
    else if (word == "dxil") target = TargetKind::Dxil;
    else fail(step, "the target is spirv or dxil, not '" + word + "'");
    return word == "spirv" || word == "dxil";
  };
  if (v == "second-pane") {
    if (!need(1)) return;
    if (w[0] != "on" && w[0] != "off") return fail(step, "second-pane on|off [spirv|dxil]");
    ws.setComparePaneOpen(w[0] == "on");
    if (TargetKind target; w.size() > 1 && targetNamed(w[1], target)) pane.setTarget(target);
    return;
  }
  if (!pane.open()) return fail(step, "the second stage pane is not open (second-pane on)");
  if (v == "second-stage") {
    if (need(1)) pane.stagePanel().selectStage(w[0]);
    return;
  }
  if (v == "expect-second-target") {
    if (TargetKind target; need(1) && targetNamed(w[0], target) && pane.target() != target)
      fail(step, std::string("the second pane compiles for ") + targetLabel(pane.target()));
    return;
  }
  // The rest read the pane's compile: every stage's text first, as expect-stage does.
  pane.fillStageText();
  const CompileResult* snapshot = pane.snapshot().get();
  if (!snapshot) return fail(step, "the second pane has not compiled (wait-compile first)");
  if (snapshot->options.target != pane.target()) return fail(step, "the second pane's compile is for the other target (wait-compile first)");
  if (!need(1)) return;
  const StageArtifact* artifact = snapshot->stage(w[0]);
  if (!artifact) return fail(step, "stage '" + w[0] + "' did not run in the second pane");
  if (v == "click-second-stage-line") {
    uint32_t line = 0;
    if (!need(2) || !parseScriptUnsigned(w[1], line)) return fail(step, "click-second-stage-line STAGE LINE");
    pane.stagePanel().selectStage(w[0]);
    if (uint32_t source = pane.stagePanel().clickLine(*snapshot, w[0], line)) {
      ws.selectSourceLine(source);
      ws.jumpTo(source, 0);
    } else {
      fail(step, "line " + w[1] + " of the second pane's '" + w[0] + "' comes from no HLSL line");
    }
  } else if (v == "expect-second-stage") {
    if (!need(2)) return;
    const std::string text = step.restAfter(2);
    if (w[1] == "ok" && !artifact->ok) fail(step, "stage '" + w[0] + "' failed in the second pane");
    else if (w[1] == "failed" && artifact->ok) fail(step, "stage '" + w[0] + "' succeeded in the second pane");
    else if (w[1] == "contains" && artifact->text.find(text) == std::string::npos)
      fail(step, "the second pane's '" + w[0] + "' does not contain '" + text + "'");
    else if (w[1] == "lacks" && artifact->text.find(text) != std::string::npos)
      fail(step, "the second pane's '" + w[0] + "' contains '" + text + "'");
  } else if (v == "expect-second-linked") {
    uint32_t min = 1;
    if (w.size() > 1) parseScriptUnsigned(w[1], min);
    const size_t n = stageLinesForSource(*artifact, snapshot->fileName, ws.linkedSourceLine()).size();
    if (n < min)
      fail(step, std::to_string(n) + " line(s) of the second pane's '" + w[0] + "' linked to HLSL line " +
                     std::to_string(ws.linkedSourceLine()) + ", expected at least " + std::to_string(min));
  } else {
    fail(step, "unknown verb '" + v + "'");
  }
}

}  // namespace sl::views
