#include "renderer/offload/PipelineParser.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>

using namespace sl::offload;

namespace {

const char* kMinimal = R"(---
Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - Name: In
    Format: Float32
    Channels: 4
    Data: [ 2, 4, 6, 8 ]
  - Name: Out
    Format: Float32
    Channels: 4
    FillSize: 16
DescriptorSets:
  - Resources:
    - Name: In
      Kind: RWBuffer
      DirectXBinding: { Register: 0, Space: 0 }
      VulkanBinding:
        Binding: 0
    - Name: Out
      Kind: RWBuffer
      DirectXBinding:
        Register: 1
        Space: 0
      VulkanBinding:
        Binding: 1
...
)";

ParseResult parse(const std::string& text) { return parsePipeline(text, "p.yaml"); }

// The first error's "line:col: message".
std::string firstError(const ParseResult& r) {
  if (r.errors.empty()) return "<no error>";
  const YamlDiagnostic& e = r.errors.front();
  return std::to_string(e.pos.line) + ":" + std::to_string(e.pos.column) + ": " + e.message;
}

template <class T>
T element(const Buffer& b, size_t i, size_t block = 0) {
  T v;
  std::memcpy(&v, b.data[block].data() + i * sizeof(T), sizeof(T));
  return v;
}

std::string withBuffer(const std::string& bufferYaml) {
  return "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n" + bufferYaml + "DescriptorSets: []\n";
}

}  // namespace

TEST_CASE("a minimal compute pipeline parses", "[offload][parser]") {
  ParseResult r = parse(kMinimal);
  REQUIRE(r.ok());
  const Pipeline& p = *r.pipeline;
  CHECK(p.kind == PipelineKind::Compute);
  REQUIRE(p.shaders.size() == 1);
  CHECK(p.shaders[0].entry == "main");
  REQUIRE(p.buffers.size() == 2);
  CHECK(p.buffers[0].size == 16);
  CHECK(element<float>(p.buffers[0], 3) == 8.0f);
  CHECK(p.buffers[1].size == 16);
  CHECK(p.buffers[1].data.size() == 1);
  REQUIRE(p.sets.size() == 1);
  REQUIRE(p.sets[0].resources.size() == 2);
  CHECK(p.sets[0].resources[1].bufferIndex == 1);
  CHECK(p.sets[0].resources[1].vkBinding->binding == 1);
  CHECK(p.sets[0].resources[0].dxBinding->registerIndex == 0);
  CHECK(p.dispatch.groupCount == std::array<uint32_t, 3>{1, 1, 1});
}

TEST_CASE("scalar spellings follow the YAML library", "[offload][parser]") {
  std::vector<uint8_t> b;
  CHECK(parseScalarBytes("0x1.e7d42cp-127", DataFormat::Float32, b).empty());
  float f;
  std::memcpy(&f, b.data(), 4);
  CHECK(std::fpclassify(f) == FP_SUBNORMAL);
  for (const char* s : {"inf", "-inf", "Inf", "nan", "NaN", "-nan"}) {
    b.clear();
    INFO(s);
    CHECK(parseScalarBytes(s, DataFormat::Float64, b).empty());
  }
  b.clear();
  CHECK(parseScalarBytes("0xFFFFFFFF", DataFormat::UInt32, b).empty());
  CHECK(parseScalarBytes("0x100000000", DataFormat::UInt32, b) == "out of range number");
  CHECK(parseScalarBytes("0xFFFFFFFF", DataFormat::Int32, b) == "out of range number");
  CHECK(parseScalarBytes("-1", DataFormat::UInt16, b) == "invalid number");
  CHECK(parseScalarBytes("1.5", DataFormat::Float16, b) == "invalid number");
  b.clear();
  CHECK(parseScalarBytes("0x3C00", DataFormat::Float16, b).empty());
  CHECK(b == std::vector<uint8_t>{0x00, 0x3C});
  b.clear();
  CHECK(parseScalarBytes("1", DataFormat::Bool, b).empty());
  CHECK(b.size() == 4);
  CHECK(parseScalarBytes("abc", DataFormat::Float32, b) == "invalid floating point number");
  b.clear();
  CHECK(parseScalarBytes("-32768", DataFormat::Int16, b).empty());
  CHECK(parseScalarBytes("-32769", DataFormat::Int16, b) == "out of range number");
}

