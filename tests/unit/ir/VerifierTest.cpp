#include "core/ir/Builder.h"
#include "core/ir/Verifier.h"
#include "tests/unit/ir/ShaderFixtures.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::ir;

namespace {

struct Fixture {
  Module m{std::make_shared<Context>()};
  Builder b{m};
  Context& cx = m.cx();
};

// The single error message the verifier gives (fails the test if there is not exactly one).
std::string onlyError(const Module& m) {
  std::vector<Diagnostic> diags = verifyModule(m);
  INFO(renderDiagnostics(diags));
  REQUIRE(diags.size() == 1);
  CHECK(diags[0].severity == Severity::Error);
  return diags[0].message;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the shader fixtures verify", "[ir][verifier]") {
  for (auto style : {fixtures::BufferStyle::StorageBufferBlock, fixtures::BufferStyle::UniformBufferBlock}) {
    CHECK(verifyModule(fixtures::doubleBuffer(style)).empty());
    CHECK(verifyModule(fixtures::loops(style)).empty());
    CHECK(verifyModule(fixtures::switchAndSelect(style)).empty());
    CHECK(verifyModule(fixtures::uniformsAndPushConstants(style)).empty());
    CHECK(verifyModule(fixtures::sharedMemoryAndAtomics(style)).empty());
  }
}

TEST_CASE("a value defined inside an if is not visible after it", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.beginIf(f.b.ult(f.b.param(0), f.b.constU32(4)));
  Value inner = f.b.iadd(f.b.param(0), f.b.constU32(1));
  f.b.endIf();
  f.b.imul(inner, f.b.constU32(2));
  f.b.ret();
  CHECK(contains(onlyError(f.m), "not defined at this point"));
}

TEST_CASE("loop body values are not visible in the continuing region", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.beginLoop();
  Value inBody = f.b.iadd(f.b.param(0), f.b.constU32(1));
  f.b.beginContinuing();
  f.b.breakIf(f.b.ugt(inBody, f.b.constU32(3)));
  f.b.endLoop();
  f.b.ret();
  CHECK(contains(onlyError(f.m), "not defined at this point"));
}

TEST_CASE("a use before the definition in the same block is rejected", "[ir][verifier]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  Value a = f.b.iadd(f.b.param(0), f.b.constU32(1));
  Value c = f.b.iadd(a, a);
  // Rewire the first instruction to use the later one.
  f.m.function(fn).inst(a.asInst()).operands[1] = Operand::v(c);
  f.b.ret();
  CHECK(contains(onlyError(f.m), "not defined at this point"));
}

TEST_CASE("break outside a loop or switch is rejected", "[ir][verifier]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  f.b.ret();
  FunctionDef& def = f.m.function(fn);
  def.region(def.body).exit = Exit{.kind = ExitKind::Break};
  CHECK(contains(onlyError(f.m), "break is not inside a loop or switch"));
}

TEST_CASE("break must target the innermost breakable construct", "[ir][verifier]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  NodeId outer = f.b.beginLoop();
  f.b.beginLoop();
  f.b.breakOut();
  f.b.endLoop();
  f.b.breakOut();
  f.b.endLoop();
  f.b.ret();
  FunctionDef& def = f.m.function(fn);
  // Make the inner break jump out of both loops (not expressible in HLSL or structured SPIR-V).
  RegionId outerBody = def.node(outer).body;
  NodeId inner = def.region(outerBody).nodes.front();
  def.region(def.node(inner).body).exit.target = outer;
  CHECK(contains(onlyError(f.m), "innermost enclosing loop or switch"));
}

TEST_CASE("continue and break may not leave a continuing region", "[ir][verifier]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  NodeId loop = f.b.beginLoop();
  f.b.breakOut();
  f.b.endLoop();
  f.b.ret();
  FunctionDef& def = f.m.function(fn);
  def.region(def.node(loop).continuing).exit = Exit{.kind = ExitKind::Continue, .target = loop};
  CHECK(contains(onlyError(f.m), "may not leave a loop's continuing region"));
}

TEST_CASE("return and kill may not appear in a continuing region", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {});
  f.b.beginLoop();
  f.b.breakOut();
  f.b.beginContinuing();
  f.b.beginIf(f.b.constBool(true));
  f.b.ret();
  f.b.endIf();
  f.b.endLoop();
  f.b.ret();
  CHECK(contains(onlyError(f.m), "return may not appear inside a loop's continuing region"));
}

TEST_CASE("break_if only ends a continuing region", "[ir][verifier]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  NodeId loop = f.b.beginLoop();
  f.b.breakOut();
  f.b.endLoop();
  f.b.ret();
  FunctionDef& def = f.m.function(fn);
  def.region(def.node(loop).body).exit =
      Exit{.kind = ExitKind::BreakIf, .target = loop, .condition = Value::constant(f.cx.boolConst(true))};
  CHECK(contains(onlyError(f.m), "break_if may only end a loop's continuing region"));
}

TEST_CASE("fallthrough from the last switch case is rejected", "[ir][verifier]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  NodeId sw = f.b.beginSwitch(f.b.param(0));
  f.b.beginCase({0});
  f.b.beginCase({}, true);
  f.b.endSwitch();
  f.b.ret();
  FunctionDef& def = f.m.function(fn);
  def.region(def.node(sw).cases[1]).exit.kind = ExitKind::FallThrough;
  CHECK(contains(onlyError(f.m), "fallthrough is only allowed"));
}

