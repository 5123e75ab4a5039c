// The DXIL code generator: IR built with core/ir's Builder -> `llvm` stage -> `dxil` stage.
#include "core/dxil/EmitDxil.h"
#include "core/dxil/lower/ShaderFlags.h"
#include "core/dxil/emit/LlvmEmitter.h"
#include "core/dxil/emit/ResourceTypes.h"
#include "core/ir/Builder.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DerivedTypes.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/PassManager.h>
#include <llvm/IR/PassInstrumentation.h>
#include <llvm/Support/SourceMgr.h>

#include <catch2/catch.hpp>
#include <spirv/unified1/spirv.hpp>

#include <regex>

using namespace sl;
using namespace sl::ir;

namespace {

size_t count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

Type storagePtr(Context& cx, Type t) { return cx.pointerType(spv::StorageClassStorageBuffer, t); }

// Seed 0050: [numthreads(1,1,1)] void main() { RWBuffer<float4> buf = ResourceDescriptorHeap[3];
//            buf[0] = float4(1, 2, 3, 4); }
Module seed0050Module() {
  Module m(std::make_shared<Context>());
  Context& cx = m.cx();
  Builder b(m);
  uint32_t file = m.addDebugFile("seed0050.hlsl");
  FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  Type f4 = cx.vectorType(cx.f32(), 4);
  Type res = cx.hlslResourceType(ResourceKind::RWBuffer, f4);
  b.setLoc(file, 3, 23);
  Value h = b.hlsl(HlslOp::HandleFromHeap, res, {Operand::v(b.constU32(3))});
  b.setLoc(file, 4, 10);
  Value v = b.construct(f4, {b.constF32(1), b.constF32(2), b.constF32(3), b.constF32(4)});
  b.hlsl(HlslOp::ResourceStore, Type(), {Operand::v(h), Operand::v(b.constU32(0)), Operand::v(v)});
  b.ret();
  REQUIRE(b.errors().empty());
  return m;
}

}  // namespace

TEST_CASE("seed 0050: RWBuffer<float4> from the heap lowers to createHandleFromHeap + annotateHandle") {
  Module m = seed0050Module();
  dxil::DxilResult r = dxil::emitDxil(m);
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  const std::string& llvmText = r.llvmStage.text;
  CHECK(llvmText.find("target triple = \"dxil-pc-shadermodel6.6-compute\"") != std::string::npos);
  CHECK(llvmText.find("call target(\"dx.TypedBuffer\", <4 x float>, 1, 0, 0) "
                      "@llvm.dx.resource.handlefromheap.tdx.TypedBuffer_v4f32_1_0_0t(i32 3)") != std::string::npos);
  CHECK(llvmText.find("\"hlsl.shader\"=\"compute\"") != std::string::npos);
  CHECK(llvmText.find("\"hlsl.numthreads\"=\"1,1,1\"") != std::string::npos);
  CHECK(llvmText.find("@llvm.dx.resource.store.typedbuffer") != std::string::npos);

  const std::string& text = r.dxilStage.text;
  std::regex heap(R"(%(\d+) = call %dx\.types\.Handle @dx\.op\.createHandleFromHeap\(i32 218, i32 3, i1 false, i1 false\))");
  std::smatch match;
  REQUIRE(std::regex_search(text, match, heap));
  std::string annotate = "call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %" + match[1].str() +
                         ", %dx.types.ResourceProperties { i32 4106, i32 1033 })";
  CHECK(text.find(annotate) != std::string::npos);
  CHECK(count(text, "call %dx.types.Handle @dx.op.createHandleFromHeap(") == 1);
  CHECK(count(text, "call %dx.types.Handle @dx.op.annotateHandle(") == 1);
  CHECK(text.find("@dx.op.bufferStore.f32(i32 69, %dx.types.Handle") != std::string::npos);
  CHECK(text.find("llvm.dx.resource") == std::string::npos);
  // Heap resources are not listed in dx.resources; the flags have ResourceDescriptorHeapIndexing.
  CHECK(text.find("!dx.resources") == std::string::npos);
  CHECK(r.shaderFlags == dxil::kFlagResourceDescriptorHeapIndexing);
  CHECK(text.find("!{i32 0, i64 1073741824, i32 4, !") != std::string::npos);
  CHECK(text.find("!dx.shaderModel = !{!") != std::string::npos);
  CHECK(text.find("!{!\"cs\", i32 6, i32 6}") != std::string::npos);
  CHECK(text.find("!{i32 1, i32 6}") != std::string::npos);  // dx.version
  CHECK(text.find("!{i32 1, i32 8}") != std::string::npos);  // dx.valver
  CHECK_FALSE(r.container.empty());
}

