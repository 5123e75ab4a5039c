// Vertex and pixel entry points in the front end: stage selection, semantics on every leaf, and
// the seed 0047 interpolation-modifier merge with its located errors and warnings.
#include "FrontendTestSupport.h"
#include "core/signature/Interpolation.h"

#include <catch2/catch.hpp>

using namespace sl::frontend;
using namespace sl::frontend::test;
namespace sig = sl::signature;

namespace {

FrontendOptions profile(const std::string& p, const std::string& entry = "main") {
  FrontendOptions o;
  o.profile = p;
  o.entryPoint = entry;
  return o;
}

const FunctionDecl* findFunction(const Compiled& c, const std::string& name) {
  for (Decl* d : c.fe.unit->decls)
    if (d->kind == DeclKind::Function && d->name == name) return static_cast<const FunctionDecl*>(d);
  return nullptr;
}

sig::InterpolationModifiers modsOf(const VarDecl* v) { return sig::InterpolationModifiers{v->interpolation}; }

}  // namespace

TEST_CASE("stage: -T chooses the stage of the -E entry point", "[frontend][stage]") {
  auto ps = compile("float4 main(float4 p : SV_Position) : SV_Target { return p; }", profile("ps_6_0"));
  INFO(ps.diagnostics());
  REQUIRE(ps.ok());
  REQUIRE(ps.fe.unit->entry);
  CHECK(ps.fe.unit->entry->stage == ShaderStage::Pixel);
  CHECK(ps.fe.unit->entries.size() == 1);
  auto vs = compile("float4 main(float4 p : POSITION) : SV_Position { return p; }", profile("vs_6_5"));
  REQUIRE(vs.ok());
  CHECK(vs.fe.unit->entry->stage == ShaderStage::Vertex);
  CHECK(shaderStageFromProfile("cs_6_6") == ShaderStage::Compute);
  CHECK(shaderStageFromProfile("lib_6_3") == ShaderStage::None);
}

TEST_CASE("stage: several entry points per file, [shader] in libraries", "[frontend][stage]") {
  const std::string src = R"(
[shader("vertex")] float4 vs_main(float4 p : POSITION) : SV_Position { return p; }
[shader("pixel")] float4 ps_main(float4 p : SV_Position) : SV_Target { return p; }
float4 helper(float4 x) { return x; }
)";
  auto lib = compile(src, profile("lib_6_3"));
  INFO(lib.diagnostics());
  REQUIRE(lib.ok());
  REQUIRE(lib.fe.unit->entries.size() == 2);
  CHECK(lib.fe.unit->entries[0]->stage == ShaderStage::Vertex);
  CHECK(lib.fe.unit->entries[1]->stage == ShaderStage::Pixel);
  CHECK_FALSE(findFunction(lib, "helper")->isEntry);
  auto ps = compile(src, profile("ps_6_0", "ps_main"));
  REQUIRE(ps.ok());
  CHECK(ps.fe.unit->entry->name == "ps_main");
  auto mismatch = compile(src, profile("ps_6_0", "vs_main"));
  CHECK(mismatch.hasMessage("test.hlsl:2:2: error: entry point 'vs_main' is a vertex shader, but the target profile "
                            "'ps_6_0' is for pixel shaders"));
  auto unknown = compile("[shader(\"banana\")] void f() {}", profile("lib_6_3"));
  CHECK(unknown.hasMessage("unknown shader stage 'banana'"));
}

