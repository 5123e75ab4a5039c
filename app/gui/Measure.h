// `shaderlens gui --measure N`: the frame time while the worker recompiles a big shader on every
// keystroke. A generated compute shader of the requested size is opened, a character is typed
// (then erased) every 12 frames through ImGui's input queue, the frames are paced at 60 Hz as
// vsync would (so compiles run between and during frames), and each frame's UI and render
// times are recorded.
#pragma once

#include "app/gui/AppShell.h"
#include "core/pipeline/GeneratedShader.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sl::gui {

// The shader typed into: core's generated benchmark shader, the same text bench_compile measures.
using sl::generatedBenchShader;

struct FrameStats {
  size_t frames = 0;
  double p50 = 0, p95 = 0, p99 = 0, max = 0, mean = 0;  // milliseconds
};
FrameStats frameStats(std::vector<double> samples);

// The budget a frame is judged against: 60 Hz.
constexpr double kFrameBudgetMilliseconds = 16.0;

struct MeasureReport {
  uint32_t lines = 0;
  FrameStats ui;        // NewFrame..Render (the UI thread's own work)
  FrameStats total;     // ui + render (offscreen: includes rasterising on the device)
  FrameStats busyUi;    // ui, only frames during which a compile was running
  FrameStats busyTotal; // ui + render, only frames during which a compile was running
  size_t framesOverBudget = 0;  // total > kFrameBudgetMilliseconds
  // Partial redraw: the share of the frame's pixels redrawn (mean), frames redrawn not at all
  // and in full.
  double redrawnShare = 0;
  size_t unchangedFrames = 0, fullFrames = 0;
  bool fullRedraw = false;  // --measure-full-redraw
  uint64_t compiles = 0;
  uint64_t keystrokes = 0;
  double compileMilliseconds = 0;  // the last compile's total
  std::string loadBefore, loadAfter;  // /proc/loadavg: the machine may be shared
  std::string text() const;
};

// Runs the measurement headless. Returns "" or an error.
std::string measureTyping(int frames, uint32_t lines, const ShellSettings& base, MeasureReport& report);

}  // namespace sl::gui
