// The CPU device's executor (interp/) against lavapipe on the same SPIR-V, in one run
// (docs/interp.md, "Speed"). Two shaders from our compiler, each dispatched over 1M invocations:
//   alu        a 64-step loop of float and integer arithmetic per invocation (compute-bound)
//   bandwidth  out[i] = in[i] * 3 + 1 over 4M floats (memory-bound)
// Benchmarks: cpu/<shader>/threads:T/optimized:O runs interp::dispatch directly (T = 1: the
// per-core figure; 0: one per core; O = 1: the module through spirv-opt -O first, as a driver's
// compiler would), lavapipe/<shader> the same module through the HAL's Vulkan backend
// (record + submit + wait). Counters: instructions_per_s (executed SPIR-V instructions summed
// over invocations, per second of wall time) and, after the benchmarks, one summary line per
// shader with the CPU/lavapipe time ratio. Goals: ratio <= 10, >= 100M instructions/s per core
// on alu.
// Run: build/bench/bench_interp [--benchmark_filter=alu]
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/pipeline/Pipeline.h"
#include "interp/Dispatch.h"
#include "renderer/hal/Hal.h"

namespace {

namespace hal = sl::hal;
namespace interp = sl::interp;

struct Case {
  const char* name;
  const char* source;
  uint32_t elements;  // of each buffer
  uint32_t invocations;
  uint32_t localSize;  // numthreads x (dispatches stay within 65535 workgroups)
};

const Case kCases[] = {
    {"alu", R"(
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x = In[id.x & 1023];
  uint h = id.x;
  for (uint i = 0; i < 64; ++i) {
    x = x * 0.9990234375 + 0.25;
    h = (h ^ (h >> 7)) * 2654435769u + i;
  }
  Out[id.x & 1023] = x + float(h & 255);
})",
     1024, 1u << 20, 64},
    {"bandwidth", R"(
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(256, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = In[id.x] * 3.0 + 1.0;
})",
     1u << 22, 1u << 22, 256},
};

std::vector<uint32_t> compile(const char* source) {
  sl::CompileOptions options;
  options.profile = "cs_6_0";
  options.target = sl::TargetKind::Spirv;
  options.spirvTargetEnv = "vulkan1.3";
  options.textOnlyForShownStages = true;
  auto result = sl::compileSource("bench.hlsl", source, options);
  if (!result->succeeded) {
    std::fprintf(stderr, "bench_interp: the shader does not compile\n");
    std::exit(1);
  }
  std::vector<uint32_t> words(result->object.size() / 4);
  std::memcpy(words.data(), result->object.data(), words.size() * 4);
  return words;
}

class HostBuffers : public interp::ResourceResolver {
 public:
  explicit HostBuffers(uint32_t elements) : in_(elements, 1.5f), out_(elements, 0.0f) {}
  bool buffer(uint32_t set, uint32_t binding, uint32_t index, interp::BufferResource& out) override {
    if (set != 0 || index != 0 || binding > 1) return false;
    std::vector<float>& v = binding == 0 ? in_ : out_;
    out.data = reinterpret_cast<uint8_t*>(v.data());
    out.size = v.size() * 4;
    return true;
  }

 private:
  std::vector<float> in_, out_;
};

std::map<std::string, double> gCpuSeconds, gCpuOptimizedSeconds, gLavapipeSeconds;

void cpuBench(benchmark::State& state, const Case& c) {
  interp::DecodeOptions decodeOptions;
  decodeOptions.optimize = state.range(1) != 0;
  interp::DecodeResult decoded = interp::decodeModule(compile(c.source), decodeOptions);
  if (!decoded.module) {
    state.SkipWithError(decoded.error.c_str());
    return;
  }
  HostBuffers buffers(c.elements);
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.workgroups = {c.invocations / c.localSize, 1, 1};
  desc.resources = &buffers;
  desc.options.threads = uint32_t(state.range(0));
  uint64_t instructions = 0;
  double seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    interp::DispatchResult r = interp::dispatch(desc);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!r.ok) {
      state.SkipWithError(r.error().c_str());
      return;
    }
    instructions += r.instructions;
  }
  state.counters["instructions_per_s"] = benchmark::Counter(double(instructions) / seconds);
  if (state.range(0) == 0) (state.range(1) ? gCpuOptimizedSeconds : gCpuSeconds)[c.name] = seconds / double(state.iterations());
}

