// In-process compile latency per input, the number that decides whether the GUI keeps up with
// typing. Run: build/bench/bench_compile [--benchmark_filter=...].
#include "core/pipeline/Pipeline.h"
#include "core/support/AtomicFile.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

struct Input {
  const char* name;
  std::string path;
};

std::string readOrDie(const std::string& path) {
  std::string text, error;
  if (!sl::readWholeFile(path, text, error)) {
    std::fprintf(stderr, "bench_compile: %s\n", error.c_str());
    std::exit(2);
  }
  return text;
}

void compileFile(benchmark::State& state, const std::string& path, bool spirv) {
  std::string source = readOrDie(path);
  sl::CompileOptions options;
  options.profile = "cs_6_6";
  if (spirv) options.target = sl::TargetKind::Spirv;
  for (auto _ : state) {
    auto result = sl::compileSource(path, source, options);
    benchmark::DoNotOptimize(result);
  }
  state.counters["lines"] = static_cast<double>(std::count(source.begin(), source.end(), '\n'));
}

}  // namespace

static void BM_CompileExample(benchmark::State& state) {
  compileFile(state, SHADERLENS_SOURCE_DIR "/shaders/compute/hello.hlsl", true);
}
BENCHMARK(BM_CompileExample)->Unit(benchmark::kMillisecond);

// The largest real compute shader of the corpus with its headers (kajiya TAA, ~1.2k lines preprocessed).
static void BM_CompileCorpusLarge(benchmark::State& state) {
  compileFile(state, SHADERLENS_SHARED_DIR "/corpus/kajiya/assets/shaders/taa/taa.hlsl", true);
}
BENCHMARK(BM_CompileCorpusLarge)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
