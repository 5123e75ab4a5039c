#include "views/CompileWorker.h"

#include "views/ThreadPriority.h"

#include <algorithm>

#include <condition_variable>
#include <system_error>

namespace sl::views {

std::shared_ptr<const CompileResult> compileRequest(const CompileRequest& request) {
  return compileSource(request.fileName, request.source, request.options, request.onShownStagesReady, request.cancel.get());
}

namespace {

std::shared_ptr<const CompileResult> errorResult(const CompileRequest& request, const std::string& message) {
  auto result = std::make_shared<CompileResult>();
  result->options = request.options;
  result->fileName = request.fileName;
  result->source = request.source;
  result->diagnostics.push_back(Diagnostic::error({request.fileName, 0, 0}, message));
  result->succeeded = false;
  return result;
}

std::shared_ptr<const CompileResult> internalErrorResult(const CompileRequest& request, const std::string& why) {
  return errorResult(request, "internal error: " + why);
}

std::atomic<size_t> gAbandonedRunning{0};

// What a compile thread and the worker waiting for it share; the thread keeps it alive.
struct CompileJob {
  std::mutex mutex;
  std::condition_variable done;
  std::shared_ptr<const CompileResult> result;
  bool finished = false;
  bool abandoned = false;
};

std::shared_ptr<const CompileResult> compileCatching(const CompileFunction& compile, const CompileRequest& request) {
  // compileSource reports its own failures as diagnostics; anything else a compile function
  // throws is this compile's internal error too, and the worker lives on.
  try {
    return compile(request);
  } catch (const std::exception& e) {
    return internalErrorResult(request, e.what());
  } catch (...) {
    return internalErrorResult(request, "unknown exception");
  }
}

}  // namespace

std::chrono::milliseconds adaptiveDebounce(std::chrono::duration<double, std::milli> lastCompile, DebounceBounds bounds) {
  const auto ms = std::chrono::milliseconds(int64_t(std::max(0.0, lastCompile.count()) + 0.5));
  return std::clamp(ms, bounds.min, std::max(bounds.min, bounds.max));
}

CompileWorker::CompileWorker(CompileFunction compile, DebounceBounds debounce, std::chrono::milliseconds deadline)
    : compile_(std::move(compile)),
      debounceBounds_(debounce),
      deadline_(deadline),
      debounceMs_(std::max(debounce.min, debounce.max).count()),
      thread_([this] { run(); }) {}

size_t CompileWorker::abandonedCompilesRunning() { return gAbandonedRunning.load(); }

std::shared_ptr<const CompileResult> CompileWorker::latestPartial() const {
  std::lock_guard<std::mutex> lock(partial_->mutex);
  return partial_->generation > publishedGeneration_.load() ? partial_->result : nullptr;
}

std::shared_ptr<const CompileResult> CompileWorker::compileWithDeadline(const CompileRequest& request) {
  auto job = std::make_shared<CompileJob>();
  try {
    // The thread owns copies of what it reads: it may outlive this worker.
    std::thread([job, compile = compile_, request] {
      lowerCurrentThreadPriority();
      std::shared_ptr<const CompileResult> result = compileCatching(compile, request);
      std::lock_guard<std::mutex> lock(job->mutex);
      job->result = std::move(result);
      job->finished = true;
      if (job->abandoned) gAbandonedRunning.fetch_sub(1);
      job->done.notify_all();
    }).detach();
  } catch (const std::system_error&) {
    return compileCatching(compile_, request);  // no thread to be had: compile here, unbounded
  }
  std::unique_lock<std::mutex> lock(job->mutex);
  if (job->done.wait_for(lock, deadline_, [&] { return job->finished; })) return std::move(job->result);
  job->abandoned = true;
  gAbandonedRunning.fetch_add(1);
  const auto ms = deadline_.count();
  const std::string limit = ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
  return errorResult(request, "compile stopped: it took longer than " + limit +
                                  " (the document is untouched; an edit compiles again; please report the input)");
}

CompileWorker::~CompileWorker() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

uint64_t CompileWorker::post(CompileRequest request, bool immediate) {
  uint64_t generation;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    generation = postedGeneration_.load() + 1;
    const Clock::time_point now = Clock::now();
    pending_ = Pending{std::move(request), generation, now + (immediate ? std::chrono::milliseconds(0) : debounce())};
    postedGeneration_.store(generation);
    // The running compile is of an older text: stop it unless it is past half its expected time
    // (then finishing is sooner than starting over, and steady typing still sees results).
    if (runningCancel_ && now - runningSince_ < lastShown_ * 0.5) runningCancel_->store(true);
  }
  wake_.notify_all();
  return generation;
}

bool CompileWorker::waitUntilIdle(std::chrono::milliseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  return idle_.wait_for(lock, timeout, [this] { return !busy(); });
}

void CompileWorker::setOnPublished(std::function<void()> callback) {
  std::lock_guard<std::mutex> lock(mutex_);
  onPublished_ = std::move(callback);
}

void CompileWorker::run() {
  // Compiles are background work: frames (the UI thread, lavapipe's rasteriser) come first.
  lowerCurrentThreadPriority();
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_) {
    if (!pending_) {
      wake_.wait(lock);
      continue;
    }
    if (Clock::now() < pending_->readyAt) {
      // A newer post moves readyAt; waking early just re-checks.
      wake_.wait_until(lock, pending_->readyAt);
      continue;
    }
    Pending job = std::move(*pending_);
    pending_.reset();
    job.request.cancel = std::make_shared<std::atomic<bool>>(false);
    runningCancel_ = job.request.cancel;
    runningSince_ = Clock::now();
    job.request.onShownStagesReady = [slot = partial_, generation = job.generation,
                                      callback = onPublished_](std::shared_ptr<const CompileResult> partial) {
      {
        std::lock_guard<std::mutex> partialLock(slot->mutex);
        if (generation < slot->generation) return;  // a compile given up at its deadline, ending late
        slot->result = std::move(partial);
        slot->generation = generation;
        slot->readyAt = Clock::now();
      }
      if (callback) callback();
    };
    lock.unlock();

    const Clock::time_point compileStart = Clock::now();
    std::shared_ptr<const CompileResult> result = compileWithDeadline(job.request);
    compileCount_.fetch_add(1);
    if (result && result->cancelled) {
      // A newer edit is pending (only post() cancels): it compiles next; nothing is published.
      cancelledCount_.fetch_add(1);
      lock.lock();
      runningCancel_.reset();
      continue;
    }
    // What the user waited for: the shown stages (the partial snapshot), else the whole compile.
    Clock::time_point shownAt = Clock::now();
    {
      std::lock_guard<std::mutex> partialLock(partial_->mutex);
      if (partial_->generation == job.generation) shownAt = partial_->readyAt;
    }
    debounceMs_.store(adaptiveDebounce(shownAt - compileStart, debounceBounds_).count());

    lock.lock();
    runningCancel_.reset();
    lastShown_ = shownAt - compileStart;
    published_.store(std::move(result));
    publishedGeneration_.store(job.generation);
    std::function<void()> callback = onPublished_;
    lock.unlock();
    idle_.notify_all();
    if (callback) callback();
    lock.lock();
  }
}

}  // namespace sl::views
