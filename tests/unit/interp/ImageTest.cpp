// Images, texel buffers and samplers on the CPU executor: fetches and reads with robust bounds,
// writes with format conversion, texel buffers, sampling with every address mode and both
// filters (values computed by hand for small textures), mip selection, gathers, depth compare,
// queries, arrays, cube maps, 3D images, implicit LOD from quad derivatives, descriptor arrays
// and image atomics through texel pointers.
#include <catch2/catch.hpp>

#include <algorithm>
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

namespace {

// Samples T at each UV[i] with level 0 into Out[i].
const char* kSampleAt = R"(
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
StructuredBuffer<float2> UV : register(t1);
RWStructuredBuffer<float4> Out : register(u7);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = T.SampleLevel(S, UV[id.x], 0);
})";

std::vector<float> sampleAt(const std::vector<uint32_t>& words, Resources& res, const std::vector<float>& uv) {
  std::vector<float> padded = uv;
  padded.resize(16, 0.f);
  res.set<float>(0, 1, padded);
  res.zeros<float>(0, 7, 8 * 4);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  return res.get<float>(0, 7);
}

}  // namespace

TEST_CASE("SampleLevel with a point sampler applies each address mode", "[interp][image]") {
  using A = SamplerResource::Address;
  const auto words = compileHlsl(kSampleAt, "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 4, 4), grid4x4());
  // u * 4 = 0.4, 5.2, -0.4, 3.6 (texels 0, 5, -1, 3); v * 4 = 2.4 (row 2).
  const std::vector<float> uv = {0.1f, 0.6f, 1.3f, 0.6f, -0.1f, 0.6f, 0.9f, 0.6f};
  struct Case {
    A mode;
    float expected[4];
  };
  const Case cases[] = {
      {A::ClampToEdge, {20, 23, 20, 23}},
      {A::Repeat, {20, 21, 23, 23}},
      {A::MirroredRepeat, {20, 22, 20, 23}},
      {A::MirrorClampToEdge, {20, 23, 20, 23}},
      {A::ClampToBorder, {20, 1, 1, 23}},  // opaque white border: the format's R is 1
  };
  for (const Case& c : cases) {
    SamplerResource s = samplerOf(SamplerResource::Filter::Nearest, c.mode);
    s.border = SamplerResource::Border::OpaqueWhite;
    res.addSampler(0, s);
    const auto out = sampleAt(words, res, uv);
    INFO("address mode " << int(c.mode));
    for (int i = 0; i < 4; ++i) {
      CHECK(out[i * 4 + 0] == c.expected[i]);
      CHECK(out[i * 4 + 1] == 0.f);
      CHECK(out[i * 4 + 3] == 1.f);
    }
  }
  // Unnormalized coordinates address texels directly.
  SamplerResource s = samplerOf(SamplerResource::Filter::Nearest, A::ClampToEdge);
  s.unnormalizedCoordinates = true;
  res.addSampler(0, s);
  const auto out = sampleAt(words, res, {2.5f, 1.5f, 0.f, 3.9f});
  CHECK(out[0] == 12.f);
  CHECK(out[4] == 30.f);
}

TEST_CASE("SampleLevel with a linear sampler weighs the 2x2 footprint under each address mode", "[interp][image]") {
  using A = SamplerResource::Address;
  const auto words = compileHlsl(kSampleAt, "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 4, 4), grid4x4());
  // v * 4 - 0.5 = 1.5: rows 1 and 2 at half weight each (15 from the rows). u: centre, left edge,
  // right edge; then a point inside where bilinear reproduces x + 10 y exactly.
  const std::vector<float> uv = {0.5f, 0.5f, 0.f, 0.5f, 1.f, 0.5f, 0.3f, 0.2f};
  const double inside = (double(0.3f) * 4 - 0.5) + 10 * (double(0.2f) * 4 - 0.5);
  struct Case {
    A mode;
    float expected[3];
  };
  const Case cases[] = {
      {A::ClampToEdge, {16.5f, 15.f, 18.f}},
      {A::Repeat, {16.5f, 16.5f, 16.5f}},
      {A::MirroredRepeat, {16.5f, 15.f, 18.f}},
      {A::MirrorClampToEdge, {16.5f, 15.f, 18.f}},
      {A::ClampToBorder, {16.5f, 7.5f, 9.f}},  // transparent black border texels weigh 0
  };
  for (const Case& c : cases) {
    res.addSampler(0, samplerOf(SamplerResource::Filter::Linear, c.mode));
    const auto out = sampleAt(words, res, uv);
    INFO("address mode " << int(c.mode));
    for (int i = 0; i < 3; ++i) CHECK(out[i * 4] == c.expected[i]);
    CHECK(out[3 * 4] == float(inside));
    CHECK(out[3] == 1.f);
  }
}

TEST_CASE("border colours replace the format's components", "[interp][image]") {
  const auto words = compileHlsl(kSampleAt, "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UNorm, 8, 4), 2, 2), std::vector<uint8_t>(16, 51));
  const std::vector<float> uv = {-0.5f, 0.5f, 0.25f, 0.25f};
  for (auto border : {SamplerResource::Border::TransparentBlack, SamplerResource::Border::OpaqueBlack, SamplerResource::Border::OpaqueWhite}) {
    SamplerResource s = samplerOf(SamplerResource::Filter::Nearest, SamplerResource::Address::ClampToBorder);
    s.border = border;
    res.addSampler(0, s);
    const auto out = sampleAt(words, res, uv);
    const float rgb = border == SamplerResource::Border::OpaqueWhite ? 1.f : 0.f;
    const float alpha = border == SamplerResource::Border::TransparentBlack ? 0.f : 1.f;
    CHECK(out[0] == rgb);
    CHECK(out[2] == rgb);
    CHECK(out[3] == alpha);
    CHECK(out[4] == 0.2f);
    CHECK(out[7] == 0.2f);
  }
}

TEST_CASE("mip selection: SampleLevel and SampleGrad with lod clamps, bias and mip filters", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float> T : register(t0);
SamplerState S : register(s0);
StructuredBuffer<float> Lod : register(t1);
RWStructuredBuffer<float> Out : register(u7);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 uv = float2(0.4, 0.6);
  Out[id.x] = T.SampleLevel(S, uv, Lod[id.x]);
  float2 dx[4] = { float2(0.5, 0), float2(0.25, 0), float2(0.70710678, 0), float2(0, 0) };
  float2 dy[4] = { float2(0, 0), float2(0, 0.125), float2(0, 0), float2(0, 2) };
  if (id.x < 4) Out[8 + id.x] = T.SampleGrad(S, uv, dx[id.x], dy[id.x]);
  uint w, h, levels;
  T.GetDimensions(1, w, h, levels);
  if (id.x == 0) { Out[12] = w; Out[13] = h; Out[14] = levels; }
})", "cs_6_6");
  Resources res;
  // 4x4, 2x2, 1x1 levels holding 1, 2 and 4.
  std::vector<float> texels(16, 1.f);
  texels.insert(texels.end(), 4, 2.f);
  texels.push_back(4.f);
  res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 4, 4, 1, 1, 3), texels);
  res.set<float>(0, 1, std::vector<float>{0, 0.5f, 1.25f, 2, 5, -1, 0.6f, 1.5f});
  auto runWith = [&](const SamplerResource& s) {
    res.addSampler(0, s);
    res.zeros<float>(0, 7, 16);
    const RunResult r = run(words, res);
    REQUIRE(r.result.ok);
    return res.get<float>(0, 7);
  };
  using F = SamplerResource::Filter;
  const SamplerResource linear = samplerOf(F::Linear, SamplerResource::Address::Repeat, F::Linear);
  auto out = runWith(linear);
  const float expectedLinear[8] = {1, 1.5f, 2.5f, 4, 4, 1, 1.6f, 3};
  for (int i = 0; i < 8; ++i) CHECK(out[i] == Approx(expectedLinear[i]).epsilon(1e-6));
  CHECK(out[8] == 2.f);                          // 2 texels per step: lod 1
  CHECK(out[9] == 1.f);                          // 1 texel: lod 0
  CHECK(out[10] == Approx(3.f).epsilon(1e-6));   // 2^1.5 texels: halfway between levels 1 and 2
  CHECK(out[11] == 4.f);                         // lod 3 clamps to the last level
  CHECK(out[12] == 2.f);
  CHECK(out[13] == 2.f);
  CHECK(out[14] == 3.f);

  out = runWith(samplerOf(F::Linear, SamplerResource::Address::Repeat, F::Nearest));
  const float expectedNearest[8] = {1, 1, 2, 4, 4, 1, 2, 2};  // d' = 0.5 and 1.5 round down
  for (int i = 0; i < 8; ++i) CHECK(out[i] == expectedNearest[i]);

  SamplerResource clamped = linear;
  clamped.minLod = 1;
  clamped.maxLod = 1;
  out = runWith(clamped);
  for (int i = 0; i < 8; ++i) CHECK(out[i] == 2.f);

  SamplerResource biased = linear;
  biased.mipLodBias = 1;
  out = runWith(biased);
  CHECK(out[0] == 2.f);
  CHECK(out[1] == Approx(3.f).epsilon(1e-6));
  CHECK(out[8] == 4.f);
}

