// qptr.lower + qptr.analyze + qptr.lift against SPIRV-Tools' validator on the same modules, side by
// side in one run (docs/qptr.md). The modules are the largest ones the qptr round trip sees:
// corpus HLSL compiled by our compiler, and corpus HLSL compiled by glslangValidator (when
// installed). Run: build/bench/bench_qptr [--benchmark_filter=...]; each "ratio/" row reports
// qptr_ms, val_ms and ratio = qptr / spirv-val for one module.
#include "core/passes/qptr/QptrAnalyze.h"
#include "core/passes/qptr/QptrLift.h"
#include "core/passes/qptr/QptrLower.h"
#include "core/pipeline/Pipeline.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/reader/Reader.h"
#include "core/support/AtomicFile.h"

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct BenchModule {
  std::string name;
  std::vector<uint32_t> words;
  sl::spirv::TargetEnv env;
  sl::spirv::ValidateOptions validate;
  sl::qptr::LayoutKind layout = sl::qptr::LayoutKind::Scalar;
};

struct ManifestRow {
  std::string path, stage, entry, profile, glslang, defines;
  uintmax_t bytes = 0;
};

std::vector<ManifestRow> manifest() {
  const std::string root = SHADERLENS_SHARED_DIR "/corpus/";
  std::ifstream in(root + "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);
  std::vector<ManifestRow> rows;
  while (std::getline(in, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < 12 || cols[0].size() < 5 || cols[0].substr(cols[0].size() - 5) != ".hlsl") continue;
    ManifestRow r{cols[0], cols[4], cols[5], cols[6], cols[9], cols[11]};
    std::error_code ec;
    r.bytes = std::filesystem::file_size(root + r.path, ec);
    if (!ec) rows.push_back(std::move(r));
  }
  std::sort(rows.begin(), rows.end(), [](const ManifestRow& a, const ManifestRow& b) { return a.bytes > b.bytes; });
  return rows;
}

// The file name with its directory, enough to tell corpus files apart.
std::string shortName(const std::string& path) {
  size_t slash = path.rfind('/');
  if (slash != std::string::npos && slash > 0) slash = path.rfind('/', slash - 1);
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// This thread's CPU time: the machine running the benchmarks may be shared, and the ratio should
// compare work, not scheduling.
double threadSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// The `count` largest modules our compiler makes from the `tries` largest corpus sources.
void addOurs(const std::vector<ManifestRow>& rows, size_t tries, size_t count, std::vector<BenchModule>& out) {
  std::vector<BenchModule> found;
  for (const ManifestRow& r : rows) {
    if (tries == 0) break;
    if (r.profile.empty() || r.entry.empty()) continue;
    --tries;
    std::string source, error;
    const std::string path = SHADERLENS_SHARED_DIR "/corpus/" + r.path;
    if (!sl::readWholeFile(path, source, error)) continue;
    sl::CompileOptions options;
    options.target = sl::TargetKind::Spirv;
    options.spirvTargetEnv = "vulkan1.3";
    options.profile = r.profile;
    options.entryPoint = r.entry;
    options.outputFile = "/dev/null";  // only the object: skips the pipeline's own qptr round trip
    std::stringstream defs(r.defines);
    for (std::string d; defs >> d;) {
      const size_t eq = d.find('=');
      options.defines.emplace_back(d.substr(0, eq), eq == std::string::npos ? "1" : d.substr(eq + 1));
    }
    const std::shared_ptr<const sl::CompileResult> compiled = sl::compileSource(path, source, options);
    if (!compiled) continue;
    const sl::CompileResult& result = *compiled;
    if (result.object.empty() || result.object.size() % 4) continue;
    BenchModule m;
    m.name = "ours:" + shortName(r.path);
    m.words.resize(result.object.size() / 4);
    std::memcpy(m.words.data(), result.object.data(), result.object.size());
    m.env = sl::spirv::TargetEnv::Vulkan1_3;
    m.validate.relaxBlockLayout = true;
    found.push_back(std::move(m));
  }
  std::sort(found.begin(), found.end(), [](const BenchModule& a, const BenchModule& b) { return a.words.size() > b.words.size(); });
  for (size_t i = 0; i < found.size() && i < count; ++i) out.push_back(std::move(found[i]));
}

void addGlslang(const std::vector<ManifestRow>& rows, size_t tries, size_t count, std::vector<BenchModule>& out) {
  if (std::system("glslangValidator --version >/dev/null 2>&1") != 0) return;
  static const std::pair<const char*, const char*> stages[] = {{"cs", "comp"}, {"ps", "frag"}, {"vs", "vert"},
                                                               {"gs", "geom"}, {"hs", "tesc"}, {"ds", "tese"}};
  const std::string tmp = (std::filesystem::temp_directory_path() / ("sl-bench-qptr-" + std::to_string(getpid()) + ".spv")).string();
  std::vector<BenchModule> found;
  for (const ManifestRow& r : rows) {
    if (tries == 0) break;
    const char* stage = nullptr;
    for (const auto& [k, v] : stages)
      if (r.stage == k) stage = v;
    if (!stage || r.glslang.rfind("ok", 0) != 0) continue;
    --tries;
    std::string defines;
    std::stringstream defs(r.defines);
    for (std::string d; defs >> d;) defines += " '-D" + d + "'";
    const std::string cmd = "glslangValidator -V -D" + defines + " -S " + stage + " -e '" + r.entry +
                            "' --target-env vulkan1.2 '" SHADERLENS_SHARED_DIR "/corpus/" + r.path + "' -o '" + tmp +
                            "' >/dev/null 2>&1";
    if (std::system(cmd.c_str()) != 0) continue;
    std::string bytes, error;
    if (!sl::readWholeFile(tmp, bytes, error) || bytes.size() % 4) continue;
    BenchModule m;
    m.name = "glslang:" + shortName(r.path);
    m.words.resize(bytes.size() / 4);
    std::memcpy(m.words.data(), bytes.data(), bytes.size());
    m.env = sl::spirv::TargetEnv::Vulkan1_2;
    m.layout = sl::qptr::LayoutKind::Standard;
    if (!sl::spirv::validate(m.words, m.env).empty()) continue;  // only valid inputs
    found.push_back(std::move(m));
  }
  std::error_code ec;
  std::filesystem::remove(tmp, ec);
  std::sort(found.begin(), found.end(), [](const BenchModule& a, const BenchModule& b) { return a.words.size() > b.words.size(); });
  for (size_t i = 0; i < found.size() && i < count; ++i) out.push_back(std::move(found[i]));
}

std::unique_ptr<sl::ir::Module> readOrNull(const BenchModule& m) {
  auto cx = std::make_shared<sl::ir::Context>();
  sl::spirv::ReadResult read = sl::spirv::readModule(m.words, cx);
  return read.ok() ? std::move(read.module) : nullptr;
}

// The three passes on a freshly read module; false if any reported an error.
bool runPasses(sl::ir::Module& module, sl::qptr::LayoutKind layout) {
  sl::qptr::QptrState state;
  state.layout.kind = layout;
  sl::qptr::AnalysisResult analysis;
  bool ok = sl::qptr::lowerToQptr(module, state);
  ok = ok && sl::qptr::analyzeQptr(module, state, &analysis);
  return ok && sl::qptr::liftFromQptr(module, state, analysis);
}

void qptrPasses(benchmark::State& state, const BenchModule* m) {
  for (auto _ : state) {
    state.PauseTiming();
    auto module = readOrNull(*m);
    state.ResumeTiming();
    if (!module) {
      state.SkipWithError("the reader rejected the module");
      return;
    }
    benchmark::DoNotOptimize(runPasses(*module, m->layout));
  }
  state.counters["words"] = double(m->words.size());
}

void spirvVal(benchmark::State& state, const BenchModule* m) {
  for (auto _ : state) benchmark::DoNotOptimize(sl::spirv::validate(m->words, m->env, m->validate));
  state.counters["words"] = double(m->words.size());
}

// Both, alternately, in the same iterations: the ratio the note reports (thread CPU time).
void ratio(benchmark::State& state, const BenchModule* m) {
  double qptrS = 0, valS = 0;
  for (auto _ : state) {
    auto module = readOrNull(*m);
    if (!module) {
      state.SkipWithError("the reader rejected the module");
      return;
    }
    const double t0 = threadSeconds();
    benchmark::DoNotOptimize(runPasses(*module, m->layout));
    const double t1 = threadSeconds();
    benchmark::DoNotOptimize(sl::spirv::validate(m->words, m->env, m->validate));
    const double t2 = threadSeconds();
    qptrS += t1 - t0;
    valS += t2 - t1;
  }
  const double n = double(state.iterations());
  state.counters["qptr_ms"] = 1000 * qptrS / n;
  state.counters["val_ms"] = 1000 * valS / n;
  state.counters["ratio"] = valS > 0 ? qptrS / valS : 0;
  state.counters["words"] = double(m->words.size());
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  static std::vector<BenchModule> modules;
  const std::vector<ManifestRow> rows = manifest();
  addOurs(rows, 16, 3, modules);
  addGlslang(rows, 16, 3, modules);
  if (modules.empty()) {
    std::fprintf(stderr, "bench_qptr: no modules (is %s/corpus there?)\n", SHADERLENS_SHARED_DIR);
    return 2;
  }
  for (size_t i = 0; i < modules.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      if (modules[j].name == modules[i].name) modules[i].name += "#" + std::to_string(i);
  for (const BenchModule& m : modules) {
    benchmark::RegisterBenchmark(("qptr/" + m.name).c_str(), qptrPasses, &m)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("spirv-val/" + m.name).c_str(), spirvVal, &m)->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("ratio/" + m.name).c_str(), ratio, &m)->Unit(benchmark::kMillisecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
