#include <catch2/catch.hpp>

#include "core/signature/Signature.h"  // the umbrella header compiles on its own
#include "core/signature/SignaturePrinter.h"
#include "core/signature/SignatureTable.h"
#include "tests/unit/signature/ElementBuilder.h"

using namespace sl::signature;
using namespace sl::signature::test;

namespace {
constexpr auto F32 = ComponentType::F32;
constexpr auto U32 = ComponentType::U32;
}  // namespace

TEST_CASE("pixel shader tables with SGV, shadow and unallocated outputs", "[signature][printer]") {
  Decl pos{"SV_Position", F32, 4};
  pos.usage = 0;
  Decl sample{"SV_SampleIndex", U32, 1};
  sample.usage = 0;
  const PackedSignature in =
      packDecls({{"LOC1", F32, 1}, pos, {"SV_IsFrontFace", U32, 1}, sample}, SignatureKind::PSInput);
  const PackedSignature out =
      packDecls({{"SV_Depth", F32, 1}, {"SV_Coverage", U32, 1}, {"SV_Target", F32, 1}}, SignatureKind::PSOutput);
  CHECK(printSignatureTables(in, out) ==
        ";\n"
        "; Input signature:\n"
        ";\n"
        "; Name                 Index   Mask Register SysValue  Format   Used\n"
        "; -------------------- ----- ------ -------- -------- ------- ------\n"
        "; LOC                      1   x           0     NONE   float   x   \n"
        "; SV_Position              0   xyzw        1      POS   float       \n"
        "; SV_IsFrontFace           0   x           2    FFACE    uint   x   \n"
        "; SV_SampleIndex           0    N/A  special   SAMPLE    uint     NO\n"
        ";\n"
        ";\n"
        "; Output signature:\n"
        ";\n"
        "; Name                 Index   Mask Register SysValue  Format   Used\n"
        "; -------------------- ----- ------ -------- -------- ------- ------\n"
        "; SV_Target                0   x           0   TARGET   float   x   \n"
        "; SV_Depth                 0    N/A   oDepth    DEPTH   float    YES\n"
        "; SV_Coverage              0    N/A    oMask COVERAGE    uint    YES\n"
        ";\n");
}

TEST_CASE("an empty signature says no parameters", "[signature][printer]") {
  const PackedSignature none = pack({}, SignatureKind::CSInput);
  CHECK(printSignatureTable(none) ==
        ";\n; Input signature:\n;\n"
        "; Name                 Index   Mask Register SysValue  Format   Used\n"
        "; -------------------- ----- ------ -------- -------- ------- ------\n"
        "; no parameters\n");
}

TEST_CASE("long names push the columns right; depth variants name their registers", "[signature][printer]") {
  Decl rt{"SV_RenderTargetArrayIndex", U32, 1};
  rt.usage = 1;
  const PackedSignature in = packDecls({{"UV", F32, 2}, {"SV_Position", F32, 4}, rt}, SignatureKind::PSInput);
  CHECK(printedRows(in).back() == "; SV_RenderTargetArrayIndex     0   x           2  RTINDEX    uint   x");
  const PackedSignature out =
      packDecls({{"SV_Target", F32, 4}, {"SV_DepthGreaterEqual", F32, 1}, {"SV_DepthLessEqual", F32, 1}},
                SignatureKind::PSOutput);
  CHECK(printedRows(out) ==
        std::vector<std::string>{"; SV_Target                0   xyzw        0   TARGET   float   xyzw",
                                 "; SV_DepthGreaterEqual     0    N/A oDepthGE  DEPTHGE   float    YES",
                                 "; SV_DepthLessEqual        0    N/A oDepthLE  DEPTHLE   float    YES"});
}

