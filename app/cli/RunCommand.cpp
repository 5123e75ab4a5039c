#include "app/cli/Commands.h"

#include <cstdio>

namespace sl::cli {

// Filled in by the runtime issue (#4): split-file, compile and run a .test bundle.
int runBundle(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-help") {
      std::puts("usage: shaderlens run FILE.test\nSplits, compiles and runs a .test bundle (not available yet).");
      return kExitSuccess;
    }
  std::fputs("shaderlens run: the runtime is not available in this build yet\n", stderr);
  return kExitUsage;
}

}  // namespace sl::cli
