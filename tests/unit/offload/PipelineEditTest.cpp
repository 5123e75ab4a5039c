// Saving an edited pipeline changes only what was edited: buffer values and formats, buffers,
// samplers and resources added, removed or changed, and the dispatch size are patched into the
// user's YAML line by line; any other edit (or a layout a line patch cannot express) asks for the
// whole pipeline printed.
#include <catch2/catch.hpp>

#include <cstring>

#include "renderer/offload/PipelineEdit.h"
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"

using namespace sl::offload;

namespace {

const char* kYaml = R"(---
# The user's comment stays.
Shaders:
  - Stage: Compute
    Entry: main
DispatchParameters:
  DispatchGroupCount: [ 1, 1, 1 ]
Buffers:
  - Name: In
    Format: Int32
    Data: [ 1, 2, 3, 4 ]
  - Name: Out
    Format: Int32
    FillSize: 16

  - Name: Wide
    Format: Float32
    Data: [ 1.5, 2.5,
            3.5, 4.5 ]
DescriptorSets:
  - Resources:
    - Name: In
      Kind: StructuredBuffer
      DirectXBinding: { Register: 0, Space: 0 }
    - Name: Out
      Kind: RWStructuredBuffer
      DirectXBinding: { Register: 1, Space: 0 }
...
)";

Pipeline parsed(std::string_view text) {
  ParseResult r = parsePipeline(text, "p.yaml");
  INFO(r.renderErrors());
  REQUIRE(r.ok());
  return *r.pipeline;
}

void setInts(Buffer& b, std::initializer_list<int32_t> values) {
  b.data.assign(1, std::vector<uint8_t>(values.size() * 4));
  std::memcpy(b.data[0].data(), values.begin(), values.size() * 4);
  b.size = uint32_t(values.size() * 4);
}

}  // namespace

TEST_CASE("an edit of buffer values patches only those lines", "[offload][edit]") {
  Pipeline p = parsed(kYaml);
  setInts(p.buffers[0], {10, 20, 30, 40});
  std::optional<std::string> text = patchPipelineText(kYaml, "p.yaml", p);
  REQUIRE(text);
  std::string expected = kYaml;
  expected.replace(expected.find("Data: [ 1, 2, 3, 4 ]"), 20, "Data: [ 10, 20, 30, 40 ]");
  CHECK(*text == expected);
  CHECK(printPipeline(parsed(*text)) == printPipeline(p));
}

TEST_CASE("a multi-line Data list and a FillSize are replaced whole, keeping the user's form", "[offload][edit]") {
  Pipeline p = parsed(kYaml);
  setInts(p.buffers[1], {7, 7, 7, 7});  // still one value repeated: stays a fill
  p.buffers[2].data[0].assign(4 * 4, 0);
  const float wide[] = {9.0f, 8.0f, 7.0f, 6.0f};
  std::memcpy(p.buffers[2].data[0].data(), wide, sizeof wide);
  std::optional<std::string> text = patchPipelineText(kYaml, "p.yaml", p);
  REQUIRE(text);
  CHECK(text->find("    FillSize: 16\n    FillValue: 7\n\n  - Name: Wide") != std::string::npos);
  CHECK(text->find("    Data: [ 9, 8, 7, 6 ]\nDescriptorSets:") != std::string::npos);
  CHECK(text->find("# The user's comment stays.") != std::string::npos);
  CHECK(text->find("DirectXBinding: { Register: 0, Space: 0 }") != std::string::npos);
  CHECK(printPipeline(parsed(*text)) == printPipeline(p));
}

TEST_CASE("a format change rewrites the format and the values", "[offload][edit]") {
  Pipeline p = parsed(kYaml);
  p.buffers[0].format = DataFormat::UInt32;
  std::optional<std::string> text = patchPipelineText(kYaml, "p.yaml", p);
  REQUIRE(text);
  CHECK(text->find("  - Name: In\n    Format: UInt32\n    Data: [ 1, 2, 3, 4 ]\n") != std::string::npos);
}

TEST_CASE("edits a line patch cannot say ask for the printed pipeline", "[offload][edit]") {
  Pipeline unchanged = parsed(kYaml);
  CHECK(patchPipelineText(kYaml, "p.yaml", unchanged) == std::string(kYaml));  // nothing edited: the text as it was

  Pipeline p = parsed(kYaml);
  p.results.push_back(ResultRule{"Check", Rule::BufferExact, "Out", "In"});
  CHECK_FALSE(patchPipelineText(kYaml, "p.yaml", p));  // a result rule: the printed pipeline

  Pipeline reordered = parsed(kYaml);
  std::swap(reordered.buffers[0], reordered.buffers[1]);
  CHECK_FALSE(patchPipelineText(kYaml, "p.yaml", reordered));

  const std::string block = "  - Name: In\n    Format: Int32\n    Data: [ 1, 2, 3, 4 ]\n";
  std::string flow = kYaml;
  flow.replace(flow.find(block), block.size(), "  - { Name: In, Format: Int32, Data: [ 1, 2, 3, 4 ] }\n");
  Pipeline fromFlow = parsed(flow);
  setInts(fromFlow.buffers[0], {5, 6, 7, 8});
  CHECK_FALSE(patchPipelineText(flow, "p.yaml", fromFlow));

  CHECK_FALSE(patchPipelineText("Buffers: [", "p.yaml", p));
}

