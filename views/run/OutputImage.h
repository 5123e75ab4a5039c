// A texture output (a buffer with OutputProps) as an RGBA8 image for the Run panel's image view.
// Plain C++ (no ImGui), unit-tested directly. Any mip level of a 2D texture can be shown (the
// bundle stores all mips packed in Data, mip 0 first); depth slice 0 and array element 0 are
// shown. Float formats map [0, 1] to 0..255, clamped; integer formats show their value clamped
// to 0..255. One channel is drawn grey, two as red and green. Alpha is either ignored (opaque)
// or drawn over a checkerboard, so transparent texels stand out.
#pragma once

#include "renderer/offload/Pipeline.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace sl::views {

struct OutputImage {
  uint32_t width = 0, height = 0;
  std::vector<uint8_t> rgba;  // width * height * 4, rows top to bottom
};

// What to show of a texture output.
struct ImageChoice {
  uint32_t mip = 0;
  bool alpha = false;  // blend over a checkerboard by the fourth channel (4-channel formats)
};

// Mip levels of a texture output (at least 1) and the size of one of them.
uint32_t mipCount(const offload::Buffer& buffer);
inline uint32_t mipExtent(int extent, uint32_t mip) { return std::max(uint32_t(extent) >> mip, 1u); }

// The index of mip `mip`'s first value in bufferValues(buffer) order (mips are packed in order).
size_t mipFirstValue(const offload::Buffer& buffer, uint32_t mip);

// "" and `out` filled, or why the buffer cannot be shown as an image (not a texture, too little
// data for its size, a bad size, a mip it does not have).
std::string outputImage(const offload::Buffer& buffer, OutputImage& out, ImageChoice choice = {});

// The index of texel (x, y)'s first value of mip `mip` in bufferValues(buffer) order.
inline size_t texelValueIndex(const offload::Buffer& buffer, uint32_t x, uint32_t y, uint32_t mip = 0) {
  return mipFirstValue(buffer, mip) +
         (size_t(y) * size_t(mipExtent(buffer.outputProps.width, mip)) + x) * size_t(std::max(buffer.channels, 1));
}

}  // namespace sl::views
