// Which invocation wrote an output element: the pipeline run on the CPU device with writers
// recorded (hal::DeviceOptions::recordWriters), then Device::lastWriter of that element. The
// Run tab's "Debug the invocation that wrote this" and `shaderlens run --who-wrote` use it.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "renderer/hal/Device.h"
#include "renderer/offload/Pipeline.h"

namespace sl::offload {

struct ElementWriterRequest {
  std::string resource;      // the pipeline's resource name (its buffer), e.g. "Out"
  uint32_t arrayElement = 0; // for a resource array: which buffer
  uint64_t index = 0;        // the element (of the buffer's format) within it
  uint32_t subgroupSize = 0; // the CPU device's (0: its default)
  const std::atomic<bool>* cancel = nullptr;
};

struct ElementWriterResult {
  std::optional<hal::WriterRecord> writer;  // nullopt: nobody wrote it (see error)
  std::string error;  // "" when the run worked: then no writer means the dispatch never wrote it
  std::string element;  // "Out[3]"
};

// `pipeline` is the bundle's (a copy runs); `shaders` its compiled SPIR-V.
ElementWriterResult findElementWriter(const Pipeline& pipeline, const std::vector<std::vector<uint8_t>>& shaders,
                                      const ElementWriterRequest& request);

}  // namespace sl::offload
