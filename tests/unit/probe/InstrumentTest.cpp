// Instrumented modules run on the CPU executor: what they capture for the target invocation must
// be exactly what interp's trace of the original module records for it, value by value.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>
#include <spirv-tools/libspirv.hpp>

#include <map>

#include "interp/Trace.h"
#include "interp/probe/Capture.h"
#include "interp/probe/Instrument.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;
using interp::probe::ProbedValue;

namespace {

const char* kLoopShader = R"(
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> Floats : register(u1);
uint twice(uint v) { return v * 2; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint sum = 0;
  for (uint i = 0; i < id.x + 2; ++i) {
    if ((i & 1) == 0) sum += twice(i);
    else sum ^= i << 3;
  }
  float f = float(sum) * 0.5f + 1.0f;
  bool big = f > 4.0f;
  Out[id.x] = big ? sum : sum + 100;
  Floats[id.x] = f;
})";

struct Captured {
  interp::probe::InstrumentedModule module;
  interp::probe::Capture capture;
  Buffers buffers;
};

Captured runInstrumented(const std::vector<uint32_t>& words, std::array<uint32_t, 3> target, uint32_t capacity = 4096,
                         std::array<uint32_t, 3> groups = {2, 1, 1}) {
  Captured c;
  interp::probe::InstrumentOptions options;
  options.target = target;
  options.set = interp::probe::firstFreeDescriptorSet(words);
  options.capacityWords = capacity;
  c.module = interp::probe::instrument(words, options);
  INFO(c.module.error);
  REQUIRE(c.module.ok());
  c.buffers.zeros<uint32_t>(0, 0, 8);
  c.buffers.zeros<float>(0, 1, 8);
  c.buffers.zeros<uint32_t>(options.set, 0, capacity);
  const RunResult r = run(c.module.words, c.buffers, groups);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const std::vector<uint32_t> buffer = c.buffers.get<uint32_t>(options.set, 0);
  c.capture = interp::probe::decodeCapture(buffer, c.module);
  REQUIRE(c.capture.error.empty());
  return c;
}

// (result id, occurrence) -> entry words, from interp's trace of the original module.
std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> tracedValues(const std::vector<uint32_t>& words, uint32_t workgroup,
                                                                           uint32_t localIndex, const std::vector<ProbedValue>& probes) {
  std::map<uint32_t, const ProbedValue*> byId;
  for (const ProbedValue& p : probes) byId[p.resultId] = &p;
  interp::DecodeResult decoded = interp::decodeModule(words);
  REQUIRE(decoded.module);
  Buffers b;
  b.zeros<uint32_t>(0, 0, 8);
  b.zeros<float>(0, 1, 8);
  interp::TraceRecorder trace;
  trace.workgroup = {workgroup, 0, 0};
  trace.localIndex = localIndex;
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.workgroups = {2, 1, 1};
  desc.resources = &b;
  desc.trace = &trace;
  REQUIRE(interp::dispatch(desc).ok);
  std::map<std::pair<uint32_t, uint32_t>, std::vector<uint32_t>> values;
  std::map<uint32_t, uint32_t> occurrences;
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    const interp::TraceStep& step = trace.steps[s];
    if (!step.active.test(trace.lane)) continue;
    const uint32_t id = decoded.module->functions[step.function].insts[step.inst].resultId;
    auto it = byId.find(id);
    if (it == byId.end() || !trace.valueOf(s, trace.lane)) continue;
    values[{id, occurrences[id]++}] = interp::probe::entryWordsOfRegister(*it->second, trace.valueOf(s, trace.lane), step.valueSize);
  }
  return values;
}

}  // namespace

