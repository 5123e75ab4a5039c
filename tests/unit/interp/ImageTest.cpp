// Images, texel buffers and samplers on the CPU executor: fetches and reads with robust bounds,
// writes with format conversion, texel buffers, sampling with every address mode and both
// filters (values computed by hand for small textures), mip selection, gathers, depth compare,
// queries, arrays, cube maps, 3D images, implicit LOD from quad derivatives, descriptor arrays
// and image atomics through texel pointers.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <tuple>

#include "interp/Image.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;
using interp::ImageResource;
using interp::SamplerResource;
using interp::TexelFormat;

namespace {

// Buffers plus images and samplers by (set, binding, element).
class Resources : public Buffers {
 public:
  using Key = std::tuple<uint32_t, uint32_t, uint32_t>;
  struct Stored {
    ImageResource resource;
    std::vector<uint8_t> bytes;
  };
  std::map<Key, std::unique_ptr<Stored>> images;
  std::map<Key, SamplerResource> samplers;

  template <class T>
  ImageResource& addImage(uint32_t binding, ImageResource shape, const std::vector<T>& texels, uint32_t element = 0, uint32_t set = 0) {
    auto stored = std::make_unique<Stored>();
    stored->bytes.resize(texels.size() * sizeof(T));
    std::memcpy(stored->bytes.data(), texels.data(), stored->bytes.size());
    stored->resource = shape;
    stored->resource.data = stored->bytes.data();
    stored->resource.size = stored->bytes.size();
    ImageResource& r = stored->resource;
    images[{set, binding, element}] = std::move(stored);
    return r;
  }
  template <class T>
  std::vector<T> imageData(uint32_t binding, uint32_t element = 0, uint32_t set = 0) const {
    const std::vector<uint8_t>& bytes = images.at({set, binding, element})->bytes;
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
  }
  SamplerResource& addSampler(uint32_t binding, SamplerResource s, uint32_t element = 0, uint32_t set = 0) {
    return samplers[{set, binding, element}] = s;
  }
  const ImageResource* image(uint32_t set, uint32_t binding, uint32_t index) override {
    auto it = images.find({set, binding, index});
    return it == images.end() ? nullptr : &it->second->resource;
  }
  const SamplerResource* sampler(uint32_t set, uint32_t binding, uint32_t index) override {
    auto it = samplers.find({set, binding, index});
    return it == samplers.end() ? nullptr : &it->second;
  }
};

TexelFormat format(TexelFormat::Kind kind, uint8_t bits, uint8_t channels, bool depth = false) {
  TexelFormat f;
  f.kind = kind;
  f.bits = bits;
  f.channels = channels;
  f.depth = depth;
  return f;
}
const TexelFormat kRgba32f = format(TexelFormat::Kind::Float, 32, 4);
const TexelFormat kR32f = format(TexelFormat::Kind::Float, 32, 1);

ImageResource shape(ImageResource::Dim dim, TexelFormat f, uint32_t w, uint32_t h = 1, uint32_t d = 1, uint32_t layers = 1, uint32_t mips = 1) {
  ImageResource r;
  r.dim = dim;
  r.format = f;
  r.width = w;
  r.height = h;
  r.depth = d;
  r.layers = layers;
  r.mipLevels = mips;
  return r;
}

SamplerResource samplerOf(SamplerResource::Filter filter, SamplerResource::Address address,
                          SamplerResource::Filter mip = SamplerResource::Filter::Nearest) {
  SamplerResource s;
  s.minFilter = s.magFilter = filter;
  s.mipFilter = mip;
  s.addressU = s.addressV = s.addressW = address;
  return s;
}

// A 4x4 R32F image whose texel (x, y) holds x + 10 y.
std::vector<float> grid4x4() {
  std::vector<float> v(16);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) v[y * 4 + x] = float(x + 10 * y);
  return v;
}

bool mentions(const RunResult& r, const std::string& text) { return r.diagnostics.find(text) != std::string::npos; }

}  // namespace

