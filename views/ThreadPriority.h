// Background threads (the compile worker) yield the CPU to the UI thread and to the software
// rasteriser's threads: on a machine with few cores a compile would otherwise take the slices a
// frame needs. Linux applies a nice value per thread; elsewhere this does nothing.
#pragma once

namespace sl::views {

constexpr int kBackgroundNice = 10;

// Lowers the calling thread's priority to kBackgroundNice. Returns false where it could not.
bool lowerCurrentThreadPriority();

// The calling thread's nice value (0 where unknown).
int currentThreadNice();

}  // namespace sl::views
