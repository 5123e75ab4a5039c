#include "core/signature/MetadataRecord.h"

namespace sl::signature {

SignatureMetadataRecord metadataRecord(const PackedSignature& signature, size_t elementIndex) {
  const SignatureElement& e = signature.elements[elementIndex];
  SignatureMetadataRecord r;
  r.sigId = e.sigId;
  r.name = e.semanticName;
  r.compType = static_cast<uint32_t>(e.compType);
  r.semanticKind = static_cast<uint32_t>(e.kind);
  r.semanticIndices = e.semanticIndices;
  r.interpMode = static_cast<uint32_t>(signature.recordedInterpMode(elementIndex));
  r.rows = e.rows;
  r.cols = static_cast<int8_t>(e.cols);
  r.startRow = e.startRow;
  r.startCol = e.startCol;
  r.usageMask = static_cast<int8_t>(e.usageMask);
  r.dynIndexMask = static_cast<int8_t>(e.dynIndexMask);
  r.gsStream = e.outputStream;
  return r;
}

std::string formatMetadataRecord(const SignatureMetadataRecord& r) {
  std::string indices = "!{";
  for (size_t i = 0; i < r.semanticIndices.size(); ++i)
    indices += (i ? ", i32 " : "i32 ") + std::to_string(r.semanticIndices[i]);
  indices += "}";
  auto i8 = [](int8_t v) { return "i8 " + std::to_string(static_cast<int>(v)); };
  auto i32 = [](auto v) { return "i32 " + std::to_string(v); };
  return "!{" + i32(r.sigId) + ", !\"" + r.name + "\", " + i32(r.compType) + ", " + i32(r.semanticKind) + ", " +
         indices + ", " + i32(r.interpMode) + ", " + i32(r.rows) + ", " + i8(r.cols) + ", " + i32(r.startRow) + ", " +
         i8(r.startCol) + ", " + i8(r.usageMask) + ", " + i8(r.dynIndexMask) + ", " + i32(r.gsStream) + "}";
}

}  // namespace sl::signature
