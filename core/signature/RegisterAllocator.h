// The register-row model DXC packs signatures into (its DxilSignatureAllocator, restated): rows
// of four components; per row one interpolation mode, one data width and the dynamic-indexing
// shape; per free component the element classes that may no longer be placed there so that a
// row always reads Arb < SV/ClipCull/TessFactor < SGV from left to right. Search is first fit:
// rows ascending, then columns ascending. Internal to core/signature (Packing.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/signature/SignatureTypes.h"

namespace sl::signature {

// What the allocator knows about one element being placed.
struct PackItem {
  uint32_t id = 0;  // SigId: the last sort key of the optimized strategy
  uint32_t rows = 1;
  uint32_t cols = 1;
  InterpolationMode interp = InterpolationMode::Undefined;
  SemanticInterpretation interpretation = SemanticInterpretation::Arb;
  DataWidth width = DataWidth::Bits32;
  int row = -1;  // placement; -1 when not placed
  int col = -1;

  bool placed() const { return row >= 0; }
  void clear() { row = col = -1; }
};

class RegisterAllocator {
 public:
  explicit RegisterAllocator(unsigned numRows) : rows_(numRows) {}

  unsigned size() const { return static_cast<unsigned>(rows_.size()); }

  // Whether every row the item would cover from `row` accepts it (mode, width, indexing, room).
  bool rowsAccept(const PackItem& item, unsigned row) const;
  // Whether the item's columns from `col` are free and in legal component order in those rows.
  bool columnsAccept(const PackItem& item, unsigned row, unsigned col) const;
  void place(const PackItem& item, unsigned row, unsigned col);

  // First fit for `item` in rows [startRow, startRow + numRows) and columns from startCol.
  // Returns the row after the placement (row + rows) and sets row/col, or returns 0.
  unsigned findNext(const PackItem& item, unsigned startRow, unsigned numRows, unsigned startCol, unsigned& row,
                    unsigned& col) const;
  // findNext, then place and record the location in the item.
  unsigned packNext(PackItem& item, unsigned startRow, unsigned numRows, unsigned startCol = 0);
  // packNext for each item in order; returns the highest row-after-placement (0 if none placed).
  unsigned packGreedy(std::span<PackItem* const> items, unsigned startRow, unsigned numRows, unsigned startCol = 0);

  // A two-row allocator holding copies of rows `first` and `first + 1` (clip/cull trial fits).
  RegisterAllocator pairCopy(unsigned first) const;

 private:
  struct Row {
    uint8_t flags[kMaxSignatureCols] = {};  // occupied: element class; free: forbidden classes
    InterpolationMode interp = InterpolationMode::Undefined;
    uint8_t indexFlags = 0;  // the row is inside an indexed range reaching up and/or down
    bool indexingFixed = false;
    DataWidth width = DataWidth::Undefined;
  };
  static uint8_t classFlag(SemanticInterpretation interpretation);
  static uint8_t indexFlagsFor(unsigned rowInElement, unsigned rows);
  static bool rowAccepts(const Row& r, uint8_t cls, uint8_t indexFlags, InterpolationMode interp, unsigned width,
                         DataWidth dataWidth);

  std::vector<Row> rows_;
};

}  // namespace sl::signature
