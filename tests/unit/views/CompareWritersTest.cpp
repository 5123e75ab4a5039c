#include "views/debug/CompareWriters.h"

#include <catch2/catch.hpp>

using sl::views::differingWriters;

TEST_CASE("the writers of a comparison's differing elements, with the elements they wrote") {
  const std::string report =
      "compare: 2 of 16 elements differ in 1 buffer(s)\n"
      "  Quotients[0]: 0 (0x00000000) on the reference, -1 (0xffffffff) on the CPU device\n"
      "    last written by invocation (0,0,0) (workgroup (0,0,0), local (0,0,0)) at source.hlsl:7 [OpSDiv]\n"
      "    where it first differs: shaderlens debug x.test --thread 0,0,0 --first-difference\n"
      "  Quotients[6]: 0 (0x00000000) on the reference, -1 (0xffffffff) on the CPU device\n"
      "    last written by invocation (6,1,2) (workgroup (1,0,0), local (2,1,2)) [OpStore]\n";
  const auto writers = differingWriters(report);
  REQUIRE(writers.size() == 2);
  CHECK(writers[0].element == "Quotients[0]");
  CHECK(writers[0].thread == std::array<uint32_t, 3>{0, 0, 0});
  CHECK(writers[0].line == 2);
  CHECK(writers[1].element == "Quotients[6]");
  CHECK(writers[1].thread == std::array<uint32_t, 3>{6, 1, 2});
  CHECK(differingWriters("compare: the devices agree\n").empty());
  CHECK(differingWriters("    last written by invocation (x,0,0)\n").empty());
}
