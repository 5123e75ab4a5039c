// Vertex and pixel shaders through the whole DXIL path (frontend -> signatures -> irgen -> `llvm`
// -> `dxil` -> container): llvm.dx.load.input/store.output with the packed SigIds, their lowering
// to loadInput/storeOutput and the dedicated ops, the signature metadata (seed 0047 table and
// DXC's entry lists), and ISG1/OSG1/PSV0 read back with LLVM's DXContainer reader.
#include "core/dxil/EmitDxil.h"
#include "core/dxil/lower/IODependencies.h"
#include "core/dxil/lower/SignatureRecords.h"
#include "core/frontend/EntrySignature.h"
#include "core/frontend/Frontend.h"
#include "core/frontend/Preprocessor.h"
#include "core/irgen/IRGen.h"
#include "core/pipeline/Pipeline.h"
#include "tests/unit/dxil/CompileToDxil.h"

#include "llvm/BinaryFormat/DXContainer.h"
#include "llvm/Object/DXContainer.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <catch2/catch.hpp>

#include <regex>

#include <spirv/unified1/spirv.hpp>

using namespace sl;
namespace dxbc = llvm::dxbc;

using namespace sl::dxiltest;

namespace {

std::vector<dxbc::ProgramSignatureElement> rows(const llvm::object::DirectX::Signature& signature) {
  std::vector<dxbc::ProgramSignatureElement> out;
  for (const dxbc::ProgramSignatureElement& p : signature) out.push_back(p);
  return out;
}

std::vector<dxbc::PSV::v0::SignatureElement> psvElements(llvm::object::ViewArray<dxbc::PSV::v0::SignatureElement> view) {
  std::vector<dxbc::PSV::v0::SignatureElement> out;
  for (dxbc::PSV::v0::SignatureElement e : view) out.push_back(e);
  return out;
}

const char* kVertexShader =
    "struct VSOut {\n"
    "  float4 pos : SV_Position;\n"
    "  float2 uv : TEXCOORD0;\n"
    "  float3 normal : NORMAL;\n"
    "};\n"
    "VSOut main(float4 pos : POSITION, float2 uv : TEXCOORD0, float4 weights[2] : BLENDWEIGHT0,\n"
    "           uint vid : SV_VertexID) {\n"
    "  VSOut o;\n"
    "  o.pos = pos * weights[0].x + weights[1];\n"
    "  o.uv = uv + float2(vid, 0);\n"
    "  o.normal = pos.xyz;\n"
    "  return o;\n"
    "}\n";

const char* kPixelShader =
    "struct PSOut {\n"
    "  float4 color : SV_Target0;\n"
    "  float4 extra : SV_Target1;\n"
    "  float depth : SV_Depth;\n"
    "};\n"
    "PSOut main(float4 pos : SV_Position, nointerpolation float4 uv : TEXCOORD0, float2 t : TEXCOORD1) {\n"
    "  PSOut o;\n"
    "  if (uv.w < 0) discard;\n"
    "  clip(t.x);\n"
    "  o.color = pos + ddx(uv) + ddy_fine(t).xyxy;\n"
    "  o.extra = float4(uv.xyz, 1);\n"
    "  o.depth = pos.z;\n"
    "  return o;\n"
    "}\n";

}  // namespace

