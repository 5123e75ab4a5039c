#include "renderer/hal/HeapTier.h"

#include <algorithm>

namespace sl::hal {

const char* heapTierName(HeapTier tier) { return tier == HeapTier::Mutable ? "mutable" : "portable"; }

HeapTierChoice chooseHeapTier(const HeapTierFeatures& f) {
  HeapTierChoice choice;
  std::string missing;
  auto need = [&missing](bool present, const char* what) {
    if (present) return;
    missing += missing.empty() ? "" : ", ";
    missing += what;
  };
  need(f.mutableDescriptorType, "VK_EXT_mutable_descriptor_type");
  need(f.runtimeDescriptorArray, "runtimeDescriptorArray");
  need(f.partiallyBound, "descriptorBindingPartiallyBound");
  if (!missing.empty()) {
    choice.reason = "no " + missing;
    return choice;
  }
  // Update-after-bind sets have their own (usually much larger) limits; without all the UAB
  // features the heap set is an ordinary set, written before it is bound (the HAL records at
  // submit, so that is always possible).
  choice.updateAfterBind = f.updateAfterBind && f.updateUnusedWhilePending;
  const uint32_t resources = choice.updateAfterBind ? f.maxResourcesUpdateAfterBind : f.maxResources;
  const uint32_t samplers = choice.updateAfterBind ? f.maxSamplersUpdateAfterBind : f.maxSamplers;
  // A few slots are left for the executable's ordinary bindings in the same stage.
  constexpr uint32_t kReserved = 32;
  if (resources <= kReserved || samplers == 0) {
    choice.reason = "per-stage descriptor limits too small for a heap (" + std::to_string(resources) + " resources, " +
                    std::to_string(samplers) + " samplers)";
    choice.updateAfterBind = false;
    return choice;
  }
  choice.tier = HeapTier::Mutable;
  choice.resourceSlots = std::min(resources - kReserved, kMaxMutableHeapResourceSlots);
  choice.samplerSlots = std::min(samplers, kMaxMutableHeapSamplerSlots);
  choice.reason = std::string("VK_EXT_mutable_descriptor_type + descriptor indexing") +
                  (choice.updateAfterBind ? " (update-after-bind)" : " (no update-after-bind: sets written before binding)");
  return choice;
}

}  // namespace sl::hal
