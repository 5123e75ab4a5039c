#include "renderer/offload/Compare.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "renderer/hal/Device.h"
#include "renderer/offload/Executor.h"
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/Rules.h"

namespace sl::offload {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }
uint16_t load16(const uint8_t* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}

// How one buffer's elements are compared.
struct Tolerance {
  enum class Kind { Exact, Ulp, Epsilon } kind = Kind::Exact;
  uint32_t ulp = 0;
  double epsilon = 0;
  DenormMode denorm = DenormMode::Any;
  std::string from;  // "Results rule 'X'" or "default"
};


Tolerance toleranceFor(const Pipeline& p, int bufferIndex, const CompareOptions& options) {
  Tolerance t;
  for (const ResultRule& r : p.results) {
    if (r.actualIndex != bufferIndex) continue;
    t.from = "its Results rule '" + r.name + "'";
    t.denorm = r.denormMode;
    if (r.rule == Rule::BufferFloatULP) t.kind = Tolerance::Kind::Ulp, t.ulp = r.ulpTolerance;
    else if (r.rule == Rule::BufferFloatEpsilon) t.kind = Tolerance::Kind::Epsilon, t.epsilon = r.epsilon;
    return t;
  }
  if (isFloatFormat(p.buffers[size_t(bufferIndex)].format)) {
    t.kind = Tolerance::Kind::Ulp;
    t.ulp = options.ulp;
    t.from = "the default of " + str(options.ulp) + " ulp";
  } else {
    t.from = "exact (integers)";
  }
  return t;
}

std::string hexOf(const uint8_t* p, uint32_t size) {
  uint64_t v = 0;
  std::memcpy(&v, p, std::min<uint32_t>(size, 8));
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%0*llx", int(size * 2), static_cast<unsigned long long>(v));
  return buf;
}

std::string valueOf(const uint8_t* p, DataFormat f) {
  char buf[64];
  switch (f) {
    case DataFormat::Float16: std::snprintf(buf, sizeof buf, "%.6g", double(halfToFloat(load16(p)))); return buf;
    case DataFormat::Float32:
    case DataFormat::Depth32: {
      float v;
      std::memcpy(&v, p, 4);
      std::snprintf(buf, sizeof buf, "%.9g", double(v));
      return buf;
    }
    case DataFormat::Float64: {
      double v;
      std::memcpy(&v, p, 8);
      std::snprintf(buf, sizeof buf, "%.17g", v);
      return buf;
    }
    case DataFormat::Int16: { int16_t v; std::memcpy(&v, p, 2); return std::to_string(v); }
    case DataFormat::Int32: { int32_t v; std::memcpy(&v, p, 4); return std::to_string(v); }
    case DataFormat::Int64: { int64_t v; std::memcpy(&v, p, 8); return std::to_string(v); }
    case DataFormat::UInt16: case DataFormat::Hex16: { uint16_t v; std::memcpy(&v, p, 2); return std::to_string(v); }
    case DataFormat::UInt32: case DataFormat::Hex32: case DataFormat::Bool: { uint32_t v; std::memcpy(&v, p, 4); return std::to_string(v); }
    case DataFormat::UInt64: case DataFormat::Hex64: { uint64_t v; std::memcpy(&v, p, 8); return std::to_string(v); }
    default: return std::to_string(*p);
  }
}

