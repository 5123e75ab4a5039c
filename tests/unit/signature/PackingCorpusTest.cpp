// DXC's and Clang's signature tests, reproduced: each case describes the HLSL declarations of one
// upstream test file by hand (the HLSL front end does not exist yet), packs them, and compares
// with the expectations read from that file's CHECK lines in ../shared/corpus at run time.
// docs/signatures.md has the table of files and results.
#include <catch2/catch.hpp>

#include "core/signature/MetadataRecord.h"
#include "core/signature/SignaturePrinter.h"
#include "tests/unit/signature/CorpusSupport.h"
#include "tests/unit/signature/ElementBuilder.h"

using namespace sl::signature;
using namespace sl::signature::test;

namespace {

constexpr auto F32 = ComponentType::F32;
constexpr auto F16 = ComponentType::F16;
constexpr auto I32 = ComponentType::I32;
constexpr auto U32 = ComponentType::U32;
constexpr auto I16 = ComponentType::I16;
constexpr auto U16 = ComponentType::U16;
const InterpolationModifiers kNoInterpolation = InterpolationModifiers::of({InterpolationModifier::NoInterpolation});

const char* kDxcTests = "DirectXShaderCompiler/tools/clang/test/";
const char* kClangTests = "llvm-project/clang/test/CodeGenHLSL/semantics/";

// Every table row the file checks must be printed, in the same order, starting with the checked
// text (FileCheck matches substrings; a checked row may stop before the Used column).
void compareTable(const PackedSignature& packed, const std::string& text, std::string_view prefix = "CHECK") {
  const std::vector<std::string> expected = checkedTableRows(text, prefix);
  const std::vector<std::string> printed = printedRows(packed);
  REQUIRE_FALSE(expected.empty());
  INFO(printSignatureTable(packed));
  REQUIRE(printed.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    INFO("row " << i << "\n  expected: " << expected[i] << "\n  printed:  " << printed[i]);
    CHECK(printed[i].rfind(expected[i], 0) == 0);
  }
}

// DXC metadata records: type, kind, interpolation (DXC records the real mode), shape, placement.
void compareDxcRecords(const PackedSignature& packed, const std::string& text) {
  const std::vector<CheckedRecord> expected = dxcRecords(text);
  REQUIRE(expected.size() == packed.elements.size());
  for (const CheckedRecord& r : expected) {
    INFO("element " << r.id << " " << r.name);
    REQUIRE(r.id < static_cast<int>(packed.elements.size()));
    const SignatureElement& e = packed.elements[static_cast<size_t>(r.id)];
    CHECK(e.semanticName == r.name);
    CHECK(static_cast<int>(e.compType) == r.compType);
    CHECK(static_cast<int>(e.kind) == r.kind);
    CHECK(static_cast<int>(e.interpMode) == r.interp);
    CHECK(static_cast<int>(e.rows) == r.rows);
    CHECK(static_cast<int>(e.cols) == r.cols);
    CHECK(e.startRow == r.startRow);
    CHECK(static_cast<int>(e.startCol) == r.startCol);
  }
}

// Upstream (13-operand) records with `prefix`, matched by SigId within `packed`: name, shape and
// placement. (Upstream's landed packing tests predate interpolation support, so their mode
// operand is not compared here; InterpolationTest covers modes.)
void compareUpstreamPlacement(const PackedSignature& packed, const std::vector<CheckedRecord>& expected) {
  REQUIRE_FALSE(expected.empty());
  for (const CheckedRecord& r : expected) {
    INFO("element " << r.id << " " << r.name);
    REQUIRE(r.id < static_cast<int>(packed.elements.size()));
    const SignatureElement& e = packed.elements[static_cast<size_t>(r.id)];
    CHECK(e.semanticName == r.name);
    if (r.compType >= 0) CHECK(static_cast<int>(e.compType) == r.compType);
    CHECK(static_cast<int>(e.cols) == r.cols);
    REQUIRE(r.hasPlacement);
    CHECK(e.startRow == r.startRow);
    CHECK(static_cast<int>(e.startCol) == r.startCol);
  }
}

// The records of `all` whose names are in `names`.
std::vector<CheckedRecord> named(const std::vector<CheckedRecord>& all, std::initializer_list<const char*> names) {
  std::vector<CheckedRecord> out;
  for (const CheckedRecord& r : all)
    for (const char* n : names)
      if (r.name == n) out.push_back(r);
  return out;
}

}  // namespace

