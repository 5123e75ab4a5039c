// Runs a compute pipeline (offload-test-suite YAML) on a HAL device, as upstream's offloader
// does on Vulkan: every resource becomes a buffer/texture/sampler at Vulkan set = its
// DescriptorSets index and binding = VulkanBinding.Binding (counters at CounterBinding,
// ArraySize = descriptor count, texel formats from Format x Channels), push constants from
// offset 0, specialization constants by id; one dispatch of DispatchGroupCount; then every RW
// resource (and counter) is read back into the pipeline's buffers. The executable layout comes
// from the SPIR-V itself (SpirvReflect.h) and is cross-checked against the YAML.
#pragma once

#include "renderer/hal/HeapTier.h"
#include "renderer/hal/Device.h"
#include "renderer/offload/Pipeline.h"
#include "renderer/offload/Rules.h"
#include "renderer/offload/SpirvReflect.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sl::offload {

// Empty when this build can run the pipeline; otherwise why not (raster/ray-tracing pipelines,
// acceleration structures, descriptor-heap indices, tiled resources).
std::string unsupportedReason(const Pipeline& pipeline);

// Where a bound resource of DescriptorSets[yamlSet] sits on Vulkan. With a VulkanBinding: set
// `yamlSet`, its Binding (and CounterBinding). With only a DirectXBinding: where DXC's default
// mapping (no -fvk-*-shift, no vk::binding) puts `register(xN, spaceM)`, set M binding N, and no
// counter slot (DXC numbers counters implicitly). Nothing for heap resources.
struct VulkanSlot {
  uint32_t set = 0;
  uint32_t binding = 0;
  std::optional<uint32_t> counterBinding;
  bool fromDirectX = false;  // derived from the DirectXBinding
};
std::optional<VulkanSlot> vulkanSlotOf(const Resource& resource, uint32_t yamlSet);

// The HAL layout for `pipeline` and the SPIR-V module's reflection, or an error naming the
// resource and the shader binding that disagree.
struct PlannedLayout {
  hal::ExecutableLayout layout;
  uint32_t entryPoint = 0;  // index into layout.entryPoints
  std::string error;
};
// `heapTier`: the device's descriptor-heap tier (proposal-form heap arrays need Mutable).
PlannedLayout planLayout(const Pipeline& pipeline, const ReflectedModule& module,
                         hal::HeapTier heapTier = hal::HeapTier::Portable);

// Specialization constants of the first shader as the HAL takes them; upstream's messages on
// bad values ("Invalid uint32 value for specialization constant 'x'").
hal::Result<std::vector<hal::SpecializationConstant>> specializationConstants(const Shader& shader);

// Runs `pipeline` with the compiled shaders (one per Shaders[] entry, SPIR-V bytes) and fills
// its RW buffers and counters. Errors say which resource or step failed.
hal::Status executePipeline(hal::Device& device, Pipeline& pipeline, const std::vector<std::vector<uint8_t>>& shaders);

// The HAL buffers of the RW resources after a run, kept alive for a device's Device::lastWriter.
struct ReadBackBuffers {
  std::string resource;
  int bufferIndex = -1;  // into Pipeline::buffers
  std::vector<std::shared_ptr<hal::Buffer>> buffers;  // one per array element (none for textures)
};
hal::Status executePipeline(hal::Device& device, Pipeline& pipeline, const std::vector<std::vector<uint8_t>>& shaders,
                            std::vector<ReadBackBuffers>* readBack);
// The same with a deadline for the dispatch (Timeout when it is not done by then; the device may
// still be running it: a Vulkan device cannot be stopped, the CPU device stops when destroyed).
hal::Status executePipeline(hal::Device& device, Pipeline& pipeline, const std::vector<std::vector<uint8_t>>& shaders,
                            std::vector<ReadBackBuffers>* readBack, std::chrono::nanoseconds timeout,
                            const std::atomic<bool>* cancel = nullptr);

// Whether a run changed nothing: the pipeline has read-write resources and every one of them (data
// and counters) is as `uploaded` had it. Such a run is not a success to report (issue 22).
bool wroteNothing(const Pipeline& uploaded, const Pipeline& ran);

// Every Results rule, in order.
struct ResultsOutcome {
  bool passed = true;
  std::vector<std::string> mismatches;  // all rules' mismatch lines, in order
  std::vector<std::string> reports;     // failure reports of the failed rules
};
ResultsOutcome evaluateResults(const Pipeline& pipeline);

}  // namespace sl::offload