TEST_CASE("an instrumented module captures the target invocation's values as interp traces them", "[probe]") {
  const auto words = compileHlsl(kLoopShader, "cs_6_0");
  Captured c = runInstrumented(words, {5, 0, 0});
  REQUIRE(!c.module.probes.empty());
  CHECK_FALSE(c.capture.overflowed);
  REQUIRE(!c.capture.values.empty());

  const auto traced = tracedValues(words, 1, 1, c.module.probes);
  REQUIRE(!traced.empty());
  // Every captured value is the traced one, and nothing traced is missing.
  size_t compared = 0;
  std::map<uint32_t, uint32_t> nextOccurrence;
  for (const interp::probe::CapturedValue& v : c.capture.values) {
    const ProbedValue& probe = c.module.probes[v.ordinal];
    CHECK(v.occurrence == nextOccurrence[probe.resultId]++);  // entries arrive in execution order
    auto it = traced.find({probe.resultId, v.occurrence});
    INFO("%" << probe.resultId << " occurrence " << v.occurrence);
    REQUIRE(it != traced.end());
    CHECK(it->second == v.words);
    ++compared;
  }
  CHECK(compared == traced.size());

  // The loop ran id.x + 2 = 7 times: its counter's phi was captured 8 times (the exit test too).
  uint32_t maxOccurrences = 0;
  for (const auto& [id, n] : nextOccurrence) maxOccurrences = std::max(maxOccurrences, n);
  CHECK(maxOccurrences >= 7);
  // The outputs are the original module's.
  Buffers plain;
  plain.zeros<uint32_t>(0, 0, 8);
  plain.zeros<float>(0, 1, 8);
  REQUIRE(run(words, plain, {2, 1, 1}).result.ok);
  CHECK(plain.get<uint32_t>(0, 0) == c.buffers.get<uint32_t>(0, 0));
  CHECK(plain.get<float>(0, 1) == c.buffers.get<float>(0, 1));
}

TEST_CASE("64-bit, 16-bit, bool and vector values are captured as interp holds them", "[probe]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> Floats : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t wide = uint64_t(id.x) * 0x100000001ull + 7;
  double d = double(id.x) / 3.0;
  half h = half(id.x) * half(0.25);
  int16_t s = int16_t(id.x) - int16_t(9);
  bool2 flags = bool2(id.x > 2, (id.x & 1) == 0);
  float3 v = float3(id.x, 0.5f, -2.0f) * 1.5f;
  Out[id.x] = uint(wide >> 32) + uint(wide) + uint(s) + (flags.x ? 1u : 0u) + (flags.y ? 2u : 0u);
  Floats[id.x] = float(d) + float(h) + v.x + v.y + v.z;
})", "cs_6_2", {"-enable-16bit-types"});
  Captured c = runInstrumented(words, {6, 0, 0});
  const auto traced = tracedValues(words, 1, 2, c.module.probes);
  std::map<uint32_t, bool> widths;  // width -> seen
  for (const interp::probe::CapturedValue& v : c.capture.values) {
    const ProbedValue& probe = c.module.probes[v.ordinal];
    widths[probe.width] = true;
    INFO("%" << probe.resultId << " width " << probe.width << " x" << probe.components);
    auto it = traced.find({probe.resultId, v.occurrence});
    REQUIRE(it != traced.end());
    CHECK(it->second == v.words);
  }
  CHECK(c.capture.values.size() == traced.size());
  CHECK(widths.count(64));
  CHECK(widths.count(16));
  CHECK(widths.count(1));
}

TEST_CASE("only the target invocation captures anything", "[probe]") {
  const auto words = compileHlsl(kLoopShader, "cs_6_0");
  Captured outside = runInstrumented(words, {100, 0, 0});
  CHECK(outside.capture.wordsNeeded == 0);
  CHECK(outside.capture.values.empty());
  Captured first = runInstrumented(words, {0, 0, 0});
  Captured last = runInstrumented(words, {7, 0, 0});
  // Invocation 7 loops longer than invocation 0.
  CHECK(last.capture.values.size() > first.capture.values.size());
}

TEST_CASE("entries that do not fit the capture buffer are dropped, never written past it", "[probe]") {
  const auto words = compileHlsl(kLoopShader, "cs_6_0");
  Captured full = runInstrumented(words, {5, 0, 0});
  Captured small = runInstrumented(words, {5, 0, 0}, 64);
  CHECK(small.capture.overflowed);
  CHECK(small.capture.wordsNeeded == full.capture.wordsNeeded);
  REQUIRE(!small.capture.values.empty());
  REQUIRE(small.capture.values.size() < full.capture.values.size());
  for (size_t i = 0; i < small.capture.values.size(); ++i) {
    CHECK(small.capture.values[i].ordinal == full.capture.values[i].ordinal);
    CHECK(small.capture.values[i].words == full.capture.values[i].words);
  }
}

