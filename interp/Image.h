// Images, texel buffers and samplers as a dispatch sees them (the caller's memory, described
// here), and the texel formats the executor reads and writes.
#pragma once

#include <cstdint>
#include <string>

namespace sl::interp {

// One texel's encoding: `channels` components of `bits` each, interpreted as `kind`.
struct TexelFormat {
  enum class Kind : uint8_t { Unknown, UNorm, SNorm, UInt, SInt, Float };
  Kind kind = Kind::Unknown;
  uint8_t bits = 0;      // per channel: 8, 16, 32 or 64
  uint8_t channels = 0;  // 1..4
  // Depth formats read as one float channel (D32_FLOAT).
  bool depth = false;

  uint32_t texelBytes() const { return uint32_t(bits / 8) * channels; }
  bool isInteger() const { return kind == Kind::UInt || kind == Kind::SInt; }
  bool valid() const { return kind != Kind::Unknown && channels >= 1 && channels <= 4 && (bits == 8 || bits == 16 || bits == 32 || bits == 64); }
};

struct ImageResource {
  enum class Dim : uint8_t { D1, D2, D3, Cube, Buffer };
  Dim dim = Dim::D2;
  TexelFormat format;
  // Of the view's first mip: texels per row, rows, slices (3D), array layers (a cube has 6
  // layers per cube), mips, samples.
  uint32_t width = 1, height = 1, depth = 1, layers = 1, mipLevels = 1, samples = 1;
  // Texels tightly packed, mip 0 first; within a mip, layer by layer, each layer depth x height
  // x width texels (x fastest). Mip m has max(1, size >> m) in each dimension (not layers).
  // Multisampled images (samples > 1) hold each texel's samples one after another (sample
  // fastest). Texel buffers (Buffer<T>, RWBuffer<T>) are dim Buffer with width = elements.
  uint8_t* data = nullptr;
  uint64_t size = 0;  // bytes at data
  bool writable = false;
  std::string label;
};

struct SamplerResource {
  enum class Filter : uint8_t { Nearest, Linear };
  enum class Address : uint8_t { Repeat, MirroredRepeat, ClampToEdge, ClampToBorder, MirrorClampToEdge };
  enum class Compare : uint8_t { Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always };
  enum class Border : uint8_t { TransparentBlack, OpaqueBlack, OpaqueWhite };
  Filter minFilter = Filter::Linear, magFilter = Filter::Linear, mipFilter = Filter::Linear;
  Address addressU = Address::ClampToEdge, addressV = Address::ClampToEdge, addressW = Address::ClampToEdge;
  bool compareEnable = false;
  Compare compare = Compare::Never;
  float mipLodBias = 0, minLod = 0, maxLod = 1000;
  Border border = Border::TransparentBlack;
  bool unnormalizedCoordinates = false;
  std::string label;
};

}  // namespace sl::interp
