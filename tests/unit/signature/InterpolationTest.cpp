#include <catch2/catch.hpp>

#include "core/signature/Interpolation.h"
#include "core/signature/SemanticTable.h"
#include "tests/unit/signature/CorpusSupport.h"

using namespace sl::signature;
using IM = InterpolationModifier;
using Mode = InterpolationMode;

namespace {

// Merges `keywords` in order on a fresh declaration; returns the set and all diagnostics.
std::pair<InterpolationModifiers, std::vector<SignatureDiagnostic>> mergeAll(
    std::initializer_list<IM> keywords,
    InterpolatedDeclaration facts = InterpolatedDeclaration::leaf(ComponentType::F32, SemanticKind::Arbitrary)) {
  InterpolationModifiers set;
  std::vector<SignatureDiagnostic> all;
  for (IM k : keywords) {
    auto d = mergeInterpolationModifier(set, k, facts);
    all.insert(all.end(), d.begin(), d.end());
  }
  return {set, all};
}

std::vector<std::string> codes(const std::vector<SignatureDiagnostic>& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags) out.push_back(d.code);
  return out;
}

}  // namespace

TEST_CASE("modifier sets map to interpolation modes", "[signature][interp]") {
  using S = InterpolationModifiers;
  CHECK(modeFromModifiers(S{}) == Mode::Undefined);
  CHECK(modeFromModifiers(S::of({IM::Center})) == Mode::Undefined);
  CHECK(modeFromModifiers(S::of({IM::NoInterpolation})) == Mode::Constant);
  CHECK(modeFromModifiers(S::of({IM::Linear})) == Mode::Linear);
  CHECK(modeFromModifiers(S::of({IM::Linear, IM::Center})) == Mode::Linear);
  CHECK(modeFromModifiers(S::of({IM::Centroid})) == Mode::LinearCentroid);
  CHECK(modeFromModifiers(S::of({IM::Linear, IM::Centroid})) == Mode::LinearCentroid);
  CHECK(modeFromModifiers(S::of({IM::NoPerspective})) == Mode::LinearNoperspective);
  CHECK(modeFromModifiers(S::of({IM::NoPerspective, IM::Centroid})) == Mode::LinearNoperspectiveCentroid);
  CHECK(modeFromModifiers(S::of({IM::Sample})) == Mode::LinearSample);
  CHECK(modeFromModifiers(S::of({IM::Sample, IM::Centroid})) == Mode::LinearSample);
  CHECK(modeFromModifiers(S::of({IM::NoPerspective, IM::Sample})) == Mode::LinearNoperspectiveSample);
  CHECK(modeFromModifiers(S::of({IM::NoPerspective, IM::Sample, IM::Centroid, IM::Linear})) ==
        Mode::LinearNoperspectiveSample);
  CHECK(modeFromModifiers(S::of({IM::NoInterpolation, IM::Linear})) == Mode::Invalid);
}

TEST_CASE("merging keywords builds one set per declaration", "[signature][interp]") {
  auto [set, diags] = mergeAll({IM::Linear, IM::NoPerspective});
  CHECK(diags.empty());
  CHECK(set == InterpolationModifiers::of({IM::Linear, IM::NoPerspective}));
}

TEST_CASE("error: nointerpolation with any other modifier", "[signature][interp]") {
  for (IM other : {IM::Linear, IM::Centroid, IM::NoPerspective, IM::Sample, IM::Center}) {
    INFO(modifierKeyword(other));
    // Either order reports the pair once.
    for (bool noInterpFirst : {true, false}) {
      auto [set, diags] =
          noInterpFirst ? mergeAll({IM::NoInterpolation, other}) : mergeAll({other, IM::NoInterpolation});
      REQUIRE(codes(diags) == std::vector<std::string>{"interp-conflict"});
      CHECK(diags[0].severity == sl::Severity::Error);
      CHECK(diags[0].message ==
            "'nointerpolation' and '" + std::string(modifierKeyword(other)) + "' cannot be used together");
    }
  }
}

TEST_CASE("error: nointerpolation on SV_Position", "[signature][interp]") {
  auto [set, diags] =
      mergeAll({IM::NoInterpolation}, InterpolatedDeclaration::leaf(ComponentType::F32, SemanticKind::Position));
  REQUIRE(codes(diags) == std::vector<std::string>{"interp-sv-position"});
  CHECK(diags[0].isError());
  // On an aggregate whose leaves include SV_Position, too.
  InterpolatedDeclaration aggregate;
  aggregate.addLeaf(ComponentType::F32, SemanticKind::Arbitrary);
  aggregate.addLeaf(ComponentType::F32, SemanticKind::Position);
  CHECK(codes(mergeAll({IM::NoInterpolation}, aggregate).second) == std::vector<std::string>{"interp-sv-position"});
  // Other modifiers on SV_Position are fine.
  CHECK(mergeAll({IM::Centroid}, InterpolatedDeclaration::leaf(ComponentType::F32, SemanticKind::Position))
            .second.empty());
}

