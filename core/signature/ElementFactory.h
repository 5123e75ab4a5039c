// One call per leaf for entry-point IR generation: from the semantic as written, the leaf's type
// and shape, and its effective interpolation modifiers (Interpolation.h effectiveModifiers) to an
// unallocated SignatureElement for one signature point, with the semantic diagnostics.
#pragma once

#include <string>
#include <vector>

#include "core/signature/Interpolation.h"
#include "core/signature/SignatureDiagnostic.h"
#include "core/signature/SignatureElement.h"

namespace sl::signature {

struct LeafDeclaration {
  std::string semantic;  // as written: "TEXCOORD3", "sv_position"
  ComponentType type = ComponentType::F32;
  uint32_t rows = 1;  // array extent
  uint8_t cols = 1;   // vector width
  InterpolationModifiers modifiers{};
  // Explicit indices (struct-array flattening); empty means consecutive from the written index.
  std::vector<uint32_t> semanticIndices{};
};

struct LeafElement {
  SignatureElement element;
  std::vector<SignatureDiagnostic> diagnostics;  // unknown SV name, semantic invalid at the point
};

// The element records the canonical SV spelling (or the user's name for arbitrary semantics), the
// kind as the point interprets it, and the packing interpolation mode (ResolvedInterpolation).
LeafElement makeLeafElement(uint32_t sigId, const LeafDeclaration& leaf, SignatureKind point);

}  // namespace sl::signature
