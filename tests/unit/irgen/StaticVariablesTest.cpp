// Static variables (GenStaticLocal.cpp) and 64-bit byte-address buffer atomics: checked on the
// printed IR, the bound IR and the validated SPIR-V.
#include "IrGenTestSupport.h"

#include <catch2/catch.hpp>

using sl::test::compileHlsl;

static bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

TEST_CASE("static locals: constant initializers are the variable's initializer", "[irgen][static]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1,1,1)]
void main() {
  static const float2 k[2] = { float2(1, 2), -float2(3, 4) };
  static const bool Full = true;
  static int count;
  count++;
  Out[0] = Full ? k[1].y + count : 0;
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.irText, "global_var GV"));
  CHECK(contains(run.irText, "`Full` in Private: bool = true"));
  CHECK(contains(run.irText, "f32x2(-3.0f32, -4.0f32)"));
  CHECK(contains(run.irText, "`count` in Private: s32 = C"));
  CHECK_FALSE(contains(run.irText, "init.done"));
}

TEST_CASE("static locals: other initializers run once, guarded by init.done", "[irgen][static]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
uint next(uint seed) {
  static uint base = seed * 3;
  return base++;
}
[numthreads(1,1,1)]
void main(uint gi : SV_GroupIndex) {
  Out[0] = next(gi);
  Out[1] = next(gi + 1);
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.irText, "`init.done.base` in Private: bool = false"));
  CHECK(contains(run.irText, "spv.OpLogicalNot"));
  CHECK(contains(run.spirvText, "OpName %init_done_base \"init.done.base\""));
}

TEST_CASE("static struct of resources from a function: each use names the heap element", "[irgen][static]") {
  const std::string source = R"(
struct A { RWTexture2D<float4> t[2]; };
RWStructuredBuffer<uint> Log : register(u0);
A create() {
  A a;
  a.t[0] = ResourceDescriptorHeap[4];
  a.t[1] = ResourceDescriptorHeap[5];
  WRITE
  return a;
}
static const A g = create();
[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) { g.t[1][id.xy] = 1; }
)";
  std::string pure = source;
  pure.replace(pure.find("WRITE"), 5, "");
  auto run = compileHlsl(pure);
  INFO(run.errors());
  REQUIRE(run.valid);
  CHECK(contains(run.irText, "hlsl.handle_from_heap(5u32)"));
  std::string impure = source;
  impure.replace(impure.find("WRITE"), 5, "Log[0] = 1;");
  auto bad = compileHlsl(impure);
  CHECK(contains(bad.errors(), "the initializer of static variable 'g' writes memory"));
}

TEST_CASE("64-bit byte-address buffer atomics use a u64 view of the binding", "[irgen][atomics]") {
  auto run = compileHlsl(R"(
RWByteAddressBuffer Buf : register(u3);
[numthreads(1,1,1)]
void main() {
  uint64_t o;
  Buf.InterlockedCompareExchange64(8, (uint64_t)1, (uint64_t)2, o);
  Buf.InterlockedMax64(16, (int64_t)-1);
  Buf.Store<uint64_t>(0, o);
}
)");
  INFO(run.errors());
  REQUIRE(run.valid);
  // irgen keeps word indices; LegalizeBindings halves them into the view.
  CHECK(contains(run.irText, "hlsl.resource_element_ptr"));
  CHECK(contains(run.irText, "ptr<StorageBuffer, u64>"));
  CHECK(contains(run.boundText, "spv.OpShiftRightLogical"));
  CHECK(contains(run.spirvText, "OpDecorate %Buf_u64 Binding 3"));
  CHECK(contains(run.spirvText, "OpDecorate %Buf_u64 Aliased"));
  CHECK(contains(run.spirvText, "OpDecorate %Buf Aliased"));
  CHECK(contains(run.spirvText, "OpAtomicCompareExchange %ulong"));
  CHECK(contains(run.spirvText, "OpAtomicSMax %ulong"));
}
