// The one rewriting helper passes need beyond core/ir/Rewrite.h: build an instruction from its
// parts just before another one, inheriting that one's debug location.
#pragma once

#include "core/ir/Module.h"

#include <vector>

namespace sl::passes {

ir::InstId insertBefore(ir::FunctionDef& fn, ir::InstId at, ir::Opcode op, ir::Type resultType,
                        std::vector<ir::Operand> operands);

}  // namespace sl::passes
