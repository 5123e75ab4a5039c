// The packing rules one by one (shared/design/dxil.md §1.4-1.5), with small hand-made signatures.
#include <algorithm>

#include <catch2/catch.hpp>

#include "core/signature/Packing.h"
#include "tests/unit/signature/ElementBuilder.h"

using namespace sl::signature;
using namespace sl::signature::test;

namespace {

constexpr auto F32 = ComponentType::F32;
constexpr auto F16 = ComponentType::F16;
constexpr auto U32 = ComponentType::U32;
const InterpolationModifiers kFlat = InterpolationModifiers::of({InterpolationModifier::NoInterpolation});

Decl flat(Decl d) {
  d.modifiers = kFlat;
  return d;
}

std::pair<int, int> at(const SignatureElement& e) {
  return {e.startRow, e.startCol};
}

std::vector<std::string> codes(const PackedSignature& s) {
  std::vector<std::string> out;
  for (const auto& d : s.diagnostics) out.push_back(d.code);
  return out;
}

bool hasCode(const PackedSignature& s, const std::string& code) {
  const auto c = codes(s);
  return std::find(c.begin(), c.end(), code) != c.end();
}

}  // namespace

TEST_CASE("VS inputs are stacked: one element per row start, never co-packed", "[signature][packing]") {
  const PackedSignature in =
      packDecls({{"A", F32, 1}, {"B", F32, 2, 3}, {"SV_VertexID", U32, 1}, {"C", F32, 1}, {"SV_InstanceID", U32, 1}},
                SignatureKind::VSInput, PackingStrategy::Optimized);
  CHECK(at(in.elements[0]) == std::pair{0, 0});
  CHECK(at(in.elements[1]) == std::pair{1, 0});  // three rows: 1-3
  CHECK(at(in.elements[2]) == std::pair{4, 0});
  CHECK(at(in.elements[3]) == std::pair{5, 0});
  CHECK(at(in.elements[4]) == std::pair{6, 0});
  CHECK(in.rowsUsed == 7);
  CHECK(in.elements[0].interpMode == InterpolationMode::Undefined);
  CHECK(codes(in) == std::vector<std::string>{"packing-mode-ignored"});
}

TEST_CASE("VS inputs beyond 32 rows are reported", "[signature][packing]") {
  std::vector<Decl> decls;
  for (int i = 0; i < 33; ++i) decls.push_back({"ATTR" + std::to_string(i), F32, 4});
  const PackedSignature in = packDecls(decls, SignatureKind::VSInput);
  CHECK(in.elements[31].startRow == 31);
  CHECK_FALSE(in.elements[32].isAllocated());
  REQUIRE(codes(in) == std::vector<std::string>{"signature-overflow"});
  CHECK(in.diagnostics[0].elementIndex == 32);
  CHECK(in.diagnostics[0].message ==
        "failed to pack input signature element 'ATTR32': signature elements do not fit in 32 rows");
}

TEST_CASE("PS outputs: SV_Target row = semantic index; depth, coverage, stencil unallocated", "[signature][packing]") {
  const PackedSignature out = packDecls({{"SV_Depth", F32, 1},
                                         {"SV_Target5", F32, 4},
                                         {"SV_Coverage", U32, 1},
                                         {"SV_Target1", F32, 2},
                                         {"SV_StencilRef", U32, 1},
                                         {"SV_DepthGreaterEqual", F32, 1}},
                                        SignatureKind::PSOutput);
  CHECK(out.diagnostics.empty());
  CHECK(at(out.elements[1]) == std::pair{5, 0});
  CHECK(at(out.elements[3]) == std::pair{1, 0});
  for (size_t i : {0u, 2u, 4u, 5u}) {
    CHECK(out.elements[i].startRow == kUnallocatedRow);
    CHECK(out.elements[i].startCol == kUnallocatedCol);
    CHECK(out.interpretations[i] == SemanticInterpretation::NotPacked);
  }
  CHECK(out.rowsUsed == 6);
}

TEST_CASE("PS outputs: bad targets and arbitrary outputs are diagnosed", "[signature][packing]") {
  const PackedSignature out =
      packDecls({{"SV_Target8", F32, 4}, {"COLOR", F32, 4}, {"SV_Target0", F32, 4}, {"SV_Target0", F32, 1}},
                SignatureKind::PSOutput);
  CHECK(hasCode(out, "target-index"));
  CHECK(hasCode(out, "semantic-invalid-here"));
  CHECK(hasCode(out, "semantic-index-overlap"));
  CHECK_FALSE(out.elements[0].isAllocated());
  CHECK_FALSE(out.elements[1].isAllocated());
  CHECK(out.elements[2].startRow == 0);
  CHECK_FALSE(out.elements[3].isAllocated());
}

