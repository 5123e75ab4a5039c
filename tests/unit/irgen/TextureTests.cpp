// Texture and sampler methods: irgen's hlsl.resource_sample/gather/load/dimensions and their
// SPIR-V lowering (every module here must pass spirv-val).
#include "IrGenTestSupport.h"

#include <catch2/catch.hpp>

using sl::test::compileHlsl;

namespace {

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

const char* kDecls = R"(
Texture2D<float4> Tex : register(t0);
Texture2DArray<float4> TexArr : register(t1);
Texture2DMS<float4> TexMS : register(t2);
Texture3D<float> Vol : register(t3);
RWTexture2D<float4> Img : register(u1);
SamplerState Samp : register(s0);
SamplerComparisonState CmpSamp : register(s1);
RWBuffer<float4> Out : register(u0);
)";

}  // namespace

TEST_CASE("textures: SampleLevel, SampleGrad and SampleCmpLevelZero lower to explicit-LOD sampling", "[irgen][texture]") {
  auto r = compileHlsl(std::string(kDecls) + R"(
[numthreads(1,1,1)] void main() {
  Out[0] = Tex.SampleLevel(Samp, float2(0.5, 0.5), 1.0);
  Out[1] = Tex.SampleGrad(Samp, float2(0.5, 0.5), float2(1, 0), float2(0, 1), int2(1, -1));
  Out[2] = TexArr.SampleLevel(Samp, float3(0.5, 0.5, 1), 0);
  Out[3] = Tex.SampleCmpLevelZero(CmpSamp, float2(0.5, 0.5), 0.25);
  Out[4] = Tex.SampleCmpLevel(CmpSamp, float2(0.5, 0.5), 0.25, 2.0);
  Out[5] = Vol.SampleLevel(Samp, float3(0.5, 0.5, 0.5), 0);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.irText, "hlsl.resource_sample"));
  CHECK(has(r.spirvText, "OpSampledImage"));
  CHECK(has(r.spirvText, "OpImageSampleExplicitLod %v4float"));
  CHECK(has(r.spirvText, "Grad|ConstOffset"));
  CHECK(has(r.spirvText, "OpImageSampleDrefExplicitLod %float"));
  CHECK_FALSE(has(r.spirvText, "ImplicitLod"));
}

TEST_CASE("textures: Gather* and GatherCmp pick the component and the compare form", "[irgen][texture]") {
  auto r = compileHlsl(std::string(kDecls) + R"(
[numthreads(1,1,1)] void main() {
  Out[0] = Tex.Gather(Samp, float2(0.5, 0.5));
  Out[1] = Tex.GatherGreen(Samp, float2(0.5, 0.5));
  Out[2] = Tex.GatherAlpha(Samp, float2(0.5, 0.5), int2(1, 0));
  Out[3] = Tex.GatherCmp(CmpSamp, float2(0.5, 0.5), 0.5, int2(0, -1));
  Out[4] = Tex.GatherCmpRed(CmpSamp, float2(0.5, 0.5), 0.5);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.irText, "hlsl.resource_gather"));
  CHECK(has(r.spirvText, "OpImageGather %v4float"));
  CHECK(has(r.spirvText, "%uint_1"));
  CHECK(has(r.spirvText, "%uint_3 ConstOffset"));
  CHECK(has(r.spirvText, "OpImageDrefGather %v4float"));
}

