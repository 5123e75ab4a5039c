// The Run tab's worker: a run has a deadline and can be cancelled (the CPU device stops its
// dispatch; destroying the worker, as quitting does, cancels too).
#include "views/run/RunWorker.h"

#include <catch2/catch.hpp>

#include <chrono>

#include "renderer/offload/PipelineParser.h"

using namespace std::chrono_literals;

namespace {

// 4 billion invocations: a run that would take hours on the CPU device.
const char* kEndless = R"(---
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [ 65535, 65535, 1 ]
Buffers:
  - Name: Out
    Format: UInt32
    FillSize: 4
DescriptorSets:
  - Resources:
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding:
        Register: 0
        Space: 0
      VulkanBinding:
        Binding: 0
...
)";

sl::views::RunRequest endlessOnCpu() {
  sl::views::RunRequest request;
  request.fileName = "endless.hlsl";
  request.hlsl = "RWStructuredBuffer<uint> Out : register(u0);\n[numthreads(1, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { InterlockedAdd(Out[0], id.x & 1); }\n";
  request.compileArgs = {"-T", "cs_6_0"};
  sl::offload::ParseResult parsed = sl::offload::parsePipeline(kEndless, "endless.yaml");
  REQUIRE(parsed.ok());
  request.pipeline = *parsed.pipeline;
  const std::vector<std::string> adapters = sl::views::listAdapters();
  for (size_t i = 0; i < adapters.size(); ++i)
    if (adapters[i].find("Shaderlens CPU") != std::string::npos) request.adapterIndex = int(i);
  REQUIRE(request.adapterIndex >= 0);
  return request;
}

}  // namespace

TEST_CASE("a run on the CPU device can be cancelled and has a deadline", "[views][run]") {
  sl::views::RunWorker worker;
  REQUIRE(worker.start(endlessOnCpu()));
  std::this_thread::sleep_for(300ms);
  REQUIRE(worker.busy());
  const auto cancelledAt = std::chrono::steady_clock::now();
  worker.cancel();
  REQUIRE(worker.waitUntilIdle(10s));
  CHECK(std::chrono::steady_clock::now() - cancelledAt < 5s);
  REQUIRE(worker.latest());
  CHECK(worker.latest()->error.find("cancelled") != std::string::npos);

  sl::views::RunRequest request = endlessOnCpu();
  request.timeoutSeconds = 1;
  REQUIRE(worker.start(request));
  REQUIRE(worker.waitUntilIdle(15s));
  CHECK(worker.latest()->error.find("did not finish in 1 s") != std::string::npos);
}

TEST_CASE("destroying the worker (quitting) ends a running run", "[views][run]") {
  const auto start = std::chrono::steady_clock::now();
  {
    sl::views::RunWorker worker;
    REQUIRE(worker.start(endlessOnCpu()));
    std::this_thread::sleep_for(300ms);
  }
  CHECK(std::chrono::steady_clock::now() - start < 10s);
}