TEST_CASE("table rows: one per element row, masks in register coordinates", "[signature][printer]") {
  Decl b{"B", F32, 2, 2};
  b.usage = 0x2;  // element column 1 = register column 3 once placed at column 2
  const PackedSignature in = packDecls({{"A", F32, 2, 2}, b}, SignatureKind::PSInput);
  const auto rows = signatureTableRows(in);
  REQUIRE(rows.size() == 4);
  // Sorted by register, then name-pool order: A0, B0, A1, B1.
  CHECK(rows[0].semanticName == "A");
  CHECK(rows[1].semanticName == "B");
  CHECK(rows[1].reg == 0);
  CHECK(rows[3].semanticIndex == 1);
  CHECK(rows[3].reg == 1);
  CHECK(rows[1].mask == 0xC);
  CHECK(rows[1].alwaysReadsOrNeverWrites == 0x8);
  CHECK(rows[1].compType == ContainerComponentType::Float32);
  CHECK(rows[1].systemValue == ContainerSystemValue::Undefined);

  // Outputs store NeverWrites: unwritten declared components.
  Decl t{"SV_Target", F32, 4};
  t.usage = 0x3;
  const auto outRows = signatureTableRows(packDecls({t}, SignatureKind::PSOutput));
  REQUIRE(outRows.size() == 1);
  CHECK(outRows[0].alwaysReadsOrNeverWrites == 0xC);
  CHECK(outRows[0].systemValue == ContainerSystemValue::Target);
  CHECK(printedRows(packDecls({t}, SignatureKind::PSOutput)) ==
        std::vector<std::string>{"; SV_Target                0   xyzw        0   TARGET   float   xy"});
}

TEST_CASE("container enums and min precision", "[signature][printer]") {
  CHECK(containerComponentType(ComponentType::I1) == ContainerComponentType::UInt32);
  CHECK(containerComponentType(ComponentType::F16) == ContainerComponentType::Float16);
  CHECK(containerComponentType(ComponentType::I16) == ContainerComponentType::SInt16);
  CHECK(minPrecisionOf(ComponentType::F16, true) == 1);
  CHECK(minPrecisionOf(ComponentType::U16, true) == 5);
  CHECK(minPrecisionOf(ComponentType::F16, false) == 0);
  CHECK(containerSystemValue(SemanticKind::Position, SemanticInterpretation::Arb) == ContainerSystemValue::Undefined);
  CHECK(containerSystemValue(SemanticKind::ClipDistance, SemanticInterpretation::ClipCull) ==
        ContainerSystemValue::ClipDistance);
  CHECK(systemValueColumnName(ContainerSystemValue::CullDistance) == "CULLDST");
  CHECK(componentTypeColumnName(ContainerComponentType::UInt16) == "uint16");
}

TEST_CASE("metadata records of unallocated elements carry both sentinels", "[signature][printer]") {
  const PackedSignature out = packDecls({{"SV_Depth", F32, 1}}, SignatureKind::PSOutput);
  CHECK(formatMetadataRecord(metadataRecord(out, 0)) ==
        R"(!{i32 0, !"SV_Depth", i32 9, i32 17, !{i32 0}, i32 0, i32 1, i8 1, i32 -1, i8 -1, i8 1, i8 0, i32 0})");
}

TEST_CASE("a system value right of a flat arbitrary element, SV_Position in its own row", "[signature][printer]") {
  // PS inputs: float4 T10, float4 T11, nointerpolation uint PRIMITIVE_ID, float4 SV_Position,
  // uint SV_RenderTargetArrayIndex (DXC puts the SV in the flat row, right of the arbitrary).
  Decl t10{"TEXCOORD10_centroid", F32, 4};
  t10.usage = 0;
  Decl t11 = t10;
  t11.semantic = "TEXCOORD11_centroid";
  Decl prim{"PRIMITIVE_ID", U32, 1};
  prim.modifiers = InterpolationModifiers::of({InterpolationModifier::NoInterpolation});
  Decl rt{"SV_RenderTargetArrayIndex", U32, 1};
  rt.usage = 0;
  const PackedSignature in = packDecls({t10, t11, prim, {"SV_Position", F32, 4}, rt}, SignatureKind::PSInput);
  CHECK(in.diagnostics.empty());
  const std::string table = printSignatureTable(in);
  CHECK(table.find("; PRIMITIVE_ID             0   x           2     NONE    uint   x   \n"
                   "; SV_RenderTargetArrayIndex     0    y          2  RTINDEX    uint       \n"
                   "; SV_Position              0   xyzw        3      POS   float   xyzw\n") != std::string::npos);
}
