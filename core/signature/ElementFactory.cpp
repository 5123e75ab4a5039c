#include "core/signature/ElementFactory.h"

#include "core/signature/SemanticTable.h"

namespace sl::signature {

LeafElement makeLeafElement(uint32_t sigId, const LeafDeclaration& leaf, SignatureKind point) {
  LeafElement out;
  const SplitSemantic split = splitSemantic(leaf.semantic);
  const ResolvedSemantic resolved = resolveSemantic(split.name, point);
  if (resolved.diagnostic) out.diagnostics.push_back(*resolved.diagnostic);
  const ResolvedInterpolation interp = resolveInterpolation(leaf.modifiers, leaf.type, resolved.kind, point);
  out.element =
      makeElement(sigId, resolved.name, split.index, resolved.kind, leaf.type, leaf.rows, leaf.cols, interp.packing);
  if (!leaf.semanticIndices.empty()) out.element.semanticIndices = leaf.semanticIndices;
  return out;
}

}  // namespace sl::signature
