// The example of seed 0047 (shared/seeds/0047_semantic_signatures.txt), built the way IR
// generation will build it. Where the example's metadata disagrees with the seed's own rules, the
// rules win (see shared/design/dxil.md §1.7):
//  - ps_main SV_Position interpolation is 4 (LinearNoperspective, rule 2), not the example's 2;
//  - usage masks come from the real reads and writes (0xF everywhere, 0x7 for TEXCOORD1, which
//    only .xyz is read from), not the example's zeros.
#include <catch2/catch.hpp>

#include "core/signature/Interpolation.h"
#include "core/signature/MetadataRecord.h"
#include "core/signature/Packing.h"
#include "core/signature/SignatureTable.h"

using namespace sl::signature;

namespace {

// A leaf element with its interpolation resolved for `point`, no modifiers written.
SignatureElement leaf(SignatureKind point, uint32_t sigId, const char* name, SemanticKind kind, uint32_t firstIndex,
                      uint32_t rows) {
  const auto interp = resolveInterpolation({}, ComponentType::F32, kind, point);
  return makeElement(sigId, name, firstIndex, kind, ComponentType::F32, rows, 4, interp.packing);
}

// Marks columns [0, count) of every row as accessed with constant row indices.
void access(SignatureElement& e, unsigned count) {
  for (unsigned c = 0; c < count; ++c) e.noteAccess(c, /*dynamicRow=*/false);
}

std::vector<std::string> records(const PackedSignature& s) {
  std::vector<std::string> out;
  for (size_t i = 0; i < s.elements.size(); ++i) out.push_back(formatMetadataRecord(metadataRecord(s, i)));
  return out;
}

struct Example {
  PackedSignature vsIn, vsOut, psIn, psOut;
};

Example buildExample(PackingStrategy strategy) {
  // vs_main(float4 pos : POSITION, float4 uv[2] : TEXCOORD0) : SV_Position { return pos + uv[0] + uv[1]; }
  std::vector<SignatureElement> vsIn = {leaf(SignatureKind::VSInput, 0, "POSITION", SemanticKind::Arbitrary, 0, 1),
                                        leaf(SignatureKind::VSInput, 1, "TEXCOORD", SemanticKind::Arbitrary, 0, 2)};
  access(vsIn[0], 4);
  access(vsIn[1], 4);
  std::vector<SignatureElement> vsOut = {leaf(SignatureKind::VSOutput, 0, "SV_Position", SemanticKind::Position, 0, 1)};
  access(vsOut[0], 4);
  // ps_main(float4 pos : SV_Position, float4 uv0 : TEXCOORD0, float4 uv1 : TEXCOORD1)
  //   o.color = pos + uv0; o.extra = float4(uv1.xyz, 1);
  std::vector<SignatureElement> psIn = {leaf(SignatureKind::PSInput, 0, "SV_Position", SemanticKind::Position, 0, 1),
                                        leaf(SignatureKind::PSInput, 1, "TEXCOORD", SemanticKind::Arbitrary, 0, 1),
                                        leaf(SignatureKind::PSInput, 2, "TEXCOORD", SemanticKind::Arbitrary, 1, 1)};
  access(psIn[0], 4);
  access(psIn[1], 4);
  access(psIn[2], 3);
  std::vector<SignatureElement> psOut = {leaf(SignatureKind::PSOutput, 0, "SV_Target", SemanticKind::Target, 0, 1),
                                         leaf(SignatureKind::PSOutput, 1, "SV_Target", SemanticKind::Target, 1, 1)};
  access(psOut[0], 4);
  access(psOut[1], 4);
  return {pack(vsIn, SignatureKind::VSInput, strategy), pack(vsOut, SignatureKind::VSOutput, strategy),
          pack(psIn, SignatureKind::PSInput, strategy), pack(psOut, SignatureKind::PSOutput, strategy)};
}

}  // namespace

