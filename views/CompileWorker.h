// The compile worker: a background thread that compiles the latest edited text and publishes
// immutable CompileResult snapshots. Edits coalesce: a new request replaces the pending one, and
// a request waits until it is `debounce` old so a burst of keys does not start a compile per key.
// An edit posted while a compile is in the first half of its expected time cancels it (it stops
// at its next stage boundary and is never published), so the newest text starts compiling after
// the short debounce instead of waiting for an obsolete compile; a compile further along
// finishes (steady typing still shows results). The app's debounce is a fixed 25 ms with that
// cancellation (kCancellingDebounce); adaptiveDebounce (the last compile's time) serves compile
// functions that cannot stop early. A compile publishes a partial snapshot as soon as its shown
// stages have run (latestPartial). The UI thread only ever posts and polls; neither waits for a compile.
#pragma once

#include "core/pipeline/Pipeline.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace sl::views {

struct CompileRequest {
  std::string fileName;
  std::string source;
  CompileOptions options;
  // Set by the worker: where the partial result with the shown stages goes (ShownStagesReady).
  ShownStagesReady onShownStagesReady;
  // Set by the worker: becomes true when a newer edit makes this compile obsolete (compileSource's `cancel`).
  std::shared_ptr<std::atomic<bool>> cancel;
};

using CompileFunction = std::function<std::shared_ptr<const CompileResult>(const CompileRequest&)>;

// compileSource() on the request.
std::shared_ptr<const CompileResult> compileRequest(const CompileRequest& request);

// The bounds of the debounce: it is the last compile's time to its shown stages, within [min, max].
struct DebounceBounds {
  std::chrono::milliseconds min;
  std::chrono::milliseconds max;
};

// How long an edit waits before it compiles after a compile that took `lastCompile`: about as
// long as that compile (a key typed within it joins the next compile rather than queueing its
// own), no less than `bounds.min` (a burst of keys still coalesces), no more than `bounds.max`.
std::chrono::milliseconds adaptiveDebounce(std::chrono::duration<double, std::milli> lastCompile, DebounceBounds bounds);

class CompileWorker {
 public:
  // The debounce before any compile has run, and the longest (a key every 150 ms still compiles
  // once per pause while typing a 2000-line shader).
  static constexpr std::chrono::milliseconds kDefaultDebounce{150};
  // 25 ms: key repeat (about 30 keys a second) coalesces even when compiles are faster.
  static constexpr DebounceBounds kAdaptiveDebounce{std::chrono::milliseconds(25), kDefaultDebounce};
  // What the app uses: the 25 ms floor alone, since an edit cancels an obsolete compile (the
  // keystroke-to-view time of a late stage tab drops by the debounce it no longer waits).
  static constexpr DebounceBounds kCancellingDebounce{std::chrono::milliseconds(25), std::chrono::milliseconds(25)};
  // A compile still running after this is given up: its document gets a "compile stopped"
  // result and the worker goes on with the next edit (the input that took so long is a bug to
  // report; tests/lit/hostile holds the ones found).
  static constexpr std::chrono::milliseconds kDefaultDeadline{30000};

  explicit CompileWorker(CompileFunction compile = compileRequest, DebounceBounds debounce = kCancellingDebounce,
                         std::chrono::milliseconds deadline = kDefaultDeadline);
  // A fixed debounce.
  CompileWorker(CompileFunction compile, std::chrono::milliseconds debounce,
                std::chrono::milliseconds deadline = kDefaultDeadline)
      : CompileWorker(std::move(compile), DebounceBounds{debounce, debounce}, deadline) {}
  ~CompileWorker();
  CompileWorker(const CompileWorker&) = delete;
  CompileWorker& operator=(const CompileWorker&) = delete;

  // Replaces the pending request (if any) and returns its generation number (1, 2, ...).
  // `immediate` skips the debounce: for opening a file, not for typing.
  uint64_t post(CompileRequest request, bool immediate = false);

  // The newest published snapshot (null before the first compile finishes). Never blocks on a
  // compile: the snapshot pointer is swapped atomically by the worker.
  std::shared_ptr<const CompileResult> latest() const { return published_.load(); }
  // The running compile's partial snapshot (CompileResult::partial: its shown stages, published
  // before the rest of the pipeline ends); null when none is newer than latest().
  std::shared_ptr<const CompileResult> latestPartial() const;
  // Generation of the request that produced latest() (0 before the first).
  uint64_t latestGeneration() const { return publishedGeneration_.load(); }
  uint64_t postedGeneration() const { return postedGeneration_.load(); }
  // True while a posted request has not been published yet.
  bool busy() const { return publishedGeneration_.load() < postedGeneration_.load(); }
  // How many compiles actually ran (coalesced edits do not count; cancelled ones do).
  uint64_t compileCount() const { return compileCount_.load(); }
  // How many of them a newer edit cancelled (never published).
  uint64_t cancelledCount() const { return cancelledCount_.load(); }
  // The debounce the next edit waits: its upper bound before the first compile; then the last
  // compile's time to its partial snapshot (or to its end, without one), within the bounds.
  std::chrono::milliseconds debounce() const { return std::chrono::milliseconds(debounceMs_.load()); }

  // Blocks until every posted request is published, or the timeout passes; returns !busy().
  // For tests and for --screenshot, which must show a finished compile; the interactive UI
  // never calls it.
  bool waitUntilIdle(std::chrono::milliseconds timeout);

  // Called on the worker thread after each publish (the app wakes its event loop with it).
  void setOnPublished(std::function<void()> callback);

  // Compiles given up at their deadline that are still running, in this process (they run on
  // detached threads: the process must end with _exit while any does, as static destructors
  // would run under them).
  static size_t abandonedCompilesRunning();

 private:
  using Clock = std::chrono::steady_clock;
  struct Pending {
    CompileRequest request;
    uint64_t generation = 0;
    Clock::time_point readyAt;
  };

  void run();
  std::shared_ptr<const CompileResult> compileWithDeadline(const CompileRequest& request);

  CompileFunction compile_;
  DebounceBounds debounceBounds_;
  std::chrono::milliseconds deadline_;
  std::atomic<int64_t> debounceMs_;

  std::mutex mutex_;  // guards pending_, stop_, onPublished_; never held during a compile
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::optional<Pending> pending_;
  // The compile in progress (its cancel flag and start), and the last finished compile's time to
  // its shown stages: an edit cancels a compile in the first half of that time.
  std::shared_ptr<std::atomic<bool>> runningCancel_;
  Clock::time_point runningSince_;
  std::chrono::duration<double, std::milli> lastShown_{0};
  bool stop_ = false;
  std::function<void()> onPublished_;

  // Shared with the compile's thread, which may outlive the worker (compileWithDeadline).
  struct PartialSlot {
    std::mutex mutex;
    std::shared_ptr<const CompileResult> result;
    uint64_t generation = 0;
    Clock::time_point readyAt;
  };
  std::shared_ptr<PartialSlot> partial_ = std::make_shared<PartialSlot>();
  std::atomic<std::shared_ptr<const CompileResult>> published_;
  std::atomic<uint64_t> publishedGeneration_{0};
  std::atomic<uint64_t> postedGeneration_{0};
  std::atomic<uint64_t> compileCount_{0};
  std::atomic<uint64_t> cancelledCount_{0};
  std::thread thread_;  // last: starts after every member above exists
};

}  // namespace sl::views