bool equalElement(const uint8_t* a, const uint8_t* b, DataFormat f, const Tolerance& t) {
  const uint32_t size = dataFormatSize(f);
  if (t.kind == Tolerance::Kind::Exact || !isFloatFormat(f)) return std::memcmp(a, b, size) == 0;
  // The reference device's value plays "expected".
  if (f == DataFormat::Float16) {
    const uint16_t x = load16(a), y = load16(b);
    return t.kind == Tolerance::Kind::Ulp ? compareHalfUlp(y, x, t.ulp, 0) : compareHalfEpsilon(y, x, float(t.epsilon));
  }
  if (f == DataFormat::Float32 || f == DataFormat::Depth32) {
    float x, y;
    std::memcpy(&x, a, 4);
    std::memcpy(&y, b, 4);
    return t.kind == Tolerance::Kind::Ulp ? compareFloatUlp(y, x, t.ulp, t.denorm, 0) : compareFloatEpsilon(y, x, float(t.epsilon), t.denorm);
  }
  double x, y;
  std::memcpy(&x, a, 8);
  std::memcpy(&y, b, 8);
  return t.kind == Tolerance::Kind::Ulp ? compareDoubleUlp(y, x, t.ulp, t.denorm, 0) : compareDoubleEpsilon(y, x, t.epsilon, t.denorm);
}

std::string triple(const std::array<uint32_t, 3>& v) { return "(" + str(v[0]) + "," + str(v[1]) + "," + str(v[2]) + ")"; }

}  // namespace