TEST_CASE("rows hold one interpolation mode", "[signature][packing]") {
  // float a (Linear), nointerpolation float b (Constant), centroid float c, float d.
  Decl c{"C", F32, 1};
  c.modifiers = InterpolationModifiers::of({InterpolationModifier::Centroid});
  const PackedSignature in = packDecls({{"A", F32, 1}, flat({"B", F32, 1}), c, {"D", F32, 1}}, SignatureKind::PSInput);
  CHECK(at(in.elements[0]) == std::pair{0, 0});
  CHECK(at(in.elements[1]) == std::pair{1, 0});
  CHECK(at(in.elements[2]) == std::pair{2, 0});
  CHECK(at(in.elements[3]) == std::pair{0, 1});
}

TEST_CASE("native 16-bit and 32-bit components never share a row; min precision does", "[signature][packing]") {
  const std::vector<Decl> decls = {{"A", F16, 2}, {"B", F32, 1}, {"C", F16, 2}};
  const PackedSignature native = packDecls(decls, SignatureKind::PSInput, PackingStrategy::Default, PackOptions{false});
  CHECK(at(native.elements[0]) == std::pair{0, 0});
  CHECK(at(native.elements[1]) == std::pair{1, 0});
  CHECK(at(native.elements[2]) == std::pair{0, 2});
  const PackedSignature minPrecision = packDecls(decls, SignatureKind::PSInput);
  CHECK(at(minPrecision.elements[0]) == std::pair{0, 0});
  CHECK(at(minPrecision.elements[1]) == std::pair{0, 2});
  CHECK(at(minPrecision.elements[2]) == std::pair{1, 0});
}

TEST_CASE("component order in a row: Arb < SV < SGV", "[signature][packing]") {
  // dxil.md §1.8: uv float2, uint SV_PrimitiveID (SGV), nointerpolation uint id, bool SV_IsFrontFace.
  const PackedSignature in = packDecls(
      {{"UV", F32, 2}, {"SV_PrimitiveID", U32, 1}, flat({"ID", U32, 1}), {"SV_IsFrontFace", ComponentType::I1, 1}},
      SignatureKind::PSInput);
  CHECK(in.diagnostics.empty());
  CHECK(at(in.elements[0]) == std::pair{0, 0});
  CHECK(at(in.elements[1]) == std::pair{1, 0});
  CHECK(at(in.elements[2]) == std::pair{2, 0});  // an arbitrary may not sit right of an SGV
  CHECK(at(in.elements[3]) == std::pair{1, 1});  // SGV next to SGV is fine

  // An SV first keeps arbitraries out of its row; an arbitrary first lets the SV in on its right.
  const PackedSignature svFirst =
      packDecls({{"SV_RenderTargetArrayIndex", U32, 1}, flat({"X", U32, 1})}, SignatureKind::PSInput);
  CHECK(at(svFirst.elements[1]) == std::pair{1, 0});
  const PackedSignature arbFirst =
      packDecls({flat({"X", U32, 1}), {"SV_RenderTargetArrayIndex", U32, 1}}, SignatureKind::PSInput);
  CHECK(at(arbFirst.elements[1]) == std::pair{0, 1});
}

TEST_CASE("indexed (array) rows reject system values", "[signature][packing]") {
  // nointerpolation float x[2] then uint SV_RenderTargetArrayIndex: same mode, but rows 0-1 are
  // dynamically indexable, so the SV goes to row 2. A one-row float2 leaves room in row 0.
  const PackedSignature indexed =
      packDecls({flat({"X", F32, 1, 2}), {"SV_RenderTargetArrayIndex", U32, 1}}, SignatureKind::PSInput);
  CHECK(at(indexed.elements[0]) == std::pair{0, 0});
  CHECK(at(indexed.elements[1]) == std::pair{2, 0});
  const PackedSignature single =
      packDecls({flat({"X", F32, 2}), {"SV_RenderTargetArrayIndex", U32, 1}}, SignatureKind::PSInput);
  CHECK(at(single.elements[1]) == std::pair{0, 2});
  // Arbitrary arrays may overlap other arbitrary arrays' rows.
  const PackedSignature arrays = packDecls({{"A", F32, 1, 3}, {"B", F32, 2, 2}}, SignatureKind::PSInput);
  CHECK(at(arrays.elements[1]) == std::pair{0, 1});
}

