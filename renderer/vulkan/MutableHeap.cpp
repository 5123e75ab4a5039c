#include "renderer/vulkan/MutableHeap.h"

#include <algorithm>
#include <string>

namespace sl::vulkan {

const std::vector<VkDescriptorType>& mutableHeapTypes() {
  static const std::vector<VkDescriptorType> kTypes = {
      VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,        VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,  VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
      VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
  };
  return kTypes;
}

bool heapSlotDescriptorType(hal::ViewKind kind, VkDescriptorType& type) {
  using VK = hal::ViewKind;
  switch (kind) {
    // Byte-address and structured buffers are storage-buffer blocks in the proposal form, typed
    // buffers texel buffers (Buffer<T> = uniform texel, RWBuffer<T> = storage texel).
    case VK::RawBuffer:
    case VK::StructuredBuffer:
    case VK::RWRawBuffer:
    case VK::RWStructuredBuffer: type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER; return true;
    case VK::TypedBuffer: type = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER; return true;
    case VK::RWTypedBuffer: type = VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER; return true;
    case VK::ConstantBuffer: type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER; return true;
    case VK::Texture: type = VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE; return true;
    case VK::RWTexture: type = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE; return true;
    case VK::Empty:
    case VK::Sampler: return false;
  }
  return false;
}

hal::Result<MutableHeapPlan> planMutableHeap(const hal::ExecutableLayout& layout, const hal::HeapTierChoice& tier) {
  MutableHeapPlan plan;
  if (layout.heapGroups.empty()) return plan;
  if (tier.tier != hal::HeapTier::Mutable)
    return hal::makeError(hal::ErrorCode::Unsupported,
                          "the shader uses the proposal heap form (unbounded heap arrays at one binding), which needs the "
                          "mutable-descriptor heap tier; this device has the portable tier only (" + tier.reason +
                              "): compile with -fspv-heap-form=portable");
  VkDescriptorBindingFlags flags = VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT;
  if (tier.updateAfterBind) {
    flags |= VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT | VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT;
    plan.layoutFlags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT;
    plan.poolFlags = VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT;
  }
  for (const hal::HeapGroupLayout& g : layout.heapGroups) {
    MutableHeapBinding b;
    b.source = g.source;
    b.set = g.set;
    b.binding = g.binding;
    b.flags = flags;
    switch (g.source) {
      case hal::HeapSource::Resource:
        b.type = VK_DESCRIPTOR_TYPE_MUTABLE_EXT;
        b.count = std::min(tier.resourceSlots, kMutableHeapBindingSlots);
        break;
      case hal::HeapSource::Sampler:
        b.type = VK_DESCRIPTOR_TYPE_SAMPLER;
        b.count = std::min(tier.samplerSlots, kMutableHeapBindingSlots);
        break;
      case hal::HeapSource::Counter:
        b.type = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        b.count = std::min(tier.resourceSlots, kMutableHeapBindingSlots);
        break;
    }
    if (b.count == 0)
      return hal::makeError(hal::ErrorCode::Unsupported, std::string("the device offers no ") + hal::heapSourceName(g.source) +
                                                             " heap slots");
    plan.bindings.push_back(b);
  }
  return plan;
}

}  // namespace sl::vulkan
