#include "core/ir/Context.h"
#include "core/ir/Printer.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

using namespace sl::ir;

TEST_CASE("types are interned by value", "[ir][context]") {
  Context cx;
  CHECK(cx.u32() == cx.intType(32, false));
  CHECK(cx.u32() != cx.s32());
  CHECK(cx.vectorType(cx.f32(), 4) == cx.vectorType(cx.floatType(32), 4));
  CHECK(cx.vectorType(cx.f32(), 4) != cx.vectorType(cx.f32(), 3));
  CHECK(cx.pointerType(spv::StorageClassFunction, cx.u32()) == cx.pointerType(spv::StorageClassFunction, cx.u32()));
  CHECK(cx.pointerType(spv::StorageClassFunction, cx.u32()) != cx.pointerType(spv::StorageClassPrivate, cx.u32()));
  // Layout decorations are part of a type's identity (SPIR-T: types with different decorations differ).
  CHECK(cx.arrayType(cx.u32(), 4, 4) != cx.arrayType(cx.u32(), 4, 16));
  CHECK(cx.arrayType(cx.u32(), 4) != cx.arrayType(cx.u32(), 4, 4));
  Type a = cx.structType("S", {{"x", cx.f32(), {{spv::DecorationOffset, {0}}}}}, {{spv::DecorationBlock, {}}});
  Type b = cx.structType("S", {{"x", cx.f32(), {{spv::DecorationOffset, {0}}}}}, {{spv::DecorationBlock, {}}});
  Type c = cx.structType("S", {{"x", cx.f32(), {{spv::DecorationOffset, {4}}}}}, {{spv::DecorationBlock, {}}});
  CHECK(a == b);
  CHECK(a != c);
  CHECK(cx.hlslResourceType(ResourceKind::RWStructuredBuffer, cx.u32()) !=
        cx.hlslResourceType(ResourceKind::StructuredBuffer, cx.u32()));
  CHECK(cx.def(cx.s32()).isSigned);
  CHECK(cx.def(cx.qptrType()).kind == TypeKind::QPtr);
}

TEST_CASE("constants are interned and truncated to their width", "[ir][context]") {
  Context cx;
  CHECK(cx.u32(7) == cx.u32(7));
  CHECK(cx.u32(7) != cx.s32(7));
  CHECK(cx.def(cx.intConst(cx.intType(8, false), 0x1ff)).bits == 0xff);
  CHECK(cx.def(cx.s32(-1)).bits == 0xffffffffu);
  CHECK(cx.def(cx.f32(1.0f)).bits == 0x3f800000u);
  CHECK(cx.boolConst(true) != cx.boolConst(false));
  Type v2 = cx.vectorType(cx.f32(), 2);
  CHECK(cx.composite(v2, {cx.f32(1), cx.f32(2)}) == cx.composite(v2, {cx.f32(1), cx.f32(2)}));
  CHECK(cx.composite(v2, {cx.f32(1), cx.f32(2)}) != cx.composite(v2, {cx.f32(2), cx.f32(1)}));
  CHECK(cx.specConst(cx.u32(), 8, 3) != cx.specConst(cx.u32(), 8, 4));
  CHECK(cx.null(v2) != cx.undef(v2));
  CHECK(cx.typeOf(cx.u32(1)) == cx.u32());
}

TEST_CASE("short type and constant forms", "[ir][context][printer]") {
  Context cx;
  CHECK(printType(cx, cx.u32()) == "u32");
  CHECK(printType(cx, cx.s32()) == "s32");
  CHECK(printType(cx, cx.vectorType(cx.f32(), 3)) == "f32x3");
  CHECK(printType(cx, cx.matrixType(cx.vectorType(cx.f32(), 4), 4)) == "mat<f32x4, 4>");
  CHECK(printType(cx, cx.pointerType(spv::StorageClassWorkgroup, cx.u32())) == "ptr<Workgroup, u32>");
  CHECK(printType(cx, cx.qptrType()) == "qptr");
  CHECK(printType(cx, cx.arrayType(cx.u32(), 4, 16)) == "[u32; 4] #[ArrayStride(16)]");
  CHECK(printType(cx, cx.hlslResourceType(ResourceKind::RWStructuredBuffer, cx.u32())) ==
        "hlsl.resource<RWStructuredBuffer, u32>");
  CHECK(printConst(cx, cx.u32(42)) == "42u32");
  CHECK(printConst(cx, cx.s32(-3)) == "-3s32");
  CHECK(printConst(cx, cx.f32(1.5f)) == "1.5f32");
  CHECK(printConst(cx, cx.f32(2.0f)) == "2.0f32");
  CHECK(printConst(cx, cx.boolConst(true)) == "true");
  CHECK(printConst(cx, cx.specConst(cx.u32(), 8, 3)) == "spec 8u32 #[SpecId(3)]");
  CHECK(printConst(cx, cx.composite(cx.vectorType(cx.f32(), 2), {cx.f32(1), cx.f32(0.5f)})) ==
        "f32x2(1.0f32, 0.5f32)");
}
