#include "renderer/hal/DescriptorHeap.h"

#include <string>

namespace sl::hal {

const char* viewKindName(ViewKind kind) {
  switch (kind) {
    case ViewKind::Empty: return "empty";
    case ViewKind::RawBuffer: return "raw buffer SRV";
    case ViewKind::StructuredBuffer: return "structured buffer SRV";
    case ViewKind::TypedBuffer: return "typed buffer SRV";
    case ViewKind::RWRawBuffer: return "raw buffer UAV";
    case ViewKind::RWStructuredBuffer: return "structured buffer UAV";
    case ViewKind::RWTypedBuffer: return "typed buffer UAV";
    case ViewKind::ConstantBuffer: return "constant buffer";
    case ViewKind::Texture: return "texture SRV";
    case ViewKind::RWTexture: return "texture UAV";
    case ViewKind::Sampler: return "sampler";
  }
  return "?";
}

bool isBufferView(ViewKind kind) {
  switch (kind) {
    case ViewKind::RawBuffer: case ViewKind::StructuredBuffer: case ViewKind::TypedBuffer:
    case ViewKind::RWRawBuffer: case ViewKind::RWStructuredBuffer: case ViewKind::RWTypedBuffer:
    case ViewKind::ConstantBuffer:
      return true;
    default:
      return false;
  }
}

bool isWritableView(ViewKind kind) {
  return kind == ViewKind::RWRawBuffer || kind == ViewKind::RWStructuredBuffer ||
         kind == ViewKind::RWTypedBuffer || kind == ViewKind::RWTexture;
}

DescriptorHeap::DescriptorHeap(HeapType type, uint32_t capacity) : type_(type), slots_(capacity) {}

namespace {

std::string slotName(HeapType type, uint32_t index) {
  return std::string(type == HeapType::Sampler ? "sampler heap" : "resource heap") + " slot " + std::to_string(index);
}

Status checkRange(const std::string& where, const Buffer& buffer, uint64_t offset, uint64_t length) {
  if (offset > buffer.size())
    return makeError(ErrorCode::OutOfRange, where + ": offset " + std::to_string(offset) + " is past the end of buffer '" +
                                                buffer.label() + "' (" + std::to_string(buffer.size()) + " bytes)");
  if (length != kWholeSize && (length == 0 || length > buffer.size() - offset))
    return makeError(ErrorCode::OutOfRange, where + ": range [" + std::to_string(offset) + ", +" +
                                                std::to_string(length) + ") does not fit buffer '" + buffer.label() +
                                                "' (" + std::to_string(buffer.size()) + " bytes)");
  return okStatus();
}

}  // namespace

Status DescriptorHeap::write(uint32_t index, HeapDescriptor d) {
  const std::string where = slotName(type_, index);
  if (index >= slots_.size())
    return makeError(ErrorCode::OutOfRange, where + ": the heap has " + std::to_string(slots_.size()) + " slots");
  if (d.kind == ViewKind::Empty) return clear(index);
  const bool samplerView = d.kind == ViewKind::Sampler;
  if (samplerView != (type_ == HeapType::Sampler))
    return makeError(ErrorCode::InvalidArgument, where + ": a " + viewKindName(d.kind) + " cannot go in a " +
                                                     (type_ == HeapType::Sampler ? "sampler heap" : "resource heap"));
  if (isBufferView(d.kind)) {
    if (!d.buffer) return makeError(ErrorCode::InvalidArgument, where + ": " + viewKindName(d.kind) + " without a buffer");
    SL_HAL_RETURN_IF_ERROR(checkRange(where, *d.buffer, d.offset, d.length));
    if ((d.kind == ViewKind::StructuredBuffer || d.kind == ViewKind::RWStructuredBuffer) && d.stride == 0)
      return makeError(ErrorCode::InvalidArgument, where + ": structured buffer view with stride 0");
    if ((d.kind == ViewKind::TypedBuffer || d.kind == ViewKind::RWTypedBuffer) && !d.format.valid())
      return makeError(ErrorCode::InvalidArgument, where + ": typed buffer view without a valid format");
    if (d.counter) {
      if (d.kind != ViewKind::RWStructuredBuffer)
        return makeError(ErrorCode::InvalidArgument, where + ": only structured buffer UAVs have counters");
      SL_HAL_RETURN_IF_ERROR(checkRange(where + " counter", *d.counter, d.counterOffset, 4));
    }
  } else if (d.kind == ViewKind::Texture || d.kind == ViewKind::RWTexture) {
    if (!d.texture) return makeError(ErrorCode::InvalidArgument, where + ": " + viewKindName(d.kind) + " without a texture");
    const uint32_t mips = d.texture->desc().mipLevels;
    if (d.baseMip >= mips)
      return makeError(ErrorCode::OutOfRange, where + ": mip " + std::to_string(d.baseMip) + " of a texture with " +
                                                  std::to_string(mips) + " mips");
    if (d.kind == ViewKind::RWTexture) d.mipCount = 1;
    else if (d.mipCount == ~0u || d.baseMip + d.mipCount > mips) {
      if (d.mipCount != ~0u)
        return makeError(ErrorCode::OutOfRange, where + ": mips [" + std::to_string(d.baseMip) + ", +" +
                                                    std::to_string(d.mipCount) + ") of a texture with " +
                                                    std::to_string(mips) + " mips");
      d.mipCount = mips - d.baseMip;
    }
    const uint32_t needed = d.kind == ViewKind::RWTexture ? kTextureStorage : kTextureSampled;
    if (!(d.texture->desc().usage & needed))
      return makeError(ErrorCode::InvalidArgument, where + ": texture '" + d.texture->desc().label + "' lacks " +
                                                       (needed == kTextureStorage ? "storage" : "sampled") + " usage");
  } else if (samplerView && !d.sampler) {
    return makeError(ErrorCode::InvalidArgument, where + ": sampler view without a sampler");
  }
  slots_[index] = std::move(d);
  ++generation_;
  return okStatus();
}

Status DescriptorHeap::clear(uint32_t index) {
  if (index >= slots_.size())
    return makeError(ErrorCode::OutOfRange, slotName(type_, index) + ": the heap has " + std::to_string(slots_.size()) + " slots");
  slots_[index] = HeapDescriptor{};
  ++generation_;
  return okStatus();
}

Status DescriptorHeap::writeRawBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, bool writable, uint64_t offset,
                                      uint64_t length) {
  HeapDescriptor d;
  d.kind = writable ? ViewKind::RWRawBuffer : ViewKind::RawBuffer;
  d.buffer = std::move(buffer);
  d.offset = offset;
  d.length = length;
  return write(index, std::move(d));
}

