#include "core/support/LargeStack.h"

#include <exception>

#include <pthread.h>

namespace sl {

namespace {

struct Job {
  const std::function<void()>* fn;
  std::exception_ptr error;
};

void* runJob(void* arg) {
  Job* job = static_cast<Job*>(arg);
  try {
    (*job->fn)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void runWithStack(size_t bytes, const std::function<void()>& fn) {
  Job job{&fn, nullptr};
  pthread_attr_t attr;
  bool started = false;
  pthread_t thread;
  if (pthread_attr_init(&attr) == 0) {
    started = pthread_attr_setstacksize(&attr, bytes) == 0 && pthread_create(&thread, &attr, runJob, &job) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!started) {
    fn();  // out of threads or address space: the caller's stack is all there is
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace sl
