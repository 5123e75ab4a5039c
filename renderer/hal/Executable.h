// Executables: shader code (SPIR-V or DXIL) plus an ExecutableLayout that says how constants and
// bindings reach it. There are no descriptor sets or pipeline layouts in the HAL API: each
// backend builds its native layout from ExecutableLayout once, when the executable is created
// (Vulkan: descriptor set layouts + pipeline layout + one compute pipeline per entry point;
// D3D12: a root signature + one PSO per entry point).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "renderer/hal/DeviceInfo.h"
#include "renderer/hal/Format.h"
#include "renderer/hal/Status.h"

namespace sl::hal {

// Kind of one binding, in Vulkan descriptor terms. D3D12 mapping: StorageBuffer -> UAV (SRV when
// readOnly), UniformBuffer -> CBV, UniformTexelBuffer -> typed SRV, StorageTexelBuffer -> typed
// UAV, SampledImage -> SRV, StorageImage -> UAV, Sampler -> sampler; CombinedImageSampler is
// Vulkan-only.
enum class BindingKind {
  StorageBuffer,
  UniformBuffer,
  UniformTexelBuffer,
  StorageTexelBuffer,
  SampledImage,
  StorageImage,
  Sampler,
  CombinedImageSampler,
};
const char* bindingKindName(BindingKind kind);
// What a dispatch must pass for one element of a binding of this kind.
bool bindingTakesBuffer(BindingKind kind);   // storage/uniform (texel) buffers
bool bindingTakesTexture(BindingKind kind);  // sampled/storage image, combined
bool bindingTakesSampler(BindingKind kind);  // sampler, combined

struct BindingLayout {
  BindingKind kind = BindingKind::StorageBuffer;
  // Vulkan: descriptor set and binding. D3D12: register space and register number, in the
  // register class implied by `kind` (t/u/b/s) — DXC's default mapping reversed.
  uint32_t set = 0;
  uint32_t binding = 0;
  uint32_t arrayCount = 1;  // descriptor array size (>= 1); takes that many dispatch bindings
  // Texel buffers: the view format (required). Storage images: the format the shader declares
  // (optional; the texture's own format is used when invalid).
  Format format;
  bool readOnly = false;  // storage buffer/image only read by the shader (D3D12: SRV instead of UAV)
};

enum HeapUsage : uint32_t {
  kHeapNone = 0,
  kHeapResource = 1u << 0,     // ResourceDescriptorHeap
  kHeapSampler = 1u << 1,      // SamplerDescriptorHeap
  kHeapUavCounters = 1u << 2,  // counters of heap UAVs
};

// Where constants live when they are not push constants / root constants.
struct ConstantsBufferSlot {
  uint32_t set = 0;
  uint32_t binding = 0;
};

// Portable heap tier (docs/heaps.md): a descriptor array the shader declares for a heap. Element
// i of every array is heap slot i: the backend writes the slot's view into the array whose kind
// matches it and a null descriptor (or a dummy) everywhere else; the last element is a trap
// slot that always stays null (shaders send out-of-range indices there).
enum class HeapSource { Resource, Sampler, Counter };
const char* heapSourceName(HeapSource source);

struct HeapBindingLayout {
  HeapSource source = HeapSource::Resource;
  // StorageBuffer: raw/structured/typed buffer views (typed views read as storage buffers of
  // their element), or counters; UniformBuffer: constant buffers; SampledImage / StorageImage:
  // textures; UniformTexelBuffer / StorageTexelBuffer: typed views; Sampler: samplers.
  BindingKind kind = BindingKind::StorageBuffer;
  uint32_t set = 1;
  uint32_t binding = 0;
  uint32_t arrayCount = 1;  // reachable slots + 1 trap element
  Format format;            // texel buffers: the view format the shader expects
};

// Portable heap tier: 4 x u32 storage buffer the shader checks indices against. The backend
// writes [0] = reachable resource slots, [1] = reachable sampler slots before the dispatch and
// reads [2]/[3] (largest bad resource/sampler index + 1) after it; Device::wait reports a bad
// index as an OutOfRange error.
struct HeapStatusLayout {
  uint32_t set = 1;
  uint32_t binding = 0;
};

// Mutable heap tier (renderer/hal/HeapTier.h, docs/heaps.md): where the shader's heap arrays of
// one group sit in the proposal form — every unbounded array of the group at one (set, binding):
// the resource heap (CBV/SRV/UAV, one VK_DESCRIPTOR_TYPE_MUTABLE_EXT binding), the sampler heap
// or the UAV counters. Element i of the binding is heap slot i.
struct HeapGroupLayout {
  HeapSource source = HeapSource::Resource;
  uint32_t set = 0;
  uint32_t binding = 0;
};

struct ExecutableLayout {
  // 32-bit words of constants each dispatch passes (span<const uint32_t> of exactly this size).
  // By default they are push constants at offset 0 (D3D12: root constants b0 space0) and must fit
  // DeviceLimits::maxPushConstantsSize. When `constantsBuffer` is set, the shader instead reads
  // them from a uniform buffer at that set/binding, which the backend fills per dispatch from a
  // ring: use it when the constants exceed the push-constant limit.
  uint32_t constantCount = 0;
  std::optional<ConstantsBufferSlot> constantsBuffer;
  // Bindings in dispatch order: dispatch binding i (after expanding arrays: binding j with
  // arrayCount n takes n consecutive entries) feeds bindings[...] in this order.
  std::vector<BindingLayout> bindings;
  // Informational (the code carries its own); checked against device limits at creation.
  std::array<uint32_t, 3> workgroupSize{1, 1, 1};
  uint32_t heapUsage = kHeapNone;  // HeapUsage bits
  // Entry points; a dispatch names one by index (Executable::findEntryPoint maps names).
  std::vector<std::string> entryPoints{"main"};
  // (Added last so existing aggregate initializers keep their meaning.)
  // Portable heap tier: where the shader expects heap slots (empty: the executable does not use
  // heaps, or uses the mutable-descriptor tier: heapGroups).
  std::vector<HeapBindingLayout> heapBindings;
  std::optional<HeapStatusLayout> heapStatus;
  // Mutable heap tier: the proposal form's heap groups (empty on the portable tier). A layout
  // has heapBindings or heapGroups, never both.
  std::vector<HeapGroupLayout> heapGroups;

