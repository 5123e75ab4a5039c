// The Debug tab's "Find first difference (GPU vs CPU)": compiles the document as a recording
// does (compileForDebug) and runs offload::findFirstDifference for the session's invocation
// (renderer/offload/FirstDifference.h: the CPU trace against an instrumented copy on the Vulkan
// device), off the UI thread. It takes seconds; Cancel stops the CPU trace and any GPU run not
// yet submitted (one running on the GPU finishes first), and a result that comes after Cancel is
// not shown (DebugController). No ImGui.
#pragma once

#include "renderer/offload/FirstDifference.h"
#include "views/BackgroundJob.h"
#include "views/debug/DebugWorker.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace sl::views {

struct FirstDifferenceOutcome {
  uint64_t generation = 0;
  std::string hlsl;   // the text searched
  std::string error;  // why there is no answer: the compile, no Vulkan device, the invocation, cancelled
  offload::FirstDifferenceResult result;
  uint32_t line = 0;  // the differing instruction's line in the document (0: none, or in another file)
  double milliseconds = 0;

  // One line: "%45 = OpISub ... at source.hlsl:9:12 differs: GPU 2 (0x2), CPU device 8 (0x8),
  // after 17 values agreed", "no difference: 40 values agreed", or "error: ..."
  std::string summary() const;
};

// The line of `location` ("dir/source.hlsl:9:12") when its file is `fileName` (by base name); 0 otherwise.
uint32_t documentLineOf(const std::string& location, const std::string& fileName);

// The whole search, synchronously (the job's body; tests call it directly). `request.choice` is the invocation.
FirstDifferenceOutcome findFirstDifferenceNow(const DebugRequest& request, const std::atomic<bool>* cancel = nullptr);

// One search at a time, off the UI thread (views/BackgroundJob.h).
class FirstDifferenceJob : public BackgroundJob<DebugRequest, const FirstDifferenceOutcome> {
 public:
  FirstDifferenceJob();
};

}  // namespace sl::views
