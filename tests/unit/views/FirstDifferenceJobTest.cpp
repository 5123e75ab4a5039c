// views/debug/FirstDifferenceJob: the difference's location read as a document line, and the
// one-line summary the Debug tab's script verbs and message read.
#include "views/debug/FirstDifferenceJob.h"

#include <catch2/catch.hpp>

using namespace sl::views;

TEST_CASE("documentLineOf reads FILE:LINE[:COLUMN] of the document only", "[difference]") {
  CHECK(documentLineOf("/tmp/x/source.hlsl:8:23", "source.hlsl") == 8);
  CHECK(documentLineOf("source.hlsl:12", "dir/source.hlsl") == 12);
  CHECK(documentLineOf("C:\\work\\source.hlsl:3:1", "source.hlsl") == 3);
  CHECK(documentLineOf("other.hlsl:8:23", "source.hlsl") == 0);
  CHECK(documentLineOf("", "source.hlsl") == 0);
  CHECK(documentLineOf("source.hlsl", "source.hlsl") == 0);
  CHECK(documentLineOf("source.hlsl:x:1", "source.hlsl") == 0);
}

TEST_CASE("FirstDifferenceOutcome::summary says the difference, no difference, or the error", "[difference]") {
  FirstDifferenceOutcome o;
  o.result.agreed = 4;
  o.result.gpuName = "llvmpipe";
  CHECK(o.summary() == "no difference: 4 value(s) agreed (GPU llvmpipe and the CPU device)");
  sl::offload::ValueDifference d;
  d.instruction = "%45 = OpISub %uint %43 %44";
  d.location = "source.hlsl:9:12";
  d.occurrence = 1;
  d.gpuValue = "2 (0x00000002)";
  d.cpuValue = "8 (0x00000008)";
  o.result.first = d;
  CHECK(o.summary() ==
        "%45 = OpISub %uint %43 %44 at source.hlsl:9:12 (execution 2) differs: GPU 2 (0x00000002), CPU device 8 (0x00000008), after 4 value(s) agreed");
  o.result.error = "no Vulkan device";
  CHECK(o.summary() == "error: no Vulkan device");
  o.error = "cancelled";
  CHECK(o.summary() == "error: cancelled");
}
