#include "core/ir/Builder.h"
#include "core/ir/Printer.h"
#include "core/ir/Rewrite.h"
#include "core/ir/Verifier.h"
#include "tests/unit/ir/ShaderFixtures.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::ir;

TEST_CASE("program order walks regions depth first, loop bodies before continuing", "[ir][rewrite]") {
  Module m = fixtures::loops(fixtures::BufferStyle::StorageBufferBlock);
  const FunctionDef& main = m.functions[1];
  std::vector<InstId> order = instsInProgramOrder(main);
  // Every instruction placed in a block is visited exactly once.
  size_t inBlocks = 0;
  for (const NodeDef& n : main.nodes) inBlocks += n.insts.size();
  CHECK(order.size() == inBlocks);
  // Stores in program order: i = 0, j = 0, total += .. (inner body), j++ (inner continuing),
  // i++ (outer continuing), then the buffer store after both loops.
  std::vector<std::string> targets;
  for (InstId i : order) {
    const InstDef& inst = main.inst(i);
    if (!inst.op.isSpv(spv::OpStore)) continue;
    const Value ptr = inst.operands[0].value;
    const bool isLocal = ptr.kind == ValueKind::InstResult && main.inst(ptr.asInst()).op.isSpv(spv::OpVariable);
    targets.push_back(isLocal ? main.inst(ptr.asInst()).attrs.name : "buf");
  }
  CHECK(targets == std::vector<std::string>{"i", "j", "total", "j", "i", "buf"});
  CHECK(main.inst(order[0]).op.isSpv(spv::OpVariable));
  CHECK(regionsInProgramOrder(main).front() == main.body);
}

TEST_CASE("replaceAllUses rewrites operands, exits and conditions", "[ir][rewrite]") {
  Module m = fixtures::switchAndSelect(fixtures::BufferStyle::StorageBufferBlock);
  FunctionDef& main = m.functions[0];
  // v6 (the load of r) is used by the comparison, the then-yield and the multiply.
  std::vector<InstId> order = instsInProgramOrder(main);
  InstId load;
  for (InstId i : order)
    if (main.inst(i).op.isSpv(spv::OpLoad) && m.typeOf(main, main.inst(i).operands[0].value).valid() &&
        main.inst(i).operands[0].value.kind == ValueKind::InstResult &&
        main.inst(main.inst(i).operands[0].value.asInst()).op.isSpv(spv::OpVariable))
      load = i;  // the last load of the local `r`
  REQUIRE(load.valid());
  CHECK(countUses(main, Value::inst(load)) == 3);
  const size_t replaced = replaceAllUses(main, Value::inst(load), Value::constant(m.cx().u32(5)));
  CHECK(replaced == 3);
  CHECK(countUses(main, Value::inst(load)) == 0);
  CHECK(verifyModule(m).empty());
  const std::string text = printModule(m).text;
  CHECK(text.find("yield(5u32)") != std::string::npos);
  CHECK(text.find("spv.OpUGreaterThan(5u32, 15u32)") != std::string::npos);
}

TEST_CASE("instructions can be inserted next to and erased from a block", "[ir][rewrite]") {
  Module m(std::make_shared<Context>());
  Builder b(m);
  Context& cx = m.cx();
  FuncId fn = b.createFunction("f", cx.u32(), {cx.u32()});
  Value sum = b.iadd(b.param(0), b.constU32(1));
  b.ret(sum);
  FunctionDef& def = m.function(fn);
  InstDef twice;
  twice.op = Opcode::spv(spv::OpIMul);
  twice.resultType = cx.u32();
  twice.operands = {Operand::v(b.param(0)), Operand::v(Value::constant(cx.u32(2)))};
  InstId t = insertInstBefore(def, sum.asInst(), twice);
  def.inst(sum.asInst()).operands[0] = Operand::v(Value::inst(t));
  InstDef after = twice;
  after.operands[0] = Operand::v(sum);
  InstId a = insertInstAfter(def, sum.asInst(), after);
  REQUIRE(verifyModule(m).empty());
  std::vector<InstId> order = instsInProgramOrder(def);
  REQUIRE(order.size() == 3);
  CHECK(order[0] == t);
  CHECK(order[1] == sum.asInst());
  CHECK(order[2] == a);
  eraseInst(def, a);
  CHECK(instsInProgramOrder(def).size() == 2);
  CHECK(verifyModule(m).empty());
  // Erasing an instruction that still has uses is caught by the verifier.
  eraseInst(def, t);
  CHECK_FALSE(verifyModule(m).empty());
}