TEST_CASE("vertex shader: load.input/store.output per element row, lowered per component", "[dxil][stageio]") {
  Compiled c = compile(kVertexShader, "vs_6_0");
  INFO(c.llvmText);
  // Inputs in declaration order: POSITION 0, TEXCOORD 1, BLENDWEIGHT 2 (two rows), SV_VertexID 3.
  CHECK(has(c.llvmText, "call <4 x float> @llvm.dx.load.input.v4f32(i32 0, i32 0, i8 0, i32 poison)"));
  CHECK(has(c.llvmText, "call <2 x float> @llvm.dx.load.input.v2f32(i32 1, i32 0, i8 0, i32 poison)"));
  CHECK(has(c.llvmText, "call <4 x float> @llvm.dx.load.input.v4f32(i32 2, i32 0, i8 0, i32 poison)"));
  CHECK(has(c.llvmText, "call <4 x float> @llvm.dx.load.input.v4f32(i32 2, i32 1, i8 0, i32 poison)"));
  CHECK(has(c.llvmText, "call i32 @llvm.dx.load.input.i32(i32 3, i32 0, i8 0, i32 poison)"));
  // Outputs: the returned struct's fields, SV_Position 0, TEXCOORD 1, NORMAL 2.
  CHECK(has(c.llvmText, "call void @llvm.dx.store.output.v4f32(i32 0, i32 0, i8 0, <4 x float>"));
  CHECK(has(c.llvmText, "call void @llvm.dx.store.output.v2f32(i32 1, i32 0, i8 0, <2 x float>"));
  CHECK(has(c.llvmText, "call void @llvm.dx.store.output.v3f32(i32 2, i32 0, i8 0, <3 x float>"));
  CHECK(has(c.llvmText, "\"hlsl.shader\"=\"vertex\""));
  CHECK(has(c.llvmText, "target triple = \"dxil-pc-shadermodel6.0-vertex\""));
  // The real body sits between the reads and the writes (a call in the llvm stage).
  CHECK(std::regex_search(c.llvmText, std::regex("call .* @src\\.main\\(")));
  // Seed 0047 table: the array element spans two rows with indices {0, 1}; VS modes recorded Undefined.
  CHECK(has(c.llvmText, "!dx.semantic.signatures = !{"));
  CHECK(std::regex_search(c.llvmText, std::regex(R"(!\{i32 2, !"BLENDWEIGHT", i32 9, i32 0, ![0-9]+, i32 0, i32 2, i8 4, i32 2, i8 0)")));
  CHECK(std::regex_search(c.llvmText, std::regex(R"(!\{i32 3, !"SV_VertexID", i32 5, i32 1, ![0-9]+, i32 0, i32 1, i8 1, i32 4, i8 0)")));

  INFO(c.dxilText);
  CHECK_FALSE(has(c.dxilText, "llvm.dx.load.input"));
  CHECK_FALSE(has(c.dxilText, "llvm.dx.store.output"));
  CHECK_FALSE(has(c.dxilText, "@src.main"));  // inlined
  CHECK(has(c.dxilText, "call float @dx.op.loadInput.f32(i32 4, i32 2, i32 1, i8 3, i32 undef)"));
  CHECK(has(c.dxilText, "call i32 @dx.op.loadInput.i32(i32 4, i32 3, i32 0, i8 0, i32 undef)"));
  CHECK(has(c.dxilText, "call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float"));
  CHECK(has(c.dxilText, "call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 2, float"));
  CHECK(has(c.dxilText, "!{!\"vs\", i32 6, i32 0}"));
  CHECK_FALSE(has(c.dxilText, "x float>"));  // scalarized
  CHECK_FALSE(has(c.dxilText, "alloca"));
  // DXC's entry records: VS outputs carry the packed interpolation mode (SV_Position 4).
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 0, !"SV_Position", i8 9, i8 3, ![0-9]+, i8 4, i32 1, i8 4, i32 0, i8 0, ![0-9]+\})")));
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 2, !"BLENDWEIGHT", i8 9, i8 0, ![0-9]+, i8 0, i32 2, i8 4, i32 2, i8 0, ![0-9]+\})")));
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!dx\.entryPoints = !\{![0-9]+\})")));

  llvm::object::DXContainer container = reread(c.container);
  std::vector<dxbc::ProgramSignatureElement> in = rows(container.getInputSignature());
  REQUIRE(in.size() == 5);  // BLENDWEIGHT has two rows
  CHECK(container.getInputSignature().getName(in[2].NameOffset) == "BLENDWEIGHT");
  CHECK(in[2].Register == 2);
  CHECK(in[3].Register == 3);
  CHECK(in[3].Index == 1);
  CHECK(in[4].SystemValue == dxbc::D3DSystemValue::VertexID);
  std::vector<dxbc::ProgramSignatureElement> out = rows(container.getOutputSignature());
  REQUIRE(out.size() == 3);
  CHECK(out[0].SystemValue == dxbc::D3DSystemValue::Position);
  const auto& psv = container.getPSVInfo();
  REQUIRE(psv.has_value());
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->ShaderStage == 1);
  CHECK(info->StageInfo.VS.OutputPositionPresent == 1);
  CHECK(info->SigInputElements == 4);
  CHECK(info->SigOutputElements == 3);
  CHECK(info->SigInputVectors == 5);
  REQUIRE(container.getDXIL().has_value());
  CHECK(container.getDXIL()->first.ShaderKind == 1);
}