TEST_CASE("LLVM YAML leniency: tabs and doubled commas in flow lists", "[offload][parser]") {
  ParseResult r = parse(withBuffer("  - Name: A\n    Format: Float32\n    Data: [ 0,\t1,, 15.5 ]\n"));
  REQUIRE(r.ok());
  const Buffer& b = r.pipeline->buffers[0];
  REQUIRE(b.size == 12);
  CHECK(element<float>(b, 2) == 15.5f);
}

TEST_CASE("FillSize repeats FillValue; FillValue alone is an error", "[offload][parser]") {
  ParseResult r = parse(withBuffer("  - Name: A\n    Format: Int32\n    FillSize: 8\n    FillValue: -2\n"));
  REQUIRE(r.ok());
  CHECK(element<int32_t>(r.pipeline->buffers[0], 1) == -2);
  r = parse(withBuffer("  - Name: A\n    Format: Int32\n    FillValue: 3\n"));
  CHECK(firstError(r) == "7:5: 'FillValue' specified without 'FillSize'");
  r = parse(withBuffer("  - Name: A\n    Format: Int32\n    ZeroInitSize: 8\n"));
  CHECK(firstError(r) == "7:5: invalid key 'ZeroInitSize' - did you mean 'FillSize'?");
}

TEST_CASE("FillSize times ArraySize is limited, not allocated until memory runs out", "[offload][parser]") {
  // Each is in range, the product (16 GiB) is not: a located error instead of bad_alloc.
  ParseResult r = parse(withBuffer("  - Name: A\n    Format: Int32\n    ArraySize: 64\n    FillSize: 268435456\n"));
  CHECK(firstError(r) == "8:15: FillSize 268435456 x ArraySize 64 = 17179869184 bytes exceeds the limit of 1 GiB per buffer");
  r = parse(withBuffer("  - Name: A\n    Format: Int32\n    ArraySize: 4\n    FillSize: 1024\n"));
  CHECK(r.ok());
}

TEST_CASE("a buffer name defined twice and a second YAML document are errors", "[offload][parser]") {
  ParseResult r = parse(withBuffer("  - Name: A\n    Format: Int32\n    Data: [1]\n  - Name: A\n    Format: Int32\n    Data: [2]\n"));
  CHECK(firstError(r) == "8:5: buffer 'A' is defined twice (first at line 5)");
  r = parse(std::string(kMinimal) + "---\nShaders: []\n");
  CHECK(firstError(r).find("a second YAML document: a pipeline file holds exactly one") != std::string::npos);
}

TEST_CASE("ArraySize buffers take one list per element", "[offload][parser]") {
  ParseResult r = parse(withBuffer("  - Name: A\n    Format: Int32\n    ArraySize: 2\n    Data:\n      - [1, 2]\n      - [3, 4]\n"));
  REQUIRE(r.ok());
  CHECK(r.pipeline->buffers[0].data.size() == 2);
  CHECK(element<int32_t>(r.pipeline->buffers[0], 1, 1) == 4);
  r = parse(withBuffer("  - Name: A\n    Format: Int32\n    ArraySize: 2\n    Data:\n      - [1, 2]\n      - [3]\n"));
  CHECK(firstError(r) == "10:10: All buffers must have the same size.");
  r = parse(withBuffer("  - Name: A\n    Format: Int32\n    ArraySize: 3\n    Data:\n      - [1, 2]\n      - [3, 4]\n"));
  CHECK(firstError(r) == "9:7: Expected 3 buffers, found 2");
}

