// The descriptor-heap tier choice and the mutable tier's binding plan, with fake features (no
// device here has VK_EXT_mutable_descriptor_type: lavapipe 22.3 lacks it).
#include <catch2/catch.hpp>

#include <algorithm>

#include <regex>

#include "renderer/hal/Hal.h"
#include "renderer/hal/HeapTier.h"
#include "renderer/vulkan/MutableHeap.h"
#include "tests/unit/renderer/HalTestSupport.h"
#include "tests/unit/renderer/TestShaders.h"

using namespace sl;

namespace {

hal::HeapTierFeatures desktopGpu() {
  hal::HeapTierFeatures f;
  f.mutableDescriptorType = true;
  f.runtimeDescriptorArray = true;
  f.partiallyBound = true;
  f.updateUnusedWhilePending = true;
  f.updateAfterBind = true;
  f.nonUniformIndexing = true;
  f.maxResources = 8192;
  f.maxResourcesUpdateAfterBind = 1048576;
  f.maxSamplers = 4000;
  f.maxSamplersUpdateAfterBind = 1048576;
  return f;
}

hal::HeapTierFeatures lavapipe() {
  hal::HeapTierFeatures f;
  f.maxResources = 32;
  f.maxSamplers = 32;
  return f;
}

hal::ExecutableLayout proposalLayout() {
  hal::ExecutableLayout l;
  l.heapUsage = hal::kHeapResource | hal::kHeapSampler | hal::kHeapUavCounters;
  l.heapGroups = {{hal::HeapSource::Resource, 0, 2}, {hal::HeapSource::Sampler, 0, 3}, {hal::HeapSource::Counter, 0, 4}};
  return l;
}

}  // namespace

TEST_CASE("heap tier: mutable with mutable descriptors and descriptor indexing, else portable", "[renderer][heaps]") {
  hal::HeapTierChoice gpu = hal::chooseHeapTier(desktopGpu());
  CHECK(gpu.tier == hal::HeapTier::Mutable);
  CHECK(gpu.updateAfterBind);
  CHECK(gpu.resourceSlots == hal::kMaxMutableHeapResourceSlots);  // capped at D3D12's tier-2 heap
  CHECK(gpu.samplerSlots == hal::kMaxMutableHeapSamplerSlots);
  CHECK(std::string(hal::heapTierName(gpu.tier)) == "mutable");

  hal::HeapTierChoice lvp = hal::chooseHeapTier(lavapipe());
  CHECK(lvp.tier == hal::HeapTier::Portable);
  CHECK(lvp.reason == "no VK_EXT_mutable_descriptor_type, runtimeDescriptorArray, descriptorBindingPartiallyBound");

  // Mutable descriptors alone are not enough: the proposal form's arrays are unbounded.
  hal::HeapTierFeatures noArrays = desktopGpu();
  noArrays.runtimeDescriptorArray = false;
  CHECK(hal::chooseHeapTier(noArrays).tier == hal::HeapTier::Portable);
  CHECK(hal::chooseHeapTier(noArrays).reason == "no runtimeDescriptorArray");

  // Without update-after-bind the ordinary limits apply (sets are written before binding).
  hal::HeapTierFeatures noUab = desktopGpu();
  noUab.updateAfterBind = false;
  hal::HeapTierChoice plain = hal::chooseHeapTier(noUab);
  CHECK(plain.tier == hal::HeapTier::Mutable);
  CHECK(!plain.updateAfterBind);
  CHECK(plain.resourceSlots == 8192 - 32);
  CHECK(plain.samplerSlots == 2048);

  hal::HeapTierFeatures tiny = noUab;
  tiny.maxResources = 16;
  CHECK(hal::chooseHeapTier(tiny).tier == hal::HeapTier::Portable);
}

