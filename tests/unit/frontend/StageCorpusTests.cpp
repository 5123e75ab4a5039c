// Upstream Clang's interpolation test (shared corpus, read in place): every signature element's
// component type, semantic kind, interpolation mode (metadata operand 5) and column count that
// its CHECK-DAG lines state, compared with buildEntrySignatures for the entry point they follow.
#include "FrontendTestSupport.h"
#include "core/frontend/EntrySignature.h"
#include "core/support/AtomicFile.h"

#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

using namespace sl::frontend;
using namespace sl::frontend::test;

namespace {

struct Expected {
  std::string entry;
  uint32_t sigId = 0;
  std::string name;
  std::string compType;  // a number, or a FileCheck pattern (not compared)
  int kind = 0;
  int mode = 0;
  int cols = 0;
};

}  // namespace

TEST_CASE("stage corpus: clang semantics/interpolation.hlsl modes, kinds and types", "[frontend][stage][corpus]") {
  const std::string path = std::string(SHADERLENS_SHARED_DIR) + "/corpus/llvm-project/clang/test/CodeGenHLSL/semantics/interpolation.hlsl";
  std::string text;
  std::string error;
  REQUIRE(sl::readWholeFile(path, text, error));
  std::vector<Expected> expected;
  std::string entry;
  const std::regex shaderLine(R"re(^\[shader\("[a-z]+"\)\])re");
  const std::regex fnLine(R"(([A-Za-z_][A-Za-z_0-9]*)\()");
  const std::regex checkLine(
      R"re(CHECK-DAG: !\{i32 (\d+), +!"([A-Za-z_]+)", +i32 ([^,]+), +i32 (\d+), !\{\{\[0-9\]\+\}\}, i32 (\d+), i32 1, i8 (\d+),)re");
  std::istringstream lines(text);
  std::string line;
  bool nextIsEntry = false;
  while (std::getline(lines, line)) {
    std::smatch m;
    if (std::regex_search(line, shaderLine)) {
      nextIsEntry = true;
      continue;
    }
    if (nextIsEntry && std::regex_search(line, m, fnLine)) {
      entry = m[1];
      nextIsEntry = false;
      continue;
    }
    if (std::regex_search(line, m, checkLine))
      expected.push_back({entry, uint32_t(std::stoul(m[1])), m[2], m[3], std::stoi(m[4]), std::stoi(m[5]), std::stoi(m[6])});
  }
  REQUIRE(expected.size() >= 30);

  FrontendOptions options;
  options.profile = "lib_6_6";
  auto c = compile(text, options);
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  std::map<std::string, EntrySignatures> signatures;
  for (FunctionDecl* e : c.fe.unit->entries) signatures[e->name] = buildEntrySignatures(e, *c.pp, false);
  REQUIRE(signatures.size() == 5);
  size_t compared = 0, skipped = 0;
  for (const Expected& x : expected) {
    INFO(x.entry << " #" << x.sigId << " " << x.name);
    REQUIRE(signatures.count(x.entry));
    const EntrySignatures& s = signatures[x.entry];
    INFO(sl::renderDiagnostics(s.diagnostics));
    if (x.entry == "defaults") {
      // Known difference: core/signature rejects 64-bit elements (DOUBLE) that upstream Clang
      // records with component type 10; the rest of that entry is not packed.
      CHECK(sl::renderDiagnostics(s.diagnostics).find("64-bit") != std::string::npos);
      ++skipped;
      continue;
    }
    REQUIRE(s.ok());
    const sl::signature::PackedSignature* sig = nullptr;
    for (const auto* candidate : {&s.inputs, &s.outputs})
      if (x.sigId < candidate->elements.size() && candidate->elements[x.sigId].semanticName == x.name) sig = candidate;
    REQUIRE(sig);
    const auto& el = sig->elements[x.sigId];
    if (std::isdigit(static_cast<unsigned char>(x.compType[0]))) CHECK(int(el.compType) == std::stoi(x.compType));
    CHECK(int(el.kind) == x.kind);
    CHECK(int(sig->recordedInterpMode(x.sigId)) == x.mode);
    CHECK(int(el.cols) == x.cols);
    ++compared;
  }
  CHECK(compared + skipped == expected.size());
  CHECK(skipped == 7);  // the `defaults` entry's six inputs and its output
}

