#include "renderer/hal/HostFloatMode.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#define SL_HAL_HAVE_MXCSR 1
#else
#define SL_HAL_HAVE_MXCSR 0
#endif

namespace sl::hal {

uint32_t mxcsrForDenormMode(uint32_t mxcsr, Fp32DenormMode mode) {
  constexpr uint32_t kBoth = kMxcsrFlushToZero | kMxcsrDenormalsAreZero;
  switch (mode) {
    case Fp32DenormMode::Device: return mxcsr;
    case Fp32DenormMode::Flush: return mxcsr | kBoth;
    case Fp32DenormMode::Preserve: return mxcsr & ~kBoth;
  }
  return mxcsr;
}

Status checkFp32DenormMode(const AdapterInfo& adapter, Fp32DenormMode mode) {
  if (mode == Fp32DenormMode::Device) return okStatus();
  const std::string option = std::string("fp32 denormal mode '") + fp32DenormModeName(mode) + "'";
  if (adapter.type != DeviceType::Cpu)
    return makeError(ErrorCode::Unsupported,
                     option + " applies only to CPU implementations (llvmpipe/lavapipe), whose shader threads run in the "
                              "host's float mode; '" + adapter.name + "' is a " + deviceTypeName(adapter.type) +
                              " device, which decides per shader: use 'device'");
  if (adapter.backend == Backend::Cpu) return okStatus();  // the CPU device flushes in its executor
  if (adapter.backend != Backend::Vulkan)
    return makeError(ErrorCode::Unsupported, option + " is implemented for the Vulkan and CPU backends only");
  if (!hostFloatModeControllable())
    return makeError(ErrorCode::Unsupported, option + " needs an x86-64 host (MXCSR FTZ/DAZ); this build cannot set it");
  return okStatus();
}

bool hostFloatModeControllable() { return SL_HAL_HAVE_MXCSR != 0; }

uint32_t hostMxcsr() {
#if SL_HAL_HAVE_MXCSR
  return _mm_getcsr();
#else
  return 0;
#endif
}

ScopedHostDenormMode::ScopedHostDenormMode(Fp32DenormMode mode) {
#if SL_HAL_HAVE_MXCSR
  if (mode == Fp32DenormMode::Device) return;
  saved_ = _mm_getcsr();
  _mm_setcsr(mxcsrForDenormMode(saved_, mode));
  changed_ = true;
#else
  (void)mode;
#endif
}

ScopedHostDenormMode::~ScopedHostDenormMode() {
#if SL_HAL_HAVE_MXCSR
  if (changed_) _mm_setcsr(saved_);
#endif
}

}  // namespace sl::hal
