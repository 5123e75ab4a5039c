// Renders the whole UI offscreen with no window system (lavapipe when there is no GPU), the
// path `shaderlens gui --screenshot` takes without a display, and checks what came out.
#include "app/gui/AppShell.h"
#include "core/support/AtomicFile.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <set>

using sl::gui::RgbaImage;

namespace {

RgbaImage renderHeadless(const std::string& fileName, const std::string& text, uint32_t width, uint32_t height) {
  sl::views::Workspace workspace(sl::views::Document{fileName, text, {}, ""});
  sl::gui::ShellSettings settings;
  settings.width = width;
  settings.height = height;
  settings.frames = 3;
  settings.capture = true;
  sl::gui::ShellOutcome outcome;
  std::string error = sl::gui::runHeadless(workspace, settings, outcome);
  INFO(error);
  REQUIRE(error.empty());
  // The fonts are installed by scripts/setup.sh; a warning here means the UI fell back.
  CHECK(outcome.warnings.empty());
  CHECK(!outcome.deviceName.empty());
  return outcome.image;
}

// Pixels within `tolerance` of `rgb` inside the rectangle [x0, x1) x [y0, y1).
size_t countNear(const RgbaImage& image, uint8_t r, uint8_t g, uint8_t b, int tolerance, uint32_t x0, uint32_t y0,
                 uint32_t x1, uint32_t y1) {
  size_t count = 0;
  for (uint32_t y = y0; y < y1 && y < image.height; ++y)
    for (uint32_t x = x0; x < x1 && x < image.width; ++x) {
      const uint8_t* p = &image.pixels[(size_t(y) * image.width + x) * 4];
      if (std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance && std::abs(p[2] - b) <= tolerance) ++count;
    }
  return count;
}

std::string exampleSource() {
  std::string text, error;
  REQUIRE(sl::readWholeFile(SHADERLENS_SOURCE_DIR "/shaders/compute/hello.hlsl", text, error));
  return text;
}

}  // namespace

TEST_CASE("headless screenshot of the example is a real picture of the UI", "[screenshot]") {
  RgbaImage image = renderHeadless("hello.hlsl", exampleSource(), 800, 500);
  REQUIRE(image.width == 800);
  REQUIRE(image.height == 500);
  REQUIRE(image.pixels.size() == 800u * 500u * 4u);

  std::set<uint32_t> colors;
  size_t opaque = 0;
  for (size_t i = 0; i < image.pixels.size(); i += 4) {
    colors.insert(uint32_t(image.pixels[i]) << 16 | uint32_t(image.pixels[i + 1]) << 8 | image.pixels[i + 2]);
    opaque += image.pixels[i + 3] == 255;
  }
  // Anti-aliased text in several colours gives many distinct colours; a blank or single-rect
  // frame gives a handful.
  CHECK(colors.size() > 50);
  CHECK(opaque == size_t(image.width) * image.height);

  // Text rows exist in the editor (left) and the stage panel (right). The stage text is ImGui's
  // near-white; the editor's is syntax-coloured. The example opens with a comment block and two
  // #defines: comment (grey-green) and preprocessor (rose) pixels, and no white text there.
  CHECK(countNear(image, 128, 148, 128, 30, 0, 40, 400, 300) > 200);  // views::tokenColor(Comment)
  CHECK(countNear(image, 217, 115, 166, 30, 0, 40, 400, 360) > 30);   // views::tokenColor(Preprocessor)
  CHECK(countNear(image, 255, 255, 255, 40, 400, 40, 800, 300) > 200);
}

TEST_CASE("a diagnostic in the edited file puts an error marker in the editor gutter", "[screenshot]") {
  const uint8_t red[3] = {242, 92, 92};  // views::severityColor(Error)
  // The gutter is the leftmost strip of the editor, below the menu and options lines.
  auto gutterRed = [&](const RgbaImage& image) { return countNear(image, red[0], red[1], red[2], 12, 0, 40, 30, 300); };

  RgbaImage clean = renderHeadless("clean.hlsl", "// nothing wrong here\nint x = 1;\n", 640, 400);
  RgbaImage broken = renderHeadless("broken.hlsl", "int x = 1;\n#include \"missing-header.hlsli\"\nint y;\n", 640, 400);
  CHECK(gutterRed(clean) == 0);
  CHECK(gutterRed(broken) > 10);
  // The squiggle under the reported range, right of the gutter.
  auto textRed = [&](const RgbaImage& image) { return countNear(image, red[0], red[1], red[2], 40, 40, 40, 320, 300); };
  CHECK(textRed(clean) == 0);
  CHECK(textRed(broken) > 10);
}

TEST_CASE("headless rendering honours the size and a UI scale", "[screenshot]") {
  sl::views::Workspace workspace(sl::views::Document{"s.hlsl", "int x;\n", {}, ""});
  sl::gui::ShellSettings settings;
  settings.width = 320;
  settings.height = 200;
  settings.scale = 2.0f;
  settings.frames = 1;
  settings.capture = true;
  sl::gui::ShellOutcome outcome;
  REQUIRE(sl::gui::runHeadless(workspace, settings, outcome) == "");
  CHECK(outcome.image.width == 320);
  CHECK(outcome.image.height == 200);
}

TEST_CASE("hostile files open and render: NUL bytes, 2,000 errors on a line, binary, deep input", "[screenshot][hostile]") {
  // The first three aborted in ImGui (too many vertices for 16-bit indices), the others crashed
  // the compile worker (stack overflow in irgen and the AST printer).
  std::string errors = "[numthreads(1,1,1)] void main() {\n  ";
  for (int k = 0; k < 2000; ++k) errors += "u" + std::to_string(k) + "; ";
  errors += "\n}\n";
  std::string binary;
  uint32_t state = 7;
  for (int k = 0; k < 200000; ++k) {
    state = state * 1664525u + 1013904223u;
    binary.push_back(char(state >> 24));
  }
  std::string sum = "RWStructuredBuffer<float> o;\n[numthreads(1,1,1)] void main() {\n  float a = 1; o[0] = a";
  for (int k = 0; k < 18000; ++k) sum += " + a";
  sum += ";\n}\n";
  std::string namespaces;
  for (int k = 0; k < 30000; ++k) namespaces += "namespace n" + std::to_string(k) + " {";
  namespaces += "}" + std::string(29999, '}') + "\n[numthreads(1,1,1)] void main() {}\n";
  const std::pair<const char*, std::string> files[] = {
      {"nul.hlsl", "[numthreads(1,1,1)] void main() {\n  int x = 1; " + std::string(300, '\0') + "\n}\n"},
      {"errors.hlsl", errors},
      {"binary.hlsl", binary},
      {"sum.hlsl", sum},
      {"namespaces.hlsl", namespaces},
  };
  for (const auto& [name, text] : files) {
    INFO(name);
    RgbaImage image = renderHeadless(name, text, 640, 400);
    CHECK(image.width == 640);
    CHECK(image.pixels.size() == 640u * 400u * 4u);
  }
}
