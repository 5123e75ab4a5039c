// What the app remembers between runs besides the recent files: the UI zoom, the window's size
// and position, and its layout (splitters, tabs, the second stage pane). A small `key = value` text file, written atomically, in
// $XDG_STATE_HOME/shaderlens/settings.txt (beside recent.txt). A file that cannot be read or a
// line that does not parse is a warning naming it; the rest of the file still counts.
#pragma once

#include "views/Workspace.h"

#include <optional>
#include <string>
#include <vector>

namespace sl::gui {

struct WindowPlacement {
  int width = 0, height = 0;
  std::optional<int> x, y;  // absent where the platform does not tell a window's position
};

struct AppSettings {
  int zoomPercent = 100;
  std::optional<WindowPlacement> window;
  views::WorkspaceLayout layout;
};

// Reads `path`; a missing file gives the defaults silently. Problems are appended to `warnings`.
AppSettings loadAppSettings(const std::string& path, std::vector<std::string>& warnings);
std::string appSettingsText(const AppSettings& settings);
// Writes `settings` atomically (making the folder). Returns "" or an error.
std::string saveAppSettings(const std::string& path, const AppSettings& settings);

// $XDG_STATE_HOME (else ~/.local/state) /shaderlens/settings.txt; empty without a home.
std::string defaultAppSettingsPath();

struct ScreenArea {
  int x = 0, y = 0, width = 0, height = 0;
};
// A saved placement made to fit the screen's work area: no larger than it, and moved inside it
// when its top-left corner is off the area (a monitor that is gone, a smaller screen).
WindowPlacement fitWindowToScreen(WindowPlacement placement, const ScreenArea& area);

}  // namespace sl::gui