Status DescriptorHeap::writeStructuredBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, uint32_t stride,
                                             bool writable, uint64_t offset, uint64_t length) {
  HeapDescriptor d;
  d.kind = writable ? ViewKind::RWStructuredBuffer : ViewKind::StructuredBuffer;
  d.buffer = std::move(buffer);
  d.stride = stride;
  d.offset = offset;
  d.length = length;
  return write(index, std::move(d));
}

Status DescriptorHeap::writeTypedBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, Format format, bool writable,
                                        uint64_t offset, uint64_t length) {
  HeapDescriptor d;
  d.kind = writable ? ViewKind::RWTypedBuffer : ViewKind::TypedBuffer;
  d.buffer = std::move(buffer);
  d.format = format;
  d.offset = offset;
  d.length = length;
  return write(index, std::move(d));
}

Status DescriptorHeap::writeConstantBuffer(uint32_t index, std::shared_ptr<Buffer> buffer, uint64_t offset,
                                           uint64_t length) {
  HeapDescriptor d;
  d.kind = ViewKind::ConstantBuffer;
  d.buffer = std::move(buffer);
  d.offset = offset;
  d.length = length;
  return write(index, std::move(d));
}

Status DescriptorHeap::writeTexture(uint32_t index, std::shared_ptr<hal::Texture> texture, bool writable,
                                    uint32_t baseMip) {
  HeapDescriptor d;
  d.kind = writable ? ViewKind::RWTexture : ViewKind::Texture;
  d.texture = std::move(texture);
  d.baseMip = baseMip;
  return write(index, std::move(d));
}

Status DescriptorHeap::writeSampler(uint32_t index, std::shared_ptr<hal::Sampler> sampler) {
  HeapDescriptor d;
  d.kind = ViewKind::Sampler;
  d.sampler = std::move(sampler);
  return write(index, std::move(d));
}

}  // namespace sl::hal
