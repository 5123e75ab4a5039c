#include "core/ir/Builder.h"
#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/Writer.h"
#include "tests/unit/ir/ShaderFixtures.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <iostream>

using namespace sl;
using namespace sl::ir;
using sl::spirv::TargetEnv;

namespace {

using BuildFn = std::function<Module(fixtures::BufferStyle)>;

struct NamedFixture {
  const char* name;
  BuildFn build;
};

const std::vector<NamedFixture>& allFixtures() {
  static const std::vector<NamedFixture> list = {
      {"doubleBuffer", fixtures::doubleBuffer},
      {"loops", fixtures::loops},
      {"switchAndSelect", fixtures::switchAndSelect},
      {"uniformsAndPushConstants", fixtures::uniformsAndPushConstants},
      {"sharedMemoryAndAtomics", fixtures::sharedMemoryAndAtomics},
  };
  return list;
}

std::string disassembly(const std::vector<uint32_t>& words) {
  std::string text;
  REQUIRE(spirv::disassemble(words, text));
  return text;
}

// Writes and validates; on failure prints the disassembly so the reason is visible.
std::vector<uint32_t> writeValid(const Module& m, TargetEnv env) {
  spirv::WriterOptions options;
  options.env = env;
  spirv::WriteResult result = spirv::writeModule(m, options);
  INFO(renderDiagnostics(result.diagnostics));
  REQUIRE(result.ok());
  std::vector<Diagnostic> val = spirv::validate(result.words, env);
  if (!val.empty()) {
    std::string text;
    spirv::disassemble(result.words, text);
    UNSCOPED_INFO(text);
  }
  INFO(renderDiagnostics(val));
  CHECK(val.empty());
  return result.words;
}

}  // namespace

TEST_CASE("every fixture passes spirv-val on vulkan1.0 through vulkan1.3", "[spirv][writer]") {
  const TargetEnv envs[] = {TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_1, TargetEnv::Vulkan1_2, TargetEnv::Vulkan1_3};
  for (const NamedFixture& f : allFixtures()) {
    for (TargetEnv env : envs) {
      // DXC's choice: Uniform + BufferBlock up to SPIR-V 1.3, StorageBuffer + Block from 1.4.
      const auto style = env == TargetEnv::Vulkan1_0 || env == TargetEnv::Vulkan1_1
                             ? fixtures::BufferStyle::UniformBufferBlock
                             : fixtures::BufferStyle::StorageBufferBlock;
      DYNAMIC_SECTION(f.name << " " << spirv::targetEnvName(env)) {
        Module m = f.build(style);
        REQUIRE(verifyModule(m).empty());
        writeValid(m, env);
      }
    }
  }
}


namespace {

struct Fixture {
  Module m{std::make_shared<Context>()};
  Builder b{m};
  Context& cx = m.cx();
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

spirv::WriteResult write(const Module& m, TargetEnv env) {
  spirv::WriterOptions options;
  options.env = env;
  return spirv::writeModule(m, options);
}

// The OpEntryPoint line of a disassembly.
std::string entryPointLine(const std::string& text) {
  size_t pos = text.find("OpEntryPoint");
  REQUIRE(pos != std::string::npos);
  return text.substr(pos, text.find('\n', pos) - pos);
}

}  // namespace

TEST_CASE("the header carries the target's SPIR-V version and the id bound", "[spirv][writer]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  const std::pair<TargetEnv, uint32_t> versions[] = {{TargetEnv::Vulkan1_0, 0x00010000},
                                                     {TargetEnv::Vulkan1_1, 0x00010300},
                                                     {TargetEnv::Vulkan1_1Spirv1_4, 0x00010400},
                                                     {TargetEnv::Vulkan1_2, 0x00010500},
                                                     {TargetEnv::Vulkan1_3, 0x00010600}};
  for (auto [env, version] : versions) {
    spirv::WriteResult r = write(m, env);
    REQUIRE(r.ok());
    CHECK(r.words[0] == spv::MagicNumber);
    CHECK(r.words[1] == version);
    CHECK(r.words[3] > 20);  // bound
    CHECK(r.words[4] == 0);
  }
}

