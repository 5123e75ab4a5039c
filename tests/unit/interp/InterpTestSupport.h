// Helpers for executor tests: compile HLSL with our compiler (or assemble SPIR-V), bind host
// buffers by (set, binding), dispatch on the CPU executor, read results.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "interp/Dispatch.h"

namespace sl::interptest {

// SPIR-V words of an HLSL compute shader (fails the test on a compile error).
std::vector<uint32_t> compileHlsl(const std::string& source, const std::string& profile = "cs_6_0",
                                  const std::vector<std::string>& extraFlags = {});
// SPIR-V words of SPIR-V assembly (fails the test on an error).
std::vector<uint32_t> assemble(const std::string& text);

class Buffers : public interp::ResourceResolver {
 public:
  std::map<std::pair<uint32_t, uint32_t>, std::vector<std::vector<uint8_t>>> buffers;

  template <class T>
  void set(uint32_t set, uint32_t binding, const std::vector<T>& values, uint32_t element = 0) {
    auto& slot = buffers[{set, binding}];
    if (slot.size() <= element) slot.resize(element + 1);
    slot[element].resize(values.size() * sizeof(T));
    std::memcpy(slot[element].data(), values.data(), slot[element].size());
  }
  template <class T>
  void zeros(uint32_t set, uint32_t binding, size_t count) { this->set(set, binding, std::vector<T>(count)); }
  template <class T>
  std::vector<T> get(uint32_t set, uint32_t binding, uint32_t element = 0) const {
    const std::vector<uint8_t>& bytes = buffers.at({set, binding}).at(element);
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
  }
  bool buffer(uint32_t set, uint32_t binding, uint32_t index, interp::BufferResource& out) override {
    auto it = buffers.find({set, binding});
    if (it == buffers.end() || index >= it->second.size()) return false;
    out.data = it->second[index].data();
    out.size = it->second[index].size();
    return true;
  }
};

struct RunResult {
  interp::DispatchResult result;
  std::string diagnostics;  // every diagnostic's text, one a line
};

// Decodes (validating) and dispatches; fails the test when decoding fails.
RunResult run(const std::vector<uint32_t>& words, Buffers& buffers, std::array<uint32_t, 3> groups = {1, 1, 1},
              interp::DispatchOptions options = {}, std::span<const uint8_t> pushConstants = {});

}  // namespace sl::interptest
