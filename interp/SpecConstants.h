// OpSpecConstantOp evaluation at decode time (after specialization values are applied).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "interp/Module.h"

namespace sl::interp {

// Evaluates the OpSpecConstantOp instructions at `offsets` (word offsets, in module order) into
// the constant pool. Returns "" or an error naming the instruction.
std::string evaluateSpecConstantOps(Module& module, std::span<const uint32_t> words, const std::vector<uint32_t>& offsets);

}  // namespace sl::interp