TEST_CASE("DXC pack_optimized/optimized.hlsl", "[signature][corpus]") {
  const std::string text =
      readCorpusFile(std::string(kDxcTests) + "HLSLFileCheck/hlsl/compile_options/pack_optimized/optimized.hlsl");
  const PackedSignature out = packDecls({{"First", F32, 3},
                                         {"SV_ClipDistance0", F32, 1},
                                         {"SV_CullDistance1", F32, 3},
                                         {"SV_CullDistance0", F32, 1},
                                         {"SV_ClipDistance1", F32, 2},
                                         {"WithFirst", F32, 1},
                                         {"BeforeClipCull", F32, 1}},
                                        SignatureKind::VSOutput, PackingStrategy::Optimized);
  CHECK(out.diagnostics.empty());
  compareTable(out, text);
}

TEST_CASE("DXC pack_optimized/optimized2.hlsl (multi-row clip distance)", "[signature][corpus]") {
  const std::string text =
      readCorpusFile(std::string(kDxcTests) + "HLSLFileCheck/hlsl/compile_options/pack_optimized/optimized2.hlsl");
  const PackedSignature out = packDecls({{"First", F32, 3},
                                         {"SV_CullDistance0", F32, 1},
                                         {"SV_ClipDistance0", F32, 1},
                                         {"SV_ClipDistance1", F32, 2, 2},
                                         {"WithFirst", F32, 1},
                                         {"BeforeClipCull", F32, 1}},
                                        SignatureKind::VSOutput, PackingStrategy::Optimized);
  CHECK(out.diagnostics.empty());
  compareTable(out, text);
}

TEST_CASE("DXC pack_prefix_stable/prefix_stable.hlsl", "[signature][corpus]") {
  const std::string text = readCorpusFile(std::string(kDxcTests) +
                                          "HLSLFileCheck/hlsl/compile_options/pack_prefix_stable/prefix_stable.hlsl");
  const PackedSignature out = packDecls({{"First", F32, 3},
                                         {"SV_ClipDistance0", F32, 1},
                                         {"SV_CullDistance1", F32, 3},
                                         {"SV_CullDistance0", F32, 1},
                                         {"SV_ClipDistance1", F32, 2},
                                         {"WithFirst", F32, 1},
                                         {"AfterClipCull", F32, 1}},
                                        SignatureKind::VSOutput, PackingStrategy::PrefixStable);
  CHECK(out.diagnostics.empty());
  compareTable(out, text);
}

TEST_CASE("DXC pack_prefix_stable/prefix_stable2.hlsl (multi-row cull distance)", "[signature][corpus]") {
  const std::string text = readCorpusFile(std::string(kDxcTests) +
                                          "HLSLFileCheck/hlsl/compile_options/pack_prefix_stable/prefix_stable2.hlsl");
  const PackedSignature out = packDecls({{"First", F32, 3},
                                         {"SV_ClipDistance0", F32, 1},
                                         {"SV_CullDistance1", F32, 2, 2},
                                         {"SV_ClipDistance1", F32, 1},
                                         {"WithFirst", F32, 1},
                                         {"AfterClipCull", F32, 1}},
                                        SignatureKind::VSOutput, PackingStrategy::PrefixStable);
  CHECK(out.diagnostics.empty());
  compareTable(out, text);
}

TEST_CASE("DXC signature/signature_packing.hlsl (ps_6_0, min precision)", "[signature][corpus]") {
  const std::string text =
      readCorpusFile(std::string(kDxcTests) + "HLSLFileCheck/hlsl/signature/signature_packing.hlsl");
  // min16float2 a : A, float2 b : B, half3 c : C, float2 d : D, int e : E, half2 f : F, half g : G.
  // Without -enable-16bit-types `half` is float, and min16float is F16 in a 32-bit row.
  const PackedSignature in = packDecls(
      {{"A", F16, 2}, {"B", F32, 2}, {"C", F32, 3}, {"D", F32, 2}, {"E", I32, 1}, {"F", F32, 2}, {"G", F32, 1}},
      SignatureKind::PSInput);
  CHECK(in.diagnostics.empty());
  compareDxcRecords(in, text);
}

