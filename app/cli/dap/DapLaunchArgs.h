// The `launch` request's arguments (docs/dap.md: the launch.json keys) read into the options of
// a debug launch, each wrong key named in the message.
#pragma once

#include <optional>
#include <string>

#include "app/cli/DebugLaunch.h"
#include "llvm/Support/JSON.h"

namespace sl::cli::dap {

struct LaunchArguments {
  DebugLaunchOptions launch;
  bool stopOnEntry = false;
};

// nullopt with `error` set when an argument is missing or malformed. Relative paths are taken
// from `cwd` when the arguments name one.
std::optional<LaunchArguments> parseLaunchArguments(const llvm::json::Object& args, std::string& error);

}  // namespace sl::cli::dap
