// In-process compile latency per input, the number that decides whether the GUI keeps up with
// typing (issue bar: <= 5 ms for a 100-line shader, <= 50 ms for 2000 lines). Each benchmark also
// reports the mean milliseconds of every stage as a counter, so a regression names its stage.
// Run: build/bench/bench_compile [--benchmark_filter=...].
#include "core/pipeline/GeneratedShader.h"
#include "core/pipeline/Pipeline.h"
#include "core/support/AtomicFile.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace {

std::string readOrDie(const std::string& path) {
  std::string text, error;
  if (!sl::readWholeFile(path, text, error)) {
    std::fprintf(stderr, "bench_compile: %s\n", error.c_str());
    std::exit(2);
  }
  return text;
}

// What the GUI asks for (every stage's text) or what the CLI asks for (-Fo only).
enum class Consumer { Gui, Cli };

void compileText(benchmark::State& state, const std::string& path, const std::string& source, sl::TargetKind target,
                 Consumer consumer) {
  sl::CompileOptions options;
  options.profile = "cs_6_6";
  options.target = target;
  options.textOnlyForShownStages = consumer == Consumer::Cli;
  std::map<std::string, double> stageMs;
  double totalMs = 0;
  for (auto _ : state) {
    auto result = sl::compileSource(path, source, options);
    totalMs += result->totalMilliseconds;
    if (!result->succeeded) {
      state.SkipWithError(("compile failed: " + (result->diagnostics.empty() ? std::string("?") : result->diagnostics[0].message)).c_str());
      break;
    }
    for (const sl::StageArtifact& stage : result->stages) stageMs[stage.name] += stage.milliseconds;
    benchmark::DoNotOptimize(result);
  }
  const double n = std::max<double>(1, double(state.iterations()));
  for (const auto& [name, ms] : stageMs) state.counters["ms." + name] = ms / n;
  // From the compile's start to its result (the stages and what runs between them); the rest of
  // the benchmark's time is the thread the compile runs on and the teardown of what it built.
  state.counters["ms.total"] = totalMs / n;
  state.counters["lines"] = static_cast<double>(std::count(source.begin(), source.end(), '\n'));
}

void compileFile(benchmark::State& state, const std::string& path, sl::TargetKind target, Consumer consumer) {
  compileText(state, path, readOrDie(path), target, consumer);
}

void compileGenerated(benchmark::State& state, uint32_t lines, sl::TargetKind target, Consumer consumer) {
  compileText(state, "generated.hlsl", sl::generatedBenchShader(lines), target, consumer);
}

}  // namespace

static void BM_Example_Spirv_Cli(benchmark::State& state) {
  compileFile(state, SHADERLENS_SOURCE_DIR "/shaders/compute/hello.hlsl", sl::TargetKind::Spirv, Consumer::Cli);
}
BENCHMARK(BM_Example_Spirv_Cli)->Unit(benchmark::kMillisecond);

static void BM_Generated100_Spirv_Cli(benchmark::State& state) {
  compileGenerated(state, 100, sl::TargetKind::Spirv, Consumer::Cli);
}
BENCHMARK(BM_Generated100_Spirv_Cli)->Unit(benchmark::kMillisecond);

static void BM_Generated2000_Spirv_Cli(benchmark::State& state) {
  compileGenerated(state, 2000, sl::TargetKind::Spirv, Consumer::Cli);
}
BENCHMARK(BM_Generated2000_Spirv_Cli)->Unit(benchmark::kMillisecond);

static void BM_Generated2000_Dxil_Cli(benchmark::State& state) {
  compileGenerated(state, 2000, sl::TargetKind::Dxil, Consumer::Cli);
}
BENCHMARK(BM_Generated2000_Dxil_Cli)->Unit(benchmark::kMillisecond);

// The GUI prints every stage it shows; this is the latency behind each keystroke.
static void BM_Generated2000_Spirv_Gui(benchmark::State& state) {
  compileGenerated(state, 2000, sl::TargetKind::Spirv, Consumer::Gui);
}
BENCHMARK(BM_Generated2000_Spirv_Gui)->Unit(benchmark::kMillisecond);

// The largest real compute shader of the corpus with its headers (kajiya TAA, ~1.2k lines preprocessed).
static void BM_CorpusLarge_Spirv_Cli(benchmark::State& state) {
  compileFile(state, SHADERLENS_SHARED_DIR "/corpus/kajiya/assets/shaders/taa/taa.hlsl", sl::TargetKind::Spirv, Consumer::Cli);
}
BENCHMARK(BM_CorpusLarge_Spirv_Cli)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
