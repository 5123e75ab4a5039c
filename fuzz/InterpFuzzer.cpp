// libFuzzer target: the CPU device's executor (interp/). Every input is decoded without the
// validator, which the decoder must survive on its own (any bytes: an error, never a crash), and
// with it; a module that validates is dispatched (one workgroup, every descriptor bound to a small
// zeroed buffer, a low step limit), which must end with results or diagnostics, never a crash.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "interp/Dispatch.h"

namespace {

class AnyBuffer : public sl::interp::ResourceResolver {
 public:
  bool buffer(uint32_t, uint32_t, uint32_t index, sl::interp::BufferResource& out) override {
    if (index >= 4) return false;
    out.data = bytes_[index];
    out.size = sizeof bytes_[index];
    return true;
  }

 private:
  alignas(16) uint8_t bytes_[4][256] = {};
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint32_t> words(size / 4);
  if (!words.empty()) std::memcpy(words.data(), data, words.size() * 4);
  sl::interp::DecodeOptions unvalidated;
  unvalidated.validate = false;
  (void)sl::interp::decodeModule(words, unvalidated);
  sl::interp::DecodeResult decoded = sl::interp::decodeModule(words);
  if (!decoded.module) return 0;
  for (uint32_t e = 0; e < decoded.module->entryPoints.size(); ++e) {
    const auto& size3 = decoded.module->entryPoints[e].localSize;
    if (uint64_t(size3[0]) * size3[1] * size3[2] > 256) continue;
    AnyBuffer buffers;
    sl::interp::DispatchDesc desc;
    desc.module = decoded.module;
    desc.entryPoint = e;
    desc.resources = &buffers;
    const uint8_t pushConstants[256] = {};
    desc.pushConstants = pushConstants;
    desc.options.threads = 1;
    desc.options.stepLimit = 20000;
    desc.options.subgroupSize = 4u << (size % 4);
    (void)sl::interp::dispatch(desc);
  }
  return 0;
}
