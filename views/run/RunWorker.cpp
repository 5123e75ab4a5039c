#include "views/run/RunWorker.h"

#include "core/pipeline/Pipeline.h"
#include "renderer/hal/Device.h"
#include "renderer/offload/Compare.h"
#include "renderer/offload/PipelinePrinter.h"
#include "renderer/offload/HeapLayout.h"
#include "renderer/offload/Rules.h"
#include "renderer/offload/SpirvReflect.h"

#include <cstring>
#include <regex>

namespace sl::views {

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

template <typename T>
T load(const uint8_t* bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof value);
  return value;
}

bool elementMatches(const offload::ResultRule& rule, offload::DataFormat format, const uint8_t* actual,
                    const uint8_t* expected) {
  using offload::DataFormat;
  const uint32_t size = offload::dataFormatSize(format);
  if (rule.rule == offload::Rule::BufferExact) return std::memcmp(actual, expected, size) == 0;
  const bool ulp = rule.rule == offload::Rule::BufferFloatULP;
  switch (format) {
    case DataFormat::Float16:
      return ulp ? offload::compareHalfUlp(load<uint16_t>(actual), load<uint16_t>(expected), rule.ulpTolerance,
                                           float(rule.zeroTolerance))
                 : offload::compareHalfEpsilon(load<uint16_t>(actual), load<uint16_t>(expected), float(rule.epsilon));
    case DataFormat::Float32:
    case DataFormat::Depth32:
      return ulp ? offload::compareFloatUlp(load<float>(actual), load<float>(expected), rule.ulpTolerance, rule.denormMode,
                                            float(rule.zeroTolerance))
                 : offload::compareFloatEpsilon(load<float>(actual), load<float>(expected), float(rule.epsilon),
                                                rule.denormMode);
    case DataFormat::Float64:
      return ulp ? offload::compareDoubleUlp(load<double>(actual), load<double>(expected), rule.ulpTolerance,
                                             rule.denormMode, rule.zeroTolerance)
                 : offload::compareDoubleEpsilon(load<double>(actual), load<double>(expected), rule.epsilon,
                                                 rule.denormMode);
    default: return std::memcmp(actual, expected, size) == 0;
  }
}

}  // namespace

std::vector<RuleComparison> compareResults(const offload::Pipeline& pipeline) {
  std::vector<RuleComparison> out;
  for (const offload::ResultRule& rule : pipeline.results) {
    RuleComparison& c = out.emplace_back();
    c.name = rule.name;
    c.actualIndex = rule.actualIndex >= 0 ? rule.actualIndex : pipeline.bufferIndex(rule.actual);
    c.expectedIndex = rule.expectedIndex >= 0 ? rule.expectedIndex : pipeline.bufferIndex(rule.expected);
    if (c.actualIndex < 0 || c.expectedIndex < 0) {
      c.passed = false;
      continue;
    }
    const offload::Buffer& actual = pipeline.buffers[size_t(c.actualIndex)];
    const offload::Buffer& expected = pipeline.buffers[size_t(c.expectedIndex)];
    c.passed = offload::evaluateResult(pipeline, rule).passed;
    const uint32_t size = offload::dataFormatSize(actual.format);
    if (actual.data.empty() || size == 0) continue;
    const std::vector<uint8_t>& a = actual.data.front();
    const std::vector<uint8_t> none;
    const std::vector<uint8_t>& e = expected.data.empty() ? none : expected.data.front();
    for (size_t at = 0; at + size <= a.size(); at += size)
      c.mismatch.push_back(at + size > e.size() || !elementMatches(rule, actual.format, a.data() + at, e.data() + at));
  }
  return out;
}

RunVerdict runVerdict(const RunOutcome& o) {
  if (!o.ran) return RunVerdict::Error;
  if (!o.rules.empty()) return o.resultsPassed ? RunVerdict::Passed : RunVerdict::Failed;
  return o.wroteNothing ? RunVerdict::WroteNothing : RunVerdict::Unchecked;
}

