// The Signatures tab's models on real compiles: the grid of a compiled entry's signature, what the
// tab says for graphics, compute and failed compiles (the last good one marked stale), and the
// pair check (a linking pair, a mismatched one, a failing one, a file that cannot be read).
#include "core/pipeline/Pipeline.h"
#include "views/inspect/SignatureGrid.h"
#include "views/inspect/SignaturePair.h"
#include "views/inspect/SignatureTab.h"

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::views;

namespace {

const char* kPair = R"(struct VSOut {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  float3 normal : NORMAL;
  nointerpolation uint material : MATERIAL;
};
VSOut vs_main(float3 p : POSITION, uint id : SV_VertexID) {
  VSOut o;
  o.position = float4(p, 1.0);
  o.uv = p.xy;
  o.normal = p;
  o.material = id;
  return o;
}
float4 ps_main(VSOut i) : SV_Target { return float4(i.uv, i.normal.z, float(i.material)); }
struct BadIn {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  float fog : FOG;
};
float4 ps_fog(BadIn i) : SV_Target { return float4(i.uv, i.fog, 1.0); }
)";

std::shared_ptr<const CompileResult> compile(const std::string& source, const std::string& profile, const std::string& entry) {
  CompileOptions options;
  options.profile = profile;
  options.entryPoint = entry;
  return compileSource("pair.hlsl", source, options);
}

}  // namespace

TEST_CASE("a compiled entry's signature grid places every component once", "[signature]") {
  auto vs = compile(kPair, "vs_6_0", "vs_main");
  INFO(renderDiagnostics(vs->diagnostics));
  REQUIRE(vs->succeeded);
  REQUIRE(vs->entryInterface);
  SignatureGrid grid = buildSignatureGrid(vs->entryInterface->outputs);
  CHECK(grid.diagnostics.empty());
  REQUIRE(grid.elements.size() == 4);
  size_t cells = 0;
  for (const auto& row : grid.rows)
    for (const GridCell& cell : row) cells += cell.element >= 0;
  CHECK(cells == 4 + 2 + 3 + 1);
  CHECK(elementLine(grid.elements[0]) == "SV_Position F32 r0 xyzw LinearNoperspective Position");
  // A constant-interpolated element takes a row of its own (no row mixes interpolation modes).
  CHECK(elementLine(grid.elements[3]) == "MATERIAL0 U32 r3 x___ Constant");
  for (size_t r = 0; r < grid.rows.size(); ++r)
    for (int c = 0; c < 4; ++c)
      if (int e = grid.rows[r][size_t(c)].element; e >= 0) {
        const GridElement& el = grid.elements[size_t(e)];
        CHECK(int(r) >= el.startRow);
        CHECK(c >= el.startCol);
        CHECK(c < el.startCol + int(el.cols));
      }
}

TEST_CASE("the tab says what a graphics, compute or failed compile has", "[signature]") {
  auto vs = compile(kPair, "vs_6_0", "vs_main");
  SignatureTabState graphics = signatureTabState(vs, nullptr);
  CHECK(graphics.kind == SignatureTabState::Kind::Graphics);
  CHECK(graphics.hasGrids());
  CHECK(graphics.headline == "The vertex entry vs_main (vs_6_0), prefix-stable packing");

  auto cs = compile("[numthreads(1,1,1)] void main(uint3 g : SV_GroupID, uint i : SV_GroupIndex) {}", "cs_6_0", "main");
  SignatureTabState compute = signatureTabState(cs, vs);
  CHECK(compute.kind == SignatureTabState::Kind::Compute);
  CHECK_FALSE(compute.hasGrids());
  CHECK(compute.headline == "Compute entries have no input or output signature: main takes only system values (SV_GroupID, SV_GroupIndex).");

  auto broken = compile(std::string(kPair) + "\nint oops = undeclared;\n", "vs_6_0", "vs_main");
  SignatureTabState failed = signatureTabState(broken, vs);
  CHECK(failed.kind == SignatureTabState::Kind::Failed);
  INFO(failed.headline);
  CHECK(failed.headline.find("The signatures need a successful compile: ") == 0);
  CHECK(failed.headline.find("pair.hlsl:23:12: error: use of undeclared identifier 'undeclared'") != std::string::npos);
  CHECK(failed.stale);
  CHECK(failed.hasGrids());
  CHECK(failed.staleNote.find("Stale:") == 0);
  // Without a good compile to fall back on, nothing is drawn.
  CHECK_FALSE(signatureTabState(broken, nullptr).hasGrids());
}

TEST_CASE("the pair check links a real pair and reports a real mismatch", "[signature]") {
  CHECK(pairedProfile("vs_6_6") == "ps_6_6");
  CHECK(pairedProfile("ps_6_0") == "vs_6_0");
  CHECK(pairedProfile("cs_6_0") == "");
  auto vs = compile(kPair, "vs_6_0", "vs_main");
  auto ps = compile(kPair, "ps_6_0", "ps_main");
  SignatureLinkage good = checkPairedEntries(*vs, *ps);
  CHECK(good.linked());
  // Either side may be the compiled one.
  CHECK(checkPairedEntries(*ps, *vs).linked());

  SignatureLinkage fog = checkPairedEntries(*vs, *compile(kPair, "ps_6_0", "ps_fog"));
  CHECK(fog.checked);
  CHECK_FALSE(fog.linked());
  bool reported = false;
  for (const std::string& issue : fog.issues) reported |= issue == "the PS reads FOG0 but the VS does not write it";
  CHECK(reported);

  CHECK(checkPairedEntries(*vs, *vs).problem == "both entries are vertex shaders: pair a vertex entry with a pixel one");
  SignatureLinkage missing = checkPairedEntries(*vs, *compile(kPair, "ps_6_0", "no_such_entry"));
  CHECK_FALSE(missing.checked);
  CHECK(missing.problem.find("no_such_entry (ps_6_0, pair.hlsl) does not compile: ") == 0);
}

TEST_CASE("the pair compiles the document's text, or reads another file", "[signature]") {
  SignaturePairRequest request;
  request.entry = "ps_main";
  request.profile = "ps_6_0";
  request.fileName = "pair.hlsl";
  request.source = kPair;
  SignaturePairResult own = compileSignaturePair(request);
  CHECK(own.error.empty());
  REQUIRE(own.compiled);
  CHECK(own.compiled->succeeded);
  CHECK(own.compiled->options.entryPoint == "ps_main");

  request.path = "no-such-dir/no-such-file.hlsl";
  SignaturePairResult unreadable = compileSignaturePair(request);
  CHECK(unreadable.error == "cannot read 'no-such-dir/no-such-file.hlsl'");
  CHECK_FALSE(unreadable.compiled);

  // In the background: the pairer publishes what the job compiled.
  SignaturePairer pairer;
  request.path.clear();
  pairer.request(request);
  REQUIRE(pairer.waitUntilIdle(std::chrono::seconds(60)));
  REQUIRE(pairer.latest());
  CHECK(pairer.latest()->compiled->succeeded);
  pairer.clear();
  CHECK_FALSE(pairer.latest());
}
