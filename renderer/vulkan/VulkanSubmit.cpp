// Submission: the recorded hal::CommandBuffer is translated into a fresh VkCommandBuffer at
// every submit, with the submission's binding table, so indirect refs resolve to concrete
// descriptors (push descriptors where possible, else sets from a per-submission pool) and
// constants that do not fit push constants go to a per-submission uniform arena.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>

#include "renderer/vulkan/VulkanObjects.h"

namespace sl::vulkan {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }
uint64_t alignUp(uint64_t v, uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

// Fault injection for the device-lost path, which no driver here can be made to take:
// SHADERLENS_FAULT_DEVICE_LOST=N reports the first N completed waits of this process as
// VK_ERROR_DEVICE_LOST (after the fence signalled, so nothing is left running).
bool injectedDeviceLoss() {
  static std::atomic<int64_t> remaining{[] {
    const char* value = std::getenv("SHADERLENS_FAULT_DEVICE_LOST");
    return value ? std::strtoll(value, nullptr, 10) : int64_t(0);
  }()};
  if (remaining.load() <= 0) return false;
  return remaining.fetch_sub(1) > 0;
}

hal::Result<VulkanBuffer*> vulkanBuffer(hal::Buffer* buffer, hal::LazyMessage what) {
  if (buffer->backend() != hal::Backend::Vulkan)
    return hal::makeError(hal::ErrorCode::InvalidArgument, what() + ": buffer '" + buffer->label() + "' belongs to another backend");
  return static_cast<VulkanBuffer*>(buffer);
}

}  // namespace

void InFlightSubmission::release() {
  auto& vk = ctx->vk;
  for (VkBufferView v : bufferViews) vk.vkDestroyBufferView(ctx->device, v, nullptr);
  bufferViews.clear();
  if (descriptorPool) vk.vkDestroyDescriptorPool(ctx->device, descriptorPool, nullptr);
  descriptorPool = VK_NULL_HANDLE;
  if (heapDescriptorPool) vk.vkDestroyDescriptorPool(ctx->device, heapDescriptorPool, nullptr);
  heapDescriptorPool = VK_NULL_HANDLE;
  constantsArena.reset();
  heapStatusArena.reset();
  heapChecks.clear();
  dummyBuffer.reset();
  commands.reset();
  table.clear();
  id = 0;
}

InFlightSubmission::~InFlightSubmission() {
  if (!ctx) return;
  release();
  auto& vk = ctx->vk;
  if (commandBuffer) vk.vkFreeCommandBuffers(ctx->device, pool, 1, &commandBuffer);
  if (fence) vk.vkDestroyFence(ctx->device, fence, nullptr);
}

hal::Result<std::unique_ptr<InFlightSubmission>> VulkanDevice::acquireSubmission() {
  if (!free_.empty()) {
    std::unique_ptr<InFlightSubmission> s = std::move(free_.back());
    free_.pop_back();
    SL_VK_CHECK(ctx_->vk.vkResetFences(ctx_->device, 1, &s->fence), "vkResetFences");
    return s;
  }
  auto s = std::make_unique<InFlightSubmission>();
  s->ctx = ctx_;
  s->pool = commandPool_;
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = commandPool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  SL_VK_CHECK(ctx_->vk.vkAllocateCommandBuffers(ctx_->device, &alloc, &s->commandBuffer), "vkAllocateCommandBuffers");
  VkFenceCreateInfo fenceInfo{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  SL_VK_CHECK(ctx_->vk.vkCreateFence(ctx_->device, &fenceInfo, nullptr, &s->fence), "vkCreateFence");
  return s;
}

void VulkanDevice::recycle(std::unique_ptr<InFlightSubmission> s) {
  s->release();
  // A handful of objects covers any realistic number of submissions in flight.
  if (free_.size() < 8) free_.push_back(std::move(s));
}

hal::Status VulkanDevice::reclaimCompleted(hal::SubmissionId signaled) {
  while (!inFlight_.empty()) {
    // The submission just waited for needs no second query (lavapipe's costs ~400 instructions).
    if (inFlight_.front()->id != signaled) {
      VkResult r = ctx_->vk.vkGetFenceStatus(ctx_->device, inFlight_.front()->fence);
      if (r == VK_NOT_READY) break;
      if (r != VK_SUCCESS) return vkError("vkGetFenceStatus", r);
    }
    if (!inFlight_.front()->heapChecks.empty()) {
      hal::Status heap = checkHeapStatus(*inFlight_.front());
      if (!heap.ok()) heapErrors_.emplace(inFlight_.front()->id, heap);
    }
    if (inFlight_.front()->waiters) parked_.push_back(std::move(inFlight_.front()));  // its fence is still waited on
    else recycle(std::move(inFlight_.front()));
    inFlight_.pop_front();
  }
  return hal::okStatus();
}

hal::Result<hal::SubmissionId> VulkanDevice::submit(hal::CommandBuffer& commandBuffer, hal::BindingTable table) {
  std::lock_guard<std::mutex> lock(mutex_);
  SL_HAL_RETURN_IF_ERROR(commandBuffer.validateSubmission(table));
  SL_HAL_RETURN_IF_ERROR(reclaimCompleted());
  auto acquired = acquireSubmission();
  if (!acquired.ok()) return acquired.status();
  std::unique_ptr<InFlightSubmission> s = acquired.take();
  s->commands = commandBuffer.sharedCommands();
  s->table.assign(table.begin(), table.end());
  hal::Status recorded = record(*s);
  if (!recorded.ok()) {
    // The command buffer may be left in the recording state; reset it before it is reused.
    ctx_->vk.vkResetCommandBuffer(s->commandBuffer, 0);
    recycle(std::move(s));
    return recorded;
  }
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &s->commandBuffer;
  VkResult r;
  {
    std::lock_guard<std::mutex> queueLock(ctx_->queueMutex);
    r = ctx_->vk.vkQueueSubmit(ctx_->queue, 1, &submit, s->fence);
  }
  if (r != VK_SUCCESS) {
    recycle(std::move(s));
    return vkError("vkQueueSubmit", r);
  }
  s->id = nextId_++;
  commandBuffer.noteSubmitted();
  const hal::SubmissionId id = s->id;
  inFlight_.push_back(std::move(s));
  return id;
}

hal::Status VulkanDevice::wait(hal::SubmissionId submission, std::chrono::nanoseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (submission == 0 || submission >= nextId_)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "wait: unknown submission " + str(submission));
  InFlightSubmission* waited = nullptr;  // owned through a unique_ptr: stays put while the deque changes
  for (const auto& s : inFlight_)
    if (s->id == submission) waited = s.get();
  if (waited) {
    // The device's lock is released for the wait itself, so that other threads submit and wait
    // meanwhile (a long dispatch would hold them all up otherwise). The waiter count keeps the
    // submission from being recycled, its fence from being reset, until this thread is back.
    ++waited->waiters;
    const VkFence fence = waited->fence;
    const uint64_t ns = timeout.count() < 0 ? 0 : static_cast<uint64_t>(timeout.count());
    lock.unlock();
    const VkResult r = ctx_->vk.vkWaitForFences(ctx_->device, 1, &fence, VK_TRUE, ns);
    lock.lock();
    releaseWaiter(*waited);
    if (r == VK_TIMEOUT) return hal::makeError(hal::ErrorCode::Timeout, "submission " + str(submission) + " did not complete in time");
    if (r != VK_SUCCESS) return vkError("vkWaitForFences", r);
    if (injectedDeviceLoss()) return vkError("vkWaitForFences (injected by SHADERLENS_FAULT_DEVICE_LOST)", VK_ERROR_DEVICE_LOST);
  }
  SL_HAL_RETURN_IF_ERROR(reclaimCompleted(submission));
  auto error = heapErrors_.find(submission);
  if (error == heapErrors_.end()) return hal::okStatus();
  hal::Status status = error->second;
  heapErrors_.erase(error);
  return status;
}