TEST_CASE("the line maps point back at the HLSL lines") {
  Module m = seed0050Module();
  dxil::DxilResult r = dxil::emitDxil(m);
  REQUIRE(r.ok());
  if (getenv("SL_DUMP")) {
    for (const dxil::PrintedLlvm* p : {&r.llvmStage, &r.dxilStage}) {
      size_t start = 0, i = 0;
      for (size_t end = p->text.find('\n'); end != std::string::npos; start = end + 1, end = p->text.find('\n', start), ++i)
        printf("%3u | %s\n", p->lineSources[i].line, p->text.substr(start, end - start).c_str());
    }
  }
  for (const dxil::PrintedLlvm* p : {&r.llvmStage, &r.dxilStage}) {
    bool line3 = false, line4 = false;
    size_t lineNo = 0, start = 0;
    REQUIRE(p->lineSources.size() == size_t(count(p->text, "\n")));
    for (size_t end = p->text.find('\n'); end != std::string::npos; start = end + 1, end = p->text.find('\n', start), ++lineNo) {
      std::string line = p->text.substr(start, end - start);
      const SourceLoc& loc = p->lineSources[lineNo];
      if (line.find("call ") == std::string::npos) continue;
      if (line.find("@llvm.dx.resource.handlefromheap.") != std::string::npos || line.find("createHandleFromHeap(i32") != std::string::npos) {
        line3 = loc.line == 3 && loc.file == "seed0050.hlsl";
      }
      if (line.find("store.typedbuffer.") != std::string::npos && line.find("call") != std::string::npos) line4 = loc.line == 4;
      if (line.find("bufferStore.f32(i32") != std::string::npos) line4 = loc.line == 4;
    }
    CHECK(line3);
    CHECK(line4);
  }
}

