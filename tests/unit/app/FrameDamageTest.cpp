// Partial redraw: which tiles a frame changes (FrameDamage over real ImGui draw data), the rects
// made from them, and on lavapipe that a frame redrawn in part is pixel for pixel the frame
// redrawn in full.
#include "app/gui/FrameDamage.h"
#include "app/gui/OffscreenTarget.h"
#include "app/gui/UiRenderer.h"
#include "app/gui/VulkanContext.h"

#include <catch2/catch.hpp>

#include <imgui.h>

#include <string>

using namespace sl::gui;

namespace {

class ImGuiFrames {
 public:
  ImGuiFrames(float width, float height) {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(width, height);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  }
  ~ImGuiFrames() { ImGui::DestroyContext(); }

  // A window filling the display with `lines` lines of text; `changed` replaces line `at`.
  const ImDrawData* frame(int lines, int at = -1, const char* changed = "") {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImGui::GetIO().DisplaySize);
    ImGui::Begin("w", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings);
    for (int i = 0; i < lines; ++i) {
      if (i == at) ImGui::TextUnformatted(changed);
      else ImGui::Text("line %d of the text, the same every frame", i);
    }
    ImGui::End();
    ImGui::Render();
    return ImGui::GetDrawData();
  }
};

size_t countDamaged(const TileMask& mask) {
  size_t n = 0;
  for (uint8_t d : mask.damaged) n += d;
  return n;
}

TileMask maskOf(uint32_t width, uint32_t height, const std::vector<std::pair<uint32_t, uint32_t>>& tiles) {
  TileMask mask;
  mask.width = width;
  mask.height = height;
  mask.columns = (width + kDamageTile - 1) / kDamageTile;
  mask.rows = (height + kDamageTile - 1) / kDamageTile;
  mask.damaged.assign(size_t(mask.columns) * mask.rows, 0);
  for (auto [x, y] : tiles) mask.damaged[size_t(y) * mask.columns + x] = 1;
  return mask;
}

}  // namespace

TEST_CASE("frame damage: everything first, nothing for an identical frame, only the changed line after an edit",
          "[damage]") {
  ImGuiFrames imgui(640, 480);
  FrameDamage damage;
  TileMask first = damage.update(imgui.frame(20));
  REQUIRE(first.columns == 20);
  REQUIRE(first.rows == 15);
  CHECK(countDamaged(first) == first.damaged.size());

  CHECK_FALSE(damage.update(imgui.frame(20)).any());

  // Line 10 changes: only the tiles of that text row (one or two tile rows) are damaged.
  TileMask edited = damage.update(imgui.frame(20, 10, "line 10 was edited here"));
  REQUIRE(edited.any());
  const std::vector<DamageRect> rects = rectsFromMask(edited);
  REQUIRE(!rects.empty());
  uint64_t area = 0;
  for (const DamageRect& r : rects) {
    area += r.area();
    const float lineY = 8.0f + 10.0f * ImGui::GetTextLineHeightWithSpacing();  // window padding + rows above
    CHECK(float(r.y0) <= lineY + 1.0f);
    CHECK(float(r.y1) >= lineY + ImGui::GetTextLineHeight() - 1.0f);
  }
  CHECK(area <= uint64_t(640) * 2 * kDamageTile);

  // Back to the original line: damaged again (the pixels must be restored), then quiet.
  CHECK(damage.update(imgui.frame(20)).any());
  CHECK_FALSE(damage.update(imgui.frame(20)).any());

  // invalidate() and a size change report everything.
  damage.invalidate();
  CHECK(countDamaged(damage.update(imgui.frame(20))) == first.damaged.size());
  ImGui::GetIO().DisplaySize = ImVec2(320, 240);
  TileMask resized = damage.update(imgui.frame(20));
  CHECK(resized.columns == 10);
  CHECK(countDamaged(resized) == resized.damaged.size());
}

TEST_CASE("damage rects are disjoint, cover exactly the damaged tiles and merge downwards", "[damage]") {
  // 100x70 pixels: 4x3 tiles, the last column and row partial.
  TileMask mask = maskOf(100, 70, {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {3, 0}, {3, 2}});
  std::vector<DamageRect> rects = rectsFromMask(mask);
  REQUIRE(rects.size() == 3);
  CHECK((rects[0].x0 == 0 && rects[0].y0 == 0 && rects[0].x1 == 64 && rects[0].y1 == 64));
  CHECK((rects[1].x0 == 96 && rects[1].y0 == 0 && rects[1].x1 == 100 && rects[1].y1 == 32));
  CHECK((rects[2].x0 == 96 && rects[2].y0 == 64 && rects[2].x1 == 100 && rects[2].y1 == 70));
  // Every damaged tile's pixels are covered once, and no other tile's.
  for (uint32_t y = 0; y < 70; ++y)
    for (uint32_t x = 0; x < 100; ++x) {
      int covering = 0;
      for (const DamageRect& r : rects) covering += x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
      CHECK(covering == mask.damaged[(y / kDamageTile) * mask.columns + x / kDamageTile]);
    }
  // Past the limit: one bounding box.
  std::vector<DamageRect> boxed = rectsFromMask(mask, 2);
  REQUIRE(boxed.size() == 1);
  CHECK((boxed[0].x0 == 0 && boxed[0].y0 == 0 && boxed[0].x1 == 100 && boxed[0].y1 == 70));
  CHECK(rectsFromMask(maskOf(100, 70, {})).empty());
}

TEST_CASE("a frame redrawn in part on lavapipe equals the same frame redrawn in full", "[damage][screenshot]") {
  ImGuiFrames imgui(640, 480);
  VulkanContext context;
  REQUIRE(context.createInstance({}) == "");
  REQUIRE(context.createDevice(VK_NULL_HANDLE) == "");
  UiRenderer renderer(context);
  REQUIRE(renderer.init(1) == "");
  OffscreenTarget target(context);
  REQUIRE(target.create(640, 480) == "");
  const ImVec4 clear(0.1f, 0.1f, 0.12f, 1.0f);

  RgbaImage partial, full;
  REQUIRE(target.renderFrame(renderer, imgui.frame(25), clear, nullptr) == "");
  CHECK(target.lastRedrawnPixels() == target.pixelCount());
  REQUIRE(target.renderFrame(renderer, imgui.frame(25), clear, nullptr) == "");
  CHECK(target.lastRedrawnPixels() == 0);  // unchanged: nothing drawn
  REQUIRE(target.renderFrame(renderer, imgui.frame(25, 3, "a much longer line three than before, edited"), clear, nullptr) == "");
  REQUIRE(target.renderFrame(renderer, imgui.frame(25, 12, "twelve"), clear, &partial) == "");
  CHECK(target.lastRedrawnPixels() > 0);
  CHECK(target.lastRedrawnPixels() < target.pixelCount() / 4);

  target.setFullRedraw(true);
  REQUIRE(target.renderFrame(renderer, imgui.frame(25, 12, "twelve"), clear, &full) == "");
  CHECK(target.lastRedrawnPixels() == target.pixelCount());
  REQUIRE(partial.width == full.width);
  REQUIRE(partial.pixels.size() == full.pixels.size());
  size_t differing = 0;
  for (size_t i = 0; i < full.pixels.size(); ++i) differing += partial.pixels[i] != full.pixels[i];
  CHECK(differing == 0);
}
