// HLSL -> frontend -> irgen -> DXIL: the code generator on IR the real irgen produces.
#include "core/dxil/EmitDxil.h"
#include "core/frontend/Frontend.h"
#include "core/frontend/Preprocessor.h"
#include "core/irgen/IRGen.h"

#include <catch2/catch.hpp>

#include <map>
#include <regex>


using namespace sl;

namespace {

dxil::DxilResult compile(const std::string& source) {
  frontend::PreprocessOptions pp;
  std::unique_ptr<frontend::PreprocessedUnit> unit = frontend::preprocess("test.hlsl", source, pp);
  REQUIRE_FALSE(unit->hasErrors());
  frontend::FrontendOptions fe;
  frontend::FrontendResult parsed = frontend::parseAndAnalyze(*unit, fe);
  INFO(renderDiagnostics(parsed.diagnostics));
  REQUIRE_FALSE(hasErrors(parsed.diagnostics));
  irgen::IrGenResult gen = irgen::generateIR(*parsed.unit, *unit, irgen::IrGenOptions{});
  INFO(renderDiagnostics(gen.diagnostics));
  REQUIRE(gen.ok());
  return dxil::emitDxil(*gen.module);
}

}  // namespace

TEST_CASE("end to end: structured buffer, dispatch id, loop") {
  dxil::DxilResult r = compile(
      "RWStructuredBuffer<uint> output : register(u1);\n"
      "StructuredBuffer<uint> input : register(t0);\n"
      "[numthreads(64, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  uint acc = 0;\n"
      "  for (uint i = 0; i < 4; ++i) acc += input[id.x + i];\n"
      "  if (id.x < 100) output[id.x] = acc;\n"
      "  GroupMemoryBarrierWithGroupSync();\n"
      "}\n");
  INFO(renderDiagnostics(r.diagnostics));
  INFO(r.llvmStage.text);
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  if (getenv("SL_DUMP")) printf("%s\n", text.c_str());
  INFO(text);
  CHECK(text.find("@dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }, i32 1, i1 false)") != std::string::npos);
  CHECK(text.find("@dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)") != std::string::npos);
  CHECK(text.find("@dx.op.rawBufferLoad.i32(i32 139") != std::string::npos);
  CHECK(text.find("@dx.op.rawBufferStore.i32(i32 140") != std::string::npos);
  CHECK(text.find("call void @dx.op.barrier(i32 80, i32 9)") != std::string::npos);
  CHECK(text.find("call i32 @dx.op.threadId.i32(i32 93, i32 0)") != std::string::npos);
  CHECK(text.find("!dx.resources") != std::string::npos);
  CHECK(text.find("insertvalue") == std::string::npos);  // folded after lowering
  // Line map: the store comes from HLSL line 7.
  size_t lineNo = 0, start = 0;
  bool storeLine = false;
  for (size_t end = text.find('\n'); end != std::string::npos; start = end + 1, end = text.find('\n', start), ++lineNo)
    if (text.substr(start, end - start).find("call void @dx.op.rawBufferStore") != std::string::npos)
      storeLine = r.dxilStage.lineSources[lineNo].line == 7;
  CHECK(storeLine);
}

// A robustness sweep over the offload test suite's compute shaders (hidden: run with
// `unit_core_dxil_codegen "[.sweep]"`): whatever irgen accepts must give either a verified DXIL
// module or diagnostics — never a crash. Prints the counts.
#include <filesystem>
#include <fstream>
#include <sstream>

TEST_CASE("sweep: offload-test-suite sources through the DXIL back end", "[.sweep]") {
  namespace fs = std::filesystem;
  size_t files = 0, irOk = 0, dxilOk = 0;
  std::map<std::string, size_t> reasons;
  for (const auto& entry : fs::recursive_directory_iterator(SHADERLENS_SHARED_DIR "/offload-test-suite/tests")) {
    if (entry.path().extension() != ".test") continue;
    std::ifstream in(entry.path());
    std::stringstream ss;
    ss << in.rdbuf();
    std::string all = ss.str();
    size_t at = all.find("#--- source.hlsl\n");
    if (at == std::string::npos) continue;
    at += 17;
    size_t end = all.find("\n#--- ", at);
    std::string source = all.substr(at, end == std::string::npos ? std::string::npos : end - at + 1);
    ++files;
    frontend::PreprocessOptions pp;
    auto unit = frontend::preprocess("source.hlsl", source, pp);
    if (unit->hasErrors()) continue;
    frontend::FrontendResult parsed = frontend::parseAndAnalyze(*unit, frontend::FrontendOptions{});
    if (hasErrors(parsed.diagnostics)) continue;
    irgen::IrGenResult gen = irgen::generateIR(*parsed.unit, *unit, irgen::IrGenOptions{});
    if (!gen.ok()) continue;
    ++irOk;
    dxil::DxilResult r = dxil::emitDxil(*gen.module);
    if (r.ok()) {
      ++dxilOk;
    } else {
      std::string first = r.diagnostics.empty() ? "(no diagnostic)" : r.diagnostics[0].message.substr(0, 70);
      ++reasons[first];
    }
  }
  printf("sweep: %zu sources, %zu through irgen, %zu through DXIL\n", files, irOk, dxilOk);
  for (const auto& [reason, n] : reasons) printf("  %4zu  %s\n", n, reason.c_str());
  CHECK(files > 0);
}