TEST_CASE("Gather returns one component of the footprint in i0j1, i1j1, i1j0, i0j0 order", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
RWStructuredBuffer<float4> Out : register(u7);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = T.GatherRed(S, float2(0.5, 0.5));
  Out[1] = T.GatherGreen(S, float2(0.5, 0.5));
  Out[2] = T.GatherRed(S, float2(0.5, 0.5), int2(1, 0));
  Out[3] = T.GatherRed(S, float2(0, 0));
  Out[4] = T.GatherAlpha(S, float2(0.5, 0.5));
})", "cs_6_6");
  Resources res;
  std::vector<float> texels;
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) texels.insert(texels.end(), {float(x + 10 * y), float(100 + x + 10 * y)});
  res.addImage(0, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::Float, 32, 2), 4, 4), texels);
  auto runWith = [&](SamplerResource::Address mode) {
    res.addSampler(0, samplerOf(SamplerResource::Filter::Nearest, mode));  // gathers ignore the filter
    res.zeros<float>(0, 7, 5 * 4);
    const RunResult r = run(words, res);
    REQUIRE(r.result.ok);
    return res.get<float>(0, 7);
  };
  auto out = runWith(SamplerResource::Address::ClampToEdge);
  CHECK(std::vector<float>(out.begin(), out.begin() + 4) == std::vector<float>{21, 22, 12, 11});
  CHECK(std::vector<float>(out.begin() + 4, out.begin() + 8) == std::vector<float>{121, 122, 112, 111});
  CHECK(std::vector<float>(out.begin() + 8, out.begin() + 12) == std::vector<float>{22, 23, 13, 12});
  CHECK(std::vector<float>(out.begin() + 12, out.begin() + 16) == std::vector<float>{0, 0, 0, 0});
  CHECK(std::vector<float>(out.begin() + 16, out.begin() + 20) == std::vector<float>{1, 1, 1, 1});  // RG has no alpha: 1
  out = runWith(SamplerResource::Address::Repeat);
  CHECK(std::vector<float>(out.begin() + 12, out.begin() + 16) == std::vector<float>{3, 0, 30, 33});
}