TEST_CASE("the entry point interface lists Input/Output below SPIR-V 1.4 and every global from 1.4",
          "[spirv][writer]") {
  Module m = fixtures::uniformsAndPushConstants(fixtures::BufferStyle::StorageBufferBlock);
  std::string v10 = disassembly(writeValid(m, TargetEnv::Vulkan1_0));
  CHECK(entryPointLine(v10) == "OpEntryPoint GLCompute %main \"main\" %gl_GlobalInvocationID");
  std::string v12 = disassembly(writeValid(m, TargetEnv::Vulkan1_2));
  CHECK(entryPointLine(v12) == "OpEntryPoint GLCompute %main \"main\" %buf %gl_GlobalInvocationID %Params %pc");
  writeValid(m, TargetEnv::Vulkan1_1Spirv1_4);
}

TEST_CASE("globals used only by a callee are in the interface too", "[spirv][writer]") {
  Module m = fixtures::loops(fixtures::BufferStyle::StorageBufferBlock);
  Builder b(m);
  // A helper that reads gl_GlobalInvocationID; main calls it.
  FuncId helper = b.createFunction("readId", m.cx().u32(), {});
  b.ret(b.extract(b.load(Value::global(GlobalVarId(1))), {1}));
  Module copy = m;
  // Insert a call at the start of main (function 1) via a fresh builder positioned there.
  b.setFunction(FuncId(1));
  // setFunction resumes at the end; main already returned, so build a new entry instead.
  FuncId entry = b.createFunction("main2", m.cx().voidType(), {});
  b.call(helper, {});
  b.ret();
  b.entryPoint(entry, spv::ExecutionModelGLCompute, "main2").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  std::string text = disassembly(writeValid(m, TargetEnv::Vulkan1_0));
  CHECK(contains(text, "OpEntryPoint GLCompute %main2 \"main2\" %gl_GlobalInvocationID"));
}

TEST_CASE("StorageBuffer on vulkan1.0 adds SPV_KHR_storage_buffer_storage_class", "[spirv][writer]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  std::string v10 = disassembly(writeValid(m, TargetEnv::Vulkan1_0));
  CHECK(contains(v10, "OpExtension \"SPV_KHR_storage_buffer_storage_class\""));
  std::string v11 = disassembly(writeValid(m, TargetEnv::Vulkan1_1));
  CHECK_FALSE(contains(v11, "OpExtension"));
  // And the vulkan1.0 style (Uniform + BufferBlock) needs nothing.
  Module old = fixtures::doubleBuffer(fixtures::BufferStyle::UniformBufferBlock);
  std::string text = disassembly(writeValid(old, TargetEnv::Vulkan1_0));
  CHECK_FALSE(contains(text, "OpExtension"));
  CHECK(contains(text, "OpDecorate %type_RWStructuredBuffer_uint BufferBlock"));
}

TEST_CASE("structured control flow: merges, loop merges and phis", "[spirv][writer]") {
  std::string text = disassembly(writeValid(fixtures::loops(fixtures::BufferStyle::StorageBufferBlock), TargetEnv::Vulkan1_2));
  CHECK(std::count(text.begin(), text.end(), '\n') > 50);
  size_t loopMerges = 0, pos = 0;
  while ((pos = text.find("OpLoopMerge", pos)) != std::string::npos) ++loopMerges, ++pos;
  CHECK(loopMerges == 3);
  CHECK(contains(text, "OpSelectionMerge"));
  CHECK(contains(text, "OpPhi %uint %uint_0"));  // the do-while's loop-carried value
  CHECK(contains(text, "OpFunctionCall %uint %addTwice"));

  std::string sw = disassembly(writeValid(fixtures::switchAndSelect(fixtures::BufferStyle::StorageBufferBlock), TargetEnv::Vulkan1_3));
  CHECK(contains(sw, "OpSwitch"));
  CHECK(contains(sw, "OpPhi %uint"));  // the if's output
}

