// irgen: HLSL constructs -> IR, checked on the printed IR and by validating the final SPIR-V.
#include "IrGenTestSupport.h"

#include <catch2/catch.hpp>

using sl::test::compileHlsl;

static bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

TEST_CASE("irgen: typed buffers, builtins and the entry wrapper", "[irgen]") {
  auto run = compileHlsl(R"(
RWBuffer<float4> In : register(u0);
RWBuffer<float4> Out : register(u1);
[numthreads(4,2,1)]
void main(uint GI : SV_GroupIndex, uint2 id : SV_DispatchThreadID) {
  Out[GI] = In[GI] * In[id.x];
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.irText, "hlsl.handle_from_binding(space: 0, binding: 0, range: 1)"));
  CHECK(contains(run.irText, "hlsl.resource_store"));
  CHECK(contains(run.irText, "entry_point GLCompute \"main\" = F0 LocalSize(4, 2, 1)"));
  CHECK(contains(run.irText, "func F1`src.main`"));
  CHECK(contains(run.spirvText, "BuiltIn LocalInvocationIndex"));
  CHECK(contains(run.spirvText, "BuiltIn GlobalInvocationId"));
  CHECK(contains(run.spirvText, "OpImageRead"));
  CHECK(contains(run.spirvText, "OpImageWrite"));
  CHECK_FALSE(contains(run.boundText, "hlsl."));
}

TEST_CASE("irgen: control flow statements", "[irgen]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<int> Out : register(u0);
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) {
  int acc = 0;
  for (int k = 0; k < 10; ++k) {
    if (k == 3) continue;
    if (k == 8) break;
    acc += k;
  }
  int w = 5;
  while (w > 0) { w--; acc ^= w; }
  do { acc <<= 1; } while (acc < 100);
  switch (acc & 3) {
    case 0: acc += 1;
    case 1: acc += 2; break;
    default: acc = -acc; break;
  }
  bool b = (i > 2) && (acc / (int)i > 1);
  acc += b ? 7 : (i > 1 || acc > 0 ? 1 : 2);
  Out[i] = acc % 7;
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.spirvText, "OpLoopMerge"));
  CHECK(contains(run.spirvText, "OpSwitch"));
  CHECK(contains(run.spirvText, "OpSRem"));
  CHECK(contains(run.spirvText, "OpSDiv"));
  // Short-circuit: && and ?: become selection constructs with merge values, not OpLogicalAnd.
  CHECK_FALSE(contains(run.spirvText, "OpLogicalAnd"));
  CHECK(contains(run.spirvText, "OpPhi"));
}

TEST_CASE("irgen: functions with in, out and inout parameters copy in and out", "[irgen]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<float> Out : register(u0);
void split(float v, out int whole, inout float acc) { whole = (int)v; acc += v - whole; }
float twice(float x) { return x * 2; }
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) {
  int w; float a = 1;
  split(twice(i + 0.75), w, a);
  uint u = 3;
  split(2.5, u, a);       // out int -> uint argument: converted on write-back
  Out[i] = a + w + u;
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.irText, "call F"));
  CHECK(contains(run.spirvText, "OpFunctionCall"));
  CHECK(contains(run.spirvText, "%_ptr_Function_int"));
}

TEST_CASE("irgen: structs, arrays, swizzles and matrices", "[irgen]") {
  auto run = compileHlsl(R"(
struct P { float3 pos; int id; float2x2 m; };
RWStructuredBuffer<P> Buf : register(u0);
RWStructuredBuffer<float4> Out : register(u1);
static const float table[3] = { 1, 2, 3 };
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) {
  P p = Buf[i];
  p.pos.zx = p.pos.xz;
  p.id += 2;
  float4x4 m = float4x4(1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1);
  float4 v = mul(m, float4(p.pos, 1));
  v = mul(v, transpose(m));
  float2x2 n = p.m * 2 + p.m;
  v.xy += mul(n, v.zw);
  v.w = table[i % 3] + dot(v.xyz, p.pos) + length(v) + m[1][2] + m._m00;
  Buf[i] = p;
  Out[i] = v;
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.spirvText, "OpVectorTimesMatrix"));
  CHECK(contains(run.spirvText, "OpMatrixTimesVector"));
  CHECK(contains(run.spirvText, "OpTranspose"));
  CHECK(contains(run.spirvText, "OpDot"));
}

TEST_CASE("irgen: groupshared atomics, barriers and wave ops", "[irgen]") {
  auto run = compileHlsl(R"(
groupshared uint gs;
RWByteAddressBuffer bb : register(u0);
[numthreads(8,1,1)]
void main(uint i : SV_GroupIndex) {
  if (i == 0) gs = 0;
  GroupMemoryBarrierWithGroupSync();
  uint old;
  InterlockedAdd(gs, 1, old);
  bb.InterlockedAdd(16, 1, old);
  GroupMemoryBarrierWithGroupSync();
  uint sum = WaveActiveSum(i) + WavePrefixCountBits(i > 2) + countbits(i) + firstbithigh(i);
  bb.Store(i * 4, gs + sum + bb.Load(0) + reversebits(i));
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.spirvText, "OpControlBarrier %uint_2 %uint_2 %uint_264"));
  CHECK(contains(run.spirvText, "OpAtomicIAdd %uint %gs %uint_2 %uint_0"));
  CHECK(contains(run.spirvText, "OpGroupNonUniformIAdd"));
  CHECK(contains(run.spirvText, "OpGroupNonUniformBallotBitCount"));
}

TEST_CASE("irgen: cbuffers, $Globals and bool members", "[irgen]") {
  auto run = compileHlsl(R"(
cbuffer Params : register(b0) { float scale; bool flip; float3 offset; }
float gBias;
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) {
  float v = scale * i + gBias + offset.y;
  if (flip) v = -v;
  Out[i] = v;
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.irText, "hlsl.globals(\"1\")"));  // $Globals is one declared block
  CHECK(contains(run.spirvText, "OpINotEqual"));  // bool in a block is a uint compared with 0
  CHECK(contains(run.spirvText, "type.$Globals"));
  CHECK(contains(run.spirvText, "Uniform"));
}

TEST_CASE("irgen: unsupported constructs are diagnosed, not crashed on", "[irgen]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<float4> A : register(u0);
RWStructuredBuffer<float4> B : register(u1);
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) {
  (i > 2 ? A : B)[i] = 1;
}
)");
  CHECK_FALSE(run.valid);
  REQUIRE(sl::hasErrors(run.diagnostics));
  CHECK(contains(run.errors(), "test.hlsl:6:"));
  CHECK(contains(run.errors(), "different resources ('A' and 'B')"));
}

TEST_CASE("irgen: 64-bit byte-address loads/stores and bit operations", "[irgen]") {
  auto run = compileHlsl(R"(
RWByteAddressBuffer bb : register(u0);
RWBuffer<float4> Out : register(u1);
[numthreads(1,1,1)]
void main(uint i : SV_GroupIndex) {
  uint64_t v = bb.Load<uint64_t>(8);
  double d = bb.Load<double>(16);
  bb.Store<uint64_t>(24, reversebits(v) + countbits(v) + firstbitlow(v) + firstbithigh(v));
  RWBuffer<float4> alias = Out;
  alias[i] = float4(d, 0, 0, 1);
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.spirvText, "OpUConvert %ulong"));
  CHECK(contains(run.spirvText, "OpBitcast %v2uint"));
  CHECK(contains(run.spirvText, "FindILsb"));
}
