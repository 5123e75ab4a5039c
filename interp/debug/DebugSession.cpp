// DebugSession (DebugSession.h): building the session over a trace (line starts, the entry
// stop), breakpoints, every motion, locations and the call stack. Reading values at a stop is in
// DebugSessionValues.cpp.
#include "interp/debug/DebugSession.h"

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <algorithm>

#include "interp/OpNames.h"

namespace sl::interp::debug {

namespace {

const Module& emptyModule() {
  static const Module m;
  return m;
}

}  // namespace

DebugSession::DebugSession(std::shared_ptr<const DebugTrace> trace, std::span<const uint32_t> words)
    : trace_(std::move(trace)),
      module_(trace_->module ? *trace_->module : emptyModule()),
      info_(readDebugInfo(module_, words, module_.entryPoints.empty() || trace_->entryPoint >= module_.entryPoints.size()
                                              ? ~0u
                                              : module_.entryPoints[trace_->entryPoint].function)),
      cursor_(*trace_, module_.workgroupBytes, seedsOf(*trace_)) {
  const size_t n = trace_->steps.size();
  if (!trace_->started || !trace_->module) notes_.push_back("the traced invocation never ran: there is nothing to step through");
  if (!info_.hasLines)
    notes_.push_back("the module has no OpLine or DebugLine: stepping is by SPIR-V instruction and there are no source lines (compile with -Zi)");
  bool named = false;
  for (const Function& f : module_.functions)
    for (const Function::Local& local : f.locals)
      if (local.id < module_.names.size() && !module_.names[local.id].empty()) named = true;
  if (!named && info_.locals.empty() && !module_.functions.empty())
    notes_.push_back("the module names no function variables (OpName): locals are not shown");
  if (trace_->truncated)
    notes_.push_back("the trace was truncated after " + std::to_string(n) + " steps: the invocation ran on, but past that point nothing is recorded");

  // Locals' layouts and each result id's instruction, per function.
  localLayouts_.resize(module_.functions.size());
  definingInst_.resize(module_.functions.size());
  for (size_t fi = 0; fi < module_.functions.size(); ++fi) {
    const Function& f = module_.functions[fi];
    for (uint32_t i = 0; i < f.insts.size(); ++i) {
      const Inst& inst = f.insts[i];
      if (inst.opcode == spv::OpVariable) localLayouts_[fi].push_back({inst.resultId, inst.aux2});
      if (inst.resultId) definingInst_[fi][inst.resultId] = i;
    }
  }

  // Line starts of the traced lane: a located step whose line differs from the last located
  // step of its frame (or the first one of the frame).
  // Inlined code (DebugScope ... Inlined) is a frame of its own: a line starts when the line
  // differs from the last one of its (frame, inlining), or when the step just entered a deeper
  // inlining than its frame's previous located step.
  lineStart_.assign(n, 0);
  std::unordered_map<uint64_t, std::pair<uint32_t, uint32_t>> lastLine;  // (frame, inlined) -> (file, line)
  std::unordered_map<uint32_t, uint32_t> lastDepth;                       // frame -> stepDepth
  for (size_t s = 0; s < n; ++s) {
    if (!activeAt(s)) continue;
    activeEnd_ = s + 1;
    const TraceStep& step = trace_->steps[s];
    const Inst& inst = module_.functions[step.function].insts[step.inst];
    if (!inst.location || inst.location >= module_.locations.size()) continue;
    const SourceLocation& l = module_.locations[inst.location];
    if (!l.line) continue;
    const uint32_t frame = cursor_.frameOf(s);
    const uint64_t key = (uint64_t(frame) << 32) | inlinedOf(s);
    const uint32_t depth = stepDepth(s);
    auto last = lastLine.find(key);
    auto previousDepth = lastDepth.find(frame);
    const bool entered = previousDepth != lastDepth.end() && depth > previousDepth->second;
    if (last == lastLine.end() || last->second != std::make_pair(l.file, l.line) || entered) lineStart_[s] = 1;
    lastLine[key] = {l.file, l.line};
    lastDepth[frame] = depth;
  }
  firstStop_ = activeEnd_;
  for (size_t s = 0; s < activeEnd_; ++s)
    if (info_.hasLines ? lineStart_[s] != 0 : activeAt(s)) {
      firstStop_ = s;
      break;
    }
  // An entry point that only calls the shader's body on its own line (the glue front ends emit
  // around `main`) is skipped: the entry stop is the body's first line.
  for (size_t s = firstStop_ + 1; info_.hasLines && s < activeEnd_; ++s) {
    if (!lineStart_[s]) continue;
    const Location here = locationOf(firstStop_), next = locationOf(s);
    if (stepDepth(s) <= stepDepth(firstStop_) || here.file != next.file || here.line != next.line) break;
    firstStop_ = s;
  }
}

std::vector<TraceCursor::Seed> DebugSession::seedsOf(const DebugTrace& trace) {
  std::vector<TraceCursor::Seed> seeds;
  for (const auto& [global, bytes] : trace.buffers) seeds.push_back({ObjectKind::Buffer, global, &bytes});
  seeds.push_back({ObjectKind::PushConstant, 0, &trace.pushConstants});
  return seeds;
}

void DebugSession::setDispatchError(std::string message) {
  dispatchError_ = std::move(message);
  notes_.push_back(trace_->truncated ? "the dispatch failed after the trace's end"
                                     : "the dispatch failed after step " + std::to_string(activeEnd_) + ": the trace ends there");
}

void DebugSession::addSourceText(const std::string& file, std::string text) {
  if (!info_.sources.count(file)) info_.sources[file] = std::move(text);
}

std::string DebugSession::functionName(uint32_t frame) const {
  const uint32_t index = cursor_.frame(frame).function;
  const std::string& name = module_.functions[index].name;
  if (!name.empty() || index >= info_.functionNames.size()) return name;
  return info_.functionNames[index];  // DebugFunction's, when the module has no OpName for it
}

uint32_t DebugSession::inlinedOf(size_t step) const {
  const TraceStep& s = trace_->steps[step];
  if (s.function >= info_.instInlined.size() || s.inst >= info_.instInlined[s.function].size()) return 0;
  return info_.instInlined[s.function][s.inst];
}

uint32_t DebugSession::stepDepth(size_t step) const {
  return trace_->steps[step].depth * kInlineLevels + std::min(info_.inlineDepth(inlinedOf(step)), kInlineLevels - 1);
}

uint32_t DebugSession::depthAt(size_t position) const {
  const auto& steps = trace_->steps;
  if (steps.empty()) return 0;
  return stepDepth(std::min(position, steps.size() - 1));
}

Location DebugSession::locationOf(size_t step) const {
  Location where;
  if (step >= trace_->steps.size()) return where;
  const TraceStep& s = trace_->steps[step];
  const Inst& inst = module_.functions[s.function].insts[s.inst];
  if (!inst.location || inst.location >= module_.locations.size()) return where;
  const SourceLocation& l = module_.locations[inst.location];
  if (!l.line) return where;
  where.known = true;
  where.file = l.file < module_.sourceFiles.size() && !module_.sourceFiles[l.file].empty() ? module_.sourceFiles[l.file] : "<source>";
  where.line = l.line;
  where.column = l.column;
  return where;
}

// ---- breakpoints ------------------------------------------------------------------------------

std::optional<Breakpoint> DebugSession::resolveBreakpoint(uint32_t line, const std::string& condition, const std::string& file,
                                                          std::string& error) const {
  if (!info_.hasLines) {
    error = "cannot set a breakpoint at line " + std::to_string(line) + ": the module has no source lines (compile with -Zi)";
    return std::nullopt;
  }
  uint32_t fileIndex = info_.mainFile;
  if (!file.empty()) {
    fileIndex = 0;
    for (uint32_t k = 1; k < module_.sourceFiles.size(); ++k) {
      const std::string& name = module_.sourceFiles[k];
      if (name == file || (name.size() > file.size() && name.compare(name.size() - file.size(), file.size(), file) == 0 &&
                           (name[name.size() - file.size() - 1] == '/' || name[name.size() - file.size() - 1] == '\\')))
        fileIndex = k;
    }
    if (!fileIndex) {
      error = "no source file '" + file + "' in the module";
      return std::nullopt;
    }
  }
  const std::set<uint32_t>& lines = info_.codeLines[fileIndex];
  auto it = lines.lower_bound(line);
  const std::string fileName = module_.sourceFiles[fileIndex];
  if (line == 0 || it == lines.end()) {
    error = "no code at or after line " + std::to_string(line) + " of " + fileName +
                     (lines.empty() ? "" : " (the last line with code is " + std::to_string(*lines.rbegin()) + ")");
    return std::nullopt;
  }
  Breakpoint bp;
  bp.file = fileIndex;
  bp.line = *it;
  bp.requestedLine = line;
  if (!condition.empty()) {
    ParsedExpr parsed = parseExpression(condition);
    if (!parsed.expr) {
      error = "condition '" + condition + "':" + std::to_string(parsed.error.column) + ": " + parsed.error.message;
      return std::nullopt;
    }
    bp.condition = condition;
    bp.parsed = std::move(parsed.expr);
  }
  return bp;
}

BreakpointResult DebugSession::addBreakpoint(uint32_t line, const std::string& condition, const std::string& file) {
  BreakpointResult result;
  std::optional<Breakpoint> bp = resolveBreakpoint(line, condition, file, result.message);
  if (!bp) return result;
  bp->id = ++lastBreakpointId_;
  if (bp->line != line) result.message = "line " + std::to_string(line) + " has no code: breakpoint " + std::to_string(bp->id) +
                                         " moves to line " + std::to_string(bp->line);
  result.id = bp->id;
  breakpoints_.push_back(std::move(*bp));
  return result;
}

bool DebugSession::removeBreakpoint(uint32_t id) {
  for (auto it = breakpoints_.begin(); it != breakpoints_.end(); ++it)
    if (it->id == id) {
      breakpoints_.erase(it);
      return true;
    }
  return false;
}

std::optional<Stop> DebugSession::breakpointAt(size_t position) {
  if (position >= activeEnd_ || !lineStart_[position]) return std::nullopt;
  const TraceStep& s = trace_->steps[position];
  const Inst& inst = module_.functions[s.function].insts[s.inst];
  const SourceLocation& l = module_.locations[inst.location];
  for (Breakpoint& bp : breakpoints_) {
    if (bp.file != l.file || bp.line != l.line) continue;
    if (bp.parsed) {
      cursor_.moveTo(position);
      EvalResult r = evaluate(bp.condition);
      if (!r.value) {
        Stop stop;
        stop.reason = Stop::Reason::Error;
        stop.breakpoint = bp.id;
        stop.message = "breakpoint " + std::to_string(bp.id) + " condition '" + bp.condition + "':" + std::to_string(r.error.column) + ": " +
                       r.error.message;
        return stop;
      }
      if (!r.value->isScalar()) {
        Stop stop;
        stop.reason = Stop::Reason::Error;
        stop.breakpoint = bp.id;
        stop.message = "breakpoint " + std::to_string(bp.id) + " condition '" + bp.condition + "' is a " + r.value->typeName + ", not a scalar";
        return stop;
      }
      if (!r.value->truthy()) continue;
    }
    ++bp.hits;
    Stop stop;
    stop.reason = Stop::Reason::Breakpoint;
    stop.breakpoint = bp.id;
    return stop;
  }
  return std::nullopt;
}

// ---- motion -----------------------------------------------------------------------------------

Stop DebugSession::moveTo(size_t position, Stop::Reason reason) {
  cursor_.moveTo(position);
  Stop stop;
  stop.reason = reason;
  if (position >= activeEnd_ && (reason == Stop::Reason::Step || reason == Stop::Reason::Finished))
    // A truncated trace ends before whatever ended the dispatch.
    stop.reason = trace_->truncated ? Stop::Reason::TraceEnd : !dispatchError_.empty() ? Stop::Reason::Failed : Stop::Reason::Finished;
  return stop;
}

Stop DebugSession::start() { return moveTo(firstStop_, Stop::Reason::Entry); }

Stop DebugSession::continueForward() {
  for (size_t q = cursor_.position() + 1; q < activeEnd_; ++q)
    if (std::optional<Stop> hit = breakpointAt(q)) {
      cursor_.moveTo(q);
      return *hit;
    }
  return moveTo(activeEnd_, Stop::Reason::Finished);
}

Stop DebugSession::next() {
  const size_t from = cursor_.position();
  const uint32_t depth = depthAt(from);
  for (size_t q = from + 1; q < activeEnd_; ++q) {
    const bool stop = info_.hasLines ? lineStart_[q] != 0 : activeAt(q);
    if (!stop) continue;
    if (stepDepth(q) <= depth) return moveTo(q, Stop::Reason::Step);
    if (std::optional<Stop> hit = breakpointAt(q)) {  // a breakpoint in a call stepped over
      cursor_.moveTo(q);
      return *hit;
    }
  }
  return moveTo(activeEnd_, Stop::Reason::Finished);
}

Stop DebugSession::stepIn() {
  for (size_t q = cursor_.position() + 1; q < activeEnd_; ++q)
    if (info_.hasLines ? lineStart_[q] != 0 : activeAt(q)) return moveTo(q, Stop::Reason::Step);
  return moveTo(activeEnd_, Stop::Reason::Finished);
}

Stop DebugSession::stepOut() {
  const size_t from = cursor_.position();
  const uint32_t depth = depthAt(from);
  for (size_t q = from + 1; q < activeEnd_; ++q) {
    if (!activeAt(q)) continue;
    if (stepDepth(q) < depth) return moveTo(q, Stop::Reason::Step);
    if (std::optional<Stop> hit = breakpointAt(q)) {
      cursor_.moveTo(q);
      return *hit;
    }
  }
  return moveTo(activeEnd_, Stop::Reason::Finished);
}

Stop DebugSession::stepBack() {
  const size_t from = std::min(cursor_.position(), activeEnd_);
  // From the end, the last line the invocation ran, in whatever frame it was.
  const uint32_t depth = from >= activeEnd_ ? ~0u : depthAt(from);
  for (size_t q = from; q-- > 0;) {
    const bool stop = info_.hasLines ? lineStart_[q] != 0 : activeAt(q);
    if (stop && stepDepth(q) <= depth) return moveTo(q, Stop::Reason::Step);
  }
  return moveTo(firstStop_, Stop::Reason::Start);
}

Stop DebugSession::reverseContinue() {
  for (size_t q = std::min(cursor_.position(), activeEnd_); q-- > 0;)
    if (std::optional<Stop> hit = breakpointAt(q)) {
      cursor_.moveTo(q);
      return *hit;
    }
  return moveTo(firstStop_, Stop::Reason::Start);
}

Stop DebugSession::runToLine(uint32_t line, std::string& message) {
  BreakpointResult added = addBreakpoint(line);
  message = added.message;
  if (!added.id) {
    Stop stop;
    stop.reason = Stop::Reason::Error;
    stop.message = added.message;
    return stop;
  }
  breakpoints_.back().temporary = true;
  // Only the temporary breakpoint stops a run to a line.
  std::vector<Breakpoint> kept;
  kept.swap(breakpoints_);
  breakpoints_.push_back(kept.back());
  Stop stop = continueForward();
  if (stop.reason == Stop::Reason::Breakpoint) stop.reason = Stop::Reason::Step;
  kept.pop_back();
  breakpoints_.swap(kept);
  return stop;
}

Stop DebugSession::stepInstruction() {
  for (size_t q = cursor_.position() + 1; q < activeEnd_; ++q)
    if (activeAt(q)) return moveTo(q, Stop::Reason::Step);
  return moveTo(activeEnd_, Stop::Reason::Finished);
}

Stop DebugSession::goToStep(size_t step) {
  if (step >= activeEnd_) return moveTo(activeEnd_, Stop::Reason::Finished);
  return moveTo(std::max(step, firstStop_), Stop::Reason::Step);
}

Stop DebugSession::backInstruction() {
  for (size_t q = std::min(cursor_.position(), activeEnd_); q-- > 0;)
    if (activeAt(q)) return moveTo(q, Stop::Reason::Step);
  return moveTo(firstStop_, Stop::Reason::Start);
}

// ---- state ------------------------------------------------------------------------------------

Location DebugSession::location() const {
  const size_t p = cursor_.position();
  if (p >= trace_->steps.size()) return {};
  // A stop between lines (after a return, an instruction step) shows the last line of its frame.
  const uint32_t frame = cursor_.frameOf(p);
  const size_t first = cursor_.frame(frame).firstStep;
  for (size_t q = p + 1; q-- > first;) {
    if (cursor_.frameOf(q) != frame) continue;
    Location l = locationOf(q);
    if (l.known) return l;
    if (p - q > 4096) break;
  }
  return {};
}

std::string DebugSession::sourceLine() const {
  const Location l = location();
  return l.known ? info_.sourceLine(l.file, l.line) : "";
}

std::string DebugSession::instruction() const {
  const size_t p = cursor_.position();
  if (p >= trace_->steps.size()) return "";
  const TraceStep& s = trace_->steps[p];
  const Inst& inst = module_.functions[s.function].insts[s.inst];
  std::string text = opcodeName(inst.opcode);
  if (inst.resultId) text += " %" + std::to_string(inst.resultId);
  return text;
}

std::optional<uint32_t> DebugSession::instructionWordOffset() const {
  const size_t p = cursor_.position();
  if (p >= trace_->steps.size() || p >= activeEnd_) return std::nullopt;
  const TraceStep& s = trace_->steps[p];
  return module_.functions[s.function].insts[s.inst].wordOffset;
}

std::optional<Value> DebugSession::idValue(uint32_t id) { return valueOfId(cursor_.currentFrame(), id, trace_->lane); }

Mask DebugSession::activeMask() const {
  const size_t p = cursor_.position();
  return p < trace_->steps.size() ? trace_->steps[p].active : Mask{};
}

std::vector<FrameInfo> DebugSession::callStack() const {
  std::vector<FrameInfo> frames;
  uint32_t frame = cursor_.currentFrame();
  if (frame == TraceCursor::kNone) return frames;
  // One real frame at `step`: the functions its DebugInlinedAt chain inlined into it, innermost
  // first, each at the line of the inlined call.
  auto expand = [&](uint32_t realFrame, size_t step, Location where) {
    const uint32_t inlined = step < trace_->steps.size() ? inlinedOf(step) : 0;
    uint32_t scope = 0;
    if (step < trace_->steps.size()) {
      const TraceStep& s = trace_->steps[step];
      if (s.inst < info_.instScopes[s.function].size()) scope = info_.instScopes[s.function][s.inst];
    }
    if (!inlined) {
      // OpName's name; else the DebugFunction the instruction's scope lies in.
      const std::string name = functionName(realFrame);
      frames.push_back({name.empty() ? info_.functionOfScope(scope) : name, where});
      return;
    }
    frames.push_back({info_.functionOfScope(scope), where});
    uint32_t level = inlined;
    for (int guard = 0; level && guard < int(kInlineLevels); ++guard) {
      auto it = info_.inlinedAt.find(level);
      if (it == info_.inlinedAt.end()) break;
      Location call = where;
      call.line = it->second.line;
      call.column = 0;
      std::string name = info_.functionOfScope(it->second.scope);
      frames.push_back({name.empty() ? functionName(realFrame) : name, call});
      level = it->second.next;
    }
  };
  expand(frame, cursor_.position(), location());
  for (uint32_t child = frame; cursor_.frame(child).parent != TraceCursor::kNone; child = cursor_.frame(child).parent) {
    const TraceCursor::Frame& f = cursor_.frame(child);
    if (f.firstStep > 0) expand(f.parent, f.firstStep - 1, locationOf(f.firstStep - 1));
    else frames.push_back({functionName(f.parent), {}});
  }
  return frames;
}

std::vector<DebugSession::PrintedLine> DebugSession::printed(size_t from, size_t to, bool allLanes) const {
  std::vector<PrintedLine> lines;
  const std::vector<TracePrint>& prints = trace_->prints;
  auto first = std::lower_bound(prints.begin(), prints.end(), from, [](const TracePrint& p, size_t step) { return p.step < step; });
  for (auto it = first; it != prints.end() && it->step < to; ++it) {
    if (!allLanes && it->lane != trace_->lane) continue;
    PrintedLine line;
    line.step = it->step;
    line.lane = it->lane;
    if (it->lane < trace_->laneLocalIds.size()) line.localId = trace_->laneLocalIds[it->lane];
    line.text = it->text;
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace sl::interp::debug
