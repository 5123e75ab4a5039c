// Where a line of a text is after an edit, so breakpoints follow inserted and deleted lines:
// the lines before the first changed line and after the last one are the same lines; those
// after move by the change in line count; a line inside the changed block stays where it was
// (within the new text). One pass over both texts, no diff: cheap enough for every keystroke.
#pragma once

#include <cstdint>
#include <string_view>

namespace sl::views {

struct LineEdit {
  uint32_t prefix = 0;     // lines equal at the start
  uint32_t oldSuffixStart = 0;  // 0-based: the first old line of the equal tail
  uint32_t newLines = 0;   // lines of the new text
  int64_t delta = 0;       // new line count - old line count
};

LineEdit lineEditBetween(std::string_view before, std::string_view after);

// The 1-based `line` of `before` as a 1-based line of `after`.
uint32_t followLine(const LineEdit& edit, uint32_t line);

}  // namespace sl::views