void VulkanDevice::releaseWaiter(InFlightSubmission& s) {
  if (--s.waiters) return;
  for (auto it = parked_.begin(); it != parked_.end(); ++it)
    if (it->get() == &s) {
      std::unique_ptr<InFlightSubmission> done = std::move(*it);
      parked_.erase(it);
      recycle(std::move(done));
      return;
    }
}

hal::Status VulkanDevice::checkHeapStatus(const InFlightSubmission& s) const {
  for (const InFlightSubmission::HeapCheck& c : s.heapChecks) {
    uint32_t words[4];
    std::memcpy(words, static_cast<const uint8_t*>(s.heapStatusArena->mapped) + c.offset, sizeof words);
    if (words[2])
      return hal::makeError(hal::ErrorCode::OutOfRange, c.what + ": the shader indexed ResourceDescriptorHeap[" + str(words[2] - 1) +
                                                            "], past the heap's " + str(c.resourceSlots) +
                                                            " slots or the shader's heap array for that descriptor type; the "
                                                            "access used a null descriptor instead");
    if (words[3])
      return hal::makeError(hal::ErrorCode::OutOfRange, c.what + ": the shader indexed SamplerDescriptorHeap[" + str(words[3] - 1) +
                                                            "], past the heap's " + str(c.samplerSlots) +
                                                            " slots or the shader's sampler array");
  }
  return hal::okStatus();
}

hal::Status VulkanDevice::waitIdle() {
  {
    // Not under the device's lock: other threads' waits go on meanwhile (submits queue up behind
    // the queue's lock, which vkQueueWaitIdle needs).
    std::lock_guard<std::mutex> queueLock(ctx_->queueMutex);
    SL_VK_CHECK(ctx_->vk.vkQueueWaitIdle(ctx_->queue), "vkQueueWaitIdle");
  }
  std::lock_guard<std::mutex> lock(mutex_);
  return reclaimCompleted();
}