TEST_CASE("pixel shader: system values, discard, derivatives, depth", "[dxil][stageio]") {
  Compiled c = compile(kPixelShader, "ps_6_0");
  INFO(c.llvmText);
  CHECK(has(c.llvmText, "\"hlsl.shader\"=\"pixel\""));
  CHECK(has(c.llvmText, "@llvm.dx.ddx.coarse.v4f32("));
  CHECK(has(c.llvmText, "@llvm.dx.ddy.fine.v2f32("));
  CHECK(has(c.llvmText, "call void @llvm.dx.discard(i1 true)"));
  CHECK(has(c.llvmText, "call void @llvm.dx.store.output.f32(i32 2, i32 0, i8 0, float"));  // SV_Depth
  // Seed records: PS SV_Position interpolates linear noperspective (4), nointerpolation is 1.
  CHECK(std::regex_search(c.llvmText, std::regex(R"(!\{i32 0, !"SV_Position", i32 9, i32 3, ![0-9]+, i32 4, i32 1, i8 4, i32 0, i8 0)")));
  CHECK(std::regex_search(c.llvmText, std::regex(R"(!\{i32 1, !"TEXCOORD", i32 9, i32 0, ![0-9]+, i32 1, i32 1, i8 4, i32 1, i8 0)")));
  CHECK(std::regex_search(c.llvmText, std::regex(R"(!\{i32 2, !"SV_Depth", i32 9, i32 17, ![0-9]+, i32 0, i32 1, i8 1, i32 -1, i8 -1)")));

  INFO(c.dxilText);
  CHECK(count(c.dxilText, "call float @dx.op.unary.f32(i32 83, float") == 4);
  CHECK(count(c.dxilText, "call float @dx.op.unary.f32(i32 86, float") == 2);
  CHECK(count(c.dxilText, "call void @dx.op.discard(i32 82, i1 true)") == 2);
  CHECK(has(c.dxilText, "call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float"));
  CHECK(has(c.dxilText, "call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float 1.000000e+00)"));
  CHECK(has(c.dxilText, "!{!\"ps\", i32 6, i32 0}"));
  // The early return of `discard` merges the body's result struct with poison: split into scalar
  // phis, no aggregate or vector values remain (DXIL is scalar).
  CHECK_FALSE(has(c.dxilText, "phi %struct"));
  CHECK_FALSE(has(c.dxilText, "x float>"));
  CHECK_FALSE(has(c.dxilText, "alloca"));
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 2, !"SV_Depth", i8 9, i8 17, ![0-9]+, i8 0, i32 1, i8 1, i32 -1, i8 -1, ![0-9]+\})")));

  llvm::object::DXContainer container = reread(c.container);
  std::vector<dxbc::ProgramSignatureElement> in = rows(container.getInputSignature());
  REQUIRE(in.size() == 3);
  std::vector<dxbc::ProgramSignatureElement> out = rows(container.getOutputSignature());
  REQUIRE(out.size() == 3);
  CHECK(out[2].SystemValue == dxbc::D3DSystemValue::Depth);
  CHECK(out[2].Register == 0xFFFFFFFFu);
  const auto& psv = container.getPSVInfo();
  REQUIRE(psv.has_value());
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->ShaderStage == 0);
  CHECK(info->StageInfo.PS.DepthOutput == 1);
  CHECK(info->StageInfo.PS.SampleFrequency == 0);
  std::vector<dxbc::PSV::v0::SignatureElement> psvIn = psvElements(psv->getSigInputElements());
  REQUIRE(psvIn.size() == 3);
  CHECK(psvIn[0].Mode == dxbc::PSV::InterpolationMode::LinearNoperspective);
  CHECK(psvIn[1].Mode == dxbc::PSV::InterpolationMode::Constant);
}

TEST_CASE("pixel shader: SV_SampleIndex uses its own op, bools travel as i32, SV_Coverage output", "[dxil][stageio]") {
  // (An SV_Coverage *input* is NotInSig and read with dx.op.coverage: see the [coverage] tests.)
  Compiled c = compile(
      "float4 main(float4 pos : SV_Position, bool ff : SV_IsFrontFace, uint si : SV_SampleIndex,\n"
      "            uint prim : SV_PrimitiveID, out uint cov : SV_Coverage) : SV_Target {\n"
      "  cov = si + 1;\n"
      "  return pos + (ff ? 1 : 0) + si + prim;\n"
      "}\n",
      "ps_6_0");
  INFO(c.llvmText);
  INFO(c.dxilText);
  CHECK(has(c.dxilText, "call i32 @dx.op.sampleIndex.i32(i32 90)"));
  CHECK_FALSE(has(c.dxilText, "@dx.op.loadInput.i32(i32 4, i32 2,"));  // SV_SampleIndex is not loaded
  CHECK(std::regex_search(c.dxilText, std::regex(R"(call void @dx\.op\.storeOutput\.i32\(i32 5, i32 1, i32 0, i8 0, i32 %)")));
  CHECK(std::regex_search(c.dxilText, std::regex(R"(%[0-9a-z.]+ = call i32 @dx\.op\.loadInput\.i32\(i32 4, i32 1, i32 0, i8 0, i32 undef\))")));
  CHECK(has(c.dxilText, "icmp ne i32"));
  CHECK(has(c.dxilText, "call i32 @dx.op.loadInput.i32(i32 4, i32 3, i32 0, i8 0, i32 undef)"));  // SV_PrimitiveID
  llvm::object::DXContainer container = reread(c.container);
  const auto& psv = container.getPSVInfo();
  REQUIRE(psv.has_value());
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->StageInfo.PS.SampleFrequency == 1);
}

