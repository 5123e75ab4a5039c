#include "renderer/offload/FirstDifference.h"

#include <cmath>
#include <cstring>
#include <map>

#include <spirv-tools/libspirv.hpp>

#include "interp/Module.h"
#include "interp/OpNames.h"
#include "interp/probe/Capture.h"
#include "interp/probe/Instrument.h"
#include "renderer/hal/Device.h"
#include "renderer/offload/Executor.h"
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/Rules.h"

namespace sl::offload {

namespace {

using interp::probe::ProbedValue;
using interp::probe::ValueKind;

std::string str(uint64_t v) { return std::to_string(v); }

std::string ordinalText(uint32_t occurrence) {
  const uint32_t n = occurrence + 1;
  const char* suffix = (n % 100 >= 11 && n % 100 <= 13) ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
  return str(n) + suffix;
}

// The disassembly line of the instruction with result id `id` ("%45 = OpISub %uint %43 %44").
std::string disassembledInstruction(std::span<const uint32_t> words, uint32_t id) {
  spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_6);
  std::string text;
  if (!tools.Disassemble(words.data(), words.size(), &text, SPV_BINARY_TO_TEXT_OPTION_NO_HEADER)) return "";
  const std::string key = "%" + str(id) + " = ";
  for (size_t at = 0; at < text.size();) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(at, end - at);
    const size_t start = line.find_first_not_of(' ');
    if (start != std::string::npos && line.compare(start, key.size(), key) == 0) return line.substr(start);
    at = end + 1;
  }
  return "";
}

// The half a widened half's float bits came from (exact: every half is a float).
uint16_t halfBitsOf(uint32_t f) {
  const uint16_t sign = uint16_t((f >> 16) & 0x8000u);
  const uint32_t exponent = (f >> 23) & 0xffu, mantissa = f & 0x7fffffu;
  if (exponent == 0xff) return uint16_t(sign | 0x7c00u | (mantissa ? 0x200u | (mantissa >> 13) : 0));
  if (exponent == 0) return sign;
  const int e = int(exponent) - 127 + 15;
  if (e >= 31) return uint16_t(sign | 0x7c00u);
  if (e <= 0) return uint16_t(sign | ((mantissa | 0x800000u) >> (14 - e)));  // a subnormal half
  return uint16_t(sign | (uint32_t(e) << 10) | (mantissa >> 13));
}

// Whether two captured values agree: bits for ints and bools, `ulp` for floats (of their own
// width: halves in half ULPs; NaNs agree).
bool sameValue(const ProbedValue& probe, const std::vector<uint32_t>& gpu, const std::vector<uint32_t>& cpu, uint32_t ulp) {
  if (gpu.size() != cpu.size()) return false;
  if (probe.kind != ValueKind::Float) return gpu == cpu;
  const uint32_t step = probe.width == 64 ? 2 : 1;
  for (size_t i = 0; i + step <= gpu.size(); i += step) {
    if (probe.width == 16) {
      if (!compareHalfUlp(halfBitsOf(gpu[i]), halfBitsOf(cpu[i]), ulp, 0)) return false;
    } else if (step == 2) {
      double a, b;
      const uint64_t x = uint64_t(gpu[i]) | (uint64_t(gpu[i + 1]) << 32), y = uint64_t(cpu[i]) | (uint64_t(cpu[i + 1]) << 32);
      std::memcpy(&a, &x, 8);
      std::memcpy(&b, &y, 8);
      if (!compareDoubleUlp(a, b, ulp, DenormMode::Any, 0)) return false;
    } else {
      float a, b;
      std::memcpy(&a, &gpu[i], 4);
      std::memcpy(&b, &cpu[i], 4);
      if (!compareFloatUlp(a, b, ulp, DenormMode::Any, 0)) return false;
    }
  }
  return true;
}

// The capture buffer as a pipeline resource: a RW byte-address buffer at (set, 0) of its own
// descriptor set, zeroed, read back like the pipeline's outputs.
int addCaptureBuffer(Pipeline& pipeline, uint32_t set, uint32_t words) {
  Buffer buffer;
  buffer.name = "shaderlens.capture";
  buffer.format = DataFormat::UInt32;
  buffer.size = words * 4;
  buffer.data.assign(1, std::vector<uint8_t>(size_t(words) * 4, 0));
  pipeline.buffers.push_back(std::move(buffer));
  Resource resource;
  resource.name = "shaderlens.capture";
  resource.kind = ResourceKind::RWByteAddressBuffer;
  resource.vkBinding = VulkanBinding{0, std::nullopt};
  const int index = int(pipeline.buffers.size() - 1);
  resource.bufferIndex = index;
  if (pipeline.sets.size() <= set) pipeline.sets.resize(set + 1);
  pipeline.sets[set].resources.push_back(std::move(resource));
  return index;
}

