// Atomics on the CPU executor: every Interlocked* intrinsic on structured and byte-address
// buffers (32- and 64-bit), groupshared atomics across barriers, the original values they return,
// many workgroups on several host threads giving exact totals, float add/min/max from SPIR-V
// assembly (HLSL cannot express them), and out-of-bounds and misaligned accesses.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <numeric>
#include <set>

#include "interp/Dispatch.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;

namespace {

interp::DispatchOptions onThreads(uint32_t threads, uint32_t subgroupSize = 32) {
  interp::DispatchOptions options;
  options.threads = threads;
  options.subgroupSize = subgroupSize;
  return options;
}

}  // namespace

TEST_CASE("Interlocked operations on structured buffers from many workgroups on four threads are exact", "[interp][atomic]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> U : register(u0);
RWStructuredBuffer<int> I : register(u1);
RWStructuredBuffer<uint> Exchanged : register(u2);
RWStructuredBuffer<uint> Compared : register(u3);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n = id.x;
  InterlockedAdd(U[0], n + 1);
  InterlockedMin(U[1], n * 7919u % 10007u + 5u);
  InterlockedMax(U[2], n * 7919u % 10007u);
  InterlockedAnd(U[3], ~(1u << (n % 31)));
  InterlockedOr(U[4], 1u << (n % 29));
  InterlockedXor(U[5], n * 2654435761u);
  InterlockedMin(I[0], int(n) - 1000);
  InterlockedMax(I[1], -int(n));
  InterlockedAdd(I[2], (n & 1) ? -3 : 2);
  uint before;
  InterlockedExchange(U[6], n + 1, before);
  Exchanged[n] = before;
  InterlockedCompareExchange(U[7], 0, n + 1, before);
  Compared[n] = before;
})");
  const uint32_t groups = 64, total = groups * 64;
  Buffers b;
  b.set<uint32_t>(0, 0, {0, 0xffffffffu, 0, 0xffffffffu, 0, 0, 0, 0});
  b.set<int32_t>(0, 1, {0, INT32_MIN, 0});
  b.zeros<uint32_t>(0, 2, total);
  b.zeros<uint32_t>(0, 3, total);
  const RunResult r = run(words, b, {groups, 1, 1}, onThreads(4));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto u = b.get<uint32_t>(0, 0);
  const auto i = b.get<int32_t>(0, 1);
  uint32_t minimum = ~0u, maximum = 0, andMask = ~0u, orMask = 0, xorMask = 0;
  int32_t sum = 0;
  for (uint32_t n = 0; n < total; ++n) {
    minimum = std::min(minimum, n * 7919u % 10007u + 5u);
    maximum = std::max(maximum, n * 7919u % 10007u);
    andMask &= ~(1u << (n % 31));
    orMask |= 1u << (n % 29);
    xorMask ^= n * 2654435761u;
    sum += (n & 1) ? -3 : 2;
  }
  CHECK(u[0] == total * (total + 1) / 2);
  CHECK(u[1] == minimum);
  CHECK(u[2] == maximum);
  CHECK(u[3] == andMask);
  CHECK(u[4] == orMask);
  CHECK(u[5] == xorMask);
  CHECK(i[0] == -1000);
  CHECK(i[1] == 0);  // signed: -0 is the largest; unsigned it would be 0xffffffff (-1)
  CHECK(i[2] == sum);
  // Exchange chains: the values seen before, plus the final one, are 0..total, each once.
  std::vector<uint32_t> chain = b.get<uint32_t>(0, 2);
  chain.push_back(u[6]);
  std::sort(chain.begin(), chain.end());
  std::vector<uint32_t> expected(total + 1);
  std::iota(expected.begin(), expected.end(), 0u);
  CHECK(chain == expected);
  // Compare-exchange: one invocation saw 0 and won; every other one saw the winner's value.
  const auto compared = b.get<uint32_t>(0, 3);
  REQUIRE(u[7] >= 1);
  REQUIRE(u[7] <= total);
  CHECK(compared[u[7] - 1] == 0);
  CHECK(std::count(compared.begin(), compared.end(), u[7]) == total - 1);
}

