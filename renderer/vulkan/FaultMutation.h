// Fault injection for the first-difference search's tests (docs/first-difference.md): a
// miscompile made on purpose. SHADERLENS_FAULT_MUTATE_SPIRV="SELECTOR:CHANGE" changes one
// instruction of every module this process's Vulkan devices build an executable from:
//
//   SELECTOR  123            the instruction with result id 123
//             OpIAdd#2       the second OpIAdd of the module (1-based, in module order)
//             OpConstant=7   the first 32-bit OpConstant whose value is 7
//   CHANGE    OpISub         another opcode, operands kept (same-shaped opcodes only: arithmetic,
//                            bitwise, shifts, comparisons, conversions, select)
//             swap           the last two operands exchanged (a select's values, a - b -> b - a)
//             42 / -1 / 2.5  a 32-bit OpConstant's new value (integer, or float for float types)
//
// A selector other than a result id is resolved in the first module it matches; later modules of
// the process get the instruction with that result id (an instrumented copy of the module has
// instructions of its own before the original ones). Each mutation is reported on stderr ("SHADERLENS_FAULT_MUTATE_SPIRV: %23 = OpIAdd became
// OpISub in ..."); the module is validated afterwards like any other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "renderer/hal/Status.h"

namespace sl::vulkan {

// Applies `spec` to `words`; an error names what in the spec is wrong or matches nothing.
hal::Status applyMutation(const std::string& spec, std::vector<uint32_t>& words, const std::string& label);
// Applies the environment's mutation when SHADERLENS_FAULT_MUTATE_SPIRV is set (ok otherwise).
hal::Status applyInjectedMutation(std::vector<uint32_t>& words, const std::string& label);

}  // namespace sl::vulkan