TEST_CASE("atomic and wave results, and values computed from them, are order-dependent", "[probe]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> Counter : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint slot;
  InterlockedAdd(Counter[0], 1, slot);
  uint lanes = WaveActiveSum(id.x);
  Out[id.x] = (slot + 7) * 3 + lanes;
  Out[id.x + 4] = id.x * 5;
})", "cs_6_0");
  interp::probe::InstrumentOptions options;
  options.set = 1;
  const interp::probe::InstrumentedModule m = interp::probe::instrument(words, options);
  INFO(m.error);
  REQUIRE(m.ok());
  size_t atomics = 0, dependent = 0, independent = 0;
  for (const ProbedValue& p : m.probes) {
    if (p.opcode == spv::OpAtomicIAdd || p.opcode == spv::OpGroupNonUniformIAdd) {
      ++atomics;
      CHECK(p.orderDependent);
    }
    (p.orderDependent ? dependent : independent) += 1;
  }
  CHECK(atomics == 2);
  CHECK(dependent > atomics);  // slot + 7, * 3, + lanes
  CHECK(independent > 0);      // id.x * 5
}

TEST_CASE("a module without GlobalInvocationId gets one; SPIR-V 1.0 modules use Uniform BufferBlock", "[probe]") {
  for (const char* version : {"1.0", "1.6"}) {
    INFO("SPIR-V " << version);
    const std::string text = std::string("; SPIR-V\n; Version: ") + version + R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %lid
OpExecutionMode %main LocalSize 4 1 1
OpDecorate %lid BuiltIn LocalInvocationId
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%v3uint = OpTypeVector %uint 3
%ptr = OpTypePointer Input %v3uint
%lid = OpVariable %ptr Input
%main = OpFunction %void None %fn
%entry = OpLabel
%l = OpLoad %v3uint %lid
%x = OpCompositeExtract %uint %l 0
%y = OpIMul %uint %x %x
OpReturn
OpFunctionEnd
)";
    spvtools::SpirvTools tools(std::string(version) == "1.0" ? SPV_ENV_VULKAN_1_0 : SPV_ENV_VULKAN_1_3);
    std::vector<uint32_t> words;
    REQUIRE(tools.Assemble(text, &words));
    interp::probe::InstrumentOptions options;
    options.target = {2, 0, 0};
    options.capacityWords = 64;
    const interp::probe::InstrumentedModule m = interp::probe::instrument(words, options);
    INFO(m.error);
    REQUIRE(m.ok());
    CHECK(m.probes.size() == 3);  // %l, %x, %y
    Buffers b;
    b.zeros<uint32_t>(0, 0, 64);
    REQUIRE(run(m.words, b).result.ok);
    const auto capture = interp::probe::decodeCapture(b.get<uint32_t>(0, 0), m);
    REQUIRE(capture.values.size() == 3);
    CHECK(capture.values[2].words == std::vector<uint32_t>{4});
  }
}

TEST_CASE("instrumenting what is not a module fails with a reason", "[probe]") {
  const std::vector<uint32_t> junk = {1, 2, 3, 4, 5, 6};
  CHECK(interp::probe::instrument(junk, {}).error == "not a SPIR-V module (no magic number)");
  std::vector<uint32_t> truncated = {0x07230203u, 0x10000, 0, 10, 0, (5u << 16) | 17};
  CHECK(interp::probe::instrument(truncated, {}).error == "truncated instruction at word 5");
  interp::probe::InstrumentOptions tiny;
  tiny.capacityWords = 63;
  CHECK(interp::probe::instrument(compileHlsl(kLoopShader, "cs_6_0"), tiny).error == "the capture buffer needs at least 64 words");
}
