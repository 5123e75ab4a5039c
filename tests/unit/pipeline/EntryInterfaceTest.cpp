// The compile result's entry interface (what the app's Signatures tab draws): a graphics entry's
// packed signatures on both targets, a compute entry's system values, the other entries a file
// offers to pair with, and none before Sema succeeds.
#include "core/pipeline/Pipeline.h"

#include <catch2/catch.hpp>

using namespace sl;

namespace {

const char* kVertexPixel = R"(struct VSOut {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  nointerpolation uint material : MATERIAL;
};

VSOut vs_main(float3 position : POSITION, float2 uv : TEXCOORD0, uint id : SV_VertexID) {
  VSOut o;
  o.position = float4(position, 1.0);
  o.uv = uv;
  o.material = id;
  return o;
}

float4 ps_main(VSOut i) : SV_Target {
  return float4(i.uv, 0.0, 1.0);
}

float helper(float x) { return x * 2.0; }
)";

std::shared_ptr<const CompileResult> compile(const char* source, std::vector<std::string> args) {
  ParsedCommandLine cl = parseDxcCommandLine(args);
  REQUIRE(cl.error.empty());
  return compileSource("io.hlsl", source, cl.options);
}

const signature::SignatureElement* find(const signature::PackedSignature& sig, const std::string& name, uint32_t index = 0) {
  for (const signature::SignatureElement& e : sig.elements)
    if (e.semanticName == name && e.firstSemanticIndex() == index) return &e;
  return nullptr;
}

}  // namespace

TEST_CASE("a vertex entry's interface holds its packed signatures on both targets", "[pipeline][signature]") {
  for (bool spirv : {false, true}) {
    std::vector<std::string> args{"-T", "vs_6_0", "-E", "vs_main"};
    if (spirv) args.push_back("-spirv");
    auto r = compile(kVertexPixel, args);
    INFO(renderDiagnostics(r->diagnostics));
    REQUIRE(r->succeeded);
    REQUIRE(r->entryInterface);
    const EntryInterface& io = *r->entryInterface;
    CHECK(io.entry == "vs_main");
    CHECK(io.stage == "vertex");
    CHECK(io.graphics);
    CHECK(io.outputs.kind == signature::SignatureKind::VSOutput);
    CHECK(io.outputs.elements.size() == 3);
    const signature::SignatureElement* uv = find(io.outputs, "TEXCOORD");
    REQUIRE(uv);
    CHECK(uv->startRow == 1);
    CHECK(uv->cols == 2);
    CHECK(find(io.inputs, "POSITION"));
    CHECK(io.systemValues == std::vector<std::string>{"SV_VertexID"});
    // The other functions with semantics; `helper` has none.
    CHECK(io.otherEntries == std::vector<std::string>{"ps_main"});
  }
}

TEST_CASE("the interface follows -pack-optimized and the pixel entry's inputs", "[pipeline][signature]") {
  auto ps = compile(kVertexPixel, {"-T", "ps_6_0", "-E", "ps_main", "-pack-optimized"});
  INFO(renderDiagnostics(ps->diagnostics));
  REQUIRE(ps->entryInterface);
  CHECK(ps->entryInterface->stage == "pixel");
  CHECK(ps->entryInterface->inputs.kind == signature::SignatureKind::PSInput);
  CHECK(ps->entryInterface->inputs.strategy == signature::PackingStrategy::Optimized);
  CHECK(find(ps->entryInterface->outputs, "SV_Target"));
  CHECK(ps->entryInterface->otherEntries == std::vector<std::string>{"vs_main"});
}

TEST_CASE("a compute entry's interface lists its system values and no signature", "[pipeline][signature]") {
  auto r = compile(R"(RWStructuredBuffer<uint> Out;
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint index : SV_GroupIndex) { Out[id.x] = index; }
)",
                   {"-T", "cs_6_0"});
  REQUIRE(r->entryInterface);
  CHECK(r->entryInterface->stage == "compute");
  CHECK_FALSE(r->entryInterface->graphics);
  CHECK(r->entryInterface->inputs.elements.empty());
  CHECK(r->entryInterface->systemValues == std::vector<std::string>{"SV_DispatchThreadID", "SV_GroupIndex"});
}

TEST_CASE("no interface before Sema succeeds, and one for a compile that prints nothing", "[pipeline][signature]") {
  CHECK_FALSE(compile("void main( {", {"-T", "cs_6_0"})->entryInterface);
  CHECK_FALSE(compile("[numthreads(1,1,1)] void main() { undeclared = 1; }", {"-T", "cs_6_0"})->entryInterface);
  ParsedCommandLine cl = parseDxcCommandLine({"-T", "vs_6_0", "-E", "vs_main"});
  cl.options.textOnlyForShownStages = true;  // as the CLI sets it
  auto quiet = compileSource("io.hlsl", kVertexPixel, cl.options);
  REQUIRE(quiet->entryInterface);
  CHECK(quiet->entryInterface->graphics);
}
