// The mutable-descriptor heap tier on Vulkan (renderer/hal/HeapTier.h, docs/heaps.md): how an
// executable's heap groups (the proposal form: every heap array of a group at one binding)
// become descriptor-set bindings, and how a heap slot is written. Pure planning, tested with
// fake features; the Vulkan calls that use it are in VulkanExecutable.cpp / VulkanSubmit.cpp.
#pragma once

#include <volk.h>

#include <cstdint>
#include <vector>

#include "renderer/hal/DescriptorHeap.h"
#include "renderer/hal/Executable.h"
#include "renderer/hal/HeapTier.h"

namespace sl::vulkan {

// Slots of one heap binding. Heap sets are allocated per submission (the HAL records at submit),
// so the binding is kept well below the tier's limit to bound pool memory; larger heaps are
// refused at dispatch with a message.
constexpr uint32_t kMutableHeapBindingSlots = 65536;

struct MutableHeapBinding {
  hal::HeapSource source = hal::HeapSource::Resource;
  uint32_t set = 0;
  uint32_t binding = 0;
  VkDescriptorType type = VK_DESCRIPTOR_TYPE_MUTABLE_EXT;  // MUTABLE_EXT, SAMPLER or STORAGE_BUFFER (counters)
  uint32_t count = 0;                                      // heap slots
  VkDescriptorBindingFlags flags = 0;
};

struct MutableHeapPlan {
  std::vector<MutableHeapBinding> bindings;  // in the order of the layout's heapGroups
  // For every set holding a heap binding: VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT
  // when the tier is update-after-bind (and its pool then needs UPDATE_AFTER_BIND_BIT).
  VkDescriptorSetLayoutCreateFlags layoutFlags = 0;
  VkDescriptorPoolCreateFlags poolFlags = 0;
};

// The MUTABLE_EXT type list of a resource-heap binding: every kind of CBV/SRV/UAV view (no
// samplers: they have their own heap, as in D3D12).
const std::vector<VkDescriptorType>& mutableHeapTypes();

// The concrete descriptor type a resource-heap slot holding `kind` is written as; false for
// Empty and Sampler.
bool heapSlotDescriptorType(hal::ViewKind kind, VkDescriptorType& type);

// Bindings for the layout's heap groups on a device with `tier`. Unsupported when the tier is
// portable (the message names what the device lacks).
hal::Result<MutableHeapPlan> planMutableHeap(const hal::ExecutableLayout& layout, const hal::HeapTierChoice& tier);

}  // namespace sl::vulkan
