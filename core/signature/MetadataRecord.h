// The 13 operands of a seed-0047 signature element node:
//   !{i32 SigId, !"Name", i32 CompType, i32 SemanticKind, !{i32 indices...}, i32 InterpMode,
//     i32 Rows, i8 Cols, i32 StartRow, i8 StartCol, i8 UsageMask, i8 DynIndexMask, i32 GSStream}
// InterpMode is the recorded mode (seed rule 3), not the packing mode.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/signature/Packing.h"

namespace sl::signature {

struct SignatureMetadataRecord {
  uint32_t sigId = 0;
  std::string name;
  uint32_t compType = 0;
  uint32_t semanticKind = 0;
  std::vector<uint32_t> semanticIndices;
  uint32_t interpMode = 0;
  uint32_t rows = 0;
  int8_t cols = 0;
  int32_t startRow = -1;
  int8_t startCol = -1;
  int8_t usageMask = 0;
  int8_t dynIndexMask = 0;
  uint32_t gsStream = 0;
};

SignatureMetadataRecord metadataRecord(const PackedSignature& signature, size_t elementIndex);

// The node as LLVM prints it, with the index list inline:
// !{i32 0, !"SV_Position", i32 9, i32 3, !{i32 0}, i32 4, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}
std::string formatMetadataRecord(const SignatureMetadataRecord& record);

}  // namespace sl::signature