TEST_CASE("depth compare: SampleCmpLevelZero and GatherCmp compare each texel, then filter", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float> D : register(t0);
Texture2D<float> D16 : register(t1);
SamplerComparisonState Point : register(s0);
SamplerComparisonState Linear : register(s1);
RWStructuredBuffer<float4> Out : register(u7);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = float4(D.SampleCmpLevelZero(Point, float2(0.25, 0.25), 0.5),
                  D.SampleCmpLevelZero(Point, float2(0.75, 0.75), 0.5),
                  D.SampleCmpLevelZero(Linear, float2(0.5, 0.5), 0.5),
                  D.SampleCmpLevelZero(Linear, float2(0.5, 0.5), 0.3));
  Out[1] = D.GatherCmp(Point, float2(0.5, 0.5), 0.5);
  Out[2] = float4(D16.SampleCmpLevelZero(Point, float2(0.5, 0.5), 1.5), 0, 0, 0);
})", "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::Float, 32, 1, true), 2, 2), std::vector<float>{0.2f, 0.4f, 0.6f, 0.8f});
  res.addImage(1, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UNorm, 16, 1, true), 1, 1), std::vector<uint16_t>{65535});
  for (uint32_t binding : {0u, 1u}) {
    SamplerResource s = samplerOf(binding ? SamplerResource::Filter::Linear : SamplerResource::Filter::Nearest, SamplerResource::Address::ClampToEdge);
    s.compareEnable = true;
    s.compare = SamplerResource::Compare::LessEqual;  // passes when reference <= texel
    res.addSampler(binding, s);
  }
  res.samplers[{0, 0, 0}].compare = SamplerResource::Compare::LessEqual;
  res.zeros<float>(0, 7, 12);
  RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  auto out = res.get<float>(0, 7);
  CHECK(std::vector<float>(out.begin(), out.begin() + 4) == std::vector<float>{0, 1, 0.5f, 0.75f});
  CHECK(std::vector<float>(out.begin() + 4, out.begin() + 8) == std::vector<float>{1, 1, 0, 0});
  CHECK(out[8] == 1.f);  // a unorm depth clamps the reference to 1, which equals the texel
  // Greater inverts the point results.
  res.samplers[{0, 0, 0}].compare = SamplerResource::Compare::Greater;
  r = run(words, res);
  REQUIRE(r.result.ok);
  out = res.get<float>(0, 7);
  CHECK(out[0] == 1.f);
  CHECK(out[1] == 0.f);
  CHECK(out[8] == 0.f);
}

