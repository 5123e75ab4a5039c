// The hlsl texture ops' operand layouts (Opcode.h) as the verifier checks them, and their names.
#include "core/ir/Builder.h"
#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::ir;

namespace {

struct TexFixture {
  Module m{std::make_shared<Context>()};
  Builder b{m};
  Context& cx = m.cx();
  Value img, samp, uv;
  TexFixture() {
    b.createFunction("main", cx.voidType(), {});
    Type tex = cx.hlslResourceType(ResourceKind::Texture2D, cx.vectorType(cx.f32(), 4));
    img = b.hlsl(HlslOp::HandleFromBinding, tex, {Operand::i(0), Operand::i(0), Operand::i(1)});
    samp = b.hlsl(HlslOp::HandleFromBinding, cx.hlslResourceType(ResourceKind::SamplerState, Type()),
                  {Operand::i(0), Operand::i(0), Operand::i(1)});
    uv = Value::constant(cx.composite(cx.vectorType(cx.f32(), 2), {cx.f32(0.5f), cx.f32(0.5f)}));
  }
  std::string errors() {
    b.ret();
    return renderDiagnostics(verifyModule(m));
  }
};

}  // namespace

TEST_CASE("texture ops: well-formed sample and gather verify and print by name", "[ir][texture]") {
  TexFixture f;
  Type f4 = f.cx.vectorType(f.cx.f32(), 4);
  f.b.hlsl(HlslOp::ResourceSample, f4,
           {Operand::v(f.img), Operand::v(f.samp), Operand::v(f.uv), Operand::i(SampleFlag::Grad | SampleFlag::Offset),
            Operand::v(f.uv), Operand::v(f.uv), Operand::v(f.b.constS32(1))});
  f.b.hlsl(HlslOp::ResourceGather, f4,
           {Operand::v(f.img), Operand::v(f.samp), Operand::v(f.uv), Operand::i(0), Operand::i(SampleFlag::Cmp),
            Operand::v(f.b.constF32(0.5f))});
  CHECK(f.errors().empty());
  std::string text = printModule(f.m).text;
  CHECK(text.find("hlsl.resource_sample") != std::string::npos);
  CHECK(text.find("hlsl.resource_gather") != std::string::npos);
  CHECK(text.find("flags: grad|offset") != std::string::npos);
  CHECK(text.find("component: 0, flags: cmp") != std::string::npos);
  CHECK(opcodeName(Opcode::hlsl(HlslOp::ResourceCalculateLod)) == "hlsl.resource_calculate_lod");
  CHECK(opcodeName(Opcode::hlsl(HlslOp::ResourceAtomic)) == "hlsl.resource_atomic");
}

TEST_CASE("texture ops: operands that disagree with the flags are verifier errors", "[ir][texture]") {
  TexFixture f;
  Type f4 = f.cx.vectorType(f.cx.f32(), 4);
  // Lod flag without the lod operand.
  f.b.hlsl(HlslOp::ResourceSample, f4, {Operand::v(f.img), Operand::v(f.samp), Operand::v(f.uv), Operand::i(SampleFlag::Lod)});
  // Gather with a Grad flag.
  f.b.hlsl(HlslOp::ResourceGather, f4,
           {Operand::v(f.img), Operand::v(f.samp), Operand::v(f.uv), Operand::i(1), Operand::i(SampleFlag::Grad),
            Operand::v(f.uv), Operand::v(f.uv)});
  // No flags immediate at all.
  f.b.hlsl(HlslOp::ResourceSample, f4, {Operand::v(f.img), Operand::v(f.samp)});
  std::string e = f.errors();
  CHECK(e.find("flags call for 5") != std::string::npos);
  CHECK(e.find("takes only the Cmp and Offset flags") != std::string::npos);
  CHECK(e.find("needs (image, sampler, coords") != std::string::npos);
}
