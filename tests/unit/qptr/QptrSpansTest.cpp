#include "QptrTestUtil.h"

#include "core/passes/qptr/QptrSpans.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace sl;
using qptr::SpanKind;

namespace {
// "kind:text" for each span, space separated.
std::string describe(std::string_view line) {
  std::string out;
  for (const qptr::Span& s : qptr::classifyLine(line)) {
    if (!out.empty()) out += " | ";
    out += std::string(qptr::spanKindName(s.kind)) + ":" + std::string(line.substr(s.begin, s.end - s.begin));
  }
  return out;
}

}  // namespace

TEST_CASE("spans: qptr ops, spv ops and the qptr type", "[qptr][spans]") {
  CHECK(describe("  v66 = qptr.dyn_offset(v4, v65 x 16): qptr") == "qptr-op:qptr.dyn_offset | qptr-type:qptr");
  CHECK(describe("  v3 = spv.OpLoad(v2): f32  // a.hlsl:3:1 qptr.load") == "spv-op:spv.OpLoad");
  CHECK(describe("global_var GV0`In` in Handles: T0 (as qptr)") == "qptr-type:qptr");
  CHECK(describe("; ---- after qptr.lower (layout: scalar)") == "");
  CHECK(describe("  v1 = spv.OpIAdd(v0, 1): u32") == "spv-op:spv.OpIAdd");
}

TEST_CASE("spans: qptr attributes cover their whole argument list", "[qptr][spans]") {
  CHECK(describe("  #[name(\"Mat\"), qptr.usage((0..4) × 16 => s32x4)]") == "qptr-usage:qptr.usage((0..4) × 16 => s32x4)");
  CHECK(describe("#[qptr.usage(buffer_data({ 0..4 => f32, 16..28 => { 0..4 => f32 } }))]") ==
        "qptr-usage:qptr.usage(buffer_data({ 0..4 => f32, 16..28 => { 0..4 => f32 } }))");
  // Parentheses and op names inside a message are part of it.
  CHECK(describe("  #[qptr.error(\"qptr.lower: no layout (kept as spv.OpAccessChain)\")]") ==
        "qptr-error:qptr.error(\"qptr.lower: no layout (kept as spv.OpAccessChain)\")");
  CHECK(describe("#[qptr.warning(\"punning f32 vs u32\"), qptr.shape(\"handle\")]") ==
        "qptr-warning:qptr.warning(\"punning f32 vs u32\") | qptr-attr:qptr.shape(\"handle\")");
  CHECK(describe("  #[qptr.to_spv_ptr_input(\"input_idx: 1, u32\")]") == "qptr-attr:qptr.to_spv_ptr_input(\"input_idx: 1, u32\")");
  // Unbalanced (a truncated line): the span runs to the end, nothing crashes.
  CHECK(describe("#[qptr.usage({ 0..4 => f32") == "qptr-usage:qptr.usage({ 0..4 => f32");
}

TEST_CASE("spans: every printed usage attribute and qptr op of a real module is classified", "[qptr][spans]") {
  auto run = test::runQptr(test::experimentWords(test::experiment("t2_ubo.frag")), qptr::LayoutKind::Standard, 2);
  REQUIRE(run.analyzeOk);
  std::istringstream lines(run.analyzed);
  int usages = 0, ops = 0;
  for (std::string line; std::getline(lines, line);) {
    const auto spans = qptr::classifyLine(line);
    uint32_t last = 0;
    for (const qptr::Span& s : spans) {
      CHECK(s.begin >= last);  // ordered, not overlapping
      CHECK(s.end > s.begin);
      last = s.end;
      if (s.kind == SpanKind::QptrUsage) {
        ++usages;
        CHECK(line.compare(s.begin, 11, "qptr.usage(") == 0);
        CHECK(line[s.end - 1] == ')');
      }
      if (s.kind == SpanKind::QptrOp) ++ops;
    }
    if (line.find("#[") != std::string::npos && line.find("qptr.usage(") != std::string::npos) {
      bool found = false;
      for (const qptr::Span& s : spans) found |= s.kind == SpanKind::QptrUsage;
      CHECK(found);
    }
  }
  INFO(run.analyzed);
  CHECK(usages >= 3);
  CHECK(ops >= 5);
}
