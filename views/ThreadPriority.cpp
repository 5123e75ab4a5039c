#include "views/ThreadPriority.h"

#if defined(__linux__)
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace sl::views {

bool lowerCurrentThreadPriority() {
#if defined(__linux__)
  // On Linux PRIO_PROCESS with a thread id sets that thread's nice value alone.
  const id_t thread = id_t(syscall(SYS_gettid));
  return setpriority(PRIO_PROCESS, thread, kBackgroundNice) == 0;
#else
  return false;
#endif
}

int currentThreadNice() {
#if defined(__linux__)
  errno = 0;
  const int nice = getpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)));
  return errno == 0 ? nice : 0;
#else
  return 0;
#endif
}

}  // namespace sl::views
