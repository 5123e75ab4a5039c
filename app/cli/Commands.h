// The `shaderlens` subcommands. Each takes its arguments without the program and subcommand
// names and returns the process exit status.
#pragma once

#include <string>
#include <vector>

namespace sl::cli {

using Args = std::vector<std::string>;

int runCompile(const Args& args);
int runOffload(const Args& args);
int runBundle(const Args& args);
int runQptr(const Args& args);
int runDis(const Args& args);
int runGui(const Args& args);
int runDevices(const Args& args);
int runDebug(const Args& args);
int runDap(const Args& args);

// Exit statuses shared by every subcommand.
constexpr int kExitSuccess = 0;
constexpr int kExitCompileError = 1;
constexpr int kExitUsage = 2;

}  // namespace sl::cli
