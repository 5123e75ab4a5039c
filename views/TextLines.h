// Line bookkeeping shared by the text panels: where each line starts, and which HLSL lines carry
// diagnostics (for gutter markers). Independent of ImGui so it is unit-tested directly.
#pragma once

#include "core/support/Diagnostic.h"

#include <cstdint>
#include <map>
#include <string_view>
#include <vector>

namespace sl::views {

// The lines of `text` as views into it, without their '\n' (a final empty line is kept when the
// text ends with '\n', as an editor shows it).
std::vector<std::string_view> splitLines(std::string_view text);

// Byte offset of (line, column), both 1-based, clamped into `text`; column 0 means line start.
size_t offsetOfLineColumn(std::string_view text, uint32_t line, uint32_t column);

// 1-based line that byte `offset` falls on.
uint32_t lineOfOffset(std::string_view text, size_t offset);

// Whether two spellings name the same file: the preprocessor reports absolute paths while the
// document may have been opened by a relative one.
bool sameFile(std::string_view a, std::string_view b);

// The diagnostics located in `fileName`, by 1-based line. Notes count too (with their own
// severity); a line keeps its most severe diagnostic first.
struct LineMarker {
  Severity severity = Severity::Note;
  std::vector<const Diagnostic*> diagnostics;  // pointers into the snapshot that holds them
};
std::map<uint32_t, LineMarker> markersForFile(const std::vector<Diagnostic>& diagnostics, std::string_view fileName);

}  // namespace sl::views
