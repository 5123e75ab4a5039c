// A texture output (a buffer with OutputProps) as an RGBA8 image for the Run panel's image view.
// Plain C++ (no ImGui), unit-tested directly. Mip 0, depth slice 0 and array element 0 are shown
// (the bundle stores all mips packed in Data, mip 0 first). Float formats map [0, 1] to 0..255,
// clamped; integer formats show their value clamped to 0..255. One channel is drawn grey, two as
// red and green; alpha is not drawn (the image is opaque; hovering shows every channel).
#pragma once

#include "renderer/offload/Pipeline.h"

#include <cstdint>
#include <string>
#include <vector>

namespace sl::views {

struct OutputImage {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4, rows top to bottom
};

// "" and `out` filled, or why the buffer cannot be shown as an image (not a texture, too little
// data for its size, a bad size).
std::string outputImage(const offload::Buffer& buffer, OutputImage& out);

// The index of texel (x, y)'s first value in bufferValues(buffer) order.
inline size_t texelValueIndex(const offload::Buffer& buffer, uint32_t x, uint32_t y) {
  return (size_t(y) * size_t(buffer.outputProps.width) + x) * size_t(std::max(buffer.channels, 1));
}

}  // namespace sl::views
