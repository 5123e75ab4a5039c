// Buffer layouts against the worked offsets of hlsl-spirv.md §3.4 and §7.
#include "core/passes/Layout.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::passes;

namespace {

struct Fixture {
  ir::Context cx;
  ir::Type f = cx.f32();
  ir::Type f2 = cx.vectorType(f, 2);
  ir::Type f3 = cx.vectorType(f, 3);
  ir::Type f4 = cx.vectorType(f, 4);
  ir::Type m4x4 = cx.matrixType(f4, 4);
  ir::Type m3x4 = cx.matrixType(f4, 3);  // HLSL float3x4: 3 rows of float4

  std::vector<uint32_t> offsets(ir::Type laid) {
    std::vector<uint32_t> out;
    for (const ir::StructMember& m : cx.def(laid).members)
      for (const ir::Decoration& d : m.decorations)
        if (d.kind == spv::DecorationOffset) out.push_back(d.operands[0]);
    return out;
  }
  uint32_t memberDecoration(ir::Type laid, size_t member, uint32_t kind) {
    for (const ir::Decoration& d : cx.def(laid).members[member].decorations)
      if (d.kind == kind) return d.operands.empty() ? 1 : d.operands[0];
    return 0;
  }
};

}  // namespace

TEST_CASE("layout: cbuffer packing (relaxed std140) and dx layout", "[passes][layout]") {
  Fixture x;
  ir::Type s = x.cx.structType("P", {{"a", x.f, {}}, {"b", x.f3, {}}, {"c", x.f, {}}, {"d", x.f2, {}},
                                     {"m", x.m4x4, {{spv::DecorationRowMajor, {}}}},
                                     {"arr", x.cx.arrayType(x.f, 3), {}}, {"tail", x.f, {}}});
  LayoutBuilder relaxed(x.cx, LayoutRule::RelaxedStd140, false);
  LaidOutType laid = relaxed.layout(s);
  CHECK(x.offsets(laid.type) == std::vector<uint32_t>{0, 4, 16, 20, 32, 96, 144});
  CHECK(x.memberDecoration(laid.type, 4, spv::DecorationMatrixStride) == 16);
  CHECK(x.cx.def(x.cx.def(laid.type).members[5].type).arrayStride == 16);
  LayoutBuilder dx(x.cx, LayoutRule::FxcCTBuffer, false);
  CHECK(x.offsets(dx.layout(s).type) == std::vector<uint32_t>{0, 4, 16, 20, 32, 96, 132});
  LayoutBuilder scalar(x.cx, LayoutRule::Scalar, false);
  CHECK(x.offsets(scalar.layout(s).type) == std::vector<uint32_t>{0, 4, 16, 20, 28, 92, 104});
}

TEST_CASE("layout: arrays and structs in cbuffers", "[passes][layout]") {
  Fixture x;
  ir::Type arr = x.cx.structType("A", {{"x", x.cx.arrayType(x.f, 2), {}}, {"y", x.f, {}}});
  CHECK(x.offsets(LayoutBuilder(x.cx, LayoutRule::RelaxedStd140, false).layout(arr).type) == std::vector<uint32_t>{0, 32});
  CHECK(x.offsets(LayoutBuilder(x.cx, LayoutRule::FxcCTBuffer, false).layout(arr).type) == std::vector<uint32_t>{0, 20});
  CHECK(x.offsets(LayoutBuilder(x.cx, LayoutRule::Scalar, false).layout(arr).type) == std::vector<uint32_t>{0, 8});
  ir::Type inner = x.cx.structType("S", {{"v", x.f3, {}}});
  ir::Type outer = x.cx.structType("O", {{"s", inner, {}}, {"y", x.f, {}}});
  CHECK(x.offsets(LayoutBuilder(x.cx, LayoutRule::RelaxedStd140, false).layout(outer).type) == std::vector<uint32_t>{0, 16});
  CHECK(x.offsets(LayoutBuilder(x.cx, LayoutRule::FxcCTBuffer, false).layout(outer).type) == std::vector<uint32_t>{0, 12});
}

TEST_CASE("layout: matrix majorness and sizes", "[passes][layout]") {
  Fixture x;
  // cbuffer M { float3x4 a; row_major float3x4 b; float c; }
  ir::Type s = x.cx.structType("M", {{"a", x.m3x4, {{spv::DecorationRowMajor, {}}}},
                                     {"b", x.m3x4, {{spv::DecorationColMajor, {}}}}, {"c", x.f, {}}});
  LaidOutType laid = LayoutBuilder(x.cx, LayoutRule::RelaxedStd140, false).layout(s);
  CHECK(x.offsets(laid.type) == std::vector<uint32_t>{0, 64, 112});
  CHECK(x.memberDecoration(laid.type, 0, spv::DecorationMatrixStride) == 16);
  CHECK(x.memberDecoration(laid.type, 1, spv::DecorationMatrixStride) == 16);
  CHECK(x.offsets(LayoutBuilder(x.cx, LayoutRule::Scalar, false).layout(s).type) == std::vector<uint32_t>{0, 48, 96});
}

TEST_CASE("layout: structured buffer element strides", "[passes][layout]") {
  Fixture x;
  ir::Type v = x.cx.structType("V", {{"p", x.f3, {}}, {"n", x.f3, {}}, {"uv", x.f2, {}}});
  LaidOutType def = LayoutBuilder(x.cx, LayoutRule::RelaxedStd430, false).layout(x.cx.runtimeArrayType(v));
  CHECK(x.cx.def(def.type).arrayStride == 48);
  CHECK(x.offsets(x.cx.def(def.type).element) == std::vector<uint32_t>{0, 16, 32});
  LaidOutType dx = LayoutBuilder(x.cx, LayoutRule::FxcSBuffer, false).layout(x.cx.runtimeArrayType(v));
  CHECK(x.cx.def(dx.type).arrayStride == 32);
  CHECK(x.offsets(x.cx.def(dx.type).element) == std::vector<uint32_t>{0, 12, 24});
  CHECK(x.cx.def(LayoutBuilder(x.cx, LayoutRule::RelaxedStd430, false).layout(x.cx.runtimeArrayType(x.cx.vectorType(x.cx.u32(), 3))).type).arrayStride == 16);
  CHECK(x.cx.def(LayoutBuilder(x.cx, LayoutRule::Scalar, false).layout(x.cx.runtimeArrayType(x.cx.vectorType(x.cx.u32(), 3))).type).arrayStride == 12);
  ir::Type ab = x.cx.structType("AB", {{"a", x.f, {}}, {"b", x.f2, {}}});
  LaidOutType abl = LayoutBuilder(x.cx, LayoutRule::RelaxedStd430, false).layout(x.cx.runtimeArrayType(ab));
  CHECK(x.offsets(x.cx.def(abl.type).element) == std::vector<uint32_t>{0, 4});
  CHECK(x.cx.def(abl.type).arrayStride == 16);
}

TEST_CASE("layout: push constant block", "[passes][layout]") {
  Fixture x;
  ir::Type pc = x.cx.structType("PC", {{"mvp", x.m4x4, {}}, {"color", x.f3, {}}, {"flags", x.cx.u32(), {}}});
  LaidOutType laid = LayoutBuilder(x.cx, LayoutRule::RelaxedStd430, false).layout(pc);
  CHECK(x.offsets(laid.type) == std::vector<uint32_t>{0, 64, 76});
  CHECK(laid.size == 80);
  CHECK(x.memberDecoration(laid.type, 0, spv::DecorationRowMajor) == 1);
}