TEST_CASE("RWStructuredBuffer from a binding, SV_DispatchThreadID, a loop and an if") {
  // [numthreads(64,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  //   uint acc = 0; for (uint i = 0; i < 4; ++i) acc += i * id.x;
  //   if (id.x < 100) out[id.x] = acc; }        // RWStructuredBuffer<uint> out : register(u2, space1)
  Module m(std::make_shared<Context>());
  Context& cx = m.cx();
  Builder b(m);
  GlobalVarId gid = b.global("gl_GlobalInvocationID", cx.vectorType(cx.u32(), 3), spv::StorageClassInput);
  b.decorate(gid, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});
  FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {64, 1, 1}});
  Type res = cx.hlslResourceType(ResourceKind::RWStructuredBuffer, cx.u32());
  Value h = b.hlsl(HlslOp::HandleFromBinding, res, {Operand::i(1), Operand::i(2), Operand::i(1)});
  b.name(h, "out");
  Value x = b.extract(b.load(Value::global(gid)), {0});
  NodeId loop = b.beginLoop({b.constU32(0), b.constU32(0)}, {cx.u32()}, {cx.u32(), cx.u32()});
  Value i = b.loopInput(0), acc = b.loopInput(1);
  b.beginIf(b.uge(i, b.constU32(4)));
  b.breakOut({acc});
  b.endIf();
  b.yield({b.iadd(i, b.constU32(1)), b.iadd(acc, b.imul(i, x))});
  b.beginContinuing();
  b.yield({b.continuingInput(0), b.continuingInput(1)});
  b.endLoop();
  Value sum = b.output(loop, 0);
  b.beginIf(b.ult(x, b.constU32(100)));
  Value p = b.hlsl(HlslOp::ResourceElementPtr, storagePtr(cx, cx.u32()), {Operand::v(h), Operand::v(x)});
  b.store(p, sum);
  b.endIf();
  b.ret();
  REQUIRE(b.errors().empty());

  dxil::DxilResult r = dxil::emitDxil(m);
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  if (getenv("SL_DUMP")) printf("%s\n%s\n", r.llvmStage.text.c_str(), r.dxilStage.text.c_str());
  CHECK(r.llvmStage.text.find("@llvm.dx.resource.handlefrombinding.tdx.RawBuffer_i32_1_0t(i32 1, i32 2, i32 1, i32 0, i1 false)") != std::string::npos);
  CHECK(r.llvmStage.text.find("call i32 @llvm.dx.thread.id(i32 0)") != std::string::npos);
  CHECK(r.llvmStage.text.find("phi i32") != std::string::npos);
  const std::string& text = r.dxilStage.text;
  INFO(text);
  CHECK(text.find("@dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 2, i32 2, i32 1, i8 1 }, i32 2, i1 false)") != std::string::npos);
  CHECK(text.find("%dx.types.ResourceProperties { i32 4108, i32 4 }") != std::string::npos);
  CHECK(text.find("call i32 @dx.op.threadId.i32(i32 93, i32 0)") != std::string::npos);
  CHECK(text.find("call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle") != std::string::npos);
  CHECK(text.find("i8 1, i32 4)") != std::string::npos);
  // dx.resources lists the UAV: id 0, space 1, register 2, range 1, StructuredBuffer, stride 4.
  CHECK(text.find("!{i32 0, ptr undef, !\"out\", i32 1, i32 2, i32 1, i32 12, i1 false, i1 false, i1 false, !") != std::string::npos);
  CHECK(text.find("!{i32 1, i32 4}") != std::string::npos);
  CHECK(r.shaderFlags == dxil::kFlagRawAndStructuredBuffers);
  CHECK(text.find("!{i32 64, i32 1, i32 1}") != std::string::npos);
}

TEST_CASE("DXC createHandleFromHeap/NonUniformDynamic.hlsl: nonUniformIndex is true") {
  // float read(uint ID) { Buffer<float> buf = ResourceDescriptorHeap[NonUniformResourceIndex(ID)]; return buf[0]; }
  // void write(uint ID, float f) { RWBuffer<float> buf = ResourceDescriptorHeap[NonUniformResourceIndex(ID)]; buf[0] = f; }
  // [numthreads(8, 8, 1)] void main(uint2 ID : SV_DispatchThreadID) { write(ID.y, read(ID.x)); }
  Module m(std::make_shared<Context>());
  Context& cx = m.cx();
  Builder b(m);
  GlobalVarId gid = b.global("id", cx.vectorType(cx.u32(), 3), spv::StorageClassInput);
  b.decorate(gid, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});
  FuncId read = b.createFunction("read", cx.f32(), {cx.u32()}, {"ID"});
  {
    Type res = cx.hlslResourceType(ResourceKind::Buffer, cx.f32());
    Value h = b.hlsl(HlslOp::HandleFromHeap, res, {Operand::v(b.nonUniform(b.param(0)))});
    b.ret(b.hlsl(HlslOp::ResourceLoad, cx.f32(), {Operand::v(h), Operand::v(b.constU32(0))}));
  }
  FuncId write = b.createFunction("write", cx.voidType(), {cx.u32(), cx.f32()}, {"ID", "f"});
  {
    Type res = cx.hlslResourceType(ResourceKind::RWBuffer, cx.f32());
    Value h = b.hlsl(HlslOp::HandleFromHeap, res, {Operand::v(b.nonUniform(b.param(0)))});
    b.hlsl(HlslOp::ResourceStore, Type(), {Operand::v(h), Operand::v(b.constU32(0)), Operand::v(b.param(1))});
    b.ret();
  }
  FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {8, 8, 1}});
  Value id = b.load(Value::global(gid));
  Value v = b.call(read, {b.extract(id, {0})});
  b.call(write, {b.extract(id, {1}), v});
  b.ret();
  REQUIRE(b.errors().empty());

  dxil::DxilResult r = dxil::emitDxil(m);
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  INFO(text);
  // CHECK:call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %{{[0-9]+}}, i1 false, i1 true)  (twice)
  std::regex heap(R"(call %dx\.types\.Handle @dx\.op\.createHandleFromHeap\(i32 218, i32 %[0-9]+, i1 false, i1 true\))");
  CHECK(std::distance(std::sregex_iterator(text.begin(), text.end(), heap), std::sregex_iterator()) == 2);
  CHECK(text.find("%dx.types.ResourceProperties { i32 10, i32 265 }") != std::string::npos);    // Buffer<float>
  CHECK(text.find("%dx.types.ResourceProperties { i32 4106, i32 265 }") != std::string::npos);  // RWBuffer<float>
  CHECK(text.find("define internal") == std::string::npos);  // inlined like DXC
  CHECK(r.shaderFlags == dxil::kFlagResourceDescriptorHeapIndexing);
}

