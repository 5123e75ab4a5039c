// Vertex and pixel entry points: Input/Output variables, BuiltIns, Locations in DXC's order,
// interpolation decorations, execution models/modes, discard/clip and derivatives. Every module
// here must pass spirv-val.
#include "IrGenTestSupport.h"

#include <catch2/catch.hpp>

#include <regex>

using sl::test::compileHlslFor;

namespace {

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The id of the variable named `name` (from its OpName), or "".
std::string idOf(const std::string& spirv, const std::string& name) {
  std::smatch m;
  if (std::regex_search(spirv, m, std::regex("OpName (%[A-Za-z0-9_.]+) \"" + std::regex_replace(name, std::regex("\\."), "\\.") + "\"")))
    return m[1];
  return "";
}

bool decorated(const std::string& spirv, const std::string& name, const std::string& decoration) {
  const std::string id = idOf(spirv, name);
  return !id.empty() && has(spirv, "OpDecorate " + id + " " + decoration);
}

}  // namespace

TEST_CASE("stage io: vertex shader inputs and outputs follow DXC's Location order", "[irgen][stage]") {
  // hlsl-spirv.md example 17.
  auto r = compileHlslFor(R"(
struct I { float3 pos : POSITION; float4x4 w : WORLD; float2 uv : TEXCOORD0; uint vid : SV_VertexID; };
struct O { float4 pos : SV_Position; float2 uv : TEXCOORD0; uint id : MATID; };
O main(I i) {
  O o;
  o.pos = mul(float4(i.pos, 1), i.w);
  o.uv = i.uv;
  o.id = i.vid;
  return o;
})",
                          "vs_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpEntryPoint Vertex"));
  CHECK(decorated(r.spirvText, "in.var.POSITION", "Location 0"));
  CHECK(decorated(r.spirvText, "in.var.WORLD", "Location 1"));
  CHECK(decorated(r.spirvText, "in.var.TEXCOORD0", "Location 5"));
  CHECK(decorated(r.spirvText, "gl_VertexIndex", "BuiltIn VertexIndex"));
  CHECK(decorated(r.spirvText, "gl_Position", "BuiltIn Position"));
  CHECK(decorated(r.spirvText, "out.var.TEXCOORD0", "Location 0"));
  CHECK(decorated(r.spirvText, "out.var.MATID", "Location 1"));
  CHECK(decorated(r.spirvText, "out.var.MATID", "Flat"));
  CHECK_FALSE(decorated(r.spirvText, "out.var.TEXCOORD0", "Flat"));
}

TEST_CASE("stage io: pixel shader builtins, SV_Target location and interpolation", "[irgen][stage]") {
  // hlsl-spirv.md example 18.
  auto r = compileHlslFor(R"(
float4 main(float4 p : SV_Position, float2 uv : TEXCOORD1, centroid float3 n : NORMAL,
            nointerpolation float k : KONST, noperspective sample float s : SMP, bool front : SV_IsFrontFace) : SV_Target1 {
  return p + float4(uv, 0, 0) + float4(n, k + s) + (front ? 1 : 0);
})",
                          "ps_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpEntryPoint Fragment"));
  CHECK(has(r.spirvText, "OpExecutionMode %main OriginUpperLeft"));
  CHECK(decorated(r.spirvText, "gl_FragCoord", "BuiltIn FragCoord"));
  CHECK(decorated(r.spirvText, "gl_FrontFacing", "BuiltIn FrontFacing"));
  CHECK(decorated(r.spirvText, "in.var.TEXCOORD1", "Location 0"));
  CHECK(decorated(r.spirvText, "in.var.NORMAL", "Location 1"));
  CHECK(decorated(r.spirvText, "in.var.NORMAL", "Centroid"));
  CHECK(decorated(r.spirvText, "in.var.KONST", "Flat"));
  CHECK(decorated(r.spirvText, "in.var.SMP", "NoPerspective"));
  CHECK(decorated(r.spirvText, "in.var.SMP", "Sample"));
  CHECK(decorated(r.spirvText, "out.var.SV_Target1", "Location 1"));
}

