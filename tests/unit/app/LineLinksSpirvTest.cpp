// Line links on the SPIR-V tab with a real compile: the HLSL line of `B[id.x] = x * 2 + 1;`
// lights up its OpFMul/OpStore lines, and those lines lead back to it (with and without -Zi).
#include "core/pipeline/CompileOptions.h"
#include "core/pipeline/Pipeline.h"
#include "views/inspect/LineLinks.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace sl::views;

namespace {

const char* kShader =
    "RWStructuredBuffer<float> A : register(u0);\n"
    "RWStructuredBuffer<float> B : register(u1);\n"
    "[numthreads(4, 1, 1)]\n"
    "void main(uint3 id : SV_DispatchThreadID) {\n"
    "  float x = A[id.x];\n"
    "  B[id.x] = x * 2 + 1;\n"
    "}\n";

std::string lineOf(const std::string& text, uint32_t line) {
  std::istringstream in(text);
  std::string s;
  for (uint32_t i = 0; i < line && std::getline(in, s); ++i) {
  }
  return s;
}

}  // namespace

TEST_CASE("the spirv tab links HLSL lines to disassembly lines and back", "[linelinks]") {
  for (const char* debugFlag : {"", "-Zi", "-fspv-debug=vulkan-with-source"}) {
    INFO(debugFlag);
    std::vector<std::string> args = {"-T", "cs_6_0", "-spirv"};
    if (*debugFlag) args.push_back(debugFlag);
    sl::ParsedCommandLine parsed = sl::parseDxcCommandLine(args);
    REQUIRE(parsed.error.empty());
    parsed.options.showAllStages = true;  // as the GUI compiles
    auto result = sl::compileSource("/tmp/linelinks.hlsl", kShader, parsed.options);
    REQUIRE(result->succeeded);
    for (const char* stageName : {"spirv", "qptr.lift"}) {
      INFO(stageName);
      const sl::StageArtifact* stage = result->stage(stageName);
      REQUIRE(stage);
      REQUIRE(hasLineMap(*stage, "/tmp/linelinks.hlsl"));
      std::set<uint32_t> lit = stageLinesForSource(*stage, "/tmp/linelinks.hlsl", 6);
      REQUIRE_FALSE(lit.empty());
      bool mul = false, store = false;
      for (uint32_t l : lit) {
        const std::string text = lineOf(stage->text, l);
        mul |= text.find("FMul") != std::string::npos;
        store |= text.find("OpStore") != std::string::npos || text.find("spv.OpStore") != std::string::npos;
        CHECK(sourceLineForStage(*stage, "/tmp/linelinks.hlsl", l) == 6);  // and back
      }
      CHECK(mul);
      CHECK(store);
      CHECK(stageLinesForSource(*stage, "/tmp/other.hlsl", 6).empty());
    }
  }
}