TEST_CASE("stage: every input and output needs a semantic; system values are checked per stage", "[frontend][stage]") {
  auto missing = compile("float4 main(float4 p) : SV_Target { return p; }", profile("ps_6_0"));
  CHECK(missing.hasMessage("test.hlsl:1:20: error: semantic must be defined"));
  auto missingRet = compile("float4 main(float4 p : SV_Position) { return p; }", profile("ps_6_0"));
  CHECK(missingRet.hasMessage("error: semantic must be defined"));
  auto structs = compile(R"(
struct V { float4 pos : SV_Position; float2 uv : TEXCOORD0; };
V main(float3 p : POSITION, uint id : SV_VertexID, uint inst : SV_InstanceID) { V v; v.pos = float4(p, id + inst); v.uv = 0; return v; }
)",
                         profile("vs_6_0"));
  INFO(structs.diagnostics());
  CHECK(structs.ok());
  auto fieldMissing = compile("struct V { float4 pos : SV_Position; float2 uv; };\nV main() { V v = (V)0; return v; }",
                              profile("vs_6_0"));
  CHECK(fieldMissing.hasMessage("test.hlsl:1:45: error: semantic must be defined"));
  auto badSV = compile("float4 main(float4 p : SV_Bogus) : SV_Target { return p; }", profile("ps_6_0"));
  CHECK_FALSE(badSV.ok());
  auto targetIn = compile("float4 main(float4 p : SV_Target) : SV_Target { return p; }", profile("ps_6_0"));
  CHECK_FALSE(targetIn.ok());
  auto pixelSVs = compile(R"(
float4 main(float4 p : SV_Position, bool f : SV_IsFrontFace, uint s : SV_SampleIndex, uint prim : SV_PrimitiveID,
            uint cov : SV_Coverage, float clip0 : SV_ClipDistance0, out float depth : SV_Depth) : SV_Target7 {
  depth = 0; return p;
})",
                          profile("ps_6_0"));
  INFO(pixelSVs.diagnostics());
  CHECK(pixelSVs.ok());
  CHECK(compile("[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {}", profile("cs_6_0")).ok());
  CHECK(compile("void main() {}", profile("cs_6_0")).hasMessage("numthreads"));
}

TEST_CASE("stage: interpolation modifiers merge into one set per declaration", "[frontend][stage]") {
  auto c = compile(R"(
struct Material {
  float3 albedo : COLOR0;
  nointerpolation float gloss : COLOR1;
  linear float2 uv : TEXCOORD0;
};
float4 main(nointerpolation Material m, centroid noperspective float4 a : A, sample centroid float b : B,
            center float e : E) : SV_Target { return 0; }
)",
                   profile("ps_6_0"));
  const FunctionDecl* f = findFunction(c, "main");
  REQUIRE(f);
  using M = sig::InterpolationModifier;
  CHECK(modsOf(f->params[0]) == sig::InterpolationModifiers::of({M::NoInterpolation}));
  CHECK(modsOf(f->params[1]) == sig::InterpolationModifiers::of({M::Centroid, M::NoPerspective}));
  CHECK(modsOf(f->params[2]) == sig::InterpolationModifiers::of({M::Sample, M::Centroid}));
  CHECK(modsOf(f->params[3]) == sig::InterpolationModifiers::of({M::Center}));
  const StructDecl* mat = f->params[0]->type->record;
  CHECK(modsOf(mat->fields[0]).empty());
  CHECK(modsOf(mat->fields[1]) == sig::InterpolationModifiers::of({M::NoInterpolation}));
  CHECK(modsOf(mat->fields[2]) == sig::InterpolationModifiers::of({M::Linear}));
  // sample over centroid is the seed's override warning, located at the completing keyword.
  CHECK(c.count(sl::Severity::Warning) == 1);
  CHECK(c.count(sl::Severity::Error) == 0);
  INFO(c.diagnostics());
  CHECK(c.hasMessage("test.hlsl:7:85: warning:"));
}