TEST_CASE("stage io: modifiers propagate through structs with inner overrides", "[irgen][stage]") {
  auto r = compileHlslFor(R"(
struct Material {
  float3 albedo : COLOR0;
  nointerpolation float gloss : COLOR1;
  linear float2 uv : TEXCOORD0;
};
float4 main(nointerpolation Material m) : SV_Target { return float4(m.albedo * m.gloss, m.uv.x); }
)",
                          "ps_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "in.var.COLOR0", "Flat"));
  CHECK(decorated(r.spirvText, "in.var.COLOR1", "Flat"));
  CHECK_FALSE(decorated(r.spirvText, "in.var.TEXCOORD0", "Flat"));
}

TEST_CASE("stage io: depth, coverage and out parameters", "[irgen][stage]") {
  auto r = compileHlslFor(R"(
void main(float4 p : SV_Position, uint cov : SV_Coverage, out float4 c : SV_Target0, out float d : SV_DepthGreaterEqual) {
  c = p;
  d = p.z * 0.5 + (cov & 1);
})",
                          "ps_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "gl_FragDepth", "BuiltIn FragDepth"));
  CHECK(decorated(r.spirvText, "gl_SampleMaskIn", "BuiltIn SampleMask"));
  CHECK(has(r.spirvText, "DepthReplacing"));
  CHECK(has(r.spirvText, "DepthGreater"));
  CHECK(decorated(r.spirvText, "out.var.SV_Target0", "Location 0"));
}

TEST_CASE("stage io: discard, clip, derivatives and implicit-LOD sampling in pixel shaders", "[irgen][stage]") {
  const char* src = R"(
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  if (uv.x > 0.5) discard;
  clip(uv.y - 0.25);
  float2 d = ddx(uv) + ddy_fine(uv) + fwidth(uv) + ddx_coarse(uv);
  return Tex.Sample(Samp, uv + d) + Tex.SampleBias(Samp, uv, 1.0);
})";
  SECTION("vulkan1.3 demotes") {
    auto r = compileHlslFor(src, "ps_6_0");
    INFO(r.errors());
    INFO(r.spirvText);
    REQUIRE(r.valid);
    CHECK(has(r.spirvText, "OpDemoteToHelperInvocation"));
    CHECK(has(r.spirvText, "OpDPdx "));
    CHECK(has(r.spirvText, "OpDPdyFine"));
    CHECK(has(r.spirvText, "OpFwidth"));
    CHECK(has(r.spirvText, "OpDPdxCoarse"));
    CHECK(has(r.spirvText, "OpImageSampleImplicitLod"));
  }
  SECTION("vulkan1.1 kills") {
    auto r = compileHlslFor(src, "ps_6_0", "main", "vulkan1.1");
    INFO(r.errors());
    INFO(r.spirvText);
    REQUIRE(r.valid);
    CHECK(has(r.spirvText, "OpKill"));
  }
}

TEST_CASE("stage io: derivatives are a located error outside pixel shaders", "[irgen][stage]") {
  auto r = compileHlslFor("float4 main(float4 p : POSITION) : SV_Position { return ddx(p); }", "vs_6_0");
  CHECK_FALSE(r.valid);
  CHECK(has(r.errors(), "Intrinsic ddx potentially used by 'main' requires derivatives - only available in pixel, "
                        "compute, amplification, mesh, or broadcast node shaders."));
  CHECK(has(r.errors(), "test.hlsl:1:"));
}

TEST_CASE("stage io: several entry points in one file, chosen by -E", "[irgen][stage]") {
  const char* src = R"(
float4 vs_main(float4 pos : POSITION, float4 uv[2] : TEXCOORD0) : SV_Position { return pos + uv[0] + uv[1]; }
struct PSOut { float4 color : SV_Target0; float4 extra : SV_Target1; };
PSOut ps_main(float4 pos : SV_Position, float4 uv0 : TEXCOORD0, float4 uv1 : TEXCOORD1) {
  PSOut o;
  o.color = pos + uv0;
  o.extra = float4(uv1.xyz, 1);
  return o;
})";
  auto vs = compileHlslFor(src, "vs_6_0", "vs_main");
  INFO(vs.errors());
  REQUIRE(vs.valid);
  CHECK(decorated(vs.spirvText, "in.var.POSITION", "Location 0"));
  CHECK(decorated(vs.spirvText, "in.var.TEXCOORD0", "Location 1"));  // float4[2]: Locations 1-2
  auto ps = compileHlslFor(src, "ps_6_0", "ps_main");
  INFO(ps.errors());
  REQUIRE(ps.valid);
  CHECK(decorated(ps.spirvText, "out.var.SV_Target0", "Location 0"));
  CHECK(decorated(ps.spirvText, "out.var.SV_Target1", "Location 1"));
  CHECK(decorated(ps.spirvText, "in.var.TEXCOORD0", "Location 0"));
  CHECK(decorated(ps.spirvText, "in.var.TEXCOORD1", "Location 1"));
}

