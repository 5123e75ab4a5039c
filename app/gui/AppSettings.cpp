#include "app/gui/AppSettings.h"

#include "core/support/AtomicFile.h"
#include "views/StateDir.h"
#include "views/UiZoom.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>

namespace sl::gui {

namespace {

// The same bounds as --size.
constexpr int kMinWindowSide = 64;
constexpr int kMaxWindowSide = 16384;

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool parseInt(std::string_view text, int& value) {
  text = trim(text);
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return !text.empty() && ec == std::errc() && ptr == end;
}

// "A<separator>B" as two integers.
bool parsePair(std::string_view text, char separator, int& a, int& b) {
  const size_t at = text.find(separator);
  return at != std::string_view::npos && parseInt(text.substr(0, at), a) && parseInt(text.substr(at + 1), b);
}

}  // namespace

AppSettings loadAppSettings(const std::string& path, std::vector<std::string>& warnings) {
  AppSettings settings;
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return settings;
  std::string text, error;
  if (!readWholeFile(path, text, error)) {
    warnings.push_back("cannot read the settings (" + error + "); using the defaults");
    return settings;
  }
  std::optional<WindowPlacement> window;
  std::optional<int> x, y;
  size_t start = 0;
  for (int lineNumber = 1; start < text.size(); ++lineNumber) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line = trim(std::string_view(text).substr(start, end - start));
    start = end + 1;
    if (line.empty() || line.front() == '#') continue;
    auto problem = [&](const std::string& what) {
      warnings.push_back(path + ":" + std::to_string(lineNumber) + ": " + what + "; ignored");
    };
    const size_t equals = line.find('=');
    if (equals == std::string_view::npos) {
      problem("not 'key = value': '" + std::string(line) + "'");
      continue;
    }
    const std::string key(trim(line.substr(0, equals)));
    const std::string value(trim(line.substr(equals + 1)));
    if (key == "zoom") {
      int percent = 0;
      std::string zoomError;
      if (views::parseZoomPercent(value, percent, zoomError)) settings.zoomPercent = percent;
      else problem(zoomError);
    } else if (key == "window") {
      int width = 0, height = 0;
      if (parsePair(value, 'x', width, height) && width >= kMinWindowSide && height >= kMinWindowSide &&
          width <= kMaxWindowSide && height <= kMaxWindowSide)
        window = WindowPlacement{width, height, {}, {}};
      else
        problem("the window size must be WIDTHxHEIGHT, each from 64 to 16384, not '" + value + "'");
    } else if (key == "position") {
      int px = 0, py = 0;
      if (parsePair(value, ',', px, py) && std::abs(px) <= 100000 && std::abs(py) <= 100000) x = px, y = py;
      else problem("the window position must be X,Y, not '" + value + "'");
    } else if (key == "editor" || key == "diagnostics") {
      // A splitter, as a whole percentage of the width (editor) or body height (diagnostics).
      const bool editor = key == "editor";
      const int low = int(std::lround(100 * (editor ? views::WorkspaceLayout::kMinEditorFraction : views::WorkspaceLayout::kMinDiagnosticsFraction)));
      const int high = int(std::lround(100 * (editor ? views::WorkspaceLayout::kMaxEditorFraction : views::WorkspaceLayout::kMaxDiagnosticsFraction)));
      int percent = 0;
      std::string_view number = value;
      if (!number.empty() && number.back() == '%') number.remove_suffix(1);
      if (parseInt(number, percent) && percent >= low && percent <= high)
        (editor ? settings.layout.editorFraction : settings.layout.diagnosticsFraction) = float(percent) / 100.0f;
      else
        problem("'" + key + "' must be a percentage from " + std::to_string(low) + "% to " + std::to_string(high) + "%, not '" + value + "'");
    } else if (key == "tab") {
      if (std::optional<views::RightTab> tab = views::rightTabNamed(value)) settings.layout.tab = *tab;
      else problem("the tab is stages, bindings, signatures, run or debug, not '" + value + "'");
    } else if (key == "stage") {
      bool known = false;
      for (const StageInfo& info : allStages()) known |= value == info.name;
      if (known) settings.layout.stage = value;
      else problem("no stage is called '" + value + "'");
    } else if (key == "second-pane") {
      settings.layout.secondPane = value != "off";
      settings.layout.secondTarget.reset();
      if (value == "spirv") settings.layout.secondTarget = TargetKind::Spirv;
      else if (value == "dxil") settings.layout.secondTarget = TargetKind::Dxil;
      else if (value != "on" && value != "off") settings.layout.secondPane = false, problem("the second pane is off, on, spirv or dxil, not '" + value + "'");
    } else {
      problem("unknown setting '" + key + "'");
    }
  }
  // A position alone (its size unreadable) places nothing.
  if (window) window->x = x, window->y = y;
  settings.window = window;
  return settings;
}

std::string appSettingsText(const AppSettings& settings) {
  std::string text = "# Shaderlens remembers these between runs (written by the app).\n";
  text += "zoom = " + std::to_string(settings.zoomPercent) + "%\n";
  if (settings.window) {
    text += "window = " + std::to_string(settings.window->width) + "x" + std::to_string(settings.window->height) + "\n";
    if (settings.window->x && settings.window->y)
      text += "position = " + std::to_string(*settings.window->x) + "," + std::to_string(*settings.window->y) + "\n";
  }
  const views::WorkspaceLayout& layout = settings.layout;
  text += "editor = " + std::to_string(std::lround(layout.editorFraction * 100)) + "%\n";
  text += "diagnostics = " + std::to_string(std::lround(layout.diagnosticsFraction * 100)) + "%\n";
  text += std::string("tab = ") + views::rightTabName(layout.tab) + "\n";
  if (!layout.stage.empty()) text += "stage = " + layout.stage + "\n";
  text += std::string("second-pane = ") +
          (!layout.secondPane ? "off" : !layout.secondTarget ? "on" : *layout.secondTarget == TargetKind::Spirv ? "spirv" : "dxil") + "\n";
  return text;
}

std::string saveAppSettings(const std::string& path, const AppSettings& settings) {
  if (path.empty()) return "";
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  return writeFileAtomically(path, appSettingsText(settings));
}

std::string defaultAppSettingsPath() {
  const std::string dir = views::shaderlensStateDir();
  return dir.empty() ? "" : dir + "/settings.txt";
}

WindowPlacement fitWindowToScreen(WindowPlacement placement, const ScreenArea& area) {
  if (area.width <= 0 || area.height <= 0) return placement;
  placement.width = std::clamp(placement.width, std::min(kMinWindowSide, area.width), area.width);
  placement.height = std::clamp(placement.height, std::min(kMinWindowSide, area.height), area.height);
  if (placement.x && placement.y) {
    // The whole window inside the area (it fits now), so its title bar can always be reached.
    placement.x = std::clamp(*placement.x, area.x, area.x + area.width - placement.width);
    placement.y = std::clamp(*placement.y, area.y, area.y + area.height - placement.height);
  }
  return placement;
}

}  // namespace sl::gui
