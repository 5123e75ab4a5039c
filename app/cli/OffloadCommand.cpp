#include "app/cli/Commands.h"

#include <cstdio>

namespace sl::cli {

// Filled in by the runtime issue (#4): the pipeline YAML reader and the Vulkan runner.
int runOffload(const Args& args) {
  for (const auto& a : args)
    if (a == "--help" || a == "-help") {
      std::puts("usage: shaderlens offload [-quiet] [-api vk] PIPELINE.yaml SHADER...\n"
                "Runs an llvm/offload-test-suite pipeline (not available in this build yet).");
      return kExitSuccess;
    }
  std::fputs("shaderlens offload: the runtime is not available in this build yet\n", stderr);
  return kExitUsage;
}

}  // namespace sl::cli
