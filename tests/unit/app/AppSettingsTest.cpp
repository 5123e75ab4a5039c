// The remembered zoom and window (app/gui/AppSettings) and the zoom's levels (views/UiZoom).
#include "app/gui/AppSettings.h"
#include "core/support/AtomicFile.h"
#include "views/UiZoom.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <unistd.h>

using namespace sl;

namespace {

std::string tempPath(const char* name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("sl-settings-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  return (dir / name).string();
}

}  // namespace

TEST_CASE("settings round trip through their file", "[settings]") {
  const std::string path = tempPath("nested/settings.txt");
  std::filesystem::remove_all(std::filesystem::path(path).parent_path());
  gui::AppSettings saved;
  saved.zoomPercent = 175;
  saved.window = gui::WindowPlacement{1100, 700, 40, -20};
  REQUIRE(gui::saveAppSettings(path, saved) == "");
  std::vector<std::string> warnings;
  const gui::AppSettings loaded = gui::loadAppSettings(path, warnings);
  CHECK(warnings.empty());
  CHECK(loaded.zoomPercent == 175);
  REQUIRE(loaded.window);
  CHECK(loaded.window->width == 1100);
  CHECK(loaded.window->height == 700);
  CHECK(loaded.window->x == 40);
  CHECK(loaded.window->y == -20);

  SECTION("a window with no known position writes none") {
    saved.window->x.reset();
    saved.window->y.reset();
    REQUIRE(gui::saveAppSettings(path, saved) == "");
    const gui::AppSettings again = gui::loadAppSettings(path, warnings);
    REQUIRE(again.window);
    CHECK_FALSE(again.window->x);
    CHECK(gui::appSettingsText(saved).find("position") == std::string::npos);
  }
}

TEST_CASE("the layout round trips, and a bad layout line is a warning", "[settings]") {
  const std::string path = tempPath("layout.txt");
  gui::AppSettings saved;
  saved.layout.editorFraction = 0.37f;
  saved.layout.diagnosticsFraction = 0.3f;
  saved.layout.tab = views::RightTab::Run;
  saved.layout.stage = "qptr.lift";
  saved.layout.secondPane = true;
  saved.layout.secondTarget = TargetKind::Dxil;
  REQUIRE(gui::saveAppSettings(path, saved) == "");
  std::vector<std::string> warnings;
  gui::AppSettings loaded = gui::loadAppSettings(path, warnings);
  CHECK(warnings.empty());
  CHECK(loaded.layout.editorFraction == Approx(0.37f));
  CHECK(loaded.layout.diagnosticsFraction == Approx(0.3f));
  CHECK(loaded.layout.tab == views::RightTab::Run);
  CHECK(loaded.layout.stage == "qptr.lift");
  CHECK(loaded.layout.secondPane);
  CHECK(loaded.layout.secondTarget == TargetKind::Dxil);

  // Open without a chosen target: "on"; closed: "off".
  saved.layout.secondTarget.reset();
  CHECK(gui::appSettingsText(saved).find("second-pane = on\n") != std::string::npos);
  saved.layout.secondPane = false;
  CHECK(gui::appSettingsText(saved).find("second-pane = off\n") != std::string::npos);

  REQUIRE(writeFileAtomically(path, "editor = 95%\ndiagnostics = x\ntab = stage\nstage = spirvv\nsecond-pane = maybe\neditor = 40\n") == "");
  loaded = gui::loadAppSettings(path, warnings);
  REQUIRE(warnings.size() == 5);
  CHECK(warnings[0].find("from 10% to 90%") != std::string::npos);
  CHECK(warnings[0].find(":1:") != std::string::npos);
  CHECK(warnings[2].find("stages, bindings") != std::string::npos);
  CHECK(warnings[3].find("no stage is called 'spirvv'") != std::string::npos);
  CHECK(warnings[4].find("off, on, spirv or dxil") != std::string::npos);
  CHECK(loaded.layout.editorFraction == Approx(0.4f));  // the good line still counts
  CHECK(loaded.layout.diagnosticsFraction == Approx(0.22f));
  CHECK(loaded.layout.tab == views::RightTab::Stages);
  CHECK(loaded.layout.stage.empty());
  CHECK_FALSE(loaded.layout.secondPane);
}

TEST_CASE("a missing settings file is the defaults, silently", "[settings]") {
  std::vector<std::string> warnings;
  const gui::AppSettings loaded = gui::loadAppSettings(tempPath("absent.txt"), warnings);
  CHECK(warnings.empty());
  CHECK(loaded.zoomPercent == 100);
  CHECK_FALSE(loaded.window);
  CHECK(gui::loadAppSettings("", warnings).zoomPercent == 100);
}

TEST_CASE("a bad settings file warns per line and keeps what parses", "[settings]") {
  const std::string path = tempPath("bad.txt");
  REQUIRE(writeFileAtomically(path, std::string_view("# comment\nzoom = 400%\nwindow = 800x60000\nposition = a,b\n"
                                                     "window = 800x600\nwhat\nfont = big\n\n")) == "");
  std::vector<std::string> warnings;
  const gui::AppSettings loaded = gui::loadAppSettings(path, warnings);
  REQUIRE(warnings.size() == 5);
  CHECK(warnings[0] == path + ":2: the zoom must be from 50% to 300%, not 400%; ignored");
  CHECK(warnings[1].find(":3: the window size must be WIDTHxHEIGHT") != std::string::npos);
  CHECK(warnings[2].find(":4: the window position must be X,Y, not 'a,b'") != std::string::npos);
  CHECK(warnings[3].find(":6: not 'key = value'") != std::string::npos);
  CHECK(warnings[4].find(":7: unknown setting 'font'") != std::string::npos);
  CHECK(loaded.zoomPercent == 100);
  REQUIRE(loaded.window);
  CHECK(loaded.window->width == 800);
  CHECK_FALSE(loaded.window->x);

  SECTION("binary junk is warnings, not a crash") {
    REQUIRE(writeFileAtomically(path, std::string("\x01\x02zoom\x00=\xff\n=\n", 12)) == "");
    warnings.clear();
    const gui::AppSettings junk = gui::loadAppSettings(path, warnings);
    CHECK(junk.zoomPercent == 100);
    CHECK(warnings.size() == 2);
  }
  SECTION("an unreadable path (a folder) is one warning") {
    warnings.clear();
    const std::string folder = tempPath("folder.txt");
    std::filesystem::create_directories(folder);
    CHECK(gui::loadAppSettings(folder, warnings).zoomPercent == 100);
    REQUIRE(warnings.size() == 1);
    CHECK(warnings[0].find("using the defaults") != std::string::npos);
  }
}

TEST_CASE("a remembered window is fitted to the screen", "[settings]") {
  const gui::ScreenArea screen{0, 30, 1920, 1050};
  SECTION("too large: the work area's size, inside it") {
    const gui::WindowPlacement fitted = gui::fitWindowToScreen({4000, 3000, 100, 100}, screen);
    CHECK(fitted.width == 1920);
    CHECK(fitted.height == 1050);
    CHECK(fitted.x == 0);
    CHECK(fitted.y == 30);
  }
  SECTION("off the screen: moved back on") {
    const gui::WindowPlacement fitted = gui::fitWindowToScreen({800, 600, 5000, -400}, screen);
    CHECK(fitted.width == 800);
    CHECK(fitted.x == 1120);
    CHECK(fitted.y == 30);
  }
  SECTION("fitting: unchanged, with or without a position") {
    const gui::WindowPlacement fitted = gui::fitWindowToScreen({800, 600, 200, 300}, screen);
    CHECK(fitted.x == 200);
    CHECK(fitted.y == 300);
    CHECK_FALSE(gui::fitWindowToScreen({800, 600, {}, {}}, screen).x);
  }
  SECTION("an unknown screen changes nothing") {
    CHECK(gui::fitWindowToScreen({4000, 3000, {}, {}}, gui::ScreenArea{}).width == 4000);
  }
}

TEST_CASE("the zoom steps through its levels within 50% and 300%", "[settings]") {
  views::UiZoom zoom;
  CHECK(zoom.percent() == 100);
  const uint64_t start = zoom.changes();
  REQUIRE(zoom.zoomIn());
  CHECK(zoom.percent() == 110);
  CHECK(zoom.changes() == start + 1);
  while (zoom.zoomIn()) {
  }
  CHECK(zoom.percent() == 300);
  const uint64_t atTop = zoom.changes();
  CHECK_FALSE(zoom.zoomIn());
  CHECK(zoom.changes() == atTop);  // no change, no font rebuild
  while (zoom.zoomOut()) {
  }
  CHECK(zoom.percent() == 50);
  zoom.set(130);  // between 125 and 150
  REQUIRE(zoom.zoomOut());
  CHECK(zoom.percent() == 125);
  zoom.set(130);
  REQUIRE(zoom.zoomIn());
  CHECK(zoom.percent() == 150);
  zoom.set(1000);
  CHECK(zoom.percent() == 300);
  zoom.reset();
  CHECK(zoom.percent() == 100);
  CHECK(zoom.factor() == 1.0f);

  int percent = 0;
  std::string error;
  CHECK(views::parseZoomPercent("125%", percent, error));
  CHECK(percent == 125);
  CHECK(views::parseZoomPercent("80", percent, error));
  CHECK_FALSE(views::parseZoomPercent("49%", percent, error));
  CHECK(error == "the zoom must be from 50% to 300%, not 49%");
  CHECK_FALSE(views::parseZoomPercent("%", percent, error));
  CHECK_FALSE(views::parseZoomPercent("1.5", percent, error));
}
