// Colours the panels agree on (severity colours match between gutter, list and status bar).
#pragma once

#include "core/support/Diagnostic.h"

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

}  // namespace sl::views