TEST_CASE("seed 0047 example: both entry points", "[dxil][stageio][seed]") {
  const char* source =
      "float4 vs_main(float4 pos   : POSITION,\n"
      "               float4 uv[2] : TEXCOORD0) : SV_Position {\n"
      "  return pos + uv[0] + uv[1];\n"
      "}\n"
      "struct PSOut {\n"
      "  float4 color : SV_Target0;\n"
      "  float4 extra : SV_Target1;\n"
      "};\n"
      "PSOut ps_main(float4 pos : SV_Position,\n"
      "              float4 uv0 : TEXCOORD0,\n"
      "              float4 uv1 : TEXCOORD1) {\n"
      "  PSOut o;\n"
      "  o.color = pos + uv0;\n"
      "  o.extra = float4(uv1.xyz, 1);\n"
      "  return o;\n"
      "}\n";
  Compiled vs = compile(source, "vs_6_0", "vs_main");
  INFO(vs.llvmText);
  // The seed's !1, !2, !3 (rules: usage from real reads, VS records Undefined).
  CHECK(std::regex_search(vs.llvmText, std::regex(R"(!\{i32 0, !"POSITION", i32 9, i32 0, !([0-9]+), i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0\})")));
  CHECK(std::regex_search(vs.llvmText, std::regex(R"(!\{i32 1, !"TEXCOORD", i32 9, i32 0, !([0-9]+), i32 0, i32 2, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0\})")));
  CHECK(std::regex_search(vs.llvmText, std::regex(R"(!\{i32 0, !"SV_Position", i32 9, i32 3, !([0-9]+), i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0\})")));
  CHECK(has(vs.llvmText, "= !{i32 0, i32 1}"));
  CHECK(has(vs.llvmText, "call <4 x float> @llvm.dx.load.input.v4f32(i32 1, i32 1, i8 0, i32 poison)"));
  Compiled ps = compile(source, "ps_6_0", "ps_main");
  INFO(ps.llvmText);
  CHECK(std::regex_search(ps.llvmText, std::regex(R"(!\{i32 0, !"SV_Position", i32 9, i32 3, ![0-9]+, i32 4, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0\})")));
  CHECK(std::regex_search(ps.llvmText, std::regex(R"(!\{i32 1, !"TEXCOORD", i32 9, i32 0, ![0-9]+, i32 2, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0\})")));
  CHECK(std::regex_search(ps.llvmText, std::regex(R"(!\{i32 2, !"TEXCOORD", i32 9, i32 0, ![0-9]+, i32 2, i32 1, i8 4, i32 2, i8 0, i8 7, i8 0, i32 0\})")));
  CHECK(std::regex_search(ps.llvmText, std::regex(R"(!\{i32 1, !"SV_Target", i32 9, i32 16, ![0-9]+, i32 0, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0\})")));
  // uv1 is read as .xyz only: three loadInputs of element 2, none of column 3.
  INFO(ps.dxilText);
  CHECK(count(ps.dxilText, "@dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 ") == 3);
  CHECK_FALSE(has(ps.dxilText, "@dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 3"));
  for (const Compiled* c : {&vs, &ps}) {
    llvm::object::DXContainer container = reread(c->container);
    CHECK(container.getPSVInfo().has_value());
  }
}

