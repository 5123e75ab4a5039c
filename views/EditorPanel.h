// The source editor panel: the code editor widget (views/editor/CodeEditor) over the document's
// text, with the latest compile's diagnostics as gutter markers and squiggles. The Workspace owns
// an EditorState and reads `text` after every change (to post a compile).
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/ViewFonts.h"
#include "views/editor/CodeEditor.h"

#include <cstdint>
#include <memory>
#include <string>

namespace sl::views {

struct EditorState {
  // The document's text. Kept in step with the widget: set it to replace the text (the widget
  // reloads when it differs from what the widget last produced).
  std::string text;
  // Set by other panels (a diagnostic click): scroll to this 1-based line, put the caret there.
  uint32_t jumpLine = 0;
  uint32_t jumpColumn = 0;

  // Read-only for others: where the caret is (1-based line; byte offset into `text`).
  uint32_t caretLine = 1;
  size_t caretOffset = 0;

  // The widget, and what it last loaded or produced (to notice outside changes of `text`).
  std::unique_ptr<editor::CodeEditor> widget = std::make_unique<editor::CodeEditor>();
  std::string syncedText;
  bool synced = false;
  const CompileResult* markedSnapshot = nullptr;  // whose diagnostics the widget shows
};

// The diagnostics of `snapshot` located in its own file, as the editor marks them.
std::vector<editor::EditorDiagnostic> editorDiagnostics(const CompileResult& snapshot);

// Replaces the whole text as one edit of the widget's buffer, so undo brings the old text back
// (setting `text` reloads the widget and forgets the undo history).
void replaceTextAsEdit(EditorState& state, const std::string& text);

// Draws the editor filling the available region. `snapshot` (may be null) supplies the
// diagnostics to mark. Returns true when the user changed the text this frame.
bool drawEditor(EditorState& state, const CompileResult* snapshot, const ViewFonts& fonts);

}  // namespace sl::views
