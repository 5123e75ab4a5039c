// Saving an edited pipeline changes only what was edited: buffer values and formats are patched
// into the user's YAML line by line; any other edit (or a layout a line patch cannot express)
// asks for the whole pipeline printed.
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
  p.dispatch.groupCount = {2, 1, 1};
  CHECK_FALSE(patchPipelineText(kYaml, "p.yaml", p));

  Pipeline removed = parsed(kYaml);
  removed.buffers.pop_back();
  CHECK_FALSE(patchPipelineText(kYaml, "p.yaml", removed));

  const std::string block = "  - Name: In\n    Format: Int32\n    Data: [ 1, 2, 3, 4 ]\n";
  std::string flow = kYaml;
  flow.replace(flow.find(block), block.size(), "  - { Name: In, Format: Int32, Data: [ 1, 2, 3, 4 ] }\n");
  Pipeline fromFlow = parsed(flow);
  setInts(fromFlow.buffers[0], {5, 6, 7, 8});
  CHECK_FALSE(patchPipelineText(flow, "p.yaml", fromFlow));

  CHECK_FALSE(patchPipelineText("Buffers: [", "p.yaml", p));
}