TEST_CASE("shader flags: heap indexing bits from createHandleFromHeap's samplerHeap operand") {
  auto flagsOf = [](const char* body) {
    llvm::LLVMContext context;
    llvm::SMDiagnostic err;
    std::string text = std::string("%dx.types.Handle = type { ptr }\n"
                                   "declare %dx.types.Handle @dx.op.createHandleFromHeap(i32, i32, i1, i1)\n"
                                   "define void @main() {\n") + body + "  ret void\n}\n";
    std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(text, err, context);
    REQUIRE(m);
    llvm::ModuleAnalysisManager mam;
    mam.registerPass([] { return dxil::ShaderFlagsAnalysis(); });
    mam.registerPass([] { return llvm::PassInstrumentationAnalysis(); });
    return mam.getResult<dxil::ShaderFlagsAnalysis>(*m).bits;
  };
  const char* resource = "  %a = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 0, i1 false, i1 false)\n";
  const char* sampler = "  %b = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 1, i1 true, i1 false)\n";
  CHECK(flagsOf("") == 0);
  CHECK(flagsOf(resource) == 0x40000000u);
  CHECK(flagsOf(sampler) == 0x80000000u);
  CHECK(flagsOf((std::string(resource) + sampler).c_str()) == 0xC0000000u);
}

TEST_CASE("ResourceProperties of the handle types (dxil.md 3.1 table)") {
  llvm::LLVMContext c;
  llvm::DataLayout layout(dxil::dxilDataLayout());
  auto props = [&](llvm::TargetExtType* t) {
    auto info = dxil::describeResourceType(t, layout);
    REQUIRE(info);
    UNSCOPED_INFO(info->props0 << " " << info->props1);
    return std::make_pair(info->props0, info->props1);
  };
  llvm::Type* f32 = llvm::Type::getFloatTy(c);
  llvm::Type* f4 = llvm::FixedVectorType::get(f32, 4);
  llvm::Type* i4 = llvm::FixedVectorType::get(llvm::Type::getInt32Ty(c), 4);
  CHECK(props(llvm::TargetExtType::get(c, "dx.TypedBuffer", {f4}, {1, 0, 0})) == std::make_pair(4106u, 1033u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.TypedBuffer", {f32}, {0, 0, 0})) == std::make_pair(10u, 265u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.Texture", {f4}, {0, 0, 0, 2})) == std::make_pair(2u, 1033u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.Texture", {f4}, {1, 0, 0, 2})) == std::make_pair(4098u, 1033u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.Texture", {i4}, {0, 0, 1, 7})) == std::make_pair(7u, 1028u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.Sampler", {}, {0})) == std::make_pair(14u, 0u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.Sampler", {}, {1})) == std::make_pair(32782u, 0u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.RawBuffer", {llvm::Type::getInt8Ty(c)}, {0, 0})) == std::make_pair(11u, 0u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.RawBuffer", {llvm::Type::getInt8Ty(c)}, {1, 0})) == std::make_pair(4107u, 0u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.RawBuffer", {f32}, {0, 0})) == std::make_pair(12u, 4u));
  CHECK(props(llvm::TargetExtType::get(c, "dx.CBuffer", {llvm::StructType::get(c, std::vector<llvm::Type*>{f32})}, {})) == std::make_pair(13u, 4u));
  CHECK_FALSE(dxil::describeResourceType(llvm::TargetExtType::get(c, "spirv.Image", {}, {}), layout));
}

