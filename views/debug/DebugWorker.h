// Records one invocation for the debug view off the UI thread, as the Run tab runs a bundle
// (views/run/RunWorker): compiles the document's HLSL the way a run does (the bundle's RUN-line
// flags through parseRunCompileCommandLine) plus debug information (-fspv-debug=vulkan-with-source,
// as shaderlens debug), runs the pipeline's dispatch on the CPU
// device with a trace of the chosen invocation's subgroup (renderer/offload/InvocationTrace) and
// builds the DebugSession over it. A document without a bundle gets the pipeline "New from
// shader" makes (views/run/NewBundle). No ImGui: the panel swaps the finished recording in.
#pragma once

#include "core/pipeline/CompileOptions.h"
#include "interp/debug/DebugSession.h"
#include "interp/debug/Disassembly.h"
#include "renderer/offload/InvocationTrace.h"
#include "renderer/offload/Pipeline.h"
#include "views/BackgroundJob.h"

#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sl::views {

struct DebugRequest {
  std::string fileName;  // the document's file name (the source part's name for a bundle)
  std::string hlsl;      // the editor's text
  // The bundle's RUN-line flags and pipeline; without a pipeline, the one New from shader makes
  // for `options` (the toolbar's).
  std::vector<std::string> compileArgs;
  std::optional<offload::Pipeline> pipeline;
  CompileOptions options;
  offload::InvocationChoice choice;
  offload::InvocationTraceOptions trace;
};

struct DebugRecording {
  uint64_t generation = 0;
  std::string hlsl;        // the text that was recorded (an edit since makes the session stale)
  std::string error;       // why there is no session (compile failed, outside the dispatch, ...)
  std::string diagnostics; // rendered compile diagnostics
  std::string describe;    // "invocation (5,0,0) (workgroup ...): lane 5 of subgroup 0 (8 lanes), 98 steps recorded"
  std::array<uint32_t, 3> thread{}, group{}, local{};
  std::vector<std::string> notes;  // the pipeline was generated, device messages, the dispatch failed
  bool generatedPipeline = false;
  std::vector<uint32_t> words;     // the compiled SPIR-V
  // Built on the worker thread, used only by the UI thread once published.
  std::shared_ptr<interp::debug::DebugSession> session;
  // The recorded module's instructions (the Debug tab's SPIR-V section).
  std::shared_ptr<const interp::debug::Disassembly> disassembly;
  double compileMilliseconds = 0, recordMilliseconds = 0;
};

// Compiles the document for debugging into `out` (words, diagnostics, compile time, the notes of
// a generated pipeline, or the error) and gives the pipeline its dispatch runs (the bundle's, or
// the one New from shader makes): what a recording and a first-difference search share. False
// when there is nothing to run (out.error says why).
bool compileForDebug(const DebugRequest& request, DebugRecording& out, offload::Pipeline& pipeline);

// The whole recording, synchronously (the worker's body; tests call it directly).
DebugRecording recordInvocationNow(const DebugRequest& request, const std::atomic<bool>* cancel = nullptr);

// One recording at a time, off the UI thread (the machinery: views/BackgroundJob.h).
class DebugWorker : public BackgroundJob<DebugRequest, DebugRecording> {
 public:
  DebugWorker();
};

}  // namespace sl::views