TEST_CASE("error: non-nointerpolation modifiers on integer, bool and 64-bit float", "[signature][interp]") {
  const std::pair<ComponentType, const char*> cases[] = {{ComponentType::I32, "an integer"},
                                                         {ComponentType::U32, "an integer"},
                                                         {ComponentType::U16, "an integer"},
                                                         {ComponentType::I1, "a boolean"},
                                                         {ComponentType::F64, "a 64-bit floating-point"}};
  for (auto [type, what] : cases) {
    for (IM m : {IM::Linear, IM::Centroid, IM::NoPerspective, IM::Sample, IM::Center}) {
      INFO(componentTypeName(type) << " " << modifierKeyword(m));
      auto [set, diags] = mergeAll({m}, InterpolatedDeclaration::leaf(type, SemanticKind::Arbitrary));
      REQUIRE(codes(diags) == std::vector<std::string>{"interp-type"});
      CHECK(diags[0].message.find(what) != std::string::npos);
    }
    // nointerpolation is the one modifier these types accept.
    CHECK(mergeAll({IM::NoInterpolation}, InterpolatedDeclaration::leaf(type, SemanticKind::Arbitrary)).second.empty());
  }
  // half and float are fine.
  CHECK(mergeAll({IM::Sample}, InterpolatedDeclaration::leaf(ComponentType::F16, SemanticKind::Arbitrary))
            .second.empty());
  // An aggregate with one integer leaf rejects a propagated linear.
  InterpolatedDeclaration aggregate;
  aggregate.addLeaf(ComponentType::F32, SemanticKind::Arbitrary);
  aggregate.addLeaf(ComponentType::U32, SemanticKind::Arbitrary);
  CHECK(codes(mergeAll({IM::Linear}, aggregate).second) == std::vector<std::string>{"interp-type"});
}

TEST_CASE("warning: duplicate modifier", "[signature][interp]") {
  auto [set, diags] = mergeAll({IM::Centroid, IM::Centroid});
  REQUIRE(codes(diags) == std::vector<std::string>{"interp-duplicate"});
  CHECK(diags[0].severity == sl::Severity::Warning);
  CHECK(diags[0].message == "duplicate interpolation modifier 'centroid'");
  CHECK(set == InterpolationModifiers::of({IM::Centroid}));
}

TEST_CASE("warning: center < centroid < sample overrides", "[signature][interp]") {
  struct Case {
    IM first, second;
    const char* message;
  };
  const Case cases[] = {{IM::Center, IM::Centroid, "'center' will be overridden by 'centroid'"},
                        {IM::Centroid, IM::Center, "'center' will be overridden by 'centroid'"},
                        {IM::Center, IM::Sample, "'center' will be overridden by 'sample'"},
                        {IM::Sample, IM::Center, "'center' will be overridden by 'sample'"},
                        {IM::Centroid, IM::Sample, "'centroid' will be overridden by 'sample'"},
                        {IM::Sample, IM::Centroid, "'centroid' will be overridden by 'sample'"}};
  for (const Case& c : cases) {
    auto [set, diags] = mergeAll({c.first, c.second});
    REQUIRE(codes(diags) == std::vector<std::string>{"interp-override"});
    CHECK(diags[0].severity == sl::Severity::Warning);
    CHECK(diags[0].message == c.message);
  }
  // All three: each pair once.
  CHECK(codes(mergeAll({IM::Center, IM::Centroid, IM::Sample}).second).size() == 3);
  // linear/noperspective do not take part in the precedence.
  CHECK(mergeAll({IM::Linear, IM::NoPerspective, IM::Center}).second.empty());
}

TEST_CASE("aggregate modifiers propagate; inner declarations override", "[signature][interp]") {
  const auto outer = InterpolationModifiers::of({IM::NoInterpolation});
  const auto inner = InterpolationModifiers::of({IM::Linear});
  const InterpolationModifiers none{};
  // seed example: albedo inherits, gloss has its own, uv overrides.
  const InterpolationModifiers albedo[] = {none, outer};
  const InterpolationModifiers gloss[] = {outer, outer};
  const InterpolationModifiers uv[] = {inner, outer};
  CHECK(effectiveModifiers(albedo) == outer);
  CHECK(effectiveModifiers(gloss) == outer);
  CHECK(effectiveModifiers(uv) == inner);
  const InterpolationModifiers deep[] = {none, none, InterpolationModifiers::of({IM::Sample}), outer};
  CHECK(effectiveModifiers(deep) == InterpolationModifiers::of({IM::Sample}));
  const InterpolationModifiers nothing[] = {none, none};
  CHECK(effectiveModifiers(nothing).empty());
}

