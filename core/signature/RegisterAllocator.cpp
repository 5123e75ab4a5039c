#include "core/signature/RegisterAllocator.h"

#include <algorithm>

namespace sl::signature {
namespace {

constexpr uint8_t kOccupied = 1u << 0;
constexpr uint8_t kArb = 1u << 1;
constexpr uint8_t kSGV = 1u << 2;
constexpr uint8_t kSV = 1u << 3;
constexpr uint8_t kTessFactor = 1u << 4;
constexpr uint8_t kClipCull = 1u << 5;
// System values may not sit in a dynamically indexed row, and fix the row's indexing once placed.
constexpr uint8_t kIndexSensitive = kSGV | kSV;

constexpr uint8_t kIndexedUp = 1u << 0;
constexpr uint8_t kIndexedDown = 1u << 1;

// Classes that may no longer go left of an element of class `cls`.
uint8_t forbiddenLeftOf(uint8_t cls) {
  uint8_t out = 0;
  if (cls & kArb) out |= kSGV | kSV | kTessFactor | kClipCull;
  if (cls & (kSV | kTessFactor | kClipCull)) out |= kSGV;
  return out;
}

// Classes that may no longer go right of an element of class `cls`.
uint8_t forbiddenRightOf(uint8_t cls) {
  uint8_t out = 0;
  if (cls & kSGV) out |= kArb | kSV | kTessFactor | kClipCull;
  if (cls & (kSV | kTessFactor | kClipCull)) out |= kArb;
  return out;
}

}  // namespace

uint8_t RegisterAllocator::classFlag(SemanticInterpretation interpretation) {
  switch (interpretation) {
    case SemanticInterpretation::Arb:
      return kArb;
    case SemanticInterpretation::SV:
      return kSV;
    case SemanticInterpretation::SGV:
      return kSGV;
    case SemanticInterpretation::TessFactor:
      return kTessFactor;
    case SemanticInterpretation::ClipCull:
      return kClipCull;
    default:
      return kArb;  // callers only pass allocatable interpretations
  }
}

uint8_t RegisterAllocator::indexFlagsFor(unsigned rowInElement, unsigned rows) {
  return static_cast<uint8_t>((rowInElement > 0 ? kIndexedUp : 0) | (rowInElement + 1 < rows ? kIndexedDown : 0));
}

bool RegisterAllocator::rowAccepts(const Row& r, uint8_t cls, uint8_t indexFlags, InterpolationMode interp,
                                   unsigned width, DataWidth dataWidth) {
  if (r.indexFlags && (cls & kIndexSensitive)) return false;
  if (r.indexingFixed && (indexFlags | r.indexFlags) != r.indexFlags) return false;
  // A tess factor's indexed range must contain everything already indexed in the row.
  if ((cls & kTessFactor) && (indexFlags | r.indexFlags) != indexFlags) return false;
  if (r.interp != InterpolationMode::Undefined && r.interp != interp) return false;
  if (r.width != DataWidth::Undefined && r.width != dataWidth) return false;
  unsigned run = 0;
  for (unsigned c = 0; c < kMaxSignatureCols; ++c) {
    run = ((r.flags[c] & kOccupied) || (r.flags[c] & cls)) ? 0 : run + 1;
    if (run >= width) return true;
  }
  return false;
}

bool RegisterAllocator::rowsAccept(const PackItem& item, unsigned row) const {
  if (row + item.rows > rows_.size()) return false;
  const uint8_t cls = classFlag(item.interpretation);
  for (unsigned i = 0; i < item.rows; ++i)
    if (!rowAccepts(rows_[row + i], cls, indexFlagsFor(i, item.rows), item.interp, item.cols, item.width)) return false;
  return true;
}

bool RegisterAllocator::columnsAccept(const PackItem& item, unsigned row, unsigned col) const {
  if (col + item.cols > kMaxSignatureCols) return false;
  const uint8_t blocking = classFlag(item.interpretation) | kOccupied;
  for (unsigned i = 0; i < item.rows; ++i)
    for (unsigned c = col; c < col + item.cols; ++c)
      if (rows_[row + i].flags[c] & blocking) return false;
  return true;
}

void RegisterAllocator::place(const PackItem& item, unsigned row, unsigned col) {
  const uint8_t cls = classFlag(item.interpretation);
  const uint8_t left = forbiddenLeftOf(cls);
  const uint8_t right = forbiddenRightOf(cls);
  for (unsigned i = 0; i < item.rows; ++i) {
    Row& r = rows_[row + i];
    r.interp = item.interp;
    r.indexFlags |= indexFlagsFor(i, item.rows);
    r.width = item.width;
    if (cls & (kIndexSensitive | kTessFactor)) r.indexingFixed = true;
    for (unsigned c = 0; c < kMaxSignatureCols; ++c) {
      if (r.flags[c] & kOccupied) continue;
      if (c < col)
        r.flags[c] |= left;
      else if (c < col + item.cols)
        r.flags[c] = static_cast<uint8_t>(kOccupied | cls);
      else
        r.flags[c] |= right;
    }
  }
}

unsigned RegisterAllocator::findNext(const PackItem& item, unsigned startRow, unsigned numRows, unsigned startCol,
                                     unsigned& foundRow, unsigned& foundCol) const {
  if (item.rows > numRows || item.cols == 0 || startCol + item.cols > kMaxSignatureCols) return 0;
  for (unsigned row = startRow; row + item.rows <= startRow + numRows; ++row) {
    if (!rowsAccept(item, row)) continue;
    for (unsigned col = startCol; col + item.cols <= kMaxSignatureCols; ++col) {
      if (!columnsAccept(item, row, col)) continue;
      foundRow = row;
      foundCol = col;
      return row + item.rows;
    }
  }
  return 0;
}

unsigned RegisterAllocator::packNext(PackItem& item, unsigned startRow, unsigned numRows, unsigned startCol) {
  unsigned row = 0, col = 0;
  const unsigned end = findNext(item, startRow, numRows, startCol, row, col);
  if (end) {
    place(item, row, col);
    item.row = static_cast<int>(row);
    item.col = static_cast<int>(col);
  }
  return end;
}

unsigned RegisterAllocator::packGreedy(std::span<PackItem* const> items, unsigned startRow, unsigned numRows,
                                       unsigned startCol) {
  unsigned end = 0;
  for (PackItem* item : items) end = std::max(end, packNext(*item, startRow, numRows, startCol));
  return end;
}

RegisterAllocator RegisterAllocator::pairCopy(unsigned first) const {
  RegisterAllocator copy(kMaxClipCullRows);
  for (unsigned i = 0; i < kMaxClipCullRows && first + i < rows_.size(); ++i) copy.rows_[i] = rows_[first + i];
  return copy;
}

}  // namespace sl::signature
