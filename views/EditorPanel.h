// The source editor: ImGui's multiline text widget inside our own scrolling view, with a gutter
// of line numbers and markers (plus underlines and tooltips) on lines that have diagnostics.
// A full code editor is a later issue; this one is deliberately plain.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"

#include <cstdint>
#include <string>

namespace sl::views {

struct EditorState {
  std::string text;
  // Set by other panels (a diagnostic click): scroll to this 1-based line, put the caret there.
  uint32_t jumpLine = 0;
  uint32_t jumpColumn = 0;

  // Internal: a caret position to apply once the widget is active, and the caret we last saw.
  long pendingCaret = -1;
  long lastCaret = -1;
  bool caretMoved = false;
  uint32_t caretLine = 1;  // 1-based
  float caretX = 0;        // pixels from the start of the caret's line
};

// Draws the editor filling the available region. `snapshot` (may be null) supplies the
// diagnostics to mark. Returns true when the user changed the text this frame.
bool drawEditor(EditorState& state, const CompileResult* snapshot, const ViewFonts& fonts);

}  // namespace sl::views
