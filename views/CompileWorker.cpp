#include "views/CompileWorker.h"

#include "views/ThreadPriority.h"

namespace sl::views {

std::shared_ptr<const CompileResult> compileRequest(const CompileRequest& request) {
  return compileSource(request.fileName, request.source, request.options);
}

namespace {

std::shared_ptr<const CompileResult> internalErrorResult(const CompileRequest& request, const std::string& why) {
  auto result = std::make_shared<CompileResult>();
  result->options = request.options;
  result->fileName = request.fileName;
  result->source = request.source;
  result->diagnostics.push_back(Diagnostic::error({}, "internal error: " + why));
  result->succeeded = false;
  return result;
}

}  // namespace

CompileWorker::CompileWorker(CompileFunction compile, std::chrono::milliseconds debounce)
    : compile_(std::move(compile)), debounce_(debounce), thread_([this] { run(); }) {}

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
    pending_ = Pending{std::move(request), generation, Clock::now() + (immediate ? std::chrono::milliseconds(0) : debounce_)};
    postedGeneration_.store(generation);
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
    lock.unlock();

    // compileSource reports its own failures as diagnostics; anything else a compile function
    // throws is this compile's internal error too, and the worker lives on.
    std::shared_ptr<const CompileResult> result;
    try {
      result = compile_(job.request);
    } catch (const std::exception& e) {
      result = internalErrorResult(job.request, e.what());
    } catch (...) {
      result = internalErrorResult(job.request, "unknown exception");
    }
    compileCount_.fetch_add(1);

    lock.lock();
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