TEST_CASE("unsupported input gives a diagnostic, not a crash") {
  Module m(std::make_shared<Context>());
  Context& cx = m.cx();
  Builder b(m);
  uint32_t file = m.addDebugFile("bad.hlsl");
  FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main");
  b.setLoc(file, 7, 3);
  b.qptr(QptrOp::FuncLocalVar, cx.qptrType(), {Operand::i(4), Operand::i(4)});
  b.ret();
  dxil::DxilResult r = dxil::emitDxil(m);
  REQUIRE_FALSE(r.ok());
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics[0].range.begin.line == 7);
  CHECK(r.diagnostics[0].message.find("qptr.func_local_var") != std::string::npos);
}

TEST_CASE("DXC createHandleFromHeap/dynamic_append_buf.hlsl: the counter is marked in ResourceProperties") {
  // [numthreads(1, 1, 1)] void main() { AppendStructuredBuffer<uint3> buf = ResourceDescriptorHeap[0];
  //                                     buf.Append(uint3(1, 2, 3)); }
  Module m(std::make_shared<Context>());
  Context& cx = m.cx();
  Builder b(m);
  FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  Type u3 = cx.vectorType(cx.u32(), 3);
  Type res = cx.hlslResourceType(ResourceKind::AppendStructuredBuffer, u3);
  Value h = b.hlsl(HlslOp::HandleFromHeap, res, {Operand::v(b.constU32(0))});
  Value counter = b.hlsl(HlslOp::CounterHandleFromHeap, res, {Operand::v(b.constU32(0))});
  Value slot = b.hlsl(HlslOp::CounterIncrement, cx.u32(), {Operand::v(counter)});
  Value p = b.hlsl(HlslOp::ResourceElementPtr, storagePtr(cx, u3), {Operand::v(h), Operand::v(slot)});
  b.store(p, b.construct(u3, {b.constU32(1), b.constU32(2), b.constU32(3)}));
  b.ret();
  REQUIRE(b.errors().empty());
  dxil::DxilResult r = dxil::emitDxil(m);
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  INFO(text);
  // CHECK:call %dx.types.Handle @dx.op.createHandleFromHeap
  // CHECK:call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle {{.*}}, %dx.types.ResourceProperties { i32 36876, i32 12 })
  // CHECK:call i32 @dx.op.bufferUpdateCounter
  size_t heap = text.find("call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 0, i1 false, i1 false)");
  size_t annotate = text.find("%dx.types.ResourceProperties { i32 36876, i32 12 })");
  size_t counterOp = text.find("call i32 @dx.op.bufferUpdateCounter(i32 70, %dx.types.Handle");
  REQUIRE(heap != std::string::npos);
  REQUIRE(annotate != std::string::npos);
  REQUIRE(counterOp != std::string::npos);
  CHECK(heap < annotate);
  CHECK(annotate < counterOp);
  CHECK(count(text, "call %dx.types.Handle @dx.op.createHandleFromHeap(") == 1);  // one handle per index
  CHECK(text.find("call void @dx.op.rawBufferStore.i32(i32 140, %dx.types.Handle") != std::string::npos);
  CHECK(text.find("i8 7, i32 4)") != std::string::npos);  // uint3: mask .xyz
}