namespace {

// Everything a full barrier covers: transfers, shader access, indirect arguments.
void fullBarrier(Context& ctx, VkCommandBuffer cb, VkPipelineStageFlags src, VkPipelineStageFlags dst, VkAccessFlags dstAccess) {
  VkMemoryBarrier b{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  b.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  b.dstAccessMask = dstAccess;
  ctx.vk.vkCmdPipelineBarrier(cb, src, dst, 0, 1, &b, 0, nullptr, 0, nullptr);
}

constexpr VkAccessFlags kAllDeviceAccess = VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_UNIFORM_READ_BIT |
                                           VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
                                           VK_ACCESS_INDIRECT_COMMAND_READ_BIT;
constexpr VkPipelineStageFlags kDeviceStages =
    VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT | VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT;

// Records one dispatch: pipeline, constants, descriptors, dispatch. Across the dispatches of one
// submission it skips what is already bound: the pipeline when it is the same, and all
// descriptor work when a dispatch repeats the previous one's executable and binding list (the
// command buffer shares one list between such dispatches, and within one submission the table
// is fixed, so the descriptors would be identical). Messages are built only on failure.
class DispatchRecorder {
 public:
  DispatchRecorder(Context& ctx, InFlightSubmission& s, VkCommandBuffer cb, uint64_t& arenaOffset, uint64_t& heapStatusOffset,
                   RecordScratch& scratch)
      : ctx_(ctx), s_(s), cb_(cb), arenaOffset_(arenaOffset), heapStatusOffset_(heapStatusOffset),
        heapBuffers_(scratch.heapBuffers), heapImages_(scratch.heapImages), heapTexels_(scratch.heapTexels),
        bufferInfos_(scratch.bufferInfos), imageInfos_(scratch.imageInfos), texelViews_(scratch.texelViews),
        writes_(scratch.writes) {
    for (int i = 0; i < 3; ++i) maxWorkgroups_[i] = ctx.info.limits.maxWorkgroupCount[i];
  }

  // The common case, inline in the translation loop: the executable, entry point and bindings of
  // the previous dispatch with descriptors that stay bound, new constants, workgroup counts within
  // the device's limits. Then only the constants (when they differ) and the dispatch are
  // recorded. False: record() does the rest.
  bool repeat(const hal::DispatchCommand& d) {
    return !d.indirectWorkgroups && keepsBound(d) && pushAndDispatch(d.workgroups.x, d.workgroups.y, d.workgroups.z, d.constants);
  }

  // The repeats of a run, after its head: as repeat(); otherwise (descriptors not bound, or a
  // count over the device's limits, reported there) each goes through record().
  hal::Status replay(const hal::DispatchCommand& d, size_t headIndex) {
    const size_t stride = d.repeatStride(), n = d.constants.size();
    const bool bound = keepsBound(d);
    const uint32_t* w = d.repeats;
    for (uint32_t k = 0; k < d.repeatCount; ++k, w += stride)
      if (!bound || !pushAndDispatch(w[0], w[1], w[2], {w + 3, n})) [[unlikely]]
        SL_HAL_RETURN_IF_ERROR(record(d.repeat(k), headIndex + 1 + k));
    return hal::okStatus();
  }

  hal::Status record(const hal::DispatchCommand& d, size_t index) {
    auto at = [&] { return "command " + str(index) + " (dispatch of '" + d.executable->label() + "')"; };
    // The backend check is needed only when the executable changes.
    if (d.executable != boundExecutable_ && d.executable->backend() != hal::Backend::Vulkan)
      return hal::makeError(hal::ErrorCode::InvalidArgument, at() + ": the executable belongs to another backend");
    const auto& exe = static_cast<const VulkanExecutable&>(*d.executable);
    auto& vk = ctx_.vk;

    // Per-dispatch descriptors (constants-buffer slices, heap arrays and their status block)
    // always need fresh writes.
    const bool perDispatchDescriptors = exe.perDispatchDescriptors();
    const bool descriptorsBound = boundExecutable_ == &exe && d.bindings.data() && boundBindings_ == d.bindings.data() &&
                                  !perDispatchDescriptors;
    bool plain = false;  // descriptors in plainInfos_, pushed below with the executable's template
    if (!descriptorsBound) {
      boundBindings_ = nullptr;  // until this dispatch's descriptors are written
      repeatExecutable_ = nullptr;
      plain = preparePlainPush(d, exe);
      if (!plain) SL_HAL_RETURN_IF_ERROR(writeDescriptors(d, exe, at));
    }

    const VkPipeline pipeline = exe.pipeline(d.entryPoint);
    if (pipeline != boundPipeline_) {
      vk.vkCmdBindPipeline(cb_, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
      boundPipeline_ = pipeline;
    }
    boundEntryPoint_ = d.entryPoint;
    if (exe.usesPushConstants()) pushConstants(exe.pipelineLayout(), d.constants);
    if (plain) {
      vk.vkCmdPushDescriptorSetWithTemplateKHR(cb_, exe.plainPushTemplate(), exe.pipelineLayout(), exe.plainPushSet(),
                                               plainInfos_.data());
    } else if (!descriptorsBound) {
      SL_HAL_RETURN_IF_ERROR(bindDescriptors(exe, at));
    }
    if (!descriptorsBound) {
      boundExecutable_ = &exe;
      boundBindings_ = perDispatchDescriptors ? nullptr : d.bindings.data();
      repeatExecutable_ = perDispatchDescriptors ? nullptr : &exe;
      repeatPushes_ = exe.usesPushConstants();
      repeatLayout_ = exe.pipelineLayout();
    }

    if (d.indirectWorkgroups) {
      auto what = [&] { return at() + " workgroup count"; };
      auto ref = hal::resolveBufferRef(*d.indirectWorkgroups, s_.table, what);
      if (!ref.ok()) return ref.status();
      auto buffer = vulkanBuffer(ref->buffer, what);
      if (!buffer.ok()) return buffer.status();
      vk.vkCmdDispatchIndirect(cb_, (*buffer)->handle(), ref->offset);
      return hal::okStatus();
    }
    return dispatchDirect(d, index);
  }

 private:
  hal::Status dispatchDirect(const hal::DispatchCommand& d, size_t index) {
    const uint32_t counts[3] = {d.workgroups.x, d.workgroups.y, d.workgroups.z};
    const hal::DeviceLimits& limits = ctx_.info.limits;
    for (int i = 0; i < 3; ++i)
      if (counts[i] > limits.maxWorkgroupCount[i])
        return hal::makeError(hal::ErrorCode::OutOfRange, "command " + str(index) + " (dispatch of '" + d.executable->label() +
                                                              "'): " + str(counts[i]) + " workgroups in dimension " + str(i) +
                                                              " exceed the device's " + str(limits.maxWorkgroupCount[i]));
    ctx_.vk.vkCmdDispatch(cb_, counts[0], counts[1], counts[2]);
    return hal::okStatus();
  }

  // Whether `d` has the executable, bindings and entry point whose descriptors stay bound
  // (repeatExecutable_ is null while none do).
  bool keepsBound(const hal::DispatchCommand& d) const {
    return d.executable == repeatExecutable_ && d.bindings.data() == boundBindings_ && d.entryPoint == boundEntryPoint_;
  }
  // Push constants (when they differ) + vkCmdDispatch; false, recording nothing, for a count over
  // the device's limits (one branch, not three: this runs for every repeated dispatch).
  bool pushAndDispatch(uint32_t x, uint32_t y, uint32_t z, std::span<const uint32_t> constants) {
    if ((int(x > maxWorkgroups_[0]) | int(y > maxWorkgroups_[1]) | int(z > maxWorkgroups_[2])) != 0) return false;
    if (repeatPushes_) pushConstants(repeatLayout_, constants);
    ctx_.vk.vkCmdDispatch(cb_, x, y, z);
    return true;
  }

  // The lean descriptor path of executables with a plainPushTemplate() (plain storage/uniform
  // buffers in one push set): resolves each ref into plainInfos_, the template's data. False for
  // anything it does not handle in place (another backend, a misaligned or too long range, an
  // unresolvable indirect ref): the general path then writes the same descriptors or reports
  // what is wrong.
  bool preparePlainPush(const hal::DispatchCommand& d, const VulkanExecutable& exe) {
    if (!exe.plainPushTemplate()) return false;
    const hal::DeviceLimits& limits = ctx_.info.limits;
    for (uint32_t e = 0; e < exe.bindingElementCount(); ++e) {
      const bool uniform = exe.plainPushUniform(e);
      const uint64_t alignment = uniform ? limits.minUniformBufferOffsetAlignment : limits.minStorageBufferOffsetAlignment;
      const uint64_t maxRange = uniform ? limits.maxUniformBufferRange : limits.maxStorageBufferRange;
      const hal::BufferRef& ref = d.bindings[e].buffer;
      hal::Buffer* buffer = ref.buffer.get();
      uint64_t offset = ref.offset, length = ref.length;
      if (buffer) {
        // Direct refs were checked against the buffer when they were recorded.
        if (length == hal::kWholeSize) length = buffer->size() - offset;
      } else {
        auto range = hal::resolveBufferRef(ref, s_.table, [] { return std::string(); });
        if (!range.ok()) return false;
        buffer = range->buffer;
        offset = range->offset;
        length = range->length;
      }
      if (buffer->backend() != hal::Backend::Vulkan || offset % alignment || length > maxRange) return false;
      plainInfos_[e] = {static_cast<VulkanBuffer*>(buffer)->handle(), offset, length};
    }
    return true;
  }

  // Push constants persist across dispatches and pipeline binds with the same pipeline layout,
  // so words equal to the ones last pushed with that layout are not pushed again. The last
  // pushed words are remembered by address: they live in the command list, unchanged while it
  // is translated.
  void pushConstants(VkPipelineLayout layout, std::span<const uint32_t> words) {
    const size_t n = words.size();
    if (layout == pushedLayout_ && n == pushedCount_) {
      size_t i = 0;
      while (i < n && words[i] == pushedWords_[i]) ++i;  // a few words: cheaper than a memcmp call
      if (i == n) return;
    }
    ctx_.vk.vkCmdPushConstants(cb_, layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, static_cast<uint32_t>(n * 4), words.data());
    pushedLayout_ = layout;
    pushedWords_ = words.data();
    pushedCount_ = n;
  }

  // The write list of one set, created on first use; cleared (capacity kept) per dispatch.
  std::vector<VkWriteDescriptorSet>& writesFor(uint32_t set) {
    if (set >= writes_.size()) writes_.resize(set + 1);
    return writes_[set];
  }

  // Resolves and checks every binding of `d` into VkWriteDescriptorSets (writes_).
  hal::Status writeDescriptors(const hal::DispatchCommand& d, const VulkanExecutable& exe, hal::LazyMessage at) {
    const hal::ExecutableLayout& layout = exe.layout();
    const hal::DeviceLimits& limits = ctx_.info.limits;
    const uint32_t elements = layout.bindingElementCount();
    bufferInfos_.assign(elements + 1, {});
    imageInfos_.assign(elements, {});
    texelViews_.assign(elements, VK_NULL_HANDLE);
    for (auto& ws : writes_) ws.clear();

    uint32_t e = 0;
    for (size_t i = 0; i < layout.bindings.size(); ++i) {
      const hal::BindingLayout& bl = layout.bindings[i];
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstBinding = bl.binding;
      w.descriptorCount = bl.arrayCount;
      w.descriptorType = toVkDescriptorType(bl.kind);
      for (uint32_t a = 0; a < bl.arrayCount; ++a) {
        auto what = [&] { return at() + " binding " + str(i) + (bl.arrayCount > 1 ? "[" + str(a) + "]" : ""); };
        SL_HAL_RETURN_IF_ERROR(writeElement(bl, d.bindings[e + a], e + a, what, limits));
      }
      if (hal::bindingTakesBuffer(bl.kind)) {
        if (bl.kind == hal::BindingKind::UniformTexelBuffer || bl.kind == hal::BindingKind::StorageTexelBuffer)
          w.pTexelBufferView = &texelViews_[e];
        else
          w.pBufferInfo = &bufferInfos_[e];
      } else {
        w.pImageInfo = &imageInfos_[e];
      }
      writesFor(bl.set).push_back(w);
      e += bl.arrayCount;
    }
    if (layout.constantsBuffer) {
      const uint64_t size = uint64_t(layout.constantCount) * 4;
      arenaOffset_ = alignUp(arenaOffset_, limits.minUniformBufferOffsetAlignment);
      std::memcpy(static_cast<uint8_t*>(s_.constantsArena->mapped) + arenaOffset_, d.constants.data(), size);
      bufferInfos_[elements] = {s_.constantsArena->buffer, arenaOffset_, size};
      arenaOffset_ += size;
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstBinding = layout.constantsBuffer->binding;
      w.descriptorCount = 1;
      w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
      w.pBufferInfo = &bufferInfos_[elements];
      writesFor(layout.constantsBuffer->set).push_back(w);
    }
    SL_HAL_RETURN_IF_ERROR(writeHeapArrays(d, layout, at));
    return writeHeapGroups(d, exe, at);
  }

  // Mutable heap tier: element i of each heap binding = heap slot i, written as the descriptor
  // type of the slot's view (the MUTABLE_EXT binding takes any type of mutableHeapTypes());
  // empty slots stay unwritten (PARTIALLY_BOUND).
  hal::Status writeHeapGroups(const hal::DispatchCommand& d, const VulkanExecutable& exe, hal::LazyMessage at) {
    const std::vector<MutableHeapBinding>& groups = exe.heapGroupBindings();
    if (groups.empty()) return hal::okStatus();
    const hal::DeviceLimits& limits = ctx_.info.limits;
    size_t total = 0;
    for (const MutableHeapBinding& g : groups) {
      const hal::DescriptorHeap* heap = g.source == hal::HeapSource::Sampler ? d.samplerHeap : d.resourceHeap;
      if (!heap) return hal::makeError(hal::ErrorCode::FailedPrecondition, at() + ": no " + hal::heapSourceName(g.source) + " heap is set");
      if (heap->capacity() > g.count)
        return hal::makeError(hal::ErrorCode::OutOfRange, at() + ": the " + hal::heapSourceName(g.source) + " heap has " +
                                                              str(heap->capacity()) + " slots; this device's heap binding holds " +
                                                              str(g.count));
      total += heap->capacity();
    }
    // Stable storage for the infos the writes point to (sized once: no reallocation below).
    heapBuffers_.assign(total, {});
    heapImages_.assign(total, {});
    heapTexels_.assign(total, VK_NULL_HANDLE);
    size_t e = 0;
    for (const MutableHeapBinding& g : groups) {
      const hal::DescriptorHeap& heap = g.source == hal::HeapSource::Sampler ? *d.samplerHeap : *d.resourceHeap;
      for (uint32_t i = 0; i < heap.capacity(); ++i, ++e) {
        const hal::HeapDescriptor& slot = heap.slot(i);
        auto what = [&] { return at() + " " + hal::heapSourceName(g.source) + " heap slot " + str(i); };
        VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstBinding = g.binding;
        w.dstArrayElement = i;
        w.descriptorCount = 1;
        if (g.source == hal::HeapSource::Sampler) {
          if (!slot.sampler) continue;
          heapImages_[e].sampler = static_cast<VulkanSampler&>(*slot.sampler).handle();
          w.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER;
          w.pImageInfo = &heapImages_[e];
        } else if (g.source == hal::HeapSource::Counter) {
          if (slot.kind != hal::ViewKind::RWStructuredBuffer || !slot.counter) continue;
          auto vb = vulkanBuffer(slot.counter.get(), what);
          if (!vb.ok()) return vb.status();
          if (slot.counterOffset % limits.minStorageBufferOffsetAlignment)
            return hal::makeError(hal::ErrorCode::InvalidArgument, what() + ": counter offset " + str(slot.counterOffset) +
                                                                       " is not a multiple of the device's storage-buffer alignment");
          heapBuffers_[e] = {(*vb)->handle(), slot.counterOffset, 4};
          w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
          w.pBufferInfo = &heapBuffers_[e];
        } else {
          VkDescriptorType type;
          if (!heapSlotDescriptorType(slot.kind, type)) continue;
          SL_HAL_RETURN_IF_ERROR(writeMutableSlot(slot, type, e, what, limits));
          w.descriptorType = type;
          if (type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER)
            w.pTexelBufferView = &heapTexels_[e];
          else if (type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER || type == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER)
            w.pBufferInfo = &heapBuffers_[e];
          else
            w.pImageInfo = &heapImages_[e];
        }
        writesFor(g.set).push_back(w);
      }
    }
    return hal::okStatus();
  }

  // The info of one resource-heap slot written as `type` (element e of the scratch arrays).
  hal::Status writeMutableSlot(const hal::HeapDescriptor& slot, VkDescriptorType type, size_t e, hal::LazyMessage what,
                               const hal::DeviceLimits& limits) {
    if (type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE || type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE) {
      if (!slot.texture || slot.texture->backend() != hal::Backend::Vulkan)
        return hal::makeError(hal::ErrorCode::InvalidArgument, what() + ": no Vulkan texture");
      auto& texture = static_cast<VulkanTexture&>(*slot.texture);
      const bool storage = type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
      auto view = texture.view(slot.baseMip, storage ? 1 : (slot.mipCount == ~0u ? 0 : slot.mipCount));
      if (!view.ok()) return view.status();
      heapImages_[e] = {VK_NULL_HANDLE, *view, VK_IMAGE_LAYOUT_GENERAL};
      return hal::okStatus();
    }
    const bool uniform = type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
    const bool texel = type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER || type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
    const uint64_t length = slot.length == hal::kWholeSize ? slot.buffer->size() - slot.offset : slot.length;
    return writeHeapBuffer(slot.buffer.get(), slot.offset, length, uniform, texel, slot.format, e, what, limits);
  }

  // A heap slot's buffer range as element e of heapBuffers_ (uniform/storage) or heapTexels_ (a
  // submission-owned view over whole elements of `format`), after the device's alignment and range
  // rules.
  hal::Status writeHeapBuffer(hal::Buffer* buffer, uint64_t offset, uint64_t length, bool uniform, bool texel,
                              hal::Format format, size_t e, hal::LazyMessage what, const hal::DeviceLimits& limits) {
    auto vb = vulkanBuffer(buffer, what);
    if (!vb.ok()) return vb.status();
    const uint64_t alignment = uniform ? limits.minUniformBufferOffsetAlignment
                               : texel ? limits.minTexelBufferOffsetAlignment
                                       : limits.minStorageBufferOffsetAlignment;
    if (offset % alignment)
      return hal::makeError(hal::ErrorCode::InvalidArgument, what() + ": offset " + str(offset) + " is not a multiple of the device's " +
                                                                 str(alignment) + "-byte alignment");
    if (!texel) {
      const uint64_t maxRange = uniform ? limits.maxUniformBufferRange : limits.maxStorageBufferRange;
      if (length > maxRange)
        return hal::makeError(hal::ErrorCode::OutOfRange, what() + ": " + str(length) + " bytes exceed the device's range limit");
      heapBuffers_[e] = {(*vb)->handle(), offset, length};
      return hal::okStatus();
    }
    VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    info.buffer = (*vb)->handle();
    info.format = toVkFormat(format);
    info.offset = offset;
    info.range = length - length % hal::formatSize(format);
    VkBufferView view = VK_NULL_HANDLE;
    SL_VK_CHECK(ctx_.vk.vkCreateBufferView(ctx_.device, &info, nullptr, &view), what() + ": vkCreateBufferView");
    s_.bufferViews.push_back(view);
    heapTexels_[e] = view;
    return hal::okStatus();
  }

  // Binds writes_: a push set, or sets from the submission's pool.
  hal::Status bindDescriptors(const VulkanExecutable& exe, hal::LazyMessage at) {
    auto& vk = ctx_.vk;
    for (uint32_t set = 0; set < exe.sets().size(); ++set) {
      const VulkanExecutable::SetLayout& sl = exe.sets()[set];
      if (sl.bindingCount == 0) continue;
      std::vector<VkWriteDescriptorSet>& ws = writesFor(set);
      if (sl.push) {
        vk.vkCmdPushDescriptorSetKHR(cb_, VK_PIPELINE_BIND_POINT_COMPUTE, exe.pipelineLayout(), set,
                                     static_cast<uint32_t>(ws.size()), ws.data());
        continue;
      }
      VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
      alloc.descriptorPool = sl.heap ? s_.heapDescriptorPool : s_.descriptorPool;
      alloc.descriptorSetCount = 1;
      alloc.pSetLayouts = &sl.layout;
      VkDescriptorSet ds = VK_NULL_HANDLE;
      SL_VK_CHECK(vk.vkAllocateDescriptorSets(ctx_.device, &alloc, &ds), at() + ": vkAllocateDescriptorSets");
      for (auto& w : ws) w.dstSet = ds;
      vk.vkUpdateDescriptorSets(ctx_.device, static_cast<uint32_t>(ws.size()), ws.data(), 0, nullptr);
      vk.vkCmdBindDescriptorSets(cb_, VK_PIPELINE_BIND_POINT_COMPUTE, exe.pipelineLayout(), set, 1, &ds, 0, nullptr);
    }
    return hal::okStatus();
  }

  hal::Status writeElement(const hal::BindingLayout& bl, const hal::Binding& b, uint32_t e, hal::LazyMessage what,
                           const hal::DeviceLimits& limits) {
    if (hal::bindingTakesBuffer(bl.kind)) {
      auto range = hal::resolveBufferRef(b.buffer, s_.table, what);
      if (!range.ok()) return range.status();
      auto buffer = vulkanBuffer(range->buffer, what);
      if (!buffer.ok()) return buffer.status();
      uint64_t alignment = limits.minStorageBufferOffsetAlignment;
      uint64_t maxRange = limits.maxStorageBufferRange;
      if (bl.kind == hal::BindingKind::UniformBuffer) {
        alignment = limits.minUniformBufferOffsetAlignment;
        maxRange = limits.maxUniformBufferRange;
      } else if (bl.kind != hal::BindingKind::StorageBuffer) {
        alignment = limits.minTexelBufferOffsetAlignment;
        maxRange = ~uint64_t(0);
      }
      if (range->offset % alignment)
        return hal::makeError(hal::ErrorCode::InvalidArgument, what() + ": offset " + str(range->offset) +
                                                                   " is not a multiple of the device's " + str(alignment) + "-byte alignment");
      if (range->length > maxRange)
        return hal::makeError(hal::ErrorCode::OutOfRange, what() + ": " + str(range->length) + " bytes exceed the device's " +
                                                              str(maxRange) + "-byte range limit for a " + hal::bindingKindName(bl.kind));
      if (bl.kind == hal::BindingKind::StorageBuffer || bl.kind == hal::BindingKind::UniformBuffer) {
        bufferInfos_[e] = {(*buffer)->handle(), range->offset, range->length};
        return hal::okStatus();
      }
      // Texel buffers: a view with the layout's format over whole elements of the range.
      const VkFormat format = toVkFormat(bl.format);
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(ctx_.physical, format, &fp);
      const VkFormatFeatureFlags needed = bl.kind == hal::BindingKind::UniformTexelBuffer
                                              ? VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT
                                              : VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT;
      if (!(fp.bufferFeatures & needed))
        return hal::makeError(hal::ErrorCode::Unsupported, what() + ": format " + hal::formatName(bl.format) + " cannot be a " +
                                                               hal::bindingKindName(bl.kind) + " on this device");
      const uint64_t element = hal::formatSize(bl.format);
      const uint64_t length = range->length - range->length % element;
      if (length == 0)
        return hal::makeError(hal::ErrorCode::OutOfRange, what() + ": range smaller than one " + hal::formatName(bl.format) + " element");
      if (length / element > limits.maxTexelBufferElements)
        return hal::makeError(hal::ErrorCode::OutOfRange, what() + ": " + str(length / element) + " elements exceed the device's " +
                                                              str(limits.maxTexelBufferElements));
      VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
      info.buffer = (*buffer)->handle();
      info.format = format;
      info.offset = range->offset;
      info.range = length;
      VkBufferView view = VK_NULL_HANDLE;
      SL_VK_CHECK(ctx_.vk.vkCreateBufferView(ctx_.device, &info, nullptr, &view), what() + ": vkCreateBufferView");
      s_.bufferViews.push_back(view);
      texelViews_[e] = view;
      return hal::okStatus();
    }
    VkDescriptorImageInfo& image = imageInfos_[e];
    if (hal::bindingTakesTexture(bl.kind)) {
      if (b.texture->backend() != hal::Backend::Vulkan)
        return hal::makeError(hal::ErrorCode::InvalidArgument, what() + ": the texture belongs to another backend");
      auto& texture = static_cast<VulkanTexture&>(*b.texture);
      const bool storage = bl.kind == hal::BindingKind::StorageImage;
      if (storage && bl.format.valid() && toVkFormat(bl.format) != texture.vkFormat())
        return hal::makeError(hal::ErrorCode::Unsupported, what() + ": the shader declares " + hal::formatName(bl.format) +
                                                               " but the texture is " + hal::formatName(texture.desc().format) +
                                                               " (format reinterpretation is not supported)");
      auto view = texture.view(b.mipLevel, storage ? 1 : 0);
      if (!view.ok()) return view.status();
      image.imageView = *view;
      image.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    }
    if (hal::bindingTakesSampler(bl.kind)) {
      if (b.sampler->backend() != hal::Backend::Vulkan)
        return hal::makeError(hal::ErrorCode::InvalidArgument, what() + ": the sampler belongs to another backend");
      image.sampler = static_cast<VulkanSampler&>(*b.sampler).handle();
    }
    return hal::okStatus();
  }

  // Portable heap tier: element i of each heap array = heap slot i when the slot's view matches
  // the array's kind, else a null descriptor (or the dummy buffer); the trap element stays null.
  hal::Status writeHeapArrays(const hal::DispatchCommand& d, const hal::ExecutableLayout& layout, hal::LazyMessage at) {
    if (layout.heapBindings.empty()) return hal::okStatus();
    const hal::DeviceLimits& limits = ctx_.info.limits;
    uint32_t total = 0;
    for (const hal::HeapBindingLayout& h : layout.heapBindings) total += h.arrayCount;
    heapBuffers_.assign(total, {});
    heapImages_.assign(total, {});
    heapTexels_.assign(total, VK_NULL_HANDLE);
    const bool nullOk = ctx_.info.features.nullDescriptors;
    uint32_t resourceSlots = 0, samplerSlots = 0;
    uint32_t e = 0;
    for (const hal::HeapBindingLayout& h : layout.heapBindings) {
      const hal::DescriptorHeap* heap = h.source == hal::HeapSource::Sampler ? d.samplerHeap : d.resourceHeap;
      if (!heap) return hal::makeError(hal::ErrorCode::FailedPrecondition, at() + ": no " + hal::heapSourceName(h.source) + " heap is set");
      const uint32_t reachable = std::min(heap->capacity(), h.arrayCount - 1);
      (h.source == hal::HeapSource::Sampler ? samplerSlots : resourceSlots) = heap->capacity();
      VkSampler anySampler = VK_NULL_HANDLE;
      for (uint32_t i = 0; i < heap->capacity() && h.kind == hal::BindingKind::Sampler && !anySampler; ++i)
        if (heap->slot(i).sampler) anySampler = static_cast<VulkanSampler&>(*heap->slot(i).sampler).handle();
      for (uint32_t a = 0; a < h.arrayCount; ++a) {
        auto what = [&] { return at() + " " + hal::heapSourceName(h.source) + " heap slot " + str(a); };
        const hal::HeapDescriptor* slot = a < reachable ? &heap->slot(a) : nullptr;
        SL_HAL_RETURN_IF_ERROR(writeHeapElement(h, slot, e + a, what, limits, nullOk, anySampler));
      }
      VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      w.dstBinding = h.binding;
      w.descriptorCount = h.arrayCount;
      w.descriptorType = toVkDescriptorType(h.kind);
      if (h.kind == hal::BindingKind::UniformTexelBuffer || h.kind == hal::BindingKind::StorageTexelBuffer)
        w.pTexelBufferView = &heapTexels_[e];
      else if (hal::bindingTakesBuffer(h.kind))
        w.pBufferInfo = &heapBuffers_[e];
      else
        w.pImageInfo = &heapImages_[e];
      writesFor(h.set).push_back(w);
      e += h.arrayCount;
    }
    // The status block: reachable slot counts in, bad indices out (read after the fence).
    heapStatusOffset_ = alignUp(heapStatusOffset_, limits.minStorageBufferOffsetAlignment);
    uint32_t words[4] = {resourceSlots, samplerSlots, 0, 0};
    std::memcpy(static_cast<uint8_t*>(s_.heapStatusArena->mapped) + heapStatusOffset_, words, sizeof words);
    s_.heapChecks.push_back({heapStatusOffset_, at(), resourceSlots, samplerSlots});
    heapStatusInfo_ = {s_.heapStatusArena->buffer, heapStatusOffset_, 16};
    heapStatusOffset_ += 16;
    VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    w.dstBinding = layout.heapStatus->binding;
    w.descriptorCount = 1;
    w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    w.pBufferInfo = &heapStatusInfo_;
    writesFor(layout.heapStatus->set).push_back(w);
    return hal::okStatus();
  }

  static bool viewMatches(const hal::HeapBindingLayout& h, hal::ViewKind v) {
    using VK = hal::ViewKind;
    switch (h.kind) {
      case hal::BindingKind::StorageBuffer:
        if (h.source == hal::HeapSource::Counter) return v == VK::RWStructuredBuffer;
        return v == VK::RawBuffer || v == VK::StructuredBuffer || v == VK::TypedBuffer || v == VK::RWRawBuffer ||
               v == VK::RWStructuredBuffer || v == VK::RWTypedBuffer;
      case hal::BindingKind::UniformBuffer: return v == VK::ConstantBuffer;
      case hal::BindingKind::UniformTexelBuffer: return v == VK::TypedBuffer;
      case hal::BindingKind::StorageTexelBuffer: return v == VK::RWTypedBuffer;
      case hal::BindingKind::SampledImage: return v == VK::Texture;
      case hal::BindingKind::StorageImage: return v == VK::RWTexture;
      case hal::BindingKind::Sampler: return v == VK::Sampler;
      case hal::BindingKind::CombinedImageSampler: return false;
    }
    return false;
  }

  hal::Status writeHeapElement(const hal::HeapBindingLayout& h, const hal::HeapDescriptor* slot, uint32_t e,
                               hal::LazyMessage what, const hal::DeviceLimits& limits, bool nullOk, VkSampler anySampler) {
    const bool present = slot && viewMatches(h, slot->kind) && (h.source != hal::HeapSource::Counter || slot->counter);
    if (hal::bindingTakesBuffer(h.kind)) {
      if (!present) {
        if (h.kind == hal::BindingKind::StorageBuffer || h.kind == hal::BindingKind::UniformBuffer)
          heapBuffers_[e] = nullOk && h.kind == hal::BindingKind::StorageBuffer
                                ? VkDescriptorBufferInfo{VK_NULL_HANDLE, 0, VK_WHOLE_SIZE}
                                : VkDescriptorBufferInfo{s_.dummyBuffer->buffer, 0, VK_WHOLE_SIZE};
        else if (!nullOk)
          return hal::makeError(hal::ErrorCode::Unsupported, what() + ": empty texel-buffer heap slots need nullDescriptor");
        return hal::okStatus();
      }
      const bool counter = h.source == hal::HeapSource::Counter;
      hal::Buffer* buffer = counter ? slot->counter.get() : slot->buffer.get();
      const uint64_t offset = counter ? slot->counterOffset : slot->offset;
      const uint64_t length = counter ? 4 : slot->length == hal::kWholeSize ? buffer->size() - offset : slot->length;
      const bool texel = h.kind == hal::BindingKind::UniformTexelBuffer || h.kind == hal::BindingKind::StorageTexelBuffer;
      return writeHeapBuffer(buffer, offset, length, h.kind == hal::BindingKind::UniformBuffer, texel, slot->format, e, what,
                             limits);
    }
    VkDescriptorImageInfo& image = heapImages_[e];
    image.imageLayout = VK_IMAGE_LAYOUT_GENERAL;
    if (h.kind == hal::BindingKind::Sampler) {
      if (present) {
        image.sampler = static_cast<VulkanSampler&>(*slot->sampler).handle();
      } else if (anySampler) {
        image.sampler = anySampler;  // samplers have no null descriptor; an unreachable copy is harmless
      } else {
        return hal::makeError(hal::ErrorCode::FailedPrecondition, what() + ": the sampler heap holds no sampler at all");
      }
      return hal::okStatus();
    }
    if (!present) {
      if (!nullOk) return hal::makeError(hal::ErrorCode::Unsupported, what() + ": empty image heap slots need nullDescriptor");
      image.imageView = VK_NULL_HANDLE;
      return hal::okStatus();
    }
    auto& texture = static_cast<VulkanTexture&>(*slot->texture);
    const bool storage = h.kind == hal::BindingKind::StorageImage;
    auto view = texture.view(slot->baseMip, storage ? 1 : (slot->mipCount == ~0u ? 0 : slot->mipCount));
    if (!view.ok()) return view.status();
    image.imageView = *view;
    return hal::okStatus();
  }

  Context& ctx_;
  InFlightSubmission& s_;
  VkCommandBuffer cb_;
  uint64_t& arenaOffset_;
  uint64_t& heapStatusOffset_;
  std::vector<VkDescriptorBufferInfo>& heapBuffers_;
  std::vector<VkDescriptorImageInfo>& heapImages_;
  std::vector<VkBufferView>& heapTexels_;
  VkDescriptorBufferInfo heapStatusInfo_{};
  std::vector<VkDescriptorBufferInfo>& bufferInfos_;
  std::vector<VkDescriptorImageInfo>& imageInfos_;
  std::vector<VkBufferView>& texelViews_;
  std::vector<std::vector<VkWriteDescriptorSet>>& writes_;  // by set number
  // What the command buffer has bound so far.
  const VulkanExecutable* boundExecutable_ = nullptr;
  // preparePlainPush()'s descriptors.
  std::array<VkDescriptorBufferInfo, VulkanExecutable::kMaxPlainPushElements> plainInfos_;
  // repeat()'s state: the executable whose descriptors stay bound (null: none), whether it takes
  // push constants and with which layout, and the device's workgroup-count limits.
  const hal::Executable* repeatExecutable_ = nullptr;
  bool repeatPushes_ = false;
  VkPipelineLayout repeatLayout_ = VK_NULL_HANDLE;
  std::array<uint32_t, 3> maxWorkgroups_;
  const void* boundBindings_ = nullptr;  // the DispatchCommand::bindings list last written
  VkPipeline boundPipeline_ = VK_NULL_HANDLE;
  uint32_t boundEntryPoint_ = 0;
  // The push-constant words last pushed, and with which pipeline layout.
  VkPipelineLayout pushedLayout_ = VK_NULL_HANDLE;
  const uint32_t* pushedWords_ = nullptr;
  size_t pushedCount_ = 0;
};

}  // namespace

hal::Status VulkanDevice::record(InFlightSubmission& s) {
  auto& vk = ctx_->vk;
  const hal::DeviceLimits& limits = ctx_->info.limits;

  // Pre-pass: descriptor pool sizes, constants arena size, timestamp queries to reset.
  // Flat lists (few types; empty in the common all-push case, where they cost nothing).
  std::vector<VkDescriptorPoolSize> poolSizes, heapPoolSizes;
  auto addCount = [](std::vector<VkDescriptorPoolSize>& sizes, VkDescriptorType type, uint32_t n) {
    for (VkDescriptorPoolSize& s : sizes)
      if (s.type == type) {
        s.descriptorCount += n;
        return;
      }
    sizes.push_back({type, n});
  };
  uint32_t poolSets = 0, heapPoolSets = 0;
  VkDescriptorPoolCreateFlags heapPoolFlags = 0;
  uint64_t arenaSize = 0;
  uint64_t heapStatusSize = 0;
  bool needDummy = false;
  std::vector<std::pair<VkQueryPool, uint32_t>> queries;  // distinct: a query is written once per command buffer
  const hal::CommandList& commands = *s.commands;
  const hal::Executable* simpleExecutable = nullptr;  // the last one seen that needs nothing here
  SL_HAL_RETURN_IF_ERROR(commands.forEach([&](const hal::Command& c, size_t) -> hal::Status {
    if (const auto* d = std::get_if<hal::DispatchCommand>(&c)) {
      if (d->executable == simpleExecutable) return hal::okStatus();
      if (d->executable->backend() != hal::Backend::Vulkan) return hal::okStatus();  // reported while recording
      const auto& exe = static_cast<const VulkanExecutable&>(*d->executable);
      if (!exe.needsSubmissionResources()) {
        simpleExecutable = d->executable;
        return hal::okStatus();
      }
      // Every dispatch of a run may need its own sets, arena slice and status block.
      const uint32_t dispatches = 1 + d->repeatCount;
      for (const auto& set : exe.sets()) {
        if (set.push || set.bindingCount == 0) continue;
        if (set.heap) {  // mutable-tier heap sets come from their own pool (its flags and type lists)
          heapPoolSets += dispatches;
          heapPoolFlags |= set.poolFlags;
          for (const auto& [type, n] : set.descriptorCounts) addCount(heapPoolSizes, type, n * dispatches);
          continue;
        }
        poolSets += dispatches;
        for (const auto& [type, n] : set.descriptorCounts) addCount(poolSizes, type, n * dispatches);
      }
      for (uint32_t k = 0; k < dispatches; ++k) {
        if (exe.layout().constantsBuffer)
          arenaSize = alignUp(arenaSize, limits.minUniformBufferOffsetAlignment) + uint64_t(exe.layout().constantCount) * 4;
        if (exe.layout().heapStatus) heapStatusSize = alignUp(heapStatusSize, limits.minStorageBufferOffsetAlignment) + 16;
      }
      // Empty uniform-buffer slots always get the zeroed dummy: lavapipe 22.3 crashes executing a
      // null uniform-buffer descriptor even though it advertises nullDescriptor.
      for (const hal::HeapBindingLayout& h : exe.layout().heapBindings)
        if (!ctx_->info.features.nullDescriptors || h.kind == hal::BindingKind::UniformBuffer) needDummy = true;
    } else if (const auto* t = std::get_if<hal::TimestampCommand>(&c)) {
      if (t->pool->backend() != hal::Backend::Vulkan)
        return hal::makeError(hal::ErrorCode::InvalidArgument, "timestamp pool belongs to another backend");
      queries.push_back({static_cast<VulkanTimestampPool&>(*t->pool).handle(), t->query});
    }
    return hal::okStatus();
  }));
  if (poolSets) {
    VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    info.maxSets = poolSets;
    info.poolSizeCount = static_cast<uint32_t>(poolSizes.size());
    info.pPoolSizes = poolSizes.data();
    SL_VK_CHECK(vk.vkCreateDescriptorPool(ctx_->device, &info, nullptr, &s.descriptorPool), "vkCreateDescriptorPool");
  }
  if (heapPoolSets) {
    const std::vector<VkDescriptorPoolSize>& sizes = heapPoolSizes;
    std::vector<VkMutableDescriptorTypeListEXT> lists;  // parallel to sizes (VUID-VkDescriptorPoolCreateInfo-pPoolSizes-04787)
    for (const VkDescriptorPoolSize& size : sizes) {
      VkMutableDescriptorTypeListEXT list{};
      if (size.type == VK_DESCRIPTOR_TYPE_MUTABLE_EXT) {
        list.descriptorTypeCount = static_cast<uint32_t>(mutableHeapTypes().size());
        list.pDescriptorTypes = mutableHeapTypes().data();
      }
      lists.push_back(list);
    }
    VkMutableDescriptorTypeCreateInfoEXT mutableInfo{VK_STRUCTURE_TYPE_MUTABLE_DESCRIPTOR_TYPE_CREATE_INFO_EXT};
    mutableInfo.mutableDescriptorTypeListCount = static_cast<uint32_t>(lists.size());
    mutableInfo.pMutableDescriptorTypeLists = lists.data();
    VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    info.pNext = &mutableInfo;
    info.flags = heapPoolFlags;
    info.maxSets = heapPoolSets;
    info.poolSizeCount = static_cast<uint32_t>(sizes.size());
    info.pPoolSizes = sizes.data();
    SL_VK_CHECK(vk.vkCreateDescriptorPool(ctx_->device, &info, nullptr, &s.heapDescriptorPool), "vkCreateDescriptorPool (heap sets)");
  }
  if (arenaSize) {
    auto arena = createRawBuffer(ctx_, arenaSize, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, true, "constants arena");
    if (!arena.ok()) return arena.status();
    s.constantsArena = arena.take();
  }

  if (heapStatusSize) {
    auto arena = createRawBuffer(ctx_, heapStatusSize, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, true, "heap status");
    if (!arena.ok()) return arena.status();
    s.heapStatusArena = arena.take();
    std::memset(s.heapStatusArena->mapped, 0, heapStatusSize);
  }
  if (needDummy) {
    auto dummy = createRawBuffer(ctx_, 256, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, true,
                                 "empty heap slot");
    if (!dummy.ok()) return dummy.status();
    s.dummyBuffer = dummy.take();
    std::memset(s.dummyBuffer->mapped, 0, 256);
  }

  // The pooled command buffer: beginning it resets it (its pool has RESET_COMMAND_BUFFER_BIT).
  VkCommandBuffer cb = s.commandBuffer;
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  SL_VK_CHECK(vk.vkBeginCommandBuffer(cb, &begin), "vkBeginCommandBuffer");

  for (const auto& [pool, query] : queries) vk.vkCmdResetQueryPool(cb, pool, query, 1);
  // No barrier is needed here: every submission ends with one whose second scope covers all
  // later device work on this queue (submission order), and host writes before vkQueueSubmit
  // are visible to it by the submit itself.

  uint64_t arenaOffset = 0, heapStatusOffset = 0;
  DispatchRecorder dispatcher(*ctx_, s, cb, arenaOffset, heapStatusOffset, scratch_);
  auto recordCommand = [&](const hal::Command& c, size_t i) -> hal::Status {
    auto at = [i] { return "command " + str(i); };
    if (const auto* d = std::get_if<hal::DispatchCommand>(&c)) {
      return dispatcher.record(*d, i);
    } else if (std::holds_alternative<hal::BarrierCommand>(c)) {
      fullBarrier(*ctx_, cb, kDeviceStages, kDeviceStages, kAllDeviceAccess);
    } else if (const auto* cp = std::get_if<hal::CopyBufferCommand>(&c)) {
      auto src = hal::resolveBufferRef(cp->src, s.table, [&] { return at() + " (copy) source"; });
      if (!src.ok()) return src.status();
      auto dst = hal::resolveBufferRef(cp->dst, s.table, [&] { return at() + " (copy) destination"; });
      if (!dst.ok()) return dst.status();
      auto sb = vulkanBuffer(src->buffer, at);
      if (!sb.ok()) return sb.status();
      auto db = vulkanBuffer(dst->buffer, at);
      if (!db.ok()) return db.status();
      VkBufferCopy region{src->offset, dst->offset, cp->size};
      vk.vkCmdCopyBuffer(cb, (*sb)->handle(), (*db)->handle(), 1, &region);
    } else if (const auto* f = std::get_if<hal::FillBufferCommand>(&c)) {
      auto dst = hal::resolveBufferRef(f->dst, s.table, [&] { return at() + " (fill) destination"; });
      if (!dst.ok()) return dst.status();
      auto db = vulkanBuffer(dst->buffer, at);
      if (!db.ok()) return db.status();
      vk.vkCmdFillBuffer(cb, (*db)->handle(), dst->offset, dst->length & ~uint64_t(3), f->pattern);
    } else if (const auto* u = std::get_if<hal::UpdateBufferCommand>(&c)) {
      auto dst = hal::resolveBufferRef(u->dst, s.table, [&] { return at() + " (update) destination"; });
      if (!dst.ok()) return dst.status();
      auto db = vulkanBuffer(dst->buffer, at);
      if (!db.ok()) return db.status();
      vk.vkCmdUpdateBuffer(cb, (*db)->handle(), dst->offset, u->data.size(), u->data.data());
    } else if (const auto* t = std::get_if<hal::TimestampCommand>(&c)) {
      vk.vkCmdWriteTimestamp(cb, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, static_cast<VulkanTimestampPool&>(*t->pool).handle(), t->query);
    }
    return hal::okStatus();
  };
  size_t index = 0;  // of the recorded command (a run's repeats count)
  SL_HAL_RETURN_IF_ERROR(commands.forEachChunk([&](std::span<const hal::Command> chunk) -> hal::Status {
    for (const hal::Command& c : chunk) {
      if (const auto* d = std::get_if<hal::DispatchCommand>(&c)) [[likely]] {
        if (!dispatcher.repeat(*d)) SL_HAL_RETURN_IF_ERROR(dispatcher.record(*d, index));
        if (d->repeatCount) SL_HAL_RETURN_IF_ERROR(dispatcher.replay(*d, index));
        index += 1 + d->repeatCount;
        continue;
      }
      SL_HAL_RETURN_IF_ERROR(recordCommand(c, index++));
    }
    return hal::okStatus();
  }));
  // Results visible to the host (downloads) and to all later device work, also that of later
  // submissions on this queue.
  fullBarrier(*ctx_, cb, kDeviceStages, kDeviceStages | VK_PIPELINE_STAGE_HOST_BIT, kAllDeviceAccess | VK_ACCESS_HOST_READ_BIT);
  SL_VK_CHECK(vk.vkEndCommandBuffer(cb), "vkEndCommandBuffer");
  return hal::okStatus();
}

}  // namespace sl::vulkan
