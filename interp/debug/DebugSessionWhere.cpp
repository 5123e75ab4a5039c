// "Break where" over one trace: every lane of the traced wave, every time it starts a line, with
// the condition evaluated for that lane at that step. A lane starts a line at a step it executes
// when its previous located step in the same frame was on another line, which is what a
// breakpoint means for the traced lane (DebugSession's line starts).
#include <unordered_map>

#include "interp/debug/DebugSession.h"

namespace sl::interp::debug {

DebugSession::WhereResult DebugSession::breakWhere(uint32_t line, const std::string& condition) {
  WhereResult result;
  // The same resolution and parsing as a breakpoint's; the breakpoint itself is not kept.
  const BreakpointResult added = addBreakpoint(line, condition);
  if (!added.id) {
    result.error = added.message;
    return result;
  }
  const Breakpoint bp = breakpoints_.back();
  removeBreakpoint(*added.id);
  result.line = bp.line;
  result.note = added.message;

  const size_t start = cursor_.position();
  const uint32_t width = trace_->width;
  // Per lane: its frame depth -> the line of its last located step there.
  std::vector<std::unordered_map<uint32_t, uint32_t>> lastLine(width);
  std::vector<uint32_t> arrivals(width, 0);
  std::string firstError;
  bool evaluated = false;
  const auto& steps = trace_->steps;
  for (size_t s = 0; s < activeEnd_ && s < steps.size(); ++s) {
    const TraceStep& step = steps[s];
    const Inst& inst = module_.functions[step.function].insts[step.inst];
    if (!inst.location || inst.location >= module_.locations.size()) continue;
    const SourceLocation& where = module_.locations[inst.location];
    if (!where.line) continue;
    const uint32_t depth = stepDepth(s);
    for (uint32_t lane = 0; lane < width; ++lane) {
      if (!step.active.test(lane) || !trace_->liveLanes.test(lane)) continue;
      auto& frames = lastLine[lane];
      // Frames deeper than this step's have returned: a new call starts fresh.
      for (auto it = frames.begin(); it != frames.end();) it = it->first > depth ? frames.erase(it) : std::next(it);
      const uint32_t key = where.file << 20 | where.line;
      auto [it, fresh] = frames.try_emplace(depth, key);
      const bool starts = fresh || it->second != key;
      it->second = key;
      if (!starts || where.file != bp.file || where.line != bp.line) continue;
      const uint32_t arrival = ++arrivals[lane];
      if (bp.parsed) {
        cursor_.moveTo(s);
        EvalResult r = evaluate(bp.condition, lane);
        if (r.value && !r.value->isScalar()) {
          result.error = "condition '" + bp.condition + "' is a " + r.value->typeName + ", not a scalar";
          result.hits.clear();
          cursor_.moveTo(start);
          return result;
        }
        // A name one lane cannot read here is that lane's miss; if no lane can, it is the error.
        if (!r.value) {
          if (firstError.empty()) firstError = "condition '" + bp.condition + "':" + std::to_string(r.error.column) + ": " + r.error.message;
          continue;
        }
        evaluated = true;
        if (!r.value->truthy()) continue;
      }
      WhereHit hit;
      hit.lane = lane;
      if (lane < trace_->laneLocalIds.size()) hit.localId = trace_->laneLocalIds[lane];
      hit.step = s;
      hit.arrival = arrival;
      result.hits.push_back(hit);
    }
  }
  cursor_.moveTo(start);
  if (!evaluated && !firstError.empty()) result.error = firstError;
  return result;
}

}  // namespace sl::interp::debug
