// read -> write -> spirv-val on real compiler output: the qptr experiments (GLSL via glslang,
// SPIR-V assembly via the assembler) and every corpus HLSL shader glslang compiles.
#include "SpirvTestUtil.h"

#include "core/spirv/SpirvTools.h"
#include "core/spirv/Writer.h"
#include "core/spirv/reader/Reader.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace sl;

namespace {

// Empty when the module reads, writes and validates; else the first failure.
std::string roundTrip(const std::vector<uint32_t>& words, spirv::TargetEnv env) {
  auto cx = std::make_shared<ir::Context>();
  spirv::ReadResult r = spirv::readModule(words, cx);
  if (!r.ok()) return "read: " + renderDiagnostics(r.diagnostics);
  spirv::WriterOptions wo;
  wo.env = env;
  spirv::WriteResult w = spirv::writeModule(*r.module, wo);
  if (!w.ok()) return "write: " + renderDiagnostics(w.diagnostics);
  spirv::addMissingCapabilities(w.words, r.capabilities, r.extensions);
  auto v = spirv::validate(w.words, env);
  if (!v.empty()) return "validate: " + renderDiagnostics(v);
  return {};
}

std::string experiments() { return test::sharedDir() + "/design/qptr-experiments"; }

}  // namespace

TEST_CASE("reader round-trips the qptr experiments compiled by glslang", "[spirv-reader]") {
  const std::pair<const char*, const char*> inputs[] = {
      {"t1_ssbo.comp", "comp"}, {"t2_ubo.frag", "frag"},    {"t3_local.frag", "frag"}, {"t4_descidx.frag", "frag"},
      {"t5_call.frag", "frag"}, {"t6b.comp", "comp"},       {"t7_rowmajor.frag", "frag"}, {"t8_vert.vert", "vert"},
      {"t9_dynvec.frag", "frag"}, {"t10_mat.frag", "frag"},
  };
  for (const auto& [file, stage] : inputs) {
    INFO(file);
    auto words = test::compileWithGlslang(experiments() + "/" + file, stage, false, "main", "vulkan1.2");
    REQUIRE(!words.empty());
    CHECK(roundTrip(words, spirv::TargetEnv::Vulkan1_2) == "");
  }
}

TEST_CASE("reader round-trips the qptr experiments' SPIR-V assembly", "[spirv-reader]") {
  const std::string hdr = test::readText(experiments() + "/asm/hdr.inc");
  REQUIRE(!hdr.empty());
  // e_conflict is not valid SPIR-V (a load through a bitcast logical pointer); d_ptrac needs
  // ArrayStride on a pointer type, which the writer does not emit.
  for (const char* name : {"a_copy", "b_select", "c_phi", "f_texelptr"}) {
    INFO(name);
    std::string error;
    auto words = test::assembleSpirvFile(experiments() + "/asm/" + name + ".spvasm", error);
    INFO(error);
    REQUIRE(!words.empty());
    CHECK(roundTrip(words, spirv::TargetEnv::Universal1_5) == "");
  }
}

TEST_CASE("reader round-trips corpus HLSL compiled by glslang", "[spirv-reader][corpus]") {
  std::ifstream manifest(test::sharedDir() + "/corpus/MANIFEST.tsv");
  REQUIRE(manifest.good());
  std::string line;
  std::getline(manifest, line);  // header
  int compiled = 0, passed = 0, rejected = 0;
  std::string failures;
  while (std::getline(manifest, line)) {
    std::vector<std::string> cols;
    std::stringstream ss(line);
    for (std::string c; std::getline(ss, c, '\t');) cols.push_back(c);
    if (cols.size() < 10 || cols[9].rfind("ok", 0) != 0) continue;
    if (cols[0].size() > 5 && cols[0].substr(cols[0].size() - 5) == ".test") continue;  // YAML wrappers
    static const std::pair<const char*, const char*> stages[] = {{"cs", "comp"}, {"ps", "frag"}, {"vs", "vert"},
                                                                 {"gs", "geom"}, {"hs", "tesc"}, {"ds", "tese"}};
    const char* stage = nullptr;
    for (const auto& [k, v] : stages)
      if (cols[4] == k) stage = v;
    if (!stage) continue;
    auto words = test::compileWithGlslang(test::sharedDir() + "/corpus/" + cols[0], stage, true, cols[5]);
    if (words.empty()) continue;
    // glslang's HLSL output is not always valid itself; only valid inputs must survive.
    if (!spirv::validate(words, spirv::TargetEnv::Vulkan1_1).empty()) continue;
    ++compiled;
    const std::string err = roundTrip(words, spirv::TargetEnv::Vulkan1_1);
    if (err.empty()) ++passed;
    else if (err.rfind("read:", 0) == 0 && err.find("not supported") != std::string::npos) ++rejected;
    else failures += cols[0] + ": " + err.substr(0, 300) + "\n";
  }
  INFO(failures);
  WARN("corpus round trip: " << passed << " / " << compiled << " valid modules pass, " << rejected
                             << " rejected with an 'unsupported' diagnostic");
  CHECK(compiled >= 100);
  CHECK(failures.empty());
  CHECK(passed + rejected == compiled);
  CHECK(rejected <= 5);
}
