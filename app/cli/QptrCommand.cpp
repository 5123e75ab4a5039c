#include "app/cli/Commands.h"

#include <cstdio>

namespace sl::cli {

// Filled in by the qptr issue (#6).
int runQptr(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-help") {
      std::puts("usage: shaderlens qptr FILE.spv [--print lower|analyze|lift] [-o OUT.spv]\n"
                "Runs SPIR-T's qptr passes on a SPIR-V module (not available in this build yet).");
      return kExitSuccess;
    }
  std::fputs("shaderlens qptr: not available in this build yet\n", stderr);
  return kExitUsage;
}

}  // namespace sl::cli
