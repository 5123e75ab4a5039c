#include "core/ir/Builder.h"
#include "core/ir/Printer.h"
#include "core/ir/Verifier.h"

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

}  // namespace

TEST_CASE("functions get a body region whose inputs are the parameters", "[ir][builder]") {
  Fixture f;
  FuncId fn = f.b.createFunction("add", f.cx.u32(), {f.cx.u32(), f.cx.u32()}, {"a", "b"});
  f.b.ret(f.b.iadd(f.b.param(0), f.b.param(1)));
  const FunctionDef& def = f.m.function(fn);
  REQUIRE(def.paramTypes().size() == 2);
  CHECK(f.m.typeOf(def, f.b.param(1)) == f.cx.u32());
  CHECK(def.region(def.body).inputAttrs[0].name == "a");
  CHECK(def.region(def.body).exit.kind == ExitKind::Return);
  CHECK(verifyModule(f.m).empty());
}

TEST_CASE("locals go to the entry block, before other instructions, from any depth", "[ir][builder]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  Value first = f.b.local(f.cx.u32(), "first");
  f.b.store(first, f.b.constU32(1));
  f.b.beginLoop();
  Value inner = f.b.local(f.cx.f32(), "inner", f.cx.f32(0.5f));
  f.b.store(inner, f.b.constF32(2.0f));
  f.b.breakOut();
  f.b.endLoop();
  f.b.ret();
  const FunctionDef& def = f.m.function(fn);
  const NodeDef& entry = def.node(def.region(def.body).nodes.front());
  REQUIRE(entry.insts.size() >= 3);
  CHECK(Value::inst(entry.insts[0]) == first);
  CHECK(Value::inst(entry.insts[1]) == inner);
  CHECK(def.inst(entry.insts[2]).op.isSpv(spv::OpStore));
  CHECK(f.m.typeOf(def, inner) == f.cx.pointerType(spv::StorageClassFunction, f.cx.f32()));
  CHECK(verifyModule(f.m).empty());
}

TEST_CASE("code after an exit goes to a detached region that is never printed", "[ir][builder]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {});
  Value v = f.b.local(f.cx.u32(), "v");
  CHECK_FALSE(f.b.isTerminated());
  f.b.ret();
  CHECK(f.b.isTerminated());
  f.b.store(v, f.b.constU32(99));  // dead, like HLSL statements after `return;`
  f.b.ret();                       // a second exit in dead code is dropped
  CHECK(verifyModule(f.m).empty());
  std::string text = printModule(f.m).text;
  CHECK(text.find("99u32") == std::string::npos);
  CHECK(text.find("return") != std::string::npos);
}

TEST_CASE("switch cases fall through when left open; the last one yields", "[ir][builder]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  NodeId sw = f.b.beginSwitch(f.b.param(0));
  f.b.beginCase({1, 2});
  f.b.beginCase({3});
  f.b.breakOut();
  f.b.beginCase({}, true);
  f.b.endSwitch();
  f.b.ret();
  const FunctionDef& def = f.m.function(fn);
  const NodeDef& node = def.node(sw);
  REQUIRE(node.cases.size() == 3);
  CHECK(def.region(node.cases[0]).exit.kind == ExitKind::FallThrough);
  CHECK(def.region(node.cases[1]).exit.kind == ExitKind::Break);
  CHECK(def.region(node.cases[1]).exit.target == sw);
  CHECK(def.region(node.cases[2]).exit.kind == ExitKind::Yield);
  CHECK(node.switchCases[0].literals == std::vector<uint64_t>{1, 2});
  CHECK(node.switchCases[2].isDefault);
  CHECK(verifyModule(f.m).empty());
}

TEST_CASE("break targets the innermost loop or switch; continue the innermost loop", "[ir][builder]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  NodeId loop = f.b.beginLoop();
  NodeId sw = f.b.beginSwitch(f.b.param(0));
  f.b.beginCase({0});
  f.b.continueLoop();  // HLSL: continue inside a switch continues the loop
  f.b.beginCase({1});
  f.b.breakOut();  // ...while break leaves the switch
  f.b.endSwitch();
  f.b.breakOut();
  f.b.endLoop();
  f.b.ret();
  const FunctionDef& def = f.m.function(fn);
  const NodeDef& node = def.node(sw);
  CHECK(def.region(node.cases[0]).exit.target == loop);
  CHECK(def.region(node.cases[1]).exit.target == sw);
  CHECK(def.region(def.node(loop).body).exit.target == loop);
  CHECK(verifyModule(f.m).empty());
}

