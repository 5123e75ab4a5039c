// Getting one invocation ready to debug, shared by `shaderlens debug` and `shaderlens dap`: the
// bundle (a .test file, or a SHADER.hlsl with a pipeline YAML or a generated one), its first
// %offloader RUN line expected to succeed, that run's shader compiled as `shaderlens run`
// compiles it plus -Zi, the pipeline parsed, the dispatch recorded on the CPU device
// (renderer/offload/InvocationTrace.h) and a DebugSession over the trace.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interp/debug/DebugSession.h"
#include "renderer/offload/Bundle.h"
#include "renderer/offload/InvocationTrace.h"
#include "renderer/offload/Pipeline.h"

namespace sl::cli {

struct DebugLaunchOptions {
  std::string file;      // FILE.test or SHADER.hlsl
  std::string pipeline;  // offload-test-suite YAML for a SHADER.hlsl; "": the generated one
  offload::InvocationChoice invocation;
  offload::InvocationTraceOptions trace;
  bool noDebugInfo = false;
  std::string tool = "shaderlens debug";  // names the command in messages
};

struct DebugTarget {
  offload::Bundle bundle;
  std::string sourcePart;       // the compiled split part ("source.hlsl")
  uint32_t userLineOffset = 0;  // a line of that part is line + offset of `file` (0 for a SHADER.hlsl)
  std::vector<uint32_t> words;  // the compiled SPIR-V
  offload::Pipeline pipeline;   // its buffers as the recorded dispatch left them
  offload::InvocationTrace recorded;
  std::unique_ptr<interp::debug::DebugSession> session;
};

struct DebugLaunchResult {
  std::unique_ptr<DebugTarget> target;
  // Without a target: the message as printed, newline included ("" when the compiler already
  // printed its diagnostics to stderr), and the exit status (2: usage, 1: anything else).
  std::string error;
  int status = 0;
};

// Compiler diagnostics go to stderr as the compile prints them; device messages and a failed
// dispatch are left in `target->recorded` for the caller to report.
DebugLaunchResult launchDebugTarget(const DebugLaunchOptions& options);

}  // namespace sl::cli
