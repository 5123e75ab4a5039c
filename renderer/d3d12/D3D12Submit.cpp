// Submission: like the Vulkan backend, the recorded hal::CommandBuffer is translated at submit
// with that submission's binding table. Each dispatch's descriptor table is written into a
// shader-visible heap owned by the submission (the root signature's ranges are
// DESCRIPTORS_VOLATILE); buffers are transitioned from COMMON (where they decay between
// ExecuteCommandLists) to the state each use needs.
#include <cstring>
#include <map>

#include "renderer/d3d12/D3D12Objects.h"

namespace sl::d3d12 {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }
uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

hal::Result<ID3D12Resource*> resourceOf(hal::Buffer* buffer, const std::string& what) {
  if (buffer->backend() != hal::Backend::D3D12)
    return hal::makeError(hal::ErrorCode::InvalidArgument, what + ": buffer '" + buffer->label() + "' belongs to another backend");
  return static_cast<D3D12Buffer*>(buffer)->resource();
}

class Recorder {
 public:
  Recorder(Context& ctx, InFlightSubmission& s) : ctx_(ctx), s_(s), list_(s.list.Get()) {}

  void transition(ID3D12Resource* resource, D3D12_RESOURCE_STATES state) {
    auto [it, inserted] = states_.emplace(resource, D3D12_RESOURCE_STATE_COMMON);
    if (it->second == state) return;
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = resource;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = it->second;
    b.Transition.StateAfter = state;
    list_->ResourceBarrier(1, &b);
    it->second = state;
  }

  void uavBarrier() {
    D3D12_RESOURCE_BARRIER b{};
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    b.UAV.pResource = nullptr;  // all UAV accesses
    list_->ResourceBarrier(1, &b);
  }

  // Copies `bytes` into the upload arena; returns its offset there.
  uint64_t stage(const void* bytes, uint64_t size, uint64_t alignment) {
    arenaOffset_ = alignUp(arenaOffset_, alignment);
    std::memcpy(s_.arenaMapped + arenaOffset_, bytes, size);
    const uint64_t at = arenaOffset_;
    arenaOffset_ += size;
    return at;
  }

  hal::Status dispatch(const hal::DispatchCommand& d, size_t index) {
    const std::string at = "command " + str(index) + " (dispatch of '" + d.executable->label() + "')";
    if (d.executable->backend() != hal::Backend::D3D12)
      return hal::makeError(hal::ErrorCode::InvalidArgument, at + ": the executable belongs to another backend");
    const auto& exe = static_cast<const D3D12Executable&>(*d.executable);
    const hal::ExecutableLayout& layout = exe.layout();
    const hal::DeviceLimits& limits = ctx_.info.limits;

    D3D12_CPU_DESCRIPTOR_HANDLE cpu = s_.views->GetCPUDescriptorHandleForHeapStart();
    D3D12_GPU_DESCRIPTOR_HANDLE gpu = s_.views->GetGPUDescriptorHandleForHeapStart();
    cpu.ptr += SIZE_T(viewCursor_) * ctx_.viewIncrement;
    gpu.ptr += UINT64(viewCursor_) * ctx_.viewIncrement;
    const D3D12_GPU_DESCRIPTOR_HANDLE tableStart = gpu;

    uint32_t e = 0;
    for (size_t i = 0; i < layout.bindings.size(); ++i) {
      const hal::BindingLayout& bl = layout.bindings[i];
      for (uint32_t a = 0; a < bl.arrayCount; ++a, ++e) {
        const std::string what = at + " binding " + str(i) + (bl.arrayCount > 1 ? "[" + str(a) + "]" : "");
        auto range = hal::resolveBufferRef(d.bindings[e].buffer, s_.table, what);
        if (!range.ok()) return range.status();
        auto resource = resourceOf(range->buffer, what);
        if (!resource.ok()) return resource.status();
        SL_HAL_RETURN_IF_ERROR(writeView(bl, *resource, range->offset, range->length, cpu, what, limits));
        cpu.ptr += ctx_.viewIncrement;
      }
    }
    if (layout.constantsBuffer) {
      const uint64_t size = alignUp(uint64_t(layout.constantCount) * 4, 256);
      const uint64_t offset = stage(d.constants.data(), d.constants.size() * 4, D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT);
      D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{s_.arena->GetGPUVirtualAddress() + offset, static_cast<UINT>(size)};
      ctx_.device->CreateConstantBufferView(&cbv, cpu);
      arenaOffset_ = offset + size;
    }
    viewCursor_ += exe.tableSize();

    list_->SetComputeRootSignature(exe.rootSignature());
    list_->SetPipelineState(exe.pipeline());
    if (exe.usesRootConstants())
      list_->SetComputeRoot32BitConstants(0, static_cast<UINT>(d.constants.size()), d.constants.data(), 0);
    if (exe.tableParameter() >= 0) list_->SetComputeRootDescriptorTable(static_cast<UINT>(exe.tableParameter()), tableStart);

    if (d.indirectWorkgroups) {
      auto ref = hal::resolveBufferRef(*d.indirectWorkgroups, s_.table, at + " workgroup count");
      if (!ref.ok()) return ref.status();
      auto resource = resourceOf(ref->buffer, at);
      if (!resource.ok()) return resource.status();
      transition(*resource, D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT);
      list_->ExecuteIndirect(ctx_.dispatchSignature.Get(), 1, *resource, ref->offset, nullptr, 0);
    } else {
      const uint32_t counts[3] = {d.workgroups.x, d.workgroups.y, d.workgroups.z};
      for (int i = 0; i < 3; ++i)
        if (counts[i] > limits.maxWorkgroupCount[i])
          return hal::makeError(hal::ErrorCode::OutOfRange, at + ": " + str(counts[i]) + " workgroups in dimension " + str(i) +
                                                                " exceed " + str(limits.maxWorkgroupCount[i]));
      list_->Dispatch(counts[0], counts[1], counts[2]);
    }
    return hal::okStatus();
  }

