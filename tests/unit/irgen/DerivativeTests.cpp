// Implicit derivatives outside pixel shaders (SM 6.6): Sample/SampleBias/SampleCmp,
// CalculateLevelOfDetail(Unclamped) and ddx/ddy/fwidth in compute, the derivative-group execution
// mode DXC picks from [numthreads], and DXC's errors for older shader models and bad group sizes.
// Every accepted module here passed spirv-val (valid).
#include "IrGenTestSupport.h"

#include "core/irgen/IRGen.h"

#include <catch2/catch.hpp>

using sl::test::compileHlsl;
using sl::test::compileHlslFor;

namespace {

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

const char* kDecls = R"(
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
SamplerComparisonState CmpSamp : register(s1);
RWBuffer<float4> Out : register(u0);
)";

std::string shader(const std::string& numthreads, const std::string& body) {
  return std::string(kDecls) + "[numthreads(" + numthreads + ")] void main(uint3 id : SV_DispatchThreadID) {\n" +
         "  float2 uv = id.xy / 8.0;\n" + body + "\n}\n";
}

}  // namespace

TEST_CASE("derivatives: cs_6_6 samples with implicit LOD in 2D quads", "[irgen][derivatives]") {
  auto r = compileHlslFor(shader("8, 8, 1", R"(
  Out[0] = Tex.Sample(Samp, uv);
  Out[1] = Tex.SampleBias(Samp, uv, 0.5);
  Out[2] = Tex.SampleCmp(CmpSamp, uv, 0.5);
  Out[3] = Tex.CalculateLevelOfDetail(Samp, uv) + Tex.CalculateLevelOfDetailUnclamped(Samp, uv);
  Out[4] = float4(ddx(uv), ddy_fine(uv)) + fwidth(uv.x);)"),
                          "cs_6_6");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpExecutionMode %main DerivativeGroupQuadsNV"));
  CHECK(has(r.spirvText, "OpCapability ComputeDerivativeGroupQuadsNV"));
  CHECK(has(r.spirvText, "OpExtension \"SPV_NV_compute_shader_derivatives\""));
  CHECK(has(r.spirvText, "OpCapability ImageQuery"));
  CHECK(has(r.spirvText, "OpCapability DerivativeControl"));
  CHECK(count(r.spirvText, "OpImageSampleImplicitLod") == 2);
  CHECK(count(r.spirvText, "OpImageSampleDrefImplicitLod") == 1);
  CHECK(count(r.spirvText, "OpImageQueryLod %v2float") == 2);
  CHECK(has(r.spirvText, "OpDPdx %v2float"));
  CHECK(has(r.spirvText, "OpDPdyFine %v2float"));
  CHECK(has(r.spirvText, "OpFwidth %float"));
  CHECK_FALSE(has(r.spirvText, "DerivativeGroupLinear"));
}

TEST_CASE("derivatives: the group layout follows numthreads as in DXC", "[irgen][derivatives]") {
  auto linear = compileHlslFor(shader("16, 1, 1", "  Out[0] = ddx(uv.x);"), "cs_6_6");
  INFO(linear.errors());
  REQUIRE(linear.valid);
  CHECK(has(linear.spirvText, "OpExecutionMode %main DerivativeGroupLinearNV"));
  CHECK(has(linear.spirvText, "OpCapability ComputeDerivativeGroupLinearNV"));
  CHECK_FALSE(has(linear.spirvText, "DerivativeGroupQuads"));
  // 2D: X and Y even, Z free.
  auto quads = compileHlslFor(shader("4, 2, 3", "  Out[0] = Tex.Sample(Samp, uv);"), "cs_6_6");
  INFO(quads.errors());
  REQUIRE(quads.valid);
  CHECK(has(quads.spirvText, "DerivativeGroupQuadsNV"));
  // A helper function's derivative counts for the entry.
  auto helper = compileHlslFor(std::string(kDecls) + "float f(float x) { return ddy(x); }\n"
                                                     "[numthreads(2,2,1)] void main(uint i : SV_GroupIndex) { Out[i] = f(i); }\n",
                               "cs_6_6");
  INFO(helper.errors());
  REQUIRE(helper.valid);
  CHECK(has(helper.spirvText, "DerivativeGroupQuadsNV"));
  // No derivative use: no mode, no capability.
  auto none = compileHlslFor(shader("8, 8, 1", "  Out[0] = Tex.SampleLevel(Samp, uv, 0);"), "cs_6_6");
  REQUIRE(none.valid);
  CHECK_FALSE(has(none.spirvText, "DerivativeGroup"));
}

