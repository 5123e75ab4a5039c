#include "QptrTestUtil.h"

#include <catch2/catch.hpp>

using namespace sl;

namespace {
test::QptrRun analyzed(const char* name, qptr::LayoutKind layout = qptr::LayoutKind::Standard) {
  return test::runQptr(test::experimentWords(test::experiment(name)), layout, 2);
}
}  // namespace

TEST_CASE("analyze: only used byte ranges of a UBO (t2, as SPIR-T)", "[qptr][analyze]") {
  auto run = analyzed("t2_ubo.frag");
  INFO(run.analyzed << run.diagnostics());
  REQUIRE(run.analyzeOk);
  CHECK(run.analyzed.find("qptr.usage(buffer_data({ 16..32 => f32x4, 64..76 => f32x3, 76..80 => f32, 80..144 => (0..4) × 16 => f32x4 }))") != std::string::npos);
  CHECK(run.analyzed.find("qptr.usage(buffer_data({ 0..4 => u32, 4..8 => f32 }))") != std::string::npos);
}

TEST_CASE("analyze: runtime arrays, local arrays, descriptor indexing", "[qptr][analyze]") {
  auto t1 = analyzed("t1_ssbo.comp");
  CHECK(t1.analyzed.find("qptr.usage(buffer_data({ 0..4 => u32, 16.. => (0..) × 32 => struct `Item` }))") != std::string::npos);
  auto t3 = analyzed("t3_local.frag");
  CHECK(t3.analyzed.find("qptr.usage((0..8) × 4 => f32)") != std::string::npos);
  auto t4 = analyzed("t4_descidx.frag");
  INFO(t4.analyzed);
  CHECK(t4.analyzed.find("qptr.usage(buffer_data({ 12..16 => u32 }))") != std::string::npos);
  CHECK(t4.analyzed.find("qptr.usage(sampler)") != std::string::npos);
}

TEST_CASE("analyze: callee parameter summaries flow into the caller", "[qptr][analyze]") {
  auto run = analyzed("t5_call.frag");
  INFO(run.analyzed);
  REQUIRE(run.analyzeOk);
  // bump(inout vec4 v, float k) touches v.x and v.w; the caller's temp is used as a whole vec4.
  REQUIRE(run.analysis.params.size() >= 2);
  bool found = false;
  for (const auto& params : run.analysis.params)
    for (const auto& p : params)
      if (p && qptr::printUsage(run.module->cx(), *p) == "{ 0..4 => f32, 12..16 => f32 }") found = true;
  CHECK(found);
}

TEST_CASE("analyze: pointer phis and selects get usages instead of errors", "[qptr][analyze]") {
  auto phi = analyzed("c_phi");
  INFO(phi.analyzed << phi.diagnostics());
  CHECK(phi.analyzeOk);
  CHECK(phi.analyzed.find("qptr.usage(buffer_data((0..) × 4 => u32))") != std::string::npos);
  auto ptrac = analyzed("d_ptrac");
  CHECK(ptrac.analyzeOk);  // SPIR-T: "DynOffset: element max_size exceeds stride"
}

TEST_CASE("analyze: punning is a warning; scalar layout for t6b", "[qptr][analyze]") {
  auto e = analyzed("e_conflict");
  INFO(e.analyzed << e.diagnostics());
  CHECK(e.analyzeOk);
  CHECK(e.analyzed.find("punning: u32 vs f32") != std::string::npos);
  for (auto layout : {qptr::LayoutKind::Standard, qptr::LayoutKind::Scalar}) {
    auto t6 = analyzed("t6b.comp", layout);
    INFO(t6.analyzed << t6.diagnostics());
    CHECK(t6.analyzeOk);
    CHECK(t6.analyzed.find(layout == qptr::LayoutKind::Scalar ? "(0..32) × 16 => { 0..4 => f32, 4..16 => f32x3 }"
                                                               : "(0..32) × 32 => { 0..4 => f32, 16..28 => f32x3 }") != std::string::npos);
  }
}
