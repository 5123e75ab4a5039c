#include "app/gui/Png.h"

#include <catch2/catch.hpp>
#include <zlib.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>

using sl::gui::RgbaImage;

namespace {

uint32_t readBigEndian32(const uint8_t* p) { return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | p[3]; }

// A minimal independent PNG reader (8-bit RGBA, no interlace, filters 0-4) built on zlib, so
// the encoder is checked against the format rather than against itself.
struct Decoded {
  std::string error;
  RgbaImage image;
  std::vector<std::string> chunkOrder;
};

uint8_t paeth(int a, int b, int c) {
  int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return uint8_t(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

Decoded decodePng(const std::vector<uint8_t>& png) {
  Decoded out;
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (png.size() < 8 || std::memcmp(png.data(), signature, 8) != 0) return {"bad signature", {}, {}};
  std::vector<uint8_t> idat;
  size_t pos = 8;
  while (pos + 12 <= png.size()) {
    uint32_t length = readBigEndian32(&png[pos]);
    if (pos + 12 + length > png.size()) return {"truncated chunk", {}, {}};
    std::string type(reinterpret_cast<const char*>(&png[pos + 4]), 4);
    const uint8_t* data = &png[pos + 8];
    uLong crc = crc32(crc32(0L, Z_NULL, 0), &png[pos + 4], uInt(length + 4));
    if (crc != readBigEndian32(&png[pos + 8 + length])) return {"bad CRC in " + type, {}, {}};
    out.chunkOrder.push_back(type);
    if (type == "IHDR") {
      out.image.width = readBigEndian32(data);
      out.image.height = readBigEndian32(data + 4);
      if (data[8] != 8 || data[9] != 6 || data[12] != 0) return {"not 8-bit RGBA non-interlaced", {}, {}};
    } else if (type == "IDAT") {
      idat.insert(idat.end(), data, data + length);
    }
    pos += 12 + length;
  }
  const size_t stride = size_t(out.image.width) * 4;
  std::vector<uint8_t> raw((stride + 1) * out.image.height);
  uLongf rawSize = uLongf(raw.size());
  if (uncompress(raw.data(), &rawSize, idat.data(), uLong(idat.size())) != Z_OK || rawSize != raw.size())
    return {"IDAT does not inflate to the image size", {}, {}};
  out.image.pixels.resize(stride * out.image.height);
  for (uint32_t y = 0; y < out.image.height; ++y) {
    const uint8_t filter = raw[y * (stride + 1)];
    const uint8_t* in = &raw[y * (stride + 1) + 1];
    uint8_t* row = &out.image.pixels[y * stride];
    const uint8_t* up = y ? row - stride : nullptr;
    for (size_t i = 0; i < stride; ++i) {
      int a = i >= 4 ? row[i - 4] : 0, b = up ? up[i] : 0, c = (up && i >= 4) ? up[i - 4] : 0;
      switch (filter) {
        case 0: row[i] = in[i]; break;
        case 1: row[i] = uint8_t(in[i] + a); break;
        case 2: row[i] = uint8_t(in[i] + b); break;
        case 3: row[i] = uint8_t(in[i] + (a + b) / 2); break;
        case 4: row[i] = uint8_t(in[i] + paeth(a, b, c)); break;
        default: return {"bad filter type", {}, {}};
      }
    }
  }
  return out;
}

RgbaImage gradient(uint32_t width, uint32_t height) {
  RgbaImage image{width, height, std::vector<uint8_t>(size_t(width) * height * 4)};
  for (uint32_t y = 0; y < height; ++y)
    for (uint32_t x = 0; x < width; ++x) {
      uint8_t* p = &image.pixels[(size_t(y) * width + x) * 4];
      p[0] = uint8_t(x * 7), p[1] = uint8_t(y * 13), p[2] = uint8_t(x ^ y), p[3] = uint8_t(255 - x);
    }
  return image;
}

}  // namespace

TEST_CASE("PNG encoder output decodes to the same pixels", "[png]") {
  for (auto [width, height] : {std::pair<uint32_t, uint32_t>{1, 1}, {3, 2}, {64, 17}, {300, 5}}) {
    RgbaImage image = gradient(width, height);
    std::vector<uint8_t> png = sl::gui::encodePng(image);
    Decoded decoded = decodePng(png);
    INFO(width << "x" << height);
    REQUIRE(decoded.error.empty());
    CHECK(decoded.chunkOrder == std::vector<std::string>{"IHDR", "IDAT", "IEND"});
    CHECK(decoded.image.width == width);
    CHECK(decoded.image.height == height);
    CHECK(decoded.image.pixels == image.pixels);
  }
}

TEST_CASE("PNG encoder refuses inconsistent images", "[png]") {
  CHECK(sl::gui::encodePng(RgbaImage{}).empty());
  CHECK(sl::gui::encodePng(RgbaImage{2, 2, std::vector<uint8_t>(15)}).empty());
  RgbaImage tooSmall{4, 4, std::vector<uint8_t>(4 * 4 * 4 - 1)};
  CHECK(!sl::gui::writePng("/tmp/never-written.png", tooSmall).empty());
}

TEST_CASE("writePng writes the file atomically and reports bad paths", "[png]") {
  const std::string path = (std::filesystem::temp_directory_path() / "sl_png_test.png").string();
  RgbaImage image = gradient(10, 10);
  REQUIRE(sl::gui::writePng(path, image).empty());
  std::ifstream in(path, std::ios::binary);
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  CHECK(bytes == sl::gui::encodePng(image));
  std::filesystem::remove(path);
  std::string error = sl::gui::writePng("/nonexistent-dir/x.png", image);
  CHECK(error.find("/nonexistent-dir/x.png") != std::string::npos);
}
