// Textures through the whole DXIL path (frontend -> irgen -> `llvm` -> `dxil` -> container): the
// llvm.dx.resource.sample*/gather*/load.texture/store.texture/getdimensions.texture forms, their
// lowering to dx.op (DXIL.rst operand conventions: undef for unused coordinates and offsets, zero
// offsets for Sample*/Gather without one, ResRet extracts), handle properties, dx.resources
// entries for SRV/UAV textures and samplers, and the PSV0 bindings read back with LLVM's reader.
#include "core/pipeline/Pipeline.h"
#include "tests/unit/dxil/CompileToDxil.h"
#include "llvm/BinaryFormat/DXContainer.h"
#include "llvm/Object/DXContainer.h"
#include "llvm/Support/MemoryBufferRef.h"
#include <catch2/catch.hpp>
#include <regex>
#include <string_view>

using namespace sl;
namespace dxbc = llvm::dxbc;

using namespace sl::dxiltest;

namespace {

// `needle` with every "%#" standing for any SSA number (%0, %12, ...), so the checks do not depend
// on how many values irgen makes before a call.
bool hasShape(const std::string& text, const std::string& needle) {
  std::string pattern;
  for (size_t i = 0; i < needle.size(); ++i) {
    if (needle.compare(i, 2, "%#") == 0) {
      pattern += "%[0-9]+";
      ++i;
      continue;
    }
    if (std::string_view("\\^$.|?*+()[]{}").find(needle[i]) != std::string_view::npos) pattern += '\\';
    pattern += needle[i];
  }
  return std::regex_search(text, std::regex(pattern));
}

// The PSV0 resource bindings as (type, kind, space, lower bound).
std::vector<std::array<uint32_t, 4>> psvResources(const std::vector<uint8_t>& bytes) {
  llvm::object::DXContainer c = reread(bytes);
  const auto& psv = c.getPSVInfo();
  REQUIRE(psv.has_value());
  std::vector<std::array<uint32_t, 4>> out;
  for (dxbc::PSV::v2::ResourceBindInfo r : psv->getResources())
    out.push_back({r.Type, r.Kind, r.Space, r.LowerBound});
  return out;
}

const char* kPixelShader = R"(Texture2D<float4> T : register(t0);
RWTexture2D<float4> U : register(u1);
SamplerState S : register(s0);
SamplerComparisonState SC : register(s1);
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 r = T.Sample(S, uv);
  r += T.SampleLevel(S, uv, 2.0, int2(1, 2));
  r += T.SampleBias(S, uv, 0.5);
  r += T.SampleGrad(S, uv, float2(1, 0), float2(0, 1));
  r += T.SampleCmp(SC, uv, 0.5);
  r += T.SampleCmpLevelZero(SC, uv, 0.5);
  r += T.GatherGreen(S, uv, int2(1, 1));
  r += T.GatherCmp(SC, uv, 0.25);
  r += T.Load(int3(1, 2, 3));
  r += U[uint2(4, 5)];
  return r;
}
)";

}  // namespace

