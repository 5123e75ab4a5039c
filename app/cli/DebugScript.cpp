#include "app/cli/DebugScript.h"

#include <cctype>
#include <algorithm>
#include <cstdlib>

namespace sl::cli {

using namespace interp::debug;

namespace {

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string triple(const std::array<uint32_t, 3>& v) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
}

// "0-3,6" for the set lanes of `mask` among `live`.
std::string laneList(const interp::Mask& mask) {
  std::string s;
  for (uint32_t l = 0; l < 128;) {
    if (!mask.test(l)) {
      ++l;
      continue;
    }
    uint32_t e = l;
    while (e + 1 < 128 && mask.test(e + 1)) ++e;
    if (!s.empty()) s += ",";
    s += std::to_string(l) + (e > l ? "-" + std::to_string(e) : "");
    l = e + 1;
  }
  return s.empty() ? "none" : s;
}

bool parseLine(const std::string& text, uint32_t& line) {
  char* end = nullptr;
  const unsigned long v = std::strtoul(text.c_str(), &end, 10);
  if (text.empty() || *end || v == 0 || v > 10000000) return false;
  line = uint32_t(v);
  return true;
}

}  // namespace

std::string baseName(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

void DebugScript::printVariables(const std::vector<Variable>& variables, const std::string& indent, std::string& out) {
  for (const Variable& v : variables)
    out += indent + v.type + " " + v.name + " = " + formatValue(v.value) + (v.changed ? "  (changed)" : "") + "\n";
}

void DebugScript::printConsole(std::string& out) {
  // Moving forward shows what the invocation printed on the way; moving back shows nothing.
  const size_t position = session_.position();
  if (position > printedUpTo_)
    for (const DebugSession::PrintedLine& line : session_.printed(printedUpTo_, position)) {
      std::string text = line.text;
      while (!text.empty() && text.back() == '\n') text.pop_back();
      out += "printf: " + text + "\n";
    }
  printedUpTo_ = position;
}

void DebugScript::printStop(const Stop& stop, std::string& out) {
  ++stops_;
  previousStop_ = currentStop_;
  currentStop_ = session_.position();
  printConsole(out);  // what the invocation printed on the way here comes before the stop
  std::string reason;
  switch (stop.reason) {
    case Stop::Reason::Entry: reason = "entry"; break;
    case Stop::Reason::Step: reason = "step"; break;
    case Stop::Reason::Breakpoint: reason = "breakpoint " + std::to_string(stop.breakpoint); break;
    case Stop::Reason::Start: reason = "start (nothing earlier)"; break;
    case Stop::Reason::Error: reason = "error"; break;
    case Stop::Reason::Finished:
      reachedEnd_ = true;
      out += "stop " + std::to_string(stops_) + ": finished (the invocation returned after " + std::to_string(session_.position()) + " steps)\n";
      return;
    case Stop::Reason::Failed:
      reachedEnd_ = true;
      out += "stop " + std::to_string(stops_) + ": the dispatch failed here, after " + std::to_string(session_.position()) +
             " steps: " + session_.dispatchError() + "\n";
      return;
    case Stop::Reason::TraceEnd:
      reachedEnd_ = true;
      out += "stop " + std::to_string(stops_) + ": the trace ends here (truncated after " + std::to_string(session_.stepCount()) + " steps)\n";
      return;
  }
  if (stop.reason == Stop::Reason::Error) out += "error: " + stop.message + "\n";
  const Location where = session_.location();
  out += "stop " + std::to_string(stops_) + ": " + reason + " at ";
  if (where.known) out += baseName(where.file) + ":" + std::to_string(where.line);
  else out += "step " + std::to_string(session_.position());
  const std::vector<FrameInfo> frames = session_.callStack();
  if (!frames.empty() && !frames[0].function.empty()) out += " in " + frames[0].function;
  out += " [" + session_.instruction() + "]\n";
  if (where.known) {
    const std::string text = session_.sourceLine();
    char number[16];
    std::snprintf(number, sizeof number, "%5u", where.line);
    out += std::string(number) + " | " + text + "\n";
  }
  if (std::optional<Value> returned = session_.returnedValue()) out += "  returned " + formatValue(*returned) + "\n";
  printVariables(session_.locals(), "  ", out);
  if (options_.showGlobals) printVariables(session_.globals(), "  ", out);
  for (const std::string& w : options_.watches) {
    EvalResult r = session_.evaluate(w);
    out += "  watch " + w + " = " + (r.value ? formatValue(*r.value) : "<error " + std::to_string(r.error.column) + ": " + r.error.message + ">") + "\n";
  }
}

bool DebugScript::printExpression(const std::string& expression, Format format, std::string& out) {
  EvalResult r = session_.evaluate(expression);
  if (!r.value) {
    out += "error: '" + expression + "':" + std::to_string(r.error.column) + ": " + r.error.message + "\n";
    return false;
  }
  out += expression + " = " + formatValue(*r.value, format) + " (" + r.value->typeName + ")\n";
  return true;
}

void DebugScript::printWave(const std::string& expression, std::string& out) {
  const interp::Mask live = session_.liveLanes();
  const interp::Mask active = session_.activeMask() & live;
  out += "wave " + (expression.empty() ? "(last result)" : expression) + ": " + std::to_string(live.count()) + " lanes, active " +
         laneList(active);
  const interp::Mask inactive = live.andNot(active);
  if (inactive.any()) out += " (diverged: " + laneList(inactive) + " inactive)";
  out += "\n";
  for (const LaneValue& lane : session_.wave(expression)) {
    out += "  lane " + std::to_string(lane.lane) + " " + triple(lane.localId) + ": ";
    out += lane.value ? formatValue(*lane.value) : "<" + lane.error + ">";
    if (!lane.active) out += "  (inactive)";
    if (lane.lane == session_.tracedLane()) out += "  <- traced";
    out += "\n";
  }
}

bool DebugScript::command(const std::string& text, std::string& out) {
  const size_t space = text.find_first_of(" \t/");
  const std::string name = text.substr(0, space);
  std::string rest = space == std::string::npos ? "" : trim(text.substr(space));
  Format format = Format::Natural;
  if (!rest.empty() && rest[0] == '/') {  // print/x
    const size_t end = rest.find_first_of(" \t");
    const std::string modifier = rest.substr(1, end == std::string::npos ? std::string::npos : end - 1);
    if (modifier != "x") {
      out += "error: unknown format '/" + modifier + "' (use /x)\n";
      return false;
    }
    format = Format::Hex;
    rest = end == std::string::npos ? "" : trim(rest.substr(end));
  }
  auto needsNothing = [&]() {
    if (rest.empty()) return true;
    out += "error: '" + name + "' takes no argument\n";
    return false;
  };
  // Motion commands, with an optional repeat count (`next 3`).
  using Motion = Stop (DebugSession::*)();
  static const std::pair<const char*, Motion> motions[] = {
      {"continue", &DebugSession::continueForward}, {"c", &DebugSession::continueForward},
      {"next", &DebugSession::next}, {"n", &DebugSession::next},
      {"step", &DebugSession::stepIn}, {"s", &DebugSession::stepIn},
      {"out", &DebugSession::stepOut}, {"finish", &DebugSession::stepOut},
      {"back", &DebugSession::stepBack}, {"reverse-continue", &DebugSession::reverseContinue}, {"rc", &DebugSession::reverseContinue},
      {"stepi", &DebugSession::stepInstruction}, {"si", &DebugSession::stepInstruction},
      {"backi", &DebugSession::backInstruction}, {"restart", &DebugSession::restart}};
  for (const auto& [word, motion] : motions) {
    if (name != word) continue;
    uint32_t count = 1;
    if (!rest.empty() && !parseLine(rest, count)) {
      out += "error: '" + name + "' takes a repeat count, not '" + rest + "'\n";
      return false;
    }
    for (uint32_t k = 0; k < count; ++k) {
      const Stop stop = (session_.*motion)();
      printStop(stop, out);
      if (stop.reason == Stop::Reason::Error) return false;
      if (stop.reason == Stop::Reason::Finished || stop.reason == Stop::Reason::TraceEnd || stop.reason == Stop::Reason::Failed) break;
    }
    return true;
  }
  if (name == "until" || name == "run-to") {
    uint32_t line = 0;
    if (!parseLine(rest, line)) {
      out += "error: '" + name + "' needs a line number\n";
      return false;
    }
    std::string message;
    const Stop stop = session_.runToLine(line, message);
    if (stop.reason == Stop::Reason::Error) {
      out += "error: " + stop.message + "\n";
      return false;
    }
    if (!message.empty()) out += "note: " + message + "\n";
    printStop(stop, out);
    return true;
  }
  if (name == "break") {
    const size_t colon = rest.find(':');
    uint32_t line = 0;
    if (!parseLine(trim(rest.substr(0, colon)), line)) {
      out += "error: 'break' needs LINE or LINE:CONDITION\n";
      return false;
    }
    const BreakpointResult r = session_.addBreakpoint(line, colon == std::string::npos ? "" : trim(rest.substr(colon + 1)));
    if (!r.id) {
      out += "error: " + r.message + "\n";
      return false;
    }
    const Breakpoint& bp = session_.breakpoints().back();
    if (!r.message.empty()) out += "note: " + r.message + "\n";
    out += "breakpoint " + std::to_string(bp.id) + " at " + baseName(session_.module().sourceFiles[bp.file]) + ":" + std::to_string(bp.line) +
           (bp.condition.empty() ? "" : " if " + bp.condition) + "\n";
    return true;
  }
  if (name == "delete") {
    uint32_t id = 0;
    if (!parseLine(rest, id) || !session_.removeBreakpoint(id)) {
      out += "error: 'delete' needs the number of a breakpoint (see 'info')\n";
      return false;
    }
    out += "deleted breakpoint " + std::to_string(id) + "\n";
    return true;
  }
  if (name == "info") {
    if (!needsNothing()) return false;
    if (session_.breakpoints().empty()) out += "no breakpoints\n";
    for (const Breakpoint& bp : session_.breakpoints())
      out += "breakpoint " + std::to_string(bp.id) + " at " + baseName(session_.module().sourceFiles[bp.file]) + ":" + std::to_string(bp.line) +
             (bp.condition.empty() ? "" : " if " + bp.condition) + ", hit " + std::to_string(bp.hits) + " time" + (bp.hits == 1 ? "" : "s") + "\n";
    return true;
  }
  if (name == "locals") {
    // locals [N]: the current function's, or call-stack entry N's (`where` numbers them) as they
    // are now, in scope at its call.
    if (rest.empty()) {
      printVariables(session_.locals(), "  ", out);
      return true;
    }
    char* end = nullptr;
    const unsigned long frame = std::strtoul(rest.c_str(), &end, 10);
    const size_t depth = session_.callStack().size();
    if (*end || frame >= depth) {
      out += "error: locals takes a frame number of `where` (0.." + std::to_string(depth ? depth - 1 : 0) + "), not '" + rest + "'\n";
      return false;
    }
    const std::vector<interp::debug::Variable> variables =
        frame == 0 ? session_.locals() : session_.frameLocals(frame, session_.tracedLane());
    if (variables.empty()) out += "locals " + rest + ": none (no debug information for that frame's variables)\n";
    printVariables(variables, "  ", out);
    return true;
  }
  if (name == "globals") {
    if (!needsNothing()) return false;
    printVariables(session_.globals(), "  ", out);
    return true;
  }
  if (name == "print" || name == "p") {
    if (rest.empty()) {
      out += "error: 'print' needs an expression\n";
      return false;
    }
    return printExpression(rest, format, out);
  }
  if (name == "watch") {
    if (rest.empty()) {
      out += "error: 'watch' needs an expression\n";
      return false;
    }
    ParsedExpr parsed = parseExpression(rest);
    if (!parsed.expr) {
      out += "error: '" + rest + "':" + std::to_string(parsed.error.column) + ": " + parsed.error.message + "\n";
      return false;
    }
    options_.watches.push_back(rest);
    return printExpression(rest, Format::Natural, out);
  }
  if (name == "wave") {
    printWave(rest, out);
    return true;
  }
  if (name == "spirv") {
    // The disassembly around the instruction about to run: "> " marks it; each result the
    // traced invocation has computed in this frame shows its value.
    uint32_t around = 3;
    if (!rest.empty()) {
      char* end = nullptr;
      const unsigned long n = std::strtoul(rest.c_str(), &end, 10);
      if (*end || n > 1000) {
        out += "error: spirv takes a line count (0..1000), not '" + rest + "'\n";
        return false;
      }
      around = uint32_t(n);
    }
    if (!disassembly_) disassembly_ = interp::debug::disassembleInstructions(options_.words);
    const interp::debug::Disassembly* d = &*disassembly_;
    if (!d->error.empty()) {
      out += "error: no disassembly: " + d->error + "\n";
      return false;
    }
    const std::optional<uint32_t> offset = session_.instructionWordOffset();
    const int current = offset ? d->find(*offset) : -1;
    if (current < 0) {
      out += "spirv: no instruction runs next (the end)\n";
      return true;
    }
    const size_t first = size_t(current) > around ? size_t(current) - around : 0;
    const size_t last = std::min(d->instructions.size(), size_t(current) + around + 1);
    for (size_t k = first; k < last; ++k) {
      const interp::debug::DisassembledInstruction& inst = d->instructions[k];
      out += (int(k) == current ? "  > " : "    ") + inst.text;
      if (inst.resultId)
        if (std::optional<interp::debug::Value> value = session_.idValue(inst.resultId)) out += "  ; = " + interp::debug::formatValue(*value);
      out += "\n";
    }
    return true;
  }
  if (name == "writes" || name == "reads") {
    // What ran between the previous stop and this one wrote or read (buffers, push constants,
    // groupshared).
    if (!needsNothing()) return false;
    if (currentStop_ <= previousStop_) {
      out += name + ": nothing ran forward since the previous stop\n";
      return true;
    }
    const bool writes = name == "writes";
    const std::vector<std::string> lines = writes ? session_.writes(previousStop_, currentStop_) : session_.reads(previousStop_, currentStop_);
    if (lines.empty()) out += name + ": none since the previous stop\n";
    for (const std::string& line : lines) out += (writes ? "  wrote " : "  read ") + line + "\n";
    return true;
  }
  if (name == "console") {
    // Everything the wave printed so far, lane by lane in the order it ran.
    if (!needsNothing()) return false;
    const std::vector<DebugSession::PrintedLine> lines = session_.printed(0, session_.position(), true);
    if (lines.empty()) out += "console: nothing printed yet\n";
    for (const DebugSession::PrintedLine& line : lines) {
      std::string text = line.text;
      while (!text.empty() && text.back() == '\n') text.pop_back();
      out += "  lane " + std::to_string(line.lane) + " (" + std::to_string(line.localId[0]) + "," + std::to_string(line.localId[1]) + "," +
             std::to_string(line.localId[2]) + ")" + (line.lane == session_.tracedLane() ? " <- traced" : "") + ": " + text + "\n";
    }
    return true;
  }
  if (name == "where" || name == "bt") {
    if (!needsNothing()) return false;
    const std::vector<FrameInfo> frames = session_.callStack();
    for (size_t k = 0; k < frames.size(); ++k) {
      out += "#" + std::to_string(k) + " " + (frames[k].function.empty() ? "<unnamed>" : frames[k].function);
      if (frames[k].location.known) out += " at " + baseName(frames[k].location.file) + ":" + std::to_string(frames[k].location.line);
      out += "\n";
    }
    return true;
  }
  out += "error: unknown command '" + name + "' (see shaderlens debug --help)\n";
  return false;
}

bool DebugScript::run(const std::string& commands, std::string& out) {
  printStop(session_.start(), out);
  if (trim(commands).empty()) {
    // Every breakpoint hit, then the end.
    while (stops_ < options_.maxStops) {
      const Stop stop = session_.continueForward();
      printStop(stop, out);
      if (stop.reason != Stop::Reason::Breakpoint) return stop.reason != Stop::Reason::Error;
    }
    out += "note: stopped after " + std::to_string(options_.maxStops) + " stops\n";
    return true;
  }
  bool ok = true;
  size_t start = 0;
  while (start <= commands.size()) {
    size_t end = commands.find(';', start);
    if (end == std::string::npos) end = commands.size();
    const std::string text = trim(commands.substr(start, end - start));
    if (!text.empty() && !command(text, out)) ok = false;
    start = end + 1;
  }
  return ok;
}

}  // namespace sl::cli
