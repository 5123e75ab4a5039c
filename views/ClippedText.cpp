#include "views/ClippedText.h"

#include <algorithm>

namespace sl::views {
namespace {

// The item just drawn ends past what its cell (or window) shows. In a table cell the content
// region ends at the column's edge; the window's visible width bounds it too.
bool lastItemClipped() {
  const float right = std::min(ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x,
                               ImGui::GetWindowPos().x + ImGui::GetWindowWidth());
  return ImGui::GetItemRectMax().x > right + 0.5f;
}

}  // namespace

void tooltipIfClipped(std::string_view text) {
  if (!ImGui::IsItemHovered() || !lastItemClipped()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 60.0f);
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

void clippedText(std::string_view text) {
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  tooltipIfClipped(text);
}

void clippedTextColored(const ImVec4& color, std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopStyleColor();
  tooltipIfClipped(text);
}

}  // namespace sl::views
