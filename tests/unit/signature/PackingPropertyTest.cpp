// Random signatures (fixed seeds): whatever pack() produces passes the independent verifier, every
// placement is either made or reported, and prefix-stable packing is stable under appending.
#include <random>

#include <catch2/catch.hpp>

#include "core/signature/SemanticTable.h"
#include "core/signature/SignatureVerifier.h"
#include "tests/unit/signature/ElementBuilder.h"

using namespace sl::signature;
using namespace sl::signature::test;

namespace {

std::vector<Decl> randomDecls(std::mt19937& rng, SignatureKind point) {
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  using IM = InterpolationModifier;
  const ComponentType types[] = {ComponentType::F32, ComponentType::F32, ComponentType::F16, ComponentType::U32,
                                 ComponentType::I32, ComponentType::I1,  ComponentType::U16};
  const std::vector<std::vector<IM>> floatModes = {{},
                                                   {},
                                                   {IM::NoInterpolation},
                                                   {IM::Linear},
                                                   {IM::Centroid},
                                                   {IM::NoPerspective},
                                                   {IM::Sample},
                                                   {IM::NoPerspective, IM::Sample}};
  std::vector<Decl> decls;
  const int count = 1 + pick(point == SignatureKind::PSOutput ? 6 : 24);
  int clip = 0, sv = 0;
  for (int i = 0; i < count; ++i) {
    Decl d;
    d.type = types[pick(7)];
    d.cols = static_cast<uint8_t>(1 + pick(4));
    const bool isFloat = d.type == ComponentType::F32 || d.type == ComponentType::F16;
    const int kind = pick(10);
    if (point == SignatureKind::PSOutput) {
      d.semantic = kind < 7 ? "SV_Target" + std::to_string(i) : "SV_Depth";
      if (kind >= 7) d.cols = 1;
      if (kind >= 7 && i != 0) d.semantic = "SV_Target" + std::to_string(i);
      d.type = ComponentType::F32;
    } else if (kind == 0 && point != SignatureKind::VSInput) {
      d.semantic = (pick(2) ? "SV_ClipDistance" : "SV_CullDistance") + std::to_string(clip++);
      d.type = ComponentType::F32;
      d.rows = static_cast<uint32_t>(1 + pick(2));
      clip += static_cast<int>(d.rows);
    } else if (kind == 1 && point == SignatureKind::PSInput) {
      d.semantic = (pick(2) ? "SV_PrimitiveID" : "SV_IsFrontFace") + std::to_string(sv++);
      d.type = ComponentType::U32;
      d.cols = 1;
    } else if (kind == 2 && point != SignatureKind::VSInput) {
      d.semantic = "SV_RenderTargetArrayIndex" + std::to_string(sv++);
      d.type = ComponentType::U32;
      d.cols = 1;
    } else if (kind == 3 && point != SignatureKind::VSInput) {
      d.semantic = "SV_Position" + std::to_string(sv++);
      d.type = ComponentType::F32;
      d.cols = 4;
    } else {
      d.semantic = "A" + std::to_string(i) + "_";
      d.rows = static_cast<uint32_t>(pick(4) == 0 ? 1 + pick(4) : 1);
      if (isFloat) {
        const auto& mode = floatModes[static_cast<size_t>(pick(static_cast<int>(floatModes.size())))];
        d.modifiers = InterpolationModifiers{};
        for (IM m : mode) d.modifiers.add(m);
      } else if (pick(2)) {
        d.modifiers = InterpolationModifiers::of({IM::NoInterpolation});
      }
    }
    d.usage = pick(1 << d.cols);
    decls.push_back(d);
  }
  return decls;
}

}  // namespace

