// Where the GPU and the CPU device first disagree for one invocation (docs/first-difference.md):
// the dispatch runs on the CPU device with a trace of the invocation (InvocationTrace.h), on the
// Vulkan device as is, and on the Vulkan device once more with an instrumented copy of the
// shader (interp/probe) that stores the invocation's values into an extra capture buffer. The
// captured values are matched with the CPU trace's values of the same (instruction, occurrence)
// and compared in the order the invocation produced them: the first that differs names the
// instruction.
//
//   FirstDifferenceResult r = findFirstDifference(words, yamlText, "t.test/pipeline.yaml", choice, "t.test");
//   std::fputs(r.report().c_str(), stdout);
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "renderer/offload/InvocationTrace.h"

namespace sl::offload {

struct FirstDifferenceOptions {
  uint32_t ulp = 4;                     // float values within this many ULP agree
  uint32_t captureWords = 1u << 22;     // capture buffer size (16 MiB)
  // Probed instructions per instrumented run: drivers' compile time grows fast with the probes
  // (lavapipe's LLVM takes minutes for a few hundred in one block), so big shaders take several.
  uint32_t probesPerRun = 64;
  std::string adapterRegex;             // which Vulkan adapter
  std::chrono::seconds timeout{120};    // per dispatch
  size_t maxSteps = 0;                  // CPU trace budget (0: InvocationTrace's default)
  // Set from another thread to stop: the CPU trace stops, and no further GPU run starts (one
  // already submitted runs to its end: a Vulkan dispatch cannot be stopped). The result is then
  // the error "cancelled".
  const std::atomic<bool>* cancel = nullptr;
};

// The first captured value that differs.
struct ValueDifference {
  uint32_t resultId = 0;
  uint32_t opcode = 0;
  std::string instruction;  // disassembly: "%45 = OpISub %uint %43 %44"
  std::string location;     // "source.hlsl:9:12", or "" without debug lines
  uint32_t occurrence = 0;  // 0: the invocation's first execution of it
  std::string gpuValue, cpuValue;
};

struct FirstDifferenceResult {
  std::string error;        // the search could not run: a located message (no Vulkan device, bad invocation, ...)
  bool usageError = false;
  std::string invocation;   // InvocationTrace::describe()
  std::string gpuName;
  std::optional<ValueDifference> first;
  size_t instrumentedRuns = 0;
  size_t captured = 0;        // values the instrumented GPU runs captured
  size_t agreed = 0;          // compared values that agreed before the first difference (or in all)
  size_t orderDependent = 0;  // captured but not compared (atomics, subgroup ops, and what they feed)
  size_t cpuValues = 0;       // probed values the CPU trace holds for the invocation (up to the difference)
  size_t notOnGpu = 0;        // of those, not captured on the GPU
  size_t notOnCpu = 0;        // captured on the GPU with no CPU value of the same (instruction, occurrence)
  bool captureOverflowed = false;
  bool cpuTraceTruncated = false;
  std::vector<std::string> warnings;  // e.g. the instrumentation changed the GPU's outputs

  bool ok() const { return error.empty(); }
  // The text `shaderlens debug --first-difference` prints (stdout when ok, else the error).
  std::string report() const;
  // 0 when every compared value agrees, 1 when one differs or the search failed, 2 on usage errors.
  int exitCode() const { return !ok() ? (usageError ? 2 : 1) : first ? 1 : 0; }
};

// `words`: the compiled shader (with -Zi its report names source lines); `pipelineText` /
// `pipelineName`: the bundle's offload pipeline YAML and how its parse errors name it; `where`
// names the bundle in other messages.
FirstDifferenceResult findFirstDifference(std::span<const uint32_t> words, const std::string& pipelineText, const std::string& pipelineName,
                                          const InvocationChoice& choice, const std::string& where,
                                          const FirstDifferenceOptions& options = {});

}  // namespace sl::offload
