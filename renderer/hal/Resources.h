// Buffers, 2D textures, samplers and timestamp pools. Created by a Device (Device.h) and shared
// (std::shared_ptr): command buffers and descriptor heaps keep what they reference alive, and
// each object keeps its backend's device state alive, so destruction order never matters.
//
// Host access (upload/download/fill on the objects) is synchronous and assumes no submission
// that uses the object is still running: call Device::wait first.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "renderer/hal/DeviceInfo.h"
#include "renderer/hal/Format.h"
#include "renderer/hal/Status.h"

namespace sl::hal {

inline constexpr uint64_t kWholeSize = ~uint64_t(0);

// ---- Buffers -------------------------------------------------------------------------------

enum BufferUsage : uint32_t {
  kBufferTransferSrc = 1u << 0,
  kBufferTransferDst = 1u << 1,
  kBufferStorage = 1u << 2,       // storage buffer (SSBO / raw+structured SRV/UAV)
  kBufferUniform = 1u << 3,       // uniform buffer (CBV)
  kBufferUniformTexel = 1u << 4,  // uniform texel buffer (typed SRV, Buffer<T>)
  kBufferStorageTexel = 1u << 5,  // storage texel buffer (typed UAV, RWBuffer<T>)
  kBufferIndirect = 1u << 6,      // indirect dispatch arguments
  kBufferAllUsages = (1u << 7) - 1,
};

struct BufferDesc {
  uint64_t size = 0;  // bytes, > 0
  uint32_t usage = kBufferAllUsages;  // BufferUsage bits
  std::string label;  // shown in error messages and debug tools
};

class Buffer {
 public:
  virtual ~Buffer() = default;
  Backend backend() const { return backend_; }
  uint64_t size() const { return desc_.size; }
  uint32_t usage() const { return desc_.usage; }
  const std::string& label() const { return desc_.label; }

  // Copies bytes into [offset, offset + data.size()).
  virtual Status upload(uint64_t offset, std::span<const uint8_t> data) = 0;
  // Copies [offset, offset + out.size()) into out.
  virtual Status download(uint64_t offset, std::span<uint8_t> out) = 0;
  // Fills [offset, offset + size) with the 32-bit pattern; offset and size multiples of 4
  // (size may be kWholeSize: to the end, rounded down to 4).
  virtual Status fill(uint64_t offset, uint64_t size, uint32_t pattern) = 0;

  // Typed helpers.
  template <class T>
  Status uploadArray(std::span<const T> values, uint64_t offset = 0) {
    return upload(offset, {reinterpret_cast<const uint8_t*>(values.data()), values.size_bytes()});
  }
  template <class T>
  Result<std::vector<T>> downloadArray(size_t count, uint64_t offset = 0) {
    std::vector<T> values(count);
    Status s = download(offset, {reinterpret_cast<uint8_t*>(values.data()), count * sizeof(T)});
    if (!s.ok()) return s;
    return values;
  }

 protected:
  Buffer(Backend backend, BufferDesc desc) : backend_(backend), desc_(std::move(desc)) {}

 private:
  Backend backend_;
  BufferDesc desc_;
};

// ---- Textures (2D) -------------------------------------------------------------------------

enum TextureUsage : uint32_t {
  kTextureSampled = 1u << 0,  // SAMPLED_IMAGE / Texture2D SRV
  kTextureStorage = 1u << 1,  // STORAGE_IMAGE / RWTexture2D UAV
  kTextureAllUsages = (1u << 2) - 1,
  // Default: whichever of sampled/storage the device supports for the format (at least one);
  // desc().usage reports the resolved bits after creation. Explicit bits are enforced strictly.
  kTextureUsageAuto = 1u << 31,
};

struct TextureDesc {
  Format format;
  uint32_t width = 0;
  uint32_t height = 0;
  uint32_t mipLevels = 1;
  uint32_t usage = kTextureUsageAuto;  // TextureUsage bits; transfers are always allowed
  std::string label;
};

// Bytes of the mip chain tightly packed, level 0 first, each level max(1, size >> level).
uint64_t packedTextureSize(const TextureDesc& desc);
// Byte offset of `level` inside that packing.
uint64_t packedMipOffset(const TextureDesc& desc, uint32_t level);

class Texture {
 public:
  virtual ~Texture() = default;
  Backend backend() const { return backend_; }
  const TextureDesc& desc() const { return desc_; }

  // All mips, tightly packed (packedTextureSize bytes). The texture stays in a layout usable by
  // sampled and storage bindings (Vulkan: GENERAL).
  virtual Status upload(std::span<const uint8_t> packedMips) = 0;
  virtual Status download(std::span<uint8_t> packedMips) = 0;

 protected:
  Texture(Backend backend, TextureDesc desc) : backend_(backend), desc_(std::move(desc)) {}
  // Backends resolve kTextureUsageAuto at creation.
  void setResolvedUsage(uint32_t usage) { desc_.usage = usage; }

 private:
  Backend backend_;
  TextureDesc desc_;
};

// ---- Samplers ------------------------------------------------------------------------------

enum class Filter { Nearest, Linear };
enum class AddressMode { Repeat, MirroredRepeat, ClampToEdge, ClampToBorder, MirrorClampToEdge };
enum class CompareOp { Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always };
enum class BorderColor { TransparentBlack, OpaqueBlack, OpaqueWhite };

struct SamplerDesc {
  Filter minFilter = Filter::Linear;
  Filter magFilter = Filter::Linear;
  Filter mipFilter = Filter::Linear;
  AddressMode addressU = AddressMode::ClampToEdge;
  AddressMode addressV = AddressMode::ClampToEdge;
  AddressMode addressW = AddressMode::ClampToEdge;
  bool compareEnable = false;  // comparison sampler (SamplerComparisonState)
  CompareOp compareOp = CompareOp::Never;
  float mipLodBias = 0;
  float minLod = 0;
  float maxLod = std::numeric_limits<float>::max();  // clamped to the API's own "no clamp" value
  BorderColor borderColor = BorderColor::TransparentBlack;
  std::string label;
};

class Sampler {
 public:
  virtual ~Sampler() = default;
  Backend backend() const { return backend_; }
  const SamplerDesc& desc() const { return desc_; }

 protected:
  Sampler(Backend backend, SamplerDesc desc) : backend_(backend), desc_(std::move(desc)) {}

 private:
  Backend backend_;
  SamplerDesc desc_;
};

// ---- Timestamps ----------------------------------------------------------------------------

// `count` timestamp queries, written by CommandBuffer::writeTimestamp. Time a dispatch by writing
// query 2i before it and 2i+1 after it; the difference is its device time. Queries written in a
// submission are reset by that submission, so a pool can be reused by later submissions.
class TimestampPool {
 public:
  virtual ~TimestampPool() = default;
  Backend backend() const { return backend_; }
  uint32_t count() const { return count_; }
  // Nanoseconds per tick (Vulkan timestampPeriod, 1e9 / D3D12 queue frequency).
  virtual double periodNs() const = 0;
  // Raw ticks of queries [first, first + n) after the submission that wrote them completed.
  // Fails (FailedPrecondition) if one of them has not been written.
  virtual Result<std::vector<uint64_t>> readTicks(uint32_t first, uint32_t n) = 0;
  // The same converted to nanoseconds (ticks x periodNs; only differences are meaningful).
  Result<std::vector<double>> readNanoseconds(uint32_t first, uint32_t n);

 protected:
  TimestampPool(Backend backend, uint32_t count) : backend_(backend), count_(count) {}

 private:
  Backend backend_;
  uint32_t count_;
};

}  // namespace sl::hal