  // Number of dispatch bindings (sum of arrayCount).
  uint32_t bindingElementCount() const;
};

// Checks internal consistency: non-empty entry points, array counts >= 1, texel buffer formats,
// no two bindings at the same set/binding (nor the constants buffer on one), workgroup size > 0.
Status validateLayout(const ExecutableLayout& layout);

enum class ExecutableFormat { SpirV, Dxil };
const char* executableFormatName(ExecutableFormat format);

// Vulkan specialization constant (ignored by D3D12): id and its value's bytes (4 or 8; Bool is 4).
struct SpecializationConstant {
  uint32_t id = 0;
  std::vector<uint8_t> bytes;
};

struct ExecutableDesc {
  ExecutableFormat format = ExecutableFormat::SpirV;
  std::vector<uint8_t> code;  // SPIR-V words as bytes (little endian) or a DXIL container
  ExecutableLayout layout;
  std::vector<SpecializationConstant> specialization;
  std::string label;
};

class Executable {
 public:
  virtual ~Executable() = default;
  Backend backend() const { return backend_; }
  const ExecutableLayout& layout() const { return layout_; }
  const std::string& label() const { return label_; }
  // layout().bindingElementCount(), computed once (every recorded dispatch checks it).
  uint32_t bindingElementCount() const { return bindingElements_; }
  // Whether every binding takes buffer refs (no textures or samplers), computed once.
  bool buffersOnly() const { return buffersOnly_; }
  // Index of the entry point with this name, or -1.
  int findEntryPoint(const std::string& name) const;

 protected:
  Executable(Backend backend, ExecutableLayout layout, std::string label)
      : backend_(backend), layout_(std::move(layout)), label_(std::move(label)), bindingElements_(layout_.bindingElementCount()),
        buffersOnly_(std::all_of(layout_.bindings.begin(), layout_.bindings.end(),
                                 [](const BindingLayout& b) { return bindingTakesBuffer(b.kind); })) {}

 private:
  Backend backend_;
  ExecutableLayout layout_;
  std::string label_;
  uint32_t bindingElements_;
  bool buffersOnly_;
};

}  // namespace sl::hal
