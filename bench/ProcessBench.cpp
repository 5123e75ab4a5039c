// Whole-process compile time of `shaderlens compile -spirv` against glslangValidator on the same
// file, side by side in one run (issue bar: ratio <= 0.5). One iteration spawns both tools once,
// alternately, so both see the same machine load; the counter `ratio` = shaderlens / glslang wall
// time summed over the iterations. Start-up (dynamic loading, static initialisers) counts: it is
// part of what a user waits for. Inputs: the bundled example, generated 100- and 2000-line shaders.
// Run: build/bench/bench_process
#include "core/pipeline/GeneratedShader.h"
#include "core/support/AtomicFile.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <fcntl.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char** environ;

namespace {

namespace fs = std::filesystem;

// Runs argv[0] (searched in PATH), output to /dev/null; returns the wall seconds, or < 0 on failure.
double runProcess(const std::vector<std::string>& argv) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

const fs::path& scratchDir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("shaderlens-bench-process-" + std::to_string(getpid()));
    fs::create_directories(d);
    return d;
  }();
  return dir;
}

std::string generatedFile(uint32_t lines) {
  const fs::path path = scratchDir() / ("generated" + std::to_string(lines) + ".hlsl");
  if (!fs::exists(path)) {
    std::string err = sl::writeFileAtomically(path.string(), sl::generatedBenchShader(lines));
    if (!err.empty()) {
      std::fprintf(stderr, "bench_process: %s\n", err.c_str());
      std::exit(2);
    }
  }
  return path.string();
}

struct Totals {
  double ours = 0, glslang = 0;
  int64_t iterations = 0;
};
std::map<std::string, Totals>& totals() {
  static std::map<std::string, Totals> t;
  return t;
}

void sideBySide(benchmark::State& state, const std::string& label, const std::string& file) {
  const std::string out = (scratchDir() / "out.spv").string();
  const std::vector<std::string> ours = {SHADERLENS_BINARY, "compile", "-spirv", "-T", "cs_6_6", "-E", "main", file, "-Fo", out};
  const std::vector<std::string> glslang = {"glslangValidator", "-V", "-D", "-S", "comp", "-e", "main", file, "-o", out};
  Totals t;
  for (auto _ : state) {
    const double a = runProcess(ours);
    const double b = runProcess(glslang);
    if (a < 0 || b < 0) {
      state.SkipWithError(a < 0 ? "shaderlens compile failed" : "glslangValidator failed or is not installed");
      return;
    }
    t.ours += a;
    t.glslang += b;
    ++t.iterations;
  }
  state.counters["shaderlens_ms"] = 1e3 * t.ours / double(t.iterations);
  state.counters["glslang_ms"] = 1e3 * t.glslang / double(t.iterations);
  state.counters["ratio"] = t.ours / t.glslang;
  totals()[label] = t;
}

}  // namespace

static void BM_Process_Example(benchmark::State& state) {
  sideBySide(state, "example (hello.hlsl)", SHADERLENS_SOURCE_DIR "/shaders/compute/hello.hlsl");
}
BENCHMARK(BM_Process_Example)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(3.0);

static void BM_Process_Generated100(benchmark::State& state) {
  sideBySide(state, "generated 100 lines", generatedFile(100));
}
BENCHMARK(BM_Process_Generated100)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(3.0);

static void BM_Process_Generated2000(benchmark::State& state) {
  sideBySide(state, "generated 2000 lines", generatedFile(2000));
}
BENCHMARK(BM_Process_Generated2000)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(3.0);

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::printf("\nwhole-process compile -spirv, shaderlens / glslangValidator (goal <= 0.5):\n");
  for (const auto& [label, t] : totals())
    std::printf("  %-24s %7.2f ms / %7.2f ms = %.2fx  (%lld runs each)\n", label.c_str(), 1e3 * t.ours / double(t.iterations),
                1e3 * t.glslang / double(t.iterations), t.ours / t.glslang, (long long)t.iterations);
  std::error_code ec;
  std::filesystem::remove_all(scratchDir(), ec);
  return 0;
}
