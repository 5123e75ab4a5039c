// The "spirv" stage's line map (HLSL line <-> disassembly line) with and without -Zi, and the
// debug info -Zi / -fspv-debug= put in the emitted module, through the whole pipeline.
#include "core/pipeline/CompileOptions.h"
#include "core/pipeline/Pipeline.h"
#include "core/spirv/SpirvTools.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace sl;

namespace {

const char* kShader =
    "RWStructuredBuffer<float> A : register(u0);\n"   // 1
    "RWStructuredBuffer<float> B : register(u1);\n"   // 2
    "[numthreads(4, 1, 1)]\n"                         // 3
    "void main(uint3 id : SV_DispatchThreadID) {\n"   // 4
    "  float x = A[id.x];\n"                          // 5
    "  B[id.x] = x * 2 + 1;\n"                        // 6
    "  if (x > 3)\n"                                  // 7
    "    B[0] = x;\n"                                 // 8
    "}\n";                                            // 9

std::shared_ptr<const CompileResult> compile(std::vector<std::string> flags) {
  std::vector<std::string> args = {"-T", "cs_6_0", "-spirv"};
  args.insert(args.end(), flags.begin(), flags.end());
  ParsedCommandLine parsed = parseDxcCommandLine(args);
  REQUIRE(parsed.error.empty());
  auto result = compileSource("/tmp/linemap.hlsl", kShader, parsed.options);
  INFO(renderDiagnostics(result->diagnostics));
  REQUIRE(result->succeeded);
  return result;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

bool has(const std::string& s, const char* what) { return s.find(what) != std::string::npos; }

// Every instruction line of the disassembly mapped to `hlslLine`.
std::vector<std::string> linesFor(const StageArtifact& a, uint32_t hlslLine) {
  std::vector<std::string> text = lines(a.text), out;
  REQUIRE(a.lineSources.size() == text.size());
  for (size_t i = 0; i < text.size(); ++i)
    if (a.lineSources[i].line == hlslLine) out.push_back(text[i]);
  return out;
}

bool anyHas(const std::vector<std::string>& ls, const char* what) {
  for (const std::string& l : ls)
    if (has(l, what)) return true;
  return false;
}

}  // namespace

TEST_CASE("the spirv stage maps disassembly lines to HLSL lines without -Zi", "[spirv][linemap]") {
  auto result = compile({});
  const StageArtifact* spirv = result->stage("spirv");
  REQUIRE(spirv);
  CHECK_FALSE(has(spirv->text, "OpLine"));
  std::vector<std::string> six = linesFor(*spirv, 6);
  CHECK(anyHas(six, "OpFMul"));
  CHECK(anyHas(six, "OpFAdd"));
  CHECK(anyHas(six, "OpStore"));
  CHECK_FALSE(anyHas(six, "OpFOrdGreaterThan"));
  CHECK(anyHas(linesFor(*spirv, 7), "OpFOrdGreaterThan"));
  CHECK(anyHas(linesFor(*spirv, 5), "OpLoad"));
  // Header, declarations and types have no HLSL line.
  CHECK(spirv->lineSources.front().line == 0);
  for (const std::string& l : linesFor(*spirv, 6)) CHECK_FALSE(has(l, "OpType"));
  for (const SourceLoc& loc : spirv->lineSources)
    if (loc.valid()) CHECK(loc.file.find("linemap.hlsl") != std::string::npos);
}

TEST_CASE("the qptr stages keep the HLSL locations through the round trip", "[spirv][linemap]") {
  auto result = compile({});
  for (const char* name : {"qptr.lower", "qptr.analyze", "qptr.lift"}) {
    INFO(name);
    const StageArtifact* a = result->stage(name);
    REQUIRE(a);
    std::vector<std::string> six = linesFor(*a, 6);
    CHECK(anyHas(six, "FMul"));
  }
}

TEST_CASE("-Zi: OpString, OpSource with the text, OpLine with the right lines; the map still works", "[spirv][linemap]") {
  auto result = compile({"-Zi"});
  const StageArtifact* spirv = result->stage("spirv");
  REQUIRE(spirv);
  CHECK(has(spirv->text, "OpString \"/tmp/linemap.hlsl\""));
  CHECK(has(spirv->text, "OpSource HLSL 600 %"));
  CHECK(has(spirv->text, "B[id.x] = x * 2 + 1;"));
  CHECK(has(spirv->text, "OpLine %"));
  std::vector<std::string> six = linesFor(*spirv, 6);
  CHECK(anyHas(six, "OpFMul"));
  CHECK(anyHas(six, "OpLine %") );
  for (const std::string& l : six)
    if (has(l, "OpLine")) CHECK(has(l, " 6 "));
  CHECK(spirv::validate(std::span(reinterpret_cast<const uint32_t*>(result->object.data()), result->object.size() / 4),
                        spirv::TargetEnv::Vulkan1_0)
            .empty());
}

TEST_CASE("-fspv-debug=vulkan-with-source: NonSemantic.Shader.DebugInfo.100, valid", "[spirv][linemap]") {
  auto result = compile({"-fspv-debug=vulkan-with-source"});
  const StageArtifact* spirv = result->stage("spirv");
  REQUIRE(spirv);
  CHECK(has(spirv->text, "NonSemantic.Shader.DebugInfo.100"));
  CHECK(has(spirv->text, " DebugCompilationUnit "));
  CHECK(has(spirv->text, " DebugFunctionDefinition "));
  CHECK(has(spirv->text, "B[id.x] = x * 2 + 1;"));
  CHECK_FALSE(has(spirv->text, "OpLine"));
  CHECK(anyHas(linesFor(*spirv, 6), "DebugLine"));
  CHECK(anyHas(linesFor(*spirv, 6), "OpFMul"));
  CHECK(spirv::validate(std::span(reinterpret_cast<const uint32_t*>(result->object.data()), result->object.size() / 4),
                        spirv::TargetEnv::Vulkan1_0)
            .empty());
}

TEST_CASE("--no-qptr-lift emits the bound module with the same debug info and map", "[spirv][linemap]") {
  auto plain = compile({"--no-qptr-lift"});
  CHECK_FALSE(has(plain->stage("spirv")->text, "OpLine"));
  CHECK(anyHas(linesFor(*plain->stage("spirv"), 6), "OpFMul"));
  auto zi = compile({"--no-qptr-lift", "-Zi"});
  CHECK(has(zi->stage("spirv")->text, "OpLine"));
  CHECK(has(zi->stage("spirv")->text, "B[id.x] = x * 2 + 1;"));
  auto vk = compile({"--no-qptr-lift", "-fspv-debug=vulkan"});
  CHECK(has(vk->stage("spirv")->text, " DebugLine "));
  CHECK_FALSE(has(vk->stage("spirv")->text, "B[id.x] = x * 2 + 1;"));
}

TEST_CASE("-fspv-debug values: unknown and OpenCL.DebugInfo.100 ones are usage errors", "[spirv][linemap]") {
  CHECK(parseDxcCommandLine({"-spirv", "-fspv-debug=bogus"}).error.find("unknown -fspv-debug value") != std::string::npos);
  CHECK(parseDxcCommandLine({"-spirv", "-fspv-debug=rich"}).error.find("not supported") != std::string::npos);
  ParsedCommandLine zi = parseDxcCommandLine({"-spirv", "-Zi", "-fspv-debug=vulkan"});
  REQUIRE(zi.error.empty());
  CHECK(zi.options.debugInfo);
  CHECK(has(toDxcCommandLine(zi.options), " -Zi"));
  CHECK(has(toDxcCommandLine(zi.options), " -fspv-debug=vulkan"));
}
