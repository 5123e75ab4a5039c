// SM 6.6 descriptor heaps on the offloader's side: which descriptor arrays of a SPIR-V module are
// heap arrays of Shaderlens' portable heap form (docs/heaps.md), and the HAL layout for them.
// The module says it by the names core/passes/heaps gives the variables:
//   ResourceDescriptorHeap.<type>, SamplerDescriptorHeap.<type>, CounterDescriptorHeap.counter
//   (fixed-size arrays: slots + 1 trap element), and HeapStatus (the 16-byte status block).
// The proposal form's unbounded arrays (every array of a heap at one binding) need the mutable
// heap tier (renderer/hal/HeapTier.h): on such a device they become ExecutableLayout::heapGroups;
// on a portable-tier device the module is refused with a message naming -fspv-heap-form=portable.
#pragma once

#include "renderer/hal/Executable.h"
#include "renderer/hal/HeapTier.h"
#include "renderer/offload/SpirvReflect.h"

#include <string>

namespace sl::offload {

enum class HeapRole : uint8_t { None, Resource, Sampler, Counter, Status };
HeapRole heapRoleOf(const ReflectedBinding& binding);

// Adds the module's heap arrays (one HeapBindingLayout per binding; aliases of one descriptor
// type share it), the status block and the heap usage bits to `layout`. Returns "" or an error.
std::string addHeapLayout(const ReflectedModule& module, hal::ExecutableLayout& layout,
                          hal::HeapTier tier = hal::HeapTier::Portable);

}  // namespace sl::offload
