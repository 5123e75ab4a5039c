#include "core/passes/qptr/QptrLayout.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::ir;
using sl::qptr::LayoutKind;

TEST_CASE("layout configurations differ on vec3 alignment and aggregates", "[qptr][layout]") {
  Context cx;
  const Type f = cx.f32();
  const Type v3 = cx.vectorType(f, 3);
  const Type s = cx.structType("S", {{"b", f, {}}, {"a", v3, {}}});
  qptr::Layouts standard(cx, {LayoutKind::Standard});
  qptr::Layouts scalar(cx, {LayoutKind::Scalar});
  qptr::Layouts extended(cx, {LayoutKind::Extended});
  CHECK(standard.layoutOf(v3).align == 16);
  CHECK(scalar.layoutOf(v3).align == 4);
  CHECK(standard.layoutOf(s).offsets == std::vector<uint32_t>{0, 16});
  CHECK(standard.layoutOf(s).size == 32);
  CHECK(scalar.layoutOf(s).offsets == std::vector<uint32_t>{0, 4});
  CHECK(scalar.layoutOf(s).size == 16);
  const Type arr = cx.arrayType(f, 4);
  CHECK(standard.layoutOf(arr).stride == 4);
  CHECK(extended.layoutOf(arr).stride == 16);
  CHECK(std::string(qptr::layoutKindName(LayoutKind::Scalar)) == "scalar");
  CHECK(qptr::parseLayoutKind("extended") == LayoutKind::Extended);
  CHECK(!qptr::parseLayoutKind("std140"));
}

TEST_CASE("explicit Offset, ArrayStride and MatrixStride win", "[qptr][layout]") {
  Context cx;
  const Type f = cx.f32();
  const Type v4 = cx.vectorType(f, 4);
  const Type m4 = cx.matrixType(v4, 4);
  const Type rta = cx.runtimeArrayType(cx.u32(), 8);
  const Type block = cx.structType("B",
      {{"m", m4, {{spv::DecorationOffset, {16}}, {spv::DecorationMatrixStride, {32}}}},
       {"tail", rta, {{spv::DecorationOffset, {144}}}}},
      {{spv::DecorationBlock, {}}});
  qptr::Layouts l(cx, {LayoutKind::Scalar});
  const auto bl = l.layoutOf(block);
  CHECK(l.isBufferBlock(block));
  CHECK(bl.offsets == std::vector<uint32_t>{16, 144});
  CHECK(l.layoutOf(rta).stride == 8);
  CHECK(l.layoutOf(rta).count == 0);
  CHECK(l.layoutOf(m4, 32).stride == 32);
  CHECK(l.layoutOf(m4, 32, true).shape == qptr::TypeLayout::Shape::Invalid);
  CHECK(l.layoutOf(cx.arrayType(cx.samplerType(), 3)).shape == qptr::TypeLayout::Shape::HandleArray);
}