TEST_CASE("capabilities and imports follow what the module uses", "[spirv][writer]") {
  std::string plain = disassembly(writeValid(fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock), TargetEnv::Vulkan1_2));
  CHECK_FALSE(contains(plain, "GLSL.std.450"));
  CHECK_FALSE(contains(plain, "OpCapability Int64"));
  std::string glsl = disassembly(writeValid(fixtures::uniformsAndPushConstants(fixtures::BufferStyle::StorageBufferBlock), TargetEnv::Vulkan1_2));
  CHECK(contains(glsl, "OpExtInstImport \"GLSL.std.450\""));
  INFO(glsl);
  CHECK(contains(glsl, " = OpExtInst %float %"));
  CHECK(contains(glsl, " FClamp %"));
  CHECK(contains(glsl, "OpMemberDecorate %type_Params 2 RowMajor"));
  CHECK(contains(glsl, "OpMemberDecorate %type_Params 2 MatrixStride 16"));
  CHECK(contains(glsl, "OpDecorate %_arr_float_uint_3 ArrayStride 16"));

  Fixture f;
  Type u64 = f.cx.intType(64, false);
  GlobalVarId g = f.b.global("wide", u64, spv::StorageClassPrivate, f.cx.intConst(u64, 0x100000000ull));
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  f.b.store(Value::global(g), f.b.iadd(f.b.load(Value::global(g)), f.b.constant(f.cx.intConst(u64, 1))));
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  std::string wide = disassembly(writeValid(f.m, TargetEnv::Vulkan1_2));
  CHECK(contains(wide, "OpCapability Int64"));
  CHECK(contains(wide, "OpConstant %ulong 4294967296"));
}

TEST_CASE("wave ops need SPIR-V 1.3: an error on vulkan1.0, GroupNonUniform* from vulkan1.1", "[spirv][writer]") {
  Fixture f;
  fixtures::BufferGlobals g = fixtures::declareBufferAndInvocationId(f.b, fixtures::BufferStyle::StorageBufferBlock);
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value x = f.b.extract(f.b.load(Value::global(g.invocation)), {0});
  Value sum = f.b.spv(spv::OpGroupNonUniformIAdd, f.cx.u32(),
                      {Operand::v(f.b.constU32(spv::ScopeSubgroup)), Operand::i(spv::GroupOperationReduce), Operand::v(x)});
  f.b.store(f.b.accessChain(Value::global(g.buffer), {f.b.constU32(0), x}), sum);
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {32, 1, 1}});
  REQUIRE(verifyModule(f.m).empty());

  spirv::WriteResult old = write(f.m, TargetEnv::Vulkan1_0);
  CHECK_FALSE(old.ok());
  CHECK(old.words.empty());
  REQUIRE_FALSE(old.diagnostics.empty());
  CHECK(contains(old.diagnostics[0].message, "needs SPIR-V 1.3"));
  CHECK(contains(old.diagnostics[0].message, "vulkan1.0"));

  std::string text = disassembly(writeValid(f.m, TargetEnv::Vulkan1_2));
  CHECK(contains(text, "OpCapability GroupNonUniformArithmetic"));
  CHECK(contains(text, "OpGroupNonUniformIAdd %uint %uint_3 Reduce"));
}