TEST_CASE("errors carry file:line:col", "[offload][parser]") {
  SECTION("unknown key") {
    ParseResult r = parse(withBuffer("  - Name: A\n    Format: Int32\n    Data: [1]\n    Colour: red\n"));
    CHECK(firstError(r) == "8:5: unknown key 'Colour' in a buffer");
    REQUIRE(!r.errors.empty());
    CHECK(r.errors[0].rendered.rfind("p.yaml:8:5: error: unknown key 'Colour' in a buffer\n    Colour: red\n    ^\n", 0) == 0);
  }
  SECTION("missing required key") {
    ParseResult r = parse(withBuffer("  - Name: A\n    Data: [1]\n"));
    CHECK(firstError(r) == "5:5: missing required key 'Format' in a buffer");
  }
  SECTION("bad enum value") {
    ParseResult r = parse(withBuffer("  - Name: A\n    Format: Float31\n    Data: [1]\n"));
    CHECK(firstError(r).rfind("6:13: unknown Format 'Float31' (expected one of Hex8, ", 0) == 0);
  }
  SECTION("wrong type") {
    ParseResult r = parse(withBuffer("  - Name: A\n    Format: Int32\n    Data: 5\n"));
    CHECK(firstError(r) == "7:11: expected a sequence for Data");
    r = parse(withBuffer("  - Name: A\n    Format: Int32\n    Data: [1, x]\n"));
    CHECK(firstError(r) == "7:15: invalid number 'x' for a Int32 element");
  }
  SECTION("unresolved buffer name") {
    std::string text = kMinimal;
    text.replace(text.find("- Name: Out\n      Kind"), 11, "- Name: Oot");
    ParseResult r = parse(text);
    CHECK(firstError(r) == "21:7: Referenced buffer Oot not found!");
  }
  SECTION("YAML syntax error") {
    ParseResult r = parse("Shaders: [ { Stage: Compute\n");
    REQUIRE(!r.ok());
    CHECK(r.errors[0].pos.line >= 1);
  }
  SECTION("duplicate key") {
    ParseResult r = parse(withBuffer("  - Name: A\n    Name: B\n    Format: Int32\n    Data: [1]\n"));
    CHECK(firstError(r) == "6:5: duplicated mapping key 'Name'");
  }
  SECTION("binding: exactly one of DirectXBinding or HeapIndex") {
    std::string text = kMinimal;
    text.replace(text.find("      DirectXBinding: { Register: 0, Space: 0 }\n"), 48, "      HeapIndex: 3\n      DirectXBinding: { Register: 0, Space: 0 }\n");
    ParseResult r = parse(text);
    CHECK(firstError(r) == "16:7: Resource 'In' must specify exactly one of 'DirectXBinding' or 'HeapIndex'.");
  }
  SECTION("stride with channels") {
    ParseResult r = parse(withBuffer("  - Name: A\n    Format: Int32\n    Stride: 8\n    Channels: 2\n    Data: [1, 2]\n"));
    CHECK(firstError(r) == "5:5: Cannot set a structure stride and more than one channel.");
  }
  SECTION("OutputProps size") {
    ParseResult r = parse(withBuffer("  - Name: T\n    Format: Float32\n    Channels: 4\n    OutputProps: { Width: 2, Height: 2, Depth: 1 }\n    FillSize: 16\n"));
    CHECK(firstError(r) == "5:5: Buffer 'T' size (16) does not match OutputProps dimensions (64)");
  }
  SECTION("float rule on integer buffers") {
    std::string text = withBuffer("  - Name: A\n    Format: Int32\n    Data: [1]\n  - Name: B\n    Format: Int32\n    Data: [1]\n") +
                       "Results:\n  - Result: R\n    Rule: BufferFloatULP\n    ULPT: 1\n    Actual: A\n    Expected: B\n";
    CHECK(firstError(parse(text)) == "13:5: BufferFloat only accepts Float buffers");
  }
}

TEST_CASE("pipeline kinds follow the shader stages", "[offload][parser]") {
  auto kindError = [](const std::string& shaders) {
    return firstError(parse("Shaders:\n" + shaders + "Buffers: []\nDescriptorSets: []\n"));
  };
  CHECK(kindError("  - { Stage: Compute, Entry: a }\n  - { Stage: Pixel, Entry: b }\n") ==
        "1:1: Compute Pipeline is only allowed to have Compute Shader.");
  CHECK(kindError("  - { Stage: Compute, Entry: a }\n  - { Stage: Compute, Entry: b }\n") ==
        "3:7: Pipeline has multiple shaders of the same type.");
  CHECK(kindError("  - { Stage: Miss, Entry: a }\n") == "1:1: RayTracing pipeline requires at least one RayGeneration shader.");
  ParseResult r = parse("Shaders:\n  - { Stage: Vertex, Entry: a }\n  - { Stage: Pixel, Entry: b }\nBuffers: []\n"
                        "DescriptorSets: []\nBindings:\n  VertexBuffer: V\n");
  REQUIRE(r.ok());
  CHECK(r.pipeline->kind == PipelineKind::TraditionalRaster);
  CHECK(r.pipeline->unsupportedKeys == std::vector<std::string>{"Bindings"});
}

