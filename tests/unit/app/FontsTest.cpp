#include "app/gui/Fonts.h"

#include <catch2/catch.hpp>
#include <imgui.h>

TEST_CASE("fonts load at the content scale and fall back with a warning", "[fonts]") {
  ImGui::CreateContext();
  std::vector<std::string> warnings;
  sl::views::ViewFonts fonts = sl::gui::loadFonts(2.0f, sl::gui::FontPaths{}, warnings);
  CHECK(warnings.empty());  // fonts-dejavu-core is installed by scripts/setup.sh
  REQUIRE(fonts.ui);
  REQUIRE(fonts.mono);
  REQUIRE(ImGui::GetIO().Fonts->Build());  // sizes are known once the atlas is built
  CHECK(fonts.ui->FontSize == 30.0f);
  CHECK(fonts.mono->FontSize == 28.0f);
  // Monospace: every ASCII glyph has the same advance.
  CHECK(fonts.mono->CalcTextSizeA(fonts.mono->FontSize, 1e9f, 0, "iiii").x ==
        fonts.mono->CalcTextSizeA(fonts.mono->FontSize, 1e9f, 0, "MMMM").x);

  warnings.clear();
  fonts = sl::gui::loadFonts(1.0f, sl::gui::FontPaths{"/nonexistent/ui.ttf", "/nonexistent/mono.ttf"}, warnings);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].find("/nonexistent/ui.ttf") != std::string::npos);
  CHECK(fonts.ui);
  CHECK(fonts.mono);
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  CHECK(width > 0);
  ImGui::DestroyContext();
}