TEST_CASE("descriptor arrays with NonUniform indices get descriptor indexing", "[spirv][writer]") {
  auto build = [] {
    Fixture f;
    Type array = f.cx.runtimeArrayType(f.cx.u32(), 4);
    Type block = f.cx.structType("type.RWStructuredBuffer.uint", {{"", array, {{spv::DecorationOffset, {0}}}}},
                                 {{spv::DecorationBlock, {}}});
    GlobalVarId bufs = f.b.global("bufs", f.cx.runtimeArrayType(block), spv::StorageClassStorageBuffer);
    f.b.bind(bufs, 0, 0);
    GlobalVarId id = f.b.global("gl_GlobalInvocationID", f.cx.vectorType(f.cx.u32(), 3), spv::StorageClassInput);
    f.b.decorate(id, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});
    FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
    Value x = f.b.extract(f.b.load(Value::global(id)), {0});
    Value index = f.b.nonUniform(x);
    Value p = f.b.accessChain(Value::global(bufs), {index, f.b.constU32(0), f.b.constU32(0)});
    f.b.decorate(p, spv::DecorationNonUniform);
    f.b.store(p, x);
    f.b.ret();
    f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
    REQUIRE(verifyModule(f.m).empty());
    return std::move(f.m);
  };
  Module m = build();
  std::string v12 = disassembly(writeValid(m, TargetEnv::Vulkan1_2));
  CHECK(contains(v12, "OpCapability RuntimeDescriptorArray"));
  CHECK(contains(v12, "OpCapability ShaderNonUniform"));
  CHECK_FALSE(contains(v12, "OpExtension"));
  spirv::WriteResult v11 = write(m, TargetEnv::Vulkan1_1);
  INFO(renderDiagnostics(v11.diagnostics));
  REQUIRE(v11.ok());
  std::string text = disassembly(v11.words);
  CHECK(contains(text, "OpExtension \"SPV_EXT_descriptor_indexing\""));
}

TEST_CASE("debug info: OpString, OpSource and OpLine from debug locations", "[spirv][writer]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  std::string text = disassembly(writeValid(m, TargetEnv::Vulkan1_2));
  CHECK(contains(text, "OpString \"shaders/double.hlsl\""));
  CHECK(contains(text, "OpSource HLSL 600"));
  CHECK(contains(text, " 5 5\n"));
  CHECK(contains(text, "OpLine %"));

  spirv::WriterOptions options;
  options.env = TargetEnv::Vulkan1_2;
  options.emitDebugLines = false;
  options.emitNames = false;
  spirv::WriteResult bare = spirv::writeModule(m, options);
  REQUIRE(bare.ok());
  CHECK(spirv::validate(bare.words, TargetEnv::Vulkan1_2).empty());
  std::string bareText = disassembly(bare.words);
  CHECK_FALSE(contains(bareText, "OpLine"));
  CHECK_FALSE(contains(bareText, "OpName"));
  CHECK(bare.words.size() < write(m, TargetEnv::Vulkan1_2).words.size());

  options.emitDebugLines = true;
  options.emitSourceText = true;
  spirv::WriteResult withSource = spirv::writeModule(m, options);
  REQUIRE(withSource.ok());
  CHECK(spirv::validate(withSource.words, TargetEnv::Vulkan1_2).empty());
  CHECK(contains(disassembly(withSource.words), "RWStructuredBuffer<uint> buf;"));
}

TEST_CASE("long source text is split into OpSourceContinued", "[spirv][writer]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  m.debugFiles[0].contents = std::string(150000, 'x');
  spirv::WriterOptions options;
  options.env = TargetEnv::Vulkan1_0;
  options.emitSourceText = true;
  spirv::WriteResult r = spirv::writeModule(m, options);
  REQUIRE(r.ok());
  CHECK(spirv::validate(r.words, TargetEnv::Vulkan1_0).empty());
  CHECK(contains(disassembly(r.words), "OpSourceContinued"));
}

TEST_CASE("unlowered qptr and hlsl ops give diagnostics, not a crash", "[spirv][writer]") {
  Fixture f;
  const uint32_t file = f.m.addDebugFile("q.hlsl");
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  f.b.setLoc(file, 3, 1);
  Value local = f.b.qptr(QptrOp::FuncLocalVar, f.cx.qptrType(), {Operand::i(4), Operand::i(4)});
  f.b.qptr(QptrOp::Store, Type(), {Operand::v(local), Operand::v(f.b.constU32(1))});
  Type rw = f.cx.hlslResourceType(ResourceKind::RWByteAddressBuffer, Type());
  GlobalVarId lowered = f.b.global("lowered", f.cx.u32(), spv::StorageClassPrivate);
  f.m.global(lowered).refType = f.cx.qptrType();
  f.b.hlsl(HlslOp::HandleFromHeap, rw, {Operand::v(f.b.constU32(0))});
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main");
  spirv::WriteResult r = write(f.m, TargetEnv::Vulkan1_2);
  CHECK_FALSE(r.ok());
  CHECK(r.words.empty());
  std::string all = renderDiagnostics(r.diagnostics);
  CHECK(contains(all, "q.hlsl:3:1"));
  CHECK(contains(all, "global 'lowered' is not pointer-typed"));
  CHECK(contains(all, "qptr.func_local_var must be lifted"));
  CHECK(contains(all, "hlsl.handle_from_heap must be legalized"));
}

