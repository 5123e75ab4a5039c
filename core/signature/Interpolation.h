// Interpolation modifiers (nointerpolation, linear, centroid, noperspective, sample, center) and
// how they become one InterpolationMode per signature element, as seed 0047 specifies:
//
//  1. Sema merges every keyword written on one declaration into one modifier set
//     (mergeInterpolationModifier, called once per keyword occurrence) and diagnoses the set.
//  2. Code generation takes, for each leaf, the set of the leaf declaration or else of the first
//     enclosing declaration that has one (effectiveModifiers: inner overrides outer).
//  3. The set maps to a mode (modeFromModifiers); the mode is normalized (resolveInterpolation).
//
// Two modes come out of step 3 (the "rule 3 decision", docs/signatures.md):
//  - `packing`: the mode the pixel shader sees. DXC gives every element of a vertex-kind point
//    (VS output, PS input) this mode and the packer keeps rows of one mode, so VS outputs must be
//    packed with it or they would not line up with the PS inputs they feed.
//  - `recorded`: what seed 0047 writes to metadata operand 5: the normalized mode for PS inputs
//    and Undefined everywhere else (seed rule 3, plus PS outputs, which are never interpolated).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/signature/SignatureDiagnostic.h"
#include "core/signature/SignatureTypes.h"

namespace sl::signature {

enum class InterpolationModifier : uint8_t {
  NoInterpolation = 0,
  Linear = 1,
  Centroid = 2,
  NoPerspective = 3,
  Sample = 4,
  Center = 5,
};

std::string_view modifierKeyword(InterpolationModifier modifier);  // "nointerpolation", ...

// The keywords written on one declaration (the seed's HLSLInterpolationModeAttr Modifiers mask).
// An empty set means the declaration has no attribute at all.
struct InterpolationModifiers {
  uint8_t bits = 0;

  bool empty() const { return bits == 0; }
  bool has(InterpolationModifier m) const { return (bits >> static_cast<unsigned>(m)) & 1u; }
  void add(InterpolationModifier m) { bits |= static_cast<uint8_t>(1u << static_cast<unsigned>(m)); }
  static InterpolationModifiers of(std::initializer_list<InterpolationModifier> list) {
    InterpolationModifiers set;
    for (InterpolationModifier m : list) set.add(m);
    return set;
  }
  bool operator==(const InterpolationModifiers&) const = default;
};

// What the type checks of the merge need to know about the declaration the keyword is on. For a
// scalar or vector, exactly its leaf; for an aggregate, whether any leaf it contains is such
// (the modifier propagates to every leaf).
struct InterpolatedDeclaration {
  bool hasIntegerLeaf = false;
  bool hasBoolLeaf = false;
  bool hasFloat64Leaf = false;
  bool hasSVPositionLeaf = false;

  static InterpolatedDeclaration leaf(ComponentType type, SemanticKind kind);
  void addLeaf(ComponentType type, SemanticKind kind);
};

// Adds one keyword occurrence to a declaration's set (creating it when empty) and returns the
// diagnostics of the constructed set that this keyword causes:
//   error   interp-conflict       nointerpolation with linear/centroid/noperspective/sample/center
//   error   interp-sv-position    nointerpolation on SV_Position
//   error   interp-type           a non-nointerpolation modifier on an integer, bool or 64-bit
//                                 floating-point declaration
//   warning interp-duplicate      the same keyword twice on one declaration
//   warning interp-override       center < centroid < sample: the lower one is overridden
// Each pair is reported once, by the keyword that completes it, whatever the keyword order.
std::vector<SignatureDiagnostic> mergeInterpolationModifier(InterpolationModifiers& declaration,
                                                            InterpolationModifier keyword,
                                                            const InterpolatedDeclaration& facts);

// The set that applies to a leaf: `innermostFirst` lists the leaf declaration's set, then its
// enclosing field/parameter/function sets outwards; the first non-empty one wins.
InterpolationModifiers effectiveModifiers(std::span<const InterpolationModifiers> innermostFirst);

// The seed's table (DXC's 5-bit table; center adds nothing): none -> Undefined,
// nointerpolation -> Constant, nointerpolation + any other -> Invalid, sample (with or without
// centroid) wins over centroid, noperspective selects the Noperspective variants.
InterpolationMode modeFromModifiers(InterpolationModifiers modifiers);

// Seed normalization rules 1 and 2: Undefined becomes Linear for floating-point leaves of 32 bits
// or fewer and Constant otherwise; SV_Position takes the Noperspective variant of a linear mode.
InterpolationMode normalizeMode(InterpolationMode mode, ComponentType type, SemanticKind kind);

struct ResolvedInterpolation {
  InterpolationMode packing = InterpolationMode::Undefined;   // used by pack()
  InterpolationMode recorded = InterpolationMode::Undefined;  // metadata operand 5 (seed)
};

// The full resolution for one leaf element at one signature point. `kind` is the element's
// resolved semantic kind (SemanticKind::Position only where SV_Position is a system value).
ResolvedInterpolation resolveInterpolation(InterpolationModifiers effective, ComponentType type, SemanticKind kind,
                                           SignatureKind point);

// Seed rule 3 on its own: the mode recorded in metadata for an element packed with `packing`.
InterpolationMode recordedMode(InterpolationMode packing, SignatureKind point);

}  // namespace sl::signature
