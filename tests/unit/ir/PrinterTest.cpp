#include "core/ir/Builder.h"
#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"
#include "tests/unit/ir/ShaderFixtures.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

#include <iostream>

using namespace sl;
using namespace sl::ir;

namespace {

size_t lineNumberOf(const std::string& text, const std::string& needle) {
  size_t pos = text.find(needle);
  REQUIRE(pos != std::string::npos);
  return static_cast<size_t>(std::count(text.begin(), text.begin() + pos, '\n')) + 1;
}

}  // namespace

TEST_CASE("golden: RWStructuredBuffer compute shader", "[ir][printer]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  const char* expected = R"(type T0 = [u32] #[ArrayStride(4)]
type T1 = struct `type.RWStructuredBuffer.uint` {
  0: T0 #[Offset(0)],
} #[Block]

#[DescriptorSet(0), Binding(0)]
global_var GV0`buf` in StorageBuffer: T1
#[BuiltIn(GlobalInvocationId)]
global_var GV1`gl_GlobalInvocationID` in Input: u32x3

entry_point GLCompute "main" = F0 LocalSize(64, 1, 1)

func F0`main`() -> void {
  v0 = spv.OpLoad(&GV1): u32x3  // shaders/double.hlsl:4:7
  v1 = spv.OpCompositeExtract(v0, 0): u32  // shaders/double.hlsl:4:7
  v2 = spv.OpArrayLength(&GV0, 0): u32  // shaders/double.hlsl:4:7
  v3 = spv.OpULessThan(v1, v2): bool  // shaders/double.hlsl:4:7
  if v3 {  // shaders/double.hlsl:4:7
    v4 = spv.OpAccessChain(&GV0, 0u32, v1): ptr<StorageBuffer, u32>  // shaders/double.hlsl:5:5
    v5 = spv.OpLoad(v4): u32  // shaders/double.hlsl:5:5
    v6 = spv.OpIMul(v5, 2u32): u32  // shaders/double.hlsl:5:5
    v7 = spv.OpIAdd(v6, 1u32): u32  // shaders/double.hlsl:5:5
    spv.OpStore(v4, v7)  // shaders/double.hlsl:5:5
  } else {
    return  // shaders/double.hlsl:7:5
  }
  return
}
)";
  CHECK(printModule(m).text == expected);
}

TEST_CASE("golden: switch with fall-through and an if with outputs", "[ir][printer]") {
  Module m = fixtures::switchAndSelect(fixtures::BufferStyle::UniformBufferBlock);
  const std::string text = printModule(m).text;
  const char* expectedBody = R"(func F0`main`() -> void {
  #[name("r")]
  v0 = spv.OpVariable(Function, 0u32): ptr<Function, u32>
  v1 = spv.OpLoad(&GV1): u32x3
  v2 = spv.OpCompositeExtract(v1, 0): u32
  v3 = spv.OpUMod(v2, 4u32): u32
  switch v3 {
    case 0 {
      spv.OpStore(v0, 10u32)
      fallthrough
    }
    case 1 {
      v4 = spv.OpLoad(v0): u32
      v5 = spv.OpIAdd(v4, 1u32): u32
      spv.OpStore(v0, v5)
      break
    }
    case 2 {
      spv.OpStore(v0, 20u32)
      break
    }
    default {
      spv.OpStore(v0, 30u32)
    }
  }
  v6 = spv.OpLoad(v0): u32
  v7 = spv.OpUGreaterThan(v6, 15u32): bool
  (v8: u32) = if v7 {
    yield(v6)
  } else {
    v9 = spv.OpIMul(v6, 2u32): u32
    yield(v9)
  }
  v10 = spv.OpAccessChain(&GV0, 0u32, v2): ptr<Uniform, u32>
  spv.OpStore(v10, v8)
  return
}
)";
  CHECK(text.find(expectedBody) != std::string::npos);
  CHECK(text.find("} #[BufferBlock]") != std::string::npos);
  CHECK(text.find("global_var GV0`buf` in Uniform: T1") != std::string::npos);
}

TEST_CASE("golden: loops with continuing regions, loop-carried values and break_if", "[ir][printer]") {
  const std::string text = printModule(fixtures::loops(fixtures::BufferStyle::StorageBufferBlock)).text;
  const char* doWhile = R"(  (v26: u32) = loop(v25: u32 = 0u32) {
    v27 = spv.OpIAdd(v25, 3u32): u32
    yield(v27)
  } continuing(v28: u32) {
    v29 = spv.OpULessThan(v28, 10u32): bool
    v30 = spv.OpLogicalNot(v29): bool
    break_if v30 next(v28) exit(v28)
  }
)";
  CHECK(text.find(doWhile) != std::string::npos);
  CHECK(text.find("func F0`addTwice`(v0`a`: u32, v1`b`: u32) -> u32 {") != std::string::npos);
  CHECK(text.find("  v34 = call F0`addTwice`(v33, v26): u32\n") != std::string::npos);
  CHECK(text.find("    } continuing {\n      v19 = spv.OpLoad(v2): u32\n") != std::string::npos);
}

