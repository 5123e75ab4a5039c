#include "views/EditorPanel.h"

#include "views/TextLines.h"

#include <imgui.h>

namespace sl::views {

std::vector<editor::EditorDiagnostic> editorDiagnostics(const CompileResult& snapshot) {
  std::vector<editor::EditorDiagnostic> out;
  for (const auto& [line, marker] : markersForFile(snapshot.diagnostics, snapshot.fileName))
    for (const Diagnostic* diagnostic : marker.diagnostics)
      out.push_back(editor::EditorDiagnostic{line, diagnostic->range.begin.column, diagnostic->range.endColumn,
                                             diagnostic->severity, diagnostic->message});
  return out;
}

bool drawEditor(EditorState& state, const CompileResult* snapshot, const ViewFonts& fonts) {
  editor::CodeEditor& widget = *state.widget;
  if (!state.synced || state.text != state.syncedText) {
    widget.setText(state.text);
    state.syncedText = state.text;
    state.synced = true;
  }
  if (snapshot != state.markedSnapshot) {
    widget.setDiagnostics(snapshot ? editorDiagnostics(*snapshot) : std::vector<editor::EditorDiagnostic>{});
    state.markedSnapshot = snapshot;
  }
  if (state.jumpLine != 0) {
    widget.jumpTo(state.jumpLine, state.jumpColumn);
    state.jumpLine = state.jumpColumn = 0;
  }

  const bool changed = widget.draw("##source_editor", fonts.mono);
  if (changed) {
    state.text = widget.buffer().text();
    state.syncedText = state.text;
  }
  state.caretLine = widget.caretLine();
  state.caretOffset = widget.buffer().offsetOf(widget.buffer().caret());
  return changed;
}

}  // namespace sl::views