TEST_CASE("pixel shader: every sample/gather op and texture loads, shaped as DXC emits them", "[dxil][texture]") {
  Compiled c = compile(kPixelShader, "ps_6_6");
  // llvm stage: upstream-shaped handle types and texture intrinsics.
  CHECK(has(c.llvmText, "target(\"dx.Texture\", <4 x float>, 0, 0, 0, 2)"));
  CHECK(has(c.llvmText, "target(\"dx.Texture\", <4 x float>, 1, 0, 0, 2)"));
  CHECK(has(c.llvmText, "target(\"dx.Sampler\", 1)"));
  CHECK(has(c.llvmText, "@llvm.dx.resource.sample.v4f32."));
  CHECK(has(c.llvmText, "@llvm.dx.resource.gathercmp.v4f32."));
  // dxil stage.
  const std::string& d = c.dxilText;
  CHECK(has(d, "%dx.types.ResourceProperties { i32 2, i32 1033 }"));      // Texture2D<float4>
  CHECK(has(d, "%dx.types.ResourceProperties { i32 4098, i32 1033 }"));   // RWTexture2D<float4>
  CHECK(has(d, "%dx.types.ResourceProperties { i32 14, i32 0 }"));        // SamplerState
  CHECK(has(d, "%dx.types.ResourceProperties { i32 32782, i32 0 }"));     // SamplerComparisonState
  CHECK(hasShape(d, "@dx.op.sample.f32(i32 60, %dx.types.Handle %#, %dx.types.Handle %#, float %#, float %#, float undef, "
               "float undef, i32 0, i32 0, i32 undef, float undef)"));
  CHECK(hasShape(d, "@dx.op.sampleLevel.f32(i32 62, %dx.types.Handle %#, %dx.types.Handle %#, float %#, float %#, float "
               "undef, float undef, i32 1, i32 2, i32 undef, float 2.000000e+00)"));
  CHECK(has(d, "@dx.op.sampleBias.f32(i32 61,"));
  CHECK(has(d, "i32 0, i32 0, i32 undef, float 5.000000e-01, float undef)"));
  CHECK(has(d, "@dx.op.sampleGrad.f32(i32 63,"));
  CHECK(has(d, "i32 0, i32 0, i32 undef, float 1.000000e+00, float 0.000000e+00, float undef, float 0.000000e+00, "
               "float 1.000000e+00, float undef, float undef)"));
  CHECK(has(d, "@dx.op.sampleCmp.f32(i32 64,"));
  CHECK(has(d, "@dx.op.sampleCmpLevelZero.f32(i32 65,"));
  CHECK(hasShape(d, "@dx.op.textureGather.f32(i32 73, %dx.types.Handle %#, %dx.types.Handle %#, float %#, float %#, "
               "float undef, float undef, i32 1, i32 1, i32 1)"));
  CHECK(has(d, "@dx.op.textureGatherCmp.f32(i32 74,"));
  CHECK(has(d, "i32 0, i32 0, i32 0, float 2.500000e-01)"));
  CHECK(hasShape(d, "@dx.op.textureLoad.f32(i32 66, %dx.types.Handle %#, i32 3, i32 1, i32 2, i32 undef, i32 undef, "
               "i32 undef, i32 undef)"));
  CHECK(has(d, "@dx.op.textureLoad.f32(i32 66, %dx.types.Handle %"));
  CHECK(has(d, ", i32 undef, i32 4, i32 5, i32 undef, i32 undef, i32 undef, i32 undef)"));  // RW: no mip
  CHECK_FALSE(has(d, "llvm.dx.resource"));
  // dx.resources: SRV texture (shape 2, F32 element tag), UAV texture, default and comparison samplers.
  CHECK(has(d, "!\"T.i\", i32 0, i32 0, i32 1, i32 2, i32 0, !"));
  CHECK(has(d, "!\"U.i\", i32 0, i32 1, i32 1, i32 2, i1 false, i1 false, i1 false, !"));
  CHECK(has(d, "!\"S.i\", i32 0, i32 0, i32 1, i32 0, null}"));
  CHECK(has(d, "!\"SC.i\", i32 0, i32 1, i32 1, i32 1, null}"));
  // PSV0 (DXC's order: samplers, SRVs, UAVs): type, kind, space, lower bound.
  using Row = std::array<uint32_t, 4>;
  std::vector<Row> res = psvResources(c.container);
  std::vector<Row> expected = {Row{1, 14, 0, 0}, Row{1, 14, 0, 1}, Row{3, 2, 0, 0}, Row{6, 2, 0, 1}};
  CHECK(res == expected);
}

TEST_CASE("compute shader: arrays, cubes, MS, 1D and 3D textures, stores and dimensions", "[dxil][texture]") {
  const char* source = R"(Texture2DArray<int4> TA : register(t0);
TextureCube<float4> TC : register(t1);
Texture2DMS<float4> TM : register(t2);
Texture1D<float> T1 : register(t3);
RWTexture2D<float4> Out : register(u0);
RWTexture1D<uint> Out1 : register(u1);
SamplerState S : register(s0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 r = TA.Load(int4(id.xy, 1, 0), int2(1, -1));
  r += TC.SampleLevel(S, float3(id), 0.0);
  r += TM.Load(int2(id.xy), 3);
  r += T1.SampleGrad(S, 0.5, 0.1, 0.2);
  uint w, h, e, l;
  TA.GetDimensions(1, w, h, e, l);
  uint mw, mh, ms;
  TM.GetDimensions(mw, mh, ms);
  r += w + h + e + l + mw + mh + ms;
  Out[id.xy] = r;
  Out1[id.x] = 7;
}
)";
  Compiled c = compile(source, "cs_6_6");
  const std::string& d = c.dxilText;
  CHECK(has(d, "%dx.types.ResourceProperties { i32 7, i32 1028 }"));  // Texture2DArray<int4>
  CHECK(hasShape(d, "@dx.op.textureLoad.i32(i32 66, %dx.types.Handle %#, i32 0, i32 %#, i32 %#, i32 1, i32 1, i32 -1, "
               "i32 undef)"));
  // Cubes take no offsets: all three undef.
  CHECK(hasShape(d, "float %#, float %#, float %#, float undef, i32 undef, i32 undef, i32 undef, float 0.000000e+00)"));
  // MS: the sample index in the mip operand.
  CHECK(hasShape(d, "@dx.op.textureLoad.f32(i32 66, %dx.types.Handle %#, i32 3, i32 %#, i32 %#, i32 undef,"));
  // 1D: one coordinate, one offset, one gradient component each.
  CHECK(hasShape(d, "@dx.op.sampleGrad.f32(i32 63, %dx.types.Handle %#, %dx.types.Handle %#, float 5.000000e-01, "
               "float undef, float undef, float undef, i32 0, i32 undef, i32 undef, float 0x3FB99999A0000000, "
               "float undef, float undef, float 0x3FC99999A0000000, float undef, float undef, float undef)"));
  CHECK(hasShape(d, "@dx.op.getDimensions(i32 72, %dx.types.Handle %#, i32 1)"));
  CHECK(hasShape(d, "@dx.op.getDimensions(i32 72, %dx.types.Handle %#, i32 undef)"));  // MS: no mip
  CHECK(has(d, "@dx.op.textureStore.f32(i32 67, %dx.types.Handle %"));
  CHECK(hasShape(d, ", i32 %#, i32 %#, i32 undef, float %"));
  CHECK(has(d, "@dx.op.textureStore.i32(i32 67, %dx.types.Handle %"));
  CHECK(hasShape(d, ", i32 %#, i32 undef, i32 undef, i32 7, i32 7, i32 7, i32 7, i8 15)"));
  CHECK_FALSE(has(d, "llvm.dx.resource"));
  using Row = std::array<uint32_t, 4>;
  std::vector<Row> res = psvResources(c.container);
  std::vector<Row> expected = {Row{1, 14, 0, 0}, Row{3, 7, 0, 0}, Row{3, 5, 0, 1}, Row{3, 3, 0, 2},
                               Row{3, 1, 0, 3},  Row{6, 2, 0, 0}, Row{6, 1, 0, 1}};
  CHECK(res == expected);
}