TEST_CASE("InterlockedAdd returns the original value: a unique-slot allocator, lanes in lane order", "[interp][atomic]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Counter : register(u0);
RWStructuredBuffer<uint> Slots : register(u1);
RWStructuredBuffer<uint> SlotOf : register(u2);
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint slot;
  InterlockedAdd(Counter[0], 1, slot);
  Slots[slot] = id.x;
  SlotOf[id.x] = slot;
})");
  SECTION("many workgroups in parallel") {
    const uint32_t groups = 200, total = groups * 32;
    Buffers b;
    b.zeros<uint32_t>(0, 0, 1);
    b.set<uint32_t>(0, 1, std::vector<uint32_t>(total, ~0u));
    b.zeros<uint32_t>(0, 2, total);
    const RunResult r = run(words, b, {groups, 1, 1}, onThreads(4));
    REQUIRE(r.result.ok);
    CHECK(b.get<uint32_t>(0, 0)[0] == total);
    const auto slots = b.get<uint32_t>(0, 1), slotOf = b.get<uint32_t>(0, 2);
    std::set<uint32_t> seen(slots.begin(), slots.end());
    CHECK(seen.size() == total);  // every invocation got its own slot
    CHECK(*seen.rbegin() == total - 1);
    for (uint32_t n = 0; n < total; ++n) CHECK(slots[slotOf[n]] == n);
  }
  SECTION("one subgroup: the lanes take the atomic in lane order") {
    Buffers b;
    b.set<uint32_t>(0, 0, {100});
    b.zeros<uint32_t>(0, 1, 200);
    b.zeros<uint32_t>(0, 2, 32);
    const RunResult r = run(words, b, {1, 1, 1}, onThreads(1, 32));
    REQUIRE(r.result.ok);
    const auto slotOf = b.get<uint32_t>(0, 2);
    for (uint32_t lane = 0; lane < 32; ++lane) CHECK(slotOf[lane] == 100 + lane);
  }
}

TEST_CASE("64-bit atomics on byte-address and structured buffers", "[interp][atomic]") {
  const auto words = compileHlsl(R"(
RWByteAddressBuffer B : register(u0);
RWStructuredBuffer<uint64_t> U : register(u1);
RWStructuredBuffer<int64_t> I : register(u2);
RWStructuredBuffer<uint64_t> Seen : register(u3);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n = id.x;
  B.InterlockedAdd(0, 1u);
  uint64_t before;
  B.InterlockedAdd64(8, ((uint64_t)1 << 32) | 3ull, before);
  Seen[n] = before;
  B.InterlockedMax64(16, (uint64_t)n << 40);
  B.InterlockedOr64(24, 1ull << (n % 64));
  B.InterlockedCompareExchange64(32, 0ull, (uint64_t)n + 0x100000000ull, before);
  B.InterlockedMin64(40, (uint64_t)(n + 5) << 33);
  InterlockedAdd(U[0], 0x100000001ull);
  InterlockedMin(I[0], -(int64_t)n * 0x10000000000ll);
  InterlockedXor(U[1], (uint64_t)n << 30);
})",
                                 "cs_6_6");
  const uint32_t groups = 16, total = groups * 64;
  Buffers b;
  std::vector<uint64_t> initial(6, 0);
  initial[5] = ~0ull;
  b.set<uint64_t>(0, 0, initial);
  b.zeros<uint64_t>(0, 1, 2);
  b.zeros<int64_t>(0, 2, 1);
  b.zeros<uint64_t>(0, 3, total);
  const RunResult r = run(words, b, {groups, 1, 1}, onThreads(4));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto q = b.get<uint64_t>(0, 0);
  CHECK(uint32_t(q[0]) == total);  // the 32-bit add at byte 0
  CHECK(q[0] >> 32 == 0);
  CHECK(q[1] == uint64_t(total) * 0x100000003ull);
  CHECK(q[2] == uint64_t(total - 1) << 40);
  CHECK(q[3] == ~0ull);
  CHECK((q[4] >> 32) == 1);  // the compare-exchange winner's value
  CHECK(uint32_t(q[4]) < total);
  CHECK(q[5] == 5ull << 33);
  CHECK(b.get<uint64_t>(0, 1)[0] == uint64_t(total) * 0x100000001ull);
  CHECK(b.get<int64_t>(0, 2)[0] == -int64_t(total - 1) * 0x10000000000ll);
  uint64_t x = 0;
  for (uint32_t n = 0; n < total; ++n) x ^= uint64_t(n) << 30;
  CHECK(b.get<uint64_t>(0, 1)[1] == x);
  // Each 64-bit add saw a distinct multiple of the addend (the carry crosses the words).
  const auto seen = b.get<uint64_t>(0, 3);
  std::set<uint64_t> distinct(seen.begin(), seen.end());
  CHECK(distinct.size() == total);
  for (uint64_t v : seen) CHECK(v % 0x100000003ull == 0);
}

