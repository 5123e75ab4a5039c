#include "renderer/hal/Device.h"

namespace sl::hal {

Result<std::shared_ptr<DescriptorHeap>> Device::createDescriptorHeap(HeapType type, uint32_t capacity) {
  if (capacity == 0) return makeError(ErrorCode::InvalidArgument, "descriptor heap: capacity 0");
  // D3D12's shader-visible heap limits: 1,000,000 views (tier 2 minimum) and 2048 samplers.
  const uint32_t maximum = type == HeapType::Sampler ? 2048u : 1000000u;
  if (capacity > maximum)
    return makeError(ErrorCode::OutOfRange, "descriptor heap: capacity " + std::to_string(capacity) + " exceeds " +
                                                std::to_string(maximum));
  return std::make_shared<DescriptorHeap>(type, capacity);
}

std::unique_ptr<CommandBuffer> Device::createCommandBuffer(const CommandBufferDesc& desc) {
  return std::make_unique<CommandBuffer>(desc);
}

Status Device::submitAndWait(CommandBuffer& commandBuffer, BindingTable table) {
  Result<SubmissionId> id = submit(commandBuffer, table);
  if (!id.ok()) return id.status();
  return wait(*id);
}

}  // namespace sl::hal
