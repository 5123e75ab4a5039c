// Debug info in the writer: NonSemantic.Shader.DebugInfo.100 (-fspv-debug=vulkan[-with-source])
// and the per-instruction location table behind the explorer's SPIR-V line map.
#include "core/ir/Builder.h"
#include "core/ir/Rewrite.h"
#include "core/ir/Verifier.h"
#include "core/spirv/SpirvTools.h"
#include "core/spirv/Writer.h"
#include "tests/unit/ir/ShaderFixtures.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

#include <functional>

using namespace sl;
using namespace sl::ir;
using sl::spirv::TargetEnv;

namespace {

bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

std::string disassembly(const std::vector<uint32_t>& words) {
  std::string text;
  REQUIRE(spirv::disassemble(words, text));
  return text;
}

const std::vector<std::pair<const char*, std::function<Module(fixtures::BufferStyle)>>>& fixtureList() {
  static const std::vector<std::pair<const char*, std::function<Module(fixtures::BufferStyle)>>> list = {
      {"doubleBuffer", fixtures::doubleBuffer},
      {"loops", fixtures::loops},
      {"switchAndSelect", fixtures::switchAndSelect},
      {"uniformsAndPushConstants", fixtures::uniformsAndPushConstants},
      {"sharedMemoryAndAtomics", fixtures::sharedMemoryAndAtomics},
  };
  return list;
}

// Opcode of each instruction after the header.
std::vector<uint32_t> opcodes(const std::vector<uint32_t>& words) {
  std::vector<uint32_t> out;
  for (size_t w = 5; w < words.size() && (words[w] >> 16); w += words[w] >> 16) out.push_back(words[w] & 0xFFFF);
  return out;
}

}  // namespace

TEST_CASE("NonSemantic.Shader.DebugInfo.100 passes spirv-val for every fixture and environment", "[spirv][writer][debug]") {
  for (const auto& [name, build] : fixtureList())
    for (TargetEnv env : {TargetEnv::Vulkan1_0, TargetEnv::Vulkan1_1, TargetEnv::Vulkan1_2, TargetEnv::Vulkan1_3}) {
      INFO(name << " on " << spirv::targetEnvName(env));
      Module m = build(fixtures::BufferStyle::StorageBufferBlock);
      spirv::WriterOptions options;
      options.env = env;
      options.emitShaderDebugInfo = true;
      options.emitSourceText = true;
      spirv::WriteResult r = spirv::writeModule(m, options);
      INFO(renderDiagnostics(r.diagnostics));
      REQUIRE(r.ok());
      const std::string text = disassembly(r.words);
      std::vector<Diagnostic> val = spirv::validate(r.words, env);
      INFO(text);
      INFO(renderDiagnostics(val));
      CHECK(val.empty());
      CHECK(contains(text, "OpExtInstImport \"NonSemantic.Shader.DebugInfo.100\""));
      CHECK(contains(text, "OpExtension \"SPV_KHR_non_semantic_info\""));
      for (const char* inst : {" DebugSource ", " DebugCompilationUnit ", " DebugTypeFunction ", " DebugFunction ",
                               " DebugFunctionDefinition ", " DebugScope ", " DebugNoScope"})
        CHECK(contains(text, inst));
      // Only some fixtures carry debug locations.
      CHECK(contains(text, " DebugLine ") == !m.debugFiles.empty());
      CHECK_FALSE(contains(text, "OpLine"));
      CHECK_FALSE(contains(text, "OpSource "));
    }
}

TEST_CASE("DebugLine carries the IR locations; DebugSource the file and its text", "[spirv][writer][debug]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  spirv::WriterOptions options;
  options.env = TargetEnv::Vulkan1_2;
  options.emitShaderDebugInfo = true;
  std::string text = disassembly(spirv::writeModule(m, options).words);
  // The fixture's store is at 5:5 and its return at 7:5 (tests/unit/ir/ShaderFixtures.cpp).
  CHECK(contains(text, "DebugLine %"));
  CHECK(contains(text, "%uint_5 %uint_5 %uint_5 %uint_5"));
  CHECK(contains(text, "%uint_7 %uint_7 %uint_5 %uint_5"));
  CHECK(contains(text, "OpString \"shaders/double.hlsl\""));
  CHECK_FALSE(contains(text, "RWStructuredBuffer<uint> buf;"));  // vulkan: no text

  options.emitSourceText = true;
  text = disassembly(spirv::writeModule(m, options).words);
  CHECK(contains(text, "RWStructuredBuffer<uint> buf;"));  // vulkan-with-source

  m.debugFiles[0].contents = std::string(150000, 'x');
  spirv::WriteResult longText = spirv::writeModule(m, options);
  REQUIRE(longText.ok());
  CHECK(spirv::validate(longText.words, TargetEnv::Vulkan1_2).empty());
  CHECK(contains(disassembly(longText.words), " DebugSourceContinued "));
}

