// The debugged module as SPIR-V assembly, one entry per instruction with its word offset and
// result id, so a debugger can show the instruction about to run in context and the value of
// every %id the traced invocation has computed (the Debug tab's SPIR-V section). Ids the module
// names print by name (%uint, %sum: SPIRV-Tools' friendly names), the others by number (%12),
// as the session and the first-difference search name them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl::interp::debug {

struct DisassembledInstruction {
  uint32_t wordOffset = 0;  // of the instruction in the module
  uint32_t resultId = 0;    // 0 when it has none
  std::string text;         // "%12 = OpIAdd %uint %sum %11" (a string's newlines shown as \n)
};

struct Disassembly {
  std::vector<DisassembledInstruction> instructions;  // in module order
  std::string error;  // why there is none ("" when instructions are valid)
  // The instruction at `wordOffset`, or -1.
  int find(uint32_t wordOffset) const;
};

Disassembly disassembleInstructions(std::span<const uint32_t> words);

}  // namespace sl::interp::debug
