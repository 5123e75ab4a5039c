// The trace of one invocation: every step of its subgroup with every lane's value, the writes
// with their bytes before and after (so a debugger can step backwards), the call depth, and
// groupshared memory at each barrier.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

#include "interp/Trace.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;

namespace {

interp::DispatchResult traced(const std::vector<uint32_t>& words, Buffers& b, interp::TraceRecorder& trace, std::array<uint32_t, 3> groups,
                              uint32_t width) {
  interp::DecodeResult decoded = interp::decodeModule(words);
  REQUIRE(decoded.module);
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.workgroups = groups;
  desc.resources = &b;
  desc.options.subgroupSize = width;
  desc.trace = &trace;
  return interp::dispatch(desc);
}

}  // namespace

TEST_CASE("a trace records the invocation's steps, every lane's values, its writes and calls", "[interp][trace]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
uint twice(uint v) { return v * 2; }
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint sum = 0;
  for (uint i = 0; i < id.x; ++i) sum += twice(i);
  Out[id.x] = sum;
})", "cs_6_0", {"-Zi"});
  Buffers b;
  b.zeros<uint32_t>(0, 0, 16);
  interp::TraceRecorder trace;
  trace.workgroup = {1, 0, 0};
  trace.localIndex = 5;  // global id 13 with 8 invocations per workgroup
  const interp::DispatchResult r = traced(words, b, trace, {2, 1, 1}, 4);
  INFO(r.error());
  REQUIRE(r.ok);
  REQUIRE(trace.started);
  CHECK(trace.width == 4);
  CHECK(trace.lane == 1);  // local index 5 is lane 1 of subgroup 1
  CHECK(trace.subgroupIndex == 1);
  CHECK_FALSE(trace.truncated);
  REQUIRE(!trace.steps.empty());

  // The IMul in twice() ran once per iteration for the traced lane: 0, 2, ..., 2 * 12.
  const interp::DecodeResult decoded = interp::decodeModule(words);
  const interp::Module& m = *decoded.module;
  std::vector<uint32_t> products;
  size_t deepest = 0;
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const interp::TraceStep& step = trace.steps[s];
    deepest = std::max<size_t>(deepest, step.depth);
    const interp::Inst& inst = m.functions[step.function].insts[step.inst];
    if (inst.opcode == spv::OpIMul && step.active.test(trace.lane)) {
      uint32_t v = 0;
      std::memcpy(&v, trace.valueOf(s, trace.lane), 4);
      products.push_back(v);
    }
  }
  std::vector<uint32_t> expected;
  for (uint32_t i = 0; i < 13; ++i) expected.push_back(i * 2);
  CHECK(products == expected);
  CHECK(deepest == 2);  // main -> src.main -> twice

  // The final store to Out[13] is a write of 0 -> 156 on the buffer.
  bool sawStore = false;
  for (const interp::TraceWrite& w : trace.writes) {
    if (w.kind != interp::ObjectKind::Buffer || w.lane != trace.lane) continue;
    uint32_t before = 0, after = 0;
    std::memcpy(&before, trace.bytes.data() + w.before, 4);
    std::memcpy(&after, trace.bytes.data() + w.after, 4);
    CHECK(w.offset == 13 * 4);
    CHECK(before == 0);
    CHECK(after == 156);
    sawStore = true;
  }
  CHECK(sawStore);
  // Steps carry the source lines of -Zi.
  bool located = false;
  for (const interp::TraceStep& step : trace.steps)
    located |= m.describeLocation(m.functions[step.function].insts[step.inst].location).find("test.hlsl:7") != std::string::npos;
  CHECK(located);
}

TEST_CASE("a trace keeps groupshared memory at every barrier and stops at its budget", "[interp][trace]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Shared[16];
[numthreads(16, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  Shared[id.x] = id.x * 3;
  GroupMemoryBarrierWithGroupSync();
  Out[id.x] = Shared[15 - id.x];
})");
  Buffers b;
  b.zeros<uint32_t>(0, 0, 16);
  interp::TraceRecorder trace;
  trace.localIndex = 2;
  REQUIRE(traced(words, b, trace, {1, 1, 1}, 4).ok);
  REQUIRE(trace.barrierSnapshots.size() == 1);
  const std::vector<uint8_t>& shared = trace.barrierSnapshots[0].second;
  REQUIRE(shared.size() >= 64);
  uint32_t last = 0;
  std::memcpy(&last, shared.data() + 15 * 4, 4);
  CHECK(last == 45);  // written by another subgroup before the barrier

  interp::TraceRecorder small;
  small.maxSteps = 5;
  REQUIRE(traced(words, b, small, {1, 1, 1}, 4).ok);
  CHECK(small.truncated);
  CHECK(small.steps.size() == 5);
}
