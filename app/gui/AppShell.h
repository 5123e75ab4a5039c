// The app's frame loops. Both run the same Workspace (all panels) on the same UiRenderer:
// - windowed: GLFW + ImGui's GLFW platform backend + a Vulkan swapchain;
// - headless: no GLFW at all; ImGui is fed a display size and renders offscreen (lavapipe when
//   there is no GPU), which is what --screenshot uses without a display and what tests run.
#pragma once

#include "app/gui/AppSettings.h"
#include "app/gui/Png.h"
#include "views/Workspace.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

struct GLFWwindow;

namespace sl::gui {

struct ShellSettings {
  uint32_t width = 1280;
  uint32_t height = 800;
  float scale = 0.0f;  // 0: the display's content scale (1 headless)
  int frames = 0;      // 0: until the window closes (windowed only)
  bool capture = false;  // read the last frame back into the image
  // Called before each frame's NewFrame with the frame number, so tests can feed input through
  // ImGui's IO as a user would (headless) or act on the window (windowed: resize it).
  std::function<void(int frame, GLFWwindow* window /* null when headless */)> beforeFrame;
  // With frames == 0: run until this says so (a script's end); headless loops also stop after
  // kMaxScriptFrames frames.
  std::function<bool()> finished;
  // Whether to read frame `frame` back after drawing it, and what to do with the image.
  std::function<bool(int frame)> captureFrame;
  std::function<void(int frame, const RgbaImage& image)> onCaptured;
  // Each frame's cost: building the UI (NewFrame to Render) and recording/submitting it (with
  // the offscreen path, which waits for the frame, also rasterising it).
  std::function<void(int frame, double uiMilliseconds, double renderMilliseconds)> onFrameTimed;
  // Headless: how many pixels each frame redrew (only the changed tiles are; 0 when nothing
  // changed), of how many.
  std::function<void(int frame, uint64_t redrawnPixels, uint64_t totalPixels)> onFrameRedrawn;
  // Headless: redraw every frame in full (the cost before partial redraw, for comparison).
  bool fullRedraw = false;
  // Windowed: where to put the window's top-left corner (a remembered position), and whether the
  // size is a remembered one to fit to the screen (a --size is taken as given).
  std::optional<int> windowX, windowY;
  bool fitToScreen = false;
  // After the fonts were rebuilt for a new zoom (Workspace::zoom()), with its percentage.
  std::function<void(int percent)> onZoomApplied;
};

constexpr int kMaxScriptFrames = 200000;

// What a loop produced besides its status.
struct ShellOutcome {
  RgbaImage image;                    // the last frame, when capture was asked
  std::vector<std::string> warnings;  // e.g. a missing font
  std::string deviceName;             // the Vulkan device that drew the UI
  std::optional<WindowPlacement> window;  // windowed: its size and position when the loop ended
};

// How long --screenshot waits for the first compile before drawing anyway.
constexpr int kScreenshotCompileWaitSeconds = 30;

// Renders `settings.frames` frames offscreen with no window system; with `capture`, the last
// frame ends up in `outcome.image`. Returns "" or an error.
std::string runHeadless(views::Workspace& workspace, const ShellSettings& settings, ShellOutcome& outcome);

// Opens a window (glfwInit must have succeeded; the caller terminates GLFW) and runs until it is
// closed or `settings.frames` frames were shown. Returns "" or an error; `opened` tells whether
// a window came up at all (callers fall back to headless rendering when it did not).
std::string runWindowed(views::Workspace& workspace, const ShellSettings& settings, ShellOutcome& outcome,
                        bool& opened);

}  // namespace sl::gui
