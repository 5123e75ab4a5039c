// Runs a function on a thread of its own with a stack of a known size, and waits for it.
// Compiles walk input-shaped trees recursively, and so does third-party code they call
// (SPIRV-Cross recurses once per structured construct of a function); the parser's depth limits
// are measured against an 8 MB stack, and a compile should not depend on the caller's thread (a
// GUI worker, `ulimit -s`, a test runner) for it.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

namespace sl {

// The stack every compile runs on (compileSource): 8x the limits' measured need.
inline constexpr size_t kCompileStackBytes = size_t(64) << 20;

// Calls `fn` on a new thread with a `bytes` stack and returns when it has returned; an exception
// it throws is rethrown here. Where no such thread can be made, calls `fn` on this thread.
void runWithStack(size_t bytes, const std::function<void()>& fn);

// `fn` running on a thread of its own with a `bytes` stack, next to the caller's work: join()
// waits for it and rethrows what it threw; the destructor joins too (dropping an exception not
// asked for). Where no such thread can be made, `fn` runs in the constructor, on this thread.
class StackThread {
 public:
  StackThread(size_t bytes, std::function<void()> fn);
  ~StackThread();
  StackThread(const StackThread&) = delete;
  StackThread& operator=(const StackThread&) = delete;
  void join();

 private:
  struct Job;
  std::unique_ptr<Job> job_;
};

}  // namespace sl