TEST_CASE("malformed IR is reported by the writer, not emitted", "[spirv][writer]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  f.b.iadd(Value::regionInput(RegionId(55), 0), f.b.constU32(1));
  f.m.function(fn).insts.back().resultType = f.cx.u32();
  f.b.ret();
  FunctionDef& def = f.m.function(fn);
  def.region(def.body).nodes.push_back(NodeId(999));
  spirv::WriteResult r = write(f.m, TargetEnv::Vulkan1_0);
  CHECK_FALSE(r.ok());
  CHECK(r.words.empty());
  const std::string all = renderDiagnostics(r.diagnostics);
  CHECK(contains(all, "SPIR-V writer: invalid IR"));
  CHECK(contains(all, "does not exist"));
}

TEST_CASE("fragment shader: kill, outputs, spec constants, loop outputs and unreachable merges",
          "[spirv][writer]") {
  Fixture f;
  Type v4 = f.cx.vectorType(f.cx.f32(), 4);
  GlobalVarId coord = f.b.global("gl_FragCoord", v4, spv::StorageClassInput);
  f.b.decorate(coord, spv::DecorationBuiltIn, {spv::BuiltInFragCoord});
  GlobalVarId target = f.b.global("out_var_SV_Target", v4, spv::StorageClassOutput);
  f.b.decorate(target, spv::DecorationLocation, {0});
  Const limit = f.cx.specConst(f.cx.u32(), 4, 7);
  Const enabled = f.cx.specConst(f.cx.boolType(), 1, 8);

  // float helper(float x) { if (x > 1) return x; else return 0; }  -- the merge is unreachable.
  FuncId helper = f.b.createFunction("helper", f.cx.f32(), {f.cx.f32()});
  NodeId both = f.b.beginIf(f.b.compare(spv::OpFOrdGreaterThan, f.b.param(0), f.b.constF32(1)), {f.cx.f32()});
  f.b.ret(f.b.param(0));
  f.b.beginElse();
  f.b.ret(f.b.constF32(0));
  f.b.endIf();
  f.b.ret(f.b.output(both, 0));

  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value pos = f.b.load(Value::global(coord));
  Value px = f.b.extract(pos, {0});
  f.b.beginIf(f.b.logicalNot(f.b.constant(enabled)));
  f.b.kill();
  f.b.endIf();
  // for (uint i = 0;; ++i) { if (i >= limit) break(i * 2); }  -> the loop's output.
  NodeId loop = f.b.beginLoop({f.b.constU32(0)}, {f.cx.u32()}, {f.cx.u32()});
  Value i = f.b.loopInput(0);
  f.b.beginIf(f.b.compare(spv::OpUGreaterThanEqual, i, f.b.constant(limit)));
  f.b.breakOut({f.b.imul(i, f.b.constU32(2))});
  f.b.endIf();
  f.b.yield({i});
  f.b.beginContinuing();
  f.b.yield({f.b.iadd(f.b.continuingInput(0), f.b.constU32(1))});
  f.b.endLoop();
  Value count = f.b.convert(spv::OpConvertUToF, f.cx.f32(), f.b.output(loop, 0));
  Value r = f.b.call(helper, {f.b.fadd(px, count)});
  f.b.store(Value::global(target), f.b.construct(v4, {r, r, r, f.b.constF32(1)}));
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelFragment, "main").modes.push_back({spv::ExecutionModeOriginUpperLeft, {}});
  REQUIRE(verifyModule(f.m).empty());

  for (TargetEnv env : {TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_1, TargetEnv::Vulkan1_2, TargetEnv::Vulkan1_3}) {
    DYNAMIC_SECTION(spirv::targetEnvName(env)) {
      std::string text = disassembly(writeValid(f.m, env));
      CHECK(contains(text, "OpKill"));
      CHECK(contains(text, "SpecId 7"));
      CHECK(contains(text, "OpSpecConstantTrue %bool"));
      CHECK(contains(text, "OpSpecConstant %uint 4"));
      CHECK(contains(text, "OpUndef %float"));  // the unreachable merge's output
    }
  }
}