TEST_CASE("textures: GetDimensions with and without a mip level, float and uint outputs", "[irgen][texture]") {
  auto r = compileHlsl(std::string(kDecls) + R"(
[numthreads(1,1,1)] void main() {
  float w, h, levels; uint uw, uh, ul, ue, us;
  Tex.GetDimensions(1, w, h, levels);
  Tex.GetDimensions(uw, uh);
  TexArr.GetDimensions(0, uw, uh, ue, ul);
  TexMS.GetDimensions(uw, uh, us);
  Img.GetDimensions(uw, uh);
  Out[0] = float4(w, h, levels, uw + uh + ul + ue + us);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpCapability ImageQuery"));
  CHECK(has(r.spirvText, "OpImageQuerySizeLod %v2uint"));
  CHECK(has(r.spirvText, "OpImageQuerySizeLod %v3uint"));
  CHECK(has(r.spirvText, "OpImageQueryLevels %uint"));
  CHECK(has(r.spirvText, "OpImageQuerySamples %uint"));
  CHECK(has(r.spirvText, "OpImageQuerySize %v2uint"));
  CHECK(has(r.spirvText, "OpConvertUToF"));
}

TEST_CASE("textures: Load with offsets, sample indices and the mips/sample operators", "[irgen][texture]") {
  auto r = compileHlsl(std::string(kDecls) + R"(
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = Tex.Load(int3(0, 0, 0));
  Out[1] = Tex.Load(int3(1, 1, 0), int2(-1, -1));
  Out[2] = TexMS.Load(int2(0, 0), 1);
  Out[3] = Tex.mips[1][uint2(0, 0)];
  Out[4] = Tex.mips[id.x][id.yz];
  Out[5] = TexMS.sample[2][uint2(1, 0)];
  Out[6] = Img.Load(int2(1, 1));
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpImageFetch %v4float"));
  CHECK(has(r.spirvText, "Lod|ConstOffset"));
  CHECK(has(r.spirvText, " Sample "));
  CHECK(has(r.spirvText, "OpImageRead"));
}

TEST_CASE("textures: vk::SampledTexture2D is a combined image-sampler", "[irgen][texture]") {
  auto r = compileHlsl(R"(
[[vk::binding(0, 0)]] vk::SampledTexture2D<float4> Tex : register(s0);
[[vk::binding(1, 0)]] RWBuffer<float4> Out : register(u0);
[numthreads(1,1,1)] void main() {
  Out[0] = Tex.SampleLevel(float2(0.5, 0.5), 0);
  Out[1] = Tex.Gather(float2(0.5, 0.5));
  Out[2] = Tex.Load(int3(0, 0, 0));
  Out[3] = Tex.mips[0][int2(1, 1)];
  uint w, h, l;
  Tex.GetDimensions(0, w, h, l);
  Out[4] = float4(w, h, l, 0);
  Out[5] = Tex.SampleGrad(float2(0.5, 0.5), float2(1, 0), float2(0, 1));
  Out[6] = Tex.SampleCmpLevelZero(float2(0.5, 0.5), 0.5);
})");
  INFO(r.errors());
  REQUIRE(r.valid);
  CHECK(has(r.spirvText, "OpTypeSampledImage"));
  CHECK(has(r.spirvText, "OpImage %"));
  CHECK_FALSE(has(r.spirvText, "OpSampledImage"));
  CHECK_FALSE(has(r.spirvText, "OpTypeSampler"));
  CHECK(has(r.irText, "hlsl.resource<vk::SampledTexture2D, f32x4>"));
  CHECK(has(r.boundText, "sampled_image<"));
}

TEST_CASE("textures: implicit-LOD sampling without quads and status overloads are diagnosed in compute", "[irgen][texture]") {
  // numthreads(1,1,1) has no derivative quads (DXC's rule; GenDerivatives.cpp).
  auto sample = compileHlsl(std::string(kDecls) + "[numthreads(1,1,1)] void main() { Out[0] = Tex.Sample(Samp, float2(0, 0)); }\n");
  CHECK_FALSE(sample.valid);
  CHECK(has(sample.errors(), "Intrinsic Sample potentially used by 'main' requires derivatives - when used in compute"));
  auto bias = compileHlsl(std::string(kDecls) + "[numthreads(1,1,1)] void main() { Out[0] = Tex.SampleBias(Samp, float2(0, 0), 1); }\n");
  CHECK(has(bias.errors(), "Intrinsic SampleBias potentially used by 'main' requires derivatives"));
  auto status = compileHlsl(std::string(kDecls) +
                            "[numthreads(1,1,1)] void main() { uint s; Out[0] = Tex.SampleLevel(Samp, float2(0, 0), 0, int2(0, 0), s); }\n");
  CHECK(has(status.errors(), "status"));
  auto lod = compileHlsl(std::string(kDecls) + "[numthreads(1,1,1)] void main() { Out[0] = Tex.CalculateLevelOfDetail(Samp, float2(0, 0)); }\n");
  CHECK(has(lod.errors(), "derivatives"));
  auto partial = compileHlsl(std::string(kDecls) + "[numthreads(1,1,1)] void main() { Out[0] = Tex.mips[0]; }\n");
  CHECK_FALSE(partial.valid);
  CHECK_FALSE(partial.errors().empty());
}

TEST_CASE("textures: a variable offset is diagnosed outside Gather", "[irgen][texture]") {
  auto r = compileHlsl(std::string(kDecls) + R"(
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = Tex.SampleLevel(Samp, float2(0, 0), 0, int2(id.xy));
})");
  CHECK_FALSE(r.valid);
  CHECK(has(r.errors(), "offset"));
  auto g = compileHlsl(std::string(kDecls) + R"(
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = Tex.Gather(Samp, float2(0, 0), int2(id.xy));
})");
  INFO(g.errors());
  CHECK(g.valid);
  CHECK(has(g.spirvText, "OpCapability ImageGatherExtended"));
}
