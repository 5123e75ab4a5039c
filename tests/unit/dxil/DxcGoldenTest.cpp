// Replicates DXC golden tests from ../shared/corpus/DirectXShaderCompiler: the signature elements of
// each test's shader are entered by hand (from the metadata and tables its CHECK lines show), the
// container is written, and our printer's signature table is compared with the CHECK lines read
// from the corpus file at test time.
#include "core/dxil/container/ContainerPrinter.h"
#include "core/dxil/container/ContainerWriter.h"
#include "core/dxil/container/FeatureFlags.h"
#include "core/support/AtomicFile.h"
#include "tests/unit/dxil/TestShaders.h"

#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

using namespace sl::dxil;
using namespace sl::dxil::test;

namespace {

const std::string kDxcTests = std::string(SHADERLENS_SHARED_DIR) + "/corpus/DirectXShaderCompiler/tools/clang/test/";

std::string readCorpus(const std::string& relative) {
  std::string text, error;
  INFO(error);
  REQUIRE(sl::readWholeFile(kDxcTests + relative, text, error));
  return text;
}

std::string rstrip(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r')) s.pop_back();
  return s;
}

// The expected table rows: the CHECK lines after the "; ----" ruler, up to the first line that is
// not a signature row.
std::vector<std::string> expectedRows(const std::string& test) {
  std::vector<std::string> rows;
  std::istringstream in(test);
  std::string line;
  static const std::regex check(R"(^// CHECK(-NEXT)?:\s*(; .*)$)");
  bool inTable = false;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_match(line, m, check)) {
      if (inTable && line.rfind("// CHECK", 0) == 0) break;
      continue;
    }
    const std::string row = rstrip(m[2].str());
    if (row.rfind("; ----", 0) == 0) {
      inTable = true;
      continue;
    }
    if (!inTable) continue;
    if (row.size() < 30) break;  // "; " alone or a following header
    rows.push_back(row);
  }
  return rows;
}

// Our printer's rows of the `title` ("Input"/"Output") signature table.
std::vector<std::string> printedRows(const std::vector<uint8_t>& container, const std::string& title) {
  std::vector<sl::Diagnostic> diags;
  const std::string text = printContainer(container, diags);
  INFO(sl::renderDiagnostics(diags));
  REQUIRE(diags.empty());
  std::vector<std::string> rows;
  std::istringstream in(text);
  std::string line;
  bool inSignature = false, inTable = false;
  while (std::getline(in, line)) {
    if (line == "; " + title + " signature:") inSignature = true;
    else if (inSignature && line.rfind("; ----", 0) == 0) inTable = true;
    else if (inTable) {
      if (line == ";") break;
      rows.push_back(line);
    }
  }
  return rows;
}

SignatureElementRecord arb(std::string name, std::vector<uint32_t> indices, ComponentType type,
                           InterpolationMode interp, uint8_t rows, uint8_t cols, int32_t row, int32_t col,
                           uint8_t usage) {
  return element(std::move(name), std::move(indices), SemanticKind::Arbitrary, SemanticInterpretation::Arb, type,
                 interp, rows, cols, row, col, usage);
}

SignatureElementRecord clipCull(SemanticKind kind, uint32_t index, uint8_t cols, int32_t row, int32_t col) {
  return element(kind == SemanticKind::ClipDistance ? "SV_ClipDistance" : "SV_CullDistance", {index}, kind,
                 SemanticInterpretation::ClipCull, ComponentType::F32, InterpolationMode::Linear, 1, cols, row, col,
                 static_cast<uint8_t>((1u << cols) - 1));
}

std::vector<uint8_t> build(const ShaderRuntimeInfo& info) {
  ContainerBuildResult built = buildContainer(info);
  INFO(sl::renderDiagnostics(built.diagnostics));
  REQUIRE(built.ok());
  return built.bytes;
}

ShaderRuntimeInfo vsOutputsOnly(std::vector<SignatureElementRecord> outputs) {
  ShaderRuntimeInfo info;
  info.stage = ShaderStage::Vertex;
  info.shaderModelMinor = 0;  // vs_6_0
  info.outputs = std::move(outputs);
  return info;
}

}  // namespace

TEST_CASE("DXC golden: sig-flatten-struct-array.hlsl output signature", "[dxil][golden]") {
  const std::string test = readCorpus("HLSLFileCheck/hlsl/signature/sig-flatten-struct-array.hlsl");
  // From the test's !dx.entryPoints output-signature CHECK lines.
  ShaderRuntimeInfo info = vsOutputsOnly({
      arb("OUT", {0, 3, 6}, ComponentType::F32, InterpolationMode::Linear, 3, 1, 0, 0, 0x1),
      arb("OUT", {1, 2, 4, 5, 7, 8}, ComponentType::F32, InterpolationMode::Linear, 6, 1, 0, 1, 0x1),
      arb("OUT", {9}, ComponentType::F32, InterpolationMode::Linear, 1, 4, 6, 0, 0xF),
  });
  const std::vector<std::string> expected = expectedRows(test);
  REQUIRE(expected.size() == 10);
  CHECK(printedRows(build(info), "Output") == expected);
}

