#include "views/debug/BreakWhereJob.h"

#include <chrono>

namespace sl::views {

std::string BreakWhereOutcome::summary() const {
  if (!error.empty()) return "error: " + error;
  const auto plural = [](uint64_t n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); };
  return "line " + std::to_string(result.line) + (condition.empty() ? "" : " if " + condition) + ": " + plural(result.hits.size(), "hit") +
         " in " + plural(result.invocations, "invocation") + " (" + plural(result.recordings, "subgroup") + " of " +
         std::to_string(result.subgroupWidth) + " lanes recorded)";
}

BreakWhereOutcome breakWhereNow(const BreakWhereRequest& request, const std::atomic<bool>* cancel) {
  BreakWhereOutcome out;
  out.hlsl = request.debug.hlsl;
  out.requestedLine = request.line;
  out.condition = request.condition;
  const auto start = std::chrono::steady_clock::now();
  DebugRecording compiled;
  offload::Pipeline pipeline;
  if (!compileForDebug(request.debug, compiled, pipeline)) {
    out.error = compiled.error;
    return out;
  }
  offload::InvocationTraceOptions options = request.debug.trace;
  options.cancel = cancel;
  out.result = offload::breakWhereOverDispatch(compiled.words, pipeline, request.line, request.condition, options, request.debug.fileName);
  if (!out.result.ok()) out.error = out.result.error;
  out.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return out;
}

BreakWhereJob::BreakWhereJob() : BackgroundJob(breakWhereNow) {}

}  // namespace sl::views
