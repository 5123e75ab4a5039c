// The host thread's fp32 denormal mode (x86 MXCSR FTZ/DAZ), which a CPU Vulkan implementation's
// worker threads inherit when they are created (POSIX: a new thread takes its creator's
// floating-point environment). Used while opening a CPU device with DeviceOptions::fp32Denorm;
// see docs/hal.md, "fp32 denormals".
#pragma once

#include <cstdint>

#include "renderer/hal/DeviceInfo.h"
#include "renderer/hal/Status.h"

namespace sl::hal {

// MXCSR bits: FTZ flushes denormal results to zero, DAZ reads denormal inputs as zero.
constexpr uint32_t kMxcsrFlushToZero = 0x8000;
constexpr uint32_t kMxcsrDenormalsAreZero = 0x0040;

// The control word `mxcsr` with FTZ/DAZ set (Flush), cleared (Preserve) or unchanged (Device).
uint32_t mxcsrForDenormMode(uint32_t mxcsr, Fp32DenormMode mode);

// Whether `mode` can be applied to this adapter here: Device always; Flush/Preserve only for a
// CPU device on an x86-64 host. Unsupported with the reason otherwise.
Status checkFp32DenormMode(const AdapterInfo& adapter, Fp32DenormMode mode);

// Whether this build can read and set the host float mode (x86-64).
bool hostFloatModeControllable();
// The calling thread's MXCSR (0 where not controllable).
uint32_t hostMxcsr();

// Sets the calling thread's mode for its lifetime and restores the previous one afterwards, so
// only threads created meanwhile (the device's) keep it; the caller's own arithmetic (e.g.
// comparing results with denormal expectations) is not affected afterwards.
class ScopedHostDenormMode {
 public:
  explicit ScopedHostDenormMode(Fp32DenormMode mode);
  ~ScopedHostDenormMode();
  ScopedHostDenormMode(const ScopedHostDenormMode&) = delete;
  ScopedHostDenormMode& operator=(const ScopedHostDenormMode&) = delete;

 private:
  uint32_t saved_ = 0;
  bool changed_ = false;
};

}  // namespace sl::hal
