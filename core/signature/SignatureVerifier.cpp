#include "core/signature/SignatureVerifier.h"

#include <array>
#include <string>

#include "core/signature/SemanticTable.h"

namespace sl::signature {
namespace {

using SI = SemanticInterpretation;

// Position of a class in the left-to-right component order of a row.
int orderRank(SI interpretation) {
  switch (interpretation) {
    case SI::Arb:
      return 0;
    case SI::SGV:
      return 2;
    default:
      return 1;  // SV, ClipCull, TessFactor, Target
  }
}

std::string nameOf(const SignatureElement& e) {
  return "'" + e.semanticName + std::to_string(e.firstSemanticIndex()) + "'";
}

struct Cell {
  int element = -1;
};

}  // namespace

std::vector<SignatureDiagnostic> verifySignature(const PackedSignature& s) {
  std::vector<SignatureDiagnostic> out;
  auto error = [&](int index, const char* code, std::string message) {
    out.push_back(SignatureDiagnostic{Severity::Error, code, std::move(message), index});
  };
  std::array<std::array<Cell, kMaxSignatureCols>, kMaxSignatureRows> grid{};
  std::array<bool, kMaxSignatureRows> indexedRow{};

  for (size_t i = 0; i < s.elements.size(); ++i) {
    const SignatureElement& e = s.elements[i];
    const int index = static_cast<int>(i);
    const SI interpretation = i < s.interpretations.size() ? s.interpretations[i] : SI::NA;
    if ((e.startRow == kUnallocatedRow) != (e.startCol == kUnallocatedCol)) {
      error(index, "verify-sentinel", "element " + nameOf(e) + " has only one of its row/column sentinels set");
      continue;
    }
    if (!e.isAllocated()) continue;
    if (!shouldBeAllocated(interpretation)) {
      error(index, "verify-not-allocatable",
            "element " + nameOf(e) + " is allocated but its semantic is " +
                std::string(interpretationName(interpretation)) + " here");
      continue;
    }
    if (e.startRow < 0 || e.startCol < 0 || static_cast<uint32_t>(e.startRow) + e.rows > kMaxSignatureRows ||
        static_cast<uint32_t>(e.startCol) + e.cols > kMaxSignatureCols) {
      error(index, "verify-out-of-range", "element " + nameOf(e) + " lies outside the 32 x 4 register space");
      continue;
    }
    if (interpretation == SI::Target &&
        (e.startCol != 0 || static_cast<uint32_t>(e.startRow) != e.firstSemanticIndex()))
      error(index, "verify-target-row",
            "SV_Target" + std::to_string(e.firstSemanticIndex()) + " must be at row " +
                std::to_string(e.firstSemanticIndex()) + ", column 0");
    for (uint32_t r = 0; r < e.rows; ++r) {
      const uint32_t row = static_cast<uint32_t>(e.startRow) + r;
      if (e.rows > 1) indexedRow[row] = true;
      for (uint32_t c = 0; c < e.cols; ++c) {
        Cell& cell = grid[row][static_cast<uint32_t>(e.startCol) + c];
        if (cell.element >= 0)
          error(index, "verify-overlap",
                "element " + nameOf(e) + " overlaps " + nameOf(s.elements[static_cast<size_t>(cell.element)]) +
                    " at row " + std::to_string(row));
        else
          cell.element = index;
      }
    }
  }
  if (s.packingKind != PackingKind::Vertex && s.packingKind != PackingKind::PatchConstant) return out;

  for (uint32_t row = 0; row < kMaxSignatureRows; ++row) {
    int previous = -1;
    for (uint32_t col = 0; col < kMaxSignatureCols; ++col) {
      const int index = grid[row][col].element;
      if (index < 0 || index == previous) continue;
      const SignatureElement& e = s.elements[static_cast<size_t>(index)];
      const SI interpretation = s.interpretations[static_cast<size_t>(index)];
      if ((interpretation == SI::SV || interpretation == SI::SGV) && indexedRow[row])
        error(index, "verify-indexed-sv",
              "system value " + nameOf(e) + " shares row " + std::to_string(row) + " with an indexed element");
      if (previous >= 0) {
        const SignatureElement& left = s.elements[static_cast<size_t>(previous)];
        if (left.interpMode != e.interpMode)
          error(index, "verify-row-interp",
                "signature element " + nameOf(e) +
                    " has interpolation mode that differs from another element "
                    "packed into the same row");
        if (dataWidthOf(left.compType, s.useMinPrecision) != dataWidthOf(e.compType, s.useMinPrecision))
          error(index, "verify-row-width",
                "signature element " + nameOf(e) + " mixes 16-bit and 32-bit components in row " + std::to_string(row));
        if (orderRank(s.interpretations[static_cast<size_t>(previous)]) > orderRank(interpretation))
          error(index, "verify-component-order",
                "signature element " + nameOf(e) + " breaks the component order arb < sv < sgv in row " +
                    std::to_string(row));
      }
      previous = index;
    }
  }
  return out;
}

}  // namespace sl::signature