std::vector<uint8_t> bytesOf(std::span<const uint32_t> words) {
  std::vector<uint8_t> bytes(words.size() * 4);
  std::memcpy(bytes.data(), words.data(), bytes.size());
  return bytes;
}

}  // namespace

std::string FirstDifferenceResult::report() const {
  if (!ok()) return error + "\n";
  std::string out = "first difference: " + invocation + "\n";
  for (const std::string& w : warnings) out += "warning: " + w + "\n";
  out += "the instrumented run" + std::string(instrumentedRuns > 1 ? "s (" + str(instrumentedRuns) + ")" : "") + " on '" + gpuName +
         "' captured " + str(captured) + " values\n";
  if (first) {
    out += str(agreed) + " values agreed" + (orderDependent ? " (" + str(orderDependent) + " order-dependent ones not compared)" : "") +
           ", then " + first->instruction + (first->location.empty() ? "" : " at " + first->location) + " (its " +
           ordinalText(first->occurrence) + " execution) differs:\n";
    out += "  GPU:        " + first->gpuValue + "\n";
    out += "  CPU device: " + first->cpuValue + "\n";
    return out;
  }
  out += "no difference: all " + str(agreed) + " compared values agree with the CPU device" +
         (orderDependent ? " (" + str(orderDependent) + " order-dependent ones not compared)" : "") + "\n";
  if (captureOverflowed) out += "note: the capture buffer filled up: later values were not compared\n";
  if (cpuTraceTruncated) out += "note: the CPU trace was truncated: later values were not compared\n";
  if (notOnGpu && !captureOverflowed)
    out += "note: " + str(notOnGpu) + " values the CPU device produced were not captured on the GPU\n";
  if (notOnCpu) out += "note: " + str(notOnCpu) + " values captured on the GPU have no CPU value of the same instruction and occurrence\n";
  return out;
}