TEST_CASE("vertex shader: SampleLevel is fine, implicit-LOD Sample is refused with a location", "[dxil][texture]") {
  const char* good = R"(Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Position { return T.SampleLevel(S, uv, 0); }
)";
  Compiled c = compile(good, "vs_6_6");
  CHECK(has(c.dxilText, "@dx.op.sampleLevel.f32(i32 62,"));

  const char* bad = R"(Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
float4 main(float2 uv : TEXCOORD0) : SV_Position { return T.Sample(S, uv); }
)";
  ParsedCommandLine parsed = parseDxcCommandLine({"-T", "vs_6_6", "-E", "main", "test.hlsl"});
  REQUIRE(parsed.error.empty());
  auto result = compileSource("test.hlsl", bad, parsed.options);
  REQUIRE_FALSE(result->succeeded);
  REQUIRE_FALSE(result->diagnostics.empty());
  CHECK(result->diagnostics[0].range.begin.line == 3);
  CHECK(has(result->diagnostics[0].message, "Sample"));
}

TEST_CASE("clamp, cube arrays, scalar and integer textures, texture parameters, SampleCmpLevel's model",
          "[dxil][texture]") {
  const char* source = R"(Texture2D<float> TF : register(t0);
TextureCubeArray<float4> TCA : register(t2);
Texture2D<uint2> TU : register(t3);
SamplerState S : register(s0);
SamplerComparisonState SC : register(s1);
float4 f(Texture2D<float> t, SamplerState s, float2 uv) { return t.Sample(s, uv, int2(0, 1), 0.5); }
float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 r = f(TF, S, uv);
  r += TCA.SampleBias(S, float4(uv, 1, 2), 0.5);
  r.xy += TU.Load(int3(1, 2, 0));
  r += TF.SampleCmpLevel(SC, uv, 0.5, 1.0);
  return r;
}
)";
  Compiled c = compile(source, "ps_6_7");
  const std::string& d = c.dxilText;
  // Texture2D<float>: F32 x1 (word 1 = 9 | 1 << 8); Texture2D<uint2>: U32 x2.
  CHECK(has(d, "%dx.types.ResourceProperties { i32 2, i32 265 }"));
  CHECK(has(d, "%dx.types.ResourceProperties { i32 2, i32 517 }"));
  CHECK(has(d, "float undef, float undef, i32 0, i32 1, i32 undef, float 5.000000e-01)"));  // offset + clamp
  CHECK(has(d, "float 1.000000e+00, float 2.000000e+00, i32 undef, i32 undef, i32 undef, float 5.000000e-01, "
               "float undef)"));  // cube array: four coordinates, no offsets
  CHECK(has(d, "@dx.op.textureLoad.i32(i32 66, %dx.types.Handle %"));
  CHECK(has(d, "@dx.op.sampleCmpLevel.f32(i32 224,"));
  CHECK(has(d, "float 5.000000e-01, float 1.000000e+00)"));

  ParsedCommandLine parsed = parseDxcCommandLine({"-T", "ps_6_6", "-E", "main", "test.hlsl"});
  REQUIRE(parsed.error.empty());
  auto result = compileSource("test.hlsl", source, parsed.options);
  REQUIRE_FALSE(result->succeeded);
  bool found = false;
  for (const Diagnostic& diag : result->diagnostics)
    if (has(diag.message, "shader model 6.7") && diag.range.begin.line == 11) found = true;
  CHECK(found);
}
