// One job at a time on a thread of its own, for work too slow for the UI thread (a run, a debug
// recording, a first-difference search): start() hands it a request, the body runs it with a
// cancel flag, and the result, stamped with the job's generation, is published as an immutable
// snapshot the UI thread swaps in (latest(), std::atomic_load). An exception, or an LLVM fatal
// error inside the boundary (core/pipeline/FatalErrors.h), becomes the result `failed` makes;
// the app lives on. No ImGui.
//
//   BackgroundJob<RunRequest, const RunOutcome> job(runBundleNow, failedRun);
//   job.start(request);  ...  if (auto outcome = job.latest()) show(*outcome);
#pragma once

#include "core/pipeline/FatalErrors.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>

namespace sl::views {

// `Result` (const or not: how latest() hands it out) has a `uint64_t generation` member, and a
// `std::string error` one unless `failed` is given.
template <typename Request, typename Result>
class BackgroundJob {
 public:
  using Value = std::remove_const_t<Result>;
  using Body = std::function<Value(const Request&, const std::atomic<bool>* cancel)>;
  using Failed = std::function<Value(const Request&, const std::string& what)>;

  // Without `failed`, a failure is a default result with `error` set to the message.
  explicit BackgroundJob(Body body, Failed failed = {}) : body_(std::move(body)), failed_(std::move(failed)) {}
  // Quitting asks the job to stop and waits for it (what cannot be stopped, e.g. a GPU's
  // dispatch, the body leaves to finish on its own).
  ~BackgroundJob() {
    cancel_.store(true);
    if (thread_.joinable()) thread_.join();
  }
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  // Starts the job unless one is going (false then).
  bool start(Request request) {
    if (busy_.exchange(true)) return false;
    if (thread_.joinable()) thread_.join();
    const uint64_t generation = ++generation_;
    cancel_.store(false);
    thread_ = std::thread([this, generation, request = std::move(request)] {
      std::shared_ptr<Value> result;
      try {
        FatalErrorBoundary boundary;
        result = std::make_shared<Value>(body_(request, &cancel_));
      } catch (const std::exception& e) {
        const std::string what = std::string("internal error: ") + e.what();
        if (failed_) {
          result = std::make_shared<Value>(failed_(request, what));
        } else {
          result = std::make_shared<Value>();
          result->error = what;
        }
      }
      result->generation = generation;
      std::atomic_store(&latest_, std::shared_ptr<Result>(std::move(result)));
      std::function<void()> onFinished;
      {
        std::lock_guard<std::mutex> lock(mutex_);
        busy_.store(false);
        onFinished = onFinished_;
      }
      idle_.notify_all();
      if (onFinished) onFinished();
    });
    return true;
  }
  // The generation the last started job's result carries (0 before any).
  uint64_t lastStarted() const { return generation_; }
  bool busy() const { return busy_.load(); }
  // Asks the running job to stop (a Cancel button, and quitting).
  void cancel() { cancel_.store(true); }
  std::shared_ptr<Result> latest() const { return std::atomic_load(&latest_); }
  bool waitUntilIdle(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mutex_);
    return idle_.wait_for(lock, timeout, [this] { return !busy_.load(); });
  }
  // Called on the job's thread after each job (the app wakes its event loop with it).
  void setOnFinished(std::function<void()> callback) {
    std::lock_guard<std::mutex> lock(mutex_);
    onFinished_ = std::move(callback);
  }

 private:
  Body body_;
  Failed failed_;
  std::thread thread_;
  std::atomic<bool> busy_{false};
  std::atomic<bool> cancel_{false};
  std::shared_ptr<Result> latest_;
  uint64_t generation_ = 0;  // the UI thread's: start() and lastStarted()
  std::mutex mutex_;
  std::condition_variable idle_;
  std::function<void()> onFinished_;
};

}  // namespace sl::views
