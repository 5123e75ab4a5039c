// Images inside the executor, shared by the image instructions (OpsImage.cpp), texel layout and
// format conversion (ImageTexels.cpp) and sampling (ImageSample.cpp): addressing, filtering, LOD
// selection and cube maps as the Vulkan spec's "Image Operations" chapter defines them.
//
// Precision: texel values are decoded to double (float and normalized formats) or 64-bit
// integers, coordinates and filter weights are computed in double without the sub-texel and
// mipmap precision bits GPUs quantize to, and the result is rounded once to the shader's type.
// The result is the exact filtered value rounded to the result type; conformance comparisons
// against GPUs allow the ULPs those quantizations introduce.
#pragma once

#include <cstdint>
#include <string>

#include "interp/Image.h"

namespace sl::interp::image {

// Mips an image may have (2^31 texels wide needs 32).
constexpr uint32_t kMaxMips = 32;

// The image a handle names, with its mip levels laid out (resolved once per distinct handle and
// instruction).
struct ImageView {
  const ImageResource* resource = nullptr;
  TexelFormat format;
  uint32_t texelBytes = 0;
  uint32_t layers = 1, mipLevels = 1, samples = 1;
  struct Level {
    uint32_t width = 1, height = 1, depth = 1;
    uint64_t offset = 0;  // bytes from data
  };
  Level levels[kMaxMips];

  // Lays out `image`; false with a description of the problem (" has no valid texel format")
  // when its members contradict each other or its data is too small.
  bool init(const ImageResource& image, std::string& problem);
  bool inBounds(uint32_t level, int64_t x, int64_t y, int64_t z, int64_t layer, int64_t sample) const {
    if (level >= mipLevels) return false;
    const Level& l = levels[level];
    return x >= 0 && y >= 0 && z >= 0 && layer >= 0 && sample >= 0 && x < l.width && y < l.height && z < l.depth && layer < layers &&
           sample < samples;
  }
  // Byte offset of an in-bounds texel from data.
  uint64_t offsetOf(uint32_t level, uint32_t x, uint32_t y, uint32_t z, uint32_t layer, uint32_t sample = 0) const {
    const Level& l = levels[level];
    const uint64_t index = ((uint64_t(layer) * l.depth + z) * l.height + y) * l.width + x;
    return l.offset + (index * samples + sample) * texelBytes;
  }
  const uint8_t* texel(uint32_t level, uint32_t x, uint32_t y, uint32_t z, uint32_t layer, uint32_t sample = 0) const {
    return resource->data + offsetOf(level, x, y, z, layer, sample);
  }
  uint8_t* writableTexel(uint32_t level, uint32_t x, uint32_t y, uint32_t z, uint32_t layer, uint32_t sample = 0) const {
    return resource->data + offsetOf(level, x, y, z, layer, sample);
  }
};

// A texel's four components after decoding and component substitution: float and normalized
// formats as double, integer formats as 64-bit integers (sign- or zero-extended). Which member
// holds the value follows the format (TexelFormat::isInteger).
struct Texel {
  union {
    double f[4];
    uint64_t i[4];
  };
  Texel() : f{0, 0, 0, 0} {}
};

// How integer texels widen: by the format's signedness, or as the SignExtend / ZeroExtend image
// operands say.
enum class Extend : uint8_t { Format, Sign, Zero };

// Reads the texel at `p` in `format`; missing components read as (0, 0, 0, 1).
void decodeTexel(const TexelFormat& format, const uint8_t* p, Extend extend, Texel& out);
// What an out-of-bounds read returns (robust image access): zero components, then (0, 0, 0, 1)
// for the ones the format lacks.
void zeroTexel(const TexelFormat& format, Texel& out);
// The sampler's border colour in place of the format's components (the rest as decodeTexel).
void borderTexel(const TexelFormat& format, SamplerResource::Border border, Texel& out);

// A value to write: float components, or integer components with their signedness.
struct TexelValue {
  Texel texel;
  bool integer = false;
  bool isSigned = false;
};
// What encodeTexel had to change.
enum EncodeIssue : uint32_t {
  kEncodeClamped = 1,   // an integer out of the format's range was saturated
  kEncodeMismatch = 2,  // float value for an integer format or the reverse: converted numerically
};
// Writes `value` in `format` at `p` (UNorm/SNorm clamp and round to nearest even, half rounds
// to nearest even, integers saturate); returns EncodeIssue bits.
uint32_t encodeTexel(const TexelFormat& format, const TexelValue& value, uint8_t* p);

// ---- sampling ---------------------------------------------------------------------------------

enum class ImageDim : uint8_t { D1, D2, D3, Cube };

struct SampleRequest {
  enum class Kind : uint8_t { Sample, Gather, QueryLod };
  enum class LodSource : uint8_t { Explicit, Gradients };
  Kind kind = Kind::Sample;
  ImageDim dim = ImageDim::D2;
  bool arrayed = false;
  // (s [, t] [, r] [, a]) normalized (or unnormalized per the sampler); cube: direction then
  // cube index.
  double coord[4] = {0, 0, 0, 0};
  bool dref = false;
  double drefValue = 0;
  LodSource lodSource = LodSource::Explicit;
  double lod = 0;                      // Explicit: lambda base
  double ddx[3] = {0, 0, 0}, ddy[3] = {0, 0, 0};  // Gradients: of the coordinates
  double bias = 0, minLod = 0;         // Bias and MinLod operands
  int32_t offset[3] = {0, 0, 0};       // ConstOffset / Offset, in texels
  uint32_t component = 0;              // Gather
  bool gatherOffsets = false;          // ConstOffsets: offsets[k] for result component k
  int32_t offsets[4][2] = {};
};

// Things a sample did that the spec leaves undefined (the handler warns).
enum SampleIssue : uint32_t {
  kSampleIntegerLinear = 1,     // linear filtering of an integer format: nearest used
  kSampleLodRange = 2,          // minLod > maxLod
  kSampleCubeNotSquare = 4,     // cube faces are not square
};

struct SampleResult {
  Texel texel;
  double queryLod[2] = {0, 0};  // QueryLod: (d_l - level base, lambda')
  uint32_t issues = 0;
};

// Samples `view` with `sampler` (Vulkan "Image Sample Operations"). The view's layer count must
// suit the request (cube: a multiple of 6), which the caller checked.
void sample(const ImageView& view, const SamplerResource& sampler, const SampleRequest& request, SampleResult& out);

}  // namespace sl::interp::image
