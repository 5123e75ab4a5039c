// The Run tab's structural edits (issue 22, Broken 3: "buffers, textures, samplers and heap slots
// can be added and removed"): textures added with their size, data and binding, refused with a
// reason, removed with their combined sampler, and undone. No ImGui frame is drawn.
#include "core/support/AtomicFile.h"
#include "views/run/RunDocument.h"
#include "views/run/RunPanel.h"

#include <catch2/catch.hpp>

using namespace sl::views;
using sl::offload::DataFormat;
using sl::offload::ResourceKind;

namespace {

RunDocument exampleDocument() {
  std::string text, error;
  REQUIRE(sl::readWholeFile(SHADERLENS_SOURCE_DIR "/shaders/run/double.test", text, error));
  RunDocument doc;
  REQUIRE(loadRunDocument(text, "double.test", doc) == "");
  return doc;
}

const sl::offload::Resource* resourceNamed(const sl::offload::Pipeline& p, const std::string& name) {
  for (const sl::offload::DescriptorSet& set : p.sets)
    for (const sl::offload::Resource& r : set.resources)
      if (r.name == name) return &r;
  return nullptr;
}

}  // namespace

TEST_CASE("a read-only texture is added with a visible gradient at the next free binding", "[run][textures]") {
  RunPanel panel;
  panel.setDocument(exampleDocument());
  const size_t buffersBefore = panel.document().pipeline.buffers.size();
  REQUIRE(panel.addTexture("Src", ResourceKind::Texture2D, DataFormat::Float32, 4, 3, 2) == "");
  const sl::offload::Pipeline& p = panel.document().pipeline;
  REQUIRE(p.buffers.size() == buffersBefore + 1);
  const sl::offload::Buffer& texture = p.buffers.back();
  CHECK(texture.isTexture());
  CHECK(texture.outputProps.width == 3);
  CHECK(texture.outputProps.height == 2);
  CHECK(texture.outputProps.mipLevels == 1);
  CHECK(texture.channels == 4);
  CHECK(texture.size == 3 * 2 * 4 * 4);
  const std::vector<std::string> values = bufferValues(texture);
  REQUIRE(values.size() == 24);
  // Texel (2, 1), the last: red 1 across, green 1 down, blue 0.5, alpha 1.
  CHECK(values[20] == "1");
  CHECK(values[21] == "1");
  CHECK(values[22] == "0.5");
  CHECK(values[23] == "1");
  // Texel (1, 0): red half way.
  CHECK(values[4] == "0.5");
  CHECK(values[5] == "0");
  const sl::offload::Resource* r = resourceNamed(p, "Src");
  REQUIRE(r);
  CHECK(r->kind == ResourceKind::Texture2D);
  // double.test binds In, Out (and the expected buffer is unbound): the next binding is 2, and
  // its first t register.
  REQUIRE(r->vkBinding);
  CHECK(r->vkBinding->binding == 2);
  REQUIRE(r->dxBinding);
  CHECK(r->dxBinding->registerIndex == 1);
  CHECK(panel.unsaved());
  CHECK(panel.message().find("3x2 Float32 x4") != std::string::npos);
}

TEST_CASE("integer and read-write textures hold coordinates and zeros", "[run][textures]") {
  RunPanel panel;
  panel.setDocument(exampleDocument());
  REQUIRE(panel.addTexture("Ids", ResourceKind::Texture2D, DataFormat::UInt32, 2, 4, 4, 7u) == "");
  const std::vector<std::string> ids = bufferValues(panel.document().pipeline.buffers.back());
  REQUIRE(ids.size() == 32);
  CHECK(ids[2 * (4 * 3 + 2)] == "2");      // texel (2, 3): x
  CHECK(ids[2 * (4 * 3 + 2) + 1] == "3");  // y
  CHECK(resourceNamed(panel.document().pipeline, "Ids")->vkBinding->binding == 7);
  REQUIRE(panel.addTexture("Dst", ResourceKind::RWTexture2D, DataFormat::Float16, 1, 4, 4) == "");
  for (const std::string& v : bufferValues(panel.document().pipeline.buffers.back())) CHECK(v == "0x0");  // halves print as hex
  const sl::offload::Resource* dst = resourceNamed(panel.document().pipeline, "Dst");
  REQUIRE(dst);
  CHECK(dst->vkBinding->binding == 8);  // after the wanted binding 7
  CHECK(dst->dxBinding->registerIndex == 2);  // after Out's u1
  // 8-bit texels wrap within their range.
  REQUIRE(panel.addTexture("Bytes", ResourceKind::Texture2D, DataFormat::Hex8, 1, 300, 1) == "");
  CHECK(bufferValues(panel.document().pipeline.buffers.back())[299] == "0x2B");
}