TEST_CASE("duplicate switch literals are rejected", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.beginSwitch(f.b.param(0));
  f.b.beginCase({1});
  f.b.breakOut();
  f.b.beginCase({1});
  f.b.endSwitch();
  f.b.ret();
  CHECK(contains(onlyError(f.m), "case 1 twice"));
}

TEST_CASE("yield values must match the select's outputs", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.beginIf(f.b.ult(f.b.param(0), f.b.constU32(4)), {f.cx.u32()});
  f.b.yield({f.b.constU32(1)});
  f.b.beginElse();
  f.b.yield({f.b.constF32(1)});
  f.b.endIf();
  f.b.ret();
  CHECK(contains(onlyError(f.m), "has type f32 but u32 is expected"));

  Fixture g;
  g.b.createFunction("main", g.cx.voidType(), {g.cx.u32()});
  g.b.beginIf(g.b.ult(g.b.param(0), g.b.constU32(4)), {g.cx.u32()});
  g.b.yield({g.b.constU32(1)});
  g.b.endIf();  // the else region yields nothing
  g.b.ret();
  CHECK(contains(onlyError(g.m), "carries 0 value(s) but its target expects 1"));
}

TEST_CASE("operand types of arithmetic, loads and stores are checked", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.spv(spv::OpIAdd, f.cx.u32(), {Operand::v(f.b.param(0)), Operand::v(f.b.constF32(1))});
  f.b.ret();
  CHECK(contains(onlyError(f.m), "spv.OpIAdd"));

  Fixture g;
  g.b.createFunction("main", g.cx.voidType(), {});
  Value local = g.b.local(g.cx.u32(), "x");
  g.b.store(local, g.b.constF32(2));
  g.b.ret();
  CHECK(contains(onlyError(g.m), "stores f32 through ptr<Function, u32>"));

  Fixture h;
  h.b.createFunction("main", h.cx.voidType(), {h.cx.u32()});
  h.b.beginIf(h.b.param(0));  // not a bool
  h.b.endIf();
  h.b.ret();
  CHECK(contains(onlyError(h.m), "if condition has type u32, not bool"));
}

TEST_CASE("function-storage variables must be at the function's top level", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.beginIf(f.b.ult(f.b.param(0), f.b.constU32(1)));
  f.b.spv(spv::OpVariable, f.cx.pointerType(spv::StorageClassFunction, f.cx.u32()),
          {Operand::i(spv::StorageClassFunction)});
  f.b.endIf();
  f.b.ret();
  CHECK(contains(onlyError(f.m), "top-level region"));
}

TEST_CASE("calls are checked against the callee", "[ir][verifier]") {
  Fixture f;
  FuncId callee = f.b.createFunction("callee", f.cx.u32(), {f.cx.u32()});
  f.b.ret(f.b.param(0));
  f.b.createFunction("main", f.cx.voidType(), {});
  f.b.emit(Opcode::call(), f.cx.u32(), {Operand::v(Value::func(callee))});
  f.b.ret();
  CHECK(contains(onlyError(f.m), "passes 0 argument(s) to a function taking 1"));
}

TEST_CASE("return values must match the return type", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("f", f.cx.u32(), {});
  f.b.ret();
  CHECK(contains(onlyError(f.m), "return carries 0 value(s)"));
}

TEST_CASE("qptr ops must take and produce qptrs", "[ir][verifier]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.qptr(QptrOp::Offset, f.cx.qptrType(), {Operand::v(f.b.param(0)), Operand::i(4)});
  f.b.ret();
  CHECK(contains(onlyError(f.m), "qptr.offset (inst 0) operand 0 must be a qptr"));
}

TEST_CASE("dangling references are reported, not crashed on", "[ir][verifier]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  f.b.ret();
  FunctionDef& def = f.m.function(fn);
  def.region(def.body).nodes.push_back(NodeId(1234));
  CHECK(contains(onlyError(f.m), "node that does not exist"));

  Fixture g;
  FuncId gn = g.b.createFunction("main", g.cx.voidType(), {});
  g.b.iadd(Value::inst(InstId(77)), g.b.constU32(1));
  g.b.ret();
  (void)gn;
  std::vector<Diagnostic> diags = verifyModule(g.m);
  REQUIRE_FALSE(diags.empty());
  CHECK(contains(diags[0].message, "does not exist"));
}

TEST_CASE("global and entry point checks", "[ir][verifier]") {
  Fixture f;
  GlobalVarId g = f.b.global("g", f.cx.u32(), spv::StorageClassPrivate, f.cx.f32(1));
  (void)g;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.ret();
  f.b.entryPoint(fn, spv::ExecutionModelGLCompute, "main");
  std::vector<Diagnostic> diags = verifyModule(f.m);
  REQUIRE(diags.size() == 2);
  CHECK(contains(diags[0].message, "initializer does not have the variable's type"));
  CHECK(contains(diags[1].message, "must be void()"));
}

TEST_CASE("verifier diagnostics carry the instruction's source location", "[ir][verifier]") {
  Fixture f;
  const uint32_t file = f.m.addDebugFile("a.hlsl");
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  f.b.setLoc(file, 12, 9);
  f.b.spv(spv::OpFAdd, f.cx.f32(), {Operand::v(f.b.param(0)), Operand::v(f.b.param(0))});
  f.b.ret();
  std::vector<Diagnostic> diags = verifyModule(f.m);
  REQUIRE_FALSE(diags.empty());
  CHECK(diags[0].range.begin.file == "a.hlsl");
  CHECK(diags[0].range.begin.line == 12);
  CHECK(diags[0].range.begin.column == 9);
}