TEST_CASE("DXC signature/sig-flatten-struct-array.hlsl (non-consecutive indices)", "[signature][corpus]") {
  const std::string text =
      readCorpusFile(std::string(kDxcTests) + "HLSLFileCheck/hlsl/signature/sig-flatten-struct-array.hlsl");
  // out OUTPUT Out : OUT with OUTPUT { Foo foo[3]; float4 pos; }, Foo { float a; float b[2]; }:
  // flattened like the input assembler would: a -> OUT0,3,6; b -> OUT1,2,4,5,7,8; pos -> OUT9.
  Decl a{"OUT", F32, 1, 3};
  a.indices = {0, 3, 6};
  Decl b{"OUT", F32, 1, 6};
  b.indices = {1, 2, 4, 5, 7, 8};
  Decl pos{"OUT9", F32, 4, 1};
  const PackedSignature out = packDecls({a, b, pos}, SignatureKind::VSOutput);
  CHECK(out.diagnostics.empty());
  compareTable(out, text);
  compareDxcRecords(out, text);
}

TEST_CASE("DXC DXILValidation/signature_packing_by_width.hlsl (native 16-bit)", "[signature][corpus]") {
  const std::string text = readCorpusFile(std::string(kDxcTests) + "DXILValidation/signature_packing_by_width.hlsl");
  Decl j{"J", F16, 3};
  j.modifiers = kNoInterpolation;
  Decl n{"N", F16, 1};
  n.modifiers = kNoInterpolation;
  Decl sample{"SV_SampleIndex", U32, 1};
  sample.usage = 0;  // read through dx.op SampleIndex, never loadInput
  const PackedSignature in = packDecls({{"A", F16, 2},
                                        {"B", F32, 2},
                                        {"C", F16, 3},
                                        {"SV_PrimitiveID", U32, 1},
                                        {"D", F32, 2},
                                        {"E", I32, 1},
                                        {"F", F16, 2},
                                        {"G", F16, 1},
                                        {"H", I16, 1},
                                        {"I", I32, 1},
                                        j,
                                        {"K", I16, 2},
                                        {"L", F16, 2},
                                        n,
                                        sample,
                                        {"O", U16, 1},
                                        {"P", U16, 2},
                                        {"Q", F16, 1}},
                                       SignatureKind::PSInput, PackingStrategy::Default, PackOptions{false});
  CHECK(in.diagnostics.empty());
  compareTable(in, text);
  compareDxcRecords(in, text);
}

TEST_CASE("Clang semantics/signature-packing.hlsl (stacked, both strategies, indexed)", "[signature][corpus]") {
  const std::string text = readCorpusFile(std::string(kClangTests) + "signature-packing.hlsl");
  // vs_main(Attributes input): IA float, IB float2, IC float3, ID float2 -> stacked.
  const PackedSignature vsIn =
      packDecls({{"IA", F32, 1}, {"IB", F32, 2}, {"IC", F32, 3}, {"ID", F32, 2}}, SignatureKind::VSInput);
  CHECK(vsIn.diagnostics.empty());
  compareUpstreamPlacement(vsIn, named(upstreamRecords(text, "CHECK"), {"IA", "IB", "IC", "ID"}));

  // Varyings a : A float, b : B float2, c : C float3, d : D float2 (VS output = PS input).
  const std::vector<Decl> varyings = {{"A", F32, 1}, {"B", F32, 2}, {"C", F32, 3}, {"D", F32, 2}};
  for (SignatureKind point : {SignatureKind::VSOutput, SignatureKind::PSInput}) {
    INFO(signatureKindName(point));
    const PackedSignature stable = packDecls(varyings, point, PackingStrategy::Default);
    compareUpstreamPlacement(stable, upstreamRecords(text, "STABLE"));
    const PackedSignature optimized = packDecls(varyings, point, PackingStrategy::Optimized);
    compareUpstreamPlacement(optimized, upstreamRecords(text, "OPTIMIZED"));
  }

  // Targets: float4 color : SV_Target3, float extra : SV_Target0 -> rows 3 and 0.
  for (PackingStrategy strategy : {PackingStrategy::PrefixStable, PackingStrategy::Optimized}) {
    const PackedSignature psOut =
        packDecls({{"SV_Target3", F32, 4}, {"SV_Target0", F32, 1}}, SignatureKind::PSOutput, strategy);
    compareUpstreamPlacement(psOut, named(upstreamRecords(text, "CHECK"), {"SV_Target"}));
  }
}

