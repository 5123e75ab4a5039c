#include "app/cli/Commands.h"

#include <cstdio>

namespace sl::cli {

// Built when SHADERLENS_BUILD_GUI is off: the command-line tools work, the app does not.
int runGui(const Args& args) {
  std::fputs("shaderlens gui: this build has no GUI (configured with SHADERLENS_BUILD_GUI=OFF)\n", stderr);
  return kExitUsage;
}

}  // namespace sl::cli
