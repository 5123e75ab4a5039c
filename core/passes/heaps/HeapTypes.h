// How one heap resource type looks in SPIR-V under each heap form: which heap and descriptor
// class it belongs to, the descriptor's type (a Block struct, an image, a sampler) and its
// storage class. Buffer contents get explicit layouts here under the same rules as declared
// buffers (HeapOptions::bufferRule / cbufferRule, core/passes/Layout.h), matrices included.
#pragma once

#include "core/ir/Context.h"
#include "core/passes/heaps/HeapLegalize.h"

#include <string>

namespace sl::passes::heaps {

struct HeapShape {
  HeapKind heap = HeapKind::Resource;
  DescriptorClass descriptorClass = DescriptorClass::StorageBuffer;
  ir::Type descriptorType;  // element of the descriptor array
  uint32_t storageClass = 0;
  bool opaque = false;      // images/samplers: the handle is a loaded value, else a block pointer
  bool typedAsStorage = false;  // portable: Buffer/RWBuffer<T> read as a storage buffer of T
  bool writable = false;
  uint32_t stride = 0;      // structured/typed-as-storage element stride in bytes
  std::string error;        // non-empty: the type cannot be used from a heap in this form
};

// `resource` is an hlsl.resource type; `counter` selects the counter of a heap UAV.
HeapShape shapeOf(ir::Context& cx, ir::Type resource, bool counter, const HeapOptions& options);

// "RWBuffer<int>" for reports.
std::string resourceTypeName(const ir::Context& cx, ir::Type resource);

}  // namespace sl::passes::heaps