TEST_CASE("stage: interpolation modifier errors and warnings are located", "[frontend][stage]") {
  auto conflict = compile("float4 main(nointerpolation linear float4 a : A) : SV_Target { return a; }", profile("ps_6_0"));
  CHECK(conflict.count(sl::Severity::Error) == 1);
  CHECK(conflict.hasMessage("test.hlsl:1:29: error:"));
  auto onPosition = compile("float4 main(nointerpolation float4 p : SV_Position) : SV_Target { return p; }", profile("ps_6_0"));
  CHECK(onPosition.count(sl::Severity::Error) == 1);
  CHECK(onPosition.hasMessage("test.hlsl:1:13: error:"));
  CHECK(onPosition.hasMessage("SV_Position"));
  auto onInt = compile("float4 main(linear int i : I) : SV_Target { return i; }", profile("ps_6_0"));
  CHECK(onInt.count(sl::Severity::Error) == 1);
  CHECK(onInt.hasMessage("test.hlsl:1:13: error:"));
  auto onDouble = compile("float4 main(centroid double d : D) : SV_Target { return d; }", profile("ps_6_0"));
  CHECK(onDouble.count(sl::Severity::Error) == 1);
  auto intFlatOk = compile("float4 main(nointerpolation int i : I) : SV_Target { return i; }", profile("ps_6_0"));
  CHECK(intFlatOk.ok());
  auto duplicate = compile("float4 main(linear linear float4 a : A) : SV_Target { return a; }", profile("ps_6_0"));
  CHECK(duplicate.count(sl::Severity::Warning) == 1);
  CHECK(duplicate.count(sl::Severity::Error) == 0);
  CHECK(duplicate.hasMessage("test.hlsl:1:20: warning:"));
  auto centerCentroid = compile("float4 main(center centroid float4 a : A) : SV_Target { return a; }", profile("ps_6_0"));
  CHECK(centerCentroid.count(sl::Severity::Warning) == 1);
  auto structInt = compile("struct S { int i : I; };\nfloat4 main(linear S s) : SV_Target { return s.i; }", profile("ps_6_0"));
  CHECK(structInt.count(sl::Severity::Error) == 1);
  CHECK(structInt.hasMessage("test.hlsl:2:13: error:"));
  auto returnMod = compile("nointerpolation float4 main(float4 p : P) : SV_Target { return p; }", profile("ps_6_0"));
  const FunctionDecl* f = findFunction(returnMod, "main");
  REQUIRE(f);
  CHECK(f->interpolation == sig::InterpolationModifiers::of({sig::InterpolationModifier::NoInterpolation}).bits);
  // Identifiers named like modifiers still work.
  CHECK(compile("float4 main(float4 sample : A, float linear : B) : SV_Target { return sample * linear; }",
                profile("ps_6_0"))
            .ok());
}

#include "core/frontend/EntrySignature.h"

TEST_CASE("stage: seed 0047 PS signature: SV_Position mode 4, usage masks from real reads", "[frontend][stage][signature]") {
  // Where the seed's example and its rules disagree the rules win: SV_Position is promoted to
  // LinearNoperspective (4, rule 2) and TEXCOORD1 is read only as .xyz (0x7).
  const std::string src = R"(
struct PSOut { float4 color : SV_Target0; float4 extra : SV_Target1; };
PSOut ps_main(float4 pos : SV_Position, float4 uv0 : TEXCOORD0, float4 uv1 : TEXCOORD1) {
  PSOut o;
  o.color = pos + uv0;
  o.extra = float4(uv1.xyz, 1);
  return o;
})";
  auto c = compile(src, profile("ps_6_0", "ps_main"));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  EntrySignatures s = buildEntrySignatures(c.fe.unit->entry, *c.pp, false);
  INFO(renderDiagnostics(s.diagnostics));
  REQUIRE(s.ok());
  REQUIRE(s.inputs.elements.size() == 3);
  CHECK(s.inputs.elements[0].semanticName == "SV_Position");
  CHECK(static_cast<int>(s.inputs.recordedInterpMode(0)) == 4);
  CHECK(static_cast<int>(s.inputs.recordedInterpMode(1)) == 2);
  CHECK(s.inputs.elements[0].usageMask == 0xF);
  CHECK(s.inputs.elements[1].usageMask == 0xF);
  CHECK(s.inputs.elements[2].usageMask == 0x7);
  CHECK(s.inputs.elements[0].startRow == 0);
  CHECK(s.inputs.elements[1].startRow == 1);
  CHECK(s.inputs.elements[2].startRow == 2);
  REQUIRE(s.outputs.elements.size() == 2);
  CHECK(s.outputs.elements[1].semanticIndices == std::vector<uint32_t>{1});
  CHECK(s.outputs.elements[1].startRow == 1);
  CHECK(static_cast<int>(s.outputs.recordedInterpMode(0)) == 0);

  // VS: TEXCOORD0 on float4[2] is one element of two rows, indices {0, 1}; modes recorded Undefined.
  auto vs = compile("float4 vs_main(float4 pos : POSITION, float4 uv[2] : TEXCOORD0) : SV_Position { return pos + uv[0] + uv[1]; }",
                    profile("vs_6_0", "vs_main"));
  REQUIRE(vs.ok());
  EntrySignatures v = buildEntrySignatures(vs.fe.unit->entry, *vs.pp, false);
  REQUIRE(v.ok());
  REQUIRE(v.inputs.elements.size() == 2);
  CHECK(v.inputs.elements[1].rows == 2);
  CHECK(v.inputs.elements[1].semanticIndices == std::vector<uint32_t>{0, 1});
  CHECK(v.inputs.elements[1].startRow == 1);
  CHECK(static_cast<int>(v.inputs.recordedInterpMode(0)) == 0);
}

