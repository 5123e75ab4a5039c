// irgen: what resource an expression refers to — descriptor heaps (seed 0050), local resource
// variables, inlined functions with resource parameters, resource arrays and resources in structs.
#include "IrGenTestSupport.h"

#include <catch2/catch.hpp>

using sl::test::compileHlsl;

static bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

static size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST_CASE("resources: a local initialized from ResourceDescriptorHeap", "[irgen][heap]") {
  auto run = compileHlsl(R"(
cbuffer CB { uint Index; }
[numthreads(4, 1, 1)]
void main() {
  RWBuffer<int> Buf = ResourceDescriptorHeap[Index];
  Buf[0] = 123;
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "hlsl.handle_from_heap"));
  CHECK(contains(run.irText, "hlsl.resource<RWBuffer"));
  CHECK_FALSE(contains(run.irText, "handle_from_binding(space: 0, binding: 4294967295, range: 1)"));
  CHECK(contains(run.irText, "hlsl.resource_store"));
  CHECK(run.valid);
  CHECK(contains(run.spirvText, "OpTypeRuntimeArray"));
}

TEST_CASE("resources: a heap local reassigned to another slot (seed example 1b)", "[irgen][heap]") {
  auto run = compileHlsl(R"(
cbuffer CB { uint Index; }
[numthreads(4, 1, 1)]
void main() {
  RWBuffer<int> Buf;
  Buf = ResourceDescriptorHeap[Index];
  Buf[0] = 123;
  Buf = ResourceDescriptorHeap[Index + 1];
  Buf[0] = 456;
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(count(run.irText, "hlsl.handle_from_heap") == 2);
  CHECK(contains(run.irText, "OpIAdd"));
  CHECK(run.valid);
}

TEST_CASE("resources: a direct cast of a heap element", "[irgen][heap]") {
  auto run = compileHlsl(R"(
cbuffer CB { uint Index; }
[numthreads(1, 1, 1)]
void main() {
  ((RWBuffer<int>)ResourceDescriptorHeap[Index])[0] = 1;
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(count(run.irText, "hlsl.handle_from_heap") == 1);
  CHECK(run.valid);
}

TEST_CASE("resources: a heap element passed to a function is inlined (seed example 2)", "[irgen][heap]") {
  auto run = compileHlsl(R"(
cbuffer CB { uint Index; }
void foo(RWBuffer<int> Buf) {
  Buf[0] = 123;
}
int twice(RWBuffer<int> Buf, int k) {
  if (k < 0) return 0;
  return Buf[k] * 2;
}
[numthreads(4, 1, 1)]
void main() {
  foo(ResourceDescriptorHeap[Index]);
  RWBuffer<int> b = ResourceDescriptorHeap[Index + 2];
  b[1] = twice(b, 3);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK_FALSE(contains(run.irText, "func F2"));  // only the wrapper and src.main remain
  CHECK(count(run.irText, "hlsl.handle_from_heap") >= 3);
  CHECK(run.valid);
}

TEST_CASE("resources: ConstantBuffer, StructuredBuffer and samplers from the heaps", "[irgen][heap]") {
  auto run = compileHlsl(R"(
struct S { int4 vec; };
cbuffer CB { uint CbvIndex; uint SrvIndex; uint SampIndex; }
RWStructuredBuffer<int4> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 ID : SV_GroupThreadID) {
  ConstantBuffer<S> ConstBuf = ResourceDescriptorHeap[CbvIndex];
  StructuredBuffer<int4> SrvBuf = ResourceDescriptorHeap[SrvIndex];
  Out[ID.x] = ConstBuf.vec + SrvBuf[ID.x];
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(count(run.irText, "hlsl.handle_from_heap") == 2);
  CHECK(contains(run.irText, "hlsl.resource<ConstantBuffer"));
  CHECK(contains(run.irText, "hlsl.resource<StructuredBuffer"));
  CHECK(run.valid);
}

TEST_CASE("resources: counters of heap structured buffers use counter_handle_from_heap", "[irgen][heap]") {
  auto run = compileHlsl(R"(
cbuffer CB { uint Index; }
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  RWStructuredBuffer<uint> B = ResourceDescriptorHeap[Index];
  B[i] = B.IncrementCounter();
  AppendStructuredBuffer<uint> A = ResourceDescriptorHeap[Index + 1];
  A.Append(i);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(count(run.irText, "hlsl.counter_handle_from_heap") == 2);
  CHECK(contains(run.irText, "hlsl.counter_increment"));
  CHECK(run.valid);
}

TEST_CASE("resources: NonUniformResourceIndex reaches the heap handle as a NonUniform copy", "[irgen][heap]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  ByteAddressBuffer b = ResourceDescriptorHeap[NonUniformResourceIndex(i)];
  Out[i] = b.Load(0);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "OpCopyObject"));
  CHECK(contains(run.irText, "NonUniform"));
  CHECK(run.valid);
  CHECK(contains(run.spirvText, "OpDecorate"));
  CHECK(contains(run.spirvText, "NonUniform"));
}

TEST_CASE("resources: a resource variable used before it is assigned is diagnosed", "[irgen][heap]") {
  auto run = compileHlsl(R"(
RWBuffer<int> G : register(u0);
[numthreads(1, 1, 1)]
void main() {
  RWBuffer<int> Buf;
  Buf[0] = 1;
}
)");
  REQUIRE_FALSE(run.module);
  CHECK(contains(run.errors(), "test.hlsl:6:"));
  CHECK(contains(run.errors(), "'Buf' is used before a resource is assigned to it"));
}

TEST_CASE("resources: a local resource array indexed at run time looks the element up", "[irgen][locals]") {
  auto run = compileHlsl(R"(
RWByteAddressBuffer gBufArray[4] : register(u0);
[numthreads(4,1,1)]
void main(uint3 Tid : SV_DispatchThreadID) {
  RWByteAddressBuffer Arr[4];
  Arr[0] = gBufArray[0];
  Arr[1] = gBufArray[1];
  Arr[2] = gBufArray[2];
  Arr[3] = gBufArray[3];
  Arr[Tid.x].Store(0, Tid.x + 10);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  // Elements 0..3 in order: the run-time index is the global array's index itself.
  CHECK(contains(run.irText, "range: 4, index: v"));
  CHECK_FALSE(contains(run.irText, "resource.indices"));
  CHECK(run.valid);
}

TEST_CASE("resources: a permuted local resource array uses an index table", "[irgen][locals]") {
  auto run = compileHlsl(R"(
RWByteAddressBuffer g[3] : register(u0);
[numthreads(4,1,1)]
void main(uint3 Tid : SV_DispatchThreadID) {
  RWByteAddressBuffer Arr[2] = {g[2], g[0]};
  Arr[Tid.x & 1].Store(0, 1);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "resource.indices"));
  CHECK(contains(run.irText, "spv.OpCompositeConstruct(2u32, 0u32)"));
  CHECK(run.valid);
}

TEST_CASE("resources: if/else between elements of one array goes through a Function variable", "[irgen][locals]") {
  auto run = compileHlsl(R"(
RWByteAddressBuffer In : register(u0);
RWByteAddressBuffer OutArr[] : register(u1);
[numthreads(2,1,1)]
void main(uint3 Tid : SV_DispatchThreadID) {
  RWByteAddressBuffer Out;
  if (Tid.x == 0) {
    Out = OutArr[NonUniformResourceIndex(0)];
  } else {
    Out = OutArr[NonUniformResourceIndex(1)];
  }
  Out.Store(0, In.Load(0) + Tid.x);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(count(run.irText, "#[name(\"resource.index\")]") == 1);
  CHECK(count(run.irText, "#[NonUniform]") >= 3);  // both assignments and the reload after the if
  CHECK(run.valid);
  CHECK(contains(run.spirvText, "OpDecorate %"));
}

TEST_CASE("resources: a loop that reassigns a resource reads its index from memory", "[irgen][locals]") {
  auto run = compileHlsl(R"(
RWByteAddressBuffer Arr[4] : register(u0);
[numthreads(1,1,1)]
void main() {
  RWByteAddressBuffer b = Arr[0];
  for (uint i = 0; i < 3; ++i) {
    b.Store(0, i);
    b = Arr[i + 1];
  }
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  // The store's handle uses the index loaded in the loop, not the constant 0 from before it.
  CHECK_FALSE(contains(run.irText, "range: 4, index: 0u32"));
  CHECK(run.valid);
}

TEST_CASE("resources: selecting between different resources at run time is diagnosed", "[irgen][locals]") {
  auto branches = compileHlsl(R"(
RWByteAddressBuffer G : register(u4);
RWByteAddressBuffer H : register(u5);
[numthreads(4,1,1)]
void main(uint3 Tid : SV_DispatchThreadID) {
  RWByteAddressBuffer b;
  if (Tid.x > 1) b = G; else b = H;
  b.Store(0, 1);
}
)");
  REQUIRE_FALSE(branches.module);
  CHECK(contains(branches.errors(), "test.hlsl:8:"));
  CHECK(contains(branches.errors(), "depending on control flow"));

  auto loop = compileHlsl(R"(
RWByteAddressBuffer G : register(u4);
RWByteAddressBuffer H : register(u5);
[numthreads(4,1,1)]
void main() {
  RWByteAddressBuffer b = G;
  for (int i = 0; i < 2; ++i) { b.Store(0, 1); b = H; }
}
)");
  REQUIRE_FALSE(loop.module);
  CHECK(contains(loop.errors(), "test.hlsl:7:"));
  CHECK(contains(loop.errors(), "a loop makes this resource variable refer to 'H' instead of 'G'"));

  auto element = compileHlsl(R"(
RWByteAddressBuffer G : register(u4);
RWByteAddressBuffer H : register(u5);
[numthreads(4,1,1)]
void main(uint3 Tid : SV_DispatchThreadID) {
  RWByteAddressBuffer arr[2] = {G, H};
  arr[Tid.x].Store(0, 1);
}
)");
  REQUIRE_FALSE(element.module);
  CHECK(contains(element.errors(), "test.hlsl:7:"));
  CHECK(contains(element.errors(), "among different resources ('G' and 'H')"));

  // Straight-line reassignment between different globals is exact.
  auto straight = compileHlsl(R"(
RWByteAddressBuffer G : register(u4);
RWByteAddressBuffer H : register(u5);
[numthreads(4,1,1)]
void main() {
  RWByteAddressBuffer b = G;
  b.Store(0, 1);
  b = H;
  b.Store(0, 2);
}
)");
  INFO(straight.errors());
  CHECK(straight.valid);
}

TEST_CASE("resources: resource arrays passed to functions and modified there (array-local2)", "[irgen][locals]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<int> X : register(u0);
RWStructuredBuffer<int> Y : register(u1);
void SomeFn(RWStructuredBuffer<int> B[2], uint Idx, int Val0) {
  B[0] = Y;
  B[0][Idx] = Val0;
}
[numthreads(4,1,1)]
void main(uint GI : SV_GroupIndex) {
  RWStructuredBuffer<int> A[2] = {X, Y};
  SomeFn(A, GI, 1);
  A[0][GI] = 2;
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  // SomeFn writes through Y (binding 1); main's A[0] is still X (binding 0).
  CHECK(contains(run.irText, "#[name(\"Y\"), hlsl.resource(\"1\")]"));
  CHECK(contains(run.irText, "#[name(\"X\"), hlsl.resource(\"0\")]"));
  CHECK_FALSE(contains(run.irText, "func F2"));
  CHECK(run.valid);
}

TEST_CASE("resources: multi-dimensional global arrays and their sub-arrays", "[irgen][arrays]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<int> In[4][2] : register(u0);
RWStructuredBuffer<int> Out : register(u0, space1);
int foo(RWStructuredBuffer<int> A[2], uint Index) {
  return A[0][Index] + A[1][Index];
}
[numthreads(4,1,1)]
void main() {
  for (int i = 0; i < 4; i++) Out[i] = foo(In[i], i) + In[3][1][0];
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "range: 8"));
  CHECK(contains(run.irText, "spv.OpIMul"));
  CHECK(run.valid);
}

TEST_CASE("resources: global structs of resources are flattened into per-member resources", "[irgen][structs]") {
  auto run = compileHlsl(R"(
struct A { RWBuffer<int> Buf; };
struct B { RWBuffer<int> Bufs[2]; };
[[vk::binding(5)]] A a1 : register(u5);
A a2;
A d[8] : register(u10);
B b1;
B b2;
[numthreads(4,1,1)]
void main(uint3 ID : SV_GroupThreadID) {
  a2.Buf[ID.x] += a1.Buf[ID.x] + d[7].Buf[ID.x];
  b2.Bufs[ID.x & 1][0] = b1.Bufs[1][0];
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "global_var GV"));
  CHECK(contains(run.irText, "`a1.Buf`"));
  CHECK(contains(run.irText, "`d[7].Buf`"));
  CHECK_FALSE(contains(run.irText, "`d[6].Buf`"));  // unused members are not declared
  CHECK(contains(run.irText, "hlsl.register(\"u17\")"));
  CHECK(contains(run.irText, "vk.binding(\"5\")"));
  CHECK(contains(run.irText, "hlsl.binding_count(\"2\")"));
  CHECK(run.valid);
  // Implicit: a2.Buf takes 0, b1.Bufs reserves 1 and 2, so b2.Bufs comes after both.
  CHECK(contains(run.spirvText, "OpDecorate %a2_Buf Binding 0"));
  CHECK(contains(run.spirvText, "OpDecorate %b1_Bufs Binding 1"));
  CHECK(contains(run.spirvText, "OpDecorate %b2_Bufs Binding 3"));
  CHECK(contains(run.spirvText, "OpDecorate %d_7__Buf Binding 17"));
}

TEST_CASE("resources: structs holding resources as locals, parameters and `this`", "[irgen][structs]") {
  auto run = compileHlsl(R"(
RWByteAddressBuffer gBuf : register(u0);
struct Wrapper {
  RWByteAddressBuffer Buf;
  void DoStore(uint Val) { Buf.Store(0, Val); }
  uint get(uint i) { return this.Buf.Load(i); }
};
struct Mixed { RWByteAddressBuffer Buf; uint scale; };
uint use(Wrapper w) { return w.get(4); }
[numthreads(1,1,1)]
void main() {
  Wrapper W;
  W.Buf = gBuf;
  W.DoStore(42);
  Wrapper V = W;
  Mixed m;
  m.Buf = gBuf;
  m.scale = 3;
  m.Buf.Store(8, use(V) * m.scale);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK_FALSE(contains(run.irText, "func F2"));
  CHECK(count(run.irText, "#[name(\"gBuf\")") >= 3);
  CHECK(run.valid);
}

TEST_CASE("resources: a loop that does not reassign a heap resource keeps its constant index", "[irgen][heap]") {
  auto run = compileHlsl(R"(
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1,1,1)]
void main() {
  Texture2D<float4> t = ResourceDescriptorHeap[3];
  for (int i = 0; i < 4; ++i) Out[i] = t.Load(int3(i, 0, 0));
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "hlsl.handle_from_heap(3u32)"));
  CHECK(run.valid);
}

TEST_CASE("resources: functions returning resources are inlined; returns under control flow merge", "[irgen][locals]") {
  auto run = compileHlsl(R"(
cbuffer CB { uint Index; }
RWStructuredBuffer<uint> Arr[4] : register(u0);
RWStructuredBuffer<uint> GetBindless() { return ResourceDescriptorHeap[Index]; }
RWStructuredBuffer<uint> Pick(uint i) {
  if (i > 2) return Arr[3];
  return Arr[i];
}
[numthreads(4,1,1)]
void main(uint i : SV_GroupIndex) {
  RWStructuredBuffer<uint> a = GetBindless();
  a.IncrementCounter();
  Pick(i)[0] = 5;
  ResourceDescriptorHeap[i];  // discarded: evaluates the index only
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "hlsl.counter_handle_from_heap"));
  CHECK_FALSE(contains(run.irText, "func F2"));
  CHECK(contains(run.irText, "#[name(\"resource.index\")]"));  // Pick's two returns
  CHECK(run.valid);
}

TEST_CASE("resources: static resources initialized from the heap", "[irgen][heap]") {
  auto run = compileHlsl(R"(
cbuffer CB { uint Index; }
static RWBuffer<uint> Buf = ResourceDescriptorHeap[Index];
[numthreads(1,1,1)]
void main() { Buf[0] = 1; Buf[1] = 2; }
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(count(run.irText, "hlsl.handle_from_heap") == 2);
  CHECK(run.valid);
}

TEST_CASE("resources: returns inside loops of inlined functions leave level by level", "[irgen][locals]") {
  auto run = compileHlsl(R"(
RWBuffer<int> U[] : register(u0);
RWBuffer<int> g(uint n) {
  for (uint i = 0; i < 4; ++i) {
    switch (i) { case 2: if (n == i) return U[i]; break; default: break; }
  }
  return U[0];
}
int sum(RWBuffer<int> b, uint n) {
  int s = 0;
  for (uint i = 0; i < n; ++i) { if (b[i] < 0) return -1; s += b[i]; }
  return s;
}
[numthreads(4,1,1)]
void main(uint i : SV_GroupIndex) {
  g(i)[0] = sum(U[1], i);
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(contains(run.irText, "g.returned"));
  CHECK(contains(run.irText, "sum.returned"));
  CHECK_FALSE(contains(run.irText, "func F2"));
  CHECK(run.valid);
}

TEST_CASE("resources: a struct takes one register() per register class", "[irgen][struct]") {
  auto run = compileHlsl(R"(
class E { RWBuffer<int> U1; };
class F { StructuredBuffer<int> S1; };
class G : F { E e; StructuredBuffer<int> S2; RWBuffer<int> U2[2]; };
RWStructuredBuffer<int> Out : register(u0);
G g : register(u5) : register(t3);
[numthreads(1, 1, 1)]
void main() { Out[0] = g.e.U1[0] + g.S1[0] + g.S2[0] + g.U2[1][0]; }
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(run.valid);
  CHECK(contains(run.spirvText, "OpDecorate %g_S1 Binding 3"));
  CHECK(contains(run.spirvText, "OpDecorate %g_S2 Binding 4"));
  CHECK(contains(run.spirvText, "OpDecorate %g_e_U1 Binding 5"));
  CHECK(contains(run.spirvText, "OpDecorate %g_U2 Binding 6"));  // u6..u7, one arrayed binding
}

TEST_CASE("resources: integer matrices in structured buffers are copied row by row", "[irgen][layout]") {
  auto run = compileHlsl(R"(
struct A { RWStructuredBuffer<int3x2> Buf; };
A a1;
A a2;
RWStructuredBuffer<bool2x2> Flags;
[numthreads(1, 1, 1)]
void main() {
  int3x2 m = a1.Buf[0];
  a2.Buf[0] = m * 2;
  Flags[1] = Flags[0];
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(run.valid);
  // Three row loads and three row stores of the int matrix, no whole-array load through the
  // laid-out (ArrayStride) pointer, which the IR verifier rejects.
  CHECK(count(run.boundText, "ptr<StorageBuffer, s32x2>") == 6);
  CHECK_FALSE(contains(run.boundText, "spv.OpLoad(v3): [s32x2; 3]"));
}
