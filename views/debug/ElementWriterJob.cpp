#include "views/debug/ElementWriterJob.h"

#include "renderer/offload/InvocationTrace.h"

#include <cstring>

namespace sl::views {

std::string ElementWriterOutcome::summary() const {
  if (!error.empty()) return "error: " + error;
  if (!result.writer) return "nothing wrote " + result.element + " in this run: it keeps the value it was uploaded with";
  const hal::WriterRecord& w = *result.writer;
  return result.element + " was last written by invocation " + offload::formatTriple(w.global) +
         (w.location.empty() ? "" : " at " + w.location) + " [" + w.instruction + "]";
}

ElementWriterOutcome findElementWriterNow(const ElementWriterJobRequest& request, const std::atomic<bool>* cancel) {
  ElementWriterOutcome out;
  out.hlsl = request.debug.hlsl;
  DebugRecording compiled;
  offload::Pipeline pipeline;
  if (!compileForDebug(request.debug, compiled, pipeline)) {
    out.error = compiled.error;
    return out;
  }
  std::vector<uint8_t> bytes(compiled.words.size() * 4);
  std::memcpy(bytes.data(), compiled.words.data(), bytes.size());
  offload::ElementWriterRequest find;
  find.resource = request.resource;
  find.index = request.index;
  find.subgroupSize = request.debug.trace.subgroupSize;
  find.cancel = cancel;
  out.result = offload::findElementWriter(pipeline, {bytes}, find);
  out.error = out.result.error;
  return out;
}

ElementWriterJob::ElementWriterJob() : BackgroundJob(findElementWriterNow) {}

}  // namespace sl::views
