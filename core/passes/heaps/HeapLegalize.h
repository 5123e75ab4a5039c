// SM 6.6 descriptor heaps on the SPIR-V side (seed 0050, "SPIRVLegalizeImplicitAndHeapBinding";
// docs/heaps.md). Rewrites `hlsl.handle_from_heap` / `hlsl.counter_handle_from_heap` and the
// hlsl.* resource ops that use those handles into SPIR-V-level IR, in one of two forms:
//   Proposal: DXC's shape. One unbounded descriptor array per distinct resource type; every array
//             of a group (CBV/SRV/UAV, samplers, counters) shares one binding, given after the
//             module's other bindings (or pinned by -fvk-bind-*-heap). Needs descriptor indexing
//             and, for mixed types, VK_EXT_mutable_descriptor_type.
//   Portable: for devices without either (lavapipe 22.3). Fixed-size arrays, one binding per
//             descriptor type, typed buffers as storage buffers, a trap element for out-of-range
//             indices and a status block the runtime reads back to report them.
// Runs after ordinary binding legalization (it takes the first bindings nobody else uses).
#pragma once

#include "core/ir/Module.h"
#include "core/passes/Layout.h"
#include "core/support/Diagnostic.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sl::passes::heaps {

enum class HeapForm : uint8_t { Proposal, Portable };

// Which heap a handle comes from. Counters are indexed with the resource heap's index.
enum class HeapKind : uint8_t { Resource, Sampler, Counter };
const char* heapKindName(HeapKind kind);  // "resource", "sampler", "counter"

// The Vulkan descriptor type an array is made of.
enum class DescriptorClass : uint8_t {
  StorageBuffer,
  UniformBuffer,
  UniformTexelBuffer,
  StorageTexelBuffer,
  SampledImage,
  StorageImage,
  Sampler,
};
const char* descriptorClassName(DescriptorClass c);  // "STORAGE_BUFFER", ...

struct SetBinding {
  uint32_t set = 0;
  uint32_t binding = 0;
};

struct HeapOptions {
  HeapForm form = HeapForm::Proposal;
  // Proposal form: -fvk-bind-resource-heap / -fvk-bind-sampler-heap / -fvk-bind-counter-heap.
  std::optional<SetBinding> resourceHeap, samplerHeap, counterHeap;
  uint32_t defaultSet = 0;  // where unpinned heap groups go (DXC: set 0)
  // StorageBuffer + Block (true) or Uniform + BufferBlock (vulkan1.0 style) for buffer blocks.
  bool storageBufferClass = true;
  // Buffer layouts, as for declared resources (LegalizeOptions): structured and byte-address
  // buffers, constant buffers, and the matrix majorness without a row_major/column_major.
  LayoutRule bufferRule = LayoutRule::RelaxedStd430;
  LayoutRule cbufferRule = LayoutRule::RelaxedStd140;
  bool rowMajorByDefault = false;
  bool unknownImageFormat = false;  // -fspv-use-unknown-image-format (LegalizeOptions)

  // Portable form: heap arrays live in `portableSet` from `portableFirstBinding` on, one binding
  // per descriptor class in DescriptorClass order, then the status block. Each array has
  // `portableSlots` reachable slots plus one trap element (always a null descriptor).
  uint32_t portableSet = 1;
  uint32_t portableFirstBinding = 0;
  uint32_t portableSlots = 16;
  // Uniform-buffer arrays are smaller: devices allow few UBOs per stage (lavapipe: 15, counting
  // the shader's own cbuffers). A CBV in a slot at or past this is reported as out of range.
  uint32_t portableUniformBufferSlots = 8;
};

// One place where the shader creates a handle from a heap (the `reflection` stage lists them).
struct HeapAccessSite {
  ir::DebugLoc loc;
  std::string function;
  HeapKind heap = HeapKind::Resource;
  std::string resourceType;  // "RWBuffer<int>"
  bool nonUniform = false;   // index wrapped in NonUniformResourceIndex
  std::optional<uint32_t> constantIndex;
};

// One descriptor array the shader declares for a heap.
struct HeapArray {
  HeapKind heap = HeapKind::Resource;
  DescriptorClass descriptorClass = DescriptorClass::StorageBuffer;
  std::string resourceType;  // proposal: the resource type; portable: "" (shared by the class)
  SetBinding binding;
  uint32_t arraySize = 0;    // 0 = runtime (unbounded) array
  std::string variable;      // OpName of the variable
};

// Portable form: the status block the runtime must bind (4 x uint, read-write):
//   [0] resource heap capacity, [1] sampler heap capacity (written by the runtime before the
//   dispatch), [2] / [3] largest out-of-range resource /
//   sampler index + 1 the shader saw (0: none), read back after the dispatch.
struct HeapStatusBlock {
  SetBinding binding;
  uint32_t slots = 0;  // portableSlots
};
// (Word [0] is the heap's capacity; each access also checks its own array's size, so [2] may
// name an index below the capacity that the shader's arrays cannot reach.)

struct HeapLegalizeResult {
  std::vector<Diagnostic> diagnostics;
  std::vector<HeapAccessSite> sites;  // in program order per function
  std::vector<HeapArray> arrays;      // in binding order
  std::optional<HeapStatusBlock> status;
  bool usesResourceHeap = false, usesSamplerHeap = false, usesCounters = false;
  bool ok() const { return !hasErrors(diagnostics); }
};

HeapLegalizeResult legalizeHeaps(ir::Module& module, const HeapOptions& options);

}  // namespace sl::passes::heaps