TEST_CASE("groupshared atomics across barriers: a histogram per workgroup, summed globally", "[interp][atomic]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Histogram : register(u1);
RWStructuredBuffer<uint> Local : register(u2);
groupshared uint Bins[16];
[numthreads(128, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex, uint3 group : SV_GroupID) {
  if (index < 16) Bins[index] = 0;
  GroupMemoryBarrierWithGroupSync();
  uint original;
  InterlockedAdd(Bins[In[id.x] % 16], 1, original);
  InterlockedMax(Bins[(In[id.x] >> 4) % 16], 0);  // no change, still an atomic
  GroupMemoryBarrierWithGroupSync();
  if (index < 16) {
    Local[group.x * 16 + index] = Bins[index];
    InterlockedAdd(Histogram[index], Bins[index]);
  }
})");
  const uint32_t groups = 24, total = groups * 128;
  std::vector<uint32_t> in(total);
  uint32_t state = 12345;
  for (uint32_t& v : in) v = (state = state * 1103515245u + 12345u) >> 8;
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.zeros<uint32_t>(0, 1, 16);
  b.zeros<uint32_t>(0, 2, groups * 16);
  const RunResult r = run(words, b, {groups, 1, 1}, onThreads(4, 16));  // eight subgroups per workgroup
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  std::vector<uint32_t> histogram(16, 0), local(groups * 16, 0);
  for (uint32_t n = 0; n < total; ++n) {
    ++histogram[in[n] % 16];
    ++local[(n / 128) * 16 + in[n] % 16];
  }
  CHECK(b.get<uint32_t>(0, 1) == histogram);
  CHECK(b.get<uint32_t>(0, 2) == local);
}

namespace {

// A storage buffer of `type` values at set 0 binding 0 (Data) and of the same type at binding 1
// (Seen: one per invocation), with `capabilities` and `body` in a 64-lane entry point.
std::string floatAtomicModule(const std::string& header, const std::string& type, uint32_t stride, const std::string& body) {
  return R"(
OpCapability Shader
)" + header + R"(
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid %Data %Seen
OpExecutionMode %main LocalSize 64 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride )" + std::to_string(stride) + R"(
OpMemberDecorate %Block 0 Offset 0
OpDecorate %Block Block
OpDecorate %Data DescriptorSet 0
OpDecorate %Data Binding 0
OpDecorate %Seen DescriptorSet 0
OpDecorate %Seen Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%value = )" + type + R"(
%v3uint = OpTypeVector %uint 3
%pin = OpTypePointer Input %v3uint
%rta = OpTypeRuntimeArray %value
%Block = OpTypeStruct %rta
%pblock = OpTypePointer StorageBuffer %Block
%pvalue = OpTypePointer StorageBuffer %value
%gid = OpVariable %pin Input
%Data = OpVariable %pblock StorageBuffer
%Seen = OpVariable %pblock StorageBuffer
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c3 = OpConstant %uint 3
%device = OpConstant %uint 1
%relaxed = OpConstant %uint 0
%acqrel = OpConstant %uint 72
%main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%seenAt = OpAccessChain %pvalue %Seen %c0 %x
%valueAt = OpAccessChain %pvalue %Data %c0 %x
%own = OpLoad %value %valueAt
)" + body + R"(
OpReturn
OpFunctionEnd
)";
}

}  // namespace

