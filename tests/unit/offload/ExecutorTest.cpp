#include "renderer/offload/Executor.h"
#include "renderer/offload/Offloader.h"
#include "renderer/offload/PipelineParser.h"
#include "tests/unit/offload/SpirvAsm.h"
#include "tests/unit/offload/TestUtil.h"

#include <catch2/catch.hpp>

#include <cstring>

using namespace sl::offload;
using namespace sl::offload::test;

namespace {

Pipeline parseOk(const std::string& text) {
  ParseResult r = parsePipeline(text, "p.yaml");
  INFO(r.renderErrors());
  REQUIRE(r.ok());
  return *r.pipeline;
}

std::vector<uint8_t> kitchenShader() {
  std::string error;
  std::vector<uint8_t> bytes = assemble(readFile(std::string(SL_LIT_INPUTS) + "/kitchen.spvasm"), &error);
  INFO(error);
  REQUIRE(!bytes.empty());
  return bytes;
}

const char* kKitchenPipeline = R"(Shaders:
  - Stage: Compute
    Entry: main
    SpecializationConstants:
      - { ConstantID: 0, Type: UInt32, Value: "3" }
DispatchParameters: { DispatchGroupCount: [2, 1, 1] }
PushConstants:
  - Stage: Compute
    Values: [ { Format: UInt32, Offset: 0, Data: [ 5 ] } ]
Buffers:
  - { Name: Out, Format: UInt32, Stride: 4, FillSize: 32 }
  - { Name: Typed, Format: UInt32, FillSize: 32 }
  - { Name: Arr, Format: UInt32, Stride: 4, ArraySize: 2, FillSize: 32 }
  - { Name: Expected, Format: UInt32, Data: [5, 8, 17, 32, 53, 80, 113, 152] }
Results:
  - { Result: out, Rule: BufferExact, Actual: Out, Expected: Expected }
DescriptorSets:
  - Resources:
    - { Name: Out, Kind: RWStructuredBuffer, HasCounter: true, DirectXBinding: {Register: 0, Space: 0}, VulkanBinding: { Binding: 0, CounterBinding: 1 } }
    - { Name: Typed, Kind: RWBuffer, DirectXBinding: {Register: 1, Space: 0}, VulkanBinding: { Binding: 2 } }
  - Resources:
    - { Name: Arr, Kind: RWStructuredBuffer, DirectXBinding: {Register: 0, Space: 1}, VulkanBinding: { Binding: 0 } }
)";

}  // namespace

TEST_CASE("the layout comes from the YAML, checked against the SPIR-V", "[offload][executor]") {
  Pipeline p = parseOk(kKitchenPipeline);
  ReflectedModule m = reflectSpirv(kitchenShader());
  REQUIRE(m.ok());
  PlannedLayout plan = planLayout(p, m);
  INFO(plan.error);
  REQUIRE(plan.error.empty());
  const auto& b = plan.layout.bindings;
  REQUIRE(b.size() == 4);
  CHECK(b[0].kind == sl::hal::BindingKind::StorageBuffer);
  CHECK((b[0].set == 0 && b[0].binding == 0 && !b[0].readOnly));
  CHECK((b[1].kind == sl::hal::BindingKind::StorageBuffer && b[1].binding == 1));  // the counter
  CHECK(b[2].kind == sl::hal::BindingKind::StorageTexelBuffer);
  CHECK(b[2].format == sl::hal::Format(sl::hal::ScalarType::UInt32, 1));
  CHECK((b[3].set == 1 && b[3].binding == 0 && b[3].arrayCount == 2));
  CHECK(plan.layout.constantCount == 1);
  CHECK(plan.layout.workgroupSize == std::array<uint32_t, 3>{4, 1, 1});
  CHECK(plan.layout.entryPoints == std::vector<std::string>{"main"});
  CHECK(plan.layout.bindingElementCount() == 5);
}