TEST_CASE("normalization rules 1 and 2", "[signature][interp]") {
  CHECK(normalizeMode(Mode::Undefined, ComponentType::F32, SemanticKind::Arbitrary) == Mode::Linear);
  CHECK(normalizeMode(Mode::Undefined, ComponentType::F16, SemanticKind::Arbitrary) == Mode::Linear);
  CHECK(normalizeMode(Mode::Undefined, ComponentType::F64, SemanticKind::Arbitrary) == Mode::Constant);
  CHECK(normalizeMode(Mode::Undefined, ComponentType::U32, SemanticKind::Arbitrary) == Mode::Constant);
  CHECK(normalizeMode(Mode::Undefined, ComponentType::I1, SemanticKind::Arbitrary) == Mode::Constant);
  CHECK(normalizeMode(Mode::Undefined, ComponentType::F32, SemanticKind::Position) == Mode::LinearNoperspective);
  CHECK(normalizeMode(Mode::LinearCentroid, ComponentType::F32, SemanticKind::Position) ==
        Mode::LinearNoperspectiveCentroid);
  CHECK(normalizeMode(Mode::LinearSample, ComponentType::F32, SemanticKind::Position) ==
        Mode::LinearNoperspectiveSample);
  CHECK(normalizeMode(Mode::LinearNoperspective, ComponentType::F32, SemanticKind::Position) ==
        Mode::LinearNoperspective);
  CHECK(normalizeMode(Mode::Constant, ComponentType::F32, SemanticKind::Arbitrary) == Mode::Constant);
}

TEST_CASE("rule 3: recorded Undefined outside pixel inputs, packed with the real mode", "[signature][interp]") {
  const auto none = InterpolationModifiers{};
  const auto vsPos = resolveInterpolation(none, ComponentType::F32, SemanticKind::Position, SignatureKind::VSOutput);
  CHECK(vsPos.packing == Mode::LinearNoperspective);
  CHECK(vsPos.recorded == Mode::Undefined);
  const auto psPos = resolveInterpolation(none, ComponentType::F32, SemanticKind::Position, SignatureKind::PSInput);
  CHECK(psPos.packing == Mode::LinearNoperspective);
  CHECK(psPos.recorded == Mode::LinearNoperspective);
  const auto vsOutFlat = resolveInterpolation(InterpolationModifiers::of({IM::NoInterpolation}), ComponentType::F32,
                                              SemanticKind::Arbitrary, SignatureKind::VSOutput);
  CHECK(vsOutFlat.packing == Mode::Constant);
  CHECK(vsOutFlat.recorded == Mode::Undefined);
  for (SignatureKind noInterp : {SignatureKind::VSInput, SignatureKind::PSOutput}) {
    const auto r = resolveInterpolation(InterpolationModifiers::of({IM::Sample}), ComponentType::F32,
                                        SemanticKind::Arbitrary, noInterp);
    CHECK(r.packing == Mode::Undefined);
    CHECK(r.recorded == Mode::Undefined);
  }
}

namespace {

struct Leaf {
  SignatureKind point;
  int sigId;
  std::string semantic;
  ComponentType type;
  std::vector<IM> keywords;
};

// Resolves each leaf like Sema + codegen and compares (SigId, name, recorded mode) with the
// upstream test's records in file order; also checks that none of the keyword lists is an error.
void compareWithUpstream(const std::vector<test::CheckedRecord>& records, const std::vector<Leaf>& leaves) {
  REQUIRE(records.size() == leaves.size());
  for (size_t i = 0; i < leaves.size(); ++i) {
    const Leaf& leaf = leaves[i];
    const SplitSemantic split = splitSemantic(leaf.semantic);
    const ResolvedSemantic resolved = resolveSemantic(split.name, leaf.point);
    InterpolationModifiers set;
    bool error = false;
    for (IM k : leaf.keywords)
      for (const auto& d : mergeInterpolationModifier(set, k, InterpolatedDeclaration::leaf(leaf.type, resolved.kind)))
        error |= d.isError();
    INFO("record " << i << " " << leaf.semantic);
    CHECK_FALSE(error);
    const auto mode = resolveInterpolation(set, leaf.type, resolved.kind, leaf.point).recorded;
    CHECK(records[i].id == leaf.sigId);
    CHECK(records[i].name == resolved.name);
    CHECK(records[i].interp == static_cast<int>(mode));
    if (records[i].compType >= 0) CHECK(records[i].compType == static_cast<int>(leaf.type));
  }
}

}  // namespace

