// Diff mode: what a stage changed against the previous stage, as a line diff. Lines are compared
// after dropping the printer's trailing location comments ("  // file:line:col"), so a pass that
// keeps an instruction but not its place does not show as a change. Common prefix and suffix are
// cut first; the rest is an LCS diff, bounded so a huge stage cannot stall the UI (past the
// bound the middle is shown as removed then added).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sl::views {

enum class DiffKind : uint8_t { Same, Removed, Added };

struct DiffLine {
  DiffKind kind = DiffKind::Same;
  std::string_view text;  // into the text it came from
  uint32_t oldLine = 0;   // 1-based, 0 for Added
  uint32_t newLine = 0;   // 1-based, 0 for Removed
};

struct StageDiff {
  std::vector<DiffLine> lines;
  size_t added = 0;
  size_t removed = 0;
  bool approximate = false;  // the bound was hit
};

// The line without a trailing "  // ..." location comment and trailing blanks.
std::string_view withoutLocation(std::string_view line);

StageDiff diffStages(std::string_view before, std::string_view after, size_t maxCells = 16u << 20);

}  // namespace sl::views