TEST_CASE("OpAtomicFAddEXT on fp32 and fp64 buffers from many workgroups is exact and returns distinct originals", "[interp][atomic]") {
  const std::string body = R"(
%sum = OpAccessChain %pvalue %Data %c0 %c0
%before = OpAtomicFAddEXT %value %sum %device %acqrel %one
OpStore %seenAt %before
%half = OpAccessChain %pvalue %Data %c0 %c1
%ignored = OpAtomicFAddEXT %value %half %device %relaxed %quarter
)";
  const uint32_t groups = 32, total = groups * 64;
  SECTION("fp32") {
    const std::string text = floatAtomicModule(R"(OpCapability AtomicFloat32AddEXT
OpExtension "SPV_EXT_shader_atomic_float_add")",
                                               "OpTypeFloat 32\n%one = OpConstant %value 1\n%quarter = OpConstant %value -0.25",
                                               4, body);
    Buffers b;
    b.set<float>(0, 0, std::vector<float>(total, 0.0f));
    b.zeros<float>(0, 1, total);
    const RunResult r = run(assemble(text), b, {groups, 1, 1}, onThreads(4));
    INFO(r.diagnostics);
    REQUIRE(r.result.ok);
    const auto data = b.get<float>(0, 0);
    CHECK(data[0] == float(total));
    CHECK(data[1] == -0.25f * total);
    std::vector<float> seen = b.get<float>(0, 1);
    std::sort(seen.begin(), seen.end());
    for (uint32_t n = 0; n < total; ++n) CHECK(seen[n] == float(n));
  }
  SECTION("fp64") {
    const std::string text = floatAtomicModule(R"(OpCapability Float64
OpCapability AtomicFloat64AddEXT
OpExtension "SPV_EXT_shader_atomic_float_add")",
                                               "OpTypeFloat 64\n%one = OpConstant %value 1\n%quarter = OpConstant %value -0.25",
                                               8, body);
    Buffers b;
    b.set<double>(0, 0, std::vector<double>(total, 0.0));
    b.zeros<double>(0, 1, total);
    const RunResult r = run(assemble(text), b, {groups, 1, 1}, onThreads(4));
    INFO(r.diagnostics);
    REQUIRE(r.result.ok);
    const auto data = b.get<double>(0, 0);
    CHECK(data[0] == double(total));
    CHECK(data[1] == -0.25 * total);
    std::vector<double> seen = b.get<double>(0, 1);
    std::sort(seen.begin(), seen.end());
    for (uint32_t n = 0; n < total; ++n) CHECK(seen[n] == double(n));
  }
}

TEST_CASE("OpAtomicFMinEXT and OpAtomicFMaxEXT: NaN gives the other operand, -0 is below +0", "[interp][atomic]") {
  // Each invocation x folds its own Data[x] into Data[0] (min) and Data[1] (max) after Data[2..].
  const std::string body = R"(
%minAt = OpAccessChain %pvalue %Data %c0 %c0
%maxAt = OpAccessChain %pvalue %Data %c0 %c1
%isOwn = OpUGreaterThan %bool %x %c1
OpSelectionMerge %done None
OpBranchConditional %isOwn %fold %done
%fold = OpLabel
%a = OpAtomicFMinEXT %value %minAt %device %relaxed %own
%b = OpAtomicFMaxEXT %value %maxAt %device %relaxed %own
OpBranch %done
%done = OpLabel
)";
  const std::string text = floatAtomicModule(R"(OpCapability AtomicFloat32MinMaxEXT
OpExtension "SPV_EXT_shader_atomic_float_min_max")",
                                             "OpTypeFloat 32\n%bool = OpTypeBool", 4, body);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  auto runWith = [&](std::vector<float> data) {
    data.resize(64, data.back());
    Buffers b;
    b.set<float>(0, 0, data);
    b.zeros<float>(0, 1, 64);
    const RunResult r = run(assemble(text), b, {1, 1, 1}, onThreads(1));
    INFO(r.diagnostics);
    REQUIRE(r.result.ok);
    return b.get<float>(0, 0);
  };
  {
    const auto out = runWith({nan, nan, 3.0f, -7.5f, nan, 12.0f, 0.5f});
    CHECK(out[0] == -7.5f);  // the NaN already there is replaced
    CHECK(out[1] == 12.0f);
  }
  {
    const auto out = runWith({0.0f, -0.0f, -0.0f, 0.0f});
    CHECK(std::signbit(out[0]));   // min(+0, -0) = -0
    CHECK(!std::signbit(out[1]));  // max(-0, +0) = +0
  }
}