FirstDifferenceResult findFirstDifference(std::span<const uint32_t> words, const std::string& pipelineText, const std::string& pipelineName,
                                          const InvocationChoice& choice, const std::string& where,
                                          const FirstDifferenceOptions& options) {
  FirstDifferenceResult result;
  auto fail = [&](std::string message) {
    result.error = std::move(message);
    return result;
  };
  ParseResult cpuParse = parsePipeline(pipelineText, pipelineName);
  ParseResult plainParse = parsePipeline(pipelineText, pipelineName);
  if (!cpuParse.ok()) return fail(cpuParse.renderErrors());
  Pipeline& plain = *plainParse.pipeline;

  // The GPU first: without one there is nothing to compare with.
  hal::DeviceOptions gpuOptions;
  gpuOptions.backend = hal::Backend::Vulkan;
  gpuOptions.adapterRegex = options.adapterRegex;
  auto gpu = hal::createDevice(gpuOptions);
  if (!gpu.ok()) return fail(where + ": error: --first-difference needs a Vulkan device to compare with: " + gpu.status().message());
  result.gpuName = (*gpu)->info().name;

  // The CPU trace, with the GPU's wave size so wave operations see the same lanes.
  InvocationTraceOptions traceOptions;
  const uint32_t width = (*gpu)->info().features.subgroupSize;
  if (width >= 4 && width <= 128 && (width & (width - 1)) == 0) traceOptions.subgroupSize = width;
  traceOptions.maxSteps = options.maxSteps;
  traceOptions.timeout = options.timeout;
  traceOptions.cancel = options.cancel;
  const auto cancelled = [&] { return options.cancel && options.cancel->load(); };
  InvocationTraceResult traced = traceInvocation(words, *cpuParse.pipeline, choice, traceOptions, where);
  if (cancelled()) return fail("cancelled");
  if (!traced.value) {
    result.usageError = traced.usageError;
    return fail(traced.error);
  }
  const InvocationTrace& trace = *traced.value;
  result.invocation = trace.describe();
  if (!trace.dispatchStatus.ok()) return fail(where + ": error: the dispatch failed on the CPU device: " + trace.dispatchStatus.message());

  // The plain GPU run, then the instrumented ones: a window of probes each.
  const std::vector<uint8_t> plainCode = bytesOf(words);
  if (cancelled()) return fail("cancelled");
  hal::Status status = executePipeline(**gpu, plain, {plainCode}, nullptr, options.timeout);
  if (!status.ok()) return fail(where + ": error: on '" + result.gpuName + "': " + status.message());
  interp::probe::InstrumentOptions probeOptions;
  probeOptions.target = trace.thread;
  probeOptions.set = std::max<uint32_t>(interp::probe::firstFreeDescriptorSet(words), uint32_t(plain.sets.size()));
  probeOptions.binding = 0;
  probeOptions.capacityWords = std::max<uint32_t>(options.captureWords, interp::probe::kMinCaptureWords);
  probeOptions.probeCount = std::max<uint32_t>(options.probesPerRun, 1);
  std::vector<ProbedValue> probes;
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> gpuValues;  // (result id, occurrence) -> words
  bool changedOutputs = false;
  for (uint32_t first = 0;; first += probeOptions.probeCount) {
    probeOptions.firstProbe = first;
    const interp::probe::InstrumentedModule module = interp::probe::instrument(words, probeOptions);
    if (!module.ok()) return fail(where + ": error: cannot instrument the shader: " + module.error);
    probes = module.probes;
    if (first > 0 && first >= probes.size()) break;
    if (cancelled()) return fail("cancelled");  // between GPU runs: a submitted one cannot be stopped
    ++result.instrumentedRuns;
    ParseResult runParse = parsePipeline(pipelineText, pipelineName);
    Pipeline& run = *runParse.pipeline;
    const int captureIndex = addCaptureBuffer(run, probeOptions.set, probeOptions.capacityWords);
    status = executePipeline(**gpu, run, {bytesOf(module.words)}, nullptr, options.timeout);
    if (!status.ok()) return fail(where + ": error: the instrumented run on '" + result.gpuName + "': " + status.message());
    // The instrumentation must not have changed what the shader computes (design note, caveat).
    for (size_t b = 0; b < plain.buffers.size() && !changedOutputs; ++b)
      if (plain.buffers[b].data != run.buffers[b].data || plain.buffers[b].counters != run.buffers[b].counters) {
        changedOutputs = true;
        result.warnings.push_back("the instrumented run's buffer '" + plain.buffers[b].name +
                                  "' differs from the plain run's: the probes changed what the GPU computed, so the captured "
                                  "values may not be the plain run's");
      }
    const std::vector<uint8_t>& captureBytes = run.buffers[size_t(captureIndex)].data[0];
    std::vector<uint32_t> captureWords(captureBytes.size() / 4);
    std::memcpy(captureWords.data(), captureBytes.data(), captureWords.size() * 4);
    const interp::probe::Capture capture = interp::probe::decodeCapture(captureWords, module);
    if (!capture.error.empty()) return fail(where + ": error: " + capture.error);
    result.captured += capture.values.size();
    result.captureOverflowed = result.captureOverflowed || capture.overflowed;
    for (const interp::probe::CapturedValue& v : capture.values) gpuValues[{module.probes[v.ordinal].resultId, v.occurrence}] = v.words;
    if (probes.size() <= uint64_t(first) + probeOptions.probeCount) break;
  }

  // The invocation's values in the order the CPU device produced them: up to the first
  // difference the GPU ran the same instructions in the same order.
  const interp::Module& m = *trace.trace->module;
  std::map<uint32_t, uint32_t> ordinalOf;
  for (size_t p = 0; p < probes.size(); ++p) ordinalOf[probes[p].resultId] = uint32_t(p);
  std::map<uint32_t, uint32_t> occurrences;
  const interp::debug::DebugTrace& t = *trace.trace;
  result.cpuTraceTruncated = t.truncated;
  size_t matched = 0;
  for (size_t s = 0; s < t.steps.size(); ++s) {
    const interp::TraceStep& step = t.steps[s];
    if (!step.active.test(t.lane)) continue;
    const uint8_t* value = t.valueOf(s, t.lane);
    if (!value) continue;
    const uint32_t id = m.functions[step.function].insts[step.inst].resultId;
    auto it = ordinalOf.find(id);
    if (it == ordinalOf.end()) continue;
    const ProbedValue& probe = probes[it->second];
    const uint32_t occurrence = occurrences[id]++;
    ++result.cpuValues;
    auto gpu = gpuValues.find({id, occurrence});
    if (gpu == gpuValues.end()) {
      ++result.notOnGpu;
      continue;
    }
    ++matched;
    if (probe.orderDependent) {
      ++result.orderDependent;
      continue;
    }
    const std::vector<uint32_t> cpu = interp::probe::entryWordsOfRegister(probe, value, step.valueSize);
    if (sameValue(probe, gpu->second, cpu, options.ulp)) {
      ++result.agreed;
      continue;
    }
    ValueDifference d;
    d.resultId = probe.resultId;
    d.opcode = probe.opcode;
    d.occurrence = occurrence;
    d.instruction = disassembledInstruction(words, probe.resultId);
    if (d.instruction.empty()) d.instruction = "%" + str(probe.resultId) + " = " + interp::opcodeName(probe.opcode);
    for (const interp::Function& f : m.functions)
      for (const interp::Inst& inst : f.insts)
        if (inst.resultId == probe.resultId && inst.location) d.location = m.describeLocation(inst.location);
    d.gpuValue = interp::probe::formatValue(probe, gpu->second);
    d.cpuValue = interp::probe::formatValue(probe, cpu);
    result.first = std::move(d);
    break;
  }
  if (!result.first) result.notOnCpu = gpuValues.size() - matched;
  return result;
}

}  // namespace sl::offload
