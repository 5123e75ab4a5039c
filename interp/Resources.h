// What a dispatch reads and writes, as the caller (the HAL's CPU backend, a test) provides it:
// buffers as host memory, images and samplers (interp/Image.h), found by descriptor set,
// binding and array element when the shader first reaches them.
#pragma once

#include <cstdint>
#include <string>

namespace sl::interp {

struct BufferResource {
  uint8_t* data = nullptr;
  uint64_t size = 0;     // bytes the shader may reach (robust access beyond)
  bool writable = true;  // false: stores are dropped with a diagnostic
  std::string label;     // names the buffer in diagnostics
  // Texel buffers (Buffer<T>/RWBuffer<T>): the view's format as a SPIR-V ImageFormat (0: none).
  uint32_t texelFormat = 0;
};

struct ImageResource;    // interp/Image.h
struct SamplerResource;  // interp/Image.h

class ResourceResolver {
 public:
  virtual ~ResourceResolver() = default;
  // Element `index` of the descriptor at (set, binding); false when nothing is bound there.
  virtual bool buffer(uint32_t set, uint32_t binding, uint32_t index, BufferResource& out) = 0;
  virtual const ImageResource* image(uint32_t set, uint32_t binding, uint32_t index) {
    (void)set, (void)binding, (void)index;
    return nullptr;
  }
  virtual const SamplerResource* sampler(uint32_t set, uint32_t binding, uint32_t index) {
    (void)set, (void)binding, (void)index;
    return nullptr;
  }
};

}  // namespace sl::interp
