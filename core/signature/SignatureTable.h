// The container view of a packed signature: one entry per element row, as ISG1/OSG1 store them
// (shared/design/dxil.md §2.4-2.7). The DXIL container writer serializes these; the printer
// (SignaturePrinter.h) renders them as `dxc -Fc` does.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/signature/Packing.h"

namespace sl::signature {

constexpr uint32_t kUnallocatedRegister = 0xFFFFFFFFu;

struct SignatureTableRow {
  uint32_t stream = 0;
  std::string semanticName;
  uint32_t semanticIndex = 0;
  ContainerSystemValue systemValue = ContainerSystemValue::Undefined;
  ContainerComponentType compType = ContainerComponentType::Unknown;
  uint32_t reg = kUnallocatedRegister;  // register row, or kUnallocatedRegister
  uint8_t mask = 0;                     // declared columns, register-relative
  // Register-relative AlwaysReads mask (input signatures) or NeverWrites mask (output signatures).
  uint8_t alwaysReadsOrNeverWrites = 0;
  uint32_t minPrecision = 0;  // DXC MinPrecision: Default 0, Float16 1, SInt16 4, UInt16 5
  // Where the row comes from.
  size_t elementIndex = 0;
  uint32_t rowInElement = 0;
};

// One entry per row of every element that is part of the signature (NA and NotInSig elements are
// left out; NotPacked and Shadow ones appear with kUnallocatedRegister), sorted as DXC sorts the
// container part: by stream, register, then the semantic name's offset in the de-duplicated name
// pool (first occurrence in element order); ties keep element/row order.
std::vector<SignatureTableRow> signatureTableRows(const PackedSignature& signature);

ContainerSystemValue containerSystemValue(SemanticKind kind, SemanticInterpretation interpretation);
// I1 maps to UInt32 (validator 1.5 and later).
ContainerComponentType containerComponentType(ComponentType type);
uint32_t minPrecisionOf(ComponentType type, bool useMinPrecision);

// Container masks from element-relative usage (DXC's container assembler):
// AlwaysReads = usage << startCol; NeverWrites = ~(usage << startCol) & 0xF.
uint8_t alwaysReadsMask(const SignatureElement& e);
uint8_t neverWritesMask(const SignatureElement& e);

}  // namespace sl::signature
