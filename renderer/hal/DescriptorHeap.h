// Descriptor heaps in the SM 6.6 sense: a resource heap (CBV/SRV/UAV views) and a sampler heap,
// each N slots, written by index. The heap only stores the views (and counts changes); how a
// shader reaches slot i is the backend's business, decided per device tier (docs/hal.md).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "renderer/hal/Format.h"
#include "renderer/hal/Resources.h"
#include "renderer/hal/Status.h"

namespace sl::hal {

enum class HeapType { Resource, Sampler };

// What a slot holds; the view kinds of D3D12 (SRV/UAV/CBV x raw/structured/typed/texture).
enum class ViewKind {
  Empty,
  RawBuffer,            // ByteAddressBuffer (SRV)
  StructuredBuffer,     // StructuredBuffer<T> (SRV), stride
  TypedBuffer,          // Buffer<T> (SRV), format
  RWRawBuffer,          // RWByteAddressBuffer (UAV)
  RWStructuredBuffer,   // RWStructuredBuffer<T> (UAV), stride, optional counter
  RWTypedBuffer,        // RWBuffer<T> (UAV), format
  ConstantBuffer,       // ConstantBuffer<T> (CBV)
  Texture,              // Texture2D (SRV): mips [baseMip, baseMip + mipCount)
  RWTexture,            // RWTexture2D (UAV): mip baseMip
  Sampler,              // sampler heap only
};
const char* viewKindName(ViewKind kind);
bool isBufferView(ViewKind kind);
bool isWritableView(ViewKind kind);

struct HeapDescriptor {
  ViewKind kind = ViewKind::Empty;
  // Buffer views.
  std::shared_ptr<Buffer> buffer;
  uint64_t offset = 0;
  uint64_t length = kWholeSize;
  uint32_t stride = 0;      // StructuredBuffer element size
  Format format;            // typed buffer / texture view format (texture: invalid = texture's own)
  std::shared_ptr<Buffer> counter;  // RWStructuredBuffer UAV counter (4 bytes at counterOffset)
  uint64_t counterOffset = 0;
  // Texture views.
  std::shared_ptr<hal::Texture> texture;
  uint32_t baseMip = 0;
  uint32_t mipCount = ~0u;  // Texture: all remaining mips
  // Sampler.
  std::shared_ptr<hal::Sampler> sampler;
};

class DescriptorHeap {
 public:
  DescriptorHeap(HeapType type, uint32_t capacity);

  HeapType type() const { return type_; }
  uint32_t capacity() const { return static_cast<uint32_t>(slots_.size()); }

  // Writes slot `index`. Checks the slot range, that the view belongs in this heap type, that
  // its object is set, ranges lie inside the buffer, stride/format/mips are valid.
  Status write(uint32_t index, HeapDescriptor descriptor);
  Status clear(uint32_t index);

  // Convenience writers.
  Status writeRawBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, bool writable,
                        uint64_t offset = 0, uint64_t length = kWholeSize);
  Status writeStructuredBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, uint32_t stride, bool writable,
                               uint64_t offset = 0, uint64_t length = kWholeSize);
  Status writeTypedBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, Format format, bool writable,
                          uint64_t offset = 0, uint64_t length = kWholeSize);
  Status writeConstantBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, uint64_t offset = 0,
                             uint64_t length = kWholeSize);
  Status writeTexture(uint32_t index, std::shared_ptr<hal::Texture> texture, bool writable, uint32_t baseMip = 0);
  Status writeSampler(uint32_t index, std::shared_ptr<hal::Sampler> sampler);

  const HeapDescriptor& slot(uint32_t index) const { return slots_.at(index); }
  // Incremented by every write/clear; backends compare it to know when their native copy is stale.
  uint64_t generation() const { return generation_; }

 private:
  HeapType type_;
  std::vector<HeapDescriptor> slots_;
  uint64_t generation_ = 0;
};

}  // namespace sl::hal