TEST_CASE("layout mismatches name both sides", "[offload][executor]") {
  ReflectedModule m = reflectSpirv(kitchenShader());
  auto planError = [&](std::string text) { return planLayout(parseOk(text), m).error; };
  std::string base = kKitchenPipeline;
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = base;
    size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    return t.replace(at, from.size(), to);
  };
  CHECK(planError(replaced("Kind: RWBuffer", "Kind: RWStructuredBuffer")) ==
        "resource 'Typed' (RWStructuredBuffer: storage buffer at set 0 binding 2) does not match the shader's 'Typed' "
        "(storage texel buffer at set 0 binding 2)");
  CHECK(planError(replaced("ArraySize: 2, FillSize: 32", "ArraySize: 3, FillSize: 32")) ==
        "resource 'Arr' has ArraySize 3 but the shader's 'Arr' (storage buffer at set 1 binding 0) is an array of 2");
  CHECK(planError(replaced("Binding: 0, CounterBinding: 1", "Binding: 0")) ==
        "No CounterBinding provided for resource 'Out' with a counter");
  CHECK(planError(replaced("CounterBinding: 1", "CounterBinding: 2")) ==
        "the counter of resource 'Out' (storage buffer at set 0 binding 2) does not match the shader's 'Typed' "
        "(storage texel buffer at set 0 binding 2)");
  CHECK(planError(replaced("VulkanBinding: { Binding: 2 }", "VulkanBinding: { Binding: 7 }")) ==
        "the shader's 'Typed' (storage texel buffer at set 0 binding 2) has no resource in the pipeline");
  CHECK(planError(replaced("Entry: main", "Entry: CSMain")) == "the shader has no compute entry point 'CSMain' (it has: main)");
  // Without a VulkanBinding the DirectX register stands in (DXC's default mapping), so a wrong
  // register is a mismatch like a wrong binding.
  CHECK(planError(replaced("VulkanBinding: { Binding: 2 }", "")) ==
        "resource 'Typed' (RWBuffer: storage texel buffer at set 0 binding 1) does not match the shader's "
        "'counter.var.Out' (storage buffer at set 0 binding 1)");
  CHECK(planLayout(parseOk(base), reflectSpirv(std::vector<uint8_t>(12, 0))).error.rfind("cannot read the shader", 0) == 0);
}

TEST_CASE("a resource without a VulkanBinding sits where DXC maps its DirectX register", "[offload][executor]") {
  ReflectedModule m = reflectSpirv(kitchenShader());
  REQUIRE(m.ok());
  std::string text = kKitchenPipeline;
  auto replace = [&](const std::string& from, const std::string& to) {
    size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  };
  // register(u2, space0) -> set 0 binding 2; register(u0, space1) -> set 1 binding 0, whatever
  // DescriptorSets entry the resource is listed in.
  replace("DirectXBinding: {Register: 1, Space: 0}, VulkanBinding: { Binding: 2 }", "DirectXBinding: {Register: 2, Space: 0}");
  replace("  - Resources:\n    - { Name: Arr", "    - { Name: Arr");
  replace("DirectXBinding: {Register: 0, Space: 1}, VulkanBinding: { Binding: 0 }", "DirectXBinding: {Register: 0, Space: 1}");
  Pipeline p = parseOk(text);
  REQUIRE(p.sets.size() == 1);
  PlannedLayout plan = planLayout(p, m);
  INFO(plan.error);
  REQUIRE(plan.error.empty());
  const auto& b = plan.layout.bindings;
  REQUIRE(b.size() == 4);
  CHECK((b[2].kind == sl::hal::BindingKind::StorageTexelBuffer && b[2].set == 0 && b[2].binding == 2));
  CHECK((b[3].set == 1 && b[3].binding == 0 && b[3].arrayCount == 2));

  std::optional<VulkanSlot> slot = vulkanSlotOf(p.sets[0].resources[2], 0);
  REQUIRE(slot);
  CHECK((slot->fromDirectX && slot->set == 1 && slot->binding == 0 && !slot->counterBinding));
  slot = vulkanSlotOf(p.sets[0].resources[0], 0);
  REQUIRE(slot);
  CHECK((!slot->fromDirectX && slot->binding == 0 && slot->counterBinding == 1u));

  // A counter's binding is implicit in DXC, so it cannot be derived: upstream's error stays.
  replace(", VulkanBinding: { Binding: 0, CounterBinding: 1 }", "");
  CHECK(planLayout(parseOk(text), m).error == "No CounterBinding provided for resource 'Out' with a counter");
}

