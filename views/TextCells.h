// Monospaced text drawn cell by cell within ImGui's limits. A draw list with 16-bit indices holds
// 65,536 vertices (four per glyph), and ImGui's text functions emit every glyph of a string that
// falls inside the clip rect: a long line, a line of 300 NUL bytes or a binary file opened by
// mistake aborted the app. The text panels draw through here: only the cells the clip rect shows,
// control bytes and bytes that are not UTF-8 as a placeholder box (one cell, as they are counted).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <string_view>

namespace sl::views {

// Cells [first, last) of a row whose cell 0 is at `originX`, as far as the current clip rect of
// `draw` shows them (one cell of margin each side).
struct CellWindow {
  uint32_t first = 0, last = 0;
};
CellWindow visibleCells(const ImDrawList* draw, float originX, float charWidth);

// One cell per code point (a continuation byte is none); a control byte (below 0x20, and 0x7F) or
// a byte that does not start a valid UTF-8 sequence is one cell drawn as a box.
bool isPlaceholderByte(std::string_view text, size_t at);
// Bytes of the UTF-8 sequence starting at `at` (1 for ASCII and for a placeholder byte).
size_t cellBytes(std::string_view text, size_t at);

// Draws `text`, whose first cell is cell `column` of the row, with cell 0 at `originX`. Cells
// outside `window` are skipped (and the bytes after it not looked at); the rest cost at most one
// quad each.
void drawTextCells(ImDrawList* draw, float originX, float y, float charWidth, float lineHeight, std::string_view text,
                       uint32_t column, ImU32 color, CellWindow window);

}  // namespace sl::views
