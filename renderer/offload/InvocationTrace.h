// Recording one invocation for the debugger: the pipeline's dispatch runs on the CPU device
// with a trace of the chosen invocation's subgroup (interp/debug/DebugTrace.h). Shared by
// `shaderlens debug`, `shaderlens dap`, the first-difference search and the app's debug view,
// so each records the same way. The dispatch runs once; a DebugSession then reads the trace.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "interp/debug/DebugTrace.h"
#include "renderer/hal/Status.h"
#include "renderer/offload/Pipeline.h"

namespace sl::offload {

// By SV_DispatchThreadID (`thread`), or by SV_GroupID + SV_GroupThreadID.
struct InvocationChoice {
  std::optional<std::array<uint32_t, 3>> thread;
  std::array<uint32_t, 3> group{}, local{};
};

struct InvocationTraceOptions {
  uint32_t subgroupSize = 0;  // 0: the CPU device's default (32)
  size_t maxSteps = 0;        // 0: 4M steps
  std::chrono::seconds timeout{120};
  const std::atomic<bool>* cancel = nullptr;  // set from another thread to stop the dispatch
};

struct InvocationTrace {
  std::shared_ptr<interp::debug::DebugTrace> trace;
  std::array<uint32_t, 3> thread{}, group{}, local{};
  hal::Status dispatchStatus;  // not ok: the dispatch failed; the trace runs up to the failure
  std::vector<std::string> deviceMessages;  // the CPU device's validation messages
  // "invocation (2,0,0) (workgroup (0,0,0), local (2,0,0)): lane 2 of subgroup 0 (4 lanes), 98 steps recorded"
  std::string describe() const;
};

struct InvocationTraceResult {
  std::optional<InvocationTrace> value;
  std::string error;        // a located message when there is no value
  bool usageError = false;  // the options were wrong (e.g. a subgroup size the device refuses)
};

// `words`: the compiled SPIR-V (with debug lines for source-level stepping); `pipeline`: the
// offload pipeline whose dispatch runs (its RW buffers are filled by the run); `where` names
// the pipeline in messages.
InvocationTraceResult traceInvocation(std::span<const uint32_t> words, Pipeline& pipeline, const InvocationChoice& choice,
                                      const InvocationTraceOptions& options, const std::string& where);

// "(x,y,z)"
std::string formatTriple(const std::array<uint32_t, 3>& v);

}  // namespace sl::offload
