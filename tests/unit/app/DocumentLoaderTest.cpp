#include "app/gui/DocumentLoader.h"
#include "core/support/AtomicFile.h"

#include <catch2/catch.hpp>

#include <filesystem>

using sl::gui::documentFromBundle;

TEST_CASE("a .test bundle opens its compiled HLSL part with the RUN line's flags", "[document]") {
  const std::string bundle = R"(#--- pipeline.yaml
---
Shaders:
  - Stage: Compute
#--- source.hlsl
RWBuffer<int> Out : register(u0);
[numthreads(1,1,1)] void main() { Out[0] = 1; }
#--- end

# RUN: split-file %s %t
# RUN: %dxc_target -HV 202x -T cs_6_5 -Fo %t.o %t/source.hlsl
# RUN: %offloader %t/pipeline.yaml %t.o
)";
  sl::views::Document document;
  REQUIRE(documentFromBundle(bundle, {}, document) == "");
  CHECK(document.fileName == "source.hlsl");
  CHECK(document.text.rfind("RWBuffer<int> Out", 0) == 0);
  CHECK(document.text.find("#---") == std::string::npos);
  CHECK(document.options.profile == "cs_6_5");
  CHECK(document.options.hlslVersion != 2021);
  CHECK(document.savePath.empty());
}

TEST_CASE("a graphics bundle opens the part its first compile line names", "[document]") {
  const std::string bundle = "#--- vertex.hlsl\nfloat4 v() : SV_Position { return 0; }\n#--- pixel.hlsl\nfloat4 p() : SV_Target { return 1; }\n"
                             "# RUN: %dxc_target -T vs_6_0 -E v -Fo %t-vertex.o %t/vertex.hlsl\n";
  sl::views::Document document;
  REQUIRE(documentFromBundle(bundle, {}, document) == "");
  CHECK(document.fileName == "vertex.hlsl");
  CHECK(document.options.profile == "vs_6_0");
  CHECK(document.options.entryPoint == "v");
}

TEST_CASE("a bundle without HLSL is an error", "[document]") {
  sl::views::Document document;
  CHECK(documentFromBundle("#--- pipeline.yaml\n---\n", {}, document).find("no HLSL part") != std::string::npos);
}

TEST_CASE("plain files load and missing ones are named in the error", "[document]") {
  sl::views::Document document;
  std::string error = sl::gui::loadDocument("/nonexistent/shader.hlsl", {}, document);
  CHECK(error.find("/nonexistent/shader.hlsl") != std::string::npos);
  const std::string example = sl::gui::defaultExamplePath();
  REQUIRE(!example.empty());
  CHECK(std::filesystem::path(example).filename() == "hello.hlsl");
  REQUIRE(sl::gui::loadDocument(example, {}, document) == "");
  CHECK(document.text.find("SV_DispatchThreadID") != std::string::npos);
  CHECK(document.savePath == example);
}

TEST_CASE("a bundle file loads with a title naming the bundle and its part", "[document]") {
  const std::string path = (std::filesystem::temp_directory_path() / "sl_doc_test.test").string();
  REQUIRE(sl::writeFileAtomically(path, std::string_view("#--- source.hlsl\nint x;\n# RUN: %dxc_target -T cs_6_2 -Fo %t.o %t/source.hlsl\n")).empty());
  sl::views::Document document;
  REQUIRE(sl::gui::loadDocument(path, {}, document) == "");
  CHECK(document.displayName() == "sl_doc_test.test: source.hlsl");
  CHECK(document.options.profile == "cs_6_2");
  CHECK(document.savePath.empty());
  std::filesystem::remove(path);
}

TEST_CASE("a file's leading `// shaderlens:` comment says how it compiles", "[document]") {
  sl::CompileOptions options;
  std::string error;
  CHECK(sl::gui::optionsFromComment("// A vertex shader.\n//\n// shaderlens: -T vs_6_0 -E vs_main -spirv\nfloat4 vs_main() : SV_Position { return 0; }\n",
                                    options, error) == "-T vs_6_0 -E vs_main -spirv");
  CHECK(error.empty());
  CHECK(options.profile == "vs_6_0");
  CHECK(options.entryPoint == "vs_main");
  CHECK(options.spirv());

  // Only the leading comment block counts: a later comment is the shader's business.
  sl::CompileOptions untouched;
  CHECK(sl::gui::optionsFromComment("int x;\n// shaderlens: -T vs_6_0\n", untouched, error).empty());
  CHECK(untouched.profile == sl::CompileOptions().profile);

  // A flag that does not parse is an error naming the comment's line.
  sl::CompileOptions bad;
  sl::gui::optionsFromComment("\n// shaderlens: -T nonsense_9_9\n", bad, error);
  CHECK_THAT(error, Catch::Contains("line 2: the `// shaderlens:` comment's options"));

  // The bundled examples state theirs.
  const std::string examples = sl::gui::defaultExamplesDir();
  REQUIRE(!examples.empty());
  sl::views::Document document;
  REQUIRE(sl::gui::loadDocument(examples + "/signatures/vertex-pixel.hlsl", {}, document) == "");
  CHECK(document.options.profile == "vs_6_0");
  REQUIRE(sl::gui::loadDocument(examples + "/heaps/descriptor-heap.hlsl", {}, document) == "");
  CHECK(document.options.spirv());
}
