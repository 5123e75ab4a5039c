// Devices: enumerate adapters, open one, create objects on it, submit command buffers.
//
//   auto device = hal::createDevice({.backend = hal::Backend::Vulkan, .validation = true});
//   auto buf = (*device)->createBuffer({.size = 256});
//   hal::CommandBuffer cb({.bindingCapacity = 1});
//   cb.dispatch(exe, 0, {4, 1, 1}, constants, bindings); cb.finish();
//   (*device)->submitAndWait(cb, table);
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "renderer/hal/CommandBuffer.h"
#include "renderer/hal/DescriptorHeap.h"
#include "renderer/hal/DeviceInfo.h"
#include "renderer/hal/Executable.h"
#include "renderer/hal/Resources.h"
#include "renderer/hal/Status.h"

namespace sl::hal {

// A message from the validation layer (Vulkan) / debug layer (D3D12).
struct ValidationMessage {
  enum class Severity { Verbose, Info, Warning, Error };
  Severity severity = Severity::Error;
  std::string id;       // "VUID-vkCmdDispatch-None-02697" when the layer gives one
  std::string message;
};

// A line a shader printed (HLSL printf, NonSemantic.DebugPrintf).
struct ShaderPrint {
  bool knownInvocation = true;  // false: the device does not say which invocation printed it
  std::array<uint32_t, 3> global{}, workgroup{}, local{};
  std::string location;  // "shader.hlsl:12:5", or "" without debug lines
  std::string text;
};

// Identifies one submission; pass it to Device::wait.
using SubmissionId = uint64_t;

// The invocation that last wrote a buffer word (devices that record writers: the CPU device
// opened with DeviceOptions::recordWriters).
struct WriterRecord {
  std::array<uint32_t, 3> global{}, workgroup{}, local{};
  std::string location;     // "shader.hlsl:12:5", or "" without debug lines
  std::string instruction;  // "OpStore (word 812)"
};

class Device {
 public:
  virtual ~Device() = default;

  virtual const AdapterInfo& info() const = 0;
  Backend backend() const { return info().backend; }

  virtual Result<std::shared_ptr<Buffer>> createBuffer(const BufferDesc& desc) = 0;
  virtual Result<std::shared_ptr<Texture>> createTexture(const TextureDesc& desc) = 0;
  virtual Result<std::shared_ptr<Sampler>> createSampler(const SamplerDesc& desc) = 0;
  // Validates the layout (validateLayout + device limits) and builds the native layout and one
  // pipeline per entry point.
  virtual Result<std::shared_ptr<Executable>> createExecutable(const ExecutableDesc& desc) = 0;
  virtual Result<std::shared_ptr<TimestampPool>> createTimestampPool(uint32_t count) = 0;
  // A heap of `capacity` slots (see DescriptorHeap.h). The heap is backend-neutral storage.
  Result<std::shared_ptr<DescriptorHeap>> createDescriptorHeap(HeapType type, uint32_t capacity);
  // Same as constructing CommandBuffer directly; here for symmetry.
  std::unique_ptr<CommandBuffer> createCommandBuffer(const CommandBufferDesc& desc = {});

  // Submits a finished command buffer with a binding table for its indirect refs (entries
  // beyond what it uses are ignored). The table is captured: it may be destroyed on return, and
  // the buffers it names are kept alive until the submission completes. The command buffer may
  // be recorded further, reused or destroyed after this returns (its commands are captured).
  virtual Result<SubmissionId> submit(CommandBuffer& commandBuffer, BindingTable table = {}) = 0;
  // Waits until the submission completed; Timeout if it did not within `timeout`.
  virtual Status wait(SubmissionId submission, std::chrono::nanoseconds timeout = std::chrono::nanoseconds::max()) = 0;
  virtual Status waitIdle() = 0;
  Status submitAndWait(CommandBuffer& commandBuffer, BindingTable table = {});

  // Messages recorded by the validation/debug layer since creation or the last clear (empty when
  // validation is off).
  virtual std::vector<ValidationMessage> validationMessages() const = 0;
  virtual void clearValidationMessages() = 0;

  // What shaders printed since creation or the last clear, dispatch by dispatch (the CPU device
  // prints every invocation's printf; a Vulkan device opened with DeviceOptions::shaderPrintf what
  // the validation layer's debug printf reports; others nothing). `dropped`: lines past
  // the device's limit.
  virtual std::vector<ShaderPrint> shaderPrints(uint64_t* dropped = nullptr) const {
    if (dropped) *dropped = 0;
    return {};
  }
  virtual void clearShaderPrints() {}

  // Who last wrote the word at `offset` of `buffer`, when this device records writers.
  virtual std::optional<WriterRecord> lastWriter(const Buffer& buffer, uint64_t offset) const {
    (void)buffer, (void)offset;
    return std::nullopt;
  }
};

// Adapters of one backend (Any: all backends, Vulkan first). A backend that is not available
// (no loader, no libd3d12.so) contributes nothing; Unavailable only when `backend` names that one
// backend explicitly, with the reason.
Result<std::vector<AdapterInfo>> enumerateAdapters(Backend backend = Backend::Any);
// Opens the adapter chosen by the options (DeviceOptions in DeviceInfo.h). Unavailable when none
// matches, listing what was found.
Result<std::unique_ptr<Device>> createDevice(const DeviceOptions& options = {});

}  // namespace sl::hal
