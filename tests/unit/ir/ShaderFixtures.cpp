#include "tests/unit/ir/ShaderFixtures.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

namespace sl::ir::fixtures {

BufferGlobals declareBufferAndInvocationId(Builder& b, BufferStyle style) {
  Context& cx = b.cx();
  const bool ssbo = style == BufferStyle::StorageBufferBlock;
  Type array = cx.runtimeArrayType(cx.u32(), 4);
  Type block = cx.structType("type.RWStructuredBuffer.uint",
                             {{"", array, {{spv::DecorationOffset, {0}}}}},
                             {{ssbo ? uint32_t(spv::DecorationBlock) : uint32_t(spv::DecorationBufferBlock), {}}});
  BufferGlobals g;
  g.buffer = b.global("buf", block, ssbo ? spv::StorageClassStorageBuffer : spv::StorageClassUniform);
  b.bind(g.buffer, 0, 0);
  g.invocation = b.global("gl_GlobalInvocationID", cx.vectorType(cx.u32(), 3), spv::StorageClassInput);
  b.decorate(g.invocation, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});
  return g;
}

namespace {

FuncId computeEntry(Builder& b, uint32_t x) {
  FuncId f = b.createFunction("main", b.cx().voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {x, 1, 1}});
  return f;
}

Value element(Builder& b, GlobalVarId buffer, Value index) {
  return b.accessChain(Value::global(buffer), {b.constU32(0), index});
}

}  // namespace

Module doubleBuffer(BufferStyle style) {
  Module m(std::make_shared<Context>());
  Builder b(m);
  const uint32_t file = m.addDebugFile("shaders/double.hlsl", "RWStructuredBuffer<uint> buf;\n");
  BufferGlobals g = declareBufferAndInvocationId(b, style);
  computeEntry(b, 64);
  b.setLoc(file, 4, 7);
  Value id = b.load(Value::global(g.invocation));
  Value x = b.extract(id, {0});
  Value len = b.arrayLength(Value::global(g.buffer), 0);
  b.beginIf(b.ult(x, len));
  b.setLoc(file, 5, 5);
  Value p = element(b, g.buffer, x);
  Value doubled = b.imul(b.load(p), b.constU32(2));
  b.store(p, b.iadd(doubled, b.constU32(1)));
  b.beginElse();
  b.setLoc(file, 7, 5);
  b.ret();
  b.endIf();
  b.clearLoc();
  b.ret();
  return m;
}

Module loops(BufferStyle style) {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = b.cx();
  BufferGlobals g = declareBufferAndInvocationId(b, style);

  // uint addTwice(uint a, uint b) { return a + 2 * b; }
  FuncId helper = b.createFunction("addTwice", cx.u32(), {cx.u32(), cx.u32()}, {"a", "b"});
  b.ret(b.iadd(b.param(0), b.imul(b.constU32(2), b.param(1))));

  computeEntry(b, 1);
  Value total = b.local(cx.u32(), "total", cx.u32(0));
  Value i = b.local(cx.u32(), "i");
  Value j = b.local(cx.u32(), "j");
  b.store(i, b.constU32(0));
  b.beginLoop();  // for (i...)
  {
    b.beginIf(b.logicalNot(b.ult(b.load(i), b.constU32(8))));
    b.breakOut();
    b.endIf();
    b.beginIf(b.ieq(b.load(i), b.constU32(3)));
    b.continueLoop();
    b.endIf();
    b.store(j, b.constU32(0));
    b.beginLoop();  // for (j...)
    {
      // Operands are loaded into named values first: C++ leaves argument evaluation order
      // unspecified, and the printed golden text must not depend on the compiler.
      Value jv = b.load(j);
      Value iv = b.load(i);
      b.beginIf(b.logicalNot(b.ult(jv, iv)));
      b.breakOut();
      b.endIf();
      b.beginIf(b.ieq(b.load(j), b.constU32(5)));
      b.breakOut();
      b.endIf();
      Value iv2 = b.load(i);
      Value jv2 = b.load(j);
      Value product = b.imul(iv2, jv2);
      b.store(total, b.iadd(b.load(total), product));
      b.beginContinuing();
      b.store(j, b.iadd(b.load(j), b.constU32(1)));
    }
    b.endLoop();
    b.beginIf(b.ugt(b.load(total), b.constU32(1000)));
    b.ret();
    b.endIf();
    b.beginContinuing();
    b.store(i, b.iadd(b.load(i), b.constU32(1)));
  }
  b.endLoop();

  // do { n = n + 3; } while (n < 10): n is loop-carried through region inputs.
  NodeId doWhile = b.beginLoop({b.constU32(0)}, {cx.u32()}, {cx.u32()});
  Value n = b.iadd(b.loopInput(0), b.constU32(3));
  b.yield({n});
  b.beginContinuing();
  Value c = b.continuingInput(0);
  b.breakIf(b.logicalNot(b.ult(c, b.constU32(10))), {c}, {c});
  b.endLoop();

  Value id = b.load(Value::global(g.invocation));
  Value x = b.extract(id, {0});
  // Sequenced: the order in which a call's arguments are evaluated is unspecified (GCC and Clang
  // differ), and the printed instruction order must not depend on the compiler.
  const Value sum = b.call(helper, {b.load(total), b.output(doWhile, 0)});
  b.store(element(b, g.buffer, x), sum);
  b.ret();
  return m;
}