TEST_CASE("a vertex entry without its packed signatures gets a diagnostic, not a crash", "[dxil][stageio]") {
  frontend::PreprocessOptions pp;
  std::unique_ptr<frontend::PreprocessedUnit> unit = frontend::preprocess("test.hlsl", kVertexShader, pp);
  REQUIRE_FALSE(unit->hasErrors());
  frontend::FrontendOptions fe;
  fe.profile = "vs_6_0";
  frontend::FrontendResult parsed = frontend::parseAndAnalyze(*unit, fe);
  REQUIRE_FALSE(hasErrors(parsed.diagnostics));
  irgen::IrGenResult gen = irgen::generateIR(*parsed.unit, *unit, irgen::IrGenOptions{});
  REQUIRE(gen.ok());
  dxil::DxilResult r = dxil::emitDxil(*gen.module);  // no signatures given
  CHECK_FALSE(r.ok());
  std::string text = renderDiagnostics(r.diagnostics);
  CHECK(has(text, "vertex and pixel entries need their packed signatures"));

  // With the signatures from the front end it goes through.
  frontend::EntrySignatures sigs = frontend::buildEntrySignatures(parsed.unit->entry, *unit, false);
  REQUIRE(sigs.ok());
  dxil::DxilOptions options;
  options.inputSignature = sigs.inputs;
  options.outputSignature = sigs.outputs;
  dxil::DxilResult ok = dxil::emitDxil(*gen.module, options);
  INFO(renderDiagnostics(ok.diagnostics));
  CHECK(ok.ok());
  CHECK_FALSE(ok.container.empty());
}

TEST_CASE("input -> output dependencies follow data flow from loadInput to storeOutput", "[dxil][stageio]") {
  Compiled c = compile(kVertexShader, "vs_6_0");
  llvm::object::DXContainer container = reread(c.container);
  const auto& psv = container.getPSVInfo();
  REQUIRE(psv.has_value());
  // One table for stream 0: for each input component (row * 4 + col) a bit set over output
  // components, in 32-bit words (SigOutputVectors[0] * 4 bits, rounded up to words).
  std::vector<uint32_t> map;
  for (uint32_t w : psv->getInputOutputMap(0)) map.push_back(w);
  auto depends = [&](uint32_t in, uint32_t out) { return (map[in] >> out) & 1u; };
  REQUIRE(map.size() >= 5 * 4);
  // o.pos = pos * weights[0].x + weights[1]: POSITION.x (0) -> SV_Position.x (0), BLENDWEIGHT0.x
  // (register 2, component 8) -> all of SV_Position, BLENDWEIGHT1.y (13) -> SV_Position.y (1).
  CHECK(depends(0, 0));
  CHECK_FALSE(depends(0, 1));
  CHECK(depends(8, 3));
  CHECK(depends(13, 1));
  CHECK_FALSE(depends(13, 0));
  // o.uv = uv + float2(vid, 0): SV_VertexID (register 4, component 16) -> TEXCOORD.x (register 1 -> 4).
  CHECK(depends(16, 4));
  CHECK_FALSE(depends(16, 5));
  // POSITION.w feeds nothing but SV_Position.w.
  CHECK(depends(3, 3));
  for (uint32_t out = 4; out < 12; ++out) CHECK_FALSE(depends(3, out));
}

TEST_CASE("interpolation example and element shapes: verified modules, containers LLVM re-reads", "[dxil][stageio]") {
  struct Case {
    const char* name;
    const char* profile;
    std::vector<std::string> extra;
    const char* source;
    uint32_t inputs, outputs;
  };
  const Case cases[] = {
      {"seed interpolation example", "ps_6_0", {},
       "struct Material {\n"
       "  float3 albedo : COLOR0;\n"
       "  nointerpolation float gloss : COLOR1;\n"
       "  linear float2 uv : TEXCOORD0;\n"
       "};\n"
       "float4 main(nointerpolation Material m, uint id : ID, float4 pos : SV_Position, bool ff : SV_IsFrontFace,\n"
       "            uint si : SV_SampleIndex) : SV_Target {\n"
       "  return float4(m.albedo, m.gloss) + m.uv.y + id + pos.x + (ff ? 1 : 0) + si;\n"
       "}\n",
       7, 1},
      {"matrices, clip distances, min precision", "vs_6_0", {},
       "struct VSOut { float4 pos : SV_Position; float3x3 basis : BASIS; float2 clip : SV_ClipDistance;\n"
       "               uint inst : SV_InstanceID; };\n"
       "VSOut main(float4x4 world : WORLD, row_major float2x3 rm : RM, float4 p : SV_Position,\n"
       "           uint inst : SV_InstanceID, min16float h : HALF) {\n"
       "  VSOut o;\n"
       "  o.pos = p * world[0] + rm[1].xyzz + h;\n"
       "  o.basis = (float3x3)world;\n"
       "  o.clip = p.xy;\n"
       "  o.inst = inst;\n"
       "  return o;\n"
       "}\n",
       5, 4},
      {"native 16-bit", "ps_6_2", {"-enable-16bit-types"},
       "half4 main(half4 c : COLOR, int16_t i : IDX) : SV_Target { return c * i; }\n", 2, 1},
      {"inout/out parameters, bool output", "vs_6_0", {},
       "void main(inout float4 a : TEXCOORD0, out float4 pos : SV_Position, in uint id : SV_VertexID,\n"
       "          out bool flag : FLAG) {\n"
       "  pos = a; a = a * 2; flag = id > 3;\n"
       "}\n",
       2, 3},
      {"SV_Position narrower than its system-value variable (PS input)", "ps_6_0", {},
       "float4 main(float2 pos : SV_Position, float3 c : COLOR) : SV_Target { return float4(pos, c.x, 1); }\n", 2, 1},
      {"SV_Position narrower than its system-value variable (VS output)", "vs_6_0", {},
       "float3 main(float3 p : POSITION) : SV_Position { return p; }\n", 1, 1},
  };
  for (const Case& k : cases) {
    INFO(k.name);
    Compiled c = compile(k.source, k.profile, "main", k.extra);
    CHECK_FALSE(has(c.dxilText, "llvm.dx.load.input"));
    CHECK_FALSE(has(c.dxilText, "llvm.dx.store.output"));
    llvm::object::DXContainer container = reread(c.container);
    const auto& psv = container.getPSVInfo();
    REQUIRE(psv.has_value());
    const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
    REQUIRE(info != nullptr);
    CHECK(info->SigInputElements == k.inputs);
    CHECK(info->SigOutputElements == k.outputs);
  }
}