TEST_CASE("OpAtomicIIncrement, IDecrement, ISub, Load, Store and 16-bit float add", "[interp][atomic]") {
  const std::string text = R"(
OpCapability Shader
OpCapability Float16
OpCapability StorageBuffer16BitAccess
OpCapability AtomicFloat16AddEXT
OpExtension "SPV_EXT_shader_atomic_float16_add"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid %Data %Halves
OpExecutionMode %main LocalSize 32 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride 4
OpMemberDecorate %Block 0 Offset 0
OpDecorate %Block Block
OpDecorate %rtah ArrayStride 2
OpMemberDecorate %BlockH 0 Offset 0
OpDecorate %BlockH Block
OpDecorate %Data DescriptorSet 0
OpDecorate %Data Binding 0
OpDecorate %Halves DescriptorSet 0
OpDecorate %Halves Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%half = OpTypeFloat 16
%bool = OpTypeBool
%v3uint = OpTypeVector %uint 3
%pin = OpTypePointer Input %v3uint
%rta = OpTypeRuntimeArray %uint
%Block = OpTypeStruct %rta
%pblock = OpTypePointer StorageBuffer %Block
%puint = OpTypePointer StorageBuffer %uint
%rtah = OpTypeRuntimeArray %half
%BlockH = OpTypeStruct %rtah
%pblockh = OpTypePointer StorageBuffer %BlockH
%phalf = OpTypePointer StorageBuffer %half
%gid = OpVariable %pin Input
%Data = OpVariable %pblock StorageBuffer
%Halves = OpVariable %pblockh StorageBuffer
%c0 = OpConstant %uint 0
%c1 = OpConstant %uint 1
%c2 = OpConstant %uint 2
%c3 = OpConstant %uint 3
%c4 = OpConstant %uint 4
%c5 = OpConstant %uint 5
%c7 = OpConstant %uint 7
%c64 = OpConstant %uint 64
%device = OpConstant %uint 1
%relaxed = OpConstant %uint 0
%halfStep = OpConstant %half 0.125
%main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %g 0
%inc = OpAccessChain %puint %Data %c0 %c0
%dec = OpAccessChain %puint %Data %c0 %c1
%sub = OpAccessChain %puint %Data %c0 %c2
%stored = OpAccessChain %puint %Data %c0 %c3
%a = OpAtomicIIncrement %uint %inc %device %relaxed
%b = OpAtomicIDecrement %uint %dec %device %relaxed
%s = OpAtomicISub %uint %sub %device %relaxed %c7
%isZero = OpIEqual %bool %x %c0
OpSelectionMerge %after None
OpBranchConditional %isZero %store %after
%store = OpLabel
OpAtomicStore %stored %device %relaxed %c64
OpBranch %after
%after = OpLabel
%seenAt = OpIAdd %uint %x %c5
%seen = OpAccessChain %puint %Data %c0 %seenAt
%loaded = OpAtomicLoad %uint %inc %device %relaxed
OpStore %seen %a
%h = OpAccessChain %phalf %Halves %c0 %c0
%hb = OpAtomicFAddEXT %half %h %device %relaxed %halfStep
OpReturn
OpFunctionEnd
)";
  Buffers b;
  b.set<uint16_t>(0, 1, {0x3c00, 0});  // 1.0
  std::vector<uint32_t> init(5 + 64, 0);
  init[1] = 10;
  init[2] = 1000;
  b.set<uint32_t>(0, 0, init);
  const RunResult r = run(assemble(text), b, {2, 1, 1}, onThreads(2));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto data = b.get<uint32_t>(0, 0);
  CHECK(data[0] == 64);
  CHECK(data[1] == uint32_t(10 - 64));
  CHECK(data[2] == 1000 - 7 * 64);
  CHECK(data[3] == 64);
  std::set<uint32_t> seen(data.begin() + 5, data.end());
  CHECK(seen.size() == 64);  // IIncrement returned 0..63
  CHECK(*seen.rbegin() == 63);
  CHECK(b.get<uint16_t>(0, 1)[0] == 0x4880);  // 1 + 64 * 0.125 = 9, exact in fp16
}

