#include "views/debug/FirstDifferenceJob.h"

#include "renderer/offload/PipelinePrinter.h"

#include <chrono>
#include <cstdlib>

namespace sl::views {

namespace {

std::string baseNameOf(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

uint32_t documentLineOf(const std::string& location, const std::string& fileName) {
  // FILE:LINE:COLUMN or FILE:LINE (a file name may hold colons: read from the end).
  size_t colon = location.rfind(':');
  if (colon == std::string::npos) return 0;
  std::string file = location.substr(0, colon), line = location.substr(colon + 1);
  if (const size_t before = file.rfind(':'); before != std::string::npos) {
    const std::string middle = file.substr(before + 1);
    if (!middle.empty() && middle.find_first_not_of("0123456789") == std::string::npos) line = middle, file = file.substr(0, before);
  }
  if (line.empty() || line.find_first_not_of("0123456789") != std::string::npos) return 0;
  if (file != fileName && baseNameOf(file) != baseNameOf(fileName)) return 0;
  return uint32_t(std::strtoul(line.c_str(), nullptr, 10));
}

std::string FirstDifferenceOutcome::summary() const {
  if (!error.empty()) return "error: " + error;
  if (!result.ok()) return "error: " + result.error;
  const std::string agreed = std::to_string(result.agreed) + " value(s) agreed";
  if (!result.first) return "no difference: " + agreed + " (GPU " + result.gpuName + " and the CPU device)";
  const offload::ValueDifference& d = *result.first;
  return d.instruction + (d.location.empty() ? "" : " at " + d.location) + " (execution " + std::to_string(d.occurrence + 1) +
         ") differs: GPU " + d.gpuValue + ", CPU device " + d.cpuValue + ", after " + agreed;
}

FirstDifferenceOutcome findFirstDifferenceNow(const DebugRequest& request, const std::atomic<bool>* cancel) {
  FirstDifferenceOutcome out;
  out.hlsl = request.hlsl;
  const auto start = std::chrono::steady_clock::now();
  DebugRecording compiled;
  offload::Pipeline pipeline;
  if (!compileForDebug(request, compiled, pipeline)) {
    out.error = compiled.error;
    return out;
  }
  if (cancel && cancel->load()) {
    out.error = "cancelled";
    return out;
  }
  offload::FirstDifferenceOptions options;
  options.maxSteps = request.trace.maxSteps;
  options.cancel = cancel;
  out.result = offload::findFirstDifference(compiled.words, offload::printPipeline(pipeline), request.fileName + " (pipeline)",
                                            request.choice, request.fileName, options);
  if (out.result.first) out.line = documentLineOf(out.result.first->location, request.fileName);
  out.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return out;
}

FirstDifferenceJob::FirstDifferenceJob() : BackgroundJob(findFirstDifferenceNow) {}

}  // namespace sl::views