TEST_CASE("an array of SV_Target is one element per render target in DXC's views", "[dxil][stageio][target-array]") {
  // DXC flattens `float4 t[2] : SV_Target1` into SV_Target1 and SV_Target2, each its own
  // element (ID, semantic index, register); an arbitrary-semantic array stays one two-row element.
  Compiled c = compile(
      "void main(float4 tc[2] : TEXCOORD0, out float4 t[2] : SV_Target1, out float depth : SV_Depth) {\n"
      "  t[0] = tc[0];\n"
      "  t[1] = tc[1] * 2;\n"
      "  depth = tc[0].x;\n"
      "}\n",
      "ps_6_0");
  INFO(c.llvmText);
  INFO(c.dxilText);
  // llvm stage (seed 0047): one element, SigId 0, rows 0 and 1; SV_Depth is SigId 1.
  CHECK(has(c.llvmText, "@llvm.dx.store.output.v4f32(i32 0, i32 1, i8 0,"));
  CHECK(has(c.llvmText, "@llvm.dx.store.output.f32(i32 1, i32 0, i8 0,"));
  CHECK(std::regex_search(c.llvmText, std::regex(R"(!\{i32 0, !"SV_Target", i32 9, i32 16, ![0-9]+, i32 0, i32 2, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0\})")));
  // dxil stage: DXC's IDs. SV_Target1 is element 0, SV_Target2 element 1 (row 0 each), SV_Depth 2.
  CHECK(count(c.dxilText, "@dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 ") == 4);
  CHECK(count(c.dxilText, "@dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 ") == 4);
  CHECK(count(c.dxilText, "@dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0,") == 1);
  CHECK_FALSE(has(c.dxilText, "@dx.op.storeOutput.f32(i32 5, i32 0, i32 1,"));
  // dx.entryPoints: two one-row SV_Target elements with indices {1} and {2}, rows 1 and 2.
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 0, !"SV_Target", i8 9, i8 16, !([0-9]+), i8 0, i32 1, i8 4, i32 1, i8 0, ![0-9]+\})")));
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 1, !"SV_Target", i8 9, i8 16, !([0-9]+), i8 0, i32 1, i8 4, i32 2, i8 0, ![0-9]+\})")));
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 2, !"SV_Depth", i8 9, i8 17, )")));
  CHECK_FALSE(std::regex_search(c.dxilText, std::regex(R"(!\{i32 [0-9], !"SV_Target", i8 9, i8 16, ![0-9]+, i8 0, i32 2,)")));
  // The arbitrary TEXCOORD array stays one element of two rows.
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 0, !"TEXCOORD", i8 9, i8 0, ![0-9]+, i8 2, i32 2, i8 4, i32 0, i8 0,)")));
  CHECK(count(c.dxilText, "@dx.op.loadInput.f32(i32 4, i32 0, i32 1, i8 ") == 4);

  llvm::object::DXContainer container = reread(c.container);
  const auto out = rows(container.getOutputSignature());
  REQUIRE(out.size() == 3);  // one ISG1/OSG1 entry per row, as before: the split changes no row
  CHECK(container.getOutputSignature().getName(out[0].NameOffset) == "SV_Target");
  CHECK(out[0].Index == 1);
  CHECK(out[0].Register == 1);
  CHECK(out[1].Index == 2);
  CHECK(out[1].Register == 2);
  CHECK(out[2].SystemValue == dxbc::D3DSystemValue::Depth);
  const auto& psv = container.getPSVInfo();
  REQUIRE(psv.has_value());
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->SigOutputElements == 3);
  CHECK(info->SigInputElements == 1);
  CHECK(info->SigOutputVectors[0] == 3);
  const auto psvOut = psvElements(psv->getSigOutputElements());
  REQUIRE(psvOut.size() == 3);
  for (int i = 0; i < 2; ++i) {
    CHECK(psvOut[i].Rows == 1);
    CHECK(psvOut[i].StartRow == i + 1);
    CHECK(psvOut[i].Kind == dxbc::PSV::SemanticKind::Target);
    CHECK(psvOut[i].Allocated == 1);
  }
  CHECK(psv->getSemanticIndexTable()[psvOut[0].IndicesOffset] == 1);
  CHECK(psv->getSemanticIndexTable()[psvOut[1].IndicesOffset] == 2);
  const auto psvIn = psvElements(psv->getSigInputElements());
  REQUIRE(psvIn.size() == 1);
  CHECK(psvIn[0].Rows == 2);
  // t[1] = tc[1] * 2: TEXCOORD1.x (register 1, component 4) -> SV_Target2.x (register 2, component 8).
  std::vector<uint32_t> map;
  for (uint32_t w : psv->getInputOutputMap(0)) map.push_back(w);
  REQUIRE(map.size() >= 8);
  CHECK(((map[4] >> 8) & 1u) == 1u);
  CHECK(((map[4] >> 4) & 1u) == 0u);
}