TEST_CASE("printing is stable across runs and module copies", "[ir][printer]") {
  Module m = fixtures::uniformsAndPushConstants(fixtures::BufferStyle::StorageBufferBlock);
  Module copy = m;
  CHECK(printModule(m).text == printModule(m).text);
  CHECK(printModule(m).text == printModule(copy).text);
  const std::string text = printModule(m).text;
  CHECK(text.find("  2: `m` mat<f32x4, 4> #[Offset(32), MatrixStride(16), RowMajor],\n") != std::string::npos);
  CHECK(text.find("type T2 = [f32; 3] #[ArrayStride(16)]") != std::string::npos);
  CHECK(text.find("v16 = glsl.FClamp(v15, 0.0f32, 1000.0f32): f32") != std::string::npos);
  CHECK(text.find("global_var GV3`pc` in PushConstant: T4") != std::string::npos);
}

TEST_CASE("the source map gives each printed line its debug location", "[ir][printer]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  PrintedModule printed = printModule(m);
  REQUIRE(printed.lineLocs.size() == static_cast<size_t>(std::count(printed.text.begin(), printed.text.end(), '\n')));
  const size_t storeLine = lineNumberOf(printed.text, "spv.OpStore(v4, v7)");
  CHECK(printed.lineLocs[storeLine - 1].file == "shaders/double.hlsl");
  CHECK(printed.lineLocs[storeLine - 1].line == 5);
  CHECK(printed.lineLocs[storeLine - 1].column == 5);
  const size_t returnLine = lineNumberOf(printed.text, "    return");
  CHECK(printed.lineLocs[returnLine - 1].line == 7);
  const size_t typeLine = lineNumberOf(printed.text, "type T0");
  CHECK_FALSE(printed.lineLocs[typeLine - 1].valid());

  PrintOptions noLocs;
  noLocs.debugLocs = false;
  PrintedModule plain = printModule(m, noLocs);
  CHECK(plain.text.find("//") == std::string::npos);
  // The map is still there without the comments.
  CHECK(plain.lineLocs[lineNumberOf(plain.text, "spv.OpStore(v4, v7)") - 1].line == 5);
}

TEST_CASE("qptr ops and the qptr.usage attribute print in SPIR-T style", "[ir][printer]") {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = m.cx();
  Type qptr = cx.qptrType();
  GlobalVarId buf = m.addGlobal("data", cx.u32(), spv::StorageClassStorageBuffer);
  m.global(buf).refType = qptr;
  m.global(buf).attrs.qptrUsage = "buffer_data({ 0..4 => u32 })";
  b.createFunction("main", cx.voidType(), {cx.u32()});
  Value local = b.qptr(QptrOp::FuncLocalVar, qptr, {Operand::i(16), Operand::i(4)});
  b.instOf(local).attrs.qptrUsage = "(0..4) x 4 => f32";
  Value elem = b.qptr(QptrOp::HandleArrayIndex, qptr, {Operand::v(Value::global(buf)), Operand::v(b.param(0))});
  Value data = b.qptr(QptrOp::BufferData, qptr, {Operand::v(elem)});
  Value len = b.qptr(QptrOp::BufferDynLen, cx.u32(), {Operand::v(elem), Operand::i(16), Operand::i(32)});
  Value off = b.qptr(QptrOp::Offset, qptr, {Operand::v(data), Operand::i(static_cast<uint32_t>(-8))});
  Value dyn = b.qptr(QptrOp::DynOffset, qptr, {Operand::v(local), Operand::v(len), Operand::i(4)});
  Value v = b.qptr(QptrOp::Load, cx.f32(), {Operand::v(dyn)});
  b.qptr(QptrOp::Store, Type(), {Operand::v(off), Operand::v(v)});
  b.ret();
  REQUIRE(verifyModule(m).empty());
  const std::string text = printModule(m).text;
  const char* expected = R"(#[qptr.usage(buffer_data({ 0..4 => u32 }))]
global_var GV0`data` in StorageBuffer: u32 (as qptr)

func F0`main`(v0: u32) -> void {
  #[qptr.usage((0..4) x 4 => f32)]
  v1 = qptr.func_local_var(size: 16, align: 4): qptr
  v2 = qptr.handle_array_index(&GV0, v0): qptr
  v3 = qptr.buffer_data(v2): qptr
  v4 = qptr.buffer_dyn_len(v2, fixed_base_size: 16, dyn_unit_stride: 32): u32
  v5 = qptr.offset(v3, -8): qptr
  v6 = qptr.dyn_offset(v1, v4 x 4): qptr
  v7 = qptr.load(v6): f32
  qptr.store(v5, v7)
  return
}
)";
  CHECK(text == expected);
}