TEST_CASE("upstream interpolation.hlsl: every mode, default, SV_Position and precedence case",
          "[signature][interp][corpus]") {
  const std::string text = test::readCorpusFile("llvm-project/clang/test/CodeGenHLSL/semantics/interpolation.hlsl");
  const auto F = ComponentType::F32;
  const auto PS = SignatureKind::PSInput;
  const std::vector<Leaf> leaves = {
      // modes()
      {PS, 0, "A", F, {}},
      {PS, 1, "B", F, {IM::NoInterpolation}},
      {PS, 2, "C", F, {IM::Linear}},
      {PS, 3, "D", F, {IM::Centroid}},
      {PS, 4, "E", F, {IM::NoPerspective}},
      {PS, 5, "F", F, {IM::NoPerspective, IM::Centroid}},
      {PS, 6, "G", F, {IM::Sample}},
      {PS, 7, "H", F, {IM::NoPerspective, IM::Sample}},
      {PS, 8, "I", F, {IM::Center}},
      {PS, 9, "J", F, {IM::Linear, IM::Center}},
      {PS, 10, "K", F, {IM::Linear, IM::Centroid}},
      {PS, 11, "L", F, {IM::Linear, IM::NoPerspective, IM::Center}},
      {PS, 12, "M", F, {IM::Linear, IM::NoPerspective, IM::Centroid}},
      {PS, 13, "N", F, {IM::Linear, IM::Sample}},
      {PS, 14, "O", F, {IM::Sample, IM::Linear, IM::NoPerspective}},
      // defaults(): the `sample` on the return applies to the PS output only.
      {PS, 0, "INT", ComponentType::I32, {}},
      {PS, 1, "UINT", ComponentType::U32, {}},
      {PS, 2, "BOOL", ComponentType::I1, {}},
      {PS, 3, "DOUBLE", ComponentType::F64, {}},
      {PS, 4, "FLAT", F, {IM::NoInterpolation}},
      {PS, 5, "HALF", ComponentType::F16, {}},
      {SignatureKind::PSOutput, 0, "SV_Target", F, {IM::Sample}},
      // positions()
      {PS, 0, "SV_Position0", F, {}},
      {PS, 1, "SV_Position1", F, {IM::Centroid}},
      {PS, 2, "SV_Position2", F, {IM::Sample}},
      {PS, 3, "SV_Position3", F, {IM::NoPerspective, IM::Sample}},
      // precedence(): keyword order does not matter
      {PS, 0, "CENTER_CENTROID", F, {IM::Center, IM::Centroid}},
      {PS, 1, "CENTROID_CENTER", F, {IM::Centroid, IM::Center}},
      {PS, 2, "CENTER_SAMPLE", F, {IM::Center, IM::Sample}},
      {PS, 3, "SAMPLE_CENTER", F, {IM::Sample, IM::Center}},
      {PS, 4, "CENTROID_SAMPLE", F, {IM::Centroid, IM::Sample}},
      {PS, 5, "SAMPLE_CENTROID", F, {IM::Sample, IM::Centroid}},
      // vertex(): non-pixel signatures record Undefined even with modifiers
      {SignatureKind::VSInput, 0, "VERTEX", F, {IM::Sample}},
      {SignatureKind::VSInput, 1, "SV_VertexID", ComponentType::U32, {IM::NoInterpolation}},
      {SignatureKind::VSOutput, 0, "SV_Position", F, {IM::Centroid}},
  };
  compareWithUpstream(test::upstreamRecords(text, "CHECK"), leaves);
}

TEST_CASE("seed example: nointerpolation Material m", "[signature][interp]") {
  // struct Material { float3 albedo : COLOR0; nointerpolation float gloss : COLOR1;
  //                   linear float2 uv : TEXCOORD0; };
  // float4 ps_main(nointerpolation Material m) : SV_Target
  InterpolationModifiers param;
  InterpolatedDeclaration material;
  for (int i = 0; i < 3; ++i) material.addLeaf(ComponentType::F32, SemanticKind::Arbitrary);
  CHECK(mergeInterpolationModifier(param, IM::NoInterpolation, material).empty());
  InterpolationModifiers gloss, uv;
  const auto floatLeaf = InterpolatedDeclaration::leaf(ComponentType::F32, SemanticKind::Arbitrary);
  CHECK(mergeInterpolationModifier(gloss, IM::NoInterpolation, floatLeaf).empty());
  CHECK(mergeInterpolationModifier(uv, IM::Linear, floatLeaf).empty());
  auto mode = [&](InterpolationModifiers field) {
    const InterpolationModifiers chain[] = {field, param};
    return resolveInterpolation(effectiveModifiers(chain), ComponentType::F32, SemanticKind::Arbitrary,
                                SignatureKind::PSInput)
        .recorded;
  };
  CHECK(mode({}) == Mode::Constant);     // albedo inherits
  CHECK(mode(gloss) == Mode::Constant);  // already nointerpolation
  CHECK(mode(uv) == Mode::Linear);       // inner linear overrides the outer
}
