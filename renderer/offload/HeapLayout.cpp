#include "renderer/offload/HeapLayout.h"

#include <set>
#include <string_view>

namespace sl::offload {

HeapRole heapRoleOf(const ReflectedBinding& b) {
  std::string_view n = b.name;
  if (n.starts_with("ResourceDescriptorHeap.")) return HeapRole::Resource;
  if (n.starts_with("SamplerDescriptorHeap.")) return HeapRole::Sampler;
  if (n.starts_with("CounterDescriptorHeap.")) return HeapRole::Counter;
  if (n == "HeapStatus") return HeapRole::Status;
  return HeapRole::None;
}

namespace {

bool bindingKindOf(DescriptorType t, hal::BindingKind& kind) {
  switch (t) {
    case DescriptorType::StorageBuffer: kind = hal::BindingKind::StorageBuffer; return true;
    case DescriptorType::UniformBuffer: kind = hal::BindingKind::UniformBuffer; return true;
    case DescriptorType::UniformTexelBuffer: kind = hal::BindingKind::UniformTexelBuffer; return true;
    case DescriptorType::StorageTexelBuffer: kind = hal::BindingKind::StorageTexelBuffer; return true;
    case DescriptorType::SampledImage: kind = hal::BindingKind::SampledImage; return true;
    case DescriptorType::StorageImage: kind = hal::BindingKind::StorageImage; return true;
    case DescriptorType::Sampler: kind = hal::BindingKind::Sampler; return true;
    default: return false;
  }
}

std::string where(const ReflectedBinding& b) {
  return "'" + b.name + "' (set " + std::to_string(b.set) + " binding " + std::to_string(b.binding) + ")";
}

}  // namespace

std::string addHeapLayout(const ReflectedModule& module, hal::ExecutableLayout& layout, hal::HeapTier tier) {
  std::set<std::pair<uint32_t, uint32_t>> seen;
  for (const ReflectedBinding& b : module.bindings) {
    const HeapRole role = heapRoleOf(b);
    if (role == HeapRole::None) continue;
    if (role == HeapRole::Status) {
      if (b.type != DescriptorType::StorageBuffer) return "the heap status block " + where(b) + " is not a storage buffer";
      layout.heapStatus = hal::HeapStatusLayout{b.set, b.binding};
      continue;
    }
    const hal::HeapSource source = role == HeapRole::Sampler ? hal::HeapSource::Sampler
                                   : role == HeapRole::Counter ? hal::HeapSource::Counter
                                                               : hal::HeapSource::Resource;
    const uint32_t usage = role == HeapRole::Sampler ? hal::kHeapSampler
                           : role == HeapRole::Counter ? (hal::kHeapUavCounters | hal::kHeapResource)
                                                       : hal::kHeapResource;
    if (b.arrayCount == 0) {
      if (tier != hal::HeapTier::Mutable)
        return "the shader's heap array " + where(b) +
               " is unbounded (the proposal heap form, which needs mutable descriptors); this device runs the portable "
               "form: compile with -fspv-heap-form=portable";
      // Proposal form: every array of the group at this binding; one group per heap.
      if (!seen.insert({b.set, b.binding}).second) continue;
      layout.heapGroups.push_back({source, b.set, b.binding});
      layout.heapUsage |= usage;
      continue;
    }
    if (!seen.insert({b.set, b.binding}).second) continue;  // another resource type of the same descriptor type
    hal::HeapBindingLayout h;
    h.source = source;
    if (!bindingKindOf(b.type, h.kind)) return "the shader's heap array " + where(b) + " has an unsupported descriptor type";
    h.set = b.set;
    h.binding = b.binding;
    h.arrayCount = b.arrayCount;
    layout.heapBindings.push_back(h);
    layout.heapUsage |= usage;
  }
  if (!layout.heapBindings.empty() && !layout.heapStatus) return "the shader has heap arrays but no HeapStatus block";
  if (!layout.heapBindings.empty() && !layout.heapGroups.empty())
    return "the shader mixes portable (fixed-size) and proposal (unbounded) heap arrays";
  return "";
}

}  // namespace sl::offload
