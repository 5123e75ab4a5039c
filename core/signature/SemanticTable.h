// Semantic names, kinds and how each kind is interpreted at a signature point (DXC's semantic
// interpretation table, restated from shared/design/dxil.md §1.3 for the points we model).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/signature/SignatureDiagnostic.h"
#include "core/signature/SignatureTypes.h"

namespace sl::signature {

// A semantic as written, split into its name and trailing decimal index: "TEXCOORD12" ->
// {"TEXCOORD", 12}; "SV_Target" -> {"SV_Target", 0}.
struct SplitSemantic {
  std::string name;
  uint32_t index = 0;
  bool hadIndex = false;
};
SplitSemantic splitSemantic(std::string_view semantic);

// The kind a semantic name denotes: names with an "SV_" prefix (any case) are looked up among the
// system values, case-insensitively; any other name is Arbitrary. An unknown SV_ name is Invalid.
SemanticKind semanticKindFromName(std::string_view name);

// The canonical spelling of a system value ("SV_Position"); "" for Arbitrary and Invalid.
std::string_view canonicalSemanticName(SemanticKind kind);

// Whether interpretationOf() knows the signature point (vertex, pixel and compute today).
bool isModelledSignatureKind(SignatureKind kind);

// How `kind` is treated at `point`. Shader-model minimums of the table are not applied (we target
// SM 6.x, where every entry of the VS/PS columns is available). Unmodelled points give NA.
SemanticInterpretation interpretationOf(SemanticKind kind, SignatureKind point);

// Which allocator the point uses: VS input stacked, PS output by target index, VS output / PS
// input the row allocator, compute none.
PackingKind packingKindOf(SignatureKind point);

// DXC allocates a register only for these interpretations.
bool shouldBeAllocated(SemanticInterpretation interpretation);

// A semantic resolved for one signature point: the kind recorded in metadata (Arbitrary when the
// point interprets the system value as arbitrary, e.g. SV_Position as a VS input) and the name
// recorded (the canonical SV spelling, or the user's name for arbitrary elements).
struct ResolvedSemantic {
  SemanticKind kind = SemanticKind::Arbitrary;
  std::string name;
  SemanticInterpretation interpretation = SemanticInterpretation::Arb;
  std::optional<SignatureDiagnostic> diagnostic;  // set when the semantic is unusable here
};
ResolvedSemantic resolveSemantic(std::string_view name, SignatureKind point);

}  // namespace sl::signature
