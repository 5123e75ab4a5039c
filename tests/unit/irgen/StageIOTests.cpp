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
  CHECK(has(r.errors(), "'ddx' is only available in pixel shaders"));
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
