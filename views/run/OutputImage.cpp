#include "views/run/OutputImage.h"

#include "renderer/offload/Rules.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace sl::views {

namespace {

// One element of `format` at `at` as a number.
double elementValue(offload::DataFormat format, const uint8_t* at) {
  using offload::DataFormat;
  auto load = [&](auto value) {
    std::memcpy(&value, at, sizeof value);
    return value;
  };
  switch (format) {
    case DataFormat::Float16: return double(offload::halfToFloat(load(uint16_t{})));
    case DataFormat::Float32: case DataFormat::Depth32: return double(load(float{}));
    case DataFormat::Float64: return load(double{});
    case DataFormat::Int16: return double(load(int16_t{}));
    case DataFormat::Int32: return double(load(int32_t{}));
    case DataFormat::Int64: return double(load(int64_t{}));
    case DataFormat::Hex8: return double(load(uint8_t{}));
    case DataFormat::Hex16: case DataFormat::UInt16: return double(load(uint16_t{}));
    case DataFormat::Hex64: case DataFormat::UInt64: return double(load(uint64_t{}));
    default: return double(load(uint32_t{}));  // Hex32, UInt32, Bool
  }
}

uint8_t toByte(double value, bool normalized) {
  if (std::isnan(value)) return 0;
  const double scaled = normalized ? value * 255.0 : value;
  return uint8_t(std::clamp(std::lround(std::clamp(scaled, -1.0, 256.0)), 0l, 255l));
}

}  // namespace

uint32_t mipCount(const offload::Buffer& buffer) { return uint32_t(std::max(buffer.outputProps.mipLevels, 1)); }

size_t mipFirstValue(const offload::Buffer& buffer, uint32_t mip) {
  size_t texels = 0;
  for (uint32_t m = 0; m < mip; ++m)
    texels += size_t(mipExtent(buffer.outputProps.width, m)) * size_t(mipExtent(buffer.outputProps.height, m));
  return texels * size_t(std::max(buffer.channels, 1));
}

std::string outputImage(const offload::Buffer& buffer, OutputImage& out, ImageChoice choice) {
  if (!buffer.isTexture()) return "'" + buffer.name + "' has no OutputProps (it is not a texture)";
  if (buffer.outputProps.width <= 0 || buffer.outputProps.height <= 0 || buffer.outputProps.width > 16384 ||
      buffer.outputProps.height > 16384)
    return "'" + buffer.name + "' has a bad size " + std::to_string(buffer.outputProps.width) + "x" +
           std::to_string(buffer.outputProps.height);
  if (choice.mip >= mipCount(buffer))
    return "'" + buffer.name + "' has " + std::to_string(mipCount(buffer)) + " mip level(s), no mip " + std::to_string(choice.mip);
  if (choice.mip > 0 && buffer.outputProps.depth > 1)
    return "mips of 3D textures are not shown (only mip 0, depth slice 0)";
  const uint32_t width = mipExtent(buffer.outputProps.width, choice.mip);
  const uint32_t height = mipExtent(buffer.outputProps.height, choice.mip);
  const uint32_t elementSize = offload::dataFormatSize(buffer.format);
  const uint32_t channels = uint32_t(std::clamp(buffer.channels, 1, 4));
  const size_t texelBytes = size_t(elementSize) * size_t(std::max(buffer.channels, 1));
  const size_t first = mipFirstValue(buffer, choice.mip) * elementSize;
  const size_t needed = first + texelBytes * size_t(width) * size_t(height);
  const size_t have = buffer.data.empty() ? 0 : buffer.data[0].size();
  if (have < needed)
    return "'" + buffer.name + "' holds " + std::to_string(have) + " bytes, fewer than " +
           (choice.mip ? "mips 0-" + std::to_string(choice.mip) + " of its " : std::string("its ")) +
           std::to_string(buffer.outputProps.width) + "x" + std::to_string(buffer.outputProps.height) + " texels need (" +
           std::to_string(needed) + ")";
  const bool normalized = offload::isFloatFormat(buffer.format);
  const bool blend = choice.alpha && channels == 4;
  out.width = width;
  out.height = height;
  out.rgba.assign(size_t(width) * size_t(height) * 4, 0);
  const uint8_t* data = buffer.data[0].data() + first;
  for (size_t texel = 0; texel < size_t(width) * size_t(height); ++texel) {
    uint8_t c[4] = {0, 0, 0, 255};
    for (uint32_t k = 0; k < channels && k < 3; ++k)
      c[k] = toByte(elementValue(buffer.format, data + texel * texelBytes + size_t(k) * elementSize), normalized);
    if (channels == 1) c[1] = c[2] = c[0];
    if (blend) {
      // Over 4x4-texel light/dark grey squares.
      const uint32_t x = uint32_t(texel % width), y = uint32_t(texel / width);
      const unsigned background = ((x / 4 + y / 4) % 2) ? 204 : 153;
      const unsigned alpha = toByte(elementValue(buffer.format, data + texel * texelBytes + 3 * size_t(elementSize)), normalized);
      for (int k = 0; k < 3; ++k) c[k] = uint8_t((c[k] * alpha + background * (255 - alpha) + 127) / 255);
    }
    std::memcpy(&out.rgba[texel * 4], c, 4);
  }
  return "";
}

}  // namespace sl::views
