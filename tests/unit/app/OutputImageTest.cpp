// Texture outputs as images (the Run panel's image view) and the compile worker's thread
// priority: plain models, no ImGui context, no device.
#include "renderer/offload/Pipeline.h"
#include "views/CompileWorker.h"
#include "views/ThreadPriority.h"
#include "views/run/OutputImage.h"
#include "views/run/RunDocument.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <thread>

using namespace sl;

namespace {

offload::Buffer texture(offload::DataFormat format, int channels, int width, int height, const std::string& values) {
  offload::Buffer b;
  b.name = "Tex";
  b.format = format;
  b.channels = channels;
  b.outputProps.width = width;
  b.outputProps.height = height;
  b.outputProps.depth = 1;
  REQUIRE(views::setBufferValues(b, values) == "");
  return b;
}

const uint8_t* texel(const views::OutputImage& image, uint32_t x, uint32_t y) {
  return &image.rgba[(size_t(y) * image.width + x) * 4];
}

}  // namespace

TEST_CASE("float RGBA texture outputs become RGBA8 images, row by row", "[run][image]") {
  // 2x2: red, green / blue, yellow; the alpha channel is not drawn.
  offload::Buffer b = texture(offload::DataFormat::Float32, 4, 2, 2,
                              "1 0 0 1  0 1 0 0.5  0 0 1 1  1 1 0 1");
  views::OutputImage image;
  REQUIRE(views::outputImage(b, image) == "");
  REQUIRE(image.width == 2);
  REQUIRE(image.height == 2);
  REQUIRE(image.rgba.size() == 16);
  CHECK(std::memcmp(texel(image, 0, 0), "\xff\x00\x00\xff", 4) == 0);
  CHECK(std::memcmp(texel(image, 1, 0), "\x00\xff\x00\xff", 4) == 0);
  CHECK(std::memcmp(texel(image, 0, 1), "\x00\x00\xff\xff", 4) == 0);
  CHECK(std::memcmp(texel(image, 1, 1), "\xff\xff\x00\xff", 4) == 0);
  CHECK(views::texelValueIndex(b, 1, 1) == 12);
}

TEST_CASE("image conversion clamps floats, shows one channel grey and integers as values", "[run][image]") {
  views::OutputImage image;
  REQUIRE(views::outputImage(texture(offload::DataFormat::Float32, 1, 3, 1, "-2 0.5 7"), image) == "");
  CHECK(std::memcmp(texel(image, 0, 0), "\x00\x00\x00\xff", 4) == 0);
  CHECK(texel(image, 1, 0)[0] == 128);
  CHECK(texel(image, 1, 0)[1] == 128);
  CHECK(texel(image, 1, 0)[2] == 128);
  CHECK(std::memcmp(texel(image, 2, 0), "\xff\xff\xff\xff", 4) == 0);

  REQUIRE(views::outputImage(texture(offload::DataFormat::UInt32, 2, 2, 1, "10 300  0 255"), image) == "");
  CHECK(std::memcmp(texel(image, 0, 0), "\x0a\xff\x00\xff", 4) == 0);
  CHECK(std::memcmp(texel(image, 1, 0), "\x00\xff\x00\xff", 4) == 0);

  // Float16 values are written as raw bit patterns, as upstream: 0.0, 1.0, 0.5.
  REQUIRE(views::outputImage(texture(offload::DataFormat::Float16, 3, 1, 1, "0x0000 0x3C00 0x3800"), image) == "");
  CHECK(texel(image, 0, 0)[0] == 0);
  CHECK(texel(image, 0, 0)[1] == 255);
  CHECK(texel(image, 0, 0)[2] == 128);
}

