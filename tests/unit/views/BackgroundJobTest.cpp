// views/BackgroundJob.h: one job at a time, the cancel flag reaches the body, each result carries
// its generation, an exception becomes the `failed` result, onFinished runs after each job.
#include "views/BackgroundJob.h"

#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <string>

using namespace sl::views;

namespace {

struct Job {
  int input = 0;
  bool waitForCancel = false;
  bool throws = false;
};

struct Outcome {
  uint64_t generation = 0;
  int output = 0;
  bool cancelled = false;
  std::string error;
};

Outcome work(const Job& job, const std::atomic<bool>* cancel) {
  if (job.throws) throw std::runtime_error("boom");
  Outcome out;
  out.output = job.input * 2;
  if (job.waitForCancel) {
    while (!cancel->load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    out.cancelled = true;
  }
  return out;
}

Outcome failed(const Job& job, const std::string& what) {
  Outcome out;
  out.output = -job.input;
  out.error = what;
  return out;
}

}  // namespace

TEST_CASE("BackgroundJob runs one job at a time and publishes each result with its generation", "[background]") {
  BackgroundJob<Job, const Outcome> job(work, failed);
  CHECK(job.latest() == nullptr);
  CHECK(job.lastStarted() == 0);
  std::atomic<int> finished{0};
  job.setOnFinished([&] { ++finished; });

  REQUIRE(job.start(Job{21, true}));
  CHECK(job.busy());
  CHECK_FALSE(job.start(Job{5}));  // refused while the first runs
  CHECK_FALSE(job.waitUntilIdle(std::chrono::milliseconds(20)));
  job.cancel();
  REQUIRE(job.waitUntilIdle(std::chrono::seconds(10)));
  std::shared_ptr<const Outcome> first = job.latest();
  REQUIRE(first);
  CHECK(first->generation == 1);
  CHECK(first->output == 42);
  CHECK(first->cancelled);

  // A new job starts with the cancel flag cleared.
  REQUIRE(job.start(Job{4}));
  REQUIRE(job.waitUntilIdle(std::chrono::seconds(10)));
  CHECK(job.lastStarted() == 2);
  CHECK(job.latest()->generation == 2);
  CHECK(job.latest()->output == 8);
  CHECK_FALSE(job.latest()->cancelled);
  CHECK(first->output == 42);  // the snapshot a reader holds does not change
  // onFinished runs on the job's thread after busy() clears; give it a moment.
  for (int k = 0; k < 1000 && finished.load() < 2; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  CHECK(finished.load() == 2);
}

TEST_CASE("BackgroundJob turns an exception into the failed result", "[background]") {
  BackgroundJob<Job, Outcome> job(work, failed);
  REQUIRE(job.start(Job{3, false, true}));
  REQUIRE(job.waitUntilIdle(std::chrono::seconds(10)));
  std::shared_ptr<Outcome> out = job.latest();
  REQUIRE(out);
  CHECK(out->generation == 1);
  CHECK(out->output == -3);
  CHECK(out->error == "internal error: boom");
  CHECK_FALSE(job.busy());
}

TEST_CASE("BackgroundJob without a failed function sets the default result's error", "[background]") {
  BackgroundJob<Job, Outcome> job(work);
  REQUIRE(job.start(Job{3, false, true}));
  REQUIRE(job.waitUntilIdle(std::chrono::seconds(10)));
  REQUIRE(job.latest());
  CHECK(job.latest()->output == 0);
  CHECK(job.latest()->error == "internal error: boom");
}

TEST_CASE("BackgroundJob's destructor cancels and waits for a running job", "[background]") {
  std::atomic<bool> ended{false};
  {
    BackgroundJob<Job, Outcome> job(
        [&](const Job& j, const std::atomic<bool>* cancel) {
          Outcome out = work(j, cancel);
          ended.store(true);
          return out;
        },
        failed);
    REQUIRE(job.start(Job{1, true}));
  }
  CHECK(ended.load());
}