const char* runVerdictName(RunVerdict verdict) {
  switch (verdict) {
    case RunVerdict::Error: return "error";
    case RunVerdict::Passed: return "passed";
    case RunVerdict::Failed: return "failed";
    case RunVerdict::Unchecked: return "unchecked";
    case RunVerdict::WroteNothing: return "wrote-nothing";
  }
  return "error";
}

std::string missingInputs(const std::vector<uint8_t>& spirv, const std::string& entry, const offload::Pipeline& pipeline) {
  const offload::ReflectedModule module = offload::reflectSpirv(spirv);
  if (!module.ok()) return "";  // the executor reports an unreadable module itself
  const offload::ReflectedEntryPoint* ep = nullptr;
  for (const offload::ReflectedEntryPoint& e : module.entryPoints)
    if (!ep && (entry.empty() || e.name == entry)) ep = &e;
  if (!ep) return "";
  // A resource placed by its DirectX binding alone: where it lands is the executor's business.
  for (const offload::DescriptorSet& set : pipeline.sets)
    for (const offload::Resource& r : set.resources)
      if (!r.vkBinding && !r.heapIndex) return "";
  for (const offload::ReflectedBinding& b : module.bindings) {
    if (offload::heapRoleOf(b) != offload::HeapRole::None || !module.usedBy(*ep, b)) continue;
    bool found = false;
    if (b.set < pipeline.sets.size())
      for (const offload::Resource& r : pipeline.sets[b.set].resources)
        found = found || (r.vkBinding && !r.heapIndex &&
                          (r.vkBinding->binding == b.binding || r.vkBinding->counterBinding == b.binding));
    if (!found)
      return "the shader reads or writes " + (b.name.empty() ? std::string("a resource") : "'" + b.name + "'") + " (set " +
             std::to_string(b.set) + " binding " + std::to_string(b.binding) +
             ") but the pipeline has no resource there: add one in the Run tab, or make a new bundle from the shader";
  }
  return "";
}

std::vector<std::string> listAdapters(std::string* error) {
  std::vector<std::string> out;
  // The order hal::createDevice counts adapterIndex in (Backend::Any: Vulkan, D3D12, CPU).
  auto adapters = hal::enumerateAdapters(hal::Backend::Any);
  if (!adapters.ok()) {
    if (error) *error = adapters.status().message();
    return out;
  }
  for (const hal::AdapterInfo& a : *adapters)
    out.push_back(a.backend == hal::Backend::Cpu ? a.name : a.name + " (" + hal::backendName(a.backend) + " " + a.apiVersion + ")");
  return out;
}

