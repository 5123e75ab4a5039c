// Runs a bundle off the UI thread: compiles the HLSL for Vulkan (the flags `shaderlens run`
// uses), opens the chosen device and runs the pipeline through renderer/offload's executor,
// then evaluates the Results rules. One run at a time; the outcome is published as an
// immutable snapshot the UI swaps in, as with compiles.
#pragma once

#include "renderer/offload/Executor.h"
#include "renderer/offload/Pipeline.h"
#include "views/BackgroundJob.h"

#include <atomic>
#include <memory>
#include <string>
#include <vector>

namespace sl::views {

struct RunRequest {
  std::string fileName;  // for diagnostics
  std::string hlsl;
  std::vector<std::string> compileArgs;  // DXC options of the RUN line (no -spirv, no input)
  offload::Pipeline pipeline;
  int adapterIndex = -1;  // into listAdapters(); -1: the first Vulkan adapter
  // Run on the chosen device and on the CPU device and compare every output element
  // (renderer/offload/Compare.h); the outcome carries the report.
  bool compareWithCpu = false;
  // The dispatch's deadline (0: none).
  uint32_t timeoutSeconds = 120;
};

// Per element of a Results rule's actual buffer: whether it differs from the expected one.
struct RuleComparison {
  std::string name;      // the rule's Result name
  int actualIndex = -1;  // buffers in RunOutcome::pipeline
  int expectedIndex = -1;
  bool passed = true;
  std::vector<bool> mismatch;  // per scalar of the actual buffer's first block
};

struct RunOutcome {
  uint64_t generation = 0;
  bool compiled = false;
  bool ran = false;        // the dispatch completed and outputs were read back
  std::string error;       // compile, device or execution failure
  std::string diagnostics; // rendered compile diagnostics
  std::string deviceName;
  double compileMilliseconds = 0;
  double runMilliseconds = 0;  // upload + dispatch + read-back, on the device
  offload::Pipeline pipeline;  // with outputs as read back
  std::vector<RuleComparison> rules;
  bool resultsPassed = true;
  std::vector<std::string> mismatchLines;  // the rules' mismatch lines
  // Compare with the CPU device: whether it ran, whether the devices agree, and the report
  // (each differing element with the invocation that last wrote it and its source line).
  bool compared = false;
  bool devicesAgree = false;
  std::string compareReport;
  // The outputs (buffers bound read-write) all read back exactly as they were uploaded: the
  // dispatch wrote nothing a user could look at (a wrong binding, a guarded-out write).
  bool wroteNothing = false;
};

// What a run's outcome says, as the Run tab's headline and `expect-run` read it: the dispatch
// failed (or never started); the Results rules passed or failed; it ran but the bundle has no
// rules to check (never a pass); it ran but every output is as uploaded.
enum class RunVerdict { Error, Passed, Failed, Unchecked, WroteNothing };
RunVerdict runVerdict(const RunOutcome& outcome);
const char* runVerdictName(RunVerdict verdict);  // "error", "passed", "failed", "unchecked", "wrote-nothing"

// Why `pipeline` cannot feed the compiled module: the first binding the entry point uses that no
// resource of the pipeline sits at (Vulkan set and binding), or "" when every one has one.
std::string missingInputs(const std::vector<uint8_t>& spirv, const std::string& entry, const offload::Pipeline& pipeline);

// Compares the buffers of each Results rule element by element (the rule's own comparison).
std::vector<RuleComparison> compareResults(const offload::Pipeline& pipeline);

// The adapters a run can choose from: "name (backend)" in enumeration order (Vulkan devices,
// then the CPU device).
std::vector<std::string> listAdapters(std::string* error = nullptr);

// The whole run, synchronously (the worker's body; tests call it directly).
// `cancel`, when set from another thread, stops it ("cancelled"): the CPU device stops its
// dispatch; a GPU is left to finish in the background (it cannot be stopped).
RunOutcome runBundleNow(const RunRequest& request, const std::atomic<bool>* cancel = nullptr);

// One run at a time, off the UI thread (the machinery: views/BackgroundJob.h); Cancel and
// quitting stop it (a GPU's dispatch is left to finish on its own).
class RunWorker : public BackgroundJob<RunRequest, const RunOutcome> {
 public:
  RunWorker();
};

}  // namespace sl::views
