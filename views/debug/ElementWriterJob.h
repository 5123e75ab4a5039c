// The Run tab's "Debug the invocation that wrote this": compiles the document as a recording does
// (compileForDebug) and runs it on the CPU device with writers recorded
// (offload::findElementWriter), off the UI thread; the Debug tab then records that invocation.
// No ImGui.
#pragma once

#include "renderer/offload/ElementWriter.h"
#include "views/BackgroundJob.h"
#include "views/debug/DebugWorker.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace sl::views {

struct ElementWriterJobRequest {
  DebugRequest debug;  // the document, as a recording gets it
  std::string resource;
  uint64_t index = 0;
};

struct ElementWriterOutcome {
  uint64_t generation = 0;
  std::string hlsl;
  std::string error;  // the compile, the run, the element
  offload::ElementWriterResult result;
  // "Out[3] was last written by invocation (3,0,0) at source.hlsl:9:3 [OpStore (word 412)]",
  // "nothing wrote Out[3] ...", or "error: ..."
  std::string summary() const;
};

ElementWriterOutcome findElementWriterNow(const ElementWriterJobRequest& request, const std::atomic<bool>* cancel = nullptr);

class ElementWriterJob : public BackgroundJob<ElementWriterJobRequest, const ElementWriterOutcome> {
 public:
  ElementWriterJob();
};

}  // namespace sl::views
