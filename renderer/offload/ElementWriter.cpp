#include "renderer/offload/ElementWriter.h"

#include <chrono>

#include "renderer/hal/DeviceInfo.h"
#include "renderer/offload/Executor.h"

namespace sl::offload {

ElementWriterResult findElementWriter(const Pipeline& pipeline, const std::vector<std::vector<uint8_t>>& shaders,
                                      const ElementWriterRequest& request) {
  ElementWriterResult out;
  out.element = request.resource + "[" + std::to_string(request.index) + "]";
  hal::DeviceOptions options;
  options.backend = hal::Backend::Cpu;
  options.recordWriters = true;
  options.subgroupSize = request.subgroupSize;
  options.cancel = request.cancel;
  auto device = hal::createDevice(options);
  if (!device.ok()) {
    out.error = "the CPU device: " + device.status().message();
    return out;
  }
  Pipeline run = pipeline;
  std::vector<ReadBackBuffers> readBack;
  const hal::Status status = executePipeline(**device, run, shaders, &readBack, std::chrono::seconds(120), request.cancel);
  if (!status.ok()) {
    out.error = "the run on the CPU device failed: " + status.message();
    return out;
  }
  for (const ReadBackBuffers& rb : readBack) {
    if (rb.resource != request.resource) continue;
    if (rb.bufferIndex < 0 || size_t(rb.bufferIndex) >= run.buffers.size()) break;
    const uint32_t size = dataFormatSize(run.buffers[size_t(rb.bufferIndex)].format);
    if (request.arrayElement >= rb.buffers.size() || size == 0) {
      out.error = "'" + request.resource + "' has no buffer " + std::to_string(request.arrayElement);
      return out;
    }
    const hal::Buffer& buffer = *rb.buffers[request.arrayElement];
    const uint64_t offset = request.index * size;
    if (offset + size > buffer.size()) {
      out.error = out.element + " is past the end of '" + request.resource + "'";
      return out;
    }
    out.writer = (*device)->lastWriter(buffer, offset);
    return out;
  }
  out.error = "'" + request.resource + "' is not a read-write buffer of the pipeline";
  return out;
}

}  // namespace sl::offload
