#include "app/cli/Commands.h"

#include <cstdio>

namespace sl::cli {

int runGui(const Args& args) {
  std::fputs("shaderlens gui: the app shell is not in this build yet\n", stderr);
  return kExitUsage;
}

}  // namespace sl::cli
