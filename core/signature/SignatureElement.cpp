#include "core/signature/SignatureElement.h"

namespace sl::signature {

uint8_t SignatureElement::declaredMask() const {
  const unsigned col = isAllocated() ? static_cast<unsigned>(startCol) : 0u;
  const unsigned width = cols > kMaxSignatureCols ? kMaxSignatureCols : cols;
  return static_cast<uint8_t>((((1u << width) - 1u) << col) & 0xFu);
}

void SignatureElement::noteAccess(unsigned col, bool dynamicRow) {
  if (col >= cols || col >= kMaxSignatureCols) return;
  usageMask |= static_cast<uint8_t>(1u << col);
  if (dynamicRow) dynIndexMask |= static_cast<uint8_t>(1u << col);
}

SignatureElement makeElement(uint32_t sigId, std::string semanticName, uint32_t firstIndex, SemanticKind kind,
                             ComponentType compType, uint32_t rows, uint8_t cols, InterpolationMode interpMode) {
  SignatureElement e;
  e.sigId = sigId;
  e.semanticName = std::move(semanticName);
  for (uint32_t r = 0; r < rows; ++r) e.semanticIndices.push_back(firstIndex + r);
  e.kind = kind;
  e.compType = compType;
  e.rows = rows;
  e.cols = cols;
  e.interpMode = interpMode;
  return e;
}

DataWidth dataWidthOf(ComponentType type, bool useMinPrecision) {
  if (is64Bit(type)) return DataWidth::Undefined;
  if (is16Bit(type)) return useMinPrecision ? DataWidth::Bits32 : DataWidth::Bits16;
  return DataWidth::Bits32;
}

}  // namespace sl::signature
