// One signature element: a single packed range of register rows with its semantic, type,
// interpolation and placement (seed 0047 "Signature Element"; the 13 metadata operands).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/signature/SignatureTypes.h"

namespace sl::signature {

constexpr int32_t kUnallocatedRow = -1;
constexpr int8_t kUnallocatedCol = -1;

struct SignatureElement {
  // Declaration-order position in its signature; the SigId operand of load.input/store.output.
  // pack() never reorders elements; it checks that sigId equals the element's position.
  uint32_t sigId = 0;
  // Canonical SV spelling for system values, the user's spelling for arbitrary semantics.
  std::string semanticName;
  // One semantic index per row (an array spans consecutive indices: TEXCOORD3 on float4[2] is
  // {3, 4}; struct-array flattening may give non-consecutive ones).
  std::vector<uint32_t> semanticIndices;
  SemanticKind kind = SemanticKind::Arbitrary;
  ComponentType compType = ComponentType::F32;
  uint32_t rows = 1;  // array extent (1 for scalars and vectors); equals semanticIndices.size()
  uint8_t cols = 1;   // vector width (1 for scalars), 1..4
  // A column-major matrix (DXC's default): the element's rows are the matrix's columns (R x C
  // gives C rows of R components), so a DXIL lowering reads register row r, component c as
  // m[c][r]. Only the shape says nothing for square matrices; this says which mapping holds.
  bool columnMajorMatrix = false;
  // The mode the pixel shader interpolates with (ResolvedInterpolation::packing). pack() groups
  // rows by it; the mode written to metadata comes from recordedMode() (Interpolation.h).
  InterpolationMode interpMode = InterpolationMode::Undefined;
  uint32_t outputStream = 0;  // GS stream, 0 elsewhere
  // Element-relative masks (bit 0 = the element's first column), as DXC's metadata has them;
  // shifted by startCol only when container fields are derived (SignatureTable.h).
  uint8_t usageMask = 0;     // columns read (inputs) / written (outputs) at least once
  uint8_t dynIndexMask = 0;  // columns accessed with a non-constant row index
  // Placement, set by pack(); both sentinels together mean "not allocated".
  int32_t startRow = kUnallocatedRow;
  int8_t startCol = kUnallocatedCol;

  bool isAllocated() const { return startRow != kUnallocatedRow && startCol != kUnallocatedCol; }
  // The element's columns in register coordinates (StartCol 0 assumed when unallocated).
  uint8_t declaredMask() const;
  // Records one load/store of element column `col`; `dynamicRow` when the row index is not a
  // constant. Columns outside the element are ignored (pack() diagnoses stray mask bits).
  void noteAccess(unsigned col, bool dynamicRow);
  uint32_t firstSemanticIndex() const { return semanticIndices.empty() ? 0 : semanticIndices.front(); }
};

// An unallocated element spanning `rows` consecutive semantic indices from `firstIndex`.
SignatureElement makeElement(uint32_t sigId, std::string semanticName, uint32_t firstIndex, SemanticKind kind,
                             ComponentType compType, uint32_t rows, uint8_t cols,
                             InterpolationMode interpMode = InterpolationMode::Undefined);

// The register width class of a component type: native 16-bit types occupy 16-bit rows; with
// min precision (no -enable-16bit-types), bool and 32-bit types, rows are 32-bit. 64-bit types
// have no width (they are rejected before packing).
DataWidth dataWidthOf(ComponentType type, bool useMinPrecision);

}  // namespace sl::signature