Module switchAndSelect(BufferStyle style) {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = b.cx();
  BufferGlobals g = declareBufferAndInvocationId(b, style);
  computeEntry(b, 8);
  Value r = b.local(cx.u32(), "r", cx.u32(0));
  Value x = b.extract(b.load(Value::global(g.invocation)), {0});
  b.beginSwitch(b.umod(x, b.constU32(4)));
  b.beginCase({0});
  b.store(r, b.constU32(10));
  b.beginCase({1});  // case 0 falls through into case 1
  b.store(r, b.iadd(b.load(r), b.constU32(1)));
  b.breakOut();
  b.beginCase({2});
  b.store(r, b.constU32(20));
  b.breakOut();
  b.beginCase({}, true);
  b.store(r, b.constU32(30));
  b.endSwitch();

  Value rv = b.load(r);
  NodeId sel = b.beginIf(b.ugt(rv, b.constU32(15)), {cx.u32()});
  b.yield({rv});
  b.beginElse();
  b.yield({b.imul(rv, b.constU32(2))});
  b.endIf();
  b.store(element(b, g.buffer, x), b.output(sel, 0));
  b.ret();
  return m;
}

Module uniformsAndPushConstants(BufferStyle style) {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = b.cx();
  BufferGlobals g = declareBufferAndInvocationId(b, style);
  Type f32 = cx.f32();
  Type v3 = cx.vectorType(f32, 3);
  Type v4 = cx.vectorType(f32, 4);
  Type m4 = cx.matrixType(v4, 4);
  Type arr = cx.arrayType(f32, 3, 16);
  Type params = cx.structType("type.Params",
                              {{"a", f32, {{spv::DecorationOffset, {0}}}},
                               {"b", v3, {{spv::DecorationOffset, {16}}}},
                               {"m", m4, {{spv::DecorationOffset, {32}}, {spv::DecorationMatrixStride, {16}}, {spv::DecorationRowMajor, {}}}},
                               {"arr", arr, {{spv::DecorationOffset, {96}}}},
                               {"tail", cx.u32(), {{spv::DecorationOffset, {144}}}}},
                              {{spv::DecorationBlock, {}}});
  GlobalVarId cb = b.global("Params", params, spv::StorageClassUniform);
  b.bind(cb, 0, 1);
  Type pcType = cx.structType("type.PushConstant.PC",
                              {{"offset", cx.u32(), {{spv::DecorationOffset, {0}}}},
                               {"scale", f32, {{spv::DecorationOffset, {4}}}}},
                              {{spv::DecorationBlock, {}}});
  GlobalVarId pc = b.global("pc", pcType, spv::StorageClassPushConstant);

  computeEntry(b, 16);
  Value x = b.extract(b.load(Value::global(g.invocation)), {0});
  Value a = b.load(b.accessChain(Value::global(cb), {b.constS32(0)}));
  Value arr1 = b.load(b.accessChain(Value::global(cb), {b.constS32(3), b.constS32(1)}));
  Value row = b.load(b.accessChain(Value::global(cb), {b.constS32(2), b.constS32(1)}));
  Value mz = b.extract(row, {2});
  Value scale = b.load(b.accessChain(Value::global(pc), {b.constS32(1)}));
  Value offset = b.load(b.accessChain(Value::global(pc), {b.constS32(0)}));
  Value sum = b.fmul(b.fadd(b.fadd(a, arr1), mz), scale);
  Value clamped = b.glsl(GLSLstd450FClamp, f32, {sum, b.constF32(0.0f), b.constF32(1000.0f)});
  Value root = b.glsl(GLSLstd450Sqrt, f32, {clamped});
  Value asUint = b.convert(spv::OpConvertFToU, cx.u32(), root);
  Value tail = b.load(b.accessChain(Value::global(cb), {b.constS32(4)}));
  Value limited = b.glsl(GLSLstd450UMin, cx.u32(), {b.iadd(asUint, offset), tail});
  b.store(b.accessChain(Value::global(g.buffer), {b.constU32(0), x}), limited);
  b.ret();
  return m;
}

Module sharedMemoryAndAtomics(BufferStyle style) {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = b.cx();
  BufferGlobals g = declareBufferAndInvocationId(b, style);
  GlobalVarId tile = b.global("tile", cx.arrayType(cx.u32(), 64), spv::StorageClassWorkgroup);
  GlobalVarId counter = b.global("counter", cx.u32(), spv::StorageClassWorkgroup);
  GlobalVarId local = b.global("gl_LocalInvocationIndex", cx.u32(), spv::StorageClassInput);
  b.decorate(local, spv::DecorationBuiltIn, {spv::BuiltInLocalInvocationIndex});

  computeEntry(b, 64);
  Value lid = b.load(Value::global(local));
  Value x = b.extract(b.load(Value::global(g.invocation)), {0});
  b.store(b.accessChain(Value::global(tile), {lid}), x);
  const uint32_t semantics = spv::MemorySemanticsWorkgroupMemoryMask | spv::MemorySemanticsAcquireReleaseMask;
  b.controlBarrier(spv::ScopeWorkgroup, spv::ScopeWorkgroup, semantics);
  Value neighbour = b.load(b.accessChain(Value::global(tile), {b.bitAnd(b.iadd(lid, b.constU32(1)), b.constU32(63))}));
  Value slot = b.atomic(spv::OpAtomicIAdd, Value::global(counter), spv::ScopeWorkgroup, 0, b.constU32(1));
  Value p = b.accessChain(Value::global(g.buffer), {b.constU32(0), b.umod(slot, b.constU32(64))});
  b.atomic(spv::OpAtomicIAdd, p, spv::ScopeDevice, 0, neighbour);
  b.ret();
  return m;
}

}  // namespace sl::ir::fixtures