TEST_CASE("stage io: discard outside pixel shaders is a located error", "[irgen][stage]") {
  auto r = compileHlslFor("float4 main(float4 p : POSITION) : SV_Position {\n  if (p.x < 0) discard;\n  return p;\n}", "vs_6_0");
  CHECK_FALSE(r.valid);
  CHECK(has(r.errors(), "test.hlsl:2:16: error: 'discard' is only allowed in pixel shaders"));
}

TEST_CASE("stage io: PS inputs SV_RenderTargetArrayIndex and SV_ViewportArrayIndex", "[irgen][stage]") {
  auto r = compileHlslFor(
      "float4 main(uint layer : SV_RenderTargetArrayIndex, uint vp : SV_ViewportArrayIndex) : SV_Target { return layer + vp; }",
      "ps_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "gl_Layer", "BuiltIn Layer"));
  CHECK(decorated(r.spirvText, "gl_ViewportIndex", "BuiltIn ViewportIndex"));
  CHECK(decorated(r.spirvText, "gl_Layer", "Flat"));
}

TEST_CASE("stage io: clip and cull distances share one float array per direction", "[irgen][stage][clip]") {
  auto r = compileHlslFor(R"(
struct O { float4 pos : SV_Position; float3 c : SV_ClipDistance5; float a : SV_ClipDistance0; float2 b : SV_ClipDistance2; };
O main(out float2 cull[2] : SV_CullDistance0) {
  O o = (O)0;
  cull[0] = 1; cull[1] = 2;
  return o;
})",
                          "vs_6_0", "main", "vulkan1.0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "gl_ClipDistance", "BuiltIn ClipDistance"));
  CHECK(decorated(r.spirvText, "gl_CullDistance", "BuiltIn CullDistance"));
  CHECK(has(r.spirvText, "%gl_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_6 Output"));
  CHECK(has(r.spirvText, "%gl_CullDistance = OpVariable %_ptr_Output__arr_float_uint_4 Output"));
  // c (index 5) starts after a (1 float) and b (2 floats).
  CHECK(has(r.spirvText, "OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_3"));
  CHECK(has(r.spirvText, "OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_5"));
  CHECK_FALSE(has(r.spirvText, "OpDecorate %gl_ClipDistance Location"));
}

TEST_CASE("stage io: clip distance of a non-float type is a located error", "[irgen][stage][clip]") {
  auto r = compileHlslFor("float4 main(out int c : SV_ClipDistance) : SV_Position { c = 0; return 0; }", "vs_6_0");
  CHECK_FALSE(r.valid);
  CHECK(has(r.errors(), "test.hlsl:1:21: error: elements for SV_ClipDistance variable 'c' must be scalar, vector, or array with float type"));
}

TEST_CASE("stage io: VS outputs SV_RenderTargetArrayIndex and SV_ViewportArrayIndex", "[irgen][stage]") {
  const char* src = R"(
struct O { float4 pos : SV_Position; uint layer : SV_RenderTargetArrayIndex; uint vp : SV_ViewportArrayIndex; };
O main(float4 p : POSITION) { O o; o.pos = p; o.layer = 1; o.vp = 2; return o; })";
  auto old = compileHlslFor(src, "vs_6_0", "main", "vulkan1.0");
  INFO(old.errors());
  INFO(old.spirvText);
  REQUIRE(old.valid);
  CHECK(has(old.spirvText, "OpCapability ShaderViewportIndexLayerEXT"));
  CHECK(has(old.spirvText, "OpExtension \"SPV_EXT_shader_viewport_index_layer\""));
  CHECK_FALSE(has(old.spirvText, "OpCapability Geometry"));
  CHECK(decorated(old.spirvText, "gl_Layer", "BuiltIn Layer"));
  CHECK(decorated(old.spirvText, "gl_ViewportIndex", "BuiltIn ViewportIndex"));
  CHECK(decorated(old.spirvText, "gl_Layer", "Flat"));
  auto v12 = compileHlslFor(src, "vs_6_0", "main", "vulkan1.2");
  INFO(v12.errors());
  REQUIRE(v12.valid);
  CHECK(has(v12.spirvText, "OpCapability ShaderLayer"));
  CHECK(has(v12.spirvText, "OpCapability ShaderViewportIndex"));
  CHECK_FALSE(has(v12.spirvText, "OpExtension"));
}