void lavapipeBench(benchmark::State& state, const Case& c) {
  auto device = hal::createDevice({.backend = hal::Backend::Vulkan});
  if (!device.ok()) {
    state.SkipWithError(device.status().message().c_str());
    return;
  }
  const std::vector<uint32_t> words = compile(c.source);
  hal::ExecutableDesc desc;
  desc.code.resize(words.size() * 4);
  std::memcpy(desc.code.data(), words.data(), desc.code.size());
  desc.layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 1, {}, true}, {hal::BindingKind::StorageBuffer, 0, 1}};
  desc.layout.workgroupSize = {c.localSize, 1, 1};
  desc.label = c.name;
  auto exe = (*device)->createExecutable(desc);
  auto in = (*device)->createBuffer({uint64_t(c.elements) * 4, hal::kBufferAllUsages, "in"});
  auto out = (*device)->createBuffer({uint64_t(c.elements) * 4, hal::kBufferAllUsages, "out"});
  if (!exe.ok() || !in.ok() || !out.ok()) {
    state.SkipWithError("lavapipe set-up failed");
    return;
  }
  (void)(*in)->fill(0, hal::kWholeSize, 0x3fc00000);  // 1.5f
  const std::vector<hal::Binding> bindings = {hal::BufferRef::direct(*in), hal::BufferRef::direct(*out)};
  double seconds = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    hal::CommandBuffer cb({hal::CommandBufferMode::OneShot});
    hal::Status s = cb.dispatch(*exe, 0, {c.invocations / c.localSize, 1, 1}, {}, bindings);
    if (s.ok()) s = cb.finish();
    if (s.ok()) s = (*device)->submitAndWait(cb);
    seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!s.ok()) {
      state.SkipWithError(s.message().c_str());
      return;
    }
  }
  gLavapipeSeconds[c.name] = seconds / double(state.iterations());
}

}  // namespace

int main(int argc, char** argv) {
  setenv("XDG_RUNTIME_DIR", "/tmp", 0);
  for (const Case& c : kCases) {
    benchmark::RegisterBenchmark((std::string("cpu/") + c.name).c_str(), [&c](benchmark::State& s) { cpuBench(s, c); })
        ->ArgNames({"threads", "optimized"})->Args({1, 0})->Args({0, 0})->Args({1, 1})->Args({0, 1})
        ->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(1.0);
    benchmark::RegisterBenchmark((std::string("lavapipe/") + c.name).c_str(), [&c](benchmark::State& s) { lavapipeBench(s, c); })
        ->Unit(benchmark::kMillisecond)->UseRealTime()->MinTime(1.0);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  for (const Case& c : kCases) {
    auto cpu = gCpuSeconds.find(c.name), lp = gLavapipeSeconds.find(c.name);
    if (cpu == gCpuSeconds.end() || lp == gLavapipeSeconds.end()) continue;
    std::printf("%s: CPU device %.1f ms, lavapipe %.1f ms per dispatch of %u invocations: ratio %.2f (goal <= 10)\n", c.name,
                cpu->second * 1e3, lp->second * 1e3, c.invocations, cpu->second / lp->second);
    if (auto opt = gCpuOptimizedSeconds.find(c.name); opt != gCpuOptimizedSeconds.end())
      std::printf("%s: with spirv-opt -O first, CPU device %.1f ms: ratio %.2f\n", c.name, opt->second * 1e3, opt->second / lp->second);
  }
  benchmark::Shutdown();
  return 0;
}