TEST_CASE("mutable heap plan: one MUTABLE_EXT binding for resources, samplers and counters apart", "[renderer][heaps]") {
  const hal::ExecutableLayout layout = proposalLayout();
  REQUIRE(hal::validateLayout(layout).ok());
  auto plan = vulkan::planMutableHeap(layout, hal::chooseHeapTier(desktopGpu()));
  INFO(plan.status().toString());
  REQUIRE(plan.ok());
  REQUIRE(plan->bindings.size() == 3);
  const vulkan::MutableHeapBinding& r = plan->bindings[0];
  CHECK(r.type == VK_DESCRIPTOR_TYPE_MUTABLE_EXT);
  CHECK(r.binding == 2);
  CHECK(r.count == vulkan::kMutableHeapBindingSlots);
  CHECK(r.flags == (VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT | VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT |
                    VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT));
  CHECK(plan->bindings[1].type == VK_DESCRIPTOR_TYPE_SAMPLER);
  CHECK(plan->bindings[1].count == hal::kMaxMutableHeapSamplerSlots);
  CHECK(plan->bindings[2].type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
  CHECK(plan->layoutFlags == VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT);
  CHECK(plan->poolFlags == VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT);

  // The type list covers every CBV/SRV/UAV view kind, each written as its own type.
  const auto& types = vulkan::mutableHeapTypes();
  CHECK(types.size() == 6);
  for (hal::ViewKind k : {hal::ViewKind::RawBuffer, hal::ViewKind::StructuredBuffer, hal::ViewKind::TypedBuffer,
                          hal::ViewKind::RWRawBuffer, hal::ViewKind::RWStructuredBuffer, hal::ViewKind::RWTypedBuffer,
                          hal::ViewKind::ConstantBuffer, hal::ViewKind::Texture, hal::ViewKind::RWTexture}) {
    VkDescriptorType t;
    REQUIRE(vulkan::heapSlotDescriptorType(k, t));
    CHECK(std::find(types.begin(), types.end(), t) != types.end());
  }
  VkDescriptorType t;
  CHECK(!vulkan::heapSlotDescriptorType(hal::ViewKind::Sampler, t));
  CHECK(!vulkan::heapSlotDescriptorType(hal::ViewKind::Empty, t));
  CHECK((vulkan::heapSlotDescriptorType(hal::ViewKind::RWTypedBuffer, t) && t == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER));

  // No update-after-bind: plain partially-bound bindings in an ordinary pool.
  hal::HeapTierFeatures noUab = desktopGpu();
  noUab.updateAfterBind = false;
  auto plain = vulkan::planMutableHeap(layout, hal::chooseHeapTier(noUab));
  REQUIRE(plain.ok());
  CHECK(plain->bindings[0].flags == VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT);
  CHECK(plain->bindings[0].count == 8192 - 32);
  CHECK(plain->layoutFlags == 0);
  CHECK(plain->poolFlags == 0);
}

TEST_CASE("mutable heap plan on a portable-tier device, and layout rules", "[renderer][heaps]") {
  auto refused = vulkan::planMutableHeap(proposalLayout(), hal::chooseHeapTier(lavapipe()));
  REQUIRE(!refused.ok());
  CHECK(refused.status().code() == hal::ErrorCode::Unsupported);
  CHECK_THAT(refused.status().message(), Catch::Contains("-fspv-heap-form=portable") && Catch::Contains("no VK_EXT_mutable"));
  // A layout without heap groups needs no plan on any device.
  CHECK(vulkan::planMutableHeap(hal::ExecutableLayout{}, hal::chooseHeapTier(lavapipe())).ok());

  hal::ExecutableLayout shared = proposalLayout();
  shared.heapGroups[1].binding = 2;  // resource and sampler heap at one binding
  CHECK_THAT(hal::validateLayout(shared).message(), Catch::Contains("-fvk-bind-sampler-heap"));
  hal::ExecutableLayout twice = proposalLayout();
  twice.heapGroups.push_back({hal::HeapSource::Resource, 1, 0});
  CHECK_THAT(hal::validateLayout(twice).message(), Catch::Contains("two groups"));
  hal::ExecutableLayout noBit = proposalLayout();
  noBit.heapUsage = hal::kHeapResource;
  CHECK_THAT(hal::validateLayout(noBit).message(), Catch::Contains("lacks the sampler heap bit"));
}

TEST_CASE("lavapipe gets the portable tier and refuses proposal-form executables", "[renderer][vulkan][heaps]") {
  hal::Device& device = test::vulkanDevice();
  const hal::HeapTierChoice tier = hal::chooseHeapTier(device.info().heapTierFeatures);
  CHECK(tier.tier == hal::HeapTier::Portable);  // Mesa 22.3 lavapipe: no mutable descriptors, no descriptor indexing
  hal::ExecutableDesc desc;
  desc.format = hal::ExecutableFormat::SpirV;
  desc.code = test::assembleSpirv(std::regex_replace(std::string(test::kScaleShader), std::regex("@(IN|OUT)_SET@"), "0"));
  desc.layout.constantCount = 2;
  desc.layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 1, {}, true},
                          {hal::BindingKind::StorageBuffer, 0, 1, 1, {}, false}};
  desc.layout.workgroupSize = {4, 1, 1};
  desc.layout.heapUsage = hal::kHeapResource;
  desc.layout.heapGroups = {{hal::HeapSource::Resource, 1, 0}};
  desc.label = "proposal";
  auto exe = device.createExecutable(desc);
  REQUIRE(!exe.ok());
  CHECK(exe.status().code() == hal::ErrorCode::Unsupported);
  CHECK_THAT(exe.status().message(), Catch::Contains("executable 'proposal'") && Catch::Contains("-fspv-heap-form=portable"));
  CHECK_NO_VALIDATION_MESSAGES(device);
}
