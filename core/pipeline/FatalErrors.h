// LLVM's fatal errors (report_fatal_error, report_bad_alloc_error) inside a compile become an
// internal-error diagnostic of that compile instead of ending the process (exit(1) with
// "LLVM ERROR: ..."; the GUI went with it).
//
// LLVM requires its handler not to return, so the handler throws a C++ exception that the compile
// boundary (compileSource) catches. Debian's LLVM is built with -fno-exceptions but with unwind
// tables (x86-64 and arm64 defaults), so the exception unwinds through LLVM's frames without running
// their cleanups: what they held leaks, and LLVM objects our frames own are destroyed in whatever
// state the error left them. For a compile that is abandoned that is the price of the app staying
// up; a compile after it starts from fresh objects. The handlers are process-wide (LLVM keeps one
// of each), installed once; a fatal error on a thread that is not inside a compile is reported
// and the process exits with status 1, as before, but never aborts.
#pragma once

#include <stdexcept>
#include <string>

namespace sl {

// Thrown by the fatal-error handler inside a FatalErrorBoundary.
struct LlvmFatalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Installs the handlers (once per process; later calls do nothing).
void installLlvmErrorHandlers();

// While one is alive on a thread, LLVM's fatal errors on that thread throw LlvmFatalError (and
// running out of memory in LLVM throws std::bad_alloc) instead of ending the process.
class FatalErrorBoundary {
 public:
  FatalErrorBoundary();
  ~FatalErrorBoundary();
  FatalErrorBoundary(const FatalErrorBoundary&) = delete;
  FatalErrorBoundary& operator=(const FatalErrorBoundary&) = delete;
};

}  // namespace sl