TEST_CASE("GetDimensions reports width, height, depth or layers as the texture type says", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float4> T2 : register(t0);
Texture2DArray<float4> TA : register(t1);
Texture3D<float4> T3 : register(t2);
TextureCube<float4> TC : register(t3);
TextureCubeArray<float4> TCA : register(t4);
RWTexture2D<float4> RW : register(u5);
RWTexture2DArray<float4> RWA : register(u6);
RWStructuredBuffer<uint> Out : register(u7);
[numthreads(1, 1, 1)]
void main() {
  uint a, b, c, l;
  T2.GetDimensions(0, a, b, l); Out[0] = a; Out[1] = b; Out[2] = l;
  TA.GetDimensions(a, b, c); Out[3] = a; Out[4] = b; Out[5] = c;
  T3.GetDimensions(1, a, b, c, l); Out[6] = a; Out[7] = b; Out[8] = c; Out[9] = l;
  TC.GetDimensions(a, b); Out[10] = a; Out[11] = b;
  TCA.GetDimensions(a, b, c); Out[12] = a; Out[13] = b; Out[14] = c;
  RW.GetDimensions(a, b); Out[15] = a; Out[16] = b;
  RWA.GetDimensions(a, b, c); Out[17] = a; Out[18] = b; Out[19] = c;
})", "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 4, 4, 1, 1, 3), std::vector<float>(21));
  res.addImage(1, shape(ImageResource::Dim::D2, kR32f, 4, 2, 1, 3), std::vector<float>(24));
  res.addImage(2, shape(ImageResource::Dim::D3, kR32f, 4, 2, 2, 1, 2), std::vector<float>(16 + 2));
  res.addImage(3, shape(ImageResource::Dim::Cube, kR32f, 2, 2, 1, 6), std::vector<float>(24));
  res.addImage(4, shape(ImageResource::Dim::Cube, kR32f, 2, 2, 1, 12), std::vector<float>(48));
  res.addImage(5, shape(ImageResource::Dim::D2, kR32f, 3, 5), std::vector<float>(15));
  res.addImage(6, shape(ImageResource::Dim::D2, kR32f, 3, 5, 1, 2), std::vector<float>(30));
  res.zeros<uint32_t>(0, 7, 20);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  CHECK(res.get<uint32_t>(0, 7) == std::vector<uint32_t>{4, 4, 3, 4, 2, 3, 2, 1, 1, 2, 2, 2, 2, 2, 2, 3, 5, 3, 5, 2});
}

TEST_CASE("Texture2DArray selects the layer by rounding to nearest even and clamping", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2DArray<float> T : register(t0);
SamplerState S : register(s0);
StructuredBuffer<float> Layer : register(t1);
RWStructuredBuffer<float> Out : register(u7);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = T.SampleLevel(S, float3(0.75, 0.25, Layer[id.x]), 0);
})", "cs_6_6");
  Resources res;
  std::vector<float> texels;
  for (int layer = 0; layer < 3; ++layer)
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < 2; ++x) texels.push_back(float(100 * layer + x + 10 * y));
  res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 2, 2, 1, 3), texels);
  res.addSampler(0, samplerOf(SamplerResource::Filter::Nearest, SamplerResource::Address::ClampToEdge));
  res.set<float>(0, 1, std::vector<float>{1.4f, 2.5f, 0.5f, 5.f, -1.f, 1.5f, 0.6f, 2.f});
  res.zeros<float>(0, 7, 8);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  CHECK(res.get<float>(0, 7) == std::vector<float>{101, 201, 1, 201, 1, 201, 101, 201});
}

TEST_CASE("TextureCube selects faces by the major axis (z, then y on ties) and filters across edges", "[interp][image]") {
  const auto words = compileHlsl(R"(
TextureCube<float> C : register(t0);
TextureCubeArray<float> CA : register(t1);
SamplerState S : register(s0);
StructuredBuffer<float4> Dir : register(t2);
RWStructuredBuffer<float> Out : register(u7);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 d = Dir[id.x];
  Out[id.x] = d.w >= 0 ? CA.SampleLevel(S, d, 0) : C.SampleLevel(S, d.xyz, 0);
})", "cs_6_6");
  Resources res;
  // Face f, texel (i, j) of a 2x2 face: 10 f + 2 j + i; the cube array's second cube adds 60.
  std::vector<float> faces;
  for (int cube = 0; cube < 2; ++cube)
    for (int f = 0; f < 6; ++f)
      for (int t = 0; t < 4; ++t) faces.push_back(float(60 * cube + 10 * f + t));
  res.addImage(0, shape(ImageResource::Dim::Cube, kR32f, 2, 2, 1, 6), std::vector<float>(faces.begin(), faces.begin() + 24));
  res.addImage(1, shape(ImageResource::Dim::Cube, kR32f, 2, 2, 1, 12), faces);
  res.addSampler(0, samplerOf(SamplerResource::Filter::Nearest, SamplerResource::Address::Repeat));
  const std::vector<float> dirs = {
      1, 0.2f, 0.1f, -1,  -1, -0.5f, 0.5f, -1,  0.3f, 1, 0.6f, -1,  0.3f, -1, 0.6f, -1,
      -0.5f, 0.5f, 1, -1, -0.5f, -0.5f, -1, -1, 1, 1, 1, -1,        1, 1, 0.5f, -1,
      -2, 1, -2, -1,      1, 0.2f, 0.1f, 1,     1, 0.2f, 0.1f, 7,   0, 0, 0, -1,
  };
  res.set<float>(0, 2, dirs);
  res.zeros<float>(0, 7, 16);
  RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  auto out = res.get<float>(0, 7);
  const float expected[12] = {0, 13, 23, 31, 40, 53, 41, 23, 51, 60, 60, 40};
  for (int i = 0; i < 12; ++i) {
    INFO("direction " << i);
    CHECK(out[i] == expected[i]);
  }

  // Seamless linear filtering: faces hold f + 1 everywhere. At (0.9, 0, 1) on +Z the right
  // column comes from +X; at (0.9, 0.9, 1) the footprint's corner texel averages +Z, +X and +Y.
  std::vector<float> constant;
  for (int f = 0; f < 6; ++f) constant.insert(constant.end(), 4, float(f + 1));
  res.addImage(0, shape(ImageResource::Dim::Cube, kR32f, 2, 2, 1, 6), constant);
  res.addSampler(0, samplerOf(SamplerResource::Filter::Linear, SamplerResource::Address::Repeat));
  res.set<float>(0, 2, std::vector<float>{0.9f, 0, 1, -1, 0.9f, 0.9f, 1, -1});
  res.zeros<float>(0, 7, 16);
  r = run(words, res);
  REQUIRE(r.result.ok);
  out = res.get<float>(0, 7);
  CHECK(out[0] == Approx(0.6 * 5 + 0.4 * 1).epsilon(1e-6));
  CHECK(out[1] == Approx(0.24 * 3 + 0.16 * 3 + 0.36 * 5 + 0.24 * 1).epsilon(1e-6));
}

