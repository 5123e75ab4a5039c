// The inspect models: reflection text to binding rows (with IR registers), signature linkage
// (grids and the tab: SignatureTabTest.cpp), stage diffs, line links on a real compile, examples and recent files.
#include "core/pipeline/Pipeline.h"
#include "core/support/AtomicFile.h"
#include "views/Examples.h"
#include "views/RecentFiles.h"
#include "views/RememberedOptions.h"
#include "views/inspect/Bindings.h"
#include "views/inspect/LineLinks.h"
#include "views/inspect/SignatureGrid.h"
#include "views/inspect/StageDiff.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace sl::views;

TEST_CASE("reflection text reads back into rows joined with the IR's registers", "[bindings]") {
  const char* reflection =
      "entry point: main (compute)\n"
      "workgroup size: 4 1 1\n"
      "bindings:\n"
      "  set 0 binding 0  UNIFORM_BUFFER  ConstantBuffer<P>  C  (16 bytes)\n"
      "  set 1 binding 3  STORAGE_BUFFER[4]  RWStructuredBuffer<float>  Out\n"
      "push constants: pc, 8 bytes\n"
      "descriptor heaps (proposal form):\n"
      "  set 0 binding 1  STORAGE_BUFFER[]  resource heap  RWStructuredBuffer<float>  ResourceDescriptorHeap.RWStructuredBuffer<float>\n"
      "heap access sites:\n"
      "  line 19:24  src.main  ResourceDescriptorHeap -> RWStructuredBuffer<float>  index uniform\n"
      "future section: something\n";
  const char* ir =
      "#[hlsl.register(\"b0\")]\nglobal_var GV0`C` in UniformConstant: T1  // x.hlsl:2:19\n"
      "#[hlsl.register(\"u3\"), hlsl.space(\"1\")]\nglobal_var GV1`Out` in UniformConstant: T2\n"
      "global_var GV3`gl_GlobalInvocationID` in Input: u32x3\n";
  Reflection r = parseReflection(reflection, ir);
  CHECK(r.entryPoint == "main (compute)");
  CHECK(r.workgroupSize == "4 1 1");
  REQUIRE(r.bindings.size() == 2);
  CHECK(r.bindings[0].descriptorType == "UNIFORM_BUFFER");
  CHECK(r.bindings[0].hlslRegister == "b0");
  CHECK(r.bindings[0].space == "");
  CHECK(r.bindings[0].detail == "(16 bytes)");
  CHECK(r.bindings[1].set == 1);
  CHECK(r.bindings[1].binding == 3);
  CHECK(r.bindings[1].count == "4");
  CHECK(r.bindings[1].descriptorType == "STORAGE_BUFFER");
  CHECK(r.bindings[1].hlslRegister == "u3");
  CHECK(r.bindings[1].space == "1");
  REQUIRE(r.pushConstants.size() == 1);
  CHECK(r.pushConstants[0].name == "pc");
  CHECK(r.pushConstants[0].size == "8 bytes");
  REQUIRE(r.heapSites.size() == 1);
  CHECK(r.heapSites[0].columns.size() == 4);
  CHECK(heapSiteLine(r.heapSites[0]) == 19);
  REQUIRE(r.tables.size() == 1);
  CHECK(r.tables[0].title == "descriptor heaps (proposal form)");
  REQUIRE(r.tables[0].rows.size() == 1);
  CHECK(r.tables[0].rows[0].columns.size() == 5);
  CHECK(r.bindings.size() == 2);  // heap arrays are not register bindings
  CHECK(r.otherLines == std::vector<std::string>{"future section: something"});
}

TEST_CASE("the reflection of a real compile has the shader's bindings and registers", "[bindings]") {
  sl::ParsedCommandLine cl = sl::parseDxcCommandLine({"-T", "cs_6_0", "-spirv", "b.hlsl"});
  REQUIRE(cl.error.empty());
  auto result = sl::compileSource("b.hlsl",
                                  "StructuredBuffer<float> In : register(t2, space3);\n"
                                  "RWStructuredBuffer<float> Out : register(u0);\n"
                                  "[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = In[id.x]; }\n",
                                  cl.options);
  const sl::StageArtifact* refl = result->stage("reflection");
  const sl::StageArtifact* irStage = result->stage("ir");
  REQUIRE(refl);
  REQUIRE(irStage);
  Reflection r = parseReflection(refl->text, irStage->text);
  REQUIRE(r.bindings.size() == 2);
  const BindingRow& in = r.bindings[0].name == "In" ? r.bindings[0] : r.bindings[1];
  CHECK(in.hlslRegister == "t2");
  CHECK(in.space == "3");
  CHECK(in.set == 3);
  CHECK(in.hlslType == "StructuredBuffer<float>");
}