TEST_CASE("helper functions with parameters get debug types for their signature", "[spirv][writer][debug]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  Builder b(m);
  Context& cx = m.cx();
  const Type v4 = cx.vectorType(cx.floatType(32), 4);
  // An inout float4 is a Function pointer to a vector: SPIRV-Tools takes only basic pointees.
  const Type v4Ptr = cx.pointerType(spv::StorageClassFunction, v4);
  const Type f32Ptr = cx.pointerType(spv::StorageClassFunction, cx.floatType(32));
  b.createFunction("helper", v4, {v4, cx.intType(32, true), cx.boolType(), v4Ptr, f32Ptr});
  b.setLoc(0, 9, 3);
  b.ret(b.param(0));
  spirv::WriterOptions options;
  options.env = TargetEnv::Vulkan1_1;
  options.emitShaderDebugInfo = true;
  spirv::WriteResult r = spirv::writeModule(m, options);
  INFO(renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  const std::string text = disassembly(r.words);
  std::vector<Diagnostic> val = spirv::validate(r.words, TargetEnv::Vulkan1_1);
  INFO(text);
  INFO(renderDiagnostics(val));
  CHECK(val.empty());
  CHECK(contains(text, " DebugTypeBasic "));
  CHECK(contains(text, " DebugTypeVector "));
  CHECK(contains(text, " DebugTypePointer "));
  CHECK(contains(text, " DebugTypeComposite "));
  CHECK(contains(text, "OpString \"helper\""));
}

TEST_CASE("instruction locations: one per instruction, words unchanged, same as the OpLines say", "[spirv][writer][debug]") {
  for (const auto& [name, build] : fixtureList()) {
    INFO(name);
    Module m = build(fixtures::BufferStyle::StorageBufferBlock);
    spirv::WriterOptions plain;
    plain.env = TargetEnv::Vulkan1_1;
    plain.emitDebugLines = false;
    const spirv::WriteResult bare = spirv::writeModule(m, plain);
    REQUIRE(bare.ok());
    CHECK(bare.instructionLocs.empty());  // not asked for

    spirv::WriterOptions recording = plain;
    recording.recordInstructionLocs = true;
    const spirv::WriteResult recorded = spirv::writeModule(m, recording);
    REQUIRE(recorded.ok());
    CHECK(recorded.words == bare.words);  // zero cost in the module itself
    REQUIRE(recorded.instructionLocs.size() == opcodes(recorded.words).size());

    // With OpLines: every instruction after an OpLine (up to the next one, a label or the end of
    // the function) has that OpLine's location in the table.
    spirv::WriterOptions lines = recording;
    lines.emitDebugLines = true;
    const spirv::WriteResult withLines = spirv::writeModule(m, lines);
    REQUIRE(withLines.ok());
    const std::vector<uint32_t> ops = opcodes(withLines.words);
    REQUIRE(withLines.instructionLocs.size() == ops.size());
    size_t w = 5, located = 0;
    DebugLoc current;
    for (size_t i = 0; i < ops.size(); ++i, w += withLines.words[w] >> 16) {
      if (ops[i] == spv::OpLine) current = {0, withLines.words[w + 2], withLines.words[w + 3]};
      else if (ops[i] == spv::OpLabel || ops[i] == spv::OpFunction || ops[i] == spv::OpFunctionEnd) current = {};
      const DebugLoc& got = withLines.instructionLocs[i];
      CHECK(got.line == current.line);
      CHECK(got.column == current.column);
      located += got.valid() ? 1 : 0;
    }
    CHECK((located > 0) == !m.debugFiles.empty());
    // The bare module's located instructions are the same instructions minus the OpLines.
    size_t bareLocated = 0;
    for (const DebugLoc& l : recorded.instructionLocs) bareLocated += l.valid() ? 1 : 0;
    size_t lineCount = 0;
    for (uint32_t op : ops) lineCount += op == spv::OpLine ? 1 : 0;
    CHECK(bareLocated + lineCount == located);
  }
}

namespace {

// `m` with a debug variable declared for each Function variable (dbg.declare right after it,
// inside a lexical block for every other one) and for each global.
Module withVariableDebugInfo(Module m) {
  if (m.debugFiles.empty()) m.addDebugFile("fixture.hlsl");
  m.debugScopes.push_back({DebugScopeDef::Kind::Block, 0, DebugLoc{0, 2, 1}, "", {}});
  for (FunctionDef& fn : m.functions) {
    std::vector<InstId> vars;
    for (uint32_t i = 0; i < fn.insts.size(); ++i)
      if (fn.insts[i].op.isSpv(spv::OpVariable)) vars.push_back(InstId(i));
    for (InstId v : vars) {
      const Type pointee = m.cx().def(fn.inst(v).resultType).element;
      const uint32_t scope = m.debugVars.size() % 2 ? 1 : 0;
      m.debugVars.push_back({"local" + std::to_string(m.debugVars.size()), pointee, DebugLoc{0, 3, 5, scope}, 0});
      InstDef declare;
      declare.op = Opcode::debug(DebugOp::Declare);
      declare.operands = {Operand::i(uint32_t(m.debugVars.size() - 1)), Operand::v(Value::inst(v))};
      declare.attrs.loc = DebugLoc{0, 3, 5, scope};
      insertInstAfter(fn, v, declare);
    }
  }
  for (GlobalVarDef& g : m.globals) {
    if (g.storageClass != spv::StorageClassWorkgroup && g.storageClass != spv::StorageClassPrivate) continue;
    m.debugVars.push_back({g.attrs.name, g.type, DebugLoc{0, 1, 1}, 0});
    g.debugVar = uint32_t(m.debugVars.size());
  }
  return m;
}

}  // namespace

TEST_CASE("variable debug info: valid with NonSemantic debug info, dropped whole without it", "[spirv][writer][debug]") {
  for (const auto& [name, build] : fixtureList()) {
    INFO(name);
    const Module plain = build(fixtures::BufferStyle::StorageBufferBlock);
    const Module described = withVariableDebugInfo(build(fixtures::BufferStyle::StorageBufferBlock));
    REQUIRE(verifyModule(described).empty());
    // Without NonSemantic debug info the words are those of the module without the facts.
    spirv::WriterOptions lines;
    lines.env = TargetEnv::Vulkan1_2;
    spirv::WriteResult a = spirv::writeModule(plain, lines), b = spirv::writeModule(described, lines);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    if (plain.debugFiles.size() == described.debugFiles.size()) CHECK(a.words == b.words);
    // With it: one DebugLocalVariable per declared variable, and spirv-val accepts the module.
    spirv::WriterOptions options = lines;
    options.emitShaderDebugInfo = true;
    spirv::WriteResult r = spirv::writeModule(described, options);
    INFO(renderDiagnostics(r.diagnostics));
    REQUIRE(r.ok());
    const std::string text = disassembly(r.words);
    std::vector<Diagnostic> val = spirv::validate(r.words, TargetEnv::Vulkan1_2);
    INFO(text);
    INFO(renderDiagnostics(val));
    CHECK(val.empty());
    size_t locals = 0, globals = 0;
    for (const DebugVarDef& v : described.debugVars) (v.loc.line == 3 ? locals : globals) += 1;
    size_t seenLocals = 0, seenDeclares = 0;
    for (size_t at = text.find(" DebugLocalVariable "); at != std::string::npos; at = text.find(" DebugLocalVariable ", at + 1)) ++seenLocals;
    for (size_t at = text.find(" DebugDeclare "); at != std::string::npos; at = text.find(" DebugDeclare ", at + 1)) ++seenDeclares;
    CHECK(seenLocals == locals);
    CHECK(seenDeclares >= locals);
    CHECK(contains(text, " DebugEntryPoint "));
    if (globals) CHECK(contains(text, " DebugGlobalVariable "));
    if (locals > 1) CHECK(contains(text, " DebugLexicalBlock "));
  }
}

TEST_CASE("the verifier rejects malformed dbg ops", "[ir][verifier][debug]") {
  Module m = fixtures::doubleBuffer(fixtures::BufferStyle::StorageBufferBlock);
  FunctionDef& fn = m.functions[0];
  InstId first = fn.node(fn.region(fn.body).nodes[0]).insts[0];
  InstDef bad;
  bad.op = Opcode::debug(DebugOp::Declare);
  bad.operands = {Operand::i(7), Operand::v(Value::constant(m.cx().intern(ConstDef{.kind = ConstKind::Scalar, .type = m.cx().u32(), .bits = 1})))};
  insertInstBefore(fn, first, bad);
  std::vector<Diagnostic> problems = verifyModule(m);
  REQUIRE_FALSE(problems.empty());
  CHECK(contains(problems[0].message, "needs a debug variable"));
  m.debugVars.push_back({"x", m.cx().u32(), {}, 0});
  fn.insts[fn.insts.size() - 1].operands[0] = Operand::i(0);
  problems = verifyModule(m);
  REQUIRE_FALSE(problems.empty());
  CHECK(contains(problems[0].message, "needs a pointer"));
}
