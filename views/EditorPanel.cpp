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

void replaceTextAsEdit(EditorState& state, const std::string& text) {
  editor::TextBuffer& buffer = state.widget->buffer();
  if (!state.synced || state.text != state.syncedText) {
    state.widget->setText(state.text);
    state.synced = true;
  }
  const uint32_t last = uint32_t(buffer.lines().size() - 1);
  buffer.replaceRange({0, 0}, {last, uint32_t(buffer.line(last).size())}, text);
  buffer.setCaret({0, 0});
  state.text = buffer.text();
  state.syncedText = state.text;
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
