// Internal to the Vulkan backend: the HAL object implementations.
#pragma once

#include <array>
#include <deque>
#include <map>
#include <mutex>
#include <span>
#include <tuple>

#include "renderer/vulkan/MutableHeap.h"
#include "renderer/vulkan/VulkanCommon.h"

namespace sl::vulkan {

class VulkanBuffer final : public hal::Buffer {
 public:
  VulkanBuffer(std::shared_ptr<Context> ctx, hal::BufferDesc desc, std::unique_ptr<RawBuffer> raw)
      : hal::Buffer(hal::Backend::Vulkan, std::move(desc)), ctx_(std::move(ctx)), raw_(std::move(raw)) {}
  hal::Status upload(uint64_t offset, std::span<const uint8_t> data) override;
  hal::Status download(uint64_t offset, std::span<uint8_t> out) override;
  hal::Status fill(uint64_t offset, uint64_t size, uint32_t pattern) override;
  VkBuffer handle() const { return raw_->buffer; }

 private:
  hal::Status checkRange(const char* what, uint64_t offset, uint64_t size) const;
  std::shared_ptr<Context> ctx_;
  std::unique_ptr<RawBuffer> raw_;
};

class VulkanTexture final : public hal::Texture {
 public:
  VulkanTexture(std::shared_ptr<Context> ctx, hal::TextureDesc desc) : hal::Texture(hal::Backend::Vulkan, std::move(desc)), ctx_(std::move(ctx)) {}
  ~VulkanTexture() override;
  hal::Status initialize();
  hal::Status upload(std::span<const uint8_t> packedMips) override;
  hal::Status download(std::span<uint8_t> packedMips) override;
  // A view of mips [baseMip, baseMip + count) (count 0: all remaining), created once and cached.
  hal::Result<VkImageView> view(uint32_t baseMip, uint32_t count);
  VkImage image() const { return image_; }
  VkFormat vkFormat() const { return format_; }

 private:
  std::shared_ptr<Context> ctx_;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkFormat format_ = VK_FORMAT_UNDEFINED;
  std::mutex viewsMutex_;
  std::map<std::pair<uint32_t, uint32_t>, VkImageView> views_;
};

class VulkanSampler final : public hal::Sampler {
 public:
  VulkanSampler(std::shared_ptr<Context> ctx, hal::SamplerDesc desc, VkSampler sampler)
      : hal::Sampler(hal::Backend::Vulkan, std::move(desc)), ctx_(std::move(ctx)), sampler_(sampler) {}
  ~VulkanSampler() override;
  VkSampler handle() const { return sampler_; }

 private:
  std::shared_ptr<Context> ctx_;
  VkSampler sampler_;
};

class VulkanTimestampPool final : public hal::TimestampPool {
 public:
  VulkanTimestampPool(std::shared_ptr<Context> ctx, uint32_t count, VkQueryPool pool)
      : hal::TimestampPool(hal::Backend::Vulkan, count), ctx_(std::move(ctx)), pool_(pool) {}
  ~VulkanTimestampPool() override;
  double periodNs() const override { return ctx_->info.features.timestampPeriodNs; }
  hal::Result<std::vector<uint64_t>> readTicks(uint32_t first, uint32_t n) override;
  VkQueryPool handle() const { return pool_; }

 private:
  std::shared_ptr<Context> ctx_;
  VkQueryPool pool_;
};

// Native layout built from hal::ExecutableLayout: one VkDescriptorSetLayout per set number
// 0..max (empty ones fill gaps), at most one of them a push-descriptor set, a pipeline layout
// with the push-constant range, and one compute pipeline per entry point.
class VulkanExecutable final : public hal::Executable {
 public:
  struct SetLayout {
    VkDescriptorSetLayout layout = VK_NULL_HANDLE;
    bool push = false;
    uint32_t bindingCount = 0;  // descriptor bindings in this set (0: a gap filler)
    std::map<VkDescriptorType, uint32_t> descriptorCounts;
    // Holds a mutable-tier heap binding: allocated from the submission's heap pool (pool flags
    // below, MUTABLE_EXT sizes with mutableHeapTypes()).
    bool heap = false;
    VkDescriptorPoolCreateFlags poolFlags = 0;
  };
  VulkanExecutable(std::shared_ptr<Context> ctx, hal::ExecutableLayout layout, std::string label)
      : hal::Executable(hal::Backend::Vulkan, std::move(layout), std::move(label)), ctx_(std::move(ctx)) {}
  ~VulkanExecutable() override;
  hal::Status build(const hal::ExecutableDesc& desc);

  const std::vector<SetLayout>& sets() const { return sets_; }
  VkPipelineLayout pipelineLayout() const { return pipelineLayout_; }
  VkPipeline pipeline(uint32_t entry) const { return pipelines_[entry]; }
  bool usesPushConstants() const { return layout().constantCount > 0 && !layout().constantsBuffer; }
  // Mutable heap tier: the heap bindings (parallel to layout().heapGroups).
  const std::vector<MutableHeapBinding>& heapGroupBindings() const { return heapGroupBindings_; }
  // Descriptors written for every dispatch (constants-buffer slices, heap arrays, heap status).
  bool perDispatchDescriptors() const { return perDispatchDescriptors_; }
  // Whether a submission must size pools or arenas for it (descriptor sets that are not pushed,
  // a constants buffer, heap arrays or status); false for the common all-push-descriptor case.
  bool needsSubmissionResources() const { return needsSubmissionResources_; }
  // The common layout of plain storage/uniform buffers in one push set (at most
  // kMaxPlainPushElements binding elements, nothing per dispatch): a push-descriptor update
  // template over an array of VkDescriptorBufferInfo, one per binding element in order, built
  // once. A template push hands the driver one flat array instead of a write per binding (on
  // lavapipe: two allocations per push instead of one per binding plus two). Null otherwise.
  static constexpr uint32_t kMaxPlainPushElements = 16;
  VkDescriptorUpdateTemplate plainPushTemplate() const { return plainPushTemplate_; }
  uint32_t plainPushSet() const { return plainPushSet_; }
  // Whether binding element e (of bindingElementCount(), all covered by the template) is a
  // uniform buffer, else a storage buffer.
  bool plainPushUniform(uint32_t e) const { return plainPushUniform_[e]; }

