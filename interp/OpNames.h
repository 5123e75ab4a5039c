// SPIR-V opcode names for diagnostics ("OpAccessChain"), from the core grammar.
#pragma once

#include <cstdint>

namespace sl::interp {

// "OpFoo", or "Op<number>" kept in a static buffer per call site's thread for unknown opcodes.
const char* opcodeName(uint32_t opcode);

}  // namespace sl::interp
