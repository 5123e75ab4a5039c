#include "core/pipeline/FatalErrors.h"

#include <llvm/Support/ErrorHandling.h>

#include <cstdio>
#include <cstring>
#include <mutex>
#include <new>

#include <unistd.h>

namespace sl {

namespace {

thread_local int tBoundaries = 0;

void writeStderr(const char* prefix, const char* reason) {
  // No allocation: the bad-alloc handler must not allocate, and stdio may be in any state.
  (void)!::write(2, prefix, std::strlen(prefix));
  (void)!::write(2, reason, std::strlen(reason));
  (void)!::write(2, "\n", 1);
}

void onFatalError(void*, const char* reason, bool) {
  if (tBoundaries > 0) throw LlvmFatalError(reason ? reason : "unknown LLVM error");
  writeStderr("shaderlens: internal error: LLVM: ", reason ? reason : "unknown error");
  // Returning makes LLVM call exit(1).
}

void onBadAlloc(void*, const char* reason, bool) {
  if (tBoundaries > 0) throw std::bad_alloc();
  writeStderr("shaderlens: internal error: LLVM: ", reason ? reason : "out of memory");
}

}  // namespace

void installLlvmErrorHandlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    llvm::install_fatal_error_handler(onFatalError, nullptr);
    llvm::install_bad_alloc_error_handler(onBadAlloc, nullptr);
  });
}

FatalErrorBoundary::FatalErrorBoundary() {
  installLlvmErrorHandlers();
  ++tBoundaries;
}

FatalErrorBoundary::~FatalErrorBoundary() { --tBoundaries; }

}  // namespace sl