TEST_CASE("stage io: SV_Barycentrics picks the builtin by interpolation mode", "[irgen][stage]") {
  auto r = compileHlslFor(
      "float4 main(float3 b : SV_Barycentrics, noperspective sample float3 n : SV_Barycentrics1) : SV_Target { return (b + n).xyzz; }",
      "ps_6_1");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "gl_BaryCoordEXT", "BuiltIn BaryCoordKHR"));
  CHECK(decorated(r.spirvText, "gl_BaryCoordNoPerspEXT", "BuiltIn BaryCoordNoPerspKHR"));
  CHECK(decorated(r.spirvText, "gl_BaryCoordNoPerspEXT", "Sample"));
  CHECK_FALSE(decorated(r.spirvText, "gl_BaryCoordNoPerspEXT", "NoPerspective"));
  CHECK(has(r.spirvText, "OpExtension \"SPV_KHR_fragment_shader_barycentric\""));
  CHECK_FALSE(has(r.spirvText, "SPV_NV_fragment_shader_barycentric"));
}

TEST_CASE("stage io: vk::location on parameters, fields and the return value", "[irgen][stage][location]") {
  auto r = compileHlslFor(R"(
struct S { [[vk::location(4)]] float4 x : X; };
[[vk::location(3)]]
float4 main([[vk::location(1)]] float4 a : A, S s) : TARGET_OUT {
  return a + s.x;
})",
                          "vs_6_0");
  // A VS with no SV_Position output is fine for SPIR-V.
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "in.var.A", "Location 1"));
  CHECK(decorated(r.spirvText, "in.var.X", "Location 4"));
  CHECK(decorated(r.spirvText, "out.var.TARGET_OUT", "Location 3"));
}

TEST_CASE("stage io: partial and overlapping vk::location are located errors", "[irgen][stage][location]") {
  auto partial = compileHlslFor("float4 main([[vk::location(1)]] float4 a : A,\n  float4 b : B) : SV_Position { return a + b; }", "vs_6_0");
  CHECK_FALSE(partial.valid);
  CHECK(has(partial.errors(), "test.hlsl:2:10: error: partial explicit stage input location assignment via vk::location(X) unsupported"));
  auto overlap = compileHlslFor(
      "float4 main([[vk::location(0)]] float4x3 m : M,\n  [[vk::location(2)]] float4 b : B) : SV_Position { return m[0].xyzz + b; }", "vs_6_0");
  CHECK_FALSE(overlap.valid);
  CHECK(has(overlap.errors(), "test.hlsl:2:5: error: stage input location #2 already consumed by semantic 'M'"));
}

TEST_CASE("stage io: structs with bases, nested structs and an enclosing semantic", "[irgen][stage][struct]") {
  auto r = compileHlslFor(R"(
struct B { float4 b : BASE; };
struct N { float2 n : NESTED; };
struct D : B { N inner; float4 d : DERIVED; };
struct P { float4 first; float4 second; };
float4 main(D v, P p : PAIR) : SV_Position { return v.b + v.inner.n.xyxy + v.d + p.first + p.second; })",
                          "vs_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "in.var.BASE", "Location 0"));
  CHECK(decorated(r.spirvText, "in.var.NESTED", "Location 1"));
  CHECK(decorated(r.spirvText, "in.var.DERIVED", "Location 2"));
  CHECK(decorated(r.spirvText, "in.var.PAIR", "Location 3"));
  CHECK(decorated(r.spirvText, "in.var.PAIR1", "Location 4"));
}

