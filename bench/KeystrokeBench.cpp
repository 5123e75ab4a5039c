// What a user waits for after a keystroke (issue 22, "Speed"): from one typed character in the
// 2000-line generated shader to the text of the stage on screen being ready to draw. It drives
// the app's own path: a Workspace drawn every frame in an ImGui context with no renderer (ImGui
// builds draw lists without one), its editor typed into through ImGui's IO, its CompileWorker
// with the debounce the app uses, and its stage panel. Each of the 50 keystrokes types another
// character at the end of line 1's comment, so every compile is of a new text. Counters: p50, p95
// and max milliseconds over the keystrokes (the time column is their mean), and the mean debounce
// and compile time behind them. The `_InCode` variants type digits into a float literal of a
// helper in the middle of the file instead, so every keystroke changes the emitted code (a
// comment edit leaves the SPIR-V words as they were).
// Run: build/bench/bench_keystroke [--benchmark_filter=...].
#include "core/pipeline/GeneratedShader.h"
#include "core/pipeline/Pipeline.h"
#include "views/Workspace.h"

#include <benchmark/benchmark.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kKeystrokes = 50;

// An ImGui context with the default font and a 1280x800 display, and the frame loop the app runs.
class HeadlessUi {
 public:
  HeadlessUi() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280, 800);
    fonts_.ui = fonts_.mono = io.Fonts->AddFontDefault();
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  ~HeadlessUi() { ImGui::DestroyContext(); }
  HeadlessUi(const HeadlessUi&) = delete;
  HeadlessUi& operator=(const HeadlessUi&) = delete;

  void frame(sl::views::Workspace& workspace) {
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui::NewFrame();
    workspace.draw(fonts_);
    ImGui::Render();
  }

 private:
  sl::views::ViewFonts fonts_;
};

