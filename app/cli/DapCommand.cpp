// `shaderlens dap`: the Debug Adapter Protocol on stdin/stdout (docs/dap.md), so VS Code or any
// DAP client debugs one invocation of a bundle's dispatch with the same debugger as
// `shaderlens debug`. The framing is app/cli/dap/DapTransport, the requests app/cli/dap/DapAdapter.
#include "app/cli/Commands.h"

#include <csignal>
#include <cstdio>
#include <iostream>
#include <unistd.h>

#include "app/cli/dap/DapAdapter.h"
#include "app/cli/dap/DapTransport.h"

namespace sl::cli {

namespace {

const char* kDapHelp =
    "usage: shaderlens dap\n"
    "Speaks the Debug Adapter Protocol on stdin/stdout: a DAP client (VS Code, see docs/dap.md) launches\n"
    "a .test bundle or a .hlsl compute shader with the launch arguments program, pipeline, thread [x,y,z]\n"
    "(or group and local), stopOnEntry, subgroupSize, maxSteps, noDebugInfo and cwd, then sets breakpoints,\n"
    "steps forwards and backwards, and reads the lanes' locals. Messages to the user go out as output events;\n"
    "stderr carries only what escapes them. Ends at 'disconnect' or at the end of the input, with status 0.\n";

// Writes all of `bytes` to `fd`; false when the client has gone.
bool writeAll(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) return false;
    done += size_t(n);
  }
  return true;
}

}  // namespace

int runDap(const Args& args) {
  for (const std::string& a : args) {
    if (a == "--help" || a == "-h" || a == "-help") {
      std::fputs(kDapHelp, stdout);
      return kExitSuccess;
    }
    std::fprintf(stderr, "shaderlens dap: unexpected argument '%s' (the program and its options come in the 'launch' request; see --help)\n",
                 a.c_str());
    return kExitUsage;
  }
  // The protocol owns stdout: anything else that prints there (a library's stray message) goes
  // to stderr instead of corrupting a frame.
  std::fflush(stdout);
  const int protocol = dup(1);
  if (protocol < 0 || dup2(2, 1) < 0) {
    std::fprintf(stderr, "shaderlens dap: cannot take over stdout\n");
    return 1;
  }
  std::signal(SIGPIPE, SIG_IGN);  // a client that goes away is an ended session, not a crash
  bool clientGone = false;
  dap::Adapter adapter([&](const llvm::json::Value& message) {
    if (!clientGone && !writeAll(protocol, dap::frameMessage(message))) clientGone = true;
  });
  std::ios::sync_with_stdio(false);
  dap::MessageReader reader(std::cin);
  while (!adapter.finished() && !clientGone) {
    dap::IncomingMessage message = reader.next();
    const bool end = message.kind == dap::IncomingMessage::Kind::End;
    adapter.receive(std::move(message));
    if (end) break;
  }
  close(protocol);
  return kExitSuccess;
}

}  // namespace sl::cli
