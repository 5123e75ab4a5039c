#include "core/passes/Rewrite.h"

#include "core/ir/Rewrite.h"

namespace sl::passes {

ir::InstId insertBefore(ir::FunctionDef& fn, ir::InstId at, ir::Opcode op, ir::Type resultType,
                        std::vector<ir::Operand> operands) {
  ir::InstDef inst;
  inst.op = op;
  inst.resultType = resultType;
  inst.operands = std::move(operands);
  inst.attrs.loc = fn.inst(at).attrs.loc;
  return ir::insertInstBefore(fn, at, std::move(inst));
}

}  // namespace sl::passes