TEST_CASE("access chains infer their pointer type through structs, arrays and vectors", "[ir][builder]") {
  Fixture f;
  Type v4 = f.cx.vectorType(f.cx.f32(), 4);
  Type s = f.cx.structType("S", {{"a", f.cx.u32(), {}}, {"b", f.cx.arrayType(v4, 4), {}}});
  GlobalVarId g = f.b.global("g", s, spv::StorageClassPrivate);
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  Value p = f.b.accessChain(Value::global(g), {f.b.constS32(1), f.b.param(0), f.b.constU32(2)});
  CHECK(f.m.typeOf(f.b.function(), p) == f.cx.pointerType(spv::StorageClassPrivate, f.cx.f32()));
  Value loaded = f.b.load(p);
  CHECK(f.m.typeOf(f.b.function(), loaded) == f.cx.f32());
  Value lt = f.b.flt(loaded, f.b.constF32(1));
  CHECK(f.m.typeOf(f.b.function(), lt) == f.cx.boolType());
  Value vec = f.b.load(f.b.accessChain(Value::global(g), {f.b.constS32(1), f.b.param(0)}));
  Value cmp = f.b.compare(spv::OpFOrdEqual, vec, vec);
  CHECK(f.m.typeOf(f.b.function(), cmp) == f.cx.vectorType(f.cx.boolType(), 4));
  CHECK(f.m.typeOf(f.b.function(), f.b.extract(vec, {3})) == f.cx.f32());
  f.b.ret();
  CHECK(verifyModule(f.m).empty());
}

TEST_CASE("loops without continuing get an empty continuing region", "[ir][builder]") {
  Fixture f;
  FuncId fn = f.b.createFunction("main", f.cx.voidType(), {});
  NodeId loop = f.b.beginLoop();
  f.b.breakOut();
  f.b.endLoop();
  f.b.ret();
  const FunctionDef& def = f.m.function(fn);
  const RegionDef& cont = def.region(def.node(loop).continuing);
  CHECK(cont.nodes.empty());
  CHECK(cont.exit.kind == ExitKind::Yield);
  CHECK(verifyModule(f.m).empty());
}

TEST_CASE("setFunction resumes at the end of an existing body", "[ir][builder]") {
  Fixture f;
  FuncId a = f.b.createFunction("a", f.cx.voidType(), {});
  Value v = f.b.local(f.cx.u32(), "v");
  f.b.createFunction("b", f.cx.voidType(), {});
  f.b.ret();
  f.b.setFunction(a);
  Value w = f.b.local(f.cx.u32(), "w");
  f.b.store(v, f.b.constU32(1));
  f.b.store(w, f.b.constU32(2));
  f.b.ret();
  const FunctionDef& def = f.m.function(a);
  const NodeDef& entry = def.node(def.region(def.body).nodes.front());
  CHECK(Value::inst(entry.insts[1]) == w);
  CHECK(verifyModule(f.m).empty());
}

TEST_CASE("nonUniform decorates a copy of the index", "[ir][builder]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  Value idx = f.b.nonUniform(f.b.param(0));
  const InstDef& inst = f.b.instOf(idx);
  CHECK(inst.op.isSpv(spv::OpCopyObject));
  CHECK(inst.attrs.hasDecoration(spv::DecorationNonUniform));
  f.b.ret();
  CHECK(printModule(f.m).text.find("#[NonUniform]") != std::string::npos);
}

TEST_CASE("declared functions can be called before their bodies exist", "[ir][builder]") {
  Fixture f;
  FuncId main = f.b.createFunction("main", f.cx.voidType(), {});
  FuncId helper = f.b.declareFunction("helper", f.cx.u32(), {f.cx.u32()}, {"x"});
  CHECK(f.b.currentFunction() == main);  // declaring does not move the insertion point
  Value r = f.b.call(helper, {f.b.constU32(3)});
  Value keep = f.b.local(f.cx.u32(), "keep");
  f.b.store(keep, r);
  f.b.ret();
  f.b.setFunction(helper);
  Value tmp = f.b.local(f.cx.u32(), "tmp");
  f.b.store(tmp, f.b.param(0));
  f.b.ret(f.b.load(tmp));
  CHECK(verifyModule(f.m).empty());
  const FunctionDef& def = f.m.function(helper);
  CHECK(def.region(def.body).inputAttrs[0].name == "x");
  const NodeDef& entry = def.node(def.region(def.body).nodes.front());
  CHECK(Value::inst(entry.insts.front()) == tmp);
  const std::string text = printModule(f.m).text;
  CHECK(text.find("v1 = call F1`helper`(3u32): u32") != std::string::npos);
}

TEST_CASE("builder misuse is recorded, not crashed on", "[ir][builder]") {
  Fixture f;
  f.b.createFunction("main", f.cx.voidType(), {f.cx.u32()});
  CHECK(f.b.errors().empty());
  f.b.beginElse();
  CHECK_FALSE(f.b.endIf().valid());
  CHECK_FALSE(f.b.endLoop().valid());
  f.b.beginCase({1});
  CHECK_FALSE(f.b.loopInput(0).valid());
  f.b.beginLoop();
  f.b.endSwitch();  // the open construct is a loop
  f.b.endLoop();
  f.b.breakOut();  // outside any loop: becomes `unreachable`
  CHECK(f.b.errors().size() == 7);
  CHECK(f.b.errors().back() == "break outside a loop or switch");
  CHECK(f.b.errors().front() == "beginElse without a matching open construct");
  CHECK(verifyModule(f.m).empty());
}