TEST_CASE("seed 0047 example: metadata per the seed's rules", "[signature][seed]") {
  const Example ex = buildExample(PackingStrategy::Default);
  for (const PackedSignature* s : {&ex.vsIn, &ex.vsOut, &ex.psIn, &ex.psOut}) CHECK(s->diagnostics.empty());

  CHECK(
      records(ex.vsIn) ==
      std::vector<std::string>{
          R"(!{i32 0, !"POSITION", i32 9, i32 0, !{i32 0}, i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0})",
          R"(!{i32 1, !"TEXCOORD", i32 9, i32 0, !{i32 0, i32 1}, i32 0, i32 2, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0})"});
  CHECK(
      records(ex.vsOut) ==
      std::vector<std::string>{
          R"(!{i32 0, !"SV_Position", i32 9, i32 3, !{i32 0}, i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0})"});
  CHECK(records(ex.psIn) ==
        std::vector<std::string>{
            R"(!{i32 0, !"SV_Position", i32 9, i32 3, !{i32 0}, i32 4, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0})",
            R"(!{i32 1, !"TEXCOORD", i32 9, i32 0, !{i32 0}, i32 2, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0})",
            R"(!{i32 2, !"TEXCOORD", i32 9, i32 0, !{i32 1}, i32 2, i32 1, i8 4, i32 2, i8 0, i8 7, i8 0, i32 0})"});
  CHECK(records(ex.psOut) ==
        std::vector<std::string>{
            R"(!{i32 0, !"SV_Target", i32 9, i32 16, !{i32 0}, i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0})",
            R"(!{i32 1, !"SV_Target", i32 9, i32 16, !{i32 1}, i32 0, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0})"});
}

TEST_CASE("seed 0047 example: where the example and the rules disagree, the rules win", "[signature][seed]") {
  const Example ex = buildExample(PackingStrategy::Default);
  // The example writes 2 for ps_main's SV_Position; rule 2 makes it LinearNoperspective (4).
  CHECK(metadataRecord(ex.psIn, 0).interpMode == 4);
  CHECK(metadataRecord(ex.psIn, 0).interpMode != 2);
  // The example writes usage 0 except 7; the real reads give 0xF, and 0x7 for TEXCOORD1.
  CHECK(metadataRecord(ex.psIn, 0).usageMask == 0xF);
  CHECK(metadataRecord(ex.psIn, 1).usageMask == 0xF);
  CHECK(metadataRecord(ex.psIn, 2).usageMask == 0x7);
  CHECK(metadataRecord(ex.vsIn, 0).usageMask == 0xF);
  CHECK(metadataRecord(ex.psOut, 0).usageMask == 0xF);
  // With those masks the container says the targets are written (NeverWrites 0).
  CHECK(neverWritesMask(ex.psOut.elements[0]) == 0);
  CHECK(neverWritesMask(ex.psOut.elements[1]) == 0);
  CHECK(alwaysReadsMask(ex.psIn.elements[2]) == 0x7);
  // Rule 3: the VS output records Undefined, but it is packed with the mode the PS sees.
  CHECK(metadataRecord(ex.vsOut, 0).interpMode == 0);
  CHECK(ex.vsOut.elements[0].interpMode == InterpolationMode::LinearNoperspective);
  CHECK(ex.vsOut.elements[0].interpMode == ex.psIn.elements[0].interpMode);
}

TEST_CASE("seed 0047 example: optimized packing sorts the PS inputs by mode", "[signature][seed]") {
  // dxil.md §1.7: with -pack-optimized the float4 group is sorted by interpolation mode (2, 2, 4).
  const Example ex = buildExample(PackingStrategy::Optimized);
  CHECK(ex.psIn.elements[1].startRow == 0);
  CHECK(ex.psIn.elements[2].startRow == 1);
  CHECK(ex.psIn.elements[0].startRow == 2);
  // SigIds and order are unchanged.
  for (size_t i = 0; i < ex.psIn.elements.size(); ++i) CHECK(ex.psIn.elements[i].sigId == i);
  // VS inputs and PS outputs ignore the strategy (with a warning).
  CHECK(ex.vsIn.elements[1].startRow == 1);
  REQUIRE(ex.vsIn.diagnostics.size() == 1);
  CHECK(ex.vsIn.diagnostics[0].code == "packing-mode-ignored");
  CHECK(ex.psOut.elements[1].startRow == 1);
}
