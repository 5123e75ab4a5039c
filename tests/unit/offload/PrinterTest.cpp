#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"
#include "renderer/offload/Rules.h"

#include <catch2/catch.hpp>

using namespace sl::offload;

namespace {

Pipeline parseOk(const std::string& text) {
  ParseResult r = parsePipeline(text, "p.yaml");
  INFO(r.renderErrors());
  REQUIRE(r.ok());
  return *r.pipeline;
}

std::string pipelineWith(const std::string& buffers) {
  return "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n" + buffers + "DescriptorSets: []\n";
}

}  // namespace

TEST_CASE("the dump uses upstream's number formats", "[offload][printer]") {
  Pipeline p = parseOk(pipelineWith(
      "  - { Name: F, Format: Float32, Data: [ 20.3, 5, 1.536, 0x1.e7d42cp-127, nan, -inf, 3.14159265 ] }\n"
      "  - { Name: H, Format: Float16, Data: [ 0x3E00, 0x1, 0 ] }\n"
      "  - { Name: X, Format: Hex32, Data: [ 0xfffffffc, 10 ] }\n"
      "  - { Name: I, Format: Int16, Data: [ -5, 7 ] }\n"
      "  - { Name: D, Format: Float64, Data: [ 5.399999999999999 ] }\n"));
  std::string dump = printPipeline(p);
  CHECK(dump.find("Data:            [ 20.3, 5, 1.536, 1.12e-38, nan, -inf, 3.14159 ]\n") != std::string::npos);
  CHECK(dump.find("Data:            [ 0x3E00, 0x1, 0x0 ]\n") != std::string::npos);
  CHECK(dump.find("Data:            [ 0xFFFFFFFC, 0xA ]\n") != std::string::npos);
  CHECK(dump.find("Data:            [ -5, 7 ]\n") != std::string::npos);
  CHECK(dump.find("Data:            [ 5.4 ]\n") != std::string::npos);
  CHECK(dump.rfind("---\nShaders:\n  - Stage:           Compute\n    Entry:           main\n", 0) == 0);
  CHECK(dump.find("OutputProps:\n      Height:          0\n      Width:           0\n      Depth:           0\n") !=
        std::string::npos);
  CHECK(dump.find("DispatchGroupCount: [ 1, 1, 1 ]") != std::string::npos);
  CHECK(dump.size() > 4);
  CHECK(dump.substr(dump.size() - 4) == "...\n");
}

TEST_CASE("long flow lists wrap like LLVM's YAML writer", "[offload][printer]") {
  std::string data;
  for (int i = 0; i < 40; ++i) data += (i ? ", " : "") + std::to_string(1000 + i);
  Pipeline p = parseOk(pipelineWith("  - { Name: L, Format: UInt32, Data: [ " + data + " ] }\n"));
  std::string dump = printPipeline(p);
  size_t at = dump.find("Data:            [ 1000, 1001,");
  REQUIRE(at != std::string::npos);
  // Each wrapped line stays near column 70 and continues aligned under the list.
  size_t eol = dump.find('\n', at);
  size_t lineStart = dump.rfind('\n', at) + 1;
  CHECK(eol - lineStart <= 80);
  CHECK(dump.substr(eol + 1, 8) == "        ");
}

TEST_CASE("counters and arrays print as upstream", "[offload][printer]") {
  Pipeline p = parseOk(pipelineWith(
      "  - { Name: A, Format: Hex32, Stride: 4, ArraySize: 2, FillSize: 4 }\n"
      "  - { Name: B, Format: Int32, Stride: 4, FillSize: 8 }\n"));
  p.buffers[0].counters = {1, 2};
  p.buffers[1].counters = {4294967292u};
  std::string dump = printPipeline(p);
  CHECK(dump.find("    ArraySize:       2\n    Counters:        [ 1, 2 ]\n    Data:\n      - [ 0x0 ]\n      - [ 0x0 ]\n") !=
        std::string::npos);
  CHECK(dump.find("    Stride:          4\n    Counter:         4294967292\n    Data:            [ 0, 0 ]\n") !=
        std::string::npos);
}

