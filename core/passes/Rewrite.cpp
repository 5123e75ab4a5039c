#include "core/passes/Rewrite.h"

#include <algorithm>

namespace sl::passes {

void replaceAllUses(ir::FunctionDef& fn, ir::Value from, ir::Value to) {
  auto fix = [&](ir::Value& v) {
    if (v == from) v = to;
  };
  for (ir::InstDef& inst : fn.insts)
    for (ir::Operand& o : inst.operands)
      if (!o.isImm) fix(o.value);
  for (ir::NodeDef& n : fn.nodes) {
    fix(n.condition);
    for (ir::Value& v : n.initialInputs) fix(v);
  }
  for (ir::RegionDef& r : fn.regions) {
    for (ir::Value& v : r.exit.values) fix(v);
    for (ir::Value& v : r.exit.exitValues) fix(v);
    fix(r.exit.condition);
  }
}

ir::InstId insertBefore(ir::FunctionDef& fn, ir::InstId at, ir::Opcode op, ir::Type resultType,
                        std::vector<ir::Operand> operands) {
  ir::InstDef inst;
  inst.op = op;
  inst.resultType = resultType;
  inst.operands = std::move(operands);
  inst.block = fn.inst(at).block;
  inst.attrs.loc = fn.inst(at).attrs.loc;
  fn.insts.push_back(std::move(inst));
  ir::InstId id(static_cast<uint32_t>(fn.insts.size() - 1));
  auto& list = fn.node(fn.inst(id).block).insts;
  auto pos = std::find(list.begin(), list.end(), at);
  list.insert(pos, id);
  return id;
}

void removeInst(ir::FunctionDef& fn, ir::InstId inst) {
  auto& list = fn.node(fn.inst(inst).block).insts;
  list.erase(std::remove(list.begin(), list.end(), inst), list.end());
}

}  // namespace sl::passes