TEST_CASE("a sampled texture gets a sampler of its own, removed with it", "[run][textures]") {
  RunPanel panel;
  panel.setDocument(exampleDocument());
  REQUIRE(panel.addSampler("Shared") == "");
  REQUIRE(panel.addTexture("Tex", ResourceKind::SampledTexture2D, DataFormat::Float32, 4, 8, 8) == "");
  const sl::offload::Pipeline& p = panel.document().pipeline;
  REQUIRE(p.samplers.size() == 2);
  const sl::offload::Resource* tex = resourceNamed(p, "Tex");
  REQUIRE(tex);
  REQUIRE(tex->samplerIndex == 1);
  CHECK(p.samplers[1].name == "Tex");
  REQUIRE(panel.removeBuffer("Tex") == "");
  CHECK(resourceNamed(p, "Tex") == nullptr);
  REQUIRE(p.samplers.size() == 1);
  CHECK(p.samplers[0].name == "Shared");
  CHECK(resourceNamed(p, "Shared")->samplerIndex == 0);
  // Undo brings both back; redo removes both again.
  REQUIRE(panel.undo());
  CHECK(panel.document().pipeline.samplers.size() == 2);
  CHECK(resourceNamed(panel.document().pipeline, "Tex") != nullptr);
  REQUIRE(panel.redo());
  CHECK(panel.document().pipeline.samplers.size() == 1);
}

TEST_CASE("a texture that cannot be made is refused with the reason, nothing changed", "[run][textures]") {
  RunPanel panel;
  panel.setDocument(exampleDocument());
  const uint64_t revision = panel.revision();
  CHECK(panel.addTexture("T", ResourceKind::Texture2D, DataFormat::Float32, 3, 4, 4).find("1, 2 or 4 channels") != std::string::npos);
  CHECK(panel.addTexture("T", ResourceKind::Texture2D, DataFormat::Float32, 4, 0, 4).find("1 to 4096") != std::string::npos);
  CHECK(panel.addTexture("T", ResourceKind::Texture2D, DataFormat::Float32, 4, 5000, 1).find("1 to 4096") != std::string::npos);
  CHECK(panel.addTexture("T", ResourceKind::Texture2D, DataFormat::Float32, 4, 1024, 1024).find("at most 1048576") != std::string::npos);
  CHECK(panel.addTexture("T", ResourceKind::StructuredBuffer, DataFormat::Float32, 4, 4, 4).find("textures only") != std::string::npos);
  CHECK(panel.addTexture("T", ResourceKind::Texture2D, DataFormat::Bool, 1, 4, 4).find("Bool") != std::string::npos);
  CHECK(panel.addTexture("In", ResourceKind::Texture2D, DataFormat::Float32, 4, 4, 4).find("already") != std::string::npos);
  CHECK(panel.addTexture("a b", ResourceKind::Texture2D, DataFormat::Float32, 4, 4, 4).find("plain name") != std::string::npos);
  CHECK(panel.addTexture("", ResourceKind::Texture2D, DataFormat::Float32, 4, 4, 4).find("needs a name") != std::string::npos);
  CHECK(panel.addBuffer("T", ResourceKind::RWTexture2D, DataFormat::Float32, 16).find("added as a texture") != std::string::npos);
  CHECK(panel.revision() == revision);
  RunPanel empty;
  CHECK(empty.addTexture("T", ResourceKind::Texture2D, DataFormat::Float32, 4, 4, 4) == "no bundle");
}