TEST_CASE("Texture2D.Load reads texels of each mip, offsets, and gives zero out of bounds", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float4> T : register(t0);
RWStructuredBuffer<float4> Out : register(u7);
[numthreads(4, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.y * 4 + id.x;
  Out[i] = T.Load(int3(id.xy, 0));
  Out[16 + i] = T.Load(int3(id.xy / 2, 1));
  Out[32 + i] = T.Load(int3(id.xy, 0), int2(1, 0));
})", "cs_6_6");
  Resources res;
  std::vector<float> texels;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) texels.insert(texels.end(), {float(x), float(y), 0.f, 1.f});
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x) texels.insert(texels.end(), {float(100 + x), float(100 + y), 1.f, 1.f});
  res.addImage(0, shape(ImageResource::Dim::D2, kRgba32f, 4, 4, 1, 1, 2), texels);
  res.zeros<float>(0, 7, 48 * 4);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  const auto out = res.get<float>(0, 7);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const int i = y * 4 + x;
      CHECK(out[i * 4 + 0] == float(x));
      CHECK(out[i * 4 + 1] == float(y));
      CHECK(out[i * 4 + 3] == 1.f);
      CHECK(out[(16 + i) * 4 + 0] == float(100 + x / 2));
      CHECK(out[(16 + i) * 4 + 1] == float(100 + y / 2));
      CHECK(out[(16 + i) * 4 + 2] == 1.f);
      const bool inside = x + 1 < 4;
      CHECK(out[(32 + i) * 4 + 0] == (inside ? float(x + 1) : 0.f));
      CHECK(out[(32 + i) * 4 + 3] == (inside ? 1.f : 0.f));  // RGBA: an out-of-bounds texel is all zero
    }
  CHECK(mentions(r, "out of bounds of image 'T'"));
}

TEST_CASE("texel formats convert to the shader's type: unorm, snorm, half, integers, missing channels", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float4> Unorm8 : register(t0);
Texture2D<float4> Snorm8 : register(t1);
Texture2D<float4> Half1 : register(t2);
Texture2D<float4> Unorm16x2 : register(t3);
Texture2D<int4> Sint16 : register(t4);
Texture2D<uint4> Uint16x4 : register(t5);
Texture2D<float4> Snorm16 : register(t6);
RWStructuredBuffer<float4> Out : register(u7);
RWStructuredBuffer<int4> OutI : register(u8);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = Unorm8.Load(int3(0, 0, 0));
  Out[1] = Snorm8.Load(int3(0, 0, 0));
  Out[2] = Half1.Load(int3(0, 0, 0));
  Out[3] = Unorm16x2.Load(int3(0, 0, 0));
  Out[4] = Snorm16.Load(int3(0, 0, 0));
  OutI[0] = Sint16.Load(int3(0, 0, 0));
  OutI[1] = int4(Uint16x4.Load(int3(0, 0, 0)));
})", "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UNorm, 8, 4), 1), std::vector<uint8_t>{0, 51, 128, 255});
  res.addImage(1, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::SNorm, 8, 4), 1), std::vector<int8_t>{-128, -127, 0, 127});
  res.addImage(2, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::Float, 16, 1), 1), std::vector<uint16_t>{0x3e00});  // 1.5
  res.addImage(3, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UNorm, 16, 2), 1), std::vector<uint16_t>{65535, 13107});
  res.addImage(4, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::SInt, 16, 1), 1), std::vector<int16_t>{-5});
  res.addImage(5, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UInt, 16, 4), 1), std::vector<uint16_t>{1, 65535, 3, 4});
  res.addImage(6, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::SNorm, 16, 1), 1), std::vector<int16_t>{-16384});
  res.zeros<float>(0, 7, 5 * 4);
  res.zeros<int32_t>(0, 8, 2 * 4);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  const auto out = res.get<float>(0, 7);
  const auto outI = res.get<int32_t>(0, 8);
  CHECK(out[0] == 0.f);
  CHECK(out[1] == 0.2f);  // 51 / 255, correctly rounded
  CHECK(out[2] == float(128.0 / 255.0));
  CHECK(out[3] == 1.f);
  CHECK(out[4] == -1.f);  // -128 and -127 both read as -1
  CHECK(out[5] == -1.f);
  CHECK(out[6] == 0.f);
  CHECK(out[7] == 1.f);
  CHECK(out[8] == 1.5f);  // one half channel: (1.5, 0, 0, 1)
  CHECK(out[9] == 0.f);
  CHECK(out[10] == 0.f);
  CHECK(out[11] == 1.f);
  CHECK(out[12] == 1.f);
  CHECK(out[13] == 0.2f);  // 13107 / 65535
  CHECK(out[14] == 0.f);
  CHECK(out[15] == 1.f);
  CHECK(out[16] == float(-16384.0 / 32767.0));
  CHECK(outI[0] == -5);  // sign-extended, then (r, 0, 0, 1)
  CHECK(outI[1] == 0);
  CHECK(outI[3] == 1);
  CHECK(outI[4] == 1);
  CHECK(outI[5] == 65535);  // zero-extended
  CHECK(outI[6] == 3);
  CHECK(outI[7] == 4);
}