TEST_CASE("DXC createHandleFromHeap/sel_dyn_res.hlsl: a select of heap handles becomes a phi/select of indices") {
  // ByteAddressBuffer b = c > 0 ? ResourceDescriptorHeap[0] : ResourceDescriptorHeap[1]; (compute form:
  // the value is written to a bound RWStructuredBuffer<uint> instead of SV_Target)
  Module m(std::make_shared<Context>());
  Context& cx = m.cx();
  Builder b(m);
  GlobalVarId gid = b.global("id", cx.vectorType(cx.u32(), 3), spv::StorageClassInput);
  b.decorate(gid, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});
  FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  Type bab = cx.hlslResourceType(ResourceKind::ByteAddressBuffer, Type());
  Value c = b.extract(b.load(Value::global(gid)), {0});
  NodeId sel = b.beginIf(b.ugt(c, b.constU32(0)), {bab});
  b.yield({b.hlsl(HlslOp::HandleFromHeap, bab, {Operand::v(b.constU32(0))})});
  b.beginElse();
  b.yield({b.hlsl(HlslOp::HandleFromHeap, bab, {Operand::v(b.constU32(1))})});
  b.endIf();
  Value h = b.output(sel, 0);
  Value v = b.load(b.hlsl(HlslOp::ResourceElementPtr, storagePtr(cx, cx.u32()), {Operand::v(h), Operand::v(b.constU32(0))}));
  Value out = b.hlsl(HlslOp::HandleFromBinding, cx.hlslResourceType(ResourceKind::RWStructuredBuffer, cx.u32()),
                     {Operand::i(0), Operand::i(0), Operand::i(1)});
  b.store(b.hlsl(HlslOp::ResourceElementPtr, storagePtr(cx, cx.u32()), {Operand::v(out), Operand::v(b.constU32(0))}), v);
  b.ret();
  REQUIRE(b.errors().empty());
  dxil::DxilResult r = dxil::emitDxil(m);
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  INFO(text);
  // CHECK-NOT:phi %dx.types.Handle
  // CHECK:%[[IDX:.*]] = phi i32 [ 0, %{{.*}} ], [ 1, %{{.*}} ]
  // CHECK:call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %[[IDX]], i1 false, i1 false
  CHECK(text.find("phi %dx.types.Handle") == std::string::npos);
  std::regex phi(R"(%([0-9]+) = phi i32 \[ 0, %[a-z.0-9]+ \], \[ 1, %[a-z.0-9]+ \])");
  std::smatch match;
  REQUIRE(std::regex_search(text, match, phi));
  CHECK(text.find("@dx.op.createHandleFromHeap(i32 218, i32 %" + match[1].str() + ", i1 false, i1 false)") != std::string::npos);
  CHECK(text.find("%dx.types.ResourceProperties { i32 11, i32 0 }") != std::string::npos);  // ByteAddressBuffer
  CHECK(text.find("@dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle") != std::string::npos);
  CHECK(r.shaderFlags == (dxil::kFlagResourceDescriptorHeapIndexing | dxil::kFlagRawAndStructuredBuffers));
}

TEST_CASE("a handle kept in a local variable (as irgen emits it) reaches its uses after mem2reg") {
  // RWBuffer<float4> buf = ResourceDescriptorHeap[idx]; buf[1] = buf[0];  with idx = SV_GroupIndex
  Module m(std::make_shared<Context>());
  Context& cx = m.cx();
  Builder b(m);
  GlobalVarId gi = b.global("gi", cx.u32(), spv::StorageClassInput);
  b.decorate(gi, spv::DecorationBuiltIn, {spv::BuiltInLocalInvocationIndex});
  FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {4, 1, 1}});
  Type f4 = cx.vectorType(cx.f32(), 4);
  Type res = cx.hlslResourceType(ResourceKind::RWBuffer, f4);
  Value local = b.local(res, "buf");
  b.store(local, b.hlsl(HlslOp::HandleFromHeap, res, {Operand::v(b.load(Value::global(gi)))}));
  Value h = b.load(local);
  Value v = b.hlsl(HlslOp::ResourceLoad, f4, {Operand::v(h), Operand::v(b.constU32(0))});
  b.hlsl(HlslOp::ResourceStore, Type(), {Operand::v(b.load(local)), Operand::v(b.constU32(1)), Operand::v(v)});
  b.ret();
  REQUIRE(b.errors().empty());
  dxil::DxilResult r = dxil::emitDxil(m);
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  const std::string& text = r.dxilStage.text;
  INFO(text);
  CHECK(r.llvmStage.text.find("alloca") == std::string::npos);  // promoted while emitting
  CHECK(text.find("alloca") == std::string::npos);
  CHECK(text.find("call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)") != std::string::npos);
  CHECK(count(text, "= call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218, i32 %") == 1);
  CHECK(text.find("call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle") != std::string::npos);
  CHECK(text.find("call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle") != std::string::npos);
}