TEST_CASE("switch without a default, with 64-bit-free literals and shared case regions", "[spirv][writer]") {
  Fixture f;
  fixtures::BufferGlobals g = fixtures::declareBufferAndInvocationId(f.b, fixtures::BufferStyle::StorageBufferBlock);
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value x = f.b.extract(f.b.load(Value::global(g.invocation)), {0});
  Value out = f.b.local(f.cx.u32(), "out", f.cx.u32(0));
  f.b.beginLoop();
  f.b.beginSwitch(x);
  f.b.beginCase({1, 3, 5});
  f.b.store(out, f.b.constU32(1));
  f.b.continueLoop();  // leaves the switch and continues the loop
  f.b.beginCase({2});
  f.b.store(out, f.b.constU32(2));
  f.b.endSwitch();  // no default: other values skip the switch
  f.b.breakOut();
  f.b.beginContinuing();
  f.b.breakIf(f.b.constBool(true));
  f.b.endLoop();
  f.b.store(f.b.accessChain(Value::global(g.buffer), {f.b.constU32(0), x}), f.b.load(out));
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  REQUIRE(verifyModule(f.m).empty());
  for (TargetEnv env : {TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_3}) {
    std::string text = disassembly(writeValid(f.m, env));
    CHECK(contains(text, "OpSwitch"));
  }
}

TEST_CASE("images: storage, sampled, texel buffers and queries derive their capabilities", "[spirv][writer]") {
  Fixture f;
  Type f32 = f.cx.f32();
  Type v4 = f.cx.vectorType(f32, 4);
  Type s32x2 = f.cx.vectorType(f.cx.s32(), 2);
  auto image = [&](uint32_t dim, uint32_t sampled, uint32_t format) {
    ImageInfo info;
    info.dim = dim;
    info.sampled = sampled;
    info.format = format;
    return f.cx.imageType(f32, info);
  };
  Type rwTex = image(spv::Dim2D, 2, spv::ImageFormatRgba32f);
  Type tex = image(spv::Dim2D, 1, spv::ImageFormatUnknown);
  Type rwBuf = image(spv::DimBuffer, 2, spv::ImageFormatR32f);
  Type rwAny = image(spv::Dim2D, 2, spv::ImageFormatUnknown);
  uint32_t binding = 0;
  auto resource = [&](const char* name, Type t) {
    GlobalVarId g = f.b.global(name, t, spv::StorageClassUniformConstant);
    f.b.bind(g, 0, binding++);
    return Value::global(g);
  };
  Value outTex = resource("outTex", rwTex), inTex = resource("inTex", tex);
  Value rb = resource("rb", rwBuf), anyTex = resource("anyTex", rwAny);
  GlobalVarId gid = f.b.global("gl_GlobalInvocationID", f.cx.vectorType(f.cx.u32(), 3), spv::StorageClassInput);
  f.b.decorate(gid, spv::DecorationBuiltIn, {spv::BuiltInGlobalInvocationId});

  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value id = f.b.load(Value::global(gid));
  Value x = f.b.bitcast(f.cx.s32(), f.b.extract(id, {0}));
  Value y = f.b.bitcast(f.cx.s32(), f.b.extract(id, {1}));
  Value coord = f.b.construct(s32x2, {x, y});
  Value texel = f.b.spv(spv::OpImageFetch, v4, {Operand::v(f.b.load(inTex)), Operand::v(coord)});
  f.b.spvVoid(spv::OpImageWrite, {Operand::v(f.b.load(outTex)), Operand::v(coord), Operand::v(texel)});
  f.b.spvVoid(spv::OpImageWrite, {Operand::v(f.b.load(anyTex)), Operand::v(coord), Operand::v(texel)});
  Value size = f.b.spv(spv::OpImageQuerySize, s32x2, {Operand::v(f.b.load(outTex))});
  f.b.spvVoid(spv::OpImageWrite, {Operand::v(f.b.load(rb)), Operand::v(f.b.extract(size, {0})), Operand::v(texel)});
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {8, 8, 1}});
  REQUIRE(verifyModule(f.m).empty());
  for (TargetEnv env : {TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_1, TargetEnv::Vulkan1_2, TargetEnv::Vulkan1_3}) {
    std::string text = disassembly(writeValid(f.m, env));
    CHECK(contains(text, "OpCapability ImageQuery"));
    CHECK(contains(text, "OpCapability ImageBuffer"));
    CHECK(contains(text, "OpCapability StorageImageWriteWithoutFormat"));
    CHECK_FALSE(contains(text, "OpCapability StorageImageReadWithoutFormat"));
    CHECK(contains(text, "OpTypeImage %float 2D 2 0 0 2 Rgba32f"));
    CHECK(contains(text, "OpTypeImage %float Buffer 2 0 0 2 R32f"));
  }
}