TEST_CASE("derivatives: bad group sizes are DXC's located error", "[irgen][derivatives]") {
  const std::string message =
      "requires derivatives - when used in compute/amplification/mesh shaders or broadcast nodes, numthreads must be "
      "either 1D with X as a multiple of 4 or both X and Y must be multiples of 2.";
  for (const char* bad : {"3, 2, 1", "2, 3, 1", "6, 1, 1", "4, 1, 2", "1, 1, 1"}) {
    INFO(bad);
    auto r = compileHlslFor(shader(bad, "  Out[0] = Tex.Sample(Samp, uv);"), "cs_6_6");
    INFO(r.errors());
    CHECK_FALSE(r.valid);
    CHECK(has(r.errors(), "test.hlsl:8:16: error: Intrinsic Sample potentially used by 'main' " + message));
    CHECK(has(r.errors(), "test.hlsl:6:28: note: entry function defined here"));
  }
  auto ddx = compileHlslFor(shader("2, 1, 1", "  Out[0] = ddx(uv.x);"), "cs_6_6");
  CHECK(has(ddx.errors(), "test.hlsl:8:12: error: Intrinsic ddx potentially used by 'main' " + message));
}

TEST_CASE("derivatives: before SM 6.6 compute derivatives are DXC's located error", "[irgen][derivatives]") {
  auto r = compileHlslFor(shader("8, 8, 1", "  Out[0] = Tex.CalculateLevelOfDetail(Samp, uv) + ddx_coarse(uv.x);"), "cs_6_5");
  CHECK_FALSE(r.valid);
  const std::string sm =
      "potentially used by 'main' requires derivatives - shader model 6.6 or greater is required for use in compute, "
      "amplification, or mesh shaders.";
  CHECK(has(r.errors(), "test.hlsl:8:16: error: Intrinsic CalculateLevelOfDetail " + sm));
  CHECK(has(r.errors(), "error: Intrinsic ddx_coarse " + sm));
  CHECK(has(r.errors(), "note: entry function defined here"));
}

TEST_CASE("derivatives: CalculateLevelOfDetail in a pixel shader is OpImageQueryLod", "[irgen][derivatives]") {
  auto r = compileHlslFor(std::string(kDecls) + "float4 main(float2 uv : TEXCOORD0) : SV_Target {\n"
                                                "  return Tex.CalculateLevelOfDetailUnclamped(Samp, uv);\n}\n",
                          "ps_6_0");
  INFO(r.errors());
  INFO(r.spirvText);
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpImageQueryLod %v2float"));
  CHECK(has(r.spirvText, "OpCompositeExtract %float"));
  CHECK_FALSE(has(r.spirvText, "DerivativeGroup"));
}

TEST_CASE("derivatives: profile shader models", "[irgen][derivatives]") {
  uint32_t major = 0, minor = 0;
  CHECK(sl::irgen::profileShaderModel("cs_6_5", major, minor));
  CHECK(major == 6);
  CHECK(minor == 5);
  CHECK(sl::irgen::profileShaderModel("lib_6_8", major, minor));
  CHECK(minor == 8);
  major = minor = 7;
  CHECK_FALSE(sl::irgen::profileShaderModel("cs", major, minor));
  CHECK_FALSE(sl::irgen::profileShaderModel("cs_x_6", major, minor));
  CHECK(major == 7);
}
