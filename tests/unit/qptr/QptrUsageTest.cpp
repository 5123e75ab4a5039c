#include "core/passes/qptr/QptrUsage.h"

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::ir;
using sl::qptr::Usage;

TEST_CASE("usages merge into offset bases and print like SPIR-T", "[qptr][usage]") {
  Context cx;
  qptr::Layouts l(cx, {qptr::LayoutKind::Standard});
  std::vector<std::string> errors;
  const Type v4 = cx.vectorType(cx.f32(), 4);
  Usage a = Usage::offsetBase(16, Usage::typed(v4, 16, false));
  Usage b = Usage::offsetBase(64, Usage::typed(cx.f32(), 4, false));
  Usage m = qptr::mergeUsage(cx, l, a, b, errors);
  CHECK(errors.empty());
  CHECK(qptr::printUsage(cx, m) == "{ 16..32 => f32x4, 64..68 => f32 }");
  // A component access inside a vector is supported by the vector.
  Usage c = Usage::offsetBase(20, Usage::typed(cx.f32(), 4, false));
  m = qptr::mergeUsage(cx, l, m, c, errors);
  CHECK(errors.empty());
  CHECK(qptr::printUsage(cx, m) == "{ 16..32 => f32x4, 64..68 => f32 }");
  Usage d = Usage::dynOffsetBase(Usage::typed(cx.f32(), 4, false), 4, 8);
  CHECK(qptr::printUsage(cx, d) == "(0..8) × 4 => f32");
  CHECK(qptr::printUsage(cx, Usage::buffer(Usage::unused())) == "buffer_data(_)");
}

TEST_CASE("same-sized punning is a warning, other conflicts are errors", "[qptr][usage]") {
  Context cx;
  qptr::Layouts l(cx, {qptr::LayoutKind::Standard});
  std::vector<std::string> errors;
  qptr::mergeUsage(cx, l, Usage::typed(cx.f32(), 4, false), Usage::typed(cx.u32(), 4, false), errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].rfind(qptr::kPunningPrefix, 0) == 0);
  errors.clear();
  qptr::mergeUsage(cx, l, Usage::handle(cx.samplerType()), Usage::typed(cx.u32(), 4, false), errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].rfind(qptr::kPunningPrefix, 0) != 0);
  errors.clear();
  // Strictly typed memory can't be punned.
  qptr::mergeUsage(cx, l, Usage::typed(cx.f32(), 4, true), Usage::typed(cx.u32(), 4, false), errors);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].find("incompatible") != std::string::npos);
}

TEST_CASE("elements of strided usages merge", "[qptr][usage]") {
  Context cx;
  qptr::Layouts l(cx, {qptr::LayoutKind::Standard});
  std::vector<std::string> errors;
  Usage a = Usage::dynOffsetBase(Usage::typed(cx.f32(), 4, false), 32, 32);
  Usage b = Usage::dynOffsetBase(Usage::offsetBase(16, Usage::typed(cx.vectorType(cx.f32(), 3), 12, false)), 32, 32);
  Usage m = qptr::mergeUsage(cx, l, a, b, errors);
  CHECK(errors.empty());
  CHECK(qptr::printUsage(cx, m) == "(0..32) × 32 => { 0..4 => f32, 16..28 => f32x3 }");
}

TEST_CASE("a whole vector and a dynamic index into it merge into the vector", "[qptr][usage]") {
  // int4x4 m (a local array of int4): m[i] = v; ... = m[row][col];
  Context cx;
  qptr::Layouts l(cx, {qptr::LayoutKind::Scalar});
  const Type i4 = cx.vectorType(cx.s32(), 4);
  const Usage byColumn = Usage::dynOffsetBase(Usage::dynOffsetBase(Usage::typed(cx.s32(), 4, false), 4, 4), 16, 4);
  const Usage byRow = Usage::dynOffsetBase(Usage::typed(i4, 16, false), 16, 4);
  for (bool swap : {false, true}) {
    std::vector<std::string> errors;
    Usage m = swap ? qptr::mergeUsage(cx, l, byRow, byColumn, errors) : qptr::mergeUsage(cx, l, byColumn, byRow, errors);
    INFO(swap);
    CHECK(errors.empty());
    CHECK(qptr::printUsage(cx, m) == "(0..4) × 16 => s32x4");
  }
}