TEST_CASE("DXC golden: pack_prefix_stable/prefix_stable.hlsl output signature", "[dxil][golden]") {
  const std::string test = readCorpus("HLSLFileCheck/hlsl/compile_options/pack_prefix_stable/prefix_stable.hlsl");
  // VS_OUT fields in declaration order, at the places the test's table shows.
  ShaderRuntimeInfo info = vsOutputsOnly({
      arb("First", {0}, ComponentType::F32, InterpolationMode::Linear, 1, 3, 0, 0, 0x7),
      clipCull(SemanticKind::ClipDistance, 0, 1, 1, 0),
      clipCull(SemanticKind::CullDistance, 1, 3, 1, 1),
      clipCull(SemanticKind::CullDistance, 0, 1, 2, 0),
      clipCull(SemanticKind::ClipDistance, 1, 2, 2, 1),
      arb("WithFirst", {0}, ComponentType::F32, InterpolationMode::Linear, 1, 1, 0, 3, 0x1),
      arb("AfterClipCull", {0}, ComponentType::F32, InterpolationMode::Linear, 1, 1, 3, 0, 0x1),
  });
  const std::vector<std::string> expected = expectedRows(test);
  REQUIRE(expected.size() == 7);
  CHECK(printedRows(build(info), "Output") == expected);

  // The row order inside a register follows the shared name offsets (validator 1.7+): with one name
  // per element (validator 1.6) register 2 would list SV_CullDistance before SV_ClipDistance.
  info.validatorMinor = 6;
  std::vector<std::string> unshared = printedRows(build(info), "Output");
  REQUIRE(unshared.size() == 7);
  CHECK(unshared[4] == expected[5]);
  CHECK(unshared[5] == expected[4]);
}

TEST_CASE("DXC golden: pack_optimized/optimized.hlsl output signature", "[dxil][golden]") {
  const std::string test = readCorpus("HLSLFileCheck/hlsl/compile_options/pack_optimized/optimized.hlsl");
  ShaderRuntimeInfo info = vsOutputsOnly({
      arb("First", {0}, ComponentType::F32, InterpolationMode::Linear, 1, 3, 0, 0, 0x7),
      clipCull(SemanticKind::ClipDistance, 0, 1, 2, 3),
      clipCull(SemanticKind::CullDistance, 1, 3, 2, 0),
      clipCull(SemanticKind::CullDistance, 0, 1, 1, 3),
      clipCull(SemanticKind::ClipDistance, 1, 2, 1, 1),
      arb("WithFirst", {0}, ComponentType::F32, InterpolationMode::Linear, 1, 1, 0, 3, 0x1),
      arb("BeforeClipCull", {0}, ComponentType::F32, InterpolationMode::Linear, 1, 1, 1, 0, 0x1),
  });
  const std::vector<std::string> expected = expectedRows(test);
  REQUIRE(expected.size() == 7);
  CHECK(printedRows(build(info), "Output") == expected);
}

TEST_CASE("DXC golden: signature_packing_by_width.hlsl input signature", "[dxil][golden]") {
  const std::string test = readCorpus("DXILValidation/signature_packing_by_width.hlsl");
  // The 18 input elements exactly as the test's metadata CHECK lines give them (usage masks null).
  using CT = ComponentType;
  using IM = InterpolationMode;
  ShaderRuntimeInfo info;
  info.stage = ShaderStage::Pixel;
  info.shaderModelMinor = 2;  // 16-bit types are native: no min precision
  info.inputs = {
      arb("A", {0}, CT::F16, IM::Linear, 1, 2, 0, 0, 0),
      arb("B", {0}, CT::F32, IM::Linear, 1, 2, 1, 0, 0),
      arb("C", {0}, CT::F16, IM::Linear, 1, 3, 2, 0, 0),
      element("SV_PrimitiveID", {0}, SemanticKind::PrimitiveID, SemanticInterpretation::SGV, CT::U32, IM::Constant, 1,
              1, 3, 0, 0),
      arb("D", {0}, CT::F32, IM::Linear, 1, 2, 1, 2, 0),
      arb("E", {0}, CT::I32, IM::Constant, 1, 1, 4, 0, 0),
      arb("F", {0}, CT::F16, IM::Linear, 1, 2, 0, 2, 0),
      arb("G", {0}, CT::F16, IM::Linear, 1, 1, 2, 3, 0),
      arb("H", {0}, CT::I16, IM::Constant, 1, 1, 5, 0, 0),
      arb("I", {0}, CT::I32, IM::Constant, 1, 1, 4, 1, 0),
      arb("J", {0}, CT::F16, IM::Constant, 1, 3, 5, 1, 0),
      arb("K", {0}, CT::I16, IM::Constant, 1, 2, 6, 0, 0),
      arb("L", {0}, CT::F16, IM::Linear, 1, 2, 7, 0, 0),
      arb("N", {0}, CT::F16, IM::Constant, 1, 1, 6, 2, 0),
      element("SV_SampleIndex", {0}, SemanticKind::SampleIndex, SemanticInterpretation::Shadow, CT::U32, IM::Constant,
              1, 1, -1, -1, 0),
      arb("O", {0}, CT::U16, IM::Constant, 1, 1, 6, 3, 0),
      arb("P", {0}, CT::U16, IM::Constant, 1, 2, 8, 0, 0),
      arb("Q", {0}, CT::F16, IM::Linear, 1, 1, 7, 2, 0),
  };
  info.outputs = {element("SV_Target", {0}, SemanticKind::Target, SemanticInterpretation::Target, CT::F32,
                          IM::Undefined, 1, 4, 0, 0, 0xF)};
  const std::vector<std::string> expected = expectedRows(test);
  REQUIRE(expected.size() == 18);
  CHECK(printedRows(build(info), "Input") == expected);
}

