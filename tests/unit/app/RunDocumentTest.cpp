// The Run panel's document: loading bundles, form edits, saving back (round trip through the
// bundle reader and the pipeline parser, as `shaderlens run` reads it).
#include "core/support/AtomicFile.h"
#include "renderer/offload/Bundle.h"
#include "renderer/offload/PipelineParser.h"
#include "views/run/NewBundle.h"
#include "views/run/RunDocument.h"

#include <catch2/catch.hpp>

using namespace sl::views;
using sl::offload::DataFormat;

namespace {

std::string exampleBundle() {
  std::string text, error;
  REQUIRE(sl::readWholeFile(SHADERLENS_SOURCE_DIR "/shaders/run/double.test", text, error));
  return text;
}

}  // namespace

TEST_CASE("a bundle loads with its source part, flags and pipeline", "[run]") {
  RunDocument doc;
  REQUIRE(loadRunDocument(exampleBundle(), "double.test", doc) == "");
  CHECK(doc.sourcePart == "source.hlsl");
  CHECK(doc.pipelinePart == "pipeline.yaml");
  CHECK(doc.compileArgs == std::vector<std::string>{"-T", "cs_6_0"});
  REQUIRE(doc.pipeline.buffers.size() == 3);
  CHECK(bufferValues(doc.pipeline.buffers[0]) == std::vector<std::string>{"1", "2", "3", "4", "5", "6", "7", "8"});
  CHECK(doc.pipeline.results.size() == 1);
  CHECK_FALSE(doc.pipelineEdited);
}

TEST_CASE("a bad pipeline is an error with its location, not a crash", "[run]") {
  std::string text = exampleBundle();
  text.replace(text.find("Format: Int32"), 13, "Format: Int33");
  RunDocument doc;
  std::string error = loadRunDocument(text, "double.test", doc);
  CHECK(error.find("Int33") != std::string::npos);
  CHECK(error.find("pipeline.yaml:") != std::string::npos);
}

TEST_CASE("form edits parse values in the buffer's format and report bad ones", "[run]") {
  sl::offload::Buffer b;
  b.format = DataFormat::Float32;
  CHECK(setBufferValues(b, "1.5, -2\n3e2") == "");
  CHECK(b.size == 12);
  CHECK(bufferValues(b) == std::vector<std::string>{"1.5", "-2", "300"});
  std::string error = setBufferValues(b, "1, nope");
  CHECK(error.find("value 1") != std::string::npos);
  CHECK(bufferValues(b).size() == 3);  // unchanged on error

  CHECK(fillBuffer(b, 4, "7") == "");
  CHECK(bufferValues(b) == std::vector<std::string>{"7", "7", "7", "7"});
  CHECK(fillBuffer(b, 2, "x") != "");

  CHECK(setBufferFormat(b, DataFormat::Int32) == "");  // same size: bytes kept, reinterpreted
  CHECK(bufferValues(b)[0] == "1088421888");
  CHECK(setBufferFormat(b, DataFormat::Float64) == "");  // 16 bytes = 2 doubles
  b.data[0].resize(12);
  CHECK(setBufferFormat(b, DataFormat::Float64) != "");  // 12 bytes are not whole doubles
}

TEST_CASE("saving replaces the source and re-prints an edited pipeline that parses back", "[run]") {
  RunDocument doc;
  REQUIRE(loadRunDocument(exampleBundle(), "double.test", doc) == "");
  // Unedited: only the source part changes.
  std::string saved = bundleTextFor(doc, "// new source\n");
  sl::offload::BundleResult parsed = sl::offload::parseBundle(saved);
  REQUIRE(parsed.bundle);
  CHECK(parsed.bundle->part("source.hlsl")->text == "// new source\n");
  CHECK(parsed.bundle->part("pipeline.yaml")->text == sl::offload::parseBundle(exampleBundle()).bundle->part("pipeline.yaml")->text);
  CHECK(parsed.bundle->compiles.size() == 1);
  CHECK(parsed.bundle->runs.size() == 1);

  // Edited: the pipeline is printed and reads back with the edit.
  REQUIRE(setBufferValues(doc.pipeline.buffers[0], "9 8 7 6 5 4 3 2") == "");
  doc.pipeline.dispatch.groupCount = {2, 1, 1};
  doc.pipelineEdited = true;
  saved = bundleTextFor(doc, "// edited\n");
  parsed = sl::offload::parseBundle(saved);
  REQUIRE(parsed.bundle);
  sl::offload::ParseResult pipeline = sl::offload::parsePipeline(parsed.bundle->part("pipeline.yaml")->text, "p.yaml");
  INFO(pipeline.renderErrors());
  REQUIRE(pipeline.ok());
  CHECK(bufferValues(pipeline.pipeline->buffers[0])[0] == "9");
  CHECK(pipeline.pipeline->dispatch.groupCount[0] == 2);
  CHECK(pipeline.pipeline->results.size() == 1);
}