TEST_CASE("stage: interpolation modifiers reach the signature's packing mode", "[frontend][stage][signature]") {
  auto c = compile(R"(
struct Material { float3 albedo : COLOR0; nointerpolation float gloss : COLOR1; linear float2 uv : TEXCOORD0; };
float4 main(nointerpolation Material m, centroid float c : C, uint id : ID) : SV_Target { return m.albedo.x + c + id; }
)",
                   profile("ps_6_0"));
  REQUIRE(c.ok());
  EntrySignatures s = buildEntrySignatures(c.fe.unit->entry, *c.pp, false);
  REQUIRE(s.ok());
  REQUIRE(s.inputs.elements.size() == 5);
  CHECK(static_cast<int>(s.inputs.recordedInterpMode(0)) == 1);  // inherited nointerpolation: Constant
  CHECK(static_cast<int>(s.inputs.recordedInterpMode(1)) == 1);
  CHECK(static_cast<int>(s.inputs.recordedInterpMode(2)) == 2);  // inner linear overrides
  CHECK(static_cast<int>(s.inputs.recordedInterpMode(3)) == 3);  // LinearCentroid
  CHECK(static_cast<int>(s.inputs.recordedInterpMode(4)) == 1);  // integers: Constant
  CHECK(s.inputs.elements[0].usageMask == 0x1);                  // albedo.x only
  CHECK(s.inputs.elements[1].usageMask == 0x0);                  // gloss never read
}

TEST_CASE("stage: output usage masks come from the components assigned", "[frontend][stage][signature]") {
  auto c = compile(R"(
struct VSOut { float4 pos : SV_Position; float2 uv : TEXCOORD0; float3 n : NORMAL; };
VSOut main(float4 p : POSITION, out float4 extra : EXTRA) {
  VSOut o;
  o.pos = p;
  o.uv.x = p.y;
  if (p.x > 0) return o;
  extra.zw = p.xy;
  return o;
})",
                   profile("vs_6_0"));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  EntrySignatures s = buildEntrySignatures(c.fe.unit->entry, *c.pp, false);
  REQUIRE(s.ok());
  REQUIRE(s.outputs.elements.size() == 4);
  CHECK(s.outputs.elements[0].usageMask == 0xF);  // pos
  CHECK(s.outputs.elements[1].usageMask == 0x1);  // uv: only .x
  CHECK(s.outputs.elements[2].usageMask == 0x0);  // n: never written
  CHECK(s.outputs.elements[3].usageMask == 0xC);  // extra.zw
  CHECK(s.inputs.elements[0].usageMask == 0xF);

  // A returned expression (not one local) is written whole; an initialized local too.
  auto whole = compile("struct O { float4 a : A; float2 b : B; };\nO main() { O o = (O)0; return o; }", profile("vs_6_0"));
  REQUIRE(whole.ok());
  EntrySignatures w = buildEntrySignatures(whole.fe.unit->entry, *whole.pp, false);
  REQUIRE(w.outputs.elements.size() == 2);
  CHECK(w.outputs.elements[0].usageMask == 0xF);
  CHECK(w.outputs.elements[1].usageMask == 0x3);
}

