// The canonical IR printer: stable, diff-friendly text (syntax in docs/ir.md), plus a per-line
// source map so the GUI can highlight the HLSL lines behind each printed line.
#pragma once

#include "core/ir/Module.h"
#include "core/support/Diagnostic.h"

#include <string>
#include <vector>

namespace sl::ir {

struct PrintOptions {
  bool debugLocs = true;  // trailing `// file:line:col` comments
};

struct PrintedModule {
  std::string text;
  // lineLocs[i] is the debug location of printed line i + 1 (invalid SourceLoc if none).
  std::vector<SourceLoc> lineLocs;
};

PrintedModule printModule(const Module& module, const PrintOptions& options = {});

// Short forms used by the verifier's messages and by tests.
std::string printType(const Context& cx, Type type);
std::string printConst(const Context& cx, Const c);

}  // namespace sl::ir
