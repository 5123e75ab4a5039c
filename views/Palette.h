// Colours the panels agree on (severity colours match between gutter, list and status bar), and
// the code editor's syntax and decoration colours (tuned for ImGui's dark style).
#pragma once

#include "core/support/Diagnostic.h"
#include "views/editor/HlslHighlighter.h"

#include <imgui.h>

namespace sl::views {

inline ImVec4 severityColor(Severity severity) {
  switch (severity) {
    case Severity::Error: return ImVec4(0.95f, 0.36f, 0.36f, 1.0f);
    case Severity::Warning: return ImVec4(0.95f, 0.76f, 0.26f, 1.0f);
    case Severity::Remark: return ImVec4(0.60f, 0.85f, 0.60f, 1.0f);
    case Severity::Note: break;
  }
  return ImVec4(0.55f, 0.72f, 0.95f, 1.0f);
}

inline ImU32 withAlpha(ImVec4 color, float alpha) {
  color.w = alpha;
  return ImGui::GetColorU32(color);
}

inline ImVec4 tokenColor(editor::TokenKind kind) {
  using editor::TokenKind;
  switch (kind) {
    case TokenKind::Keyword: return ImVec4(0.78f, 0.53f, 0.95f, 1.0f);       // violet
    case TokenKind::Type: return ImVec4(0.35f, 0.80f, 0.85f, 1.0f);          // teal
    case TokenKind::Intrinsic: return ImVec4(0.90f, 0.80f, 0.45f, 1.0f);     // gold
    case TokenKind::Number: return ImVec4(0.70f, 0.88f, 0.55f, 1.0f);        // light green
    case TokenKind::String: return ImVec4(0.92f, 0.62f, 0.45f, 1.0f);        // orange
    case TokenKind::Comment: return ImVec4(0.50f, 0.58f, 0.50f, 1.0f);       // grey-green
    case TokenKind::Preprocessor: return ImVec4(0.85f, 0.45f, 0.65f, 1.0f);  // rose
    case TokenKind::Semantic: return ImVec4(0.45f, 0.65f, 0.98f, 1.0f);      // blue
    case TokenKind::Punctuation: return ImVec4(0.80f, 0.80f, 0.84f, 1.0f);
    case TokenKind::Text: break;
  }
  return ImVec4(0.92f, 0.92f, 0.94f, 1.0f);
}

// Editor decorations.
inline ImVec4 editorCurrentLineColor() { return ImVec4(1.0f, 1.0f, 1.0f, 0.06f); }
inline ImVec4 editorSelectionColor() { return ImVec4(0.26f, 0.46f, 0.78f, 0.55f); }
inline ImVec4 editorSearchMatchColor() { return ImVec4(0.95f, 0.76f, 0.26f, 0.28f); }
inline ImVec4 editorLinkedLineColor() { return ImVec4(0.35f, 0.80f, 0.85f, 0.16f); }  // setHighlightedLines
inline ImVec4 editorCaretColor() { return ImVec4(0.95f, 0.95f, 1.0f, 1.0f); }

}  // namespace sl::views
