// The cross views as pipeline stages: made only when asked for (printed, dumped, or every stage
// shown as in the GUI), never on a plain compile, and a SPIRV-Cross failure is a warning.
#include "core/pipeline/Pipeline.h"

#include <catch2/catch.hpp>

using namespace sl;

namespace {

const char* kShader = R"(
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = id.x * 3;
}
)";

// 64-bit atomics: fine in SPIR-V, GLSL and HLSL, but MSL has none.
const char* kAtomics64 = R"(
RWStructuredBuffer<uint64_t> Buf : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t old;
  InterlockedAdd(Buf[0], (uint64_t)id.x, old);
  Buf[1] = old;
}
)";

CompileOptions spirvOptions() {
  CompileOptions o;
  o.target = TargetKind::Spirv;
  o.profile = "cs_6_6";
  return o;
}

size_t crossStageCount(const CompileResult& r) {
  return (r.stage("spirv.glsl") ? 1 : 0) + (r.stage("spirv.hlsl") ? 1 : 0) + (r.stage("spirv.msl") ? 1 : 0);
}

}  // namespace

TEST_CASE("the cross views are listed and implemented", "[pipeline][cross]") {
  const std::vector<std::string> names = stagesFor(spirvOptions());
  for (const char* name : {"spirv.glsl", "spirv.hlsl", "spirv.msl"}) {
    CHECK(std::find(names.begin(), names.end(), name) != names.end());
    bool implemented = false;
    for (const StageInfo& info : allStages())
      if (std::string(info.name) == name) implemented = info.implemented;
    CHECK(implemented);
  }
}

TEST_CASE("a plain compile makes no cross views", "[pipeline][cross]") {
  CompileOptions o = spirvOptions();
  auto plain = compileSource("a.hlsl", kShader, o);
  REQUIRE(plain->succeeded);
  REQUIRE(plain->stage("spirv"));
  CHECK(crossStageCount(*plain) == 0);

  o.outputFile = "unused.spv";  // compileSource writes nothing; the CLI does
  auto object = compileSource("a.hlsl", kShader, o);
  REQUIRE(object->succeeded);
  CHECK(crossStageCount(*object) == 0);

  o.outputFile.clear();
  o.printStages = {"spirv", "reflection"};  // stages after the views run, the views do not
  auto printed = compileSource("a.hlsl", kShader, o);
  REQUIRE(printed->stage("reflection"));
  CHECK(crossStageCount(*printed) == 0);
}

TEST_CASE("printing one view makes only that one", "[pipeline][cross]") {
  CompileOptions o = spirvOptions();
  o.printStages = {"spirv.hlsl"};
  auto r = compileSource("a.hlsl", kShader, o);
  REQUIRE(r->succeeded);
  const StageArtifact* hlsl = r->stage("spirv.hlsl");
  REQUIRE(hlsl);
  CHECK(hlsl->ok);
  CHECK(hlsl->text.find("[numthreads(4, 1, 1)]") != std::string::npos);
  CHECK(hlsl->text.find("RWByteAddressBuffer Out : register(u0, space0);") != std::string::npos);
  CHECK(crossStageCount(*r) == 1);
  CHECK_FALSE(r->stage("reflection"));  // the last printed stage ends the pipeline
}

TEST_CASE("every stage shown (the GUI) makes all three views, in pipeline order", "[pipeline][cross]") {
  CompileOptions o = spirvOptions();
  o.showAllStages = true;
  auto r = compileSource("a.hlsl", kShader, o);
  REQUIRE(r->succeeded);
  std::vector<std::string> order;
  for (const StageArtifact& a : r->stages) order.push_back(a.name);
  auto at = [&](const char* name) { return std::find(order.begin(), order.end(), name) - order.begin(); };
  REQUIRE(crossStageCount(*r) == 3);
  CHECK(at("spirv") < at("spirv.glsl"));
  CHECK(at("spirv.glsl") < at("spirv.hlsl"));
  CHECK(at("spirv.hlsl") < at("spirv.msl"));
  CHECK(at("spirv.msl") < at("reflection"));
  CHECK(r->stage("spirv.glsl")->text.find("#version 450") != std::string::npos);
  CHECK(r->stage("spirv.msl")->text.find("kernel void") != std::string::npos);
  for (const char* name : {"spirv.glsl", "spirv.hlsl", "spirv.msl"}) {
    CHECK(r->stage(name)->ok);
    CHECK(r->stage(name)->diagnostics.empty());
  }
}

TEST_CASE("--dump-stages makes the views", "[pipeline][cross]") {
  CompileOptions o = spirvOptions();
  o.dumpStagesDir = "unused";  // the CLI writes the files; the pipeline only has to make the stages
  o.outputFile = "unused.spv";
  auto r = compileSource("a.hlsl", kShader, o);
  CHECK(crossStageCount(*r) == 3);
}

TEST_CASE("a view SPIRV-Cross cannot make is a warning on its stage", "[pipeline][cross]") {
  CompileOptions o = spirvOptions();
  o.showAllStages = true;
  auto r = compileSource("a.hlsl", kAtomics64, o);
  INFO(renderDiagnostics(r->diagnostics));
  CHECK(r->succeeded);              // the SPIR-V is fine
  CHECK_FALSE(r->object.empty());
  const StageArtifact* msl = r->stage("spirv.msl");
  REQUIRE(msl);
  CHECK_FALSE(msl->ok);
  CHECK(msl->text.empty());
  REQUIRE(msl->diagnostics.size() == 1);
  CHECK(msl->diagnostics[0].severity == Severity::Warning);
  CHECK(msl->diagnostics[0].message.find("spirv.msl: SPIRV-Cross cannot translate this module") != std::string::npos);
  REQUIRE(r->stage("spirv.glsl"));
  CHECK(r->stage("spirv.glsl")->ok);
  REQUIRE(r->stage("spirv.hlsl"));
  CHECK(r->stage("spirv.hlsl")->ok);
}
