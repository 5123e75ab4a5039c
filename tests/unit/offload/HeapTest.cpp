// Descriptor heaps in the offloader: the portable heap form's arrays read back from the SPIR-V
// (HeapLayout), HeapIndex resources kept out of the ordinary layout, and a run that places a
// buffer in the heap (device).
#include "renderer/offload/Executor.h"
#include "renderer/offload/HeapLayout.h"
#include "renderer/offload/Offloader.h"
#include "renderer/offload/PipelineParser.h"
#include "tests/unit/offload/SpirvAsm.h"
#include "tests/unit/offload/TestUtil.h"

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::offload;
using namespace sl::offload::test;

namespace {

std::string heapStoreText() { return readFile(std::string(SL_LIT_INPUTS) + "/../../heaps/Inputs/heap-store.spvasm"); }

std::vector<uint8_t> heapStore() {
  std::string error;
  std::vector<uint8_t> bytes = assemble(heapStoreText(), &error);
  INFO(error);
  REQUIRE(!bytes.empty());
  return bytes;
}

const char* kHeapPipeline = R"(Shaders:
  - Stage: Compute
    Entry: main
Buffers:
  - { Name: CB, Format: UInt32, Data: [ 3, 0, 0, 0 ] }
  - { Name: Target, Format: UInt32, Stride: 4, Data: [ 0, 1 ] }
  - { Name: Other, Format: UInt32, Stride: 4, Data: [ 7, 7 ] }
  - { Name: Expected, Format: UInt32, Stride: 4, Data: [ 42, 1 ] }
Results:
  - { Result: target, Rule: BufferExact, Actual: Target, Expected: Expected }
DescriptorSets:
  - Resources:
    - { Name: CB, Kind: ConstantBuffer, DirectXBinding: {Register: 0, Space: 0}, VulkanBinding: { Binding: 0 } }
    - { Name: Target, Kind: RWStructuredBuffer, HeapIndex: 3 }
    - { Name: Other, Kind: RWStructuredBuffer, HeapIndex: 2 }
)";

Pipeline parseOk(const std::string& text) {
  ParseResult r = parsePipeline(text, "p.yaml");
  INFO(r.renderErrors());
  REQUIRE(r.ok());
  return *r.pipeline;
}

}  // namespace

TEST_CASE("portable heap arrays and the status block are recognized by name", "[offload][heaps]") {
  ReflectedModule m = reflectSpirv(heapStore());
  REQUIRE(m.ok());
  hal::ExecutableLayout layout;
  REQUIRE(addHeapLayout(m, layout).empty());
  REQUIRE(layout.heapBindings.size() == 1);
  CHECK(layout.heapBindings[0].source == hal::HeapSource::Resource);
  CHECK(layout.heapBindings[0].kind == hal::BindingKind::StorageBuffer);
  CHECK(layout.heapBindings[0].set == 1);
  CHECK(layout.heapBindings[0].binding == 0);
  CHECK(layout.heapBindings[0].arrayCount == 5);
  REQUIRE(layout.heapStatus.has_value());
  CHECK(layout.heapStatus->binding == 1);
  CHECK(layout.heapUsage == hal::kHeapResource);
}

TEST_CASE("an unbounded (proposal-form) heap array is refused with the option to use", "[offload][heaps]") {
  std::string text = heapStoreText();
  text.replace(text.find("OpTypeArray %type_B %uint_5"), 27, "OpTypeRuntimeArray %type_B");
  text.replace(text.find("OpCapability Shader"), 19,
               "OpCapability Shader\nOpCapability RuntimeDescriptorArray\nOpExtension \"SPV_EXT_descriptor_indexing\"");
  std::string error;
  std::vector<uint8_t> bytes = assemble(text, &error, SPV_ENV_VULKAN_1_1, false);
  REQUIRE(!bytes.empty());
  hal::ExecutableLayout layout;
  CHECK_THAT(addHeapLayout(reflectSpirv(bytes), layout), Catch::Contains("-fspv-heap-form=portable"));

  // On a mutable-tier device the same array is a heap group (resource heap at its binding).
  hal::ExecutableLayout mutableLayout;
  REQUIRE(addHeapLayout(reflectSpirv(bytes), mutableLayout, hal::HeapTier::Mutable).empty());
  REQUIRE(mutableLayout.heapGroups.size() == 1);
  CHECK(mutableLayout.heapGroups[0].source == hal::HeapSource::Resource);
  CHECK(mutableLayout.heapGroups[0].set == 1);
  CHECK(mutableLayout.heapGroups[0].binding == 0);
  CHECK(mutableLayout.heapBindings.empty());
  CHECK(mutableLayout.heapUsage == hal::kHeapResource);
}

TEST_CASE("HeapIndex resources stay out of the ordinary layout", "[offload][heaps]") {
  Pipeline p = parseOk(kHeapPipeline);
  CHECK(unsupportedReason(p).empty());
  PlannedLayout plan = planLayout(p, reflectSpirv(heapStore()));
  INFO(plan.error);
  REQUIRE(plan.error.empty());
  REQUIRE(plan.layout.bindings.size() == 1);  // only CB
  CHECK(plan.layout.bindings[0].kind == hal::BindingKind::UniformBuffer);
  CHECK(plan.layout.heapBindings.size() == 1);
}

TEST_CASE("a HeapIndex buffer is written through the heap on Vulkan", "[offload][heaps][device]") {
  OffloaderRun run = runOffloader(kHeapPipeline, "p.yaml", {heapStore()}, {});
  INFO(run.err);
  REQUIRE(run.exitCode == 0);
  CHECK(run.dump.find("Name:            Target\n    Format:          UInt32\n    Stride:          4\n    Data:            [ 42, 1 ]") !=
        std::string::npos);
  CHECK(run.dump.find("[ 7, 7 ]") != std::string::npos);  // slot 2 untouched
}

TEST_CASE("a HeapIndex resource the shader binds ordinarily is named in the error", "[offload][heaps]") {
  // The shader reads CB through its binding; the pipeline puts CB in the heap instead.
  std::string text = kHeapPipeline;
  text.replace(text.find("DirectXBinding: {Register: 0, Space: 0}, VulkanBinding: { Binding: 0 } }"), 72, "HeapIndex: 7 }");
  Pipeline p = parseOk(text);
  PlannedLayout plan = planLayout(p, reflectSpirv(heapStore()));
  CHECK(plan.error == "resource 'CB' uses HeapIndex 7, but the shader's 'CB' (uniform buffer at set 0 binding 0) is a bound "
                      "resource, not a descriptor-heap access");
}