TEST_CASE("Texture3D filters trilinearly", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture3D<float> T : register(t0);
SamplerState P : register(s0);
SamplerState L : register(s1);
RWStructuredBuffer<float> Out : register(u7);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = T.SampleLevel(P, float3(0.75, 0.25, 0.75), 0);
  Out[1] = T.SampleLevel(L, float3(0.5, 0.5, 0.5), 0);
  Out[2] = T.SampleLevel(L, float3(0.375, 0.5, 0.75), 0);
  Out[3] = T.Load(int4(1, 1, 0, 0));
})", "cs_6_6");
  Resources res;
  std::vector<float> texels;
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 2; ++y)
      for (int x = 0; x < 2; ++x) texels.push_back(float(x + 10 * y + 100 * z));
  res.addImage(0, shape(ImageResource::Dim::D3, kR32f, 2, 2, 2), texels);
  res.addSampler(0, samplerOf(SamplerResource::Filter::Nearest, SamplerResource::Address::ClampToEdge));
  res.addSampler(1, samplerOf(SamplerResource::Filter::Linear, SamplerResource::Address::ClampToEdge));
  res.zeros<float>(0, 7, 4);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  CHECK(res.get<float>(0, 7) == std::vector<float>{101, 55.5f, 105.25f, 11});
}

TEST_CASE("Texture1D, Texture1DArray, Texture2DMS and RWTexture3D", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture1D<float> T1 : register(t0);
Texture1DArray<float> T1A : register(t1);
Texture2DMS<float4> MS : register(t2);
RWTexture3D<float4> RW3 : register(u4);
SamplerState S : register(s0);
RWStructuredBuffer<float4> Out : register(u7);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = float4(T1.SampleLevel(S, 0.3, 0), T1A.SampleLevel(S, float2(0.3, 1), 0), MS.Load(int2(1, 0), 1).x, MS.Load(int2(0, 0), 0).y);
  uint w, h, n, d;
  MS.GetDimensions(w, h, n);
  RW3.GetDimensions(w, h, d);
  Out[1] = float4(w, h, n, d);
  RW3[uint3(1, 0, 1)] = float4(1, 2, 3, 4);
})", "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D1, kR32f, 4), std::vector<float>{0, 1, 2, 3});
  res.addImage(1, shape(ImageResource::Dim::D1, kR32f, 4, 1, 1, 2), std::vector<float>{0, 1, 2, 3, 10, 11, 12, 13});
  ImageResource ms = shape(ImageResource::Dim::D2, format(TexelFormat::Kind::Float, 32, 2), 2, 1);
  ms.samples = 4;
  std::vector<float> msTexels;
  for (int x = 0; x < 2; ++x)
    for (int sample = 0; sample < 4; ++sample) msTexels.insert(msTexels.end(), {float(10 * x + sample), float(100 + sample)});
  res.addImage(2, ms, msTexels);
  res.addImage(4, shape(ImageResource::Dim::D3, kRgba32f, 2, 3, 2), std::vector<float>(4 * 12)).writable = true;
  res.addSampler(0, samplerOf(SamplerResource::Filter::Linear, SamplerResource::Address::ClampToEdge));
  res.zeros<float>(0, 7, 8);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  const auto out = res.get<float>(0, 7);
  const double u = double(0.3f) * 4 - 0.5;  // between texels 0 and 1
  CHECK(out[0] == float(u));
  CHECK(out[1] == float(10 + u));
  CHECK(out[2] == 11.f);
  CHECK(out[3] == 100.f);
  CHECK(std::vector<float>(out.begin() + 4, out.end()) == std::vector<float>{2, 3, 4, 2});
  const auto texels = res.imageData<float>(4);
  const size_t at = ((1 * 3 + 0) * 2 + 1) * 4;  // z = 1, y = 0, x = 1
  CHECK(std::vector<float>(texels.begin() + at, texels.begin() + at + 4) == std::vector<float>{1, 2, 3, 4});
  CHECK(std::count(texels.begin(), texels.end(), 0.f) == 44);
}

