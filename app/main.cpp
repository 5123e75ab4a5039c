// shaderlens: one executable for the app and every command-line tool.
#include "app/cli/Commands.h"
#include "core/pipeline/FatalErrors.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>

namespace {

const char* kUsage = R"(usage: shaderlens <command> [options] [args]

Commands:
  compile [DXC options] FILE       compile HLSL (DXC command lines work unchanged); --print STAGE, --stages
  offload PIPELINE.yaml SHADER...  run an offload-test-suite pipeline, like upstream's offloader
  run FILE.test                    split, compile and run a whole .test bundle in-process
  qptr FILE.spv                    the qptr lower/analyze/lift stages on a SPIR-V module
  dis FILE [--part NAME]           print a DXContainer (parts, signatures, DXIL module) or SPIR-V module as text
  debug FILE.test --thread X,Y,Z   step through one invocation on the CPU device (breakpoints, step back, locals)
  dap                              the same debugger over the Debug Adapter Protocol on stdin/stdout (VS Code)
  devices                          list Vulkan devices with their features (lit features with --lit-features)
  gui [FILE.hlsl|FILE.test]        open the app (default when no command is given)
                                   --screenshot OUT.png [--frames N] renders N frames to a PNG, with or without a display

Run `shaderlens <command> --help` for the options of a command.
)";

}  // namespace

int main(int argc, char** argv) {
  // LLVM's fatal errors: a compile's internal error inside compileSource, elsewhere a message and
  // exit status 1 (core/pipeline/FatalErrors.h).
  sl::installLlvmErrorHandlers();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h" || args[0] == "help")) {
    std::fputs(kUsage, stdout);
    return sl::cli::kExitSuccess;
  }
  if (!args.empty() && args[0] == "--version") {
    std::puts("shaderlens 0.1.0");
    return sl::cli::kExitSuccess;
  }
  std::string command = args.empty() ? "gui" : args[0];
  std::vector<std::string> rest = args.empty() ? args : std::vector<std::string>(args.begin() + 1, args.end());
  if (command == "compile") {
    // A compile is short: skip the static destructors (LLVM's option registry, grammar and
    // intrinsic tables), a measurable part of a small compile's whole-process time. Everything
    // the command wrote is complete by now (files are written atomically); flush stdio and go.
    const int status = sl::cli::runCompile(rest);
    std::fflush(nullptr);
    std::_Exit(status);
  }
  if (command == "offload") return sl::cli::runOffload(rest);
  if (command == "run") return sl::cli::runBundle(rest);
  if (command == "qptr") return sl::cli::runQptr(rest);
  if (command == "dis") return sl::cli::runDis(rest);
  if (command == "debug") return sl::cli::runDebug(rest);
  if (command == "dap") return sl::cli::runDap(rest);
  if (command == "devices") return sl::cli::runDevices(rest);
  if (command == "gui") return sl::cli::runGui(rest);
  // `shaderlens FILE.hlsl` and `shaderlens --screenshot ...` open the app.
  if (command[0] == '-' || command.find('.') != std::string::npos) return sl::cli::runGui(args);
  std::fprintf(stderr, "shaderlens: unknown command '%s'\n\n%s", command.c_str(), kUsage);
  return sl::cli::kExitUsage;
}
