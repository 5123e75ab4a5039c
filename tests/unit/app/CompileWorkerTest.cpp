#include "views/CompileWorker.h"

#include <catch2/catch.hpp>

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace std::chrono_literals;
using sl::CompileResult;
using sl::views::CompileRequest;
using sl::views::CompileWorker;

namespace {

std::shared_ptr<const CompileResult> echoCompile(const CompileRequest& request) {
  auto result = std::make_shared<CompileResult>();
  result->fileName = request.fileName;
  result->source = request.source;
  result->succeeded = true;
  return result;
}

// A compile that blocks until released, to hold the worker busy while the test posts edits.
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  bool open = false;
  int started = 0;

  std::shared_ptr<const CompileResult> compile(const CompileRequest& request) {
    std::unique_lock<std::mutex> lock(mutex);
    ++started;
    changed.notify_all();
    changed.wait(lock, [this] { return open; });
    return echoCompile(request);
  }
  bool waitStarted(int count) {
    std::unique_lock<std::mutex> lock(mutex);
    return changed.wait_for(lock, 5s, [&] { return started >= count; });
  }
  void release() {
    std::lock_guard<std::mutex> lock(mutex);
    open = true;
    changed.notify_all();
  }
};

CompileRequest edit(const std::string& text) { return CompileRequest{"edit.hlsl", text, {}}; }

}  // namespace

TEST_CASE("ten quick edits coalesce into one compile of the last text", "[worker]") {
  CompileWorker worker(echoCompile, 150ms);
  for (int i = 0; i < 10; ++i) worker.post(edit("version " + std::to_string(i)));
  CHECK(worker.postedGeneration() == 10);
  REQUIRE(worker.waitUntilIdle(5s));
  REQUIRE(worker.latest());
  CHECK(worker.latest()->source == "version 9");
  CHECK(worker.latestGeneration() == 10);
  // Debounced: the edits were posted within microseconds of each other, far inside 150 ms.
  CHECK(worker.compileCount() == 1);
}

TEST_CASE("edits posted during a running compile replace each other; the UI poll never blocks", "[worker]") {
  Gate gate;
  CompileWorker worker([&](const CompileRequest& r) { return gate.compile(r); }, 0ms);
  worker.post(edit("first"), /*immediate=*/true);
  REQUIRE(gate.waitStarted(1));

  for (int i = 0; i < 10; ++i) worker.post(edit("edit " + std::to_string(i)));
  // The worker is stuck in a compile: polling must return at once, with nothing published yet.
  auto before = std::chrono::steady_clock::now();
  for (int i = 0; i < 1000; ++i) CHECK_FALSE(worker.latest());
  CHECK(std::chrono::steady_clock::now() - before < 500ms);
  CHECK(worker.busy());
  CHECK_FALSE(worker.waitUntilIdle(20ms));

  gate.release();
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.latest()->source == "edit 9");
  CHECK(worker.latestGeneration() == 11);
  // The first compile, then one for the ten coalesced edits.
  CHECK(worker.compileCount() == 2);
  CHECK_FALSE(worker.busy());
}