TEST_CASE("implicit-LOD Sample in compute takes derivatives from the 2x2 quads", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float> T : register(t0);
SamplerState S : register(s0);
RWStructuredBuffer<float4> Out : register(u7);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  float2 p = float2(id.xy) + 0.5;
  Out[gi * 2] = float4(T.Sample(S, p / 8), T.Sample(S, p / 2), T.SampleBias(S, p / 2, 0.5), T.Sample(S, float2(p.x / 2, p.y / 8)));
  Out[gi * 2 + 1] = float4(T.CalculateLevelOfDetail(S, p / 2), T.CalculateLevelOfDetail(S, p * 4),
                           T.CalculateLevelOfDetailUnclamped(S, p * 4), 0);
})", "cs_6_6");
  Resources res;
  std::vector<float> texels(16, 1.f);
  texels.insert(texels.end(), 4, 2.f);
  texels.push_back(4.f);
  res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 4, 4, 1, 1, 3), texels);
  res.addSampler(0, samplerOf(SamplerResource::Filter::Linear, SamplerResource::Address::Repeat, SamplerResource::Filter::Linear));
  res.zeros<float>(0, 7, 128 * 4);
  const RunResult r = run(words, res, {2, 1, 1});
  REQUIRE(r.result.ok);
  INFO(r.diagnostics);
  const auto out = res.get<float>(0, 7);
  for (int i = 0; i < 64; ++i) {
    INFO("invocation " << i);
    CHECK(out[i * 8 + 0] == 1.f);                        // half a texel per invocation: magnified
    CHECK(out[i * 8 + 1] == 2.f);                        // 2 texels: lod 1
    CHECK(out[i * 8 + 2] == Approx(3.f).epsilon(1e-6));  // lod 1.5
    CHECK(out[i * 8 + 3] == 2.f);                        // the larger axis decides
    CHECK(out[i * 8 + 4] == 1.f);
    CHECK(out[i * 8 + 5] == 2.f);                        // lod 4 clamps to the last level
    CHECK(out[i * 8 + 6] == 4.f);                        // unclamped
  }
  CHECK(r.diagnostics.empty());
}

TEST_CASE("descriptor arrays of textures are indexed per invocation; an unbound element is a null descriptor", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float> TT[4] : register(t0);
RWStructuredBuffer<float> Out : register(u7);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = TT[id.x % 4].Load(int3(0, 0, 0));
})", "cs_6_6");
  Resources res;
  for (uint32_t e = 0; e < 4; ++e) res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 1), std::vector<float>{float(10 * (e + 1))}, e);
  res.zeros<float>(0, 7, 16);
  RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  const auto out = res.get<float>(0, 7);
  for (uint32_t i = 0; i < 16; ++i) CHECK(out[i] == float(10 * (i % 4 + 1)));
  // An empty element (a heap slot holding another kind of view) reads zero with a warning, as a
  // device with robustness2's nullDescriptor does.
  res.images.erase({0, 0, 3});
  r = run(words, res);
  REQUIRE(r.result.ok);
  CHECK(mentions(r, "image 'TT[3]' (set 0, binding 0) holds no image (a null descriptor)"));
  const auto nulled = res.get<float>(0, 7);
  for (uint32_t i = 0; i < 16; ++i) CHECK(nulled[i] == (i % 4 == 3 ? 0.f : float(10 * (i % 4 + 1))));
}

TEST_CASE("an out-of-range descriptor index is a null descriptor: reads and samples give zero", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float> TT[4] : register(t0);
SamplerState S : register(s0);
RWStructuredBuffer<float> Out : register(u7);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = TT[id.x + 5].Load(int3(0, 0, 0));
  Out[1] = TT[id.x + 6].SampleLevel(S, float2(0.5, 0.5), 0);
  uint w, h;
  TT[id.x + 7].GetDimensions(w, h);
  Out[2] = w;
  Out[3] = TT[id.x].Load(int3(0, 0, 0));
})", "cs_6_6");
  Resources res;
  for (uint32_t e = 0; e < 4; ++e) res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 1), std::vector<float>{float(10 * (e + 1))}, e);
  res.addSampler(0, samplerOf(SamplerResource::Filter::Nearest, SamplerResource::Address::ClampToEdge));
  res.set<float>(0, 7, std::vector<float>{-1, -1, -1, -1});
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  CHECK(res.get<float>(0, 7) == std::vector<float>{0, 0, 0, 10});
  CHECK(mentions(r, "index 5 is out of bounds"));
  CHECK(mentions(r, "null descriptor"));
}