TEST_CASE("stage corpus: clang semantics/signature-packing.hlsl rows and columns", "[frontend][stage][corpus]") {
  // Upstream records usage masks and PS-input modes as 0 there (no use analysis, an older rule);
  // placement (StartRow, StartCol) is what this compares, for both packing strategies.
  const std::string path = std::string(SHADERLENS_SHARED_DIR) + "/corpus/llvm-project/clang/test/CodeGenHLSL/semantics/signature-packing.hlsl";
  std::string text, error;
  REQUIRE(sl::readWholeFile(path, text, error));
  const std::regex element(
      R"re((CHECK|STABLE|OPTIMIZED)-DAG: !\[\[\w+\]\] = !\{i32 (\d+), !"(\w+)", i32 \d+, i32 [^,]+, ![^,]+, i32 \d+, i32 1, i8 (\d+), i32 (\d+), i8 (\d+),)re");
  FrontendOptions options;
  options.profile = "lib_6_3";
  auto c = compile(text, options);
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  REQUIRE(c.fe.unit->entries.size() == 2);
  const FunctionDecl* vs = c.fe.unit->entries[0];
  const FunctionDecl* ps = c.fe.unit->entries[1];
  size_t compared = 0;
  for (auto strategy : {sl::signature::PackingStrategy::PrefixStable, sl::signature::PackingStrategy::Optimized}) {
    const std::string prefix = strategy == sl::signature::PackingStrategy::Optimized ? "OPTIMIZED" : "STABLE";
    EntrySignatures v = buildEntrySignatures(vs, *c.pp, false, strategy);
    EntrySignatures p = buildEntrySignatures(ps, *c.pp, false, strategy);
    REQUIRE(v.ok());
    REQUIRE(p.ok());
    for (std::sregex_iterator it(text.begin(), text.end(), element), end; it != end; ++it) {
      const std::smatch& m = *it;
      if (m[1] != "CHECK" && m[1] != prefix) continue;
      const uint32_t id = uint32_t(std::stoul(m[2]));
      const std::string name = m[3];
      const int cols = std::stoi(m[4]), row = std::stoi(m[5]), col = std::stoi(m[6]);
      INFO(prefix << " " << name << " #" << id);
      std::vector<const sl::signature::PackedSignature*> where;
      if (name.rfind("I", 0) == 0) where = {&v.inputs};
      else if (name == "SV_Target") where = {&p.outputs};
      else where = {&v.outputs, &p.inputs};  // VS outputs and PS inputs must line up
      for (const auto* sig : where) {
        REQUIRE(id < sig->elements.size());
        const auto& el = sig->elements[id];
        CHECK(el.semanticName == name);
        CHECK(int(el.cols) == cols);
        CHECK(el.startRow == row);
        CHECK(int(el.startCol) == col);
        ++compared;
      }
    }
  }
  CHECK(compared == 2 * (4 + 2 + 8));
}

TEST_CASE("stage corpus: clang semantics/interpolation-vs-ps-link.hlsl", "[frontend][stage][corpus]") {
  // The PS inputs carry the modes the CHECK lines state; the VS outputs must land in the same
  // registers. (Upstream also records the PS modes on the VS outputs; seed rule 3, which this
  // project follows, records Undefined there: see docs/signatures.md.)
  const std::string path =
      std::string(SHADERLENS_SHARED_DIR) + "/corpus/llvm-project/clang/test/CodeGenHLSL/semantics/interpolation-vs-ps-link.hlsl";
  std::string text, error;
  REQUIRE(sl::readWholeFile(path, text, error));
  FrontendOptions options;
  options.profile = "lib_6_3";
  auto c = compile(text, options);
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  REQUIRE(c.fe.unit->entries.size() == 2);
  EntrySignatures vs = buildEntrySignatures(c.fe.unit->entries[0], *c.pp, false);
  EntrySignatures ps = buildEntrySignatures(c.fe.unit->entries[1], *c.pp, false);
  REQUIRE(vs.ok());
  REQUIRE(ps.ok());
  const std::regex element(
      R"re(CHECK-DAG: !\{i32 (\d+), !"(\w+)", i32 (\d+), i32 (\d+), !\{\{\[0-9\]\+\}\}, i32 (\d+), i32 1, i8 (\d+),)re");
  size_t compared = 0;
  for (std::sregex_iterator it(text.begin(), text.end(), element), end; it != end; ++it) {
    const std::smatch& m = *it;
    const uint32_t id = uint32_t(std::stoul(m[1]));
    const std::string name = m[2];
    INFO(name << " #" << id);
    const sl::signature::PackedSignature* sig = name == "POSITION" ? &vs.inputs : name == "SV_Target" ? &ps.outputs : &ps.inputs;
    REQUIRE(id < sig->elements.size());
    const auto& el = sig->elements[id];
    CHECK(el.semanticName == name);
    CHECK(int(el.compType) == std::stoi(m[3]));
    CHECK(int(el.kind) == std::stoi(m[4]));
    CHECK(int(sig->recordedInterpMode(id)) == std::stoi(m[5]));
    CHECK(int(el.cols) == std::stoi(m[6]));
    ++compared;
  }
  CHECK(compared == 10);
  REQUIRE(vs.outputs.elements.size() == ps.inputs.elements.size());
  for (size_t i = 0; i < ps.inputs.elements.size(); ++i) {
    INFO(ps.inputs.elements[i].semanticName);
    CHECK(vs.outputs.elements[i].startRow == ps.inputs.elements[i].startRow);
    CHECK(vs.outputs.elements[i].startCol == ps.inputs.elements[i].startCol);
    CHECK(int(vs.outputs.recordedInterpMode(i)) == 0);
  }
}
