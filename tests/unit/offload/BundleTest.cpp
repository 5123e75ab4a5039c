#include "renderer/offload/Bundle.h"
#include "tests/unit/offload/TestUtil.h"

#include <catch2/catch.hpp>

using namespace sl::offload;
using namespace sl::offload::test;

TEST_CASE("split-file markers and parts", "[offload][bundle]") {
  SplitResult r = splitFile("ignored\n#--- a.hlsl\nline1\n//--- b.yaml\nk: v\n;--- end\n# RUN: x\n");
  REQUIRE(r.error.empty());
  REQUIRE(r.parts.size() == 3);
  CHECK(r.parts[0].name == "a.hlsl");
  CHECK(r.parts[0].text == "line1\n");
  CHECK(r.parts[0].firstLine == 3);
  CHECK(r.parts[1].name == "b.yaml");
  CHECK(r.parts[1].text == "k: v\n");
  CHECK(r.parts[2].text == "# RUN: x\n");
  CHECK(splitFile("#--- a\n#--- a\n").error == "2: 'a' occurs more than once");
  // Not markers: no space after ---, or a longer prefix.
  CHECK(splitFile("#---a\n##--- b\n").parts.empty());
}

TEST_CASE("lit conditionals keep the Vulkan branch", "[offload][bundle]") {
  CHECK(resolveLitConditionals("-T cs_6_0 %if Vulkan %{ -fvk-use-dx-layout %} -Fo x") ==
        "-T cs_6_0  -fvk-use-dx-layout  -Fo x");
  CHECK(resolveLitConditionals("a %if DirectX %{ b %} c") == "a  c");
  CHECK(resolveLitConditionals("a %if DirectX %{ b %} %else %{ d %} c") == "a  d  c");
  // Nested bodies, and unmatched constructs kept as written.
  CHECK(resolveLitConditionals("a %if Vulkan %{ b %if DirectX %{ c %} %else %{ d %} e %} f") == "a  b  d  e  f");
  CHECK(resolveLitConditionals("a %if DirectX %{ b %if Vulkan %{ c %} %} %else %{ %if Vulkan %{ x %} %} f") ==
        "a   x   f");
  CHECK(resolveLitConditionals("a %if Vulkan %{ b") == "a %if Vulkan %{ b");
  CHECK(resolveLitConditionals("a %if Vulkan %{ b %if Vulkan %{ c %} d") == "a %if Vulkan %{ b %if Vulkan %{ c %} d");
  CHECK(resolveLitConditionals("a %if Vulkan x %} y") == "a %if Vulkan x %} y");
}

TEST_CASE("lit conditionals nested 60,000 deep resolve without recursion", "[offload][bundle]") {
  // Was a stack overflow (one recursive call per level) and quadratic (each level rescanned the rest).
  constexpr int kDepth = 60000;
  std::string command = "-T cs_6_0 ";
  for (int i = 0; i < kDepth; ++i) command += i % 2 ? "%if DirectX %{ no %} %else %{ " : "%if Vulkan %{ ";
  command += "-Zi";
  for (int i = 0; i < kDepth; ++i) command += " %}";
  command += " -Fo x";
  std::string resolved = resolveLitConditionals(command);
  CHECK(resolved.find("no") == std::string::npos);
  CHECK(resolved.find('%') == std::string::npos);
  CHECK(shellSplit(resolved) == std::vector<std::string>{"-T", "cs_6_0", "-Zi", "-Fo", "x"});
}

TEST_CASE("RUN lines become compile and offload steps", "[offload][bundle]") {
  std::string text = readFile(suiteDir() + "/Tools/Offloader/BufferFloat-error-16bit.test");
  BundleResult r = parseBundle(text);
  INFO(r.error);
  REQUIRE(r.bundle);
  const Bundle& b = *r.bundle;
  REQUIRE(b.compiles.size() == 1);
  CHECK(b.compiles[0].sourcePart == "source.hlsl");
  CHECK(b.compiles[0].output == "%t.o");
  CHECK(b.compiles[0].args == std::vector<std::string>{"-enable-16bit-types", "-T", "cs_6_5"});
  REQUIRE(b.runs.size() == 1);
  CHECK(b.runs[0].pipelinePart == "pipeline.yaml");
  CHECK(b.runs[0].shaders == std::vector<std::string>{"%t.o"});
  CHECK(b.runs[0].shaderCompiles == std::vector<int>{0});
  CHECK(b.runs[0].expectFailure);
  CHECK(b.runs[0].fileCheck);
  CHECK(b.requires_ == std::vector<std::string>{"Half"});
  CHECK(b.part("source.hlsl")->text.find("RWStructuredBuffer<half> Out1") != std::string::npos);
}

TEST_CASE("graphics bundles map shaders by -Fo order", "[offload][bundle]") {
  // Find a raster test with several compiles feeding one offloader run.
  std::string text = readFile(suiteDir() + "/Graphics/SimpleTriangle.test");
  BundleResult r = parseBundle(text);
  REQUIRE(r.bundle);
  REQUIRE(r.bundle->runs.size() >= 1);
  const OffloadStep& run = r.bundle->runs[0];
  REQUIRE(run.shaders.size() >= 2);
  for (size_t i = 0; i < run.shaders.size(); ++i) {
    REQUIRE(run.shaderCompiles[i] >= 0);
    CHECK(r.bundle->compiles[size_t(run.shaderCompiles[i])].output == run.shaders[i]);
  }
}

TEST_CASE("%if Vulkan in a real RUN line", "[offload][bundle]") {
  std::string text = readFile(suiteDir() + "/Feature/StructuredBuffer/packed.test");
  REQUIRE(text.find("%if Vulkan") != std::string::npos);
  BundleResult r = parseBundle(text);
  REQUIRE(r.bundle);
  REQUIRE(!r.bundle->compiles.empty());
  const auto& args = r.bundle->compiles[0].args;
  CHECK(std::find(args.begin(), args.end(), "-fvk-use-scalar-layout") != args.end());
  CHECK(std::find(args.begin(), args.end(), "%if") == args.end());
}

TEST_CASE("RUN continuations and shell words", "[offload][bundle]") {
  auto lines = runLines("# RUN: a \\\n# RUN:   b\n// RUN: c\nXRUN: no\n");
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == std::make_pair(1u, std::string("a b")));
  CHECK(lines[1].second == "c");
  CHECK(shellSplit("a 'b c' \"d\"|e") == std::vector<std::string>{"a", "b c", "d", "|", "e"});
}

TEST_CASE("bundle errors name the RUN line", "[offload][bundle]") {
  BundleResult r = parseBundle("#--- s.hlsl\n# RUN: %offloader %t/missing.yaml %t.o\n");
  CHECK(r.error == "2: pipeline part 'missing.yaml' is not in the bundle");
  r = parseBundle("#--- s.hlsl\n# RUN: %dxc_target -T cs_6_0 %t/s.hlsl\n");
  CHECK(r.error == "2: %dxc_target: no -Fo output");
}