TEST_CASE("an out-of-bounds atomic returns 0 and writes nothing; a misaligned one is an error", "[interp][atomic]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Small : register(u0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint before;
  InterlockedAdd(Small[id.x * 2], 5, before);
  Out[id.x] = before;
})");
  SECTION("out of bounds") {
    Buffers b;
    b.set<uint32_t>(0, 0, {1, 2, 3, 4, 5, 6});  // elements 0, 2, 4 in bounds
    b.set<uint32_t>(0, 1, std::vector<uint32_t>(8, 99));
    const RunResult r = run(words, b);
    REQUIRE(r.result.ok);
    CHECK(b.get<uint32_t>(0, 0) == std::vector<uint32_t>{6, 2, 8, 4, 10, 6});
    CHECK(b.get<uint32_t>(0, 1) == std::vector<uint32_t>{1, 3, 5, 0, 0, 0, 0, 0});
    CHECK(r.diagnostics.find("out-of-bounds") != std::string::npos);
  }
  SECTION("misaligned host memory") {
    // A resolver handing out a buffer two bytes past an aligned address: the atomic cannot be done.
    struct Misaligned : Buffers {
      std::vector<uint8_t> storage = std::vector<uint8_t>(64 + 2, 0);
      bool buffer(uint32_t set, uint32_t binding, uint32_t index, interp::BufferResource& out) override {
        if (binding != 0) return Buffers::buffer(set, binding, index, out);
        out.data = storage.data() + 2;
        out.size = 64;
        return true;
      }
    } b;
    b.zeros<uint32_t>(0, 1, 8);
    const RunResult r = run(words, b);
    CHECK(!r.result.ok);
    CHECK(r.diagnostics.find("not a multiple of its size") != std::string::npos);
  }
}

TEST_CASE("a pointer whose pointee is not a type, or outside the id bound, is a decode error", "[interp][atomic]") {
  // Found by fuzz_interp: an atomic through such a pointer read the pointee's type out of range.
  const std::string text = R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%uint_1 = OpConstant %uint 1
%uint_0 = OpConstant %uint 0
%bad = OpTypePointer Function %uint_1
%main = OpFunction %void None %fn
%entry = OpLabel
%var = OpVariable %bad Function
%r = OpAtomicIAdd %uint %var %uint_1 %uint_0 %uint_1
OpReturn
OpFunctionEnd
)";
  interp::DecodeOptions options;
  options.validate = false;  // what the validator rejects must not reach a handler either
  std::vector<uint32_t> words = assemble(text);
  const interp::DecodeResult notAType = interp::decodeModule(words, options);
  CHECK(!notAType.module);
  CHECK(notAType.error.find("which is not a type") != std::string::npos);

  // The same pointer, its pointee id now past the bound.
  for (size_t i = 5; i < words.size();) {
    const uint32_t count = words[i] >> 16, opcode = words[i] & 0xffff;
    REQUIRE(count > 0);
    if (opcode == 32 /* OpTypePointer */) words[i + 3] = words[3] + 7;
    i += count;
  }
  const interp::DecodeResult outside = interp::decodeModule(words, options);
  CHECK(!outside.module);
  CHECK(outside.error.find("outside the module's id bound") != std::string::npos);
}
