// Internal to the D3D12 backend: the HAL object implementations.
#pragma once

#include <deque>

#include "renderer/d3d12/D3D12Common.h"

namespace sl::d3d12 {

// A DEFAULT-heap buffer (UAV allowed), its size rounded up to 256 bytes so constant-buffer views
// (whose size must be a multiple of 256) stay inside it. Host access goes through UPLOAD and
// READBACK staging buffers on an immediate command list.
class D3D12Buffer final : public hal::Buffer {
 public:
  D3D12Buffer(std::shared_ptr<Context> ctx, hal::BufferDesc desc, ComPtr<ID3D12Resource> resource)
      : hal::Buffer(hal::Backend::D3D12, std::move(desc)), ctx_(std::move(ctx)), resource_(std::move(resource)) {}
  hal::Status upload(uint64_t offset, std::span<const uint8_t> data) override;
  hal::Status download(uint64_t offset, std::span<uint8_t> out) override;
  hal::Status fill(uint64_t offset, uint64_t size, uint32_t pattern) override;
  ID3D12Resource* resource() const { return resource_.Get(); }

 private:
  std::shared_ptr<Context> ctx_;
  ComPtr<ID3D12Resource> resource_;
};

// Root signature built from the layout: [root constants b0 space0 when constants are push
// constants] [one CBV/SRV/UAV descriptor table with a range per binding, DESCRIPTORS_VOLATILE,
// so a submission may write it right before executing]; one compute PSO.
class D3D12Executable final : public hal::Executable {
 public:
  D3D12Executable(std::shared_ptr<Context> ctx, hal::ExecutableLayout layout, std::string label)
      : hal::Executable(hal::Backend::D3D12, std::move(layout), std::move(label)), ctx_(std::move(ctx)) {}
  hal::Status build(const hal::ExecutableDesc& desc);
  ID3D12RootSignature* rootSignature() const { return rootSignature_.Get(); }
  ID3D12PipelineState* pipeline() const { return pipeline_.Get(); }
  bool usesRootConstants() const { return layout().constantCount > 0 && !layout().constantsBuffer; }
  int tableParameter() const { return tableParameter_; }  // -1: no descriptor table
  uint32_t tableSize() const { return tableSize_; }        // descriptors in the table

 private:
  std::shared_ptr<Context> ctx_;
  ComPtr<ID3D12RootSignature> rootSignature_;
  ComPtr<ID3D12PipelineState> pipeline_;
  int tableParameter_ = -1;
  uint32_t tableSize_ = 0;
};

struct InFlightSubmission {
  uint64_t fenceValue = 0;
  hal::SubmissionId id = 0;
  ComPtr<ID3D12CommandAllocator> allocator;
  ComPtr<ID3D12GraphicsCommandList> list;
  ComPtr<ID3D12DescriptorHeap> views;  // shader-visible, this submission's tables
  ComPtr<ID3D12Resource> arena;        // UPLOAD heap: fill/update data and constant buffers
  uint8_t* arenaMapped = nullptr;
  std::shared_ptr<const hal::CommandList> commands;  // shared with the command buffer, not copied
  std::vector<hal::BindingTableEntry> table;
};

class D3D12Device final : public hal::Device {
 public:
  explicit D3D12Device(std::shared_ptr<Context> ctx) : ctx_(std::move(ctx)) {}
  ~D3D12Device() override;

  const hal::AdapterInfo& info() const override { return ctx_->info; }
  hal::Result<std::shared_ptr<hal::Buffer>> createBuffer(const hal::BufferDesc& desc) override;
  hal::Result<std::shared_ptr<hal::Texture>> createTexture(const hal::TextureDesc& desc) override;
  hal::Result<std::shared_ptr<hal::Sampler>> createSampler(const hal::SamplerDesc& desc) override;
  hal::Result<std::shared_ptr<hal::Executable>> createExecutable(const hal::ExecutableDesc& desc) override;
  hal::Result<std::shared_ptr<hal::TimestampPool>> createTimestampPool(uint32_t count) override;
  hal::Result<hal::SubmissionId> submit(hal::CommandBuffer& commandBuffer, hal::BindingTable table) override;
  hal::Status wait(hal::SubmissionId submission, std::chrono::nanoseconds timeout) override;
  hal::Status waitIdle() override;
  std::vector<hal::ValidationMessage> validationMessages() const override;
  void clearValidationMessages() override;

 private:
  hal::Status record(InFlightSubmission& s);
  void reclaimCompleted();

  std::shared_ptr<Context> ctx_;
  std::mutex mutex_;
  std::deque<std::unique_ptr<InFlightSubmission>> inFlight_;
  hal::SubmissionId nextId_ = 1;
};

}  // namespace sl::d3d12
