// Small in-place rewriting helpers for passes over structured function bodies.
#pragma once

#include "core/ir/Module.h"

namespace sl::passes {

// Replaces every use of `from` inside `fn` (instruction operands, node conditions and loop
// inputs, region exits) by `to`.
void replaceAllUses(ir::FunctionDef& fn, ir::Value from, ir::Value to);

// Creates an instruction in the block of `at`, just before it; returns its id.
ir::InstId insertBefore(ir::FunctionDef& fn, ir::InstId at, ir::Opcode op, ir::Type resultType,
                        std::vector<ir::Operand> operands);

// Unlinks `inst` from its block (its slot in fn.insts stays, unused).
void removeInst(ir::FunctionDef& fn, ir::InstId inst);

}  // namespace sl::passes
