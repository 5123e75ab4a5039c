// Getting one invocation ready to debug, shared by `shaderlens debug` and `shaderlens dap`: the
// bundle (a .test file, or a SHADER.hlsl with a pipeline YAML or a generated one), its first
// %offloader RUN line expected to succeed, that run's shader compiled as `shaderlens run`
// compiles it plus source-level debug information, the pipeline parsed, the dispatch recorded on
// the CPU device (renderer/offload/InvocationTrace.h) and a DebugSession over the trace. A
// MODULE.spv from any compiler runs as it is, with its pipeline.
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
  std::string file;      // FILE.test, SHADER.hlsl, or MODULE.spv (any compiler's SPIR-V, run as it is)
  std::string pipeline;  // offload-test-suite YAML for a SHADER.hlsl ("": the generated one) or a MODULE.spv
  offload::InvocationChoice invocation;
  offload::InvocationTraceOptions trace;
  bool noDebugInfo = false;
  // How the compile adds source-level debug information: NonSemantic.Shader.DebugInfo.100, whose
  // DebugLocalVariables give scoped locals (-Zi gives OpLine and OpName only).
  std::string debugInfoFlag = "-fspv-debug=vulkan-with-source";
  std::string tool = "shaderlens debug";  // names the command in messages
};

// The compiled program of a launch, before anything runs.
struct DebugProgram {
  offload::Bundle bundle;
  std::string sourcePart;       // the compiled split part ("source.hlsl")
  uint32_t userLineOffset = 0;  // a line of that part is line + offset of `file` (0 for a SHADER.hlsl)
  std::vector<uint32_t> words;  // the compiled SPIR-V
  std::string pipelineText;     // the run's pipeline YAML as written
  std::string pipelineName;     // "FILE/pipeline.yaml", for messages
  offload::Pipeline pipeline;   // parsed; after recording, its buffers as the dispatch left them
};

struct DebugTarget {
  std::unique_ptr<DebugProgram> program;
  offload::InvocationTrace recorded;
  std::unique_ptr<interp::debug::DebugSession> session;
};

// Why there is no program or target: the message as printed, newline included ("" when the
// compiler already printed its diagnostics to stderr), and the exit status (2: usage, 1: else).
struct LaunchFailure {
  std::string error;
  int status = 1;
};

// Reads the bundle (or makes one for a SHADER.hlsl), compiles its run's shader and parses the
// pipeline. Compiler diagnostics go to stderr as the compile prints them.
std::unique_ptr<DebugProgram> loadDebugProgram(const DebugLaunchOptions& options, LaunchFailure& failure);

// Records the chosen invocation of `program`'s dispatch and opens a session over the trace.
// Device messages and a failed dispatch are left in `recorded` for the caller to report.
std::unique_ptr<DebugTarget> recordDebugTarget(std::unique_ptr<DebugProgram> program, const DebugLaunchOptions& options,
                                               LaunchFailure& failure);

struct DebugLaunchResult {
  std::unique_ptr<DebugTarget> target;
  LaunchFailure failure;  // without a target
};

// Both steps.
DebugLaunchResult launchDebugTarget(const DebugLaunchOptions& options);

}  // namespace sl::cli