TEST_CASE("specialization constant values use upstream's conversions", "[offload][executor]") {
  Shader s;
  s.specializationConstants = {{1, DataFormat::Float32, "2.5", {}}, {2, DataFormat::Bool, "1", {}},
                               {3, DataFormat::Int16, "-7", {}}, {4, DataFormat::UInt32, "0x10", {}}};
  auto r = specializationConstants(s);
  REQUIRE(r.ok());
  REQUIRE(r->size() == 4);
  float f;
  std::memcpy(&f, (*r)[0].bytes.data(), 4);
  CHECK(f == 2.5f);
  CHECK((*r)[1].bytes.size() == 4);  // VkBool32
  CHECK((*r)[2].bytes.size() == 2);
  CHECK((*r)[3].bytes == std::vector<uint8_t>{0x10, 0, 0, 0});
  s.specializationConstants = {{1, DataFormat::Int16, "70000", {}}};
  CHECK(specializationConstants(s).status().message() == "Invalid int16 value for specialization constant '70000'");
  s.specializationConstants = {{1, DataFormat::Float64, "x", {}}};
  CHECK(specializationConstants(s).status().message() == "Invalid double value for specialization constant 'x'");
  s.specializationConstants = {{1, DataFormat::UInt32, "1", {}}, {1, DataFormat::UInt32, "2", {}}};
  CHECK(specializationConstants(s).status().message() ==
        "Test configuration contains multiple entries for specialization constant ID 1.");
}

TEST_CASE("unsupported pipelines are refused with a reason", "[offload][executor]") {
  Pipeline raster = parseOk("Shaders: [ { Stage: Vertex, Entry: a }, { Stage: Pixel, Entry: b } ]\n"
                            "Buffers: []\nDescriptorSets: []\n");
  CHECK(unsupportedReason(raster).rfind("TraditionalRaster pipelines are not supported", 0) == 0);
  Pipeline rq = parseOk("Shaders: [ { Stage: Compute, Entry: a } ]\nBuffers: []\nDescriptorSets: []\n"
                        "AccelerationStructures:\n  TLAS: [ { Name: T, Instances: [] } ]\n");
  CHECK(unsupportedReason(rq).rfind("'AccelerationStructures' is not supported (line 4)", 0) == 0);
  Pipeline ok = parseOk(kKitchenPipeline);
  CHECK(unsupportedReason(ok).empty());
}

// Runs on the machine's Vulkan device (lavapipe in CI).
TEST_CASE("a compute pipeline runs end to end on Vulkan", "[offload][executor][device]") {
  OffloaderRun run = runOffloader(kKitchenPipeline, "p.yaml", {kitchenShader()}, {});
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  CHECK(run.out == "Using Vulkan API\n");
  CHECK(run.dump.find("Counter:         8\n    Data:            [ 5, 8, 17, 32, 53, 80, 113, 152 ]") != std::string::npos);
  CHECK(run.dump.find("      - [ 10, 11, 12, 13, 14, 15, 16, 17 ]\n      - [ 20, 21, 22, 23, 24, 25, 26, 27 ]") !=
        std::string::npos);

  // The same shader with a different push constant and spec constant: a failing rule.
  std::string text = kKitchenPipeline;
  text.replace(text.find("Data: [ 5 ]"), 11, "Data: [ 6 ]");
  run = runOffloader(text, "p.yaml", {kitchenShader()}, {});
  CHECK(run.exitCode == 1);
  CHECK(run.dump.empty());
  CHECK(run.err.rfind("Test failed: out\nComparison Rule: BufferExact\nExpected:\n---\nName:            Expected\n", 0) == 0);
  CHECK(run.err.find("Full Hex representation of Actual Buffer Values:\n[ 0x6, 0x9, 0x12, 0x21, 0x36, 0x51, 0x72, 0x99 ]") !=
        std::string::npos);
}
