// The clock every stage's wall time is measured with.
#pragma once

#include <chrono>

namespace sl {

using StageClock = std::chrono::steady_clock;

inline double millisecondsSince(StageClock::time_point start) {
  return std::chrono::duration<double, std::milli>(StageClock::now() - start).count();
}

}  // namespace sl