  uint32_t viewsUsed() const { return viewCursor_; }

 private:
  hal::Status writeView(const hal::BindingLayout& bl, ID3D12Resource* resource, uint64_t offset, uint64_t length,
                        D3D12_CPU_DESCRIPTOR_HANDLE cpu, const std::string& what, const hal::DeviceLimits& limits) {
    switch (bl.kind) {
      case hal::BindingKind::UniformBuffer: {
        if (offset % limits.minUniformBufferOffsetAlignment)
          return hal::makeError(hal::ErrorCode::InvalidArgument, what + ": constant buffer offset " + str(offset) +
                                                                     " is not a multiple of 256");
        if (length > limits.maxUniformBufferRange)
          return hal::makeError(hal::ErrorCode::OutOfRange, what + ": constant buffer larger than 64 KiB");
        // Buffers are allocated in multiples of 256 bytes, so the rounded view stays inside.
        D3D12_CONSTANT_BUFFER_VIEW_DESC cbv{resource->GetGPUVirtualAddress() + offset, static_cast<UINT>(alignUp(length, 256))};
        ctx_.device->CreateConstantBufferView(&cbv, cpu);
        transition(resource, D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER);
        return hal::okStatus();
      }
      case hal::BindingKind::StorageBuffer: {
        if (offset % limits.minStorageBufferOffsetAlignment)
          return hal::makeError(hal::ErrorCode::InvalidArgument, what + ": raw buffer offset " + str(offset) +
                                                                     " is not a multiple of 16");
        if (bl.readOnly) {
          D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
          srv.Format = DXGI_FORMAT_R32_TYPELESS;
          srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
          srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
          srv.Buffer.FirstElement = offset / 4;
          srv.Buffer.NumElements = static_cast<UINT>(length / 4);
          srv.Buffer.Flags = D3D12_BUFFER_SRV_FLAG_RAW;
          ctx_.device->CreateShaderResourceView(resource, &srv, cpu);
          transition(resource, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
        } else {
          D3D12_UNORDERED_ACCESS_VIEW_DESC uav{};
          uav.Format = DXGI_FORMAT_R32_TYPELESS;
          uav.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
          uav.Buffer.FirstElement = offset / 4;
          uav.Buffer.NumElements = static_cast<UINT>(length / 4);
          uav.Buffer.Flags = D3D12_BUFFER_UAV_FLAG_RAW;
          ctx_.device->CreateUnorderedAccessView(resource, nullptr, &uav, cpu);
          transition(resource, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        }
        return hal::okStatus();
      }
      case hal::BindingKind::UniformTexelBuffer:
      case hal::BindingKind::StorageTexelBuffer: {
        const DXGI_FORMAT format = toDxgiFormat(bl.format);
        const uint64_t element = hal::formatSize(bl.format);
        if (format == DXGI_FORMAT_UNKNOWN)
          return hal::makeError(hal::ErrorCode::Unsupported, what + ": no DXGI format for " + hal::formatName(bl.format));
        if (offset % element)
          return hal::makeError(hal::ErrorCode::InvalidArgument, what + ": typed view offset " + str(offset) +
                                                                     " is not a multiple of the element size " + str(element));
        if (length < element) return hal::makeError(hal::ErrorCode::OutOfRange, what + ": range smaller than one element");
        if (bl.kind == hal::BindingKind::UniformTexelBuffer) {
          D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
          srv.Format = format;
          srv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
          srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
          srv.Buffer.FirstElement = offset / element;
          srv.Buffer.NumElements = static_cast<UINT>(length / element);
          ctx_.device->CreateShaderResourceView(resource, &srv, cpu);
          transition(resource, D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
        } else {
          D3D12_UNORDERED_ACCESS_VIEW_DESC uav{};
          uav.Format = format;
          uav.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
          uav.Buffer.FirstElement = offset / element;
          uav.Buffer.NumElements = static_cast<UINT>(length / element);
          ctx_.device->CreateUnorderedAccessView(resource, nullptr, &uav, cpu);
          transition(resource, D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
        }
        return hal::okStatus();
      }
      default:
        return hal::makeError(hal::ErrorCode::Unsupported, what + ": " + hal::bindingKindName(bl.kind) + " on the D3D12 backend");
    }
  }

  Context& ctx_;
  InFlightSubmission& s_;
  ID3D12GraphicsCommandList* list_;
  std::map<ID3D12Resource*, D3D12_RESOURCE_STATES> states_;
  uint32_t viewCursor_ = 0;
  uint64_t arenaOffset_ = 0;
};

}  // namespace

hal::Status D3D12Device::record(InFlightSubmission& s) {
  // Pre-pass: descriptors and upload-arena bytes this submission needs.
  uint32_t views = 0;
  uint64_t arena = 0;
  for (const hal::Command& c : *s.commands) {
    if (const auto* d = std::get_if<hal::DispatchCommand>(&c)) {
      if (d->executable->backend() != hal::Backend::D3D12)
        return hal::makeError(hal::ErrorCode::InvalidArgument, "dispatch of '" + d->executable->label() + "': another backend's executable");
      // Every dispatch of a run gets its own descriptor table and constants.
      for (uint32_t k = 0; k <= d->repeatCount; ++k) {
        views += static_cast<const D3D12Executable&>(*d->executable).tableSize();
        if (d->executable->layout().constantsBuffer) arena = alignUp(arena, 256) + alignUp(d->constants.size() * 4, 256);
      }
    } else if (const auto* f = std::get_if<hal::FillBufferCommand>(&c)) {
      auto dst = hal::resolveBufferRef(f->dst, s.table, "fill");
      if (!dst.ok()) return dst.status();
      arena = alignUp(arena, 16) + dst->length;
    } else if (const auto* u = std::get_if<hal::UpdateBufferCommand>(&c)) {
      arena = alignUp(arena, 16) + u->data.size();
    } else if (std::holds_alternative<hal::TimestampCommand>(c)) {
      return hal::makeError(hal::ErrorCode::Unsupported, "timestamps are not implemented on the D3D12 backend");
    }
  }
  auto& device = *ctx_->device.Get();
  SL_HR_CHECK(device.CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE, IID_PPV_ARGS(&s.allocator)), "CreateCommandAllocator");
  SL_HR_CHECK(device.CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, s.allocator.Get(), nullptr, IID_PPV_ARGS(&s.list)),
              "CreateCommandList");
  D3D12_DESCRIPTOR_HEAP_DESC heapDesc{};
  heapDesc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  heapDesc.NumDescriptors = views ? views : 1;
  heapDesc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  SL_HR_CHECK(device.CreateDescriptorHeap(&heapDesc, IID_PPV_ARGS(&s.views)), "CreateDescriptorHeap");
  if (arena) {
    auto resource = createBufferResource(*ctx_, arena, D3D12_HEAP_TYPE_UPLOAD, "upload arena");
    if (!resource.ok()) return resource.status();
    s.arena = resource.take();
    void* mapped = nullptr;
    SL_HR_CHECK(s.arena->Map(0, nullptr, &mapped), "ID3D12Resource::Map (upload arena)");
    s.arenaMapped = static_cast<uint8_t*>(mapped);
  }

  ID3D12GraphicsCommandList* list = s.list.Get();
  ID3D12DescriptorHeap* heaps[] = {s.views.Get()};
  list->SetDescriptorHeaps(1, heaps);
  Recorder r(*ctx_, s);
  // i: the recorded command's index (each dispatch of a run counts).
  size_t i = 0;
  for (const hal::Command& c : *s.commands) {
    const std::string at = "command " + str(i);
    if (const auto* d = std::get_if<hal::DispatchCommand>(&c)) {
      SL_HAL_RETURN_IF_ERROR(r.dispatch(*d, i));
      for (uint32_t k = 0; k < d->repeatCount; ++k) SL_HAL_RETURN_IF_ERROR(r.dispatch(d->repeat(k), i + 1 + k));
      i += d->repeatCount;
    } else if (std::holds_alternative<hal::BarrierCommand>(c)) {
      r.uavBarrier();
    } else if (const auto* cp = std::get_if<hal::CopyBufferCommand>(&c)) {
      auto src = hal::resolveBufferRef(cp->src, s.table, at + " (copy) source");
      if (!src.ok()) return src.status();
      auto dst = hal::resolveBufferRef(cp->dst, s.table, at + " (copy) destination");
      if (!dst.ok()) return dst.status();
      auto sr = resourceOf(src->buffer, at);
      if (!sr.ok()) return sr.status();
      auto dr = resourceOf(dst->buffer, at);
      if (!dr.ok()) return dr.status();
      r.transition(*sr, D3D12_RESOURCE_STATE_COPY_SOURCE);
      r.transition(*dr, D3D12_RESOURCE_STATE_COPY_DEST);
      list->CopyBufferRegion(*dr, dst->offset, *sr, src->offset, cp->size);
    } else if (const auto* f = std::get_if<hal::FillBufferCommand>(&c)) {
      auto dst = hal::resolveBufferRef(f->dst, s.table, at + " (fill) destination");
      if (!dst.ok()) return dst.status();
      auto dr = resourceOf(dst->buffer, at);
      if (!dr.ok()) return dr.status();
      const uint64_t size = dst->length & ~uint64_t(3);
      std::vector<uint32_t> pattern(size / 4, f->pattern);
      const uint64_t from = r.stage(pattern.data(), size, 16);
      r.transition(*dr, D3D12_RESOURCE_STATE_COPY_DEST);
      list->CopyBufferRegion(*dr, dst->offset, s.arena.Get(), from, size);
    } else if (const auto* u = std::get_if<hal::UpdateBufferCommand>(&c)) {
      auto dst = hal::resolveBufferRef(u->dst, s.table, at + " (update) destination");
      if (!dst.ok()) return dst.status();
      auto dr = resourceOf(dst->buffer, at);
      if (!dr.ok()) return dr.status();
      const uint64_t from = r.stage(u->data.data(), u->data.size(), 16);
      r.transition(*dr, D3D12_RESOURCE_STATE_COPY_DEST);
      list->CopyBufferRegion(*dr, dst->offset, s.arena.Get(), from, u->data.size());
    }
    ++i;
  }
  SL_HR_CHECK(list->Close(), "ID3D12GraphicsCommandList::Close");
  return hal::okStatus();
}

void D3D12Device::reclaimCompleted() {
  const uint64_t done = ctx_->fence->GetCompletedValue();
  while (!inFlight_.empty() && inFlight_.front()->fenceValue <= done) inFlight_.pop_front();
}

hal::Result<hal::SubmissionId> D3D12Device::submit(hal::CommandBuffer& commandBuffer, hal::BindingTable table) {
  std::lock_guard<std::mutex> lock(mutex_);
  SL_HAL_RETURN_IF_ERROR(commandBuffer.validateSubmission(table));
  reclaimCompleted();
  auto s = std::make_unique<InFlightSubmission>();
  s->commands = commandBuffer.sharedCommands();
  s->table.assign(table.begin(), table.end());
  SL_HAL_RETURN_IF_ERROR(record(*s));
  {
    std::lock_guard<std::mutex> queueLock(ctx_->queueMutex);
    ID3D12CommandList* lists[] = {s->list.Get()};
    ctx_->queue->ExecuteCommandLists(1, lists);
    auto value = ctx_->signal();
    if (!value.ok()) return value.status();
    s->fenceValue = *value;
  }
  s->id = nextId_++;
  commandBuffer.noteSubmitted();
  const hal::SubmissionId id = s->id;
  inFlight_.push_back(std::move(s));
  return id;
}

hal::Status D3D12Device::wait(hal::SubmissionId submission, std::chrono::nanoseconds timeout) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (submission == 0 || submission >= nextId_)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "wait: unknown submission " + str(submission));
  uint64_t value = 0;  // fence values only grow: waiting for one needs nothing kept alive
  for (const auto& s : inFlight_)
    if (s->id == submission) value = s->fenceValue;
  if (value) {
    // Without the device's lock, so that other threads submit and wait meanwhile.
    lock.unlock();
    SL_HAL_RETURN_IF_ERROR(ctx_->waitFor(value, timeout));
    lock.lock();
  }
  reclaimCompleted();
  return hal::okStatus();
}

hal::Status D3D12Device::waitIdle() {
  uint64_t value = 0;
  {
    std::lock_guard<std::mutex> queueLock(ctx_->queueMutex);
    auto signalled = ctx_->signal();
    if (!signalled.ok()) return signalled.status();
    value = *signalled;
  }
  SL_HAL_RETURN_IF_ERROR(ctx_->waitFor(value, std::chrono::nanoseconds::max()));
  std::lock_guard<std::mutex> lock(mutex_);
  reclaimCompleted();
  return hal::okStatus();
}

}  // namespace sl::d3d12