TEST_CASE("DXIL.rst VS output example: optimized vs prefix-stable", "[signature][packing]") {
  // f : float, foo.a : float[3], foo.b : float[6], pos : SV_Position (dxil.md §1.8).
  const std::vector<Decl> decls = {{"F", F32, 1}, {"FOOA", F32, 1, 3}, {"FOOB", F32, 1, 6}, {"SV_Position", F32, 4}};
  const PackedSignature optimized = packDecls(decls, SignatureKind::VSOutput, PackingStrategy::Optimized);
  CHECK(at(optimized.elements[3]) == std::pair{0, 0});
  CHECK(at(optimized.elements[2]) == std::pair{1, 0});
  CHECK(at(optimized.elements[1]) == std::pair{1, 1});
  CHECK(at(optimized.elements[0]) == std::pair{1, 2});
  CHECK(optimized.rowsUsed == 7);
  const PackedSignature stable = packDecls(decls, SignatureKind::VSOutput, PackingStrategy::PrefixStable);
  CHECK(at(stable.elements[0]) == std::pair{0, 0});
  CHECK(at(stable.elements[1]) == std::pair{0, 1});
  CHECK(at(stable.elements[2]) == std::pair{0, 2});
  CHECK(at(stable.elements[3]) == std::pair{6, 0});
}

TEST_CASE("prefix-stable never moves earlier elements; optimized may", "[signature][packing]") {
  const std::vector<Decl> base = {{"A", F32, 1}, {"B", F32, 2}, {"C", F32, 3}};
  std::vector<Decl> extended = base;
  extended.push_back({"E", F32, 4});
  for (PackingStrategy strategy : {PackingStrategy::PrefixStable, PackingStrategy::Optimized}) {
    const PackedSignature before = packDecls(base, SignatureKind::VSOutput, strategy);
    const PackedSignature after = packDecls(extended, SignatureKind::VSOutput, strategy);
    bool moved = false;
    for (size_t i = 0; i < base.size(); ++i) moved |= at(before.elements[i]) != at(after.elements[i]);
    CHECK(moved == (strategy == PackingStrategy::Optimized));
  }
  // And fewer rows with optimized: C(0,0) A(0,3) B(1,0) vs A(0,0) B(0,1) C(1,0).
  const PackedSignature stable = packDecls(base, SignatureKind::VSOutput, PackingStrategy::PrefixStable);
  const PackedSignature optimized = packDecls(base, SignatureKind::VSOutput, PackingStrategy::Optimized);
  CHECK(at(optimized.elements[2]) == std::pair{0, 0});
  CHECK(at(optimized.elements[0]) == std::pair{0, 3});
  CHECK(at(optimized.elements[1]) == std::pair{1, 0});
  CHECK(at(stable.elements[1]) == std::pair{0, 1});
}

TEST_CASE("clip/cull: prefix-stable reserves whole rows; more than two rows fails", "[signature][packing]") {
  const PackedSignature fits =
      packDecls({{"SV_ClipDistance0", F32, 4}, {"X", F32, 1}, {"SV_CullDistance0", F32, 4}}, SignatureKind::VSOutput);
  CHECK(fits.diagnostics.empty());
  CHECK(at(fits.elements[0]) == std::pair{0, 0});
  CHECK(at(fits.elements[1]) == std::pair{1, 0});
  CHECK(at(fits.elements[2]) == std::pair{2, 0});

  for (PackingStrategy strategy : {PackingStrategy::PrefixStable, PackingStrategy::Optimized}) {
    const PackedSignature tooMany =
        packDecls({{"SV_ClipDistance0", F32, 4}, {"SV_ClipDistance1", F32, 4}, {"SV_CullDistance0", F32, 1}},
                  SignatureKind::VSOutput, strategy);
    CHECK(tooMany.elements[0].isAllocated());
    CHECK(tooMany.elements[1].isAllocated());
    CHECK_FALSE(tooMany.elements[2].isAllocated());
    CHECK(codes(tooMany) == std::vector<std::string>{"clip-cull-overflow"});
  }
}