TEST_CASE("linkage finds a missing element and a moved one", "[signature]") {
  using namespace sl::signature;
  auto make = [](std::vector<std::tuple<const char*, uint8_t>> elements, SignatureKind kind) {
    std::vector<SignatureElement> list;
    uint32_t id = 0;
    for (auto [name, cols] : elements) {
      SignatureElement e = makeElement(id++, name, 0, SemanticKind::Arbitrary, ComponentType::F32, 1, cols,
                                       InterpolationMode::Linear);
      e.usageMask = uint8_t((1u << cols) - 1);
      list.push_back(e);
    }
    return pack(std::move(list), kind);
  };
  PackedSignature vs = make({{"A", 2}, {"B", 2}}, SignatureKind::VSOutput);
  CHECK(checkSignatureLinkage(vs, make({{"A", 2}, {"B", 2}}, SignatureKind::PSInput)).empty());
  std::vector<std::string> missing = checkSignatureLinkage(vs, make({{"A", 2}, {"C", 2}}, SignatureKind::PSInput));
  REQUIRE(missing.size() == 1);
  CHECK(missing[0].find("C0") != std::string::npos);
  std::vector<std::string> moved = checkSignatureLinkage(vs, make({{"B", 2}}, SignatureKind::PSInput));
  REQUIRE_FALSE(moved.empty());
  CHECK(moved[0].find("B0 is at row") != std::string::npos);
}

TEST_CASE("stage diffs ignore locations and find the changed lines", "[diff]") {
  CHECK(withoutLocation("  v1 = spv.OpLoad(v0): u32  // /a/b.hlsl:6:15") == "  v1 = spv.OpLoad(v0): u32");
  CHECK(withoutLocation("x  // a comment") == "x  // a comment");
  StageDiff d = diffStages("a\nb  // f.hlsl:1:2\nc\nd\n", "a\nb  // f.hlsl:9:9\nX\nd\ne\n");
  CHECK(d.added == 2);
  CHECK(d.removed == 1);
  REQUIRE(d.lines.size() == 6);
  CHECK(d.lines[2].kind == DiffKind::Removed);
  CHECK(d.lines[2].text == "c");
  CHECK(d.lines[3].kind == DiffKind::Added);
  CHECK(d.lines[3].newLine == 3);
  CHECK(d.lines[5].text == "e");
  StageDiff bounded = diffStages("a\nb\nc\n", "x\ny\nz\n", 4);
  CHECK(bounded.approximate);
  CHECK(bounded.added == 3);
  CHECK(diffStages("same\n", "same\n").added == 0);
}

TEST_CASE("line links connect HLSL lines and IR lines both ways on a real compile", "[links]") {
  sl::ParsedCommandLine cl = sl::parseDxcCommandLine({"-T", "cs_6_0", "-spirv", "l.hlsl"});
  auto result = sl::compileSource("l.hlsl",
                                  "RWStructuredBuffer<float> Out : register(u0);\n"
                                  "[numthreads(1,1,1)]\n"
                                  "void main(uint3 id : SV_DispatchThreadID) {\n"
                                  "  float x = id.x * 2.0;\n"
                                  "  Out[id.x] = x + 1.0;\n"
                                  "}\n",
                                  cl.options);
  const sl::StageArtifact* ir = result->stage("ir");
  REQUIRE(ir);
  REQUIRE(hasLineMap(*ir, "l.hlsl"));
  std::set<uint32_t> lines = stageLinesForSource(*ir, "l.hlsl", 5);
  REQUIRE_FALSE(lines.empty());
  for (uint32_t line : lines) CHECK(sourceLineForStage(*ir, "l.hlsl", line) == 5);
  CHECK(stageLinesForSource(*ir, "l.hlsl", 2).empty());  // an attribute line makes no code
  CHECK(stageLinesForSource(*ir, "other.hlsl", 5).empty());
  CHECK(sourceLineForStage(*ir, "l.hlsl", 0) == 0);
  CHECK(sourceLineForStage(*ir, "l.hlsl", 1000000) == 0);
}

