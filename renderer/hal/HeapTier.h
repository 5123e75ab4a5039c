// Which descriptor-heap tier a device gets (docs/heaps.md, design/hal.md §2.3): a pure function
// of its features, so the choice is tested without such a device.
//   Mutable:  VK_EXT_mutable_descriptor_type + descriptor indexing: the resource heap is one
//             binding of VK_DESCRIPTOR_TYPE_MUTABLE_EXT, so the compiler's proposal heap form
//             (several unbounded arrays at one binding, DXC's shape) runs as it is.
//   Portable: everything else (lavapipe 22.3): one fixed-size array per descriptor class.
#pragma once

#include <cstdint>
#include <string>

#include "renderer/hal/DeviceInfo.h"

namespace sl::hal {

enum class HeapTier { Portable, Mutable };
const char* heapTierName(HeapTier tier);  // "portable", "mutable"

// Largest heaps the mutable tier offers: D3D12's resource binding tier 2 heap and sampler heap.
constexpr uint32_t kMaxMutableHeapResourceSlots = 1000000;
constexpr uint32_t kMaxMutableHeapSamplerSlots = 2048;

struct HeapTierChoice {
  HeapTier tier = HeapTier::Portable;
  // Mutable tier only: whether heap sets are update-after-bind (all UAB features present), and
  // how many resource / sampler slots a heap binding has (device limits, capped as above).
  bool updateAfterBind = false;
  uint32_t resourceSlots = 0;
  uint32_t samplerSlots = 0;
  std::string reason;  // why this tier ("no VK_EXT_mutable_descriptor_type", ...)
};

HeapTierChoice chooseHeapTier(const HeapTierFeatures& features);

}  // namespace sl::hal
