// The IR verifier: structure (every id in range, every region/node used once), scoping (a value is
// used only where its definition is visible: earlier in the same region or an enclosing one;
// values defined inside a Select/Loop leave it only as node outputs), exits (break/continue/
// break_if/fallthrough only where they have a target, carrying values of the right types) and the
// types of common instructions. Tests run it after every transformation.
#pragma once

#include "core/ir/Module.h"
#include "core/support/Diagnostic.h"

#include <vector>

namespace sl::ir {

// Empty when the module is well formed.
std::vector<Diagnostic> verifyModule(const Module& module);

}  // namespace sl::ir
