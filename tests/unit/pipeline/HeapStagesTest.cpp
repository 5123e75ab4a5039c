// The heap pass inside the SPIR-V pipeline: its own stage after ir.bound, the form option, the
// virtual binding table in `reflection`, and its diagnostics rendered with the source line.
#include "core/pipeline/Pipeline.h"

#include <catch2/catch.hpp>

using namespace sl;

namespace {

const char* kExample1 = R"(cbuffer CB {
  uint Index;
}

[numthreads(4, 1, 1)]
void main() {
  RWBuffer<int> Buf = ResourceDescriptorHeap[Index];
  Buf[0] = 123;
}
)";

std::shared_ptr<const CompileResult> compile(const char* source, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"-spirv", "-T", "cs_6_6"};
  args.insert(args.end(), extra.begin(), extra.end());
  ParsedCommandLine cl = parseDxcCommandLine(args);
  REQUIRE(cl.error.empty());
  return compileSource("heap.hlsl", source, cl.options);
}

size_t indexOf(const CompileResult& r, const std::string& stage) {
  for (size_t i = 0; i < r.stages.size(); ++i)
    if (r.stages[i].name == stage) return i;
  return SIZE_MAX;
}

}  // namespace

TEST_CASE("ir.heaps runs after ir.bound, in the form the options choose", "[heaps][pipeline]") {
  auto proposal = compile(kExample1);
  INFO(renderDiagnostics(proposal->diagnostics));
  REQUIRE(proposal->succeeded);
  REQUIRE(indexOf(*proposal, "ir.heaps") == indexOf(*proposal, "ir.bound") + 1);
  const StageArtifact* heaps = proposal->stage("ir.heaps");
  CHECK(heaps->text.rfind("; descriptor heaps: proposal form", 0) == 0);
  CHECK(heaps->lineSources.size() >= 2);
  CHECK(proposal->stage("spirv")->text.find("RuntimeDescriptorArray") != std::string::npos);

  auto portable = compile(kExample1, {"-fspv-heap-form=portable", "-fspv-heap-slots=4"});
  REQUIRE(portable->succeeded);
  CHECK(portable->stage("ir.heaps")->text.rfind("; descriptor heaps: portable form (4 slots", 0) == 0);
  CHECK(portable->stage("spirv")->text.find("RuntimeDescriptorArray") == std::string::npos);
  CHECK(portable->stage("spirv")->text.find("%uint_5") != std::string::npos);  // 4 slots + trap
}

TEST_CASE("a shader without heaps says so and is otherwise unchanged", "[heaps][pipeline]") {
  auto r = compile("RWStructuredBuffer<uint> B;\n[numthreads(1,1,1)] void main() { B[0] = 1; }\n");
  REQUIRE(r->succeeded);
  CHECK(r->stage("ir.heaps")->text.rfind("; descriptor heaps: none used", 0) == 0);
  CHECK(r->stage("reflection")->text.find("descriptor heaps: none used") != std::string::npos);
}

TEST_CASE("reflection lists the heap arrays and every access site", "[heaps][pipeline]") {
  auto r = compile(kExample1, {"-fspv-heap-form=portable"});
  REQUIRE(r->succeeded);
  const std::string& text = r->stage("reflection")->text;
  INFO(text);
  CHECK(text.find("descriptor heaps (portable form):\n  set 1 binding 0  STORAGE_BUFFER[17]  resource heap  RWBuffer<int>") !=
        std::string::npos);
  CHECK(text.find("STORAGE_BUFFER  heap status block") != std::string::npos);
  CHECK(text.find("ResourceDescriptorHeap -> RWBuffer<int>  index uniform") != std::string::npos);
}

TEST_CASE("heap pass errors are compile errors with location and source line", "[heaps][pipeline]") {
  auto r = compile("[numthreads(1,1,1)]\nvoid main() {\n  RWBuffer<float3> B = ResourceDescriptorHeap[0];\n"
                   "  B[0] = float3(1, 2, 3);\n}\n",
                   {"-fspv-heap-form=portable"});
  CHECK_FALSE(r->succeeded);
  REQUIRE(!r->diagnostics.empty());
  const Diagnostic& d = r->diagnostics.front();
  CHECK(d.range.begin.file.ends_with("heap.hlsl"));
  CHECK(d.range.begin.line >= 3);
  CHECK(d.message.find("1, 2 or 4 32-bit components") != std::string::npos);
  // About the heap element's type: at the ResourceDescriptorHeap[...] that makes it.
  CHECK(d.sourceLine.find("= ResourceDescriptorHeap[0]") != std::string::npos);
  CHECK(r->stage("spirv") == nullptr);  // the SPIR-V side stops at ir.heaps
}
