#include "app/gui/Png.h"

#include "core/support/AtomicFile.h"

#include <zlib.h>

namespace sl::gui {

namespace {

void appendBigEndian32(std::vector<uint8_t>& out, uint32_t value) {
  out.push_back(uint8_t(value >> 24));
  out.push_back(uint8_t(value >> 16));
  out.push_back(uint8_t(value >> 8));
  out.push_back(uint8_t(value));
}

// A chunk is length, type, data, then the CRC-32 of type and data.
void appendChunk(std::vector<uint8_t>& out, const char type[4], std::span<const uint8_t> data) {
  appendBigEndian32(out, uint32_t(data.size()));
  size_t typeStart = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, out.data() + typeStart, uInt(out.size() - typeStart));
  appendBigEndian32(out, uint32_t(crc));
}

}  // namespace

std::vector<uint8_t> encodePng(const RgbaImage& image) {
  if (image.width == 0 || image.height == 0 ||
      image.pixels.size() != size_t(image.width) * image.height * 4)
    return {};

  // Every row is prefixed by its filter type; filter 1 (Sub) compresses UI screenshots well
  // (long runs of one colour become runs of zeros) and costs one subtraction per byte.
  const size_t rowBytes = size_t(image.width) * 4;
  std::vector<uint8_t> filtered;
  filtered.reserve((rowBytes + 1) * image.height);
  for (uint32_t y = 0; y < image.height; ++y) {
    const uint8_t* row = image.pixels.data() + y * rowBytes;
    filtered.push_back(1);
    for (size_t i = 0; i < rowBytes; ++i) filtered.push_back(uint8_t(row[i] - (i >= 4 ? row[i - 4] : 0)));
  }

  uLongf compressedSize = compressBound(uLong(filtered.size()));
  std::vector<uint8_t> compressed(compressedSize);
  if (compress2(compressed.data(), &compressedSize, filtered.data(), uLong(filtered.size()), 6) != Z_OK) return {};
  compressed.resize(compressedSize);

  std::vector<uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<uint8_t> header;
  appendBigEndian32(header, image.width);
  appendBigEndian32(header, image.height);
  header.insert(header.end(), {8 /*bit depth*/, 6 /*RGBA*/, 0 /*deflate*/, 0 /*adaptive filters*/, 0 /*no interlace*/});
  appendChunk(png, "IHDR", header);
  appendChunk(png, "IDAT", compressed);
  appendChunk(png, "IEND", {});
  return png;
}

std::string writePng(const std::string& path, const RgbaImage& image) {
  std::vector<uint8_t> png = encodePng(image);
  if (png.empty())
    return "cannot encode a " + std::to_string(image.width) + "x" + std::to_string(image.height) + " image as PNG";
  return writeFileAtomically(path, png);
}

}  // namespace sl::gui
