#include "tests/unit/heaps/HeapShaders.h"

#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/Writer.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

#include <set>

namespace sl::test {

using ir::Operand;
using ir::Value;

namespace {

// `cbuffer CB { uint f0; uint f1; ... }` at (0, 0), already laid out as the ordinary pass would.
ir::GlobalVarId indexBuffer(ir::Builder& b, uint32_t fields) {
  ir::Context& cx = b.cx();
  std::vector<ir::StructMember> members;
  for (uint32_t i = 0; i < fields; ++i)
    members.push_back({"Index" + std::to_string(i), cx.u32(), {{spv::DecorationOffset, {4 * i}}}});
  ir::Type t = cx.structType("type_CB", members, {{spv::DecorationBlock, {}}});
  ir::GlobalVarId g = b.global("CB", t, spv::StorageClassUniform);
  b.bind(g, 0, 0);
  return g;
}

ir::FuncId mainFunction(ir::Builder& b) {
  ir::FuncId f = b.createFunction("main", b.cx().voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {4, 1, 1}});
  return f;
}

}  // namespace

ir::Value heapHandle(ir::Builder& b, ir::ResourceKind kind, ir::Type element, ir::Value index) {
  return b.hlsl(ir::HlslOp::HandleFromHeap, b.cx().hlslResourceType(kind, element), {Operand::v(index)});
}

void storeTyped(ir::Builder& b, ir::Value handle, uint32_t coord, int32_t value) {
  b.hlsl(ir::HlslOp::ResourceStore, ir::Type(), {Operand::v(handle), Operand::v(b.constU32(coord)), Operand::v(b.constS32(value))});
}

ir::Module heapShader(const std::function<void(ir::Builder&, ir::Value)>& body) {
  ir::Module m(std::make_shared<ir::Context>());
  m.addDebugFile("heap.hlsl");
  ir::Builder b(m);
  ir::GlobalVarId cb = indexBuffer(b, 1);
  mainFunction(b);
  b.setLoc(0, 8, 3);
  Value index = b.load(b.accessChain(Value::global(cb), {b.constU32(0)}));
  body(b, index);
  b.ret();
  return m;
}

ir::Module example1() {
  return heapShader([](ir::Builder& b, Value index) {
    b.setLoc(0, 9, 23);
    Value buf = heapHandle(b, ir::ResourceKind::RWBuffer, b.cx().s32(), index);
    b.setLoc(0, 10, 3);
    storeTyped(b, buf, 0, 123);
  });
}

ir::Module example1b() {
  return heapShader([](ir::Builder& b, Value index) {
    b.setLoc(0, 10, 9);
    Value buf = heapHandle(b, ir::ResourceKind::RWBuffer, b.cx().s32(), index);
    b.setLoc(0, 11, 3);
    storeTyped(b, buf, 0, 123);
    b.setLoc(0, 13, 9);
    buf = heapHandle(b, ir::ResourceKind::RWBuffer, b.cx().s32(), b.iadd(index, b.constU32(1)));
    b.setLoc(0, 14, 3);
    storeTyped(b, buf, 0, 456);
  });
}

ir::Module example2() {
  // SPIR-V has no resource-typed parameters: irgen inlines foo, so the handle made at the call
  // site (line 14) is used by foo's body (line 9).
  return heapShader([](ir::Builder& b, Value index) {
    b.setLoc(0, 14, 7);
    Value buf = heapHandle(b, ir::ResourceKind::RWBuffer, b.cx().s32(), index);
    b.setLoc(0, 9, 3);
    storeTyped(b, buf, 0, 123);
  });
}