TEST_CASE("DXC's signature view: SV_Target arrays split, other arrays kept, NotInSig left out", "[dxil][stageio][target-array]") {
  using namespace signature;
  auto element = [](uint32_t id, const char* name, uint32_t first, SemanticKind kind, ComponentType type, uint32_t rows,
                    uint8_t cols) { return makeElement(id, name, first, kind, type, rows, cols); };
  PackedSignature out = pack({element(0, "SV_Target", 2, SemanticKind::Target, ComponentType::F32, 3, 4),
                              element(1, "SV_Target", 0, SemanticKind::Target, ComponentType::F32, 1, 2)},
                             SignatureKind::PSOutput);
  REQUIRE(out.ok());
  dxil::DxcSignature view = dxil::dxcSignature(out);
  REQUIRE(view.packed.elements.size() == 4);
  for (uint32_t i = 0; i < 3; ++i) {
    const SignatureElement& e = view.packed.elements[i];
    CHECK(e.sigId == i);
    CHECK(e.rows == 1);
    CHECK(e.semanticIndices == std::vector<uint32_t>{2 + i});
    CHECK(e.startRow == int32_t(2 + i));
  }
  CHECK(view.packed.elements[3].sigId == 3);
  CHECK(view.packed.elements[3].cols == 2);
  REQUIRE(view.fromSeed.size() == 2);
  CHECK(view.fromSeed[0].first == 0);
  CHECK(view.fromSeed[0].splitRows);
  CHECK(view.fromSeed[1].first == 3);
  CHECK_FALSE(view.fromSeed[1].splitRows);

  PackedSignature vsOut = pack({element(0, "SV_Position", 0, SemanticKind::Position, ComponentType::F32, 1, 4),
                                element(1, "SV_ClipDistance", 0, SemanticKind::ClipDistance, ComponentType::F32, 2, 1),
                                element(2, "TEXCOORD", 0, SemanticKind::Arbitrary, ComponentType::F32, 2, 4)},
                               SignatureKind::VSOutput);
  REQUIRE(vsOut.ok());
  dxil::DxcSignature vsView = dxil::dxcSignature(vsOut);
  REQUIRE(vsView.packed.elements.size() == 3);
  CHECK(vsView.packed.elements[1].rows == 2);  // system-value arrays other than SV_Target: one element
  CHECK(vsView.packed.elements[2].rows == 2);

  PackedSignature in = pack({element(0, "SV_Coverage", 0, SemanticKind::Coverage, ComponentType::U32, 1, 1),
                             element(1, "COLOR", 0, SemanticKind::Arbitrary, ComponentType::F32, 1, 4)},
                            SignatureKind::PSInput);
  REQUIRE(in.ok());
  dxil::DxcSignature inView = dxil::dxcSignature(in);
  REQUIRE(inView.packed.elements.size() == 1);
  CHECK(inView.packed.elements[0].semanticName == "COLOR");
  CHECK(inView.packed.elements[0].sigId == 0);
  CHECK(inView.fromSeed[0].first == -1);
  CHECK(inView.fromSeed[1].first == 0);
  CHECK(dxil::containerSignatureRecords(inView.packed).size() == 1);
  CHECK(dxil::dxcSignatureRecords(inView.packed).size() == 1);
}