TEST_CASE("clip/cull: an indexed element needs adjacent backing rows", "[signature][packing]") {
  // Clip0 reserves row 0; X takes row 1; a two-row cull array would need rows 0-1. DXC would
  // reserve row 2 and emit overlapping rows; we refuse and report it (docs/signatures.md).
  const PackedSignature out = packDecls({{"SV_ClipDistance0", F32, 1}, {"X", F32, 4}, {"SV_CullDistance0", F32, 1, 2}},
                                        SignatureKind::VSOutput);
  CHECK(at(out.elements[0]) == std::pair{0, 0});
  CHECK(at(out.elements[1]) == std::pair{1, 0});
  CHECK_FALSE(out.elements[2].isAllocated());
  CHECK(codes(out) == std::vector<std::string>{"clip-cull-overflow"});
  // With the rows free, it lands in both reserved rows.
  const PackedSignature ok = packDecls({{"SV_ClipDistance0", F32, 1}, {"SV_CullDistance0", F32, 1, 2}, {"X", F32, 4}},
                                       SignatureKind::VSOutput);
  CHECK(ok.diagnostics.empty());
  CHECK(at(ok.elements[1]) == std::pair{0, 1});
  CHECK(at(ok.elements[2]) == std::pair{2, 0});
}

TEST_CASE("a full row space is reported per element", "[signature][packing]") {
  std::vector<Decl> decls;
  for (int i = 0; i < 33; ++i) decls.push_back({"V" + std::to_string(i), F32, 4});
  for (PackingStrategy strategy : {PackingStrategy::PrefixStable, PackingStrategy::Optimized}) {
    const PackedSignature out = packDecls(decls, SignatureKind::VSOutput, strategy);
    CHECK(out.rowsUsed == 32);
    CHECK(codes(out) == std::vector<std::string>{"signature-overflow"});
    CHECK(out.diagnostics[0].elementIndex == 32);
  }
}

TEST_CASE("shader-model-only semantics and dx.op semantics are not signature elements", "[signature][packing]") {
  // SV_ViewID is NotInSig at the PS input and has no DXIL lowering here: an error. SV_Coverage is
  // NotInSig too, but read with dx.op.coverage: listed, never allocated, no error.
  const PackedSignature ps = packDecls({{"SV_ViewID", U32, 1}, {"SV_Coverage", U32, 1}, {"SV_SampleIndex", U32, 1}},
                                       SignatureKind::PSInput);
  CHECK(codes(ps) == std::vector<std::string>{"semantic-not-in-signature"});
  CHECK(ps.diagnostics[0].elementIndex == 0);
  CHECK(ps.interpretations[1] == SemanticInterpretation::NotInSig);
  CHECK_FALSE(ps.elements[1].isAllocated());
  CHECK_FALSE(ps.elements[2].isAllocated());  // Shadow: listed, never allocated, no error
  const PackedSignature cs = packDecls({{"SV_DispatchThreadID", U32, 3}}, SignatureKind::CSInput);
  CHECK(codes(cs) == std::vector<std::string>{"semantic-not-in-signature"});
  const PackedSignature gs = packDecls({{"SV_Position", F32, 4}}, SignatureKind::GSOutput);
  CHECK(codes(gs) == std::vector<std::string>{"signature-kind-unsupported"});
  CHECK_FALSE(gs.elements[0].isAllocated());
}

TEST_CASE("malformed elements are diagnosed, not packed", "[signature][packing]") {
  std::vector<SignatureElement> elements = buildSignature(
      {{"A", F32, 2}, {"B", ComponentType::F64, 1}, {"C", F32, 2}, {"D", F32, 1}, {"E", U32, 1}, {"F", F32, 1, 2}},
      SignatureKind::PSInput);
  elements[0].usageMask = 0x4;  // beyond a two-column element
  elements[2].sigId = 7;
  elements[3].outputStream = 1;
  elements[4].interpMode = InterpolationMode::Linear;
  elements[5].semanticIndices = {0};
  const PackedSignature out = pack(elements, SignatureKind::PSInput);
  CHECK(codes(out) == std::vector<std::string>{"mask-range", "type-64bit", "sig-id-order", "stream", "interp-integer",
                                               "semantic-index-count"});
  for (const SignatureElement& e : out.elements) CHECK_FALSE(e.isAllocated());
  CHECK(out.diagnostics[1].message ==
        "semantic 'B0' cannot use 64-bit component types in DXIL shader inputs or outputs (was F64)");
  SignatureElement empty = makeElement(0, "Z", 0, SemanticKind::Arbitrary, F32, 1, 0);
  CHECK(codes(pack({empty}, SignatureKind::PSInput)) == std::vector<std::string>{"element-shape"});
}