TEST_CASE("a new buffer, texture, resource and sampler are appended in the concise form", "[offload][edit]") {
  Pipeline p = parsed(kYaml);
  Buffer tex;
  tex.name = "Tex";
  tex.format = DataFormat::Float32;
  tex.channels = 4;
  tex.outputProps = {2, 1, 1, 1};  // height 2, width 1
  const float texels[] = {0, 0, 0.5f, 1, 1, 0, 0.5f, 1};
  tex.data.assign(1, std::vector<uint8_t>(sizeof texels));
  std::memcpy(tex.data[0].data(), texels, sizeof texels);
  tex.size = sizeof texels;
  p.buffers.push_back(tex);
  Buffer zeros;
  zeros.name = "Zeros";
  zeros.format = DataFormat::UInt32;
  zeros.data.assign(1, std::vector<uint8_t>(64, 0));
  zeros.size = 64;
  p.buffers.push_back(zeros);
  Resource r;
  r.name = "Tex";
  r.kind = ResourceKind::Texture2D;
  r.dxBinding = DirectXBinding{2, 0};
  r.vkBinding = VulkanBinding{2, {}};
  p.sets[0].resources.push_back(r);
  Sampler s;
  s.name = "Point";
  s.minFilter = s.magFilter = FilterMode::Nearest;
  p.samplers.push_back(s);
  std::optional<std::string> text = patchPipelineText(kYaml, "p.yaml", p);
  REQUIRE(text);
  CHECK(printPipeline(parsed(*text)) == printPipeline(p));
  // What was there stays as written; the new items follow the last of their list.
  CHECK(text->find("# The user's comment stays.") != std::string::npos);
  CHECK(text->find("    Data: [ 1.5, 2.5,\n            3.5, 4.5 ]\n"
                   "  - Name: Tex\n    Format: Float32\n    Channels: 4\n    Data: [ 0, 0, 0.5, 1, 1, 0, 0.5, 1 ]\n"
                   "    OutputProps:\n      Height: 2\n      Width: 1\n      Depth: 1\n"
                   "  - Name: Zeros\n    Format: UInt32\n    FillSize: 64\nDescriptorSets:") != std::string::npos);
  CHECK(text->find("      DirectXBinding: { Register: 1, Space: 0 }\n"
                   "    - Name: Tex\n      Kind: Texture2D\n      DirectXBinding:\n        Register: 2\n        Space: 0\n"
                   "      VulkanBinding:\n        Binding: 2\nSamplers:") != std::string::npos);
  CHECK(text->find("Samplers:\n  - Name: Point\n    MinFilter: Nearest\n    MagFilter: Nearest\n...") != std::string::npos);
  CHECK(text->find("IsReserved") == std::string::npos);
  CHECK(text->find("OutputProps:\n      Height: 0") == std::string::npos);
}

TEST_CASE("removed items take their lines with them; a changed item is rewritten alone", "[offload][edit]") {
  Pipeline p = parsed(kYaml);
  p.buffers.erase(p.buffers.begin() + 2);  // Wide, with its two-line Data
  p.sets[0].resources[1].dxBinding->registerIndex = 5;
  std::optional<std::string> text = patchPipelineText(kYaml, "p.yaml", p);
  REQUIRE(text);
  CHECK(printPipeline(parsed(*text)) == printPipeline(p));
  CHECK(text->find("Wide") == std::string::npos);
  CHECK(text->find("    FillSize: 16\n\nDescriptorSets:") != std::string::npos);  // the blank line before it stays
  CHECK(text->find("      DirectXBinding: { Register: 0, Space: 0 }\n"
                   "    - Name: Out\n      Kind: RWStructuredBuffer\n      DirectXBinding:\n        Register: 5\n") !=
        std::string::npos);

  // The last sampler removed: its list goes too.
  std::string withSampler = kYaml;
  withSampler.replace(withSampler.find("DescriptorSets:"), 0, "Samplers:\n  - Name: S\n    Address: Repeat\n");
  Pipeline q = parsed(withSampler);
  q.samplers.clear();
  text = patchPipelineText(withSampler, "p.yaml", q);
  REQUIRE(text);
  CHECK(*text == std::string(kYaml));
}

TEST_CASE("the dispatch size is patched where it was written", "[offload][edit]") {
  Pipeline p = parsed(kYaml);
  p.dispatch.groupCount = {4, 2, 1};
  std::optional<std::string> text = patchPipelineText(kYaml, "p.yaml", p);
  REQUIRE(text);
  std::string expected = kYaml;
  expected.replace(expected.find("DispatchGroupCount: [ 1, 1, 1 ]"), 31, "DispatchGroupCount: [ 4, 2, 1 ]");
  CHECK(*text == expected);
}
