#include "core/signature/RowPacking.h"

#include <algorithm>
#include <array>
#include <vector>

namespace sl::signature {
namespace {

using SI = SemanticInterpretation;

// The optimized order: interpolation mode, then taller, then wider, then declaration order.
bool packsBefore(const PackItem* a, const PackItem* b) {
  if (a->interp != b->interp) return static_cast<unsigned>(a->interp) < static_cast<unsigned>(b->interp);
  if (a->rows != b->rows) return a->rows > b->rows;
  if (a->cols != b->cols) return a->cols > b->cols;
  return a->id < b->id;
}

void sortForPacking(std::vector<PackItem*>& items) {
  std::sort(items.begin(), items.end(), packsBefore);
}

// A whole-row placeholder that reserves signature space for clip/cull grid rows.
PackItem clipCullPlaceholder(const PackItem& like, uint32_t rows, uint32_t cols) {
  PackItem p;
  p.id = like.id;
  p.rows = rows;
  p.cols = cols;
  p.interp = like.interp;
  p.interpretation = SI::ClipCull;
  p.width = like.width;
  return p;
}

// Optimized, no multi-row clip/cull element: pack them into a private two-row grid, then place
// each grid row's elements as one contiguous run at the first compatible spot of the signature.
void placeClipCullRuns(RegisterAllocator& allocator, const std::vector<PackItem*>& clipCull, unsigned startRow) {
  RegisterAllocator grid(kMaxClipCullRows);
  grid.packGreedy(clipCull, 0, kMaxClipCullRows);
  std::array<std::vector<PackItem*>, kMaxClipCullRows> byRow;
  for (PackItem* item : clipCull) {
    if (!item->placed()) continue;
    byRow[static_cast<unsigned>(item->row)].push_back(item);
    item->clear();
  }
  for (const std::vector<PackItem*>& run : byRow) {
    if (run.empty()) continue;
    uint32_t cols = 0;
    for (const PackItem* item : run) cols += item->cols;
    const PackItem probe = clipCullPlaceholder(*run.front(), 1, cols);
    bool placed = false;
    for (unsigned row = startRow; row < allocator.size() && !placed; ++row) {
      if (!allocator.rowsAccept(probe, row)) continue;
      for (unsigned col = 0; col + cols <= kMaxSignatureCols; ++col) {
        if (!allocator.columnsAccept(probe, row, col)) continue;
        unsigned at = col;
        for (PackItem* item : run) {
          allocator.place(*item, row, at);
          item->row = static_cast<int>(row);
          item->col = static_cast<int>(at);
          at += item->cols;
        }
        placed = true;
        break;
      }
    }
  }
}

// Optimized with a multi-row clip/cull element: try every pair of adjacent rows, packing all
// clip/cull elements into a copy of the pair; the first pair that takes them all gets them.
void placeClipCullInRowPair(RegisterAllocator& allocator, const std::vector<PackItem*>& clipCull, unsigned startRow) {
  for (unsigned row = startRow; row + 1 < allocator.size(); ++row) {
    RegisterAllocator trial = allocator.pairCopy(row);
    trial.packGreedy(clipCull, 0, kMaxClipCullRows);
    const bool all = std::all_of(clipCull.begin(), clipCull.end(), [](const PackItem* i) { return i->placed(); });
    for (PackItem* item : clipCull) item->clear();
    if (all) {
      allocator.packGreedy(clipCull, row, kMaxClipCullRows);
      return;
    }
  }
}

}  // namespace

void packPrefixStable(RegisterAllocator& allocator, std::span<PackItem* const> items) {
  const unsigned numRows = allocator.size();
  // Clip/cull elements are packed into a private two-row grid; each grid row in use is backed by
  // a reserved whole signature row, so nothing else shares it.
  RegisterAllocator grid(kMaxClipCullRows);
  std::array<PackItem, kMaxClipCullRows> reserved;
  unsigned gridRowsUsed = 0;
  bool gridIndexed = false;

  for (PackItem* item : items) {
    item->clear();
    if (item->interpretation == SI::ClipCull) {
      unsigned gridRow = 0, gridCol = 0;
      const unsigned used = grid.findNext(*item, 0, kMaxClipCullRows, 0, gridRow, gridCol);
      if (!used) continue;
      if (item->rows > 1 && !gridIndexed) {
        // An indexed element needs its two backing rows adjacent.
        if (gridRowsUsed == kMaxClipCullRows && reserved[0].row + 1 != reserved[1].row) continue;
        gridIndexed = true;
      }
      if (used > gridRowsUsed && gridRowsUsed < kMaxClipCullRows) {
        PackItem& placeholder = reserved[gridRowsUsed];
        placeholder = clipCullPlaceholder(*item, 1, kMaxSignatureCols);
        if (gridIndexed) {
          if (gridRowsUsed == 0) {
            placeholder.rows = kMaxClipCullRows;
            allocator.packNext(placeholder, 0, numRows);
            if (!placeholder.placed()) continue;
            reserved[1] = placeholder;
            reserved[1].row = placeholder.row + 1;
            reserved[1].rows = 1;
          } else {
            // The second backing row must directly follow the first. (DXC searches further down
            // here and could produce overlapping rows; we refuse instead, see docs/signatures.md.)
            allocator.packNext(placeholder, static_cast<unsigned>(reserved[0].row) + 1, 1);
            if (!placeholder.placed()) continue;
          }
          gridRowsUsed = kMaxClipCullRows;
        } else {
          allocator.packNext(placeholder, 0, numRows);
          if (!placeholder.placed()) continue;
          gridRowsUsed = used;
        }
      }
      grid.place(*item, gridRow, gridCol);
      item->row = reserved[gridRow].row;
      item->col = static_cast<int>(gridCol);
      continue;
    }
    // Multi-row tess factors go to the last column so other elements can share their rows.
    const unsigned startCol = (item->interpretation == SI::TessFactor && item->rows > 1) ? 3 : 0;
    allocator.packNext(*item, 0, numRows, startCol);
  }
}

void packOptimized(RegisterAllocator& allocator, std::span<PackItem* const> items) {
  std::vector<PackItem*> vec4, arbitrary, systemValues, generated, indexedTess, clipCull;
  for (PackItem* item : items) {
    item->clear();
    switch (item->interpretation) {
      case SI::Arb:
        (item->cols == kMaxSignatureCols ? vec4 : arbitrary).push_back(item);
        break;
      case SI::SV:
        (item->cols == kMaxSignatureCols ? vec4 : systemValues).push_back(item);
        break;
      case SI::SGV:
        generated.push_back(item);
        break;
      case SI::TessFactor:
        (item->rows > 1 ? indexedTess : systemValues).push_back(item);
        break;
      case SI::ClipCull:
        clipCull.push_back(item);
        break;
      default:
        break;
    }
  }
  for (auto* group : {&vec4, &arbitrary, &systemValues, &generated, &indexedTess, &clipCull}) sortForPacking(*group);

  const unsigned numRows = allocator.size();
  unsigned startRow = 0;
  // Whole-row elements first; everything else starts below them.
  startRow = std::max(startRow, allocator.packGreedy(vec4, 0, numRows));
  allocator.packGreedy(indexedTess, startRow, numRows, 3);
  allocator.packGreedy(arbitrary, startRow, numRows);
  allocator.packGreedy(systemValues, startRow, numRows);
  const bool anyMultiRow = std::any_of(clipCull.begin(), clipCull.end(), [](const PackItem* i) { return i->rows > 1; });
  if (!clipCull.empty()) {
    if (anyMultiRow)
      placeClipCullInRowPair(allocator, clipCull, startRow);
    else
      placeClipCullRuns(allocator, clipCull, startRow);
  }
  allocator.packGreedy(generated, startRow, numRows);
}

}  // namespace sl::signature