TEST_CASE("Clang semantics/signature-packing-16bit.hlsl (16-bit rows)", "[signature][corpus]") {
  const std::string text = readCorpusFile(std::string(kClangTests) + "signature-packing-16bit.hlsl");
  for (PackingStrategy strategy : {PackingStrategy::PrefixStable, PackingStrategy::Optimized}) {
    // Without native 16-bit types half is float: one row.
    const PackedSignature wide =
        packDecls({{"A", F32, 1}, {"B", F32, 1}, {"C", F32, 1}}, SignatureKind::VSOutput, strategy);
    compareUpstreamPlacement(wide, upstreamRecords(text, "WIDE"));
    // -enable-16bit-types: half is F16 and may not share B's 32-bit row.
    const PackedSignature native =
        packDecls({{"A", F16, 1}, {"B", F32, 1}, {"C", F16, 1}}, SignatureKind::VSOutput, strategy, PackOptions{false});
    compareUpstreamPlacement(native, upstreamRecords(text, "NATIVE"));
  }
}

TEST_CASE("Clang semantics/interpolation-vs-ps-link.hlsl (VS outputs pack like PS inputs)", "[signature][corpus]") {
  const std::string text = readCorpusFile(std::string(kClangTests) + "interpolation-vs-ps-link.hlsl");
  using IM = InterpolationModifier;
  auto with = [](Decl d, std::initializer_list<IM> m) {
    d.modifiers = InterpolationModifiers::of(m);
    return d;
  };
  // Varyings { pos : SV_Position; value : LIN; nointerpolation flat : FLAT; noperspective screen :
  // NOPERS; centroid cent : CENTRO; uint face : FACEID; nointerpolation Nested nested } with
  // Nested { inherited : INHERIT; linear overrideMode : OVERRIDE } (INHERIT inherits).
  const std::vector<Decl> varyings = {{"SV_Position", F32, 4},
                                      {"LIN", F32, 1},
                                      with({"FLAT", F32, 1}, {IM::NoInterpolation}),
                                      with({"NOPERS", F32, 1}, {IM::NoPerspective}),
                                      with({"CENTRO", F32, 1}, {IM::Centroid}),
                                      {"FACEID", U32, 1},
                                      with({"INHERIT", F32, 1}, {IM::NoInterpolation}),
                                      with({"OVERRIDE", F32, 1}, {IM::Linear})};
  const PackedSignature vsOut = packDecls(varyings, SignatureKind::VSOutput);
  const PackedSignature psIn = packDecls(varyings, SignatureKind::PSInput);
  const std::vector<CheckedRecord> expected = upstreamRecords(text, "CHECK");
  const std::vector<CheckedRecord> vary =
      named(expected, {"SV_Position", "LIN", "FLAT", "NOPERS", "CENTRO", "FACEID", "INHERIT", "OVERRIDE"});
  REQUIRE(vary.size() == varyings.size());
  for (const CheckedRecord& r : vary) {
    INFO(r.name);
    const size_t i = static_cast<size_t>(r.id);
    // The PS records the mode; the VS packs with the very same mode (its record says Undefined).
    CHECK(static_cast<int>(psIn.recordedInterpMode(i)) == r.interp);
    CHECK(static_cast<int>(vsOut.elements[i].interpMode) == r.interp);
    CHECK(vsOut.elements[i].startRow == psIn.elements[i].startRow);
    CHECK(vsOut.elements[i].startCol == psIn.elements[i].startCol);
  }
}