TEST_CASE("buffers that cannot be images say why", "[run][image]") {
  views::OutputImage image;
  offload::Buffer plain;
  plain.name = "Plain";
  plain.format = offload::DataFormat::Float32;
  CHECK_THAT(views::outputImage(plain, image), Catch::Contains("not a texture"));
  // 2x2 RGBA needs 64 bytes; 3 texels' worth is too little.
  offload::Buffer shortOne = texture(offload::DataFormat::Float32, 4, 2, 2, "1 1 1 1 1 1 1 1 1 1 1 1");
  CHECK_THAT(views::outputImage(shortOne, image), Catch::Contains("fewer than its 2x2 texels need (64)"));
  offload::Buffer bad = texture(offload::DataFormat::Float32, 1, 1, 1, "1");
  bad.outputProps.height = -3;
  CHECK_THAT(views::outputImage(bad, image), Catch::Contains("bad size"));
  // Extra mips after mip 0 are fine: only mip 0 is drawn.
  REQUIRE(views::outputImage(texture(offload::DataFormat::Float32, 1, 2, 1, "1 0 0.5"), image) == "");
  CHECK(image.width == 2);
}

TEST_CASE("the compile worker's thread runs at background priority", "[worker]") {
#if defined(__linux__)
  std::atomic<int> niceInCompile{-100};
  views::CompileWorker worker(
      [&](const views::CompileRequest&) {
        niceInCompile.store(views::currentThreadNice());
        return std::shared_ptr<const CompileResult>();
      },
      std::chrono::milliseconds(0));
  worker.post(views::CompileRequest{"a.hlsl", "x", {}}, true);
  REQUIRE(worker.waitUntilIdle(std::chrono::seconds(10)));
  CHECK(niceInCompile.load() >= views::kBackgroundNice);
  // Only that thread: this one keeps its priority.
  CHECK(views::currentThreadNice() < views::kBackgroundNice);
#endif
}

TEST_CASE("any mip level of a texture output can be shown", "[run][image]") {
  // 4x2 grey texture with 2 mips packed after each other: mip 0 (8 texels), mip 1 (2x1 texels).
  offload::Buffer b = texture(offload::DataFormat::UInt32, 1, 4, 2, "0 1 2 3 4 5 6 7  100 200");
  b.outputProps.mipLevels = 2;
  CHECK(views::mipCount(b) == 2);
  CHECK(views::mipFirstValue(b, 1) == 8);
  CHECK(views::texelValueIndex(b, 1, 0, 1) == 9);
  views::OutputImage image;
  REQUIRE(views::outputImage(b, image, {.mip = 1}) == "");
  CHECK(image.width == 2);
  CHECK(image.height == 1);
  CHECK(texel(image, 0, 0)[0] == 100);
  CHECK(texel(image, 1, 0)[2] == 200);
  CHECK_THAT(views::outputImage(b, image, {.mip = 2}), Catch::Contains("2 mip level(s), no mip 2"));
  // A mip whose data is missing is refused, not read past the end.
  offload::Buffer shortOne = texture(offload::DataFormat::UInt32, 1, 4, 2, "0 1 2 3 4 5 6 7  100");
  shortOne.outputProps.mipLevels = 2;
  CHECK_THAT(views::outputImage(shortOne, image, {.mip = 1}), Catch::Contains("fewer than mips 0-1"));
}

TEST_CASE("alpha can be drawn over a checkerboard", "[run][image]") {
  // 8x1 white texels: opaque, then transparent, so the checkerboard shows through the second half.
  offload::Buffer b = texture(offload::DataFormat::Float32, 4, 8, 1,
                              "1 1 1 1  1 1 1 1  1 1 1 1  1 1 1 1  1 1 1 0  1 1 1 0  1 1 1 0  1 1 1 0");
  views::OutputImage opaque, blended;
  REQUIRE(views::outputImage(b, opaque) == "");
  CHECK(texel(opaque, 6, 0)[0] == 255);  // alpha ignored
  REQUIRE(views::outputImage(b, blended, {.alpha = true}) == "");
  CHECK(texel(blended, 0, 0)[0] == 255);  // opaque texels keep their colour
  CHECK(texel(blended, 4, 0)[0] == 204);  // transparent over the light square (x 4-7)
  CHECK(texel(blended, 4, 0)[3] == 255);  // the image itself stays opaque
}