ir::Module dynResCbvSrvUav() {
  ir::Module m(std::make_shared<ir::Context>());
  ir::Context& cx = m.cx();
  m.addDebugFile("dyn-res-cvb-srv-uav.hlsl");
  ir::Builder b(m);
  ir::GlobalVarId cb = indexBuffer(b, 3);
  const ir::Type int4 = cx.vectorType(cx.s32(), 4);
  ir::Type outBlock = cx.structType("type_RWStructuredBuffer_v4int",
                                    {{"data", cx.runtimeArrayType(int4, 16), {{spv::DecorationOffset, {0}}}}},
                                    {{spv::DecorationBlock, {}}});
  ir::GlobalVarId out = b.global("BufOut", outBlock, spv::StorageClassStorageBuffer);
  b.bind(out, 0, 1);
  ir::GlobalVarId gtid = b.global("gl_LocalInvocationID", cx.vectorType(cx.u32(), 3), spv::StorageClassInput);
  b.decorate(gtid, spv::DecorationBuiltIn, {spv::BuiltInLocalInvocationId});
  mainFunction(b);
  b.setLoc(0, 20, 3);
  Value id = b.extract(b.load(Value::global(gtid)), {0});
  auto field = [&](uint32_t i) { return b.load(b.accessChain(Value::global(cb), {b.constU32(i)})); };
  ir::Type s = cx.structType("S", {{"vec", int4, {}}});
  Value constBuf = heapHandle(b, ir::ResourceKind::ConstantBuffer, s, field(0));
  b.setLoc(0, 21, 3);
  Value srvBuf = heapHandle(b, ir::ResourceKind::StructuredBuffer, int4, field(1));
  b.setLoc(0, 22, 3);
  Value uavBuf = heapHandle(b, ir::ResourceKind::RWBuffer, cx.s32(), field(2));
  b.setLoc(0, 24, 3);
  Value cbPtr = b.hlsl(ir::HlslOp::ResourceElementPtr, cx.pointerType(spv::StorageClassUniform, s), {Operand::v(constBuf)});
  Value a = b.load(b.accessChain(cbPtr, {b.constU32(0)}));
  b.setLoc(0, 25, 3);
  Value srvPtr = b.hlsl(ir::HlslOp::ResourceElementPtr, cx.pointerType(spv::StorageClassStorageBuffer, int4),
                        {Operand::v(srvBuf), Operand::v(id)});
  Value bv = b.load(srvPtr);
  b.setLoc(0, 26, 3);
  Value c = b.hlsl(ir::HlslOp::ResourceLoad, cx.s32(), {Operand::v(uavBuf), Operand::v(id)});
  b.setLoc(0, 28, 3);
  Value sum = b.iadd(b.iadd(a, bv), b.construct(int4, {c, c, c, c}));
  b.store(b.accessChain(Value::global(out), {b.constU32(0), id}), sum);
  b.ret();
  return m;
}

std::string disassemble(const std::vector<uint32_t>& words) {
  std::string text;
  REQUIRE(spirv::disassemble(words, text));
  return text;
}

std::vector<uint32_t> legalizeAndWrite(ir::Module& module, const passes::heaps::HeapOptions& options,
                                       passes::heaps::HeapLegalizeResult* out, spirv::TargetEnv env) {
  passes::heaps::HeapLegalizeResult result = passes::heaps::legalizeHeaps(module, options);
  INFO(renderDiagnostics(result.diagnostics));
  REQUIRE(result.ok());
  {
    std::vector<Diagnostic> problems = ir::verifyModule(module);
    INFO(ir::printModule(module).text);
    INFO(renderDiagnostics(problems));
    REQUIRE(problems.empty());
  }
  spirv::WriterOptions writer;
  writer.env = env;
  spirv::WriteResult written = spirv::writeModule(module, writer);
  INFO(renderDiagnostics(written.diagnostics));
  REQUIRE(written.ok());
  std::vector<Diagnostic> invalid = spirv::validate(written.words, env);
  if (!invalid.empty()) {
    INFO(disassemble(written.words));
    INFO(renderDiagnostics(invalid));
    REQUIRE(invalid.empty());
  }
  if (out) *out = std::move(result);
  return written.words;
}

void addHeapLayout(const passes::heaps::HeapLegalizeResult& result, const std::vector<uint8_t>& code,
                   hal::ExecutableLayout& layout) {
  // The runtime's glue (renderer/offload/HeapLayout) reads the heap arrays back from the SPIR-V;
  // it must agree with what the pass says it declared.
  std::string error = offload::addHeapLayout(offload::reflectSpirv(code), layout);
  INFO(error);
  REQUIRE(error.empty());
  std::set<std::pair<uint32_t, uint32_t>> declared;
  for (const passes::heaps::HeapArray& a : result.arrays) declared.insert({a.binding.set, a.binding.binding});
  std::set<std::pair<uint32_t, uint32_t>> reflected;
  for (const hal::HeapBindingLayout& h : layout.heapBindings) {
    reflected.insert({h.set, h.binding});
    for (const passes::heaps::HeapArray& a : result.arrays)
      if (a.binding.set == h.set && a.binding.binding == h.binding) CHECK(a.arraySize == h.arrayCount);
  }
  CHECK(reflected == declared);
  REQUIRE(layout.heapStatus.has_value() == result.status.has_value());
  if (result.status) {
    CHECK(layout.heapStatus->set == result.status->binding.set);
    CHECK(layout.heapStatus->binding == result.status->binding.binding);
  }
  CHECK(((layout.heapUsage & hal::kHeapResource) != 0) == (result.usesResourceHeap || result.usesCounters));
  CHECK(((layout.heapUsage & hal::kHeapSampler) != 0) == result.usesSamplerHeap);
}

}  // namespace sl::test