TEST_CASE("hlsl-level ops and resource types print with their family prefix", "[ir][printer]") {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = m.cx();
  Type rw = cx.hlslResourceType(ResourceKind::RWStructuredBuffer, cx.u32());
  Type tex = cx.hlslResourceType(ResourceKind::Texture2D, cx.vectorType(cx.f32(), 4));
  b.createFunction("main", cx.voidType(), {cx.u32()});
  Value h = b.hlsl(HlslOp::HandleFromBinding, rw, {Operand::i(0), Operand::i(3), Operand::i(1)});
  Value implicitBinding = b.hlsl(HlslOp::HandleFromBinding, rw, {Operand::i(1), Operand::i(UINT32_MAX), Operand::i(1)});
  (void)implicitBinding;
  Value t = b.hlsl(HlslOp::HandleFromHeap, tex, {Operand::v(b.param(0))});
  (void)t;
  Value p = b.hlsl(HlslOp::ResourceElementPtr, cx.pointerType(spv::StorageClassStorageBuffer, cx.u32()),
                   {Operand::v(h), Operand::v(b.param(0))});
  b.store(p, b.constU32(1));
  b.ret();
  REQUIRE(verifyModule(m).empty());
  const std::string text = printModule(m).text;
  CHECK(text.find("type T0 = hlsl.resource<RWStructuredBuffer, u32>") != std::string::npos);
  CHECK(text.find("type T1 = hlsl.resource<Texture2D, f32x4>") != std::string::npos);
  CHECK(text.find("v1 = hlsl.handle_from_binding(space: 0, binding: 3, range: 1): T0") != std::string::npos);
  CHECK(text.find("v2 = hlsl.handle_from_binding(space: 1, binding: implicit, range: 1): T0") != std::string::npos);
  CHECK(text.find("v3 = hlsl.handle_from_heap(v0): T1") != std::string::npos);
  CHECK(text.find("v4 = hlsl.resource_element_ptr(v1, v0): ptr<StorageBuffer, u32>") != std::string::npos);
}

TEST_CASE("constants that do not print inline are defined once at the top", "[ir][printer]") {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = m.cx();
  Type v4 = cx.vectorType(cx.f32(), 4);
  Const white = cx.composite(v4, {cx.f32(1), cx.f32(1), cx.f32(1), cx.f32(1)});
  Const kCount = cx.specConst(cx.u32(), 8, 3);
  GlobalVarId g = b.global("color", v4, spv::StorageClassPrivate, white);
  b.createFunction("main", cx.voidType(), {});
  Value c = b.load(Value::global(g));
  b.store(Value::global(g), b.fmul(c, b.constant(white)));
  b.iadd(b.constant(kCount), b.constant(kCount));
  b.store(Value::global(g), b.constant(cx.undef(v4)));
  b.ret();
  const std::string text = printModule(m).text;
  CHECK(text.find("const C0 = f32x4(1.0f32, 1.0f32, 1.0f32, 1.0f32)\n") != std::string::npos);
  CHECK(text.find("const C1 = spec 8u32 #[SpecId(3)]\n") != std::string::npos);
  CHECK(text.find("const C2 = undef: f32x4\n") != std::string::npos);
  CHECK(text.find("global_var GV0`color` in Private: f32x4 = C0") != std::string::npos);
  CHECK(text.find("spv.OpIAdd(C1, C1): u32") != std::string::npos);
}

TEST_CASE("enumerant and bit-mask immediates print by name", "[ir][printer]") {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = m.cx();
  FuncId f = b.createFunction("main", cx.voidType(), {});
  Value v = b.local(cx.u32(), "v");
  b.spv(spv::OpLoad, cx.u32(), {Operand::v(v), Operand::i(spv::MemoryAccessVolatileMask | spv::MemoryAccessAlignedMask), Operand::i(4)});
  b.spv(spv::OpLoad, cx.u32(), {Operand::v(v), Operand::i(0)});
  NodeId loop = b.beginLoop();
  b.breakOut();
  b.endLoop();
  m.function(f).node(loop).loopControl = spv::LoopControlUnrollMask;
  b.ret();
  const std::string text = printModule(m).text;
  CHECK(text.find("spv.OpLoad(v0, MemoryAccess(Volatile|Aligned), 4): u32") != std::string::npos);
  CHECK(text.find("spv.OpLoad(v0, MemoryAccess(None)): u32") != std::string::npos);
  CHECK(text.find("loop #[LoopControl(Unroll)] {") != std::string::npos);
}

TEST_CASE("malformed IR prints without crashing", "[ir][printer]") {
  Module m(std::make_shared<Context>());
  Builder b(m);
  FuncId f = b.createFunction("main", m.cx().voidType(), {});
  b.iadd(Value::inst(InstId(40)), b.constU32(1));
  b.ret();
  m.function(f).region(m.function(f).body).nodes.push_back(NodeId(99));
  const std::string text = printModule(m).text;
  CHECK(text.find("v?") != std::string::npos);
  CHECK(text.find("<bad node>") != std::string::npos);
}