TEST_CASE("a new bundle from the shader places what the SPIR-V's reflection places, shifting colliding classes apart", "[run]") {
  // hello.hlsl: t0 and u0 are both set 0 binding 0 under DXC's default mapping.
  std::string hlsl, error;
  REQUIRE(sl::readWholeFile(SHADERLENS_SOURCE_DIR "/shaders/compute/hello.hlsl", hlsl, error));
  sl::CompileOptions options;
  options.profile = "cs_6_0";
  NewBundle made;
  REQUIRE(newBundleFromShader("hello.hlsl", hlsl, options, made) == "");
  REQUIRE(made.notes.size() >= 1);
  CHECK(made.notes[0].find("-fvk-u-shift 1 0") != std::string::npos);
  CHECK(made.document.compileArgs == std::vector<std::string>{"-T", "cs_6_0", "-fvk-u-shift", "1", "0"});
  const sl::offload::Pipeline& p = made.document.pipeline;
  REQUIRE(p.sets.size() == 1);
  REQUIRE(p.sets[0].resources.size() == 2);
  for (const sl::offload::Resource& r : p.sets[0].resources) {
    REQUIRE(r.vkBinding);
    REQUIRE(r.dxBinding);
    // Input stays at binding 0 (t0); Output moves to binding 1 and is still register u0.
    CHECK(r.vkBinding->binding == (r.name == "Input" ? 0u : 1u));
    CHECK(r.dxBinding->registerIndex == 0);
  }
  // Inputs are visible, not zeros.
  const sl::offload::Buffer* input = p.findBuffer("Input");
  REQUIRE(input);
  size_t nonZero = 0;
  for (const std::string& v : bufferValues(*input)) nonZero += v != "0";
  CHECK(nonZero > bufferValues(*input).size() / 2);
  // Saved, it reads back with the shift on its RUN line.
  sl::offload::BundleResult parsed = sl::offload::parseBundle(bundleTextFor(made.document, hlsl));
  REQUIRE(parsed.bundle);
  REQUIRE(parsed.bundle->compiles.size() == 1);
  CHECK(parsed.bundle->compiles[0].args == made.document.compileArgs);
}

TEST_CASE("a new bundle for a heap shader has the heap's slots; one that cannot be made says why", "[run]") {
  std::string hlsl, error;
  REQUIRE(sl::readWholeFile(SHADERLENS_SOURCE_DIR "/shaders/heaps/descriptor-heap.hlsl", hlsl, error));
  sl::CompileOptions options;
  options.profile = "cs_6_6";
  NewBundle made;
  REQUIRE(newBundleFromShader("descriptor-heap.hlsl", hlsl, options, made) == "");
  size_t heapSlots = 0;
  for (const sl::offload::Resource& r : made.document.pipeline.sets.at(0).resources) heapSlots += r.heapIndex.has_value();
  CHECK(heapSlots >= 2);
  CHECK(made.document.pipeline.findBuffer("HeapSlots"));

  CHECK(newBundleFromShader("broken.hlsl", "[numthreads(1,1,1)] void main() { undeclared = 1; }", options, made)
            .find("does not compile for Vulkan") != std::string::npos);
  options.profile = "ps_6_0";
  CHECK(newBundleFromShader("pixel.hlsl", "float4 main() : SV_Target { return 1; }", options, made) != "");
}

TEST_CASE("replaceSplitPart appends a missing part before the RUN lines", "[run]") {
  std::string text = "#--- a.hlsl\nA\n#--- end\n\n# RUN: x\n";
  std::string out = replaceSplitPart(text, "b.yaml", "B\n");
  CHECK(out == "#--- a.hlsl\nA\n#--- end\n#--- b.yaml\nB\n\n# RUN: x\n");
  CHECK(replaceSplitPart(text, "a.hlsl", "Z\n") == "#--- a.hlsl\nZ\n#--- end\n\n# RUN: x\n");
}
