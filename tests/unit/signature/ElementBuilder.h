// Builds signature elements the way entry-point IR generation will: from the semantic as written,
// the leaf type and the interpolation modifiers, resolved for one signature point. The corpus
// tests describe each upstream test's HLSL declarations with it.
#pragma once

#include <string>
#include <vector>

#include "core/signature/Interpolation.h"
#include "core/signature/Packing.h"

namespace sl::signature::test {

struct Decl {
  std::string semantic;  // as written: "TEXCOORD1", "SV_Target3", "First"
  ComponentType type = ComponentType::F32;
  uint8_t cols = 1;
  uint32_t rows = 1;
  InterpolationModifiers modifiers{};  // the effective set for the leaf
  int usage = -1;                      // element-relative usage mask; -1 = every column
  std::vector<uint32_t> indices{};     // explicit semantic indices (struct-array flattening)
};

std::vector<SignatureElement> buildSignature(const std::vector<Decl>& decls, SignatureKind point);

// pack(buildSignature(decls, point), point, strategy, options).
PackedSignature packDecls(const std::vector<Decl>& decls, SignatureKind point,
                          PackingStrategy strategy = PackingStrategy::Default, const PackOptions& options = {});

// The element called `name` with first semantic index `index` (fails the test if absent).
const SignatureElement& findElement(const PackedSignature& signature, const std::string& name, uint32_t index = 0);

// The printed table rows (lines starting "; <name>"), without header, footer or trailing spaces.
std::vector<std::string> printedRows(const PackedSignature& signature);

}  // namespace sl::signature::test