TEST_CASE("pointers from OpSelect and pointer phis declare VariablePointers", "[spirv][writer]") {
  Fixture f;
  fixtures::BufferGlobals g = fixtures::declareBufferAndInvocationId(f.b, fixtures::BufferStyle::StorageBufferBlock);
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value x = f.b.extract(f.b.load(Value::global(g.invocation)), {0});
  Value a = f.b.accessChain(Value::global(g.buffer), {f.b.constU32(0), f.b.constU32(0)});
  Value c = f.b.accessChain(Value::global(g.buffer), {f.b.constU32(0), f.b.constU32(1)});
  Value odd = f.b.ine(f.b.bitAnd(x, f.b.constU32(1)), f.b.constU32(0));
  Value p = f.b.select(odd, a, c);
  f.b.store(p, x);
  Type ptr = f.cx.pointerType(spv::StorageClassStorageBuffer, f.cx.u32());
  NodeId merged = f.b.beginIf(odd, {ptr});
  f.b.yield({a});
  f.b.beginElse();
  f.b.yield({c});
  f.b.endIf();
  f.b.store(f.b.output(merged, 0), f.b.constU32(7));
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  REQUIRE(verifyModule(f.m).empty());
  std::string v10 = disassembly(writeValid(f.m, TargetEnv::Vulkan1_0));
  CHECK(contains(v10, "OpCapability VariablePointers"));
  CHECK(contains(v10, "OpExtension \"SPV_KHR_variable_pointers\""));
  std::string v12 = disassembly(writeValid(f.m, TargetEnv::Vulkan1_2));
  CHECK(contains(v12, "OpCapability VariablePointers"));
  CHECK_FALSE(contains(v12, "SPV_KHR_variable_pointers"));
  CHECK(contains(v12, "OpPhi %_ptr_StorageBuffer_uint"));
}

TEST_CASE("GLSL.std.450 interpolation functions need InterpolationFunction", "[spirv][writer]") {
  Fixture f;
  Type v4 = f.cx.vectorType(f.cx.f32(), 4);
  GlobalVarId in = f.b.global("in_var_COLOR", f.cx.f32(), spv::StorageClassInput);
  f.b.decorate(in, spv::DecorationLocation, {0});
  GlobalVarId out = f.b.global("out_var_SV_Target", v4, spv::StorageClassOutput);
  f.b.decorate(out, spv::DecorationLocation, {0});
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value v = f.b.glsl(GLSLstd450InterpolateAtCentroid, f.cx.f32(), {Value::global(in)});
  f.b.store(Value::global(out), f.b.construct(v4, {v, v, v, v}));
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelFragment, "main").modes.push_back({spv::ExecutionModeOriginUpperLeft, {}});
  REQUIRE(verifyModule(f.m).empty());
  CHECK(contains(disassembly(writeValid(f.m, TargetEnv::Vulkan1_1)), "OpCapability InterpolationFunction"));
}

