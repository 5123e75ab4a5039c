#include "core/support/LargeStack.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

namespace {

// Recursion that needs far more than a default 8 MB thread stack: 32 MB in 4 KB frames.
int deep(int n) {
  volatile char frame[4096];
  frame[0] = char(n);
  return n == 0 ? frame[0] : deep(n - 1) + (frame[0] & 1);
}

}  // namespace

TEST_CASE("StackThread runs next to the caller and join waits for it", "[support][stack]") {
  std::atomic<bool> release{false};
  std::atomic<bool> done{false};
  std::thread::id worker;
  sl::StackThread thread(size_t(1) << 20, [&] {
    worker = std::this_thread::get_id();
    while (!release.load()) std::this_thread::yield();
    done = true;
  });
  // The function waits for this thread: had it run in the constructor, it would never return.
  CHECK_FALSE(done.load());
  release = true;
  thread.join();
  CHECK(done.load());
  CHECK(worker != std::this_thread::get_id());
}

TEST_CASE("StackThread gives its function the stack asked for", "[support][stack]") {
  int result = -1;
  sl::StackThread thread(size_t(64) << 20, [&] { result = deep(8192); });
  thread.join();
  CHECK(result == 4096);
}

TEST_CASE("StackThread::join rethrows what the function threw; the destructor joins", "[support][stack]") {
  sl::StackThread failing(size_t(1) << 20, [] { throw std::runtime_error("no"); });
  CHECK_THROWS_AS(failing.join(), std::runtime_error);
  CHECK_NOTHROW(failing.join());  // once: the exception was handed over

  std::atomic<bool> ran{false};
  {
    sl::StackThread unjoined(size_t(1) << 20, [&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      ran = true;
    });
  }
  CHECK(ran.load());
}
