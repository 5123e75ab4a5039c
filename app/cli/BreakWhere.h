// `shaderlens debug FILE --break-where LINE[:COND]`: every invocation of the whole dispatch that
// reaches LINE with COND true, from one recording per subgroup on the CPU device
// (DebugSession::breakWhere on each).
#pragma once

#include <string>

#include "app/cli/DebugLaunch.h"

namespace sl::cli {

// Prints the hits to stdout (errors to stderr); returns the exit status.
int runBreakWhere(const DebugProgram& program, const DebugLaunchOptions& launch, const std::string& spec);

}  // namespace sl::cli
