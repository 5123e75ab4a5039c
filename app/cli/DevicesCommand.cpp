#include "app/cli/Commands.h"

#include <cstdio>

namespace sl::cli {

// Filled in by the runtime issue (#4).
int runDevices(const Args& args) {
  std::fputs("shaderlens devices: the runtime is not available in this build yet\n", stderr);
  return kExitUsage;
}

}  // namespace sl::cli