TEST_CASE("target environment names round-trip", "[spirv]") {
  for (TargetEnv env : {TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_1, TargetEnv::Vulkan1_1Spirv1_4, TargetEnv::Vulkan1_2,
                        TargetEnv::Vulkan1_3, TargetEnv::Universal1_5})
    CHECK(spirv::parseTargetEnv(spirv::targetEnvName(env)) == env);
  CHECK_FALSE(spirv::parseTargetEnv("vulkan9.9").has_value());
}

TEST_CASE("validate reports errors and disassemble rejects garbage", "[spirv]") {
  std::vector<uint32_t> garbage = {spv::MagicNumber, 0x00010000, 0, 10, 0, 0xdeadbeef};
  CHECK_FALSE(spirv::validate(garbage, TargetEnv::Vulkan1_0).empty());
  std::string text;
  CHECK_FALSE(spirv::disassemble(garbage, text));
  CHECK(contains(text, "disassembly failed"));
}


// Hidden (run with "[.bench]"): sizes and times for a large generated shader, for the report.
TEST_CASE("large shader: build, print, verify, write, validate", "[.bench]") {
  using Clock = std::chrono::steady_clock;
  auto ms = [](Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); };
  const auto t0 = Clock::now();
  Fixture f;
  fixtures::BufferGlobals g = fixtures::declareBufferAndInvocationId(f.b, fixtures::BufferStyle::StorageBufferBlock);
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value acc = f.b.local(f.cx.u32(), "acc", f.cx.u32(0));
  Value x = f.b.extract(f.b.load(Value::global(g.invocation)), {0});
  for (uint32_t k = 0; k < 1000; ++k) {
    f.b.beginIf(f.b.ult(f.b.load(acc), f.b.constU32(k * 7)));
    f.b.store(acc, f.b.iadd(f.b.load(acc), f.b.imul(x, f.b.constU32(k))));
    f.b.beginElse();
    f.b.beginLoop({f.b.constU32(0)}, {}, {f.cx.u32()});
    Value i = f.b.loopInput(0);
    f.b.store(acc, f.b.bitXor(f.b.load(acc), i));
    f.b.yield({f.b.iadd(i, f.b.constU32(1))});
    f.b.beginContinuing();
    Value c = f.b.continuingInput(0);
    f.b.breakIf(f.b.uge(c, f.b.constU32(3)), {c});
    f.b.endLoop();
    f.b.endIf();
  }
  f.b.store(f.b.accessChain(Value::global(g.buffer), {f.b.constU32(0), x}), f.b.load(acc));
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {64, 1, 1}});
  const auto t1 = Clock::now();
  PrintedModule printed = printModule(f.m);
  const auto t2 = Clock::now();
  REQUIRE(verifyModule(f.m).empty());
  const auto t3 = Clock::now();
  spirv::WriteResult r = write(f.m, TargetEnv::Vulkan1_2);
  REQUIRE(r.ok());
  const auto t4 = Clock::now();
  REQUIRE(spirv::validate(r.words, TargetEnv::Vulkan1_2).empty());
  const auto t5 = Clock::now();
  std::cout << "instructions: " << f.m.function(fn).insts.size() << ", printed lines: " << printed.lineLocs.size()
            << ", SPIR-V words: " << r.words.size() << "\n"
            << "build " << ms(t1 - t0) << " ms, print " << ms(t2 - t1) << " ms, verify " << ms(t3 - t2)
            << " ms, write (incl. verify) " << ms(t4 - t3) << " ms, spirv-val " << ms(t5 - t4) << " ms\n";
}