TEST_CASE("DXC golden: sig-dedup.hlsl ISG1 sizes for validator 1.4 and 1.7", "[dxil][golden]") {
  const std::string test = readCorpus("HLSLFileCheck/hlsl/signature/sig-dedup.hlsl");
  std::smatch m;
  REQUIRE(std::regex_search(test, m, std::regex(R"(// NODEDUP: #1 - ISG1 \((\d+) bytes\))")));
  const size_t undeduplicated = std::stoul(m[1].str());
  REQUIRE(std::regex_search(test, m, std::regex(R"(// DEDUP: #1 - ISG1 \((\d+) bytes\))")));
  const size_t deduplicated = std::stoul(m[1].str());

  // ps_6_0 main(float4 f0 : TEXCOORD0, uint2 u1 : U1, float2 f2 : TEXCOORD2) : SV_Target;
  // "U1" is semantic U, index 1. Prefix-stable places f2 on its own row (linear vs constant).
  ShaderRuntimeInfo info;
  info.stage = ShaderStage::Pixel;
  info.shaderModelMinor = 0;
  info.inputs = {
      arb("TEXCOORD", {0}, ComponentType::F32, InterpolationMode::Linear, 1, 4, 0, 0, 0xF),
      arb("U", {1}, ComponentType::U32, InterpolationMode::Constant, 1, 2, 1, 0, 0x3),
      arb("TEXCOORD", {2}, ComponentType::F32, InterpolationMode::Linear, 1, 2, 2, 0, 0x3),
  };
  info.outputs = {element("SV_Target", {0}, SemanticKind::Target, SemanticInterpretation::Target, ComponentType::F32,
                          InterpolationMode::Undefined, 1, 4, 0, 0, 0xF)};
  info.validatorMinor = 4;
  std::vector<uint8_t> old = build(info);
  info.validatorMinor = 7;
  std::vector<uint8_t> current = build(info);
  // "#1": ISG1 is the second part in both, after SFI0.
  std::string error;
  CHECK(readContainer(old, error)->parts[1].name == "ISG1");
  CHECK(partData(old, "ISG1").size() == undeduplicated);
  CHECK(partData(current, "ISG1").size() == deduplicated);
}

TEST_CASE("DXC golden: feature notes of heap-indexing tests", "[dxil][golden]") {
  struct Case {
    const char* file;
    uint64_t flags;
  };
  const Case cases[] = {
      {"HLSLFileCheck/hlsl/intrinsics/createHandleFromHeap/createFromHeap.hlsl", 0},
      {"HLSLFileCheck/hlsl/intrinsics/atomic/atomic_i64_dynamic_resource.hlsl",
       kFeatureAtomicInt64OnTypedResource | kFeatureAtomicInt64OnHeapResource},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    const std::string test = readCorpus(c.file);
    // Both read a typed buffer from ResourceDescriptorHeap; the heap record brings bit 25.
    ShaderRuntimeInfo info = pixelShader();
    ResourceBindingRecord heap;
    heap.resourceClass = c.flags ? ResourceClass::UAV : ResourceClass::SRV;
    heap.fromHeap = true;
    info.resources.push_back(heap);
    info.featureFlags = c.flags;
    std::vector<sl::Diagnostic> diags;
    const std::string text = printContainer(build(info), diags);
    // Every feature line the test CHECKs appears, in order, after the note header.
    size_t at = 0;
    std::istringstream in(test);
    std::string line;
    static const std::regex check(R"(^// CHECK(-NEXT)?:\s*(.*)$)");
    int checked = 0;
    bool inNote = false;
    while (std::getline(in, line)) {
      std::smatch m;
      if (!std::regex_match(line, m, check)) continue;
      const std::string expected = rstrip(m[2].str());
      if (expected == "Note: shader requires additional functionality:") inNote = true;
      else if (!inNote || expected.find("call ") != std::string::npos) continue;
      const size_t found = text.find(expected, at);
      INFO("expected: " << expected << "\nin:\n" << text);
      CHECK(found != std::string::npos);
      if (found != std::string::npos) at = found + expected.size();
      ++checked;
      if (expected.find("Note:") == std::string::npos && c.flags == 0) break;
    }
    CHECK(checked >= 2);
  }
}
