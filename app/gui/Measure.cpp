#include "app/gui/Measure.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <numeric>
#include <thread>

namespace sl::gui {

namespace {
// A keystroke every 12 frames (200 ms at 60 Hz): longer than the worker's 150 ms debounce, so
// every keystroke asks for a compile of its own (shorter gaps coalesce while typing).
constexpr int kKeystrokeFrames = 12;

// The 1, 5 and 15 minute load averages: frame times on a shared machine mean little without them.
std::string loadAverage() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "unknown";
  return one + " " + five + " " + fifteen;
}
}  // namespace


FrameStats frameStats(std::vector<double> samples) {
  FrameStats stats;
  stats.frames = samples.size();
  if (samples.empty()) return stats;
  std::sort(samples.begin(), samples.end());
  auto at = [&](double q) { return samples[std::min(samples.size() - 1, size_t(q * double(samples.size() - 1) + 0.5))]; };
  stats.p50 = at(0.50);
  stats.p95 = at(0.95);
  stats.p99 = at(0.99);
  stats.max = samples.back();
  stats.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / double(samples.size());
  return stats;
}

std::string MeasureReport::text() const {
  char buffer[1024];
  auto line = [&](const char* name, const FrameStats& s) {
    char l[256];
    std::snprintf(l, sizeof l, "  %-28s frames %5zu  p50 %6.2f  p95 %6.2f  p99 %6.2f  max %6.2f  mean %6.2f ms\n", name, s.frames,
                  s.p50, s.p95, s.p99, s.max, s.mean);
    return std::string(l);
  };
  std::snprintf(buffer, sizeof buffer,
                "frame times, %u-line shader, a keystroke every %d frames at 60 Hz: %llu keystrokes, %llu compiles "
                "(last %.1f ms)\n",
                lines, kKeystrokeFrames, (unsigned long long)keystrokes, (unsigned long long)compiles, compileMilliseconds);
  char redraw[512];
  std::snprintf(redraw, sizeof redraw,
                "  redraw: %s; mean %.1f%% of the pixels per frame, %zu frames unchanged (nothing drawn), %zu in full\n"
                "  load average (1/5/15 min) before %s, after %s (on a shared machine the other load counts)\n",
                fullRedraw ? "every frame in full (--measure-full-redraw)" : "changed 32x32 tiles only", redrawnShare * 100.0,
                unchangedFrames, fullFrames, loadBefore.c_str(), loadAfter.c_str());
  char verdict[512];
  std::snprintf(verdict, sizeof verdict,
                "frame time (UI + render) p50 %.2f p95 %.2f p99 %.2f max %.2f ms; %zu of %zu frames over %.0f ms: %s\n",
                total.p50, total.p95, total.p99, total.max, framesOverBudget, total.frames, kFrameBudgetMilliseconds,
                total.frames > 0 && framesOverBudget == 0 ? "every frame under budget"
                : total.p99 < kFrameBudgetMilliseconds   ? "p99 under budget, some frames over"
                                                         : "over budget");
  return buffer + line("UI (NewFrame..Render)", ui) + line("UI while compiling", busyUi) +
         line("UI + render (lavapipe)", total) + line("UI + render while compiling", busyTotal) + redraw + verdict;
}

std::string measureTyping(int frames, uint32_t lines, const ShellSettings& base, MeasureReport& report) {
  views::Document document;
  document.fileName = "measure.hlsl";
  document.title = "generated " + std::to_string(lines) + "-line shader";
  document.text = generatedBenchShader(lines);
  report.lines = uint32_t(std::count(document.text.begin(), document.text.end(), '\n'));
  report.fullRedraw = base.fullRedraw;
  report.loadBefore = loadAverage();
  views::Workspace workspace(std::move(document));
  // The first compile before measuring, as a user sees the file open first.
  workspace.worker().waitUntilIdle(std::chrono::seconds(120));

  using Clock = std::chrono::steady_clock;
  const auto period = std::chrono::microseconds(16667);
  Clock::time_point next = Clock::now();
  std::vector<double> ui, total, busyUi, busyTotal;
  double redrawnShareSum = 0;
  std::vector<bool> busyAtFrame(size_t(frames) + 8, false);
  const uint64_t compilesBefore = workspace.worker().compileCount();
  bool typed = false;

  ShellSettings settings = base;
  settings.capture = false;
  settings.frames = frames + 2;
  settings.beforeFrame = [&](int frame, GLFWwindow*) {
    std::this_thread::sleep_until(next);  // vsync's pacing
    next = std::max(next + period, Clock::now());
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[io.KeyMap[ImGuiKey_Backspace]] = false;
    if (frame == 0) {
      workspace.editorState().widget->focus();
      workspace.jumpTo(1, 200);  // the end of the comment on line 1
      return;
    }
    busyAtFrame[size_t(frame)] = workspace.worker().busy();
    if (frame % kKeystrokeFrames != 0) return;
    // Alternately type a character and erase it: every keystroke is an edit and a compile request.
    if (!typed) io.AddInputCharacter('x');
    else io.KeysDown[io.KeyMap[ImGuiKey_Backspace]] = true;
    typed = !typed;
    ++report.keystrokes;
  };
  settings.onFrameTimed = [&](int frame, double uiMs, double renderMs) {
    if (frame < 2) return;  // the focus and the caret move
    ui.push_back(uiMs);
    total.push_back(uiMs + renderMs);
    if (busyAtFrame[size_t(frame)] || workspace.worker().busy()) {
      busyUi.push_back(uiMs);
      busyTotal.push_back(uiMs + renderMs);
    }
    if (uiMs + renderMs > kFrameBudgetMilliseconds) ++report.framesOverBudget;
  };
  settings.onFrameRedrawn = [&](int frame, uint64_t redrawn, uint64_t pixels) {
    if (frame < 2 || pixels == 0) return;
    redrawnShareSum += double(redrawn) / double(pixels);
    if (redrawn == 0) ++report.unchangedFrames;
    if (redrawn == pixels) ++report.fullFrames;
  };
  ShellOutcome outcome;
  std::string error = runHeadless(workspace, settings, outcome);
  if (!error.empty()) return error;
  workspace.worker().waitUntilIdle(std::chrono::seconds(120));
  report.compiles = workspace.worker().compileCount() - compilesBefore;
  if (auto latest = workspace.worker().latest()) report.compileMilliseconds = latest->totalMilliseconds;
  report.ui = frameStats(ui);
  report.total = frameStats(total);
  report.busyUi = frameStats(busyUi);
  report.busyTotal = frameStats(busyTotal);
  report.redrawnShare = ui.empty() ? 0.0 : redrawnShareSum / double(ui.size());
  report.loadAfter = loadAverage();
  return "";
}

}  // namespace sl::gui
