#include "QptrTestUtil.h"

#include "../spirv-reader/SpirvTestUtil.h"

#include "core/spirv/SpirvTools.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <sstream>

using namespace sl;

TEST_CASE("lower -> analyze -> lift -> write gives valid SPIR-V for all 16 experiments", "[qptr][lift]") {
  int valid = 0;
  for (const auto& e : test::experiments()) {
    INFO(e.name);
    auto words = test::experimentWords(e);
    REQUIRE(!words.empty());
    auto run = test::runQptr(words);
    INFO(run.lifted << run.diagnostics());
    CHECK(run.liftOk);
    CHECK(run.validation == "");
    CHECK(run.lifted.find("= qptr.") == std::string::npos);
    // Fallback instructions (SPIR-V ops kept with qptr operands, e.g. a Volatile OpLoad) are
    // legal qptr-stage IR; the IR verifier types OpLoad strictly, so only those lines may appear.
    std::string unexpected;
    std::stringstream lines(run.verifyLowered);
    for (std::string l; std::getline(lines, l);)
      if (l.find("error:") != std::string::npos && l.find("through qptr") == std::string::npos) unexpected += l + "\n";
    CHECK(unexpected == "");
    CHECK(run.verifyLifted == "");
    if (run.liftOk && run.validation.empty()) ++valid;
  }
  WARN("qptr experiments valid after lift: " << valid << " / " << test::experiments().size());
  CHECK(valid >= 15);
}

namespace {
test::QptrRun lifted(const char* name) { return test::runQptr(test::experimentWords(test::experiment(name))); }
}  // namespace

TEST_CASE("lift rebuilds access chains, array lengths and pointer parameters", "[qptr][lift]") {
  auto t1 = lifted("t1_ssbo.comp");
  INFO(t1.lifted);
  CHECK(t1.lifted.find("spv.OpArrayLength(&GV1, 1): u32") != std::string::npos);
  auto t5 = lifted("t5_call.frag");
  INFO(t5.lifted);
  CHECK(t5.lifted.find("(v0`v`: ptr<Function, f32x4>, v1`k`: ptr<Function, f32>)") != std::string::npos);
  auto t4 = lifted("t4_descidx.frag");
  // As SPIR-T: the buffer element becomes a new Block struct holding only the used u32 at 12.
  CHECK(t4.lifted.find("0: u32 #[Offset(12)]") != std::string::npos);
  CHECK(t4.lifted.find("spv.OpAccessChain(&GV0, v2, 0u32): ptr<StorageBuffer, u32>") != std::string::npos);
  auto t2 = lifted("t2_ubo.frag");
  INFO(t2.lifted);
  CHECK(t2.lifted.find("0: f32x4 #[Offset(16)]") != std::string::npos);  // u.mvp[1] only
}

TEST_CASE("lift: pointer phi, neighbour element, punning", "[qptr][lift]") {
  auto phi = lifted("c_phi");
  INFO(phi.lifted);
  CHECK(phi.lifted.find("(v3: ptr<StorageBuffer, u32>) = if") != std::string::npos);
  auto ptrac = lifted("d_ptrac");
  INFO(ptrac.lifted);
  CHECK(ptrac.lifted.find("spv.OpIAdd(v1, 1u32)") != std::string::npos);  // element x + 1
  auto pun = lifted("e_conflict");
  INFO(pun.lifted);
  CHECK(pun.lifted.find("spv.OpLoad(&GV3): f32") != std::string::npos);
  CHECK(pun.lifted.find("spv.OpBitcast(") != std::string::npos);
}

TEST_CASE("lift keeps interface blocks and matrix layouts", "[qptr][lift]") {
  auto t8 = lifted("t8_vert.vert");
  INFO(t8.lifted);
  CHECK(t8.lifted.find("BuiltIn(Position)") != std::string::npos);
  auto t10 = lifted("t10_mat.frag");
  INFO(t10.lifted);
  CHECK(t10.lifted.find("mat<f32x4, 4> #[Offset(16), ColMajor, MatrixStride(16)]") != std::string::npos);
  auto t7 = lifted("t7_rowmajor.frag");
  CHECK(t7.lifted.find("mat<f32x4, 4> #[Offset(0), RowMajor, MatrixStride(16)]") != std::string::npos);
}

