// A small PNG encoder (8-bit RGBA, zlib-compressed IDAT) for --screenshot and GUI checks.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl::gui {

// Tightly packed 8-bit RGBA pixels, rows top to bottom.
struct RgbaImage {
  uint32_t width = 0;
  uint32_t height = 0;
  std::vector<uint8_t> pixels;  // width * height * 4 bytes
};

// Encodes `image` as a PNG file image. Returns an empty vector if the image is empty or its
// pixel count does not match its size.
std::vector<uint8_t> encodePng(const RgbaImage& image);

// Encodes and writes atomically; returns "" on success, else a message naming the path.
std::string writePng(const std::string& path, const RgbaImage& image);

}  // namespace sl::gui
