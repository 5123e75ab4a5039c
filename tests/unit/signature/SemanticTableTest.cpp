#include <catch2/catch.hpp>

#include "core/signature/ElementFactory.h"
#include "core/signature/SemanticTable.h"

using namespace sl::signature;

TEST_CASE("semantic names split into name and trailing index", "[signature][semantic]") {
  CHECK(splitSemantic("TEXCOORD12").name == "TEXCOORD");
  CHECK(splitSemantic("TEXCOORD12").index == 12);
  CHECK(splitSemantic("TEXCOORD12").hadIndex);
  CHECK(splitSemantic("SV_Target").name == "SV_Target");
  CHECK(splitSemantic("SV_Target").index == 0);
  CHECK_FALSE(splitSemantic("SV_Target").hadIndex);
  CHECK(splitSemantic("A1B2").name == "A1B");
  CHECK(splitSemantic("A1B2").index == 2);
  // An all-digit name or an index beyond 32 bits keeps its text.
  CHECK(splitSemantic("123").name == "123");
  CHECK(splitSemantic("X12345678901").name == "X12345678901");
}

TEST_CASE("SV_ names are matched case-insensitively and canonicalised", "[signature][semantic]") {
  CHECK(semanticKindFromName("SV_POSITION") == SemanticKind::Position);
  CHECK(semanticKindFromName("sv_target") == SemanticKind::Target);
  CHECK(semanticKindFromName("TEXCOORD") == SemanticKind::Arbitrary);
  CHECK(semanticKindFromName("SV_Bogus") == SemanticKind::Invalid);
  CHECK(canonicalSemanticName(SemanticKind::ViewportArrayIndex) == "SV_ViewportArrayIndex");

  const ResolvedSemantic pos = resolveSemantic("sv_position", SignatureKind::PSInput);
  CHECK(pos.kind == SemanticKind::Position);
  CHECK(pos.name == "SV_Position");
  CHECK(pos.interpretation == SemanticInterpretation::SV);
  CHECK_FALSE(pos.diagnostic);
}

TEST_CASE("a system value a point treats as arbitrary keeps the user's name", "[signature][semantic]") {
  // DXC: SV_Position as a VS input, SV_InstanceID as a VS output are Arbitrary elements.
  const ResolvedSemantic vsIn = resolveSemantic("SV_POSITION", SignatureKind::VSInput);
  CHECK(vsIn.kind == SemanticKind::Arbitrary);
  CHECK(vsIn.name == "SV_POSITION");
  const ResolvedSemantic vsOut = resolveSemantic("SV_InstanceID", SignatureKind::VSOutput);
  CHECK(vsOut.kind == SemanticKind::Arbitrary);
  CHECK(vsOut.interpretation == SemanticInterpretation::Arb);
}

TEST_CASE("semantics invalid at a point are diagnosed", "[signature][semantic]") {
  const ResolvedSemantic target = resolveSemantic("SV_Target", SignatureKind::VSOutput);
  REQUIRE(target.diagnostic);
  CHECK(target.diagnostic->code == "semantic-invalid-here");
  const ResolvedSemantic bogus = resolveSemantic("SV_Bogus", SignatureKind::PSInput);
  REQUIRE(bogus.diagnostic);
  CHECK(bogus.diagnostic->code == "semantic-unknown-sv");
}

TEST_CASE("interpretation table for the vertex and pixel points", "[signature][semantic]") {
  using SI = SemanticInterpretation;
  CHECK(interpretationOf(SemanticKind::VertexID, SignatureKind::VSInput) == SI::SV);
  CHECK(interpretationOf(SemanticKind::Position, SignatureKind::VSOutput) == SI::SV);
  CHECK(interpretationOf(SemanticKind::ClipDistance, SignatureKind::VSOutput) == SI::ClipCull);
  CHECK(interpretationOf(SemanticKind::PrimitiveID, SignatureKind::PSInput) == SI::SGV);
  CHECK(interpretationOf(SemanticKind::IsFrontFace, SignatureKind::PSInput) == SI::SGV);
  CHECK(interpretationOf(SemanticKind::SampleIndex, SignatureKind::PSInput) == SI::Shadow);
  CHECK(interpretationOf(SemanticKind::Coverage, SignatureKind::PSInput) == SI::NotInSig);
  CHECK(interpretationOf(SemanticKind::Coverage, SignatureKind::PSOutput) == SI::NotPacked);
  CHECK(interpretationOf(SemanticKind::Depth, SignatureKind::PSOutput) == SI::NotPacked);
  CHECK(interpretationOf(SemanticKind::Target, SignatureKind::PSOutput) == SI::Target);
  CHECK(interpretationOf(SemanticKind::Arbitrary, SignatureKind::PSOutput) == SI::NA);
  CHECK(interpretationOf(SemanticKind::DispatchThreadID, SignatureKind::CSInput) == SI::NotInSig);
  CHECK(interpretationOf(SemanticKind::Position, SignatureKind::GSOutput) == SI::NA);  // not modelled

  CHECK(packingKindOf(SignatureKind::VSInput) == PackingKind::InputAssembler);
  CHECK(packingKindOf(SignatureKind::VSOutput) == PackingKind::Vertex);
  CHECK(packingKindOf(SignatureKind::PSInput) == PackingKind::Vertex);
  CHECK(packingKindOf(SignatureKind::PSOutput) == PackingKind::Target);
  CHECK(packingKindOf(SignatureKind::CSInput) == PackingKind::None);
  CHECK(shouldBeAllocated(SI::ClipCull));
  CHECK_FALSE(shouldBeAllocated(SI::Shadow));
  CHECK_FALSE(shouldBeAllocated(SI::NotPacked));
}

TEST_CASE("leaf elements are made the way IR generation makes them", "[signature][semantic]") {
  LeafDeclaration leaf{"sv_position", ComponentType::F32, 1, 4, {}, {}};
  const LeafElement ps = makeLeafElement(3, leaf, SignatureKind::PSInput);
  CHECK(ps.diagnostics.empty());
  CHECK(ps.element.sigId == 3);
  CHECK(ps.element.semanticName == "SV_Position");
  CHECK(ps.element.kind == SemanticKind::Position);
  CHECK(ps.element.interpMode == InterpolationMode::LinearNoperspective);
  CHECK_FALSE(ps.element.isAllocated());
  const LeafElement vs = makeLeafElement(0, leaf, SignatureKind::VSInput);
  CHECK(vs.element.kind == SemanticKind::Arbitrary);
  CHECK(vs.element.semanticName == "sv_position");
  CHECK(vs.element.interpMode == InterpolationMode::Undefined);

  LeafDeclaration array{"TEXCOORD3", ComponentType::F32, 2, 4, {}, {}};
  CHECK(makeLeafElement(0, array, SignatureKind::PSInput).element.semanticIndices == std::vector<uint32_t>{3, 4});
  LeafDeclaration bad{"SV_Target", ComponentType::F32, 1, 4, {}, {}};
  const LeafElement vsTarget = makeLeafElement(0, bad, SignatureKind::VSOutput);
  REQUIRE(vsTarget.diagnostics.size() == 1);
  CHECK(vsTarget.diagnostics[0].code == "semantic-invalid-here");
}
