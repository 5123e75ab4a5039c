// Later additions: descriptor heaps (seed 0050), inline ray tracing objects, member templates,
// explicit specializations, member operators, out-of-line members, bitfields, sizeof.
#include "tests/unit/frontend/FrontendTestSupport.h"

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::frontend;
using namespace sl::frontend::test;

TEST_CASE("descriptor heap elements convert to resources of the matching heap only") {
  std::string globals = "cbuffer CB { uint Index; };\nvoid use(RWBuffer<int> b) { b[0] = 1; }\n";
  auto ok = compile(inMain("use(ResourceDescriptorHeap[Index]); SamplerState s = SamplerDescriptorHeap[0];"
                           "RaytracingAccelerationStructure tlas = ResourceDescriptorHeap[2];", globals));
  INFO(ok.diagnostics());
  CHECK(ok.ok());
  CHECK(ok.ast.find("ImplicitCast 'RWBuffer<int>' HeapToResource") != std::string::npos);
  CHECK(compile(inMain("Texture2D t = SamplerDescriptorHeap[0];", globals)).hasMessage("cannot convert an element of 'SamplerDescriptorHeap'"));
  CHECK(compile(inMain("SamplerState s = ResourceDescriptorHeap[0];", globals)).hasMessage("sampler types come from SamplerDescriptorHeap"));
  CHECK(compile(inMain("ResourceDescriptorHeap[0].Load(1);", globals)).hasMessage("a descriptor heap element has no resource type"));
  FrontendOptions sm65;
  sm65.profile = "cs_6_5";
  CHECK(compile(inMain("Texture2D t = ResourceDescriptorHeap[0];"), sm65).hasMessage("requires shader model 6.6 or higher"));
}

TEST_CASE("inline ray tracing: RayQuery<flags>, RayDesc and the flag constants") {
  auto c = compile(R"(
RaytracingAccelerationStructure Scene;
RWBuffer<uint> Out;
[numthreads(1,1,1)] void main() {
  RayDesc ray;
  ray.Origin = 0; ray.Direction = float3(0, 0, 1); ray.TMin = 0; ray.TMax = 100;
  RayQuery<RAY_FLAG_CULL_BACK_FACING_TRIANGLES> q;
  q.TraceRayInline(Scene, RAY_FLAG_NONE, 0xFF, ray);
  while (q.Proceed()) {}
  Out[0] = q.CommittedStatus() == COMMITTED_TRIANGLE_HIT ? q.CommittedPrimitiveIndex() : 0;
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("Var q 'RayQuery<16>' local") != std::string::npos);
  CHECK(c.ast.find("MethodCall 'void' TraceRayInline (RaytracingAccelerationStructure, uint, uint, RayDesc)") != std::string::npos);
}

TEST_CASE("member templates, explicit specializations and member operators") {
  auto c = compile(R"(
template <typename T> struct Bindless { T operator[](uint i) { return (T)ResourceDescriptorHeap[i]; } };
template <> struct Bindless<SamplerState> { SamplerState operator[](uint i) { return (SamplerState)SamplerDescriptorHeap[i]; } };
struct Raw {
  ByteAddressBuffer buf;
  template <typename T> T Load(uint offset) { return buf.template Load<T>(offset); }
};
struct V { float x; V operator+(V o) { V r; r.x = x + o.x; return r; } };
static const Bindless<Texture2D> textures;
static const Bindless<SamplerState> samplers;
RWBuffer<float> Out;
[numthreads(1,1,1)] void main() {
  Raw r;
  float4 v = r.Load<float4>(16);
  V a = (V)1, b = (V)2;
  V sum = a + b;
  Out[0] = textures[3].SampleLevel(samplers[1], float2(0, 0), 0).x + v.x + sum.x;
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("Call 'float4' Raw::Load<float4>") != std::string::npos);
  CHECK(c.ast.find("Call 'V' V::operator+") != std::string::npos);
  CHECK(c.ast.find("Call 'SamplerState' Bindless<SamplerState>::operator[]") != std::string::npos);
  CHECK(compile("struct S {}; S operator+(S a, S b) { return a; }").hasMessage("overloading non-member 'operator+' is not allowed"));
}

TEST_CASE("errors in unused template-instance methods are deferred until use") {
  std::string decls = "template <typename T> struct H { T get() { return (T)ResourceDescriptorHeap[0]; } int n; };\n";
  CHECK(compile(inMain("H<SamplerState> h = (H<SamplerState>)0;", decls)).ok());
  auto used = compile(inMain("H<SamplerState> h = (H<SamplerState>)0; SamplerState s = h.get();", decls));
  CHECK(used.hasMessage("cannot convert an element of 'ResourceDescriptorHeap' to 'SamplerState'"));
  CHECK(used.hasMessage("note: in instantiation of 'H<SamplerState>::get' requested here"));
}

TEST_CASE("out-of-line members, bitfields, sizeof and function template overloads") {
  auto c = compile(R"(
struct S { uint a : 8; uint : 8; uint b : 16; static uint count; float f(); };
uint S::count = 3;
float S::f() { return a + count; }
template <typename T> T pick(T x) { return x; }
float pick(float a, float b) { return a + b; }
[numthreads(1,1,1)] void main() {
  S s = (S)0;
  uint bytes = sizeof(S) + sizeof(float4x4);
  float p = pick(1.0f, 2.0f) + pick(3);
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("Field a 'uint' bitfield(8)") != std::string::npos);
  CHECK(c.ast.find("IntLiteral 'uint' 64") != std::string::npos);
  CHECK(c.ast.find("Function S::f 'float ()'") != std::string::npos);
  CHECK(compile("struct S { int a; }; int S::b = 1;").hasMessage("no static member named 'b' in 'S'"));
}