TEST_CASE("pack keeps order and SigIds, records arbitrary kinds, keeps masks", "[signature][packing]") {
  std::vector<SignatureElement> elements = buildSignature({{"POS", F32, 4}, {"UV", F32, 2}}, SignatureKind::VSInput);
  elements[0].kind = SemanticKind::Position;  // SV_Position as a VS input is arbitrary
  elements[0].semanticName = "SV_Position";
  elements[1].usageMask = 0;
  elements[1].noteAccess(1, /*dynamicRow=*/true);
  elements[1].noteAccess(5, false);  // outside the element: ignored
  const PackedSignature out = pack(elements, SignatureKind::VSInput);
  CHECK(out.diagnostics.empty());
  CHECK(out.elements[0].kind == SemanticKind::Arbitrary);
  CHECK(out.elements[0].semanticName == "SV_Position");
  CHECK(out.elements[1].usageMask == 0x2);
  CHECK(out.elements[1].dynIndexMask == 0x2);
  CHECK(out.elements[1].sigId == 1);
}

TEST_CASE("PS SV_Coverage / SV_InnerCoverage inputs: kept unallocated, uint scalars, mutually exclusive",
          "[signature][packing]") {
  // Read with dx.op.coverage / innerCoverage (DXC's HLSignatureLower): no register, no error, and
  // the elements after them pack as if they were not there.
  for (const char* sv : {"SV_Coverage", "SV_InnerCoverage"}) {
    const PackedSignature ps = packDecls({{sv, U32, 1}, {"COLOR0", F32, 4}}, SignatureKind::PSInput);
    INFO(sv);
    CHECK(codes(ps).empty());
    CHECK(ps.interpretations[0] == SemanticInterpretation::NotInSig);
    CHECK_FALSE(ps.elements[0].isAllocated());
    CHECK(at(ps.elements[1]) == std::pair<int, int>{0, 0});
    CHECK(ps.rowsUsed == 1);
    CHECK(printedRows(ps).size() == 1);  // the table lists COLOR only
  }
  CHECK(codes(packDecls({{"SV_Coverage", ComponentType::I32, 1}}, SignatureKind::PSInput)).empty());
  // The op returns one i32.
  CHECK(codes(packDecls({{"SV_Coverage", F32, 1}}, SignatureKind::PSInput)) == std::vector<std::string>{"coverage-type"});
  CHECK(codes(packDecls({{"SV_InnerCoverage", U32, 2}}, SignatureKind::PSInput)) ==
        std::vector<std::string>{"coverage-type"});
  // DXC: "Pixel shader inputs SV_Coverage and SV_InnerCoverage are mutually exclusive", at the second.
  const PackedSignature both =
      packDecls({{"COLOR0", F32, 4}, {"SV_InnerCoverage", U32, 1}, {"SV_Coverage", U32, 1}}, SignatureKind::PSInput);
  CHECK(codes(both) == std::vector<std::string>{"coverage-exclusive"});
  CHECK(both.diagnostics[0].elementIndex == 2);
  // Elsewhere they stay what they were: SV_InnerCoverage is NA at the PS output, SV_Coverage
  // NotPacked (listed, unallocated).
  CHECK(hasCode(packDecls({{"SV_InnerCoverage", U32, 1}}, SignatureKind::PSOutput), "semantic-invalid-here"));
  const PackedSignature out = packDecls({{"SV_Target0", F32, 4}, {"SV_Coverage", U32, 1}}, SignatureKind::PSOutput);
  CHECK(codes(out).empty());
  CHECK(out.interpretations[1] == SemanticInterpretation::NotPacked);
  CHECK(hasCode(packDecls({{"SV_Coverage", U32, 1}}, SignatureKind::VSInput), "semantic-invalid-here"));
}

TEST_CASE("an array of SV_Target stays one element in the declaration-order packing", "[signature][packing]") {
  // seed 0047: the packer never inserts elements; DXC's one-element-per-target view is derived
  // by the DXIL back end (core/dxil SignatureRecords.h dxcSignature).
  const PackedSignature out = packDecls({{"SV_Target1", F32, 4, 2}, {"SV_Depth", F32, 1}}, SignatureKind::PSOutput);
  CHECK(codes(out).empty());
  REQUIRE(out.elements.size() == 2);
  CHECK(out.elements[0].rows == 2);
  CHECK(out.elements[0].semanticIndices == std::vector<uint32_t>{1, 2});
  CHECK(at(out.elements[0]) == std::pair<int, int>{1, 0});
  CHECK(out.elements[1].sigId == 1);
}