TEST_CASE("push constants, spec constants, samplers and results parse", "[offload][parser]") {
  const char* text = R"(Shaders:
  - Stage: Compute
    Entry: main
    SpecializationConstants:
      - { ConstantID: 3, Type: Float32, Value: "2.5" }
Buffers:
  - { Name: A, Format: Float16, Data: [ 0x3C00 ] }
  - { Name: B, Format: Float16, Data: [ 0x3C01 ] }
Samplers:
  - { Name: S, Kind: SamplerComparison, ComparisonOp: Less, Address: Mirror }
Results:
  - { Result: r, Rule: BufferFloatULP, ULPT: 1, DenormMode: FTZ, ZeroTolerance: 0.5, Actual: A, Expected: B }
  - { Result: e, Rule: BufferFloatEpsilon, Epsilon: 0.01, Actual: A, Expected: B }
PushConstants:
  - Stage: Compute
    Values:
      - { Format: Int32, Offset: 4, Data: [ 7 ] }
DispatchParameters:
  DispatchGroupCount: [ 4, 2, 1 ]
DescriptorSets:
  - Resources:
    - { Name: S, Kind: Sampler, DirectXBinding: { Register: 0, Space: 0 }, VulkanBinding: { Binding: 2, CounterBinding: 9 } }
)";
  ParseResult r = parse(text);
  INFO(r.renderErrors());
  REQUIRE(r.ok());
  const Pipeline& p = *r.pipeline;
  CHECK(p.shaders[0].specializationConstants[0].constantId == 3);
  CHECK(p.shaders[0].specializationConstants[0].value == "2.5");
  CHECK(p.samplers[0].comparisonOp == CompareOp::Less);
  CHECK(p.samplers[0].address == AddressMode::Mirror);
  CHECK(p.results[0].denormMode == DenormMode::FTZ);
  CHECK(p.results[0].zeroTolerance == 0.5);
  CHECK(p.results[1].epsilon == 0.01);
  CHECK(p.pushConstants[0].size() == 8);
  CHECK(p.pushConstants[0].content() == std::vector<uint8_t>{0, 0, 0, 0, 7, 0, 0, 0});
  CHECK(p.dispatch.groupCount == std::array<uint32_t, 3>{4, 2, 1});
  CHECK(p.sets[0].resources[0].samplerIndex == 0);
  CHECK(p.sets[0].resources[0].vkBinding->counterBinding == 9u);
}

TEST_CASE("D3D12 root parameters are parsed and checked", "[offload][parser]") {
  const std::string head = "Shaders: [ { Stage: Compute, Entry: main } ]\nBuffers: [ { Name: C, Format: Int32, Data: [1] } ]\n"
                           "DescriptorSets: [ { Resources: [] } ]\nRuntimeSettings:\n  DirectX:\n    RootParameters:\n";
  ParseResult r = parse(head + "      - Kind: Constant\n        Name: C\n      - Kind: DescriptorTable\n"
                               "      - Kind: RootDescriptor\n        Resource: { Name: C, Kind: RWStructuredBuffer }\n");
  INFO(r.renderErrors());
  REQUIRE(r.ok());
  const auto& params = r.pipeline->settings.rootParameters;
  REQUIRE(params.size() == 3);
  CHECK(params[0].kind == RootParamKind::Constant);
  CHECK(params[0].name == "C");
  CHECK(params[2].resourceKind == ResourceKind::RWStructuredBuffer);
  CHECK(firstError(parse(head + "      - Kind: Constant\n        Name: Missing\n      - Kind: DescriptorTable\n")) ==
        "7:9: Referenced buffer in root constant Missing not found!");
  CHECK(firstError(parse(head + "      - Kind: Constant\n        Name: C\n")) ==
        "6:5: Expected 1 DescriptorTable root parameters, found 0");
  CHECK(firstError(parse(head + "      - Kind: DescriptorTable\n      - Kind: RootDescriptor\n"
                                "        Resource: { Name: C, Kind: RWBuffer }\n")) ==
        "9:21: Root descriptors must be raw resource types.");
}
