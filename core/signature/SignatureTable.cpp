#include "core/signature/SignatureTable.h"

#include <algorithm>
#include <map>

namespace sl::signature {

ContainerSystemValue containerSystemValue(SemanticKind kind, SemanticInterpretation interpretation) {
  using CSV = ContainerSystemValue;
  if (interpretation == SemanticInterpretation::Arb) return CSV::Undefined;
  switch (kind) {
    case SemanticKind::Position:
      return CSV::Position;
    case SemanticKind::ClipDistance:
      return CSV::ClipDistance;
    case SemanticKind::CullDistance:
      return CSV::CullDistance;
    case SemanticKind::RenderTargetArrayIndex:
      return CSV::RenderTargetArrayIndex;
    case SemanticKind::ViewportArrayIndex:
      return CSV::ViewportArrayIndex;
    case SemanticKind::VertexID:
      return CSV::VertexID;
    case SemanticKind::PrimitiveID:
      return CSV::PrimitiveID;
    case SemanticKind::InstanceID:
      return CSV::InstanceID;
    case SemanticKind::IsFrontFace:
      return CSV::IsFrontFace;
    case SemanticKind::SampleIndex:
      return CSV::SampleIndex;
    case SemanticKind::Barycentrics:
      return CSV::Barycentrics;
    case SemanticKind::ShadingRate:
      return CSV::ShadingRate;
    case SemanticKind::CullPrimitive:
      return CSV::CullPrimitive;
    case SemanticKind::Target:
      return CSV::Target;
    case SemanticKind::Depth:
      return CSV::Depth;
    case SemanticKind::Coverage:
      return CSV::Coverage;
    case SemanticKind::DepthGreaterEqual:
      return CSV::DepthGreaterEqual;
    case SemanticKind::DepthLessEqual:
      return CSV::DepthLessEqual;
    case SemanticKind::StencilRef:
      return CSV::StencilRef;
    case SemanticKind::InnerCoverage:
      return CSV::InnerCoverage;
    default:
      return CSV::Undefined;  // tess factors depend on the domain: not modelled yet
  }
}

ContainerComponentType containerComponentType(ComponentType type) {
  using CCT = ContainerComponentType;
  switch (type) {
    case ComponentType::I1:
      return CCT::UInt32;
    case ComponentType::I16:
      return CCT::SInt16;
    case ComponentType::U16:
      return CCT::UInt16;
    case ComponentType::I32:
      return CCT::SInt32;
    case ComponentType::U32:
      return CCT::UInt32;
    case ComponentType::I64:
      return CCT::SInt64;
    case ComponentType::U64:
      return CCT::UInt64;
    case ComponentType::F16:
    case ComponentType::SNormF16:
    case ComponentType::UNormF16:
      return CCT::Float16;
    case ComponentType::F32:
    case ComponentType::SNormF32:
    case ComponentType::UNormF32:
      return CCT::Float32;
    case ComponentType::F64:
    case ComponentType::SNormF64:
    case ComponentType::UNormF64:
      return CCT::Float64;
    case ComponentType::PackedS8x32:
    case ComponentType::PackedU8x32:
      return CCT::UInt32;
    default:
      return CCT::Unknown;
  }
}

uint32_t minPrecisionOf(ComponentType type, bool useMinPrecision) {
  if (!useMinPrecision) return 0;
  switch (type) {
    case ComponentType::F16:
      return 1;
    case ComponentType::I16:
      return 4;
    case ComponentType::U16:
      return 5;
    default:
      return 0;
  }
}

static uint8_t shiftedUsage(const SignatureElement& e) {
  const unsigned col = e.isAllocated() ? static_cast<unsigned>(e.startCol) : 0u;
  return static_cast<uint8_t>((static_cast<unsigned>(e.usageMask) << col) & 0xFu);
}

uint8_t alwaysReadsMask(const SignatureElement& e) {
  return shiftedUsage(e);
}

uint8_t neverWritesMask(const SignatureElement& e) {
  return static_cast<uint8_t>(~shiftedUsage(e) & 0xFu);
}

std::vector<SignatureTableRow> signatureTableRows(const PackedSignature& signature) {
  const bool input = isInputSignature(signature.kind);
  std::vector<SignatureTableRow> rows;
  std::map<std::string, size_t> nameOffset;  // de-duplicated pool: first occurrence wins
  std::vector<size_t> offsets;
  for (size_t i = 0; i < signature.elements.size(); ++i) {
    const SignatureElement& e = signature.elements[i];
    const SemanticInterpretation interpretation =
        i < signature.interpretations.size() ? signature.interpretations[i] : SemanticInterpretation::NA;
    if (interpretation == SemanticInterpretation::NA || interpretation == SemanticInterpretation::NotInSig) continue;
    const size_t offset = nameOffset.emplace(e.semanticName, nameOffset.size()).first->second;
    for (uint32_t r = 0; r < e.rows; ++r) {
      SignatureTableRow row;
      row.stream = e.outputStream;
      row.semanticName = e.semanticName;
      row.semanticIndex = r < e.semanticIndices.size() ? e.semanticIndices[r] : 0;
      row.systemValue = containerSystemValue(e.kind, interpretation);
      row.compType = containerComponentType(e.compType);
      row.reg = e.isAllocated() ? static_cast<uint32_t>(e.startRow) + r : kUnallocatedRegister;
      row.mask = e.declaredMask();
      row.alwaysReadsOrNeverWrites = input ? alwaysReadsMask(e) : neverWritesMask(e);
      row.minPrecision = minPrecisionOf(e.compType, signature.useMinPrecision);
      row.elementIndex = i;
      row.rowInElement = r;
      rows.push_back(std::move(row));
      offsets.push_back(offset);
    }
  }
  std::vector<size_t> order(rows.size());
  for (size_t k = 0; k < order.size(); ++k) order[k] = k;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (rows[a].stream != rows[b].stream) return rows[a].stream < rows[b].stream;
    if (rows[a].reg != rows[b].reg) return rows[a].reg < rows[b].reg;
    return offsets[a] < offsets[b];
  });
  std::vector<SignatureTableRow> sorted;
  sorted.reserve(rows.size());
  for (size_t k : order) sorted.push_back(std::move(rows[k]));
  return sorted;
}

}  // namespace sl::signature
