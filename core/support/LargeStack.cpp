#include "core/support/LargeStack.h"

#include <exception>
#include <utility>

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

struct StackThread::Job {
  std::function<void()> fn;
  std::exception_ptr error;
  pthread_t thread{};
  bool running = false;

  static void* run(void* arg) {
    Job* job = static_cast<Job*>(arg);
    try {
      job->fn();
    } catch (...) {
      job->error = std::current_exception();
    }
    return nullptr;
  }
};

StackThread::StackThread(size_t bytes, std::function<void()> fn) : job_(std::make_unique<Job>()) {
  job_->fn = std::move(fn);
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) == 0) {
    job_->running = pthread_attr_setstacksize(&attr, bytes) == 0 &&
                    pthread_create(&job_->thread, &attr, Job::run, job_.get()) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!job_->running) Job::run(job_.get());  // no thread to be had: the work is done now
}

StackThread::~StackThread() {
  if (job_->running) pthread_join(job_->thread, nullptr);
}

void StackThread::join() {
  if (job_->running) {
    pthread_join(job_->thread, nullptr);
    job_->running = false;
  }
  if (std::exception_ptr error = std::exchange(job_->error, nullptr)) std::rethrow_exception(error);
}

}  // namespace sl