TEST_CASE("RWTexture2D reads and writes with conversion back to the format", "[interp][image]") {
  const auto words = compileHlsl(R"(
RWTexture2D<float4> Rgba : register(u0);
RWTexture2D<float4> Unorm8 : register(u1);
RWTexture2D<float4> Snorm8 : register(u2);
RWTexture2D<float> Half1 : register(u3);
RWTexture2D<int> Sint8 : register(u4);
RWTexture2D<float4> ReadOnly : register(u5);
[numthreads(4, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Rgba[id.xy] = Rgba[id.xy] * 2 + float4(id.x, id.y, 0, 0);
  if (id.x == 0 && id.y == 0) {
    Unorm8[uint2(0, 0)] = float4(0.5, 1.5, -0.2, 0.2);
    Snorm8[uint2(0, 0)] = float4(-1, -0.5, 0.5, 2);
    Half1[uint2(0, 0)] = 1.0 / 3.0;
    Sint8[uint2(0, 0)] = -200;
    Sint8[uint2(1, 0)] = 100;
    ReadOnly[uint2(0, 0)] = float4(1, 1, 1, 1);
    Rgba[uint2(9, 0)] = float4(1, 1, 1, 1);
  }
})", "cs_6_6");
  Resources res;
  std::vector<float> texels(64);
  for (int i = 0; i < 64; ++i) texels[i] = float(i);
  res.addImage(0, shape(ImageResource::Dim::D2, kRgba32f, 4, 4), texels).writable = true;
  res.addImage(1, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UNorm, 8, 4), 1), std::vector<uint8_t>(4)).writable = true;
  res.addImage(2, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::SNorm, 8, 4), 1), std::vector<int8_t>(4)).writable = true;
  res.addImage(3, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::Float, 16, 1), 1), std::vector<uint16_t>(1)).writable = true;
  res.addImage(4, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::SInt, 8, 1), 2), std::vector<int8_t>(2)).writable = true;
  res.addImage(5, shape(ImageResource::Dim::D2, kRgba32f, 1), std::vector<float>(4, 7.f));
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  const auto rgba = res.imageData<float>(0);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const int t = (y * 4 + x) * 4;
      CHECK(rgba[t + 0] == float(t) * 2 + float(x));
      CHECK(rgba[t + 1] == float(t + 1) * 2 + float(y));
      CHECK(rgba[t + 2] == float(t + 2) * 2);
    }
  CHECK(res.imageData<uint8_t>(1) == std::vector<uint8_t>{128, 255, 0, 51});    // 127.5 rounds to even, clamps
  CHECK(res.imageData<int8_t>(2) == std::vector<int8_t>{-127, -64, 64, 127});  // -63.5 to even
  CHECK(res.imageData<uint16_t>(3) == std::vector<uint16_t>{0x3555});            // 1/3 in binary16
  CHECK(res.imageData<int8_t>(4) == std::vector<int8_t>{-128, 100});             // saturated
  CHECK(res.imageData<float>(5) == std::vector<float>(4, 7.f));
  CHECK(mentions(r, "write to read-only image 'ReadOnly' dropped"));
  CHECK(mentions(r, "saturated"));
  CHECK(mentions(r, "the write is dropped"));
}

TEST_CASE("Buffer<float> and RWBuffer<uint4> are texel buffers with element counts", "[interp][image]") {
  const auto words = compileHlsl(R"(
Buffer<float> B : register(t0);
RWBuffer<uint4> RB : register(u1);
RWStructuredBuffer<uint> Out : register(u7);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  RB[i] = uint4(uint(B[i] * 2), i, RB[i].z + 1, 7);
  uint nb, nrb;
  B.GetDimensions(nb);
  RB.GetDimensions(nrb);
  Out[0] = nb;
  Out[1] = nrb;
  Out[2 + i] = uint(B[i + 6] * 10);
})", "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::Buffer, kR32f, 8), std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7});
  std::vector<uint32_t> rb(4 * 8);
  for (int i = 0; i < 8; ++i) rb[i * 4 + 2] = uint32_t(100 + i);
  res.addImage(1, shape(ImageResource::Dim::Buffer, format(TexelFormat::Kind::UInt, 32, 4), 8), rb).writable = true;
  res.zeros<uint32_t>(0, 7, 10);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  const auto out = res.get<uint32_t>(0, 7);
  CHECK(out[0] == 8);
  CHECK(out[1] == 8);
  for (uint32_t i = 0; i < 8; ++i) CHECK(out[2 + i] == (i + 6 < 8 ? (i + 6) * 10 : 0));  // B[8], B[9] read zero
  const auto written = res.imageData<uint32_t>(1);
  for (uint32_t i = 0; i < 8; ++i) {
    CHECK(written[i * 4 + 0] == i * 2);
    CHECK(written[i * 4 + 1] == i);
    CHECK(written[i * 4 + 2] == 101 + i);
    CHECK(written[i * 4 + 3] == 7);
  }
  CHECK(mentions(r, "out of bounds of image 'B'"));
}
