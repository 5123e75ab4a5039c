// Element formats of typed (texel) buffer views and textures: a scalar type and 1-4 channels.
// The offload YAML's Format x Channels maps onto this directly (Float32 x 4 = RGBA32 float).
#pragma once

#include <cstdint>
#include <string>

namespace sl::hal {

enum class ScalarType : uint8_t {
  Unknown,
  UNorm8, SNorm8, UInt8, SInt8,
  UNorm16, SNorm16, UInt16, SInt16, Float16,
  UInt32, SInt32, Float32,
  UInt64, SInt64, Float64,
  Depth32Float,  // depth textures only; one channel
};

struct Format {
  ScalarType scalar = ScalarType::Unknown;
  uint8_t channels = 0;  // 1..4

  constexpr Format() = default;
  constexpr Format(ScalarType s, uint8_t c) : scalar(s), channels(c) {}

  constexpr bool valid() const {
    return scalar != ScalarType::Unknown && channels >= 1 && channels <= 4 &&
           (scalar != ScalarType::Depth32Float || channels == 1);
  }
  friend constexpr bool operator==(Format a, Format b) { return a.scalar == b.scalar && a.channels == b.channels; }
};

// Bytes of one scalar (0 for Unknown).
uint32_t scalarSize(ScalarType scalar);
// Bytes of one element (scalar size x channels); 0 if the format is invalid.
uint32_t formatSize(Format format);
// Name in DXGI style without the DXGI_FORMAT_ prefix, e.g. "R32G32B32A32_FLOAT", "R16_UINT";
// "UNKNOWN" for invalid formats.
std::string formatName(Format format);
const char* scalarTypeName(ScalarType scalar);

}  // namespace sl::hal
