// The `llvm` and `dxil` stage text: the module as LLVM prints it, plus the HLSL location of every
// printed instruction line (from its !dbg location; other lines get an invalid SourceLoc).
#pragma once

#include "core/support/Diagnostic.h"

#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace sl::dxil {

struct PrintedLlvm {
  std::string text;
  std::vector<SourceLoc> lineSources;  // [i] = HLSL location of printed line i + 1
};

PrintedLlvm printLlvmModule(const llvm::Module& module);

}  // namespace sl::dxil
