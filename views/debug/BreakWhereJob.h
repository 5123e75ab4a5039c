// The Debug tab's "Break where": every invocation of the dispatch that reaches a line with a
// condition true (offload::breakWhereOverDispatch: one CPU-device recording per subgroup), off
// the UI thread, for the document's text as a recording compiles it (compileForDebug). The
// search checks the cancel flag between recordings. No ImGui.
#pragma once

#include "renderer/offload/BreakWhere.h"
#include "views/BackgroundJob.h"
#include "views/debug/DebugWorker.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace sl::views {

struct BreakWhereRequest {
  DebugRequest debug;  // the document, as a recording gets it (its choice is not used)
  uint32_t line = 0;   // 1-based line of the document
  std::string condition;
};

struct BreakWhereOutcome {
  uint64_t generation = 0;
  std::string hlsl;  // the text searched
  uint32_t requestedLine = 0;
  std::string condition;
  std::string error;  // the compile, the line, the condition, a dispatch too large, "cancelled"
  offload::BreakWhereResult result;
  double milliseconds = 0;

  // "line 8 if i == 2: 3 hits in 3 invocations (1 subgroup of 32 lanes recorded)", or "error: ..."
  std::string summary() const;
};

// The whole search, synchronously (the job's body; tests call it directly).
BreakWhereOutcome breakWhereNow(const BreakWhereRequest& request, const std::atomic<bool>* cancel = nullptr);

class BreakWhereJob : public BackgroundJob<BreakWhereRequest, const BreakWhereOutcome> {
 public:
  BreakWhereJob();
};

}  // namespace sl::views