 private:
  std::shared_ptr<Context> ctx_;
  std::vector<SetLayout> sets_;
  VkPipelineLayout pipelineLayout_ = VK_NULL_HANDLE;
  VkShaderModule module_ = VK_NULL_HANDLE;
  std::vector<VkPipeline> pipelines_;
  std::vector<MutableHeapBinding> heapGroupBindings_;
  bool perDispatchDescriptors_ = false;
  bool needsSubmissionResources_ = false;
  VkDescriptorUpdateTemplate plainPushTemplate_ = VK_NULL_HANDLE;
  uint32_t plainPushSet_ = 0;
  std::array<bool, kMaxPlainPushElements> plainPushUniform_{};
  hal::Status buildPlainPushTemplate();
};

VkDescriptorType toVkDescriptorType(hal::BindingKind kind);

// Native resources of one submission. The command buffer and fence live as long as the object,
// which the device pools: once the fence signals, release() frees the per-submission resources
// and the object waits in the device's free list for the next submit (no allocation, no
// vkCreateFence / vkAllocateCommandBuffers per submit).
struct InFlightSubmission {
  std::shared_ptr<Context> ctx;
  hal::SubmissionId id = 0;
  VkFence fence = VK_NULL_HANDLE;
  // Threads inside Device::wait on this fence (they wait without the device's lock); while there
  // are any, the submission is not recycled, so its fence is neither reset nor destroyed.
  uint32_t waiters = 0;
  VkCommandPool pool = VK_NULL_HANDLE;  // not owned
  VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  VkDescriptorPool heapDescriptorPool = VK_NULL_HANDLE;  // mutable-tier heap sets
  std::vector<VkBufferView> bufferViews;
  std::unique_ptr<RawBuffer> constantsArena;
  // Portable heap tier: one 16-byte status block per heap-using dispatch, read after the fence.
  struct HeapCheck {
    uint64_t offset = 0;
    std::string what;  // "command 3 (dispatch of 'x')"
    uint32_t resourceSlots = 0, samplerSlots = 0;
  };
  std::unique_ptr<RawBuffer> heapStatusArena;
  std::vector<HeapCheck> heapChecks;
  std::unique_ptr<RawBuffer> dummyBuffer;  // empty heap slots when nullDescriptor is missing
  std::shared_ptr<const hal::CommandList> commands;  // keeps every referenced object alive
  std::vector<hal::BindingTableEntry> table;                  // and the table's buffers
  // Frees everything but the command buffer and fence (kept for reuse); containers keep their
  // capacity.
  void release();
  ~InFlightSubmission();
};

// Scratch space of submit-time recording, kept by the device so that recording allocates
// nothing once warmed up (used under the device's submit mutex).
struct RecordScratch {
  std::vector<VkDescriptorBufferInfo> bufferInfos, heapBuffers;
  std::vector<VkDescriptorImageInfo> imageInfos, heapImages;
  std::vector<VkBufferView> texelViews, heapTexels;
  std::vector<std::vector<VkWriteDescriptorSet>> writes;  // by set number
};

class VulkanDevice final : public hal::Device {
 public:
  explicit VulkanDevice(std::shared_ptr<Context> ctx);
  ~VulkanDevice() override;
  hal::Status initialize();

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
  std::vector<hal::ShaderPrint> shaderPrints(uint64_t* dropped = nullptr) const override;
  void clearShaderPrints() override;

 private:
  // Records the captured commands of `s` into its VkCommandBuffer (submit-time recording).
  hal::Status record(InFlightSubmission& s);
  // Recycles completed submissions in order; `signaled` is one whose fence is known to be signaled.
  hal::Status reclaimCompleted(hal::SubmissionId signaled = 0);
  // Reads the heap status blocks of a completed submission; an out-of-range index -> error.
  hal::Status checkHeapStatus(const InFlightSubmission& s) const;

  std::map<hal::SubmissionId, hal::Status> heapErrors_;  // reported by wait()

  // A released submission object from the free list, or a new one with its own command buffer
  // and fence; its fence is unsignalled.
  hal::Result<std::unique_ptr<InFlightSubmission>> acquireSubmission();
  void recycle(std::unique_ptr<InFlightSubmission> s);

  std::shared_ptr<Context> ctx_;
  std::mutex mutex_;  // submissions
  VkCommandPool commandPool_ = VK_NULL_HANDLE;
  std::deque<std::unique_ptr<InFlightSubmission>> inFlight_;
  std::vector<std::unique_ptr<InFlightSubmission>> free_;
  // Completed while other threads still waited on them: recycled by the last of those waiters.
  std::vector<std::unique_ptr<InFlightSubmission>> parked_;
  void releaseWaiter(InFlightSubmission& s);
  RecordScratch scratch_;
  hal::SubmissionId nextId_ = 1;
};

// SPIRV-Tools' verdict on a module for this device's Vulkan version ("" rules: Vulkan validation,
// scalar block layout allowed); InvalidArgument naming `name` and the first error otherwise.
hal::Status validateForDevice(const std::vector<uint32_t>& words, const hal::AdapterInfo& info, const std::string& name);

}  // namespace sl::vulkan
