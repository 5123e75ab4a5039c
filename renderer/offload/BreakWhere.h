// "Break where" over a whole dispatch: every invocation that reaches a source line with a
// condition true, from one CPU-device recording per subgroup (traceInvocation), each searched by
// interp::debug::DebugSession::breakWhere. `shaderlens debug --break-where` and the app's Debug
// tab share it.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "renderer/offload/InvocationTrace.h"
#include "renderer/offload/Pipeline.h"

namespace sl::offload {

// Each recording runs the whole dispatch: past this many subgroups the search would take minutes.
constexpr uint64_t kMaxBreakWhereRecordings = 512;

struct BreakWhereHit {
  std::array<uint32_t, 3> thread{};  // dispatch thread id
  uint32_t arrival = 0;              // the invocation's nth start of the line (from 1)
};

struct BreakWhereResult {
  std::string error;        // "" when the search ran: the hits are valid
  bool usageError = false;  // the error is the request's (an invalid invocation, option)
  bool searchError = false; // the error is the line's or the condition's (DebugSession::breakWhere)
  std::vector<BreakWhereHit> hits;  // by thread id (z, y, x), then arrival
  uint64_t invocations = 0;         // distinct invocations among the hits
  uint64_t recordings = 0;          // subgroups recorded
  uint32_t subgroupWidth = 0;
  uint32_t line = 0;                // the line searched (moved to the next line with code)
  std::string where;                // "source.hlsl:9"
  std::string note;                 // "line 4 has no code: the search moves to line 6"
  bool cancelled = false;
  bool ok() const { return error.empty(); }
};

// `pipeline` is the bundle's (each recording starts from its buffers); `where` names the
// document in messages. `options.cancel`, when set, also stops the search between recordings.
BreakWhereResult breakWhereOverDispatch(std::span<const uint32_t> words, const Pipeline& pipeline, uint32_t line,
                                        const std::string& condition, const InvocationTraceOptions& options, const std::string& where);

}  // namespace sl::offload
