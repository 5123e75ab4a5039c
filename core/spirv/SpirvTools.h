// Glue to SPIRV-Tools: in-process validation (as spirv-val) and disassembly (as spirv-dis with
// friendly names, which is what the "spirv" stage shows).
#pragma once

#include "core/spirv/TargetEnv.h"
#include "core/support/Diagnostic.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sl::spirv {

struct ValidateOptions {
  bool relaxBlockLayout = false;   // DXC's default "relaxed" std140/std430 vector placement
  bool scalarBlockLayout = false;  // -fvk-use-scalar-layout / dx layout
};

// Empty when the module is valid for `env`.
std::vector<Diagnostic> validate(std::span<const uint32_t> words, TargetEnv env,
                                 const ValidateOptions& options = {});

// Disassembly text; on failure returns false and puts the reason in `text`.
bool disassemble(std::span<const uint32_t> words, std::string& text, bool friendlyNames = true);

}  // namespace sl::spirv