RunOutcome runBundleNow(const RunRequest& request, const std::atomic<bool>* cancel) {
  RunOutcome outcome;
  outcome.pipeline = request.pipeline;
  // As `shaderlens run` compiles, so a saved bundle replays the same compile.
  ParsedCommandLine cl = parseRunCompileCommandLine(request.compileArgs, request.fileName);
  if (!cl.error.empty()) {
    outcome.error = "compile flags: " + cl.error;
    return outcome;
  }
  Clock::time_point start = Clock::now();
  std::shared_ptr<const CompileResult> compiled = compileSource(request.fileName, request.hlsl, cl.options);
  outcome.compileMilliseconds = msSince(start);
  outcome.diagnostics = renderDiagnostics(compiled->diagnostics);
  if (!compiled->succeeded || compiled->object.empty()) {
    outcome.error = "the shader did not compile for Vulkan";
    return outcome;
  }
  outcome.compiled = true;
  if (std::string reason = offload::unsupportedReason(outcome.pipeline); !reason.empty()) {
    outcome.error = reason;
    return outcome;
  }
  if (outcome.pipeline.kind == offload::PipelineKind::Compute) {
    const std::string entry = outcome.pipeline.shaders.empty() ? cl.options.entryPoint : outcome.pipeline.shaders.front().entry;
    if (std::string missing = missingInputs(compiled->object, entry, outcome.pipeline); !missing.empty()) {
      outcome.error = missing;
      return outcome;
    }
  }
  hal::DeviceOptions deviceOptions;
  deviceOptions.backend = request.adapterIndex >= 0 ? hal::Backend::Any : hal::Backend::Vulkan;
  deviceOptions.adapterIndex = request.adapterIndex;
  if (request.compareWithCpu) {
    auto adapters = hal::enumerateAdapters(deviceOptions.backend);
    offload::CompareOptions compare;
    compare.reference.backend = hal::Backend::Vulkan;
    compare.reference.timeoutSeconds = request.timeoutSeconds;
    if (adapters.ok() && request.adapterIndex >= 0 && size_t(request.adapterIndex) < adapters->size()) {
      const hal::AdapterInfo& chosen = (*adapters)[size_t(request.adapterIndex)];
      if (chosen.backend != hal::Backend::Cpu) {
        compare.reference.backend = chosen.backend;
        compare.reference.adapterRegex = "^" + std::regex_replace(chosen.name, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)") + "$";
      }
    }
    std::vector<std::vector<uint8_t>> shaders(std::max<size_t>(1, outcome.pipeline.shaders.size()), compiled->object);
    start = Clock::now();
    offload::OffloaderRun run = offload::comparePipeline(offload::printPipeline(outcome.pipeline), request.fileName, shaders, compare);
    outcome.runMilliseconds = msSince(start);
    outcome.compared = true;
    outcome.devicesAgree = run.exitCode == 0;
    outcome.compareReport = run.out + run.err;
    outcome.deviceName = "the CPU device and " + (compare.reference.adapterRegex.empty() ? std::string("the first Vulkan device") : "'" + (*adapters)[size_t(request.adapterIndex)].name + "'");
    if (!outcome.devicesAgree && run.out.find("compare: '") == std::string::npos) outcome.error = run.err;
    return outcome;
  }
  deviceOptions.cancel = cancel;
  auto device = hal::createDevice(deviceOptions);
  if (!device.ok()) {
    outcome.error = device.status().message();
    return outcome;
  }
  outcome.deviceName = (*device)->info().name;
  std::vector<std::vector<uint8_t>> shaders(std::max<size_t>(1, outcome.pipeline.shaders.size()), compiled->object);
  start = Clock::now();
  const std::chrono::nanoseconds timeout =
      request.timeoutSeconds ? std::chrono::nanoseconds(std::chrono::seconds(request.timeoutSeconds)) : std::chrono::nanoseconds::max();
  hal::Status status = offload::executePipeline(**device, outcome.pipeline, shaders, nullptr, timeout, cancel);
  if (status.code() == hal::ErrorCode::Timeout && (*device)->backend() != hal::Backend::Cpu) {
    // A GPU cannot be stopped and destroying its device would wait for it: leave it to finish.
    (void)device->release();
  }
  outcome.runMilliseconds = msSince(start);
  if (!status.ok()) {
    outcome.error = status.message();
    // Each run opens its device: a lost one is gone with this run, the next gets a new one.
    if (status.code() == hal::ErrorCode::DeviceLost) outcome.error += "; the document is intact, and the next run opens the device again";
    return outcome;
  }
  outcome.ran = true;
  // Did the dispatch change any output? (Compared with what was uploaded.)
  outcome.wroteNothing = offload::wroteNothing(request.pipeline, outcome.pipeline);
  offload::ResultsOutcome results = offload::evaluateResults(outcome.pipeline);
  outcome.resultsPassed = results.passed;
  outcome.mismatchLines = results.mismatches;
  outcome.rules = compareResults(outcome.pipeline);
  return outcome;
}

RunWorker::RunWorker()
    : BackgroundJob(runBundleNow, [](const RunRequest& request, const std::string& what) {
        RunOutcome failed;
        failed.pipeline = request.pipeline;
        failed.error = what;
        return failed;
      }) {}

}  // namespace sl::views
