// The Run panel's document: loading bundles, form edits, saving back (round trip through the
// bundle reader and the pipeline parser, as `shaderlens run` reads it).
#include "core/support/AtomicFile.h"
#include "renderer/offload/Bundle.h"
#include "renderer/offload/PipelineParser.h"
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

TEST_CASE("a new bundle from bindings has a buffer and a resource per binding and reads back", "[run]") {
  sl::CompileOptions options;
  options.profile = "cs_6_5";
  RunDocument doc = newRunDocument(options, {{0, 0, "StructuredBuffer<float>", "In", 0},
                                             {0, 1, "RWStructuredBuffer<uint>", "Out", 0},
                                             {1, 0, "ConstantBuffer<P>", "C", 8}});
  REQUIRE(doc.pipeline.buffers.size() == 3);
  CHECK(doc.pipeline.buffers[0].format == DataFormat::Float32);
  CHECK(doc.pipeline.buffers[1].format == DataFormat::UInt32);
  CHECK(doc.pipeline.buffers[2].size == 16);
  REQUIRE(doc.pipeline.sets.size() == 2);
  CHECK(doc.pipeline.sets[0].resources[1].kind == sl::offload::ResourceKind::RWStructuredBuffer);
  std::string text = bundleTextFor(doc, "[numthreads(1,1,1)] void main() {}\n");
  sl::offload::BundleResult parsed = sl::offload::parseBundle(text);
  INFO(text);
  REQUIRE(parsed.bundle);
  REQUIRE(parsed.bundle->compiles.size() == 1);
  CHECK(parsed.bundle->compiles[0].args == std::vector<std::string>{"-T", "cs_6_5"});
  REQUIRE(parsed.bundle->runs.size() == 1);
  RunDocument back;
  CHECK(loadRunDocument(text, "new.test", back) == "");
  CHECK(back.pipeline.buffers.size() == 3);
}

TEST_CASE("replaceSplitPart appends a missing part before the RUN lines", "[run]") {
  std::string text = "#--- a.hlsl\nA\n#--- end\n\n# RUN: x\n";
  std::string out = replaceSplitPart(text, "b.yaml", "B\n");
  CHECK(out == "#--- a.hlsl\nA\n#--- end\n#--- b.yaml\nB\n\n# RUN: x\n");
  CHECK(replaceSplitPart(text, "a.hlsl", "Z\n") == "#--- a.hlsl\nZ\n#--- end\n\n# RUN: x\n");
}