TEST_CASE("a held snapshot stays valid and unchanged after newer ones are published", "[worker]") {
  CompileWorker worker(echoCompile, 0ms);
  worker.post(edit("one"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  std::shared_ptr<const CompileResult> held = worker.latest();
  worker.post(edit("two"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(held->source == "one");
  CHECK(worker.latest()->source == "two");
  CHECK(held != worker.latest());
}

TEST_CASE("the publish callback runs once per compile", "[worker]") {
  std::atomic<int> calls{0};
  CompileWorker worker(echoCompile, 0ms);
  worker.setOnPublished([&] { calls.fetch_add(1); });
  worker.post(edit("a"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  worker.post(edit("b"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  // The callback runs on the worker thread just after the publish that ends the wait.
  auto deadline = std::chrono::steady_clock::now() + 5s;
  while (calls.load() < 2 && std::chrono::steady_clock::now() < deadline) std::this_thread::sleep_for(1ms);
  std::this_thread::sleep_for(20ms);
  CHECK(calls.load() == 2);
}

TEST_CASE("destroying the worker with a pending debounced edit does not wait for it", "[worker]") {
  auto before = std::chrono::steady_clock::now();
  {
    CompileWorker worker(echoCompile, 10s);
    worker.post(edit("never compiled"));
  }
  CHECK(std::chrono::steady_clock::now() - before < 2s);
}

TEST_CASE("the real compiler runs through the worker", "[worker]") {
  CompileWorker worker;
  worker.post(CompileRequest{"real.hlsl", "#define N 4\nint x = N;\n", {}}, true);
  REQUIRE(worker.waitUntilIdle(10s));
  std::shared_ptr<const CompileResult> result = worker.latest();
  REQUIRE(result);
  const sl::StageArtifact* preprocessed = result->stage("preprocessed");
  REQUIRE(preprocessed);
  CHECK(preprocessed->text.find("int x = 4;") != std::string::npos);
}

TEST_CASE("a compile that throws is published as an internal error and the worker goes on", "[worker][fatal]") {
  // An LLVM fatal error inside a compile (thrown by the handler, FatalErrors.h) or any exception
  // ended the worker thread, and with it the app.
  int calls = 0;
  CompileWorker worker(
      [&](const CompileRequest& request) -> std::shared_ptr<const CompileResult> {
        if (++calls == 1) throw std::runtime_error("LLVM: Unsupported Shader Model version");
        return echoCompile(request);
      },
      0ms);
  worker.post({"a.hlsl", "first", {}}, true);
  REQUIRE(worker.waitUntilIdle(5s));
  auto failed = worker.latest();
  REQUIRE(failed);
  CHECK(!failed->succeeded);
  REQUIRE(failed->diagnostics.size() == 1);
  CHECK(failed->diagnostics[0].message == "internal error: LLVM: Unsupported Shader Model version");
  CHECK(failed->source == "first");
  worker.post({"a.hlsl", "second", {}}, true);
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.latest()->succeeded);
  CHECK(worker.latest()->source == "second");
}

TEST_CASE("a compile past the deadline is given up: the document gets 'compile stopped' and the next edit compiles", "[worker]") {
  Gate gate;
  std::atomic<int> calls{0};
  CompileWorker worker(
      [&](const CompileRequest& request) {
        // The first compile hangs until released; later ones return at once.
        if (calls.fetch_add(1) == 0) return gate.compile(request);
        return echoCompile(request);
      },
      0ms, 200ms);
  worker.post(edit("hangs"), true);
  REQUIRE(gate.waitStarted(1));
  REQUIRE(worker.waitUntilIdle(5s));
  REQUIRE(worker.latest());
  CHECK(!worker.latest()->succeeded);
  CHECK(worker.latest()->source == "hangs");
  REQUIRE(worker.latest()->diagnostics.size() == 1);
  CHECK(worker.latest()->diagnostics[0].message.rfind("compile stopped: it took longer than 200 ms", 0) == 0);
  CHECK(CompileWorker::abandonedCompilesRunning() == 1);

  worker.post(edit("next"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.latest()->succeeded);
  CHECK(worker.latest()->source == "next");

  gate.release();  // the given-up compile ends; its result is dropped
  for (int i = 0; i < 500 && CompileWorker::abandonedCompilesRunning() > 0; ++i) std::this_thread::sleep_for(10ms);
  CHECK(CompileWorker::abandonedCompilesRunning() == 0);
  CHECK(worker.latest()->source == "next");
}

TEST_CASE("the adaptive debounce is the last compile's time within its bounds", "[worker][debounce]") {
  const sl::views::DebounceBounds bounds{25ms, 150ms};
  CHECK(sl::views::adaptiveDebounce(0ms, bounds) == 25ms);
  CHECK(sl::views::adaptiveDebounce(std::chrono::duration<double, std::milli>(3.2), bounds) == 25ms);
  CHECK(sl::views::adaptiveDebounce(60ms, bounds) == 60ms);
  CHECK(sl::views::adaptiveDebounce(std::chrono::duration<double, std::milli>(87.6), bounds) == 88ms);
  CHECK(sl::views::adaptiveDebounce(150ms, bounds) == 150ms);
  CHECK(sl::views::adaptiveDebounce(2s, bounds) == 150ms);
  // A fixed debounce is bounds that meet.
  CHECK(sl::views::adaptiveDebounce(2s, {40ms, 40ms}) == 40ms);
  CHECK(sl::views::adaptiveDebounce(1ms, {40ms, 40ms}) == 40ms);
}

TEST_CASE("the worker's debounce follows its compiles: the longest before the first, then each compile's time", "[worker][debounce]") {
  std::atomic<int> sleepMs{0};
  CompileWorker worker(
      [&](const CompileRequest& request) {
        std::this_thread::sleep_for(std::chrono::milliseconds(sleepMs.load()));
        return echoCompile(request);
      },
      sl::views::DebounceBounds{25ms, 150ms});
  CHECK(worker.debounce() == 150ms);
  // A fast compile: the next edit waits only the least.
  worker.post(edit("fast"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.debounce() == 25ms);
  // A slower one: about its own time (at least what it slept; the worker's thread adds a little).
  sleepMs = 70;
  worker.post(edit("slow"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.debounce() >= 70ms);
  CHECK(worker.debounce() <= 150ms);
  // Slower than the bound: the bound.
  sleepMs = 200;
  worker.post(edit("slower"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.debounce() == 150ms);
  // And a fixed debounce never moves.
  CompileWorker fixed(echoCompile, 40ms);
  fixed.post(edit("x"), true);
  REQUIRE(fixed.waitUntilIdle(5s));
  CHECK(fixed.debounce() == 40ms);
}

TEST_CASE("an edit waits the adapted debounce, so edits inside it still coalesce", "[worker][debounce]") {
  CompileWorker worker(echoCompile, sl::views::DebounceBounds{25ms, 150ms});
  worker.post(edit("opened"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  REQUIRE(worker.debounce() == 25ms);
  // Three edits within microseconds: one compile of the last.
  for (int i = 0; i < 3; ++i) worker.post(edit("typed " + std::to_string(i)));
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.compileCount() == 2);
  CHECK(worker.latest()->source == "typed 2");
}

namespace {

// A compile of about `ms` that stops early, as compileSource does at a stage boundary, when its
// cancel flag is set.
std::shared_ptr<const CompileResult> cancellableCompile(const CompileRequest& request, int ms) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
  while (std::chrono::steady_clock::now() < end) {
    if (request.cancel && request.cancel->load()) {
      auto result = std::make_shared<CompileResult>();
      result->source = request.source;
      result->cancelled = true;
      return result;
    }
    std::this_thread::sleep_for(2ms);
  }
  return echoCompile(request);
}

}  // namespace

TEST_CASE("an edit early in a compile cancels it; the newest text is published, never the obsolete one", "[worker][cancel]") {
  CompileWorker worker([](const CompileRequest& r) { return cancellableCompile(r, 300); });
  CHECK(worker.debounce() == 25ms);
  worker.post(edit("opened"), true);  // learns the compile's time: 300 ms
  REQUIRE(worker.waitUntilIdle(5s));
  worker.post(edit("typed a"), true);
  std::this_thread::sleep_for(40ms);  // well inside its first half
  worker.post(edit("typed ab"));
  REQUIRE(worker.waitUntilIdle(5s));
  // "typed a" stopped early and was never published; "typed ab" did not wait for it.
  CHECK(worker.cancelledCount() == 1);
  CHECK(worker.compileCount() == 3);
  CHECK(worker.latest()->source == "typed ab");
  CHECK_FALSE(worker.latest()->cancelled);
  CHECK(worker.latestGeneration() == worker.postedGeneration());
}

TEST_CASE("an edit late in a compile lets it finish: steady typing still shows results", "[worker][cancel]") {
  CompileWorker worker([](const CompileRequest& r) { return cancellableCompile(r, 400); });
  worker.post(edit("opened"), true);
  REQUIRE(worker.waitUntilIdle(5s));
  worker.post(edit("typed a"), true);
  std::this_thread::sleep_for(300ms);  // past half of 400 ms
  worker.post(edit("typed ab"));
  REQUIRE(worker.waitUntilIdle(5s));
  CHECK(worker.cancelledCount() == 0);
  CHECK(worker.compileCount() == 3);
  CHECK(worker.latest()->source == "typed ab");
}

TEST_CASE("compileSource stops at a stage boundary when cancelled, after the shown stages were handed out", "[worker][cancel]") {
  sl::CompileOptions options;
  options.profile = "cs_6_0";
  options.shownStages = {"preprocessed"};
  std::atomic<bool> cancel{true};
  std::shared_ptr<const CompileResult> partial;
  auto result = sl::compileSource("c.hlsl", "[numthreads(1,1,1)] void main() {}\n", options,
                                  [&](std::shared_ptr<const CompileResult> p) { partial = std::move(p); }, &cancel);
  REQUIRE(result);
  CHECK(result->cancelled);
  CHECK(result->stages.empty());
  REQUIRE(partial);  // the shown stage reached the viewer before the stop
  CHECK(partial->stage("preprocessed") != nullptr);
  // Not cancelled: the whole pipeline.
  cancel = false;
  auto whole = sl::compileSource("c.hlsl", "[numthreads(1,1,1)] void main() {}\n", options, nullptr, &cancel);
  CHECK_FALSE(whole->cancelled);
  CHECK(whole->succeeded);
  CHECK(whole->stage("ast") != nullptr);
}