TEST_CASE("stage: input DynIndexMask from run-time array indices", "[frontend][stage][signature]") {
  auto c = compile(R"(
float4 main(float4 uv[3] : TEXCOORD0, float4 k[2] : K, nointerpolation uint i : IDX) : SV_Target {
  return uv[i].xyxy + k[1];
})",
                   profile("ps_6_0"));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  EntrySignatures s = buildEntrySignatures(c.fe.unit->entry, *c.pp, false);
  REQUIRE(s.ok());
  REQUIRE(s.inputs.elements.size() == 3);
  CHECK(s.inputs.elements[0].usageMask == 0x3);
  CHECK(s.inputs.elements[0].dynIndexMask == 0x3);
  CHECK(s.inputs.elements[1].usageMask == 0xF);
  CHECK(s.inputs.elements[1].dynIndexMask == 0x0);  // constant index
}

TEST_CASE("stage: matrix elements take their shape from the declaration's orientation", "[frontend][stage][signature]") {
  // DXC's GetParameterRowsAndCols: column-major R x C is C rows of R components (one register row
  // and one semantic index per matrix column), row-major R x C is R rows of C; a field keeps its
  // own orientation, and -Zpr changes only undecorated matrices.
  const char* src = R"(
struct S { row_major float2x3 r : RR; float2x3 c : CC; };
float4 main(float4x3 m : TEXCOORD0, column_major float3x3 sq : SQ, S s, float4 p : POSITION) : SV_Position {
  return p * m[1][2] + m._m31 + sq[2][0] + s.r[1][2] + s.c[1][2];
})";
  auto c = compile(src, profile("vs_6_0"));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  for (bool rowMajorByDefault : {false, true}) {
    INFO("-Zpr " << rowMajorByDefault);
    EntrySignatures s =
        buildEntrySignatures(c.fe.unit->entry, *c.pp, false, sig::PackingStrategy::Default, rowMajorByDefault);
    INFO(renderDiagnostics(s.diagnostics));
    REQUIRE(s.ok());
    REQUIRE(s.inputs.elements.size() == 5);
    const sig::SignatureElement& m = s.inputs.elements[0];
    if (!rowMajorByDefault) {
      CHECK(m.rows == 3);
      CHECK(m.cols == 4);
      CHECK(m.columnMajorMatrix);
      CHECK(m.semanticIndices == std::vector<uint32_t>{0, 1, 2});
      CHECK(m.usageMask == 0xA);  // m[1][2]: row 2 component 1; _m31: row 1 component 3
    } else {
      CHECK(m.rows == 4);
      CHECK(m.cols == 3);
      CHECK_FALSE(m.columnMajorMatrix);
      CHECK(m.semanticIndices == std::vector<uint32_t>{0, 1, 2, 3});
      CHECK(m.usageMask == 0x6);  // components 2 and 1
    }
    const sig::SignatureElement& sq = s.inputs.elements[1];  // explicit column_major wins over -Zpr
    CHECK(sq.rows == 3);
    CHECK(sq.cols == 3);
    CHECK(sq.columnMajorMatrix);
    CHECK(sq.usageMask == 0x4);  // sq[2][0]: row 0 component 2
    const sig::SignatureElement& r = s.inputs.elements[2];
    CHECK(r.rows == 2);
    CHECK(r.cols == 3);
    CHECK_FALSE(r.columnMajorMatrix);
    CHECK(r.usageMask == 0x4);
    const sig::SignatureElement& cm = s.inputs.elements[3];
    CHECK(cm.rows == (rowMajorByDefault ? 2u : 3u));
    CHECK(cm.cols == (rowMajorByDefault ? 3 : 2));
    CHECK(cm.columnMajorMatrix == !rowMajorByDefault);
    CHECK(cm.usageMask == (rowMajorByDefault ? 0x4 : 0x2));
  }
}