TEST_CASE("an unbound texture or sampler is an error naming it", "[interp][image]") {
  const auto words = compileHlsl(R"(
Texture2D<float> Missing : register(t3, space1);
SamplerState S : register(s2);
RWStructuredBuffer<float> Out : register(u7);
[numthreads(1, 1, 1)]
void main() { Out[0] = Missing.SampleLevel(S, float2(0, 0), 0); }
)", "cs_6_6");
  Resources res;
  res.zeros<float>(0, 7, 1);
  RunResult r = run(words, res);
  CHECK_FALSE(r.result.ok);
  CHECK(mentions(r, "image 'Missing' (set 1, binding 3) is not bound"));
  res.addImage(3, shape(ImageResource::Dim::D2, kR32f, 1), std::vector<float>{1}, 0, 1);
  r = run(words, res);
  CHECK_FALSE(r.result.ok);
  CHECK(mentions(r, "sampler 'S' (set 0, binding 2) is not bound"));
  // A 3D image behind a 2D texture.
  res.addImage(3, shape(ImageResource::Dim::D3, kR32f, 1), std::vector<float>{1}, 0, 1);
  res.addSampler(2, SamplerResource{});
  r = run(words, res);
  CHECK_FALSE(r.result.ok);
  CHECK(mentions(r, "is a 3D image"));
}

TEST_CASE("InterlockedAdd on RWTexture2D<uint> goes through texel pointers", "[interp][image]") {
  const auto words = compileHlsl(R"(
RWTexture2D<uint> Counts : register(u0);
RWStructuredBuffer<uint> Out : register(u7);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  uint before;
  InterlockedAdd(Counts[id.xy / 2], 1, before);
  Out[gi] = before;
  InterlockedAdd(Counts[uint2(9, 0)], 1, before);
})", "cs_6_6");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UInt, 32, 1), 4, 4), std::vector<uint32_t>(16, 100)).writable = true;
  res.zeros<uint32_t>(0, 7, 64);
  const RunResult r = run(words, res);
  REQUIRE(r.result.ok);
  CHECK(res.imageData<uint32_t>(0) == std::vector<uint32_t>(16, 104));
  for (uint32_t v : res.get<uint32_t>(0, 7)) CHECK((v >= 100 && v < 104));
  CHECK(mentions(r, "atomics on it read zero and are dropped"));
}