// The app's event loop: it sleeps until a worker publishes (or a short timeout), then draws.
class Wake {
 public:
  void notify() {
    std::lock_guard<std::mutex> lock(mutex_);
    woken_ = true;
    changed_.notify_all();
  }
  void wait(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait_for(lock, timeout, [this] { return woken_; });
    woken_ = false;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool woken_ = false;
};

// The stage tab shown is drawn from a snapshot of the typed text that holds its text.
bool shownStageReady(sl::views::Workspace& workspace, const std::string& typed) {
  const std::shared_ptr<const sl::CompileResult>& snapshot = workspace.stageSnapshot();
  if (!snapshot || snapshot->source != typed) return false;
  const sl::StageArtifact* artifact = snapshot->stage(workspace.stagePanel().selectedStage());
  return artifact && !artifact->text.empty();
}

double percentile(std::vector<double> samples, double q) {
  std::sort(samples.begin(), samples.end());
  return samples[std::min(samples.size() - 1, size_t(q * double(samples.size() - 1) + 0.5))];
}

// Where the keystrokes go: the end of line 1's comment, or after the literal `2.0000` of
// helper100's first line (line 906: `  float a = x * 2.0000 + float(i & 3u);`).
enum class TypedInto { Comment, Code };
constexpr uint32_t kCodeLine = 906, kCodeColumn = 23;

// `stage` empty: the default layout (the tab the app opens on); else that stage's tab is shown.
void typeIntoGenerated(benchmark::State& state, sl::TargetKind target, const std::string& stage, TypedInto into) {
  sl::views::Document document;
  document.fileName = "keystroke.hlsl";
  document.text = sl::generatedBenchShader(2000);
  document.options.target = target;
  HeadlessUi ui;
  Wake wake;  // before the workspace: its workers call it until they are gone
  sl::views::Workspace workspace(std::move(document));
  workspace.setOnCompiled([&wake] { wake.notify(); });
  if (!stage.empty()) {
    workspace.selectRightTab(sl::views::RightTab::Stages);
    workspace.stagePanel().selectStage(stage);
  }
  workspace.editorState().widget->focus();
  if (into == TypedInto::Comment) workspace.jumpTo(1, 200);  // the end of the comment on line 1
  else workspace.jumpTo(kCodeLine, kCodeColumn);
  workspace.worker().waitUntilIdle(std::chrono::seconds(120));
  // A tab asked for is selected by ImGui a frame after the tab bar first shows.
  for (int i = 0; i < 4 || (!stage.empty() && workspace.stagePanel().selectedStage() != stage && i < 20); ++i) ui.frame(workspace);
  if (!stage.empty() && workspace.stagePanel().selectedStage() != stage) {
    state.SkipWithError(("no tab '" + stage + "' is shown").c_str());
    return;
  }

  std::vector<double> samples;
  double compileMs = 0, debounceMs = 0;
  int keystroke = 0;
  for (auto _ : state) {
    // Each keystroke after a pause: the previous compile has ended (its shown stages came first).
    workspace.worker().waitUntilIdle(std::chrono::seconds(120));
    ui.frame(workspace);
    const Clock::time_point start = Clock::now();
    debounceMs += double(workspace.worker().debounce().count());
    if (into == TypedInto::Comment) ImGui::GetIO().AddInputCharacter('a' + unsigned(keystroke++ % 26));
    else ImGui::GetIO().AddInputCharacter('1' + unsigned(keystroke++ % 9));
    ui.frame(workspace);
    const std::string typed = workspace.editor().text;
    if (into == TypedInto::Code && keystroke == 1 && typed.find("x * 2.00001 + float(i & 3u)") == std::string::npos) {
      state.SkipWithError("the first digit did not land after helper100's literal");
      return;
    }
    // The app sleeps until the worker publishes (a partial snapshot with the shown stages, or the
    // whole compile), then draws; a lazily printed tab takes frames more.
    while (!shownStageReady(workspace, typed)) {
      wake.wait(std::chrono::milliseconds(5));
      ui.frame(workspace);
      if (Clock::now() - start > std::chrono::seconds(120)) {
        state.SkipWithError("the shown stage's text never came");
        return;
      }
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    state.SetIterationTime(seconds);
    samples.push_back(seconds * 1000.0);
    workspace.worker().waitUntilIdle(std::chrono::seconds(120));
    compileMs += workspace.worker().latest()->totalMilliseconds;
  }
  if (samples.empty()) return;
  state.counters["p50_ms"] = percentile(samples, 0.50);
  state.counters["p95_ms"] = percentile(samples, 0.95);
  state.counters["max_ms"] = percentile(samples, 1.0);
  // What bounds it: the debounce the keystroke waited and the whole compile's own time (the shown
  // stages come before its end).
  state.counters["debounce_ms"] = debounceMs / double(samples.size());
  state.counters["compile_ms"] = compileMs / double(samples.size());
  state.SetLabel("shown: " + workspace.stagePanel().selectedStage());
}

void registerKeystrokeBenchmarks() {
  auto add = [](const std::string& name, sl::TargetKind target, const std::string& stage, TypedInto into = TypedInto::Comment) {
    benchmark::RegisterBenchmark(name.c_str(), [target, stage, into](benchmark::State& state) { typeIntoGenerated(state, target, stage, into); })
        ->Iterations(kKeystrokes)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond);
  };
  add("BM_Keystroke2000_Spirv/default_layout", sl::TargetKind::Spirv, "");
  add("BM_Keystroke2000_Dxil/default_layout", sl::TargetKind::Dxil, "");
  sl::CompileOptions spirv;
  spirv.target = sl::TargetKind::Spirv;
  for (const std::string& stage : sl::stagesFor(spirv)) add("BM_Keystroke2000_Spirv/" + stage, sl::TargetKind::Spirv, stage);
  add("BM_Keystroke2000_Spirv_InCode/default_layout", sl::TargetKind::Spirv, "", TypedInto::Code);
  add("BM_Keystroke2000_Spirv_InCode/spirv", sl::TargetKind::Spirv, "spirv", TypedInto::Code);
  add("BM_Keystroke2000_Dxil_InCode/default_layout", sl::TargetKind::Dxil, "", TypedInto::Code);
}

}  // namespace

int main(int argc, char** argv) {
  registerKeystrokeBenchmarks();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