OffloaderRun comparePipeline(const std::string& pipelineText, const std::string& pipelineName,
                             const std::vector<std::vector<uint8_t>>& shaders, const CompareOptions& options) {
  OffloaderRun run;
  auto fail = [&](const std::string& message) {
    run.err += "compare: error: " + message + "\n";
    run.exitCode = 1;
    return run;
  };
  ParseResult referenceParse = parsePipeline(pipelineText, pipelineName);
  ParseResult cpuParse = parsePipeline(pipelineText, pipelineName);
  if (!referenceParse.ok()) {
    run.err += referenceParse.renderErrors();
    run.exitCode = 1;
    return run;
  }
  Pipeline& reference = *referenceParse.pipeline;
  Pipeline& cpu = *cpuParse.pipeline;

  hal::DeviceOptions referenceOptions;
  referenceOptions.backend = options.reference.backend;
  referenceOptions.adapterRegex = options.reference.adapterRegex;
  referenceOptions.fp32Denorm = options.reference.fp32Denorm;
  auto referenceDevice = hal::createDevice(referenceOptions);
  if (!referenceDevice.ok()) return fail("the reference device: " + referenceDevice.status().message());
  hal::DeviceOptions cpuOptions;
  cpuOptions.backend = hal::Backend::Cpu;
  // Wave operations compare like for like: the CPU device takes the reference's subgroup size
  // (lavapipe: 8) when it can run it (a power of two in 4..128).
  const uint32_t referenceWidth = (*referenceDevice)->info().features.subgroupSize;
  if (referenceWidth >= 4 && referenceWidth <= 128 && (referenceWidth & (referenceWidth - 1)) == 0)
    cpuOptions.subgroupSize = referenceWidth;
  cpuOptions.fp32Denorm = options.reference.fp32Denorm;
  cpuOptions.recordWriters = true;
  auto cpuDevice = hal::createDevice(cpuOptions);
  if (!cpuDevice.ok()) return fail("the CPU device: " + cpuDevice.status().message());
  const std::string referenceName = (*referenceDevice)->info().name;

  const std::chrono::nanoseconds timeout = options.reference.timeoutSeconds
                                              ? std::chrono::nanoseconds(std::chrono::seconds(options.reference.timeoutSeconds))
                                              : std::chrono::nanoseconds::max();
  hal::Status referenceStatus = executePipeline(**referenceDevice, reference, shaders, nullptr, timeout);
  if (referenceStatus.code() == hal::ErrorCode::Timeout && (*referenceDevice)->backend() != hal::Backend::Cpu) {
    (void)referenceDevice->release();  // a GPU cannot be stopped: leave it running (Offloader.h)
    run.deviceAbandoned = true;
    return fail("on '" + referenceName + "': " + referenceStatus.message());
  }
  std::vector<ReadBackBuffers> cpuBuffers;
  hal::Status cpuStatus = executePipeline(**cpuDevice, cpu, shaders, &cpuBuffers, timeout);
  for (const hal::ValidationMessage& m : (*cpuDevice)->validationMessages()) run.err += "cpu device: " + m.message + "\n";
  if (!referenceStatus.ok()) fail("on '" + referenceName + "': " + referenceStatus.message());
  if (!cpuStatus.ok()) fail("on the CPU device: " + cpuStatus.message());
  if (run.exitCode) return run;

  run.out += "compare: '" + referenceName + "' against the CPU device\n";
  size_t differingBuffers = 0, differingElements = 0, comparedElements = 0;
  bool hinted = false;
  for (const ReadBackBuffers& rb : cpuBuffers) {
    const Buffer& a = reference.buffers[size_t(rb.bufferIndex)];
    const Buffer& b = cpu.buffers[size_t(rb.bufferIndex)];
    const Tolerance tolerance = toleranceFor(reference, rb.bufferIndex, options);
    const uint32_t elementSize = dataFormatSize(a.format);
    if (elementSize == 0) continue;
    size_t differing = 0;
    std::string lines;
    for (size_t element = 0; element < a.data.size() && element < b.data.size(); ++element) {
      const std::vector<uint8_t>& x = a.data[element];
      const std::vector<uint8_t>& y = b.data[element];
      for (size_t offset = 0; offset + elementSize <= x.size() && offset + elementSize <= y.size(); offset += elementSize) {
        ++comparedElements;
        if (equalElement(x.data() + offset, y.data() + offset, a.format, tolerance)) continue;
        ++differing;
        if (differing > options.maxReported) continue;
        const size_t index = offset / elementSize;
        std::string name = rb.resource + (a.data.size() > 1 ? "[" + str(element) + "]" : "") + "[" + str(index) + "]";
        std::string line = "  " + name + ": " + valueOf(x.data() + offset, a.format) + " (" + hexOf(x.data() + offset, elementSize) +
                           ") on the reference, " + valueOf(y.data() + offset, a.format) + " (" + hexOf(y.data() + offset, elementSize) +
                           ") on the CPU device";
        if (element < rb.buffers.size()) {
          if (auto w = (*cpuDevice)->lastWriter(*rb.buffers[element], offset)) {
            line += "\n    last written by invocation " + triple(w->global) + " (workgroup " + triple(w->workgroup) + ", local " +
                    triple(w->local) + ")";
            if (!w->location.empty()) line += " at " + w->location;
            line += " [" + w->instruction + "]";
            if (!options.bundle.empty() && !hinted) {
              hinted = true;
              line += "\n    where it first differs: shaderlens debug " + options.bundle + " --thread " + str(w->global[0]) + "," +
                      str(w->global[1]) + "," + str(w->global[2]) + " --first-difference";
            }
          } else {
            line += "\n    no invocation wrote it on the CPU device";
          }
        }
        lines += line + "\n";
      }
    }
    if (differing == 0) continue;
    ++differingBuffers;
    differingElements += differing;
    run.out += "buffer '" + rb.resource + "': " + str(differing) + " element(s) differ (compared " + tolerance.from + ")\n" + lines;
    if (differing > options.maxReported) run.out += "  ... and " + str(differing - options.maxReported) + " more\n";
  }
  for (size_t i = 0; i < reference.buffers.size(); ++i)
    if (reference.buffers[i].counters != cpu.buffers[i].counters) {
      ++differingBuffers;
      run.out += "buffer '" + reference.buffers[i].name + "': counters differ\n";
    }
  if (differingBuffers == 0) {
    run.out += "compare: all " + str(comparedElements) + " elements of " + str(cpuBuffers.size()) + " output buffer(s) agree\n";
    return run;
  }
  run.out += "compare: " + str(differingElements) + " of " + str(comparedElements) + " elements differ in " + str(differingBuffers) +
             " buffer(s)\n";
  run.exitCode = 1;
  return run;
}

}  // namespace sl::offload
