// A BackgroundJob whose result the UI shows only when it answers the request it last made:
// start() remembers that generation, poll() takes its result once, cancel() forgets the request
// (a late result is never shown), reset() also drops what is shown. The Debug tab's searches
// (first difference, break where, who wrote an element) each hold one. No ImGui.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

namespace sl::views {

template <typename Job, typename Outcome>
class WatchedJob {
 public:
  Job& job() { return job_; }
  bool busy() const { return job_.busy(); }
  // A result was asked for and is not in yet.
  bool waiting() const { return wanted_ != 0; }
  const Outcome* shown() const { return shown_.get(); }

  // False while the job runs (a cancelled one too: it runs to its end).
  template <typename Request>
  bool start(Request request) {
    if (!job_.start(std::move(request))) return false;
    wanted_ = job_.lastStarted();
    shown_.reset();
    return true;
  }
  // False when nothing was wanted.
  bool cancel() {
    if (!wanted_) return false;
    job_.cancel();
    wanted_ = 0;
    return true;
  }
  // True once, when the wanted result is in: shown() is it.
  bool poll() {
    if (!wanted_ || job_.busy()) return false;
    std::shared_ptr<const Outcome> latest = job_.latest();
    if (!latest || latest->generation != wanted_) return false;
    wanted_ = 0;
    shown_ = std::move(latest);
    return true;
  }
  void forgetShown() { shown_.reset(); }
  void reset() {
    job_.cancel();
    wanted_ = 0;
    shown_.reset();
  }

 private:
  Job job_;
  uint64_t wanted_ = 0;
  std::shared_ptr<const Outcome> shown_;
};

}  // namespace sl::views