TEST_CASE("every bundled example has a title and a one-paragraph explanation", "[examples]") {
  std::vector<Example> examples = listExamples(SHADERLENS_SOURCE_DIR "/shaders");
  REQUIRE(examples.size() >= 7);
  for (const Example& e : examples) {
    INFO(e.relative);
    CHECK_FALSE(e.title.empty());
    CHECK(e.explanation.size() > 80);
    CHECK(e.explanation.find("//") == std::string::npos);
  }
  CHECK(examples.front().relative < examples.back().relative);
  Example e = describeExample("// x.hlsl: The title\n//\n// First line\n// second line.\n//\n// Not this.\ncode\n");
  CHECK(e.title == "The title");
  CHECK(e.explanation == "First line second line.");
}

TEST_CASE("recent files keep the newest first, unique, bounded, and persist", "[recent]") {
  const std::string store = (std::filesystem::temp_directory_path() / "shaderlens-recent-test/recent.txt").string();
  std::filesystem::remove_all(std::filesystem::path(store).parent_path());
  RecentFiles recent(store);
  CHECK(recent.load() == "");
  CHECK(recent.paths().empty());
  for (int i = 0; i < 12; ++i) CHECK(recent.add("/tmp/f" + std::to_string(i) + ".hlsl") == "");
  CHECK(recent.add("/tmp/f5.hlsl") == "");
  REQUIRE(recent.paths().size() == RecentFiles::kMax);
  CHECK(recent.paths()[0] == "/tmp/f5.hlsl");
  CHECK(recent.paths()[1] == "/tmp/f11.hlsl");
  RecentFiles again(store);
  CHECK(again.load() == "");
  CHECK(again.paths() == recent.paths());
  std::filesystem::remove_all(std::filesystem::path(store).parent_path());
}

TEST_CASE("remembered options come back for a file while it states the same", "[options]") {
  const std::string store = (std::filesystem::temp_directory_path() / "sl-remembered-test" / "options.txt").string();
  std::filesystem::remove_all(std::filesystem::path(store).parent_path());
  RememberedOptions remembered(store);
  CHECK(remembered.load() == "");
  CHECK(remembered.chosenFor("/tmp/a.hlsl", "") == nullptr);
  CHECK(remembered.remember("/tmp/a.hlsl", "", "-T cs_6_6 -E main -spirv") == "");
  CHECK(remembered.remember("/tmp/b.hlsl", "-T vs_6_0 -E vs_main", "-T vs_6_6 -E vs_main") == "");
  CHECK(remembered.remember("/tmp/a.hlsl", "", "-T cs_6_7 -E main") == "");  // the latest choice wins
  RememberedOptions again(store);
  CHECK(again.load() == "");
  CHECK(again.size() == 2);
  REQUIRE(again.chosenFor("/tmp/a.hlsl", "") != nullptr);
  CHECK(*again.chosenFor("/tmp/a.hlsl", "") == "-T cs_6_7 -E main");
  REQUIRE(again.chosenFor("/tmp/b.hlsl", "-T vs_6_0 -E vs_main") != nullptr);
  CHECK(*again.chosenFor("/tmp/b.hlsl", "-T vs_6_0 -E vs_main") == "-T vs_6_6 -E vs_main");
  // The file now states other options: its own statement wins.
  CHECK(again.chosenFor("/tmp/b.hlsl", "-T vs_6_1 -E vs_main") == nullptr);
  // A relative path names the same file as its absolute form.
  const auto cwd = std::filesystem::current_path();
  std::filesystem::current_path("/tmp");
  CHECK(again.chosenFor("a.hlsl", "") != nullptr);
  std::filesystem::current_path(cwd);
  // Malformed lines (another version's store, a hand edit) are skipped, not fatal.
  sl::writeFileAtomically(store, "garbage\n\t\t\n/tmp/c.hlsl\t\t-T cs_6_0\n");
  RememberedOptions partial(store);
  CHECK(partial.load() == "");
  CHECK(partial.size() == 1);
  CHECK(partial.chosenFor("/tmp/c.hlsl", "") != nullptr);
  std::filesystem::remove_all(std::filesystem::path(store).parent_path());
}