TEST_CASE("pixel shader: SV_Coverage input is read with dx.op.coverage and is no signature element", "[dxil][stageio][coverage]") {
  Compiled c = compile(
      "float4 main(uint cov : SV_Coverage, float4 p : SV_Position, float4 col : COLOR0,\n"
      "            out uint mask : SV_Coverage) : SV_Target {\n"
      "  mask = cov & 5;\n"
      "  return col * (cov & 3);\n"
      "}\n",
      "ps_6_0");
  INFO(c.llvmText);
  INFO(c.dxilText);
  CHECK(count(c.dxilText, "call i32 @dx.op.coverage.i32(i32 91)") == 1);
  CHECK(has(c.dxilText, "declare i32 @dx.op.coverage.i32(i32) #"));
  // COLOR is declaration element 2 but DXC's input element 1 (SV_Coverage is not in the list).
  CHECK(count(c.dxilText, "@dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 ") == 4);
  CHECK_FALSE(has(c.dxilText, "@dx.op.loadInput.f32(i32 4, i32 2,"));
  CHECK_FALSE(has(c.dxilText, "@dx.op.loadInput.i32("));
  CHECK_FALSE(std::regex_search(c.dxilText, std::regex(R"(!\{i32 [0-9]+, !"SV_Coverage", i8 5, i8 14, ![0-9]+, i8 1,)")));  // input form
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 1, !"COLOR", i8 9, i8 0, )")));
  CHECK(std::regex_search(c.dxilText, std::regex(R"(!\{i32 1, !"SV_Coverage", i8 5, i8 14, ![0-9]+, i8 0, i32 1, i8 1, i32 -1, i8 -1,)")));  // output
  llvm::object::DXContainer container = reread(c.container);
  const auto in = rows(container.getInputSignature());
  REQUIRE(in.size() == 2);
  for (const auto& e : in) CHECK(container.getInputSignature().getName(e.NameOffset) != "SV_Coverage");
  const auto& psv = container.getPSVInfo();
  REQUIRE(psv.has_value());
  const auto* info = psv->getInfoAs<dxbc::PSV::v3::RuntimeInfo>();
  REQUIRE(info != nullptr);
  CHECK(info->SigInputElements == 2);
  CHECK(info->SigOutputElements == 2);
  CHECK(info->StageInfo.PS.SampleFrequency == 0);  // DXC sets no flag for an SV_Coverage input
  REQUIRE(container.getShaderFeatureFlags().has_value());
  CHECK((*container.getShaderFeatureFlags() & 0x400) == 0);
}

TEST_CASE("pixel shader: SV_InnerCoverage input is read with dx.op.innerCoverage and sets the InnerCoverage flag",
          "[dxil][stageio][coverage]") {
  const Compiled ps = compile(
      "float4 main(float4 col : COLOR0, uint inner : SV_InnerCoverage) : SV_Target {\n"
      "  return col * inner;\n"
      "}\n",
      "ps_6_0");
  INFO(ps.dxilText);
  CHECK(count(ps.dxilText, "call i32 @dx.op.innerCoverage.i32(i32 92)") == 1);
  CHECK_FALSE(has(ps.dxilText, "@dx.op.coverage"));
  CHECK_FALSE(has(ps.dxilText, "!\"SV_InnerCoverage\", i8"));  // not in dx.entryPoints
  CHECK(std::regex_search(ps.dxilText, std::regex(R"(!\{i32 0, i64 1024\})")));  // entry flags tag: InnerCoverage
  llvm::object::DXContainer container = reread(ps.container);
  REQUIRE(container.getShaderFeatureFlags().has_value());
  CHECK(*container.getShaderFeatureFlags() == 0x400);  // SFI0 InnerCoverage
  const auto in = rows(container.getInputSignature());
  REQUIRE(in.size() == 1);
  CHECK(container.getInputSignature().getName(in[0].NameOffset) == "COLOR");
}