TEST_CASE("random signatures pack into valid layouts", "[signature][packing][property]") {
  std::mt19937 rng(47);
  int packedElements = 0, reported = 0;
  for (int round = 0; round < 3000; ++round) {
    const SignatureKind points[] = {SignatureKind::VSInput, SignatureKind::VSOutput, SignatureKind::PSInput,
                                    SignatureKind::PSOutput};
    const SignatureKind point = points[round % 4];
    const std::vector<Decl> decls = randomDecls(rng, point);
    const PackingStrategy strategy = (round / 4) % 2 ? PackingStrategy::Optimized : PackingStrategy::PrefixStable;
    const PackOptions options{(round / 8) % 2 == 0};
    const PackedSignature packed = packDecls(decls, point, strategy, options);
    INFO("round " << round);
    const auto problems = verifySignature(packed);
    for (const auto& p : problems) UNSCOPED_INFO(p.message);
    REQUIRE(problems.empty());
    // Every element that should have a place has one, or an error says why.
    for (size_t i = 0; i < packed.elements.size(); ++i) {
      if (!shouldBeAllocated(packed.interpretations[i])) continue;
      if (packed.elements[i].isAllocated()) {
        ++packedElements;
        continue;
      }
      bool explained = false;
      for (const auto& d : packed.diagnostics) explained |= d.isError() && d.elementIndex == static_cast<int>(i);
      CHECK(explained);
      ++reported;
    }
    // Prefix stability: packing a prefix places those elements exactly where the full list did.
    if (strategy == PackingStrategy::PrefixStable && decls.size() > 1) {
      const std::vector<Decl> prefix(decls.begin(), decls.begin() + static_cast<long>(decls.size() / 2));
      const PackedSignature partial = packDecls(prefix, point, strategy, options);
      for (size_t i = 0; i < prefix.size(); ++i) {
        CHECK(partial.elements[i].startRow == packed.elements[i].startRow);
        CHECK(partial.elements[i].startCol == packed.elements[i].startCol);
      }
    }
  }
  CHECK(packedElements > 10000);  // the generator really exercises the allocator
  CHECK(reported > 0);            // ... including full signatures
}

TEST_CASE("the verifier catches broken layouts", "[signature][verifier]") {
  PackedSignature s = packDecls({{"A", ComponentType::F32, 2}, {"B", ComponentType::F32, 2}}, SignatureKind::PSInput);
  REQUIRE(verifySignature(s).empty());
  auto codes = [](const std::vector<SignatureDiagnostic>& d) {
    std::vector<std::string> out;
    for (const auto& x : d) out.push_back(x.code);
    return out;
  };
  PackedSignature overlap = s;
  overlap.elements[1].startCol = 1;
  CHECK(codes(verifySignature(overlap)) == std::vector<std::string>{"verify-overlap"});
  PackedSignature interp = s;
  interp.elements[1].interpMode = InterpolationMode::Constant;
  CHECK(codes(verifySignature(interp)) == std::vector<std::string>{"verify-row-interp"});
  PackedSignature range = s;
  range.elements[1].startCol = 3;
  CHECK(codes(verifySignature(range)) == std::vector<std::string>{"verify-out-of-range"});
  PackedSignature sentinel = s;
  sentinel.elements[1].startRow = kUnallocatedRow;
  CHECK(codes(verifySignature(sentinel)) == std::vector<std::string>{"verify-sentinel"});

  PackedSignature order =
      packDecls({{"SV_RenderTargetArrayIndex", ComponentType::U32, 1},
                 {"X", ComponentType::U32, 1, 1, InterpolationModifiers::of({InterpolationModifier::NoInterpolation})}},
                SignatureKind::PSInput);
  order.elements[0].startCol = 1;
  order.elements[1].startRow = 0;
  order.elements[1].startCol = 0;
  CHECK(verifySignature(order).empty());  // Arb left of SV is the legal order
  order.elements[0].startCol = 0;
  order.elements[1].startCol = 1;
  CHECK(codes(verifySignature(order)) == std::vector<std::string>{"verify-component-order"});

  PackedSignature indexed =
      packDecls({{"X", ComponentType::U32, 1, 2, InterpolationModifiers::of({InterpolationModifier::NoInterpolation})},
                 {"SV_RenderTargetArrayIndex", ComponentType::U32, 1}},
                SignatureKind::PSInput);
  indexed.elements[1].startRow = 1;
  indexed.elements[1].startCol = 1;
  CHECK(codes(verifySignature(indexed)) == std::vector<std::string>{"verify-indexed-sv"});

  PackedSignature target = packDecls({{"SV_Target2", ComponentType::F32, 4}}, SignatureKind::PSOutput);
  target.elements[0].startRow = 1;
  CHECK(codes(verifySignature(target)) == std::vector<std::string>{"verify-target-row"});
  PackedSignature depth = packDecls({{"SV_Depth", ComponentType::F32, 1}}, SignatureKind::PSOutput);
  depth.elements[0].startRow = 0;
  depth.elements[0].startCol = 0;
  CHECK(codes(verifySignature(depth)) == std::vector<std::string>{"verify-not-allocatable"});
}