TEST_CASE("failure report matches Check.cpp's layout", "[offload][printer]") {
  Pipeline p = parseOk(pipelineWith("  - { Name: Out, Format: Float32, Stride: 4, Data: [ 20.25, 5 ] }\n"
                                    "  - { Name: Exp, Format: Float32, Stride: 4, Data: [ 1.5, 2.5 ] }\n") +
                       "Results:\n  - { Result: Test1, Rule: BufferFloatULP, ULPT: 1, Actual: Out, Expected: Exp }\n");
  RuleOutcome o = evaluateResult(p, p.results[0]);
  REQUIRE(!o.passed);
  REQUIRE(o.mismatches.size() == 2);
  CHECK(o.mismatches[0] == "  Mismatch at element 0: expected=1.5 (0x1.8p+0), actual=20.25 (0x1.44p+4)");
  const std::string expected =
      "Test failed: Test1\n"
      "Comparison Rule: BufferFloatULP\n"
      "ULP: 1\n"
      "Expected:\n"
      "---\n"
      "Name:            Exp\n"
      "Format:          Float32\n"
      "Stride:          4\n"
      "Data:            [ 1.5, 2.5 ]\n"
      "OutputProps:\n"
      "  Height:          0\n"
      "  Width:           0\n"
      "  Depth:           0\n"
      "...\n"
      "Got:\n"
      "---\n"
      "Name:            Out\n"
      "Format:          Float32\n"
      "Stride:          4\n"
      "Data:            [ 20.25, 5 ]\n"
      "OutputProps:\n"
      "  Height:          0\n"
      "  Width:           0\n"
      "  Depth:           0\n"
      "...\n"
      "Full Hex representation of Expected Buffer Values:\n"
      "[ 0x3fc00000, 0x40200000 ]\n"
      "Full Hex representation of Actual Buffer Values:\n"
      "[ 0x41a20000, 0x40a00000 ]\n";
  CHECK(o.report == expected);
}

TEST_CASE("hex values of an array buffer", "[offload][printer]") {
  Pipeline p = parseOk(pipelineWith("  - { Name: A, Format: Int32, ArraySize: 2, Data: [ [1, 10], [20, 31] ] }\n"));
  CHECK(hexBufferValues(p.buffers[0]) == " - [ 0x1, 0xa ]\n - [ 0x14, 0x1f ]");
}

TEST_CASE("a parsed and printed pipeline parses back to the same dump", "[offload][printer]") {
  const char* text = R"(Shaders:
  - Stage: Compute
    Entry: main
    SpecializationConstants:
      - { ConstantID: 3, Type: Int32, Value: "7" }
Buffers:
  - { Name: A, Format: UInt64, Data: [ 1, 18446744073709551615 ] }
  - { Name: T, Format: Float32, Channels: 4, FillSize: 64, OutputProps: { Width: 2, Height: 2, Depth: 1 } }
Samplers:
  - { Name: S }
Results:
  - { Result: r, Rule: BufferExact, Actual: A, Expected: A }
DescriptorSets:
  - Resources:
    - { Name: A, Kind: RWStructuredBuffer, HasCounter: true, DirectXBinding: { Register: 0, Space: 0 }, VulkanBinding: { Binding: 0, CounterBinding: 1 } }
    - { Name: S, Kind: Sampler, HeapIndex: 3 }
PushConstants:
  - Stage: Compute
    Values:
      - { Format: Hex16, Offset: 2, Data: [ 0xAB ] }
DispatchParameters:
  DispatchGroupCount: [ 2, 3, 4 ]
)";
  Pipeline p = parseOk(text);
  std::string first = printPipeline(p);
  // The dump mentions Bindings/AccelerationStructures as empty; both parse as "nothing".
  Pipeline again = parseOk(first);
  CHECK(printPipeline(again) == first);
  CHECK(first.find("MaxLOD:          3.40282e+38") != std::string::npos);
}