TEST_CASE("stage io: a semantic used twice in one direction is a located error", "[irgen][stage]") {
  auto r = compileHlslFor("float4 main(float4 a : COLOR0, float4 b : COLOR) : SV_Target { return a + b; }", "ps_6_0");
  CHECK_FALSE(r.valid);
  CHECK(has(r.errors(), "test.hlsl:1:39: error: input semantic 'COLOR' used more than once"));
}

TEST_CASE("stage io: stencil reference, sample index and primitive id in pixel shaders", "[irgen][stage]") {
  auto r = compileHlslFor(
      "float4 main(uint s : SV_SampleIndex, uint prim : SV_PrimitiveID, out uint ref : SV_StencilRef) : SV_Target { ref = prim; return s; }",
      "ps_6_0", "main", "vulkan1.0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpCapability SampleRateShading"));
  CHECK(has(r.spirvText, "OpCapability Geometry"));
  CHECK(has(r.spirvText, "OpCapability StencilExportEXT"));
  CHECK(decorated(r.spirvText, "gl_FragStencilRefARB", "BuiltIn FragStencilRefEXT"));
  CHECK(decorated(r.spirvText, "gl_SampleID", "BuiltIn SampleId"));
  CHECK(decorated(r.spirvText, "gl_PrimitiveID", "BuiltIn PrimitiveId"));
}

TEST_CASE("stage io: two perspective-correct SV_Barycentrics inputs are an error", "[irgen][stage]") {
  auto r = compileHlslFor("float4 main(float3 a : SV_Barycentrics0, float3 b : SV_Barycentrics1) : SV_Target { return (a + b).xyzz; }",
                          "ps_6_1");
  CHECK_FALSE(r.valid);
  CHECK(has(r.errors(), "test.hlsl:1:49: error: system value 'SV_Barycentrics1' maps to the same SPIR-V BuiltIn as an earlier one (gl_BaryCoordEXT)"));
}

TEST_CASE("stage io: vk::index on dual-source blending outputs", "[irgen][stage][location]") {
  auto r = compileHlslFor(R"(
struct O { [[vk::location(0), vk::index(0)]] float4 a : SV_Target0; [[vk::location(0), vk::index(1)]] float4 b : SV_Target1; };
O main() { O o; o.a = 1; o.b = 0; return o; })",
                          "ps_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "out.var.SV_Target0", "Index 0"));
  CHECK(decorated(r.spirvText, "out.var.SV_Target1", "Index 1"));
  CHECK(decorated(r.spirvText, "out.var.SV_Target1", "Location 0"));
  auto vs = compileHlslFor("[[vk::location(0), vk::index(1)]] float4 main() : SV_Position { return 0; }", "vs_6_0");
  CHECK_FALSE(vs.valid);
  CHECK(has(vs.errors(), "error: vk::index only allowed in pixel shader"));
}

TEST_CASE("stage io: vk::builtin maps declarations to SPIR-V builtins", "[irgen][stage]") {
  auto r = compileHlslFor(R"(
struct O { float4 pos : SV_Position; [[vk::builtin("PointSize")]] float size : PSIZE; };
O main([[vk::builtin("BaseInstance")]] uint base : BASE) { O o; o.pos = base; o.size = 1; return o; })",
                          "vs_6_0", "main", "vulkan1.0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(decorated(r.spirvText, "gl_PointSize", "BuiltIn PointSize"));
  CHECK(decorated(r.spirvText, "gl_BaseInstance", "BuiltIn BaseInstance"));
  CHECK(has(r.spirvText, "OpCapability DrawParameters"));
  auto bad = compileHlslFor("float4 main([[vk::builtin(\"HelperInvocation\")]] bool h : H) : SV_Position { return h; }", "vs_6_0");
  CHECK_FALSE(bad.valid);
  CHECK(has(bad.errors(), "error: HelperInvocation builtin can only be used as pixel shader input"));
}