TEST_CASE("end to end: cbuffer members are read with cbufferLoadLegacy") {
  dxil::DxilResult r = compile(
      "cbuffer Params : register(b0) { float scale; uint count; float4 bias; };\n"
      "RWStructuredBuffer<float4> output : register(u0);\n"
      "[numthreads(8, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  if (id.x < count) output[id.x] = bias * scale;\n"
      "}\n");
  INFO(renderDiagnostics(r.diagnostics));
  INFO(r.llvmStage.text);
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  INFO(text);
  CHECK(r.llvmStage.text.find("@llvm.dx.resource.load.cbufferrow.4") != std::string::npos);
  CHECK(text.find("call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle") != std::string::npos);
  CHECK(text.find("call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle") != std::string::npos);
  // scale: row 0 .x; count: row 0 .y (as i32); bias: row 1 (legacy packing: float4 starts a row).
  CHECK(std::regex_search(text, std::regex(R"(@dx\.op\.cbufferLoadLegacy\.f32\(i32 59, %dx\.types\.Handle %[0-9]+, i32 1\))")));
  CHECK(std::regex_search(text, std::regex(R"(@dx\.op\.cbufferLoadLegacy\.i32\(i32 59, %dx\.types\.Handle %[0-9]+, i32 0\))")));
  CHECK(std::regex_search(text, std::regex(R"(extractvalue %dx\.types\.CBufRet\.i32 %[0-9]+, 1)")));
  CHECK(text.find("i8 2 }, i32 0, i1 false)") != std::string::npos);  // ResBind of b0: class CBuffer
  CHECK(text.find("%dx.types.ResourceProperties { i32 13, i32 ") != std::string::npos);
  CHECK(text.find("i8 15, i32 4)") != std::string::npos);  // float4 raw store
}

TEST_CASE("end to end: InterlockedAdd on a structured buffer and a groupshared variable") {
  dxil::DxilResult r = compile(
      "RWStructuredBuffer<uint> counters : register(u0);\n"
      "groupshared uint total;\n"
      "[numthreads(8, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  uint old;\n"
      "  InterlockedAdd(counters[1], id.x, old);\n"
      "  InterlockedMax(total, old);\n"
      "}\n");
  INFO(renderDiagnostics(r.diagnostics));
  INFO(r.llvmStage.text);
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  INFO(text);
  // atomicBinOp(78, handle, Add = 0, index 1, byte offset 0, undef, value)
  CHECK(std::regex_search(text, std::regex(R"(call i32 @dx\.op\.atomicBinOp\.i32\(i32 78, %dx\.types\.Handle %[0-9]+, i32 0, i32 1, i32 0, i32 undef, i32 %[0-9]+\))")));
  CHECK(text.find("atomicrmw umax ptr addrspace(3) @total") != std::string::npos);
}

TEST_CASE("end to end: SM 6.6 derivatives in a compute shader set no shader flag") {
  // DXC: UsesDerivatives is function-local and DerivativesInMeshAndAmpShaders is for MS/AS only,
  // so a cs_6_6 entry's flags are those of its other features (here: none).
  dxil::DxilResult r = compile(
      "Texture2D<float4> T : register(t0);\n"
      "SamplerState S : register(s0);\n"
      "RWTexture2D<float4> O : register(u0);\n"
      "[numthreads(4, 4, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) {\n"
      "  float2 uv = id.xy / 4.0;\n"
      "  O[id.xy] = T.Sample(S, uv) + T.CalculateLevelOfDetailUnclamped(S, uv) + ddy_fine(uv.x);\n"
      "}\n");
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  INFO(text);
  CHECK(text.find("@dx.op.sample.f32(i32 60,") != std::string::npos);
  CHECK(std::regex_search(text, std::regex(R"(@dx\.op\.calculateLOD\.f32\(i32 81, .*, i1 false\))")));
  CHECK(text.find("@dx.op.unary.f32(i32 86,") != std::string::npos);
  CHECK(r.shaderFlags == 0);
}
