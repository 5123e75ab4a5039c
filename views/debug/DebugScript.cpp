// The scripted GUI session's debugger verbs (views/Script.h; listed in docs/app.md): they drive
// the Debug tab through the same Workspace calls its buttons, menu and keys make, and check the
// stop the panel shows (values as the panel writes them, in its number format).
#include "views/Script.h"

#include "views/debug/CompareWriters.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace sl::views {

namespace {

constexpr std::chrono::seconds kRecordWait{120};
constexpr std::chrono::seconds kDifferenceWait{600};  // lavapipe compiles each instrumented copy

bool parseTriple(const std::string& text, std::array<uint32_t, 3>& out) {
  std::array<uint32_t, 3> v{0, 0, 0};
  size_t at = 0;
  for (size_t k = 0; k < 3 && at <= text.size(); ++k) {
    const size_t comma = text.find(',', at);
    const std::string part = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    char* end = nullptr;
    if (part.empty() || part[0] == '-') return false;
    v[k] = uint32_t(std::strtoul(part.c_str(), &end, 10));
    if (*end) return false;
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  out = v;
  return true;
}

bool contains(const std::string& haystack, const std::string& needle) { return haystack.find(needle) != std::string::npos; }

bool toLine(const std::string& word, uint32_t& line) {
  char* end = nullptr;
  line = uint32_t(std::strtoul(word.c_str(), &end, 10));
  return !word.empty() && !*end && line > 0;
}

const interp::debug::Variable* findVariable(const std::vector<interp::debug::Variable>& variables, const std::string& name) {
  for (const interp::debug::Variable& v : variables)
    if (v.name == name) return &v;
  return nullptr;
}

// Every note the panel shows: the recording's, the stop's, the breakpoints' messages.
std::vector<std::string> panelNotes(DebugController& c) {
  std::vector<std::string> notes;
  if (const DebugRecording* r = c.recordingShown()) notes = r->notes;
  for (const std::string& n : c.view().notes) notes.push_back(n);
  for (const DocumentBreakpoint& bp : c.breakpoints())
    if (!bp.message.empty()) notes.push_back(bp.message);
  return notes;
}

// A console line as the script reads it: "lane 1 (1,0,0): thread 1 step 0 sum=1" (no newline).
std::string consoleText(const interp::debug::DebugSession::PrintedLine& line) {
  std::string text = line.text;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.pop_back();
  return "lane " + std::to_string(line.lane) + " (" + std::to_string(line.localId[0]) + "," + std::to_string(line.localId[1]) + "," +
         std::to_string(line.localId[2]) + "): " + text;
}

}  // namespace

void GuiScript::executeDebug(const ScriptStep& step, Workspace& ws) {
  const std::string& v = step.verb;
  const auto& w = step.words;
  DebugController& c = ws.debugger();
  auto waitRecording = [&]() {
    if (!c.worker().waitUntilIdle(kRecordWait)) {
      fail(step, "the recording did not finish in 120 s");
      return false;
    }
    ws.syncDebugger();
    return true;
  };
  auto needSession = [&]() {
    ws.syncDebugger();
    if (c.active()) return true;
    const DebugRecording* r = c.recordingShown();
    fail(step, r && !r->error.empty() ? "no session: " + r->error : "no session (debug-start first)");
    return false;
  };
  waitFrames_ = 1;  // the panel and the editor show each change before the next step
  if (v == "debug-invocation") {
    // debug-invocation X,Y,Z | debug-invocation group X,Y,Z local X,Y,Z (the Debug tab's fields)
    std::array<uint32_t, 3> a{}, b{};
    if (w.size() == 1 && parseTriple(w[0], a)) c.byThread = true, c.thread = a;
    else if (w.size() == 4 && w[0] == "group" && w[2] == "local" && parseTriple(w[1], a) && parseTriple(w[3], b))
      c.byThread = false, c.group = a, c.local = b;
    else fail(step, "debug-invocation X,Y,Z or debug-invocation group X,Y,Z local X,Y,Z");
  } else if (v == "debug-subgroup") {
    uint32_t n = 0;
    if (w.size() == 1 && toLine(w[0], n)) c.subgroupSize = n;
    else fail(step, "debug-subgroup N");
  } else if (v == "debug-max-steps") {
    uint32_t n = 0;
    if (w.size() == 1 && (w[0] == "0" || toLine(w[0], n))) c.maxSteps = n;
    else fail(step, "debug-max-steps N (0: the default)");
  } else if (v == "toggle-breakpoint") {
    // toggle-breakpoint LINE (F9 on that line, or a click in its gutter)
    uint32_t line = 0;
    if (w.size() >= 1 && toLine(w[0], line)) ws.toggleBreakpoint(line);
    else fail(step, "toggle-breakpoint LINE");
  } else if (v == "break-if" || v == "break-if-refused") {
    // break-if LINE CONDITION: the breakpoint at LINE (made if missing) stops only when CONDITION
    // is true; break-if-refused LINE CONDITION: the session must refuse the condition.
    uint32_t line = 0;
    if (w.size() < 2 || !toLine(w[0], line)) {
      fail(step, v + " LINE CONDITION");
      return;
    }
    const std::string error = c.setCondition(line, step.restAfter(1));
    if (v == "break-if" && !error.empty()) fail(step, error);
    if (v == "break-if-refused" && error.empty()) fail(step, "the condition was accepted");
  } else if (v == "debug-start" || v == "debug-start-async") {
    // debug-start [fails TEXT]: F5 with no session: records, then stops at the first breakpoint hit.
    if (!ws.startDebugging()) {
      fail(step, "a recording is already going");
      return;
    }
    if (v == "debug-start-async" || !waitRecording()) return;
    const DebugRecording* r = c.recordingShown();
    const bool wantsFailure = !w.empty() && w[0] == "fails";
    if (wantsFailure && c.active()) fail(step, "the recording made a session");
    else if (wantsFailure && !(r && contains(r->error, step.restAfter(1)))) fail(step, "the error is '" + (r ? r->error : "") + "'");
    else if (!wantsFailure && !c.active()) fail(step, r ? r->error : "no recording");
  } else if (v == "debug-differing") {
    // debug-differing N: the Run tab's "Debug this" on the comparison's N-th differing element
    // (0-based) with a writer; waits for the recording.
    ws.runPanel().refresh();
    const std::shared_ptr<const RunOutcome>& o = ws.runPanel().outcome();
    const std::vector<DifferingWriter> writers = o && o->compared ? differingWriters(o->compareReport) : std::vector<DifferingWriter>{};
    uint32_t index = 0;
    char* end = nullptr;
    if (w.size() == 1) index = uint32_t(std::strtoul(w[0].c_str(), &end, 10));
    if (w.size() != 1 || *end) fail(step, "debug-differing N");
    else if (index >= writers.size()) fail(step, "the comparison names " + std::to_string(writers.size()) + " differing element(s) with a writer");
    else if (!ws.debugInvocation(writers[index].thread)) fail(step, "a recording is already going");
    else waitRecording();
  } else if (v == "wait-debug") {
    if (waitRecording() && !c.differenceJob().waitUntilIdle(kDifferenceWait)) fail(step, "the search did not finish in 600 s");
    else if (!c.whereJob().waitUntilIdle(kRecordWait)) fail(step, "the break-where search did not finish in 120 s");
    ws.syncDebugger();
  } else if (v == "debug-step" || v == "debug-continue" || v == "debug-reverse-continue" || v == "debug-restart") {
    // debug-step over|into|out|back|instruction|back-instruction [N]
    DebugMotion motion = DebugMotion::Continue;
    uint32_t times = 1;
    if (v == "debug-reverse-continue") motion = DebugMotion::ReverseContinue;
    else if (v == "debug-restart") motion = DebugMotion::Restart;
    else if (v == "debug-step") {
      bool known = false;
      for (DebugMotion m : {DebugMotion::Over, DebugMotion::Into, DebugMotion::Out, DebugMotion::Back, DebugMotion::StepInstruction,
                            DebugMotion::BackInstruction})
        if (!w.empty() && w[0] == debugMotionName(m)) motion = m, known = true;
      if (!known) {
        fail(step, "debug-step over|into|out|back|instruction|back-instruction [N]");
        return;
      }
      if (w.size() > 1 && !toLine(w[1], times)) fail(step, "bad count '" + w[1] + "'");
    }
    // Restart after an edit records again.
    const bool records = motion == DebugMotion::Restart && (!c.active() || c.stale());
    if (!records && !needSession()) return;
    for (uint32_t k = 0; k < times; ++k) ws.debugMotion(motion);
    if (records) waitRecording();
    ws.syncDebugger();
  } else if (v == "debug-stop") {
    c.stop();
    ws.syncDebugger();
  } else if (v == "debug-run-to") {
    uint32_t line = 0;
    if (w.size() != 1 || !toLine(w[0], line)) fail(step, "debug-run-to LINE");
    else if (needSession()) c.runToLine(line), ws.syncDebugger();
  } else if (v == "add-watch") {
    if (step.rest.empty()) fail(step, "add-watch EXPRESSION");
    else c.addWatch(step.rest);
  } else if (v == "remove-watch") {
    if (!c.removeWatch(step.rest)) fail(step, "no watch '" + step.rest + "'");
  } else if (v == "debug-wave") {
    c.setWaveExpression(step.rest);  // "" = the last instruction's result
  } else if (v == "debug-first-difference" || v == "debug-first-difference-async") {
    // The Debug tab's "Find first difference (GPU vs CPU)" for the session's invocation; waits
    // for the search unless -async (wait-debug waits for it then).
    if (!needSession()) return;
    if (!c.findFirstDifference()) {
      fail(step, c.stale() ? "the session is stale" : "a search is already going");
      return;
    }
    if (v == "debug-first-difference-async") return;
    if (!c.differenceJob().waitUntilIdle(kDifferenceWait)) fail(step, "the search did not finish in 600 s");
    ws.syncDebugger();
  } else if (v == "debug-go-to-difference") {
    // The first difference's "go there": the session stops just before the differing execution.
    if (needSession() && !c.goToDifference()) fail(step, c.difference() ? c.message() : "no first difference shown");
    ws.syncDebugger();
  } else if (v == "debug-first-difference-cancel") {
    if (!c.searchingDifference()) fail(step, "no search is going");
    else c.cancelFirstDifference();
  } else if (v == "debug-break-where" || v == "debug-break-where-async") {
    // debug-break-where LINE [CONDITION]: the Debug tab's Break where search over the whole
    // dispatch; waits for it unless -async (wait-debug waits then).
    uint32_t line = 0;
    if (w.empty() || !toLine(w[0], line)) {
      fail(step, v + " LINE [CONDITION]");
      return;
    }
    if (!ws.breakWhere(line, step.restAfter(1))) {
      fail(step, "a search is already going");
      return;
    }
    if (v == "debug-break-where-async") return;
    if (!c.whereJob().waitUntilIdle(kRecordWait)) fail(step, "the search did not finish in 120 s");
    ws.syncDebugger();
  } else if (v == "debug-writer-of") {
    // debug-writer-of BUFFER INDEX: the Run tab's "Debug the invocation that wrote BUFFER[INDEX]"
    // (an output value's context menu); waits for the CPU device's run and the recording.
    uint32_t index = 0;
    if (w.size() != 2 || !(w[1] == "0" || toLine(w[1], index))) {
      fail(step, "debug-writer-of BUFFER INDEX");
      return;
    }
    if (!ws.debugWriterOf(w[0], index)) {
      fail(step, "a search for a writer is already going");
      return;
    }
    if (!c.writerJob().waitUntilIdle(kRecordWait)) {
      fail(step, "the CPU device's run did not finish in 120 s");
      return;
    }
    ws.syncDebugger();  // starts the recording when a writer was found
    if (c.recording()) waitRecording();
  } else if (v == "debug-break-where-cancel") {
    if (!c.searchingWhere()) fail(step, "no search is going");
    else c.cancelBreakWhere();
  } else if (v == "debug-where-hit") {
    // debug-where-hit N: a click on the N-th (0-based) hit of the search: records its
    // invocation and stops at its arrival.
    uint32_t n = 0;
    if (w.size() != 1 || !(w[0] == "0" || toLine(w[0], n))) {
      fail(step, "debug-where-hit N");
      return;
    }
    if (!ws.debugWhereHit(n)) {
      fail(step, c.message().empty() ? "no such hit" : c.message());
      return;
    }
    waitRecording();
  } else if (v == "debug-frame") {
    // debug-frame N: a click on call-stack entry N: Locals shows that frame's (expect-debug-local reads them).
    uint32_t n = 0;
    if (w.size() != 1 || !(w[0] == "0" || toLine(w[0], n))) fail(step, "debug-frame N");
    else if (!needSession() || !c.selectFrame(n)) fail(step, "no call-stack entry " + w[0]);
    else waitFrames_ = 1;  // the editor goes to the frame's line in the next frame
  } else if (v == "debug-run-to-instruction") {
    // debug-run-to-instruction TEXT: a double-click on the first line of the SPIR-V section
    // containing TEXT (e.g. "= OpIAdd"): forward to that instruction's next execution.
    if (!needSession()) return;
    const interp::debug::Disassembly* d = c.disassembly();
    const auto& lines = d ? d->instructions : std::vector<interp::debug::DisassembledInstruction>{};
    auto it = std::find_if(lines.begin(), lines.end(), [&](const auto& inst) { return contains(inst.text, step.rest); });
    if (step.rest.empty() || it == lines.end()) fail(step, "no SPIR-V line contains '" + step.rest + "'");
    else if (!c.runToInstruction(it->wordOffset)) fail(step, c.message());
  } else if (v == "debug-console") {
    // debug-console all|this: the Console's toggle (every lane's lines, or the traced invocation's)
    if (w.size() == 1 && (w[0] == "all" || w[0] == "this")) c.consoleAllLanes = w[0] == "all";
    else fail(step, "debug-console all|this");
  } else if (v == "debug-format") {
    if (w.size() != 1 || !parseNumberFormat(w[0], c.format)) fail(step, "debug-format float|int|hex");
  }
}

void GuiScript::expectDebug(const ScriptStep& step, Workspace& ws) {
  const std::string& v = step.verb;
  const auto& w = step.words;
  ws.syncDebugger();
  DebugController& c = ws.debugger();
  const StopView& view = c.view();
  auto truth = [](const std::string& word) { return word == "yes" || word == "on" || word == "true"; };
  auto needSession = [&]() {
    if (c.active()) return true;
    const DebugRecording* r = c.recordingShown();
    fail(step, r && !r->error.empty() ? "no session: " + r->error : "no session");
    return false;
  };
  if (v == "expect-debug-line") {
    uint32_t line = 0;
    if (w.size() != 1 || !toLine(w[0], line)) fail(step, "expect-debug-line N");
    else if (needSession() && view.line != line)
      fail(step, "the debugger is at line " + std::to_string(view.line) + " (" + view.headline + ")");
  } else if (v == "expect-debug-stop") {
    // expect-debug-stop entry|step|breakpoint|finished|failed|... [TEXT]: the headline;
    // expect-debug-stop none: no session, nothing recorded (a new document)
    if (w.empty()) fail(step, "expect-debug-stop KIND [TEXT]");
    else if (w[0] == "none") {
      if (c.active() || c.recordingShown()) fail(step, c.active() ? "there is a session: " + view.headline : "a recording is shown");
    }
    else if (needSession() && (view.headline.rfind(w[0], 0) != 0 || !contains(view.headline, step.restAfter(1))))
      fail(step, "the stop is '" + view.headline + "'");
  } else if (v == "expect-debug-local" || v == "expect-debug-global" || v == "expect-debug-changed") {
    // expect-debug-local NAME VALUE | expect-debug-changed NAME yes|no
    if (w.size() < 2) {
      fail(step, "needs NAME and " + std::string(v == "expect-debug-changed" ? "yes|no" : "VALUE"));
      return;
    }
    if (!needSession()) return;
    const auto& variables = v == "expect-debug-global" ? view.globals : view.locals;
    const interp::debug::Variable* var = findVariable(variables, w[0]);
    if (!var) {
      std::string names;
      for (const auto& x : variables) names += (names.empty() ? "" : ", ") + x.name;
      fail(step, "no variable '" + w[0] + "' here (there are: " + names + ")");
      return;
    }
    const std::string shown = valueText(var->value, c.format);
    if (v == "expect-debug-changed") {
      if (var->changed != truth(w[1])) fail(step, w[0] + (var->changed ? " changed" : " did not change") + " (it is " + shown + ")");
    } else if (shown != step.restAfter(1)) {
      fail(step, w[0] + " is " + shown);
    }
  } else if (v == "expect-debug-watch") {
    // expect-debug-watch EXPR -> VALUE | expect-debug-watch EXPR -> error TEXT (one-word EXPR: the arrow may go)
    std::string expression, want;
    const size_t arrow = step.rest.find(" -> ");
    if (arrow != std::string::npos) expression = step.rest.substr(0, arrow), want = step.rest.substr(arrow + 4);
    else if (w.size() >= 2) expression = w[0], want = step.restAfter(1);
    else {
      fail(step, "expect-debug-watch EXPR -> VALUE");
      return;
    }
    const WatchRow* row = nullptr;
    for (const WatchRow& r : view.watches)
      if (r.expression == expression) row = &r;
    if (!row) fail(step, "no watch '" + expression + "' (add-watch it)");
    else if (want.rfind("error", 0) == 0) {
      if (row->value || !contains(row->error, want.size() > 6 ? want.substr(6) : ""))
        fail(step, row->value ? "it is " + valueText(*row->value, c.format) : "the error is '" + row->error + "'");
    } else if (!row->value) {
      fail(step, "error: " + row->error);
    } else if (valueText(*row->value, c.format) != want) {
      fail(step, expression + " is " + valueText(*row->value, c.format));
    }
  } else if (v == "expect-debug-wave") {
    // expect-debug-wave LANE VALUE [active|inactive] | expect-debug-wave active LIST | expect-debug-wave lanes N
    if (w.size() < 2 || !needSession()) {
      if (w.size() < 2) fail(step, "expect-debug-wave LANE VALUE [active|inactive]");
      return;
    }
    if (w[0] == "lanes") {
      if (std::to_string(view.liveLanes.count()) != w[1]) fail(step, "the wave has " + std::to_string(view.liveLanes.count()) + " lanes");
      return;
    }
    if (w[0] == "active") {
      std::string list;
      for (const interp::debug::LaneValue& l : view.wave)
        if (l.active) list += (list.empty() ? "" : ",") + std::to_string(l.lane);
      if (list != w[1]) fail(step, "the active lanes are " + (list.empty() ? "none" : list));
      return;
    }
    uint32_t lane = 0;
    char* end = nullptr;
    lane = uint32_t(std::strtoul(w[0].c_str(), &end, 10));
    const interp::debug::LaneValue* found = nullptr;
    for (const interp::debug::LaneValue& l : view.wave)
      if (l.lane == lane && !*end) found = &l;
    if (!found) {
      fail(step, "no lane " + w[0] + (view.waveError.empty() ? "" : ": " + view.waveError));
      return;
    }
    const std::string shown = found->value ? valueText(*found->value, c.format) : "<" + found->error + ">";
    if (shown != w[1]) fail(step, "lane " + w[0] + " is " + shown);
    if (w.size() > 2 && (w[2] == "active") != found->active) fail(step, "lane " + w[0] + (found->active ? " is active" : " is inactive"));
  } else if (v == "expect-debug-stack") {
    // expect-debug-stack DEPTH FUNCTION: frame DEPTH (0 innermost) is in FUNCTION
    uint32_t depth = 0;
    char* end = nullptr;
    if (w.size() != 2) {
      fail(step, "expect-debug-stack DEPTH FUNCTION");
      return;
    }
    depth = uint32_t(std::strtoul(w[0].c_str(), &end, 10));
    if (!needSession()) return;
    if (depth >= view.frames.size()) fail(step, "the stack has " + std::to_string(view.frames.size()) + " frame(s)");
    else if (!contains(view.frames[depth].function, w[1])) fail(step, "frame " + w[0] + " is " + view.frames[depth].function);
  } else if (v == "expect-debug-note") {
    bool found = false;
    for (const std::string& n : panelNotes(c)) found |= contains(n, step.rest);
    if (!found) {
      std::string all;
      for (const std::string& n : panelNotes(c)) all += "\n  " + n;
      fail(step, "no note contains '" + step.rest + "'; the notes:" + all);
    }
  } else if (v == "expect-debug-message") {
    if (!contains(c.message(), step.rest)) fail(step, "the message is '" + c.message() + "'");
  } else if (v == "expect-debug-error") {
    const DebugRecording* r = c.recordingShown();
    if (!r || !contains(r->error, step.rest)) fail(step, "the recording's error is '" + (r ? r->error : "") + "'");
  } else if (v == "expect-debug-stale") {
    if (w.size() != 1 || truth(w[0]) != c.stale()) fail(step, c.stale() ? "the session is stale" : "the session is not stale");
  } else if (v == "expect-debug-console" || v == "expect-debug-console-last") {
    // expect-debug-console TEXT: a line the Console shows contains TEXT ("lane 1 (1,0,0): sum=1");
    // expect-debug-console-last TEXT: the newest one does (where the Console scrolls to)
    if (step.rest.empty()) {
      fail(step, v + " TEXT");
      return;
    }
    if (!needSession()) return;
    const auto lines = c.consoleLines();
    bool found = false;
    if (v == "expect-debug-console-last") found = !lines.empty() && contains(consoleText(*lines.back()), step.rest);
    else
      for (const auto* line : lines) found |= contains(consoleText(*line), step.rest);
    if (!found) {
      std::string all;
      for (const auto* line : lines) all += "\n  " + consoleText(*line);
      fail(step, std::string(v == "expect-debug-console-last" ? "the newest line does not contain '" : "no line contains '") + step.rest +
                     "'; the console:" + (all.empty() ? " (empty)" : all));
    }
  } else if (v == "expect-debug-difference") {
    // expect-debug-difference TEXT: the first difference's summary (the panel's lines in one)
    // contains TEXT; `none`: the search found no difference; `error TEXT`: it failed so;
    // `cleared`: none is shown (cancelled, or never searched)
    const FirstDifferenceOutcome* d = c.difference();
    if (step.rest.empty()) fail(step, "expect-debug-difference TEXT|none|error TEXT|cleared");
    else if (step.rest == "cleared") {
      if (d) fail(step, "a result is shown: " + d->summary());
    } else if (!d) {
      fail(step, c.searchingDifference() ? "the search is still going" : "no first-difference result (debug-first-difference first)");
    } else if (step.rest == "none") {
      if (d->summary().rfind("no difference", 0) != 0) fail(step, d->summary());
    } else if (w[0] == "error") {
      if (d->summary().rfind("error: ", 0) != 0 || !contains(d->summary(), step.restAfter(1))) fail(step, d->summary());
    } else if (!contains(d->summary(), step.rest)) {
      fail(step, d->summary());
    }
  } else if (v == "expect-debug-where") {
    // expect-debug-where TEXT: the last break-where summary ("line 8 if i == 2: 3 hits in 3
    // invocations ...", the note before it) contains TEXT; `error TEXT`; `cleared`: none shown.
    const BreakWhereOutcome* where = c.whereOutcome();
    const std::string summary = where ? (where->result.note.empty() ? "" : where->result.note + "; ") + where->summary() : "";
    if (step.rest.empty()) fail(step, "expect-debug-where TEXT|error TEXT|cleared");
    else if (step.rest == "cleared") {
      if (where) fail(step, "a result is shown: " + summary);
    } else if (!where) {
      fail(step, c.searchingWhere() ? "the search is still going" : "no break-where result (debug-break-where first)");
    } else if (w[0] == "error") {
      if (where->error.empty() || !contains(where->error, step.restAfter(1))) fail(step, summary);
    } else if (!contains(summary, step.rest)) {
      fail(step, summary);
    }
  } else if (v == "expect-debug-writer") {
    // expect-debug-writer TEXT: the last "who wrote it" answer ("Out[3] was last written by
    // invocation (3,0,0) at ...", "nothing wrote ...", "error: ...") contains TEXT.
    const ElementWriterOutcome* writer = c.writerOutcome();
    if (!writer) fail(step, c.searchingWriter() ? "the search is still going" : "no writer searched (debug-writer-of first)");
    else if (!contains(writer->summary(), step.rest)) fail(step, writer->summary());
  } else if (v == "expect-debug-where-hit") {
    // expect-debug-where-hit N X,Y,Z ARRIVAL: the N-th (0-based) hit listed.
    uint32_t n = 0, arrival = 0;
    std::array<uint32_t, 3> thread{};
    const BreakWhereOutcome* where = c.whereOutcome();
    if (w.size() != 3 || !(w[0] == "0" || toLine(w[0], n)) || !parseTriple(w[1], thread) || !toLine(w[2], arrival))
      fail(step, "expect-debug-where-hit N X,Y,Z ARRIVAL");
    else if (!where || n >= where->result.hits.size())
      fail(step, "the search lists " + std::to_string(where ? where->result.hits.size() : 0) + " hit(s)");
    else if (where->result.hits[n].thread != thread || where->result.hits[n].arrival != arrival)
      fail(step, "hit " + std::to_string(n) + " is " + offload::formatTriple(where->result.hits[n].thread) + " arrival " +
                     std::to_string(where->result.hits[n].arrival));
  } else if (v == "expect-debug-read" || v == "expect-debug-wrote") {
    // expect-debug-read TEXT / expect-debug-wrote TEXT: a line of "Reads and writes" (what the
    // steps since the previous stop read or wrote) contains TEXT.
    if (!needSession()) return;
    const auto& lines = v == "expect-debug-read" ? view.reads : view.writes;
    if (std::none_of(lines.begin(), lines.end(), [&](const std::string& line) { return contains(line, step.rest); })) {
      std::string all;
      for (const std::string& line : lines) all += "\n  " + line;
      fail(step, "no line contains '" + step.rest + "':" + (all.empty() ? " (none)" : all));
    }
  } else if (v == "expect-debug-accesses") {
    // expect-debug-accesses none: nothing read or written since the previous stop; `back`: the
    // session moved back (nothing ran forward).
    if (!needSession()) return;
    if (step.rest == "back") {
      if (view.position > view.accessesFrom) fail(step, "steps ran forward");
    } else if (step.rest == "none") {
      if (!view.reads.empty() || !view.writes.empty())
        fail(step, std::to_string(view.reads.size()) + " read(s), " + std::to_string(view.writes.size()) + " write(s)");
    } else {
      fail(step, "expect-debug-accesses none|back");
    }
  } else if (v == "expect-debug-excerpt") {
    // expect-debug-excerpt TEXT | none: the stop is in another file and the panel shows its
    // current line, containing TEXT; none: no excerpt (the stop is in the document).
    if (!needSession()) return;
    const auto current = std::find_if(view.excerpt.begin(), view.excerpt.end(),
                                      [&](const auto& line) { return line.first == view.location.line; });
    if (step.rest == "none") {
      if (!view.excerpt.empty()) fail(step, "an excerpt of " + view.location.file + " is shown");
    } else if (current == view.excerpt.end()) {
      fail(step, "no excerpt (the stop is " + view.headline + ")");
    } else if (!contains(current->second, step.rest)) {
      fail(step, "the excerpt's current line is '" + current->second + "'");
    }
  } else if (v == "expect-debug-spirv") {
    // expect-debug-spirv TEXT: the SPIR-V section's current line (the instruction about to run) contains TEXT.
    if (!needSession()) return;
    const interp::debug::Disassembly* d = c.disassembly();
    if (!d || view.instructionIndex < 0 || size_t(view.instructionIndex) >= d->instructions.size())
      fail(step, d && !d->error.empty() ? "no disassembly: " + d->error : "no current SPIR-V line");
    else if (!contains(d->instructions[size_t(view.instructionIndex)].text, step.rest))
      fail(step, "the current line is '" + d->instructions[size_t(view.instructionIndex)].text + "'");
  } else if (v == "expect-debug-id") {
    // expect-debug-id ID VALUE|none: the value the SPIR-V section shows for %ID.
    if (!needSession()) return;
    uint32_t id = 0;
    if (w.size() < 2 || !toLine(w[0][0] == '%' ? w[0].substr(1) : w[0], id)) {
      fail(step, "expect-debug-id %ID VALUE|none");
      return;
    }
    const std::string shown = c.idValueText(id);
    const std::string want = step.restAfter(1);
    if (want == "none" ? !shown.empty() : shown != " = " + want) fail(step, "%" + std::to_string(id) + (shown.empty() ? " has no value" : shown));
  } else if (v == "expect-debug-spirv-value") {
    // expect-debug-spirv-value TEXT -> VALUE|none: the first SPIR-V line containing TEXT shows
    // VALUE for its result id (ids need not be spelled out).
    if (!needSession()) return;
    const size_t arrow = step.rest.find(" -> ");
    if (arrow == std::string::npos) {
      fail(step, "expect-debug-spirv-value TEXT -> VALUE|none");
      return;
    }
    const std::string text = step.rest.substr(0, arrow), want = step.rest.substr(arrow + 4);
    const interp::debug::Disassembly* d = c.disassembly();
    const auto& lines = d ? d->instructions : std::vector<interp::debug::DisassembledInstruction>{};
    auto it = std::find_if(lines.begin(), lines.end(), [&](const auto& inst) { return inst.resultId && contains(inst.text, text); });
    if (it == lines.end()) {
      fail(step, "no SPIR-V line with a result contains '" + text + "'");
      return;
    }
    const std::string shown = c.idValueText(it->resultId);
    if (want == "none" ? !shown.empty() : shown != " = " + want) fail(step, "'" + it->text + "'" + (shown.empty() ? " has no value" : shown));
  } else if (v == "expect-debug-console-lines") {
    uint32_t n = 0;
    if (w.size() != 1 || !(w[0] == "0" || toLine(w[0], n))) fail(step, "expect-debug-console-lines N");
    else if (needSession() && c.consoleLines().size() != n)
      fail(step, "the console shows " + std::to_string(c.consoleLines().size()) + " line(s)");
  } else if (v == "expect-debug-instruction") {
    if (!needSession()) return;
    if (!contains(view.instruction, step.rest)) fail(step, "the instruction is '" + view.instruction + "'");
  } else if (v == "expect-breakpoint") {
    // expect-breakpoint LINE [hits=N] [if=CONDITION] | expect-breakpoint LINE none | expect-breakpoint none
    if (w.size() == 1 && w[0] == "none") {
      if (!c.breakpoints().empty()) fail(step, std::to_string(c.breakpoints().size()) + " breakpoint(s)");
      return;
    }
    uint32_t line = 0;
    if (w.empty() || !toLine(w[0], line)) {
      fail(step, "expect-breakpoint LINE [hits=N] [if=CONDITION]");
      return;
    }
    const DocumentBreakpoint* bp = c.breakpointAt(line);
    const bool marked = ws.editor().widget->breakpointLines().count(line) != 0;
    if (w.size() > 1 && w[1] == "none") {
      if (bp || marked) fail(step, "line " + w[0] + " has a breakpoint");
      return;
    }
    if (!bp) {
      std::string lines;
      for (const DocumentBreakpoint& b : c.breakpoints()) lines += " " + std::to_string(b.line);
      fail(step, "no breakpoint at line " + w[0] + " (lines:" + lines + ")");
      return;
    }
    if (!marked) fail(step, "the editor's gutter shows no breakpoint at line " + w[0]);
    for (size_t k = 1; k < w.size(); ++k) {
      if (w[k].rfind("hits=", 0) == 0 && std::to_string(bp->hits) != w[k].substr(5)) fail(step, "hits: " + std::to_string(bp->hits));
      if (w[k].rfind("if=", 0) == 0 && bp->condition != step.rest.substr(step.rest.find("if=") + 3))
        fail(step, "the condition is '" + bp->condition + "'");
    }
  } else if (v == "expect-editor-stop") {
    // expect-editor-stop N|none: the editor marks line N as the stop and it is the line the stages link
    const uint32_t shown = ws.editor().widget->executionLine();
    uint32_t line = 0;
    if (w.size() == 1 && w[0] == "none") {
      if (shown) fail(step, "the editor marks line " + std::to_string(shown));
    } else if (w.size() != 1 || !toLine(w[0], line)) {
      fail(step, "expect-editor-stop N|none");
    } else if (shown != line) {
      fail(step, "the editor marks line " + std::to_string(shown) + " as the stop");
    } else if (ws.linkedSourceLine() != line) {
      fail(step, "the stages link line " + std::to_string(ws.linkedSourceLine()));
    }
  }
}

}  // namespace sl::views
