// LegalizeBindings' texture lowering from hand-built stage-"ir" modules: hlsl.resource_sample,
// resource_gather, resource_load and resource_dimensions on separate and combined handles.
#include "core/irgen/IRGen.h"
#include "core/ir/Builder.h"
#include "core/ir/Printer.h"
#include "core/passes/LegalizeBindings.h"

#include <catch2/catch.hpp>
#include <spirv/unified1/spirv.hpp>

using namespace sl;
using ir::Operand;
using ir::Value;

namespace {

struct TextureModule {
  ir::Module m{std::make_shared<ir::Context>()};
  ir::Builder b{m};
  ir::GlobalVarId tex, samp;

  explicit TextureModule(ir::ResourceKind texKind = ir::ResourceKind::Texture2D) {
    ir::Context& cx = m.cx();
    ir::Type f4 = cx.vectorType(cx.f32(), 4);
    tex = declare("Tex", cx.hlslResourceType(texKind, f4), "t0");
    samp = declare("Samp", cx.hlslResourceType(ir::ResourceKind::SamplerState, ir::Type()), "s0");
    ir::FuncId f = b.createFunction("main", cx.voidType(), {});
    b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  }
  ir::GlobalVarId declare(const std::string& name, ir::Type t, const std::string& reg) {
    ir::GlobalVarId g = b.global(name, t, spv::StorageClassUniformConstant);
    m.global(g).attrs.name = name;
    m.global(g).attrs.extra.push_back({irgen::attr::kRegister, reg});
    return g;
  }
  Value handle(ir::GlobalVarId g) {
    Value h = b.hlsl(ir::HlslOp::HandleFromBinding, m.global(g).type, {Operand::i(0), Operand::i(UINT32_MAX), Operand::i(1)});
    b.instOf(h).attrs.extra.push_back({irgen::attr::kResourceId, std::to_string(g.index)});
    return h;
  }
  Value float2(float x, float y) {
    ir::Context& cx = m.cx();
    return Value::constant(cx.composite(cx.vectorType(cx.f32(), 2), {cx.f32(x), cx.f32(y)}));
  }
  Value int2(int x, int y) {
    ir::Context& cx = m.cx();
    return Value::constant(cx.composite(cx.vectorType(cx.s32(), 2), {cx.s32(x), cx.s32(y)}));
  }
  // Legalizes and returns the printed module (diagnostics in `diags`).
  std::string legalize(std::string* diags = nullptr) {
    b.ret();
    passes::LegalizeResult r = passes::legalizeBindings(m, {});
    if (diags) *diags = renderDiagnostics(r.diagnostics);
    return ir::printModule(m).text;
  }
};

bool has(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("texture lowering: resource_sample with lod and a constant offset", "[passes][texture]") {
  TextureModule t;
  ir::Context& cx = t.m.cx();
  Value img = t.handle(t.tex), s = t.handle(t.samp);
  t.b.hlsl(ir::HlslOp::ResourceSample, cx.vectorType(cx.f32(), 4),
           {Operand::v(img), Operand::v(s), Operand::v(t.float2(0.5f, 0.5f)),
            Operand::i(ir::SampleFlag::Lod | ir::SampleFlag::Offset), Operand::v(t.b.constF32(1)), Operand::v(t.int2(1, -1))});
  // Texture2D<float4> sampled as float (a narrowed result).
  t.b.hlsl(ir::HlslOp::ResourceSample, cx.f32(),
           {Operand::v(img), Operand::v(s), Operand::v(t.float2(0, 0)), Operand::i(ir::SampleFlag::Grad),
            Operand::v(t.float2(1, 0)), Operand::v(t.float2(0, 1))});
  std::string diags;
  std::string text = t.legalize(&diags);
  INFO(diags);
  INFO(text);
  CHECK(diags.empty());
  CHECK(has(text, "spv.OpSampledImage"));
  CHECK(has(text, "spv.OpImageSampleExplicitLod"));
  CHECK(has(text, "Lod|ConstOffset"));
  CHECK(has(text, "Grad"));
  CHECK(has(text, "spv.OpCompositeExtract"));
  CHECK_FALSE(has(text, "hlsl."));
}

TEST_CASE("texture lowering: gather components, compare gather and texture queries", "[passes][texture]") {
  TextureModule t;
  ir::Context& cx = t.m.cx();
  ir::Type f4 = cx.vectorType(cx.f32(), 4);
  Value img = t.handle(t.tex), s = t.handle(t.samp);
  t.b.hlsl(ir::HlslOp::ResourceGather, f4,
           {Operand::v(img), Operand::v(s), Operand::v(t.float2(0.5f, 0.5f)), Operand::i(2), Operand::i(0)});
  t.b.hlsl(ir::HlslOp::ResourceGather, f4,
           {Operand::v(img), Operand::v(s), Operand::v(t.float2(0.5f, 0.5f)), Operand::i(0),
            Operand::i(ir::SampleFlag::Cmp | ir::SampleFlag::Offset), Operand::v(t.b.constF32(0.5f)), Operand::v(t.int2(0, -1))});
  t.b.hlsl(ir::HlslOp::ResourceDimensions, cx.vectorType(cx.u32(), 2), {Operand::v(img), Operand::i(0), Operand::v(t.b.constU32(1))});
  t.b.hlsl(ir::HlslOp::ResourceDimensions, cx.u32(), {Operand::v(img), Operand::i(2)});
  std::string diags;
  std::string text = t.legalize(&diags);
  INFO(diags);
  INFO(text);
  CHECK(diags.empty());
  CHECK(has(text, "spv.OpImageGather"));
  CHECK(has(text, "spv.OpImageDrefGather"));
  CHECK(has(text, "spv.OpImageQuerySizeLod"));
  CHECK(has(text, "spv.OpImageQueryLevels"));
}

TEST_CASE("texture lowering: a combined image-sampler samples directly and fetches through OpImage", "[passes][texture]") {
  TextureModule t(ir::ResourceKind::VkSampledTexture2D);
  ir::Context& cx = t.m.cx();
  ir::Type f4 = cx.vectorType(cx.f32(), 4);
  Value h = t.handle(t.tex);
  t.b.hlsl(ir::HlslOp::ResourceSample, f4,
           {Operand::v(h), Operand::v(h), Operand::v(t.float2(0.5f, 0.5f)), Operand::i(ir::SampleFlag::Lod), Operand::v(t.b.constF32(0))});
  ir::Type i3 = cx.vectorType(cx.s32(), 3);
  Value coord = Value::constant(cx.composite(i3, {cx.s32(0), cx.s32(0), cx.s32(0)}));
  t.b.hlsl(ir::HlslOp::ResourceLoad, f4, {Operand::v(h), Operand::v(coord), Operand::i(ir::LoadFlag::MipInCoord)});
  std::string diags;
  std::string text = t.legalize(&diags);
  INFO(diags);
  INFO(text);
  CHECK(diags.empty());
  CHECK(has(text, "sampled_image<"));
  CHECK_FALSE(has(text, "spv.OpSampledImage"));
  CHECK(has(text, "spv.OpImage("));
  CHECK(has(text, "spv.OpImageFetch"));
}

TEST_CASE("texture lowering: a malformed resource_sample is an error, not a crash", "[passes][texture]") {
  TextureModule t;
  ir::Context& cx = t.m.cx();
  Value img = t.handle(t.tex);
  t.b.hlsl(ir::HlslOp::ResourceSample, cx.vectorType(cx.f32(), 4), {Operand::v(img)});
  std::string diags;
  t.legalize(&diags);
  CHECK(has(diags, "malformed hlsl.resource_sample"));
}
