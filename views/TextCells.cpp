#include "views/TextCells.h"

#include <algorithm>
#include <cmath>

namespace sl::views {

CellWindow visibleCells(const ImDrawList* draw, float originX, float charWidth) {
  const ImVec2 min = draw->GetClipRectMin(), max = draw->GetClipRectMax();
  if (charWidth <= 0 || max.x <= min.x) return {};
  const float first = std::floor((min.x - originX) / charWidth) - 1.0f;
  const float last = std::ceil((max.x - originX) / charWidth) + 1.0f;
  CellWindow w;
  w.first = first <= 0 ? 0 : first >= 4.0e9f ? UINT32_MAX : uint32_t(first);
  w.last = last <= 0 ? 0 : last >= 4.0e9f ? UINT32_MAX : uint32_t(last);
  return w;
}

namespace {

bool isContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Length of a well-formed UTF-8 sequence at `at` (RFC 3629: no overlongs, surrogates or values
// past U+10FFFF), 0 when it is not one.
size_t utf8Length(std::string_view text, size_t at) {
  const unsigned char c = static_cast<unsigned char>(text[at]);
  size_t n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  if (n <= 1 || at + n > text.size()) return n == 1 ? 1 : 0;
  for (size_t k = 1; k < n; ++k)
    if (!isContinuation(static_cast<unsigned char>(text[at + k]))) return 0;
  const unsigned char c1 = static_cast<unsigned char>(text[at + 1]);
  if ((c == 0xE0 && c1 < 0xA0) || (c == 0xED && c1 > 0x9F) || (c == 0xF0 && c1 < 0x90) || (c == 0xF4 && c1 > 0x8F))
    return 0;
  return n;
}

}  // namespace

bool isPlaceholderByte(std::string_view text, size_t at) {
  const unsigned char c = static_cast<unsigned char>(text[at]);
  if (c < 0x20 || c == 0x7F) return true;
  return c >= 0x80 && !isContinuation(c) && utf8Length(text, at) == 0;
}

size_t cellBytes(std::string_view text, size_t at) {
  const size_t n = isPlaceholderByte(text, at) ? 1 : utf8Length(text, at);
  return n == 0 ? 1 : n;
}

void drawTextCells(ImDrawList* draw, float originX, float y, float charWidth, float lineHeight, std::string_view text,
                       uint32_t column, ImU32 color, CellWindow window) {
  size_t runBegin = 0, runEnd = 0;  // bytes of the pending run of ordinary text
  uint32_t runColumn = 0;
  auto flush = [&] {
    if (runEnd > runBegin)
      draw->AddText(ImVec2(originX + float(runColumn) * charWidth, y), color, text.data() + runBegin, text.data() + runEnd);
    runBegin = runEnd = 0;
  };
  const ImU32 boxColor = (color & ~IM_COL32_A_MASK) | (((color >> IM_COL32_A_SHIFT) & 0xFF) * 2 / 5) << IM_COL32_A_SHIFT;
  size_t at = 0;
  while (at < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[at]);
    if (isContinuation(c)) {  // a stray continuation byte: no cell, not drawn (as TextBuffer counts it)
      flush();
      ++at;
      continue;
    }
    const bool box = isPlaceholderByte(text, at);
    const size_t n = box ? 1 : utf8Length(text, at);
    if (column >= window.last) break;
    if (column >= window.first) {
      if (box) {
        flush();
        const float x = originX + float(column) * charWidth;
        draw->AddRectFilled(ImVec2(x + charWidth * 0.15f, y + lineHeight * 0.2f),
                            ImVec2(x + charWidth * 0.85f, y + lineHeight * 0.8f), boxColor);
      } else {
        if (runEnd == runBegin) {
          runBegin = at;
          runColumn = column;
        }
        runEnd = at + n;
      }
    }
    at += n;
    ++column;
  }
  flush();
}

}  // namespace sl::views
