// Fuzz-style robustness: thousands of mutated copies of valid modules (word and byte flips,
// truncations, inserted junk) must read to either a module or diagnostics, never a crash or hang.
#include "SpirvTestUtil.h"

#include "core/spirv/reader/Reader.h"

#include <catch2/catch.hpp>

#include <random>

using namespace sl;

TEST_CASE("mutated modules never crash the reader", "[spirv-reader][fuzz]") {
  const std::string dir = test::sharedDir() + "/design/qptr-experiments";
  std::vector<std::vector<uint32_t>> seeds;
  for (const char* name : {"a_copy", "b_select", "c_phi", "d_ptrac", "f_texelptr"}) {
    std::string error;
    auto w = test::assembleSpirvFile(dir + "/asm/" + name + ".spvasm", error);
    if (!w.empty()) seeds.push_back(std::move(w));
  }
  for (const auto& [file, stage] : {std::pair{"t1_ssbo.comp", "comp"}, {"t3_local.frag", "frag"}, {"t5_call.frag", "frag"}}) {
    auto w = test::compileWithGlslang(dir + "/" + file, stage, false, "main", "vulkan1.2");
    if (!w.empty()) seeds.push_back(std::move(w));
  }
  REQUIRE(seeds.size() >= 6);
  std::mt19937 rng(12345);
  int read = 0, rejected = 0;
  for (int iter = 0; iter < 6000; ++iter) {
    std::vector<uint32_t> w = seeds[iter % seeds.size()];
    const int mutations = 1 + int(rng() % 4);
    for (int m = 0; m < mutations; ++m) {
      const size_t pos = 5 + rng() % (w.size() - 5);
      switch (rng() % 5) {
        case 0: w[pos] ^= 1u << (rng() % 32); break;                  // bit flip
        case 1: w[pos] = rng() % 64; break;                            // small value (ids, counts)
        case 2: w[pos] = (w[pos] & 0xFFFF0000u) | (rng() % 400); break;  // another opcode
        case 3: w.resize(pos); break;                                  // truncate
        case 4: w.insert(w.begin() + pos, uint32_t(rng())); break;     // junk word
      }
      if (w.size() <= 5) break;
    }
    auto r = spirv::readModule(w, std::make_shared<ir::Context>());
    if (r.ok()) ++read;
    else {
      ++rejected;
      REQUIRE(!r.diagnostics.empty());
    }
  }
  WARN("fuzz: " << read << " mutated modules read, " << rejected << " rejected with diagnostics");
  CHECK(rejected > 0);
}
