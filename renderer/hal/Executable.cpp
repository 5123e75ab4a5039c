#include "renderer/hal/Executable.h"

#include <set>
#include <string>
#include <utility>

namespace sl::hal {

const char* bindingKindName(BindingKind kind) {
  switch (kind) {
    case BindingKind::StorageBuffer: return "storage buffer";
    case BindingKind::UniformBuffer: return "uniform buffer";
    case BindingKind::UniformTexelBuffer: return "uniform texel buffer";
    case BindingKind::StorageTexelBuffer: return "storage texel buffer";
    case BindingKind::SampledImage: return "sampled image";
    case BindingKind::StorageImage: return "storage image";
    case BindingKind::Sampler: return "sampler";
    case BindingKind::CombinedImageSampler: return "combined image sampler";
  }
  return "?";
}

bool bindingTakesBuffer(BindingKind kind) {
  return kind == BindingKind::StorageBuffer || kind == BindingKind::UniformBuffer ||
         kind == BindingKind::UniformTexelBuffer || kind == BindingKind::StorageTexelBuffer;
}
bool bindingTakesTexture(BindingKind kind) {
  return kind == BindingKind::SampledImage || kind == BindingKind::StorageImage ||
         kind == BindingKind::CombinedImageSampler;
}
bool bindingTakesSampler(BindingKind kind) {
  return kind == BindingKind::Sampler || kind == BindingKind::CombinedImageSampler;
}

uint32_t ExecutableLayout::bindingElementCount() const {
  uint32_t n = 0;
  for (const BindingLayout& b : bindings) n += b.arrayCount;
  return n;
}

const char* executableFormatName(ExecutableFormat format) {
  return format == ExecutableFormat::SpirV ? "SPIR-V" : "DXIL";
}

Status validateLayout(const ExecutableLayout& layout) {
  if (layout.entryPoints.empty()) return makeError(ErrorCode::InvalidArgument, "executable layout has no entry points");
  for (const std::string& name : layout.entryPoints)
    if (name.empty()) return makeError(ErrorCode::InvalidArgument, "executable layout has an empty entry point name");
  for (int i = 0; i < 3; ++i)
    if (layout.workgroupSize[i] == 0)
      return makeError(ErrorCode::InvalidArgument, "executable layout: workgroup size has a zero dimension");
  std::set<std::pair<uint32_t, uint32_t>> used;
  if (layout.constantsBuffer) {
    if (layout.constantCount == 0)
      return makeError(ErrorCode::InvalidArgument, "executable layout: constantsBuffer given but constantCount is 0");
    used.insert({layout.constantsBuffer->set, layout.constantsBuffer->binding});
  }
  for (size_t i = 0; i < layout.bindings.size(); ++i) {
    const BindingLayout& b = layout.bindings[i];
    const std::string where = "executable layout binding " + std::to_string(i) + " (set " + std::to_string(b.set) +
                              ", binding " + std::to_string(b.binding) + ", " + bindingKindName(b.kind) + ")";
    if (b.arrayCount == 0) return makeError(ErrorCode::InvalidArgument, where + ": array count 0");
    if ((b.kind == BindingKind::UniformTexelBuffer || b.kind == BindingKind::StorageTexelBuffer) && !b.format.valid())
      return makeError(ErrorCode::InvalidArgument, where + ": texel buffers need a valid format");
    if (!used.insert({b.set, b.binding}).second)
      return makeError(ErrorCode::InvalidArgument, where + ": set/binding used twice");
  }
  for (size_t i = 0; i < layout.heapBindings.size(); ++i) {
    const HeapBindingLayout& h = layout.heapBindings[i];
    const std::string where = "executable layout heap binding " + std::to_string(i) + " (set " + std::to_string(h.set) +
                              ", binding " + std::to_string(h.binding) + ", " + bindingKindName(h.kind) + ")";
    if (h.arrayCount < 2) return makeError(ErrorCode::InvalidArgument, where + ": needs at least one slot and the trap element");
    if (h.kind == BindingKind::CombinedImageSampler)
      return makeError(ErrorCode::InvalidArgument, where + ": heaps hold no combined image samplers");
    if ((h.kind == BindingKind::Sampler) != (h.source == HeapSource::Sampler))
      return makeError(ErrorCode::InvalidArgument, where + ": samplers come from the sampler heap and only from it");
    if (h.source == HeapSource::Counter && h.kind != BindingKind::StorageBuffer)
      return makeError(ErrorCode::InvalidArgument, where + ": counters are storage buffers");
    if ((h.kind == BindingKind::UniformTexelBuffer || h.kind == BindingKind::StorageTexelBuffer) && !h.format.valid())
      return makeError(ErrorCode::InvalidArgument, where + ": texel buffers need a valid format");
    const uint32_t bit = h.source == HeapSource::Sampler ? kHeapSampler : h.source == HeapSource::Counter ? kHeapUavCounters : kHeapResource;
    if (!(layout.heapUsage & bit))
      return makeError(ErrorCode::InvalidArgument, where + ": heapUsage lacks the " + heapSourceName(h.source) + " heap bit");
    if (!used.insert({h.set, h.binding}).second)
      return makeError(ErrorCode::InvalidArgument, where + ": set/binding used twice");
  }
  if (!layout.heapGroups.empty() && !layout.heapBindings.empty())
    return makeError(ErrorCode::InvalidArgument,
                     "executable layout: heap groups (mutable tier) and heap bindings (portable tier) together");
  uint32_t groupSources = 0;
  for (const HeapGroupLayout& g : layout.heapGroups) {
    const std::string where = "executable layout heap group (" + std::string(heapSourceName(g.source)) + ", set " +
                              std::to_string(g.set) + ", binding " + std::to_string(g.binding) + ")";
    const uint32_t bit = g.source == HeapSource::Sampler ? kHeapSampler : g.source == HeapSource::Counter ? kHeapUavCounters : kHeapResource;
    if (!(layout.heapUsage & bit))
      return makeError(ErrorCode::InvalidArgument, where + ": heapUsage lacks the " + heapSourceName(g.source) + " heap bit");
    if (groupSources & bit) return makeError(ErrorCode::InvalidArgument, where + ": the heap has two groups");
    groupSources |= bit;
    if (!used.insert({g.set, g.binding}).second)
      return makeError(ErrorCode::InvalidArgument,
                       where + ": set/binding used twice (a resource and a sampler heap at one binding are not supported: "
                               "pin them apart, e.g. with -fvk-bind-sampler-heap)");
  }
  if (layout.heapStatus) {
    if (layout.heapBindings.empty())
      return makeError(ErrorCode::InvalidArgument, "executable layout: heapStatus given without heap bindings");
    if (!used.insert({layout.heapStatus->set, layout.heapStatus->binding}).second)
      return makeError(ErrorCode::InvalidArgument, "executable layout: the heap status block's set/binding is used twice");
  }
  return okStatus();
}

const char* heapSourceName(HeapSource source) {
  switch (source) {
    case HeapSource::Resource: return "resource";
    case HeapSource::Sampler: return "sampler";
    case HeapSource::Counter: return "counter";
  }
  return "?";
}

int Executable::findEntryPoint(const std::string& name) const {
  for (size_t i = 0; i < layout_.entryPoints.size(); ++i)
    if (layout_.entryPoints[i] == name) return static_cast<int>(i);
  return -1;
}

}  // namespace sl::hal
