// views/ClippedText: a table cell cut at its column's edge shows the whole text on hover, a cell
// that fits shows none (ImGui with no renderer).
#include "views/ClippedText.h"

#include <catch2/catch.hpp>
#include <imgui.h>
#include <imgui_internal.h>

#include <string>

namespace {

// One frame of a 400-pixel window holding a two-column table (fixed 60-pixel columns) whose first
// cell holds `text`, the mouse at `mouse`. Returns whether a tooltip window is shown.
bool frameShowsTooltip(const std::string& text, ImVec2 mouse) {
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = 1.0f / 60.0f;
  io.MousePos = mouse;
  ImGui::NewFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(400, 300));
  ImGui::Begin("cells", nullptr, ImGuiWindowFlags_NoDecoration);
  if (ImGui::BeginTable("t", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoHostExtendX, ImVec2(130, 0))) {
    ImGui::TableSetupColumn("a", ImGuiTableColumnFlags_WidthFixed, 60);
    ImGui::TableSetupColumn("b", ImGuiTableColumnFlags_WidthFixed, 60);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    sl::views::clippedText(text);
    ImGui::TableNextColumn();
    sl::views::clippedText("b");
    ImGui::EndTable();
  }
  ImGui::End();
  bool tooltip = false;
  for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
    if ((w->Flags & ImGuiWindowFlags_Tooltip) && w->Active) tooltip = true;
  ImGui::EndFrame();
  return tooltip;
}

}  // namespace

TEST_CASE("a cut cell shows its whole text on hover, a cell that fits does not", "[clipped]") {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.DisplaySize = ImVec2(800, 600);
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  io.Fonts->AddFontDefault();
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  const ImVec2 inFirstCell(20, 15);  // on the first cell's text (the window pads 8 pixels)
  // Hovering needs the mouse there for a frame before the tooltip appears.
  for (int i = 0; i < 3; ++i) frameShowsTooltip("ResourceDescriptorHeap.StructuredBuffer<uint>", inFirstCell);
  CHECK(frameShowsTooltip("ResourceDescriptorHeap.StructuredBuffer<uint>", inFirstCell));
  for (int i = 0; i < 3; ++i) frameShowsTooltip("ab", inFirstCell);
  CHECK_FALSE(frameShowsTooltip("ab", inFirstCell));
  // Away from the cut cell: none.
  CHECK_FALSE(frameShowsTooltip("ResourceDescriptorHeap.StructuredBuffer<uint>", ImVec2(300, 200)));
  ImGui::DestroyContext();
}