TEST_CASE("qptr pipeline on corpus HLSL compiled by glslang", "[qptr][corpus]") {
  std::ifstream manifest(test::sharedDir() + "/corpus/MANIFEST.tsv");
  REQUIRE(manifest.good());
  std::string line;
  std::getline(manifest, line);
  int modules = 0, valid = 0, diagnosed = 0;
  std::string failures;
  while (std::getline(manifest, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < 10 || cols[9].rfind("ok", 0) != 0) continue;
    if (cols[0].size() > 5 && cols[0].substr(cols[0].size() - 5) == ".test") continue;
    static const std::pair<const char*, const char*> stages[] = {{"cs", "comp"}, {"ps", "frag"}, {"vs", "vert"},
                                                                 {"gs", "geom"}, {"hs", "tesc"}, {"ds", "tese"}};
    const char* stage = nullptr;
    for (const auto& [k, v] : stages)
      if (cols[4] == k) stage = v;
    if (!stage) continue;
    auto words = test::compileWithGlslang(test::sharedDir() + "/corpus/" + cols[0], stage, true, cols[5], "vulkan1.2");
    if (words.empty() || !spirv::validate(words, spirv::TargetEnv::Vulkan1_2).empty()) continue;
    auto run = test::runQptr(words);
    if (!run.module) continue;  // the reader rejected it (covered by the reader's tests)
    ++modules;
    if (run.liftOk && run.validation.empty()) ++valid;
    else if (!run.liftOk || !run.lowerOk || !run.analyzeOk) ++diagnosed;
    else failures += cols[0] + ": " + run.validation.substr(0, 300) + "\n";
  }
  INFO(failures);
  WARN("corpus through qptr: " << valid << " / " << modules << " valid after lift, " << diagnosed
                               << " stopped with qptr diagnostics");
  CHECK(modules >= 100);
  // Lifted output that fails validation without a diagnostic would be silent wrong output.
  CHECK(failures.empty());
}

TEST_CASE("qptr passes survive mutated modules the reader accepts", "[qptr][fuzz]") {
  std::vector<std::vector<uint32_t>> seeds;
  for (const auto& e : test::experiments()) {
    auto w = test::experimentWords(e);
    if (!w.empty()) seeds.push_back(std::move(w));
  }
  REQUIRE(seeds.size() == test::experiments().size());
  std::mt19937 rng(777);
  int accepted = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    std::vector<uint32_t> w = seeds[iter % seeds.size()];
    const size_t pos = 5 + rng() % (w.size() - 5);
    if (rng() % 2) w[pos] ^= 1u << (rng() % 32);
    else w[pos] = rng() % 64;
    auto run = test::runQptr(w);  // must not crash; errors are diagnostics
    if (run.module) ++accepted;
  }
  WARN("qptr fuzz: " << accepted << " mutated modules went through the passes");
  CHECK(accepted > 0);
}

TEST_CASE("lift can keep the declared buffer types", "[qptr][lift]") {
  for (const auto& e : test::experiments()) {
    if (std::string(e.name) != "t2_ubo.frag") continue;
    auto run = test::runQptr(test::experimentWords(e), qptr::LayoutKind::Standard, 3, /*synthesize=*/false);
    INFO(run.lifted);
    CHECK(run.validation == "");
    CHECK(run.lifted.find("`mvp` mat<f32x4, 4>") != std::string::npos);  // declaration kept
    CHECK(run.lifted.find("spv.OpAccessChain(&GV1, 0u32, 1u32): ptr<Uniform, f32x4>") != std::string::npos);
  }
}