TEST_CASE("SPIR-V: ConstOffsets gathers, projective sampling, implicit LOD without derivatives, samples, SignExtend", "[interp][image]") {
  const auto words = assemble(R"(
               OpCapability Shader
               OpCapability ImageGatherExtended
               OpCapability ImageQuery
               OpCapability StorageImageExtendedFormats
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %tex %smp %ms %bytes %out
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %tex DescriptorSet 0
               OpDecorate %tex Binding 0
               OpDecorate %smp DescriptorSet 0
               OpDecorate %smp Binding 0
               OpDecorate %ms DescriptorSet 0
               OpDecorate %ms Binding 1
               OpDecorate %bytes DescriptorSet 0
               OpDecorate %bytes Binding 2
               OpDecorate %out DescriptorSet 0
               OpDecorate %out Binding 7
               OpDecorate %rta ArrayStride 16
               OpMemberDecorate %block 0 Offset 0
               OpDecorate %block Block
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
    %v2float = OpTypeVector %float 2
    %v3float = OpTypeVector %float 3
    %v4float = OpTypeVector %float 4
     %v4uint = OpTypeVector %uint 4
      %v2int = OpTypeVector %int 2
     %img2d = OpTypeImage %float 2D 0 0 0 1 Unknown
     %imgms = OpTypeImage %float 2D 0 0 1 1 Unknown
     %imgu8 = OpTypeImage %uint 2D 0 0 0 2 R8ui
    %sampler = OpTypeSampler
    %sampled = OpTypeSampledImage %img2d
   %ptr_img = OpTypePointer UniformConstant %img2d
    %ptr_ms = OpTypePointer UniformConstant %imgms
    %ptr_u8 = OpTypePointer UniformConstant %imgu8
   %ptr_smp = OpTypePointer UniformConstant %sampler
        %rta = OpTypeRuntimeArray %v4float
      %block = OpTypeStruct %rta
   %ptr_out = OpTypePointer StorageBuffer %block
  %ptr_elem = OpTypePointer StorageBuffer %v4float
        %tex = OpVariable %ptr_img UniformConstant
        %smp = OpVariable %ptr_smp UniformConstant
         %ms = OpVariable %ptr_ms UniformConstant
      %bytes = OpVariable %ptr_u8 UniformConstant
        %out = OpVariable %ptr_out StorageBuffer
      %int_0 = OpConstant %int 0
      %int_1 = OpConstant %int 1
      %int_2 = OpConstant %int 2
      %int_3 = OpConstant %int 3
      %int_4 = OpConstant %int 4
      %int_5 = OpConstant %int 5
     %uint_0 = OpConstant %uint 0
     %uint_4 = OpConstant %uint 4
    %float_0 = OpConstant %float 0
  %float_0_5 = OpConstant %float 0.5
  %float_0_6 = OpConstant %float 0.6
  %float_0_2 = OpConstant %float 0.2
    %float_2 = OpConstant %float 2
         %uv = OpConstantComposite %v2float %float_0_5 %float_0_5
       %proj = OpConstantComposite %v3float %float_0_6 %float_0_2 %float_2
      %off00 = OpConstantComposite %v2int %int_0 %int_0
      %off10 = OpConstantComposite %v2int %int_1 %int_0
      %off01 = OpConstantComposite %v2int %int_0 %int_1
      %off22 = OpConstantComposite %v2int %int_2 %int_2
    %arr4off = OpTypeArray %v2int %uint_4
    %offsets = OpConstantComposite %arr4off %off00 %off10 %off01 %off22
       %at10 = OpConstantComposite %v2int %int_1 %int_0
       %at00 = OpConstantComposite %v2int %int_0 %int_0
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %t = OpLoad %img2d %tex
          %s = OpLoad %sampler %smp
         %si = OpSampledImage %sampled %t %s
          %g = OpImageGather %v4float %si %uv %int_0 ConstOffsets %offsets
         %p0 = OpAccessChain %ptr_elem %out %int_0 %int_0
               OpStore %p0 %g
         %pr = OpImageSampleProjExplicitLod %v4float %si %proj Lod %float_0
         %p1 = OpAccessChain %ptr_elem %out %int_0 %int_1
               OpStore %p1 %pr
         %im = OpImageSampleImplicitLod %v4float %si %uv
         %p2 = OpAccessChain %ptr_elem %out %int_0 %int_2
               OpStore %p2 %im
          %m = OpLoad %imgms %ms
         %f1 = OpImageFetch %v4float %m %at10 Sample %int_1
         %f2 = OpImageFetch %v4float %m %at00 Sample %int_2
         %ns = OpImageQuerySamples %uint %m
        %nsf = OpConvertUToF %float %ns
        %f1x = OpCompositeExtract %float %f1 0
        %f2x = OpCompositeExtract %float %f2 0
         %v3 = OpCompositeConstruct %v4float %f1x %f2x %nsf %float_0
         %p3 = OpAccessChain %ptr_elem %out %int_0 %int_3
               OpStore %p3 %v3
          %b = OpLoad %imgu8 %bytes
         %zx = OpImageRead %v4uint %b %at00
         %sx = OpImageRead %v4uint %b %at00 SignExtend
        %zxf = OpBitcast %v4float %zx
        %sxf = OpBitcast %v4float %sx
         %p4 = OpAccessChain %ptr_elem %out %int_0 %int_4
               OpStore %p4 %zxf
         %p5 = OpAccessChain %ptr_elem %out %int_0 %int_5
               OpStore %p5 %sxf
               OpReturn
               OpFunctionEnd
)");
  Resources res;
  res.addImage(0, shape(ImageResource::Dim::D2, kR32f, 4, 4), grid4x4());
  res.addSampler(0, samplerOf(SamplerResource::Filter::Nearest, SamplerResource::Address::ClampToEdge));
  ImageResource ms = shape(ImageResource::Dim::D2, kR32f, 2, 1);
  ms.samples = 2;
  res.addImage(1, ms, std::vector<float>{1, 2, 3, 4});  // x0 s0, x0 s1, x1 s0, x1 s1
  res.addImage(2, shape(ImageResource::Dim::D2, format(TexelFormat::Kind::UInt, 8, 1), 1), std::vector<uint8_t>{0xf0});
  res.zeros<float>(0, 7, 6 * 4);
  // The validator rejects ImplicitLod in compute without a derivative group mode; the executor
  // must still run it (decoding without validation).
  interp::DecodeOptions options;
  options.validate = false;
  const interp::DecodeResult decoded = interp::decodeModule(words, options);
  REQUIRE(decoded.module);
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.resources = &res;
  RunResult r;
  r.result = interp::dispatch(desc);
  for (const interp::Diagnostic& d : r.result.diagnostics) r.diagnostics += d.text() + "\n";
  REQUIRE(r.result.ok);
  const auto out = res.get<float>(0, 7);
  CHECK(std::vector<float>(out.begin(), out.begin() + 4) == std::vector<float>{11, 12, 21, 33});  // i0j0 + each offset
  CHECK(out[4] == 1.f);   // (0.6, 0.2) / 2: texel (1, 0)
  CHECK(out[8] == 22.f);  // implicit lod without derivatives: lod 0, nearest at (2, 2)
  CHECK(out[12] == 4.f);
  CHECK(out[13] == 0.f);  // sample 2 of 2: out of bounds
  CHECK(out[14] == 2.f);
  const auto bits = res.get<uint32_t>(0, 7);
  CHECK(bits[16] == 0xf0u);
  CHECK(bits[19] == 1u);
  CHECK(bits[20] == 0xfffffff0u);
  CHECK(mentions(r, "without a DerivativeGroupQuadsNV"));
  CHECK(mentions(r, "sample 2"));
}
