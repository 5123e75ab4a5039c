// The debugger's cost per motion (docs/debugger.md): a generated shader whose traced invocation
// runs ~1M SPIR-V instructions (a loop over 40 generated statements), recorded once, then
//   step      `next` then `back` in the middle of the trace, each followed by the variable
//             refresh a stop does (locals + globals): the cost of one step each way (goal: the
//             pair + refreshes <= 16 ms)
//   sweep     restart, then run to the end and back to the start: every recorded write applied
//             and undone once (O(trace), the worst case of a single motion)
//   session   building a session over the trace (frames, line starts, initial memory)
// Run: build/bench/bench_debug [--benchmark_filter=step]
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "core/pipeline/Pipeline.h"
#include "interp/Dispatch.h"
#include "interp/debug/DebugSession.h"

namespace {

namespace interp = sl::interp;
namespace debug = sl::interp::debug;

constexpr uint32_t kStatements = 40;
constexpr uint32_t kIterations = 3500;
constexpr uint32_t kBodyFirstLine = 6;  // the first generated statement's line

std::string generatedShader() {
  std::string s =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "[numthreads(4, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  uint a0 = id.x, a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7;\n"
      "  for (uint i = 0; i < " + std::to_string(kIterations) + "; ++i) {\n";
  for (uint32_t k = 0; k < kStatements; ++k)
    s += "    a" + std::to_string(k % 8) + " = a" + std::to_string((k + 1) % 8) + " * " + std::to_string(2 * k + 3) + "u + (a" +
         std::to_string((k + 3) % 8) + " ^ i);\n";
  s += "  }\n  Out[id.x] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;\n}\n";
  return s;
}

class OneBuffer : public interp::ResourceResolver {
 public:
  bool buffer(uint32_t set, uint32_t binding, uint32_t index, interp::BufferResource& out) override {
    if (set || binding || index) return false;
    out.data = reinterpret_cast<uint8_t*>(data_.data());
    out.size = data_.size() * 4;
    return true;
  }

 private:
  std::vector<uint32_t> data_ = std::vector<uint32_t>(4);
};

struct Recorded {
  std::vector<uint32_t> words;
  std::shared_ptr<debug::DebugTrace> trace;
};

const Recorded& recorded() {
  static const Recorded r = [] {
    Recorded out;
    sl::CompileOptions options;
    options.profile = "cs_6_0";
    options.target = sl::TargetKind::Spirv;
    options.spirvTargetEnv = "vulkan1.3";
    options.debugInfo = true;
    options.textOnlyForShownStages = true;
    auto result = sl::compileSource("generated.hlsl", generatedShader(), options);
    if (!result->succeeded) {
      std::fprintf(stderr, "bench_debug: the generated shader does not compile\n");
      std::exit(1);
    }
    out.words.resize(result->object.size() / 4);
    std::memcpy(out.words.data(), result->object.data(), out.words.size() * 4);
    interp::DecodeResult decoded = interp::decodeModule(out.words);
    OneBuffer buffer;
    out.trace = std::make_shared<debug::DebugTrace>();
    out.trace->localIndex = 1;
    interp::DispatchDesc desc;
    desc.module = decoded.module;
    desc.resources = &buffer;
    desc.options.subgroupSize = 4;
    desc.trace = out.trace.get();
    const interp::DispatchResult run = interp::dispatch(desc);
    if (!run.ok || !out.trace->started || out.trace->truncated) {
      std::fprintf(stderr, "bench_debug: recording failed: %s\n", run.error().c_str());
      std::exit(1);
    }
    return out;
  }();
  return r;
}

void refresh(debug::DebugSession& session) {
  benchmark::DoNotOptimize(session.locals());
  benchmark::DoNotOptimize(session.globals());
  benchmark::DoNotOptimize(session.location());
}

void BM_Step(benchmark::State& state) {
  const Recorded& r = recorded();
  debug::DebugSession session(r.trace, r.words);
  // The middle of the trace: stop at the first statement of the middle iteration.
  session.start();
  session.addBreakpoint(kBodyFirstLine, "i == " + std::to_string(kIterations / 2));
  session.continueForward();
  for (auto _ : state) {
    session.next();
    refresh(session);
    session.stepBack();
    refresh(session);
  }
  state.counters["trace_steps"] = double(session.stepCount());
}
BENCHMARK(BM_Step)->Unit(benchmark::kMicrosecond);

void BM_Sweep(benchmark::State& state) {
  const Recorded& r = recorded();
  debug::DebugSession session(r.trace, r.words);
  for (auto _ : state) {
    session.restart();
    std::string message;
    const debug::Stop stop = session.runToLine(kBodyFirstLine + kStatements + 1, message);  // Out[id.x] = ...: the trace's end
    if (stop.reason != debug::Stop::Reason::Step) {
      state.SkipWithError(("the run to the last line did not stop there: " + message).c_str());
      break;
    }
    refresh(session);
    session.restart();
    refresh(session);
  }
  state.counters["trace_steps"] = double(session.stepCount());
}
BENCHMARK(BM_Sweep)->Unit(benchmark::kMillisecond);

void BM_Session(benchmark::State& state) {
  const Recorded& r = recorded();
  for (auto _ : state) {
    debug::DebugSession session(r.trace, r.words);
    benchmark::DoNotOptimize(session.stepCount());
  }
}
BENCHMARK(BM_Session)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
