// Text in a table cell or a one-line bar, which ImGui cuts at the cell's (or window's) edge:
// when it is cut, hovering it shows the whole text, so nothing is out of reach in a narrow window.
#pragma once

#include <imgui.h>

#include <string_view>

namespace sl::views {

// Draws `text` (one line) where the cursor is; a tooltip holds the whole text when it does not fit.
void clippedText(std::string_view text);
void clippedTextColored(const ImVec4& color, std::string_view text);
// After any item drawn with `text` (a Selectable, a button): the same tooltip when it was cut.
void tooltipIfClipped(std::string_view text);

}  // namespace sl::views
