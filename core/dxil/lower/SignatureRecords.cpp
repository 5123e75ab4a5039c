#include "core/dxil/lower/SignatureRecords.h"

namespace sl::dxil {

DxcSignature dxcSignature(const signature::PackedSignature& packed) {
  using SI = signature::SemanticInterpretation;
  DxcSignature out;
  out.packed = packed;  // kind, packing, strategy, rows used, diagnostics; the elements are rebuilt
  out.packed.elements.clear();
  out.packed.interpretations.clear();
  auto add = [&](signature::SignatureElement e, SI interpretation) {
    e.sigId = uint32_t(out.packed.elements.size());
    out.packed.elements.push_back(std::move(e));
    out.packed.interpretations.push_back(interpretation);
  };
  for (size_t i = 0; i < packed.elements.size(); ++i) {
    const signature::SignatureElement& e = packed.elements[i];
    const SI interpretation = i < packed.interpretations.size() ? packed.interpretations[i] : SI::Arb;
    DxcSignature::FromSeed& map = out.fromSeed.emplace_back();
    if (interpretation == SI::NotInSig || interpretation == SI::NA) continue;
    map.first = int32_t(out.packed.elements.size());
    if (interpretation != SI::Target || e.rows <= 1 || e.semanticIndices.size() != e.rows) {
      add(e, interpretation);
      continue;
    }
    map.splitRows = true;
    for (uint32_t r = 0; r < e.rows; ++r) {
      signature::SignatureElement row = e;
      row.rows = 1;
      row.semanticIndices = {e.semanticIndices[r]};
      if (e.isAllocated()) row.startRow = e.startRow + int32_t(r);
      row.dynIndexMask = 0;  // one row: nothing left to index
      row.columnMajorMatrix = false;
      add(std::move(row), interpretation);
    }
  }
  return out;
}

std::vector<signature::SignatureMetadataRecord> seedSignatureRecords(const signature::PackedSignature& packed) {
  std::vector<signature::SignatureMetadataRecord> records;
  for (size_t i = 0; i < packed.elements.size(); ++i) records.push_back(signature::metadataRecord(packed, i));
  return records;
}

std::vector<signature::SignatureMetadataRecord> dxcSignatureRecords(const signature::PackedSignature& packed) {
  std::vector<signature::SignatureMetadataRecord> records = seedSignatureRecords(packed);
  for (size_t i = 0; i < records.size(); ++i) records[i].interpMode = uint32_t(packed.elements[i].interpMode);
  return records;
}

std::vector<SignatureElementRecord> containerSignatureRecords(const signature::PackedSignature& packed) {
  std::vector<SignatureElementRecord> records;
  for (size_t i = 0; i < packed.elements.size(); ++i) {
    const signature::SignatureElement& e = packed.elements[i];
    SignatureElementRecord r;
    r.name = e.semanticName;
    r.semanticIndices = e.semanticIndices;
    // Both enum sets carry DXC's numbering (SignatureTypes.h, ContainerParts.h).
    r.kind = SemanticKind(uint8_t(e.kind));
    r.interpretation = i < packed.interpretations.size() ? SemanticInterpretation(uint8_t(packed.interpretations[i]))
                                                         : SemanticInterpretation::Arb;
    r.componentType = ComponentType(uint8_t(e.compType));
    r.interpolation = InterpolationMode(uint8_t(e.interpMode));
    r.rows = uint8_t(e.rows);
    r.cols = e.cols;
    r.startRow = e.isAllocated() ? e.startRow : -1;
    r.startCol = e.isAllocated() ? e.startCol : -1;
    r.usageMask = e.usageMask;
    r.dynamicIndexMask = e.dynIndexMask;
    r.outputStream = uint8_t(e.outputStream);
    records.push_back(std::move(r));
  }
  return records;
}

}  // namespace sl::dxil
