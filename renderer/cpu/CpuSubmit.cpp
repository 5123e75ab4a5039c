// Executing a submission on the CPU device: transfers on host memory, and each dispatch through
// interp::dispatch with a resolver that presents the dispatch's bindings, constants and heaps at
// the (set, binding) the executable's layout gives them (docs/hal.md, "CPU backend").
#include <algorithm>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>

#include "interp/Dispatch.h"
#include "interp/Image.h"
#include "renderer/cpu/CpuObjects.h"

namespace sl::cpu {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }

hal::Result<CpuBuffer*> cpuBuffer(hal::Buffer* buffer, const std::string& what) {
  if (buffer->backend() != hal::Backend::Cpu)
    return hal::makeError(hal::ErrorCode::InvalidArgument, what + ": buffer '" + buffer->label() + "' belongs to another backend");
  return static_cast<CpuBuffer*>(buffer);
}

interp::TexelFormat texelFormat(hal::Format f) {
  using K = interp::TexelFormat::Kind;
  interp::TexelFormat t;
  t.channels = f.channels;
  switch (f.scalar) {
    case hal::ScalarType::UNorm8: t.kind = K::UNorm, t.bits = 8; break;
    case hal::ScalarType::SNorm8: t.kind = K::SNorm, t.bits = 8; break;
    case hal::ScalarType::UInt8: t.kind = K::UInt, t.bits = 8; break;
    case hal::ScalarType::SInt8: t.kind = K::SInt, t.bits = 8; break;
    case hal::ScalarType::UNorm16: t.kind = K::UNorm, t.bits = 16; break;
    case hal::ScalarType::SNorm16: t.kind = K::SNorm, t.bits = 16; break;
    case hal::ScalarType::UInt16: t.kind = K::UInt, t.bits = 16; break;
    case hal::ScalarType::SInt16: t.kind = K::SInt, t.bits = 16; break;
    case hal::ScalarType::Float16: t.kind = K::Float, t.bits = 16; break;
    case hal::ScalarType::UInt32: t.kind = K::UInt, t.bits = 32; break;
    case hal::ScalarType::SInt32: t.kind = K::SInt, t.bits = 32; break;
    case hal::ScalarType::Float32: t.kind = K::Float, t.bits = 32; break;
    case hal::ScalarType::UInt64: t.kind = K::UInt, t.bits = 64; break;
    case hal::ScalarType::SInt64: t.kind = K::SInt, t.bits = 64; break;
    case hal::ScalarType::Float64: t.kind = K::Float, t.bits = 64; break;
    case hal::ScalarType::Depth32Float: t.kind = K::Float, t.bits = 32, t.depth = true; break;
    default: t.kind = K::Unknown; break;
  }
  return t;
}

interp::SamplerResource samplerResource(const hal::SamplerDesc& d) {
  using S = interp::SamplerResource;
  auto filter = [](hal::Filter f) { return f == hal::Filter::Nearest ? S::Filter::Nearest : S::Filter::Linear; };
  auto address = [](hal::AddressMode m) {
    switch (m) {
      case hal::AddressMode::Repeat: return S::Address::Repeat;
      case hal::AddressMode::MirroredRepeat: return S::Address::MirroredRepeat;
      case hal::AddressMode::ClampToEdge: return S::Address::ClampToEdge;
      case hal::AddressMode::ClampToBorder: return S::Address::ClampToBorder;
      default: return S::Address::MirrorClampToEdge;
    }
  };
  S s;
  s.minFilter = filter(d.minFilter);
  s.magFilter = filter(d.magFilter);
  s.mipFilter = filter(d.mipFilter);
  s.addressU = address(d.addressU);
  s.addressV = address(d.addressV);
  s.addressW = address(d.addressW);
  s.compareEnable = d.compareEnable;
  s.compare = S::Compare(uint8_t(d.compareOp));
  s.mipLodBias = d.mipLodBias;
  s.minLod = d.minLod;
  s.maxLod = std::min(d.maxLod, 1000.0f);
  s.border = S::Border(uint8_t(d.borderColor));
  s.label = d.label;
  return s;
}

// The dispatch's resources by (set, binding): the layout's bindings, the constants buffer, the
// heaps (portable arrays or mutable groups) and the heap status block. Shared by the worker
// threads of the dispatch: image and sampler descriptions are made on first use under a lock.
class DispatchResources final : public interp::ResourceResolver, public interp::WriteObserver {
 public:
  DispatchResources(const hal::DispatchCommand& d, hal::BindingTable table, std::span<const uint8_t> constants, std::string at)
      : d_(d), table_(table), constants_(constants.begin(), constants.end()), at_(std::move(at)) {
    const hal::ExecutableLayout& layout = d.executable->layout();
    uint32_t element = 0;
    for (size_t i = 0; i < layout.bindings.size(); ++i) {
      entries_[{layout.bindings[i].set, layout.bindings[i].binding}] = {Entry::Kind::Binding, uint32_t(i), element};
      element += layout.bindings[i].arrayCount;
    }
    if (layout.constantsBuffer) entries_[{layout.constantsBuffer->set, layout.constantsBuffer->binding}] = {Entry::Kind::Constants, 0, 0};
    for (size_t i = 0; i < layout.heapBindings.size(); ++i)
      entries_[{layout.heapBindings[i].set, layout.heapBindings[i].binding}] = {Entry::Kind::HeapArray, uint32_t(i), 0};
    for (size_t i = 0; i < layout.heapGroups.size(); ++i)
      entries_[{layout.heapGroups[i].set, layout.heapGroups[i].binding}] = {Entry::Kind::HeapGroup, uint32_t(i), 0};
    if (layout.heapStatus) {
      entries_[{layout.heapStatus->set, layout.heapStatus->binding}] = {Entry::Kind::HeapStatus, 0, 0};
      status_[0] = d.resourceHeap ? d.resourceHeap->capacity() : 0;
      status_[1] = d.samplerHeap ? d.samplerHeap->capacity() : 0;
    }
  }

  // A problem found while resolving (reported after the dispatch).
  const std::string& problem() const { return problem_; }

  // Recording writers: each write is charged to the buffer that holds the address.
  void recordWritersFor(uint32_t module) { writerModule_ = module; }
  void wrote(const uint8_t* address, uint64_t bytes, const interp::WriteRecord& record) override {
    CpuBuffer* buffer = nullptr;
    {
      std::lock_guard<std::mutex> lock(regionsMutex_);
      for (CpuBuffer* b : regions_)
        if (address >= b->data() && address < b->data() + b->size()) buffer = b;
    }
    if (buffer) buffer->recordWrite(uint64_t(address - buffer->data()), bytes, record, writerModule_);
  }
  const uint32_t* heapStatus() const { return status_; }

  bool buffer(uint32_t set, uint32_t binding, uint32_t index, interp::BufferResource& out) override {
    auto it = entries_.find({set, binding});
    if (it == entries_.end()) return false;
    const Entry& e = it->second;
    const hal::ExecutableLayout& layout = d_.executable->layout();
    switch (e.kind) {
      case Entry::Kind::Binding: {
        const hal::BindingLayout& bl = layout.bindings[e.index];
        if (index >= bl.arrayCount || !hal::bindingTakesBuffer(bl.kind)) return false;
        return bufferRange(d_.bindings[e.firstElement + index].buffer, "binding " + str(e.index), !bl.readOnly && bl.kind != hal::BindingKind::UniformBuffer, out);
      }
      case Entry::Kind::Constants:
        out.data = constants_.data();
        out.size = constants_.size();
        out.writable = false;
        out.label = "constants";
        return true;
      case Entry::Kind::HeapStatus:
        out.data = reinterpret_cast<uint8_t*>(status_);
        out.size = sizeof status_;
        out.label = "heap status";
        return true;
      case Entry::Kind::HeapArray: {
        const hal::HeapBindingLayout& hb = layout.heapBindings[e.index];
        if (index + 1 >= hb.arrayCount) return false;  // the trap element stays null
        const hal::HeapDescriptor* slot = heapSlot(hb.source, index);
        if (!slot) return false;
        if (hb.source == hal::HeapSource::Counter) return counterRange(*slot, out);
        const bool uniform = hb.kind == hal::BindingKind::UniformBuffer;
        if (uniform != (slot->kind == hal::ViewKind::ConstantBuffer) || !hal::isBufferView(slot->kind)) return false;
        return viewRange(*slot, out);
      }
      case Entry::Kind::HeapGroup: {
        const hal::HeapGroupLayout& g = layout.heapGroups[e.index];
        const hal::HeapDescriptor* slot = heapSlot(g.source, index);
        if (!slot) return false;
        if (g.source == hal::HeapSource::Counter) return counterRange(*slot, out);
        if (!hal::isBufferView(slot->kind)) return false;
        return viewRange(*slot, out);
      }
    }
    return false;
  }

  const interp::ImageResource* image(uint32_t set, uint32_t binding, uint32_t index) override {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto key = std::make_tuple(set, binding, index);
    if (auto it = images_.find(key); it != images_.end()) return it->second.get();
    std::unique_ptr<interp::ImageResource> image = makeImage(set, binding, index);
    const interp::ImageResource* result = image.get();
    images_[key] = std::move(image);
    return result;
  }

  const interp::SamplerResource* sampler(uint32_t set, uint32_t binding, uint32_t index) override {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto key = std::make_tuple(set, binding, index);
    if (auto it = samplers_.find(key); it != samplers_.end()) return it->second.get();
    std::unique_ptr<interp::SamplerResource> s;
    if (const hal::Sampler* found = findSampler(set, binding, index)) s = std::make_unique<interp::SamplerResource>(samplerResource(found->desc()));
    const interp::SamplerResource* result = s.get();
    samplers_[key] = std::move(s);
    return result;
  }

 private:
  struct Entry {
    enum class Kind { Binding, Constants, HeapArray, HeapGroup, HeapStatus };
    Kind kind = Kind::Binding;
    uint32_t index = 0;         // into the layout's bindings / heapBindings / heapGroups
    uint32_t firstElement = 0;  // Binding: its first dispatch binding element
  };

  const hal::HeapDescriptor* heapSlot(hal::HeapSource source, uint32_t index) const {
    const hal::DescriptorHeap* heap = source == hal::HeapSource::Sampler ? d_.samplerHeap : d_.resourceHeap;
    if (!heap || index >= heap->capacity()) return nullptr;
    const hal::HeapDescriptor& slot = heap->slot(index);
    return slot.kind == hal::ViewKind::Empty ? nullptr : &slot;
  }

  bool bufferRange(const hal::BufferRef& ref, const std::string& what, bool writable, interp::BufferResource& out) {
    auto range = hal::resolveBufferRef(ref, table_, at_ + " " + what);
    if (!range.ok()) return note(range.status().message());
    auto buffer = cpuBuffer(range->buffer, at_ + " " + what);
    if (!buffer.ok()) return note(buffer.status().message());
    out.data = (*buffer)->data() + range->offset;
    out.size = range->length;
    out.writable = writable;
    out.label = (*buffer)->label();
    noteRegion(*buffer);
    return true;
  }
  void noteRegion(CpuBuffer* buffer) {
    std::lock_guard<std::mutex> lock(regionsMutex_);
    if (std::find(regions_.begin(), regions_.end(), buffer) == regions_.end()) regions_.push_back(buffer);
  }
  bool viewRange(const hal::HeapDescriptor& slot, interp::BufferResource& out) {
    if (!slot.buffer || slot.buffer->backend() != hal::Backend::Cpu) return note(at_ + ": a heap slot's buffer belongs to another backend");
    auto* buffer = static_cast<CpuBuffer*>(slot.buffer.get());
    const uint64_t length = slot.length == hal::kWholeSize ? buffer->size() - std::min(slot.offset, buffer->size()) : slot.length;
    out.data = buffer->data() + slot.offset;
    out.size = length;
    out.writable = hal::isWritableView(slot.kind);
    out.label = buffer->label();
    noteRegion(buffer);
    return true;
  }
  bool counterRange(const hal::HeapDescriptor& slot, interp::BufferResource& out) {
    if (!slot.counter || slot.counter->backend() != hal::Backend::Cpu) return false;
    auto* buffer = static_cast<CpuBuffer*>(slot.counter.get());
    if (slot.counterOffset + 4 > buffer->size()) return false;
    out.data = buffer->data() + slot.counterOffset;
    out.size = 4;
    out.label = buffer->label() + " (counter)";
    noteRegion(buffer);
    return true;
  }
  bool note(const std::string& message) {
    std::lock_guard<std::mutex> lock(problemMutex_);
    if (problem_.empty()) problem_ = message;
    return false;
  }

  std::unique_ptr<interp::ImageResource> textureImage(const std::shared_ptr<hal::Texture>& texture, uint32_t baseMip, uint32_t mipCount, bool storage) {
    if (!texture || texture->backend() != hal::Backend::Cpu) return nullptr;
    auto* t = static_cast<CpuTexture*>(texture.get());
    const hal::TextureDesc& desc = t->desc();
    if (baseMip >= desc.mipLevels) return nullptr;
    auto image = std::make_unique<interp::ImageResource>();
    image->dim = interp::ImageResource::Dim::D2;
    image->format = texelFormat(desc.format);
    image->width = std::max(1u, desc.width >> baseMip);
    image->height = std::max(1u, desc.height >> baseMip);
    image->mipLevels = storage ? 1 : std::min(mipCount, desc.mipLevels - baseMip);
    const uint64_t offset = hal::packedMipOffset(desc, baseMip);
    image->data = t->data() + offset;
    image->size = t->size() - offset;
    image->writable = storage;
    image->label = desc.label;
    return image;
  }
  std::unique_ptr<interp::ImageResource> texelBufferImage(const hal::BufferRef& ref, hal::Format format, bool writable, const std::string& what) {
    interp::BufferResource range;
    if (!bufferRange(ref, what, writable, range)) return nullptr;
    return texelImage(range, format, writable);
  }
  std::unique_ptr<interp::ImageResource> texelImage(const interp::BufferResource& range, hal::Format format, bool writable) {
    const uint32_t element = hal::formatSize(format);
    if (!element) return nullptr;
    auto image = std::make_unique<interp::ImageResource>();
    image->dim = interp::ImageResource::Dim::Buffer;
    image->format = texelFormat(format);
    image->width = uint32_t(std::min<uint64_t>(range.size / element, UINT32_MAX));
    image->data = range.data;
    image->size = range.size;
    image->writable = writable;
    image->label = range.label;
    return image;
  }

  std::unique_ptr<interp::ImageResource> makeImage(uint32_t set, uint32_t binding, uint32_t index) {
    auto it = entries_.find({set, binding});
    if (it == entries_.end()) return nullptr;
    const Entry& e = it->second;
    const hal::ExecutableLayout& layout = d_.executable->layout();
    auto fromSlot = [&](const hal::HeapDescriptor& slot, hal::Format expected) -> std::unique_ptr<interp::ImageResource> {
      switch (slot.kind) {
        case hal::ViewKind::Texture: return textureImage(slot.texture, slot.baseMip, slot.mipCount, false);
        case hal::ViewKind::RWTexture: return textureImage(slot.texture, slot.baseMip, 1, true);
        case hal::ViewKind::TypedBuffer:
        case hal::ViewKind::RWTypedBuffer: {
          interp::BufferResource range;
          if (!viewRange(slot, range)) return nullptr;
          return texelImage(range, slot.format.valid() ? slot.format : expected, slot.kind == hal::ViewKind::RWTypedBuffer);
        }
        default: return nullptr;
      }
    };
    switch (e.kind) {
      case Entry::Kind::Binding: {
        const hal::BindingLayout& bl = layout.bindings[e.index];
        if (index >= bl.arrayCount) return nullptr;
        const hal::Binding& b = d_.bindings[e.firstElement + index];
        if (bl.kind == hal::BindingKind::UniformTexelBuffer || bl.kind == hal::BindingKind::StorageTexelBuffer)
          return texelBufferImage(b.buffer, bl.format, bl.kind == hal::BindingKind::StorageTexelBuffer, "binding " + str(e.index));
        if (!hal::bindingTakesTexture(bl.kind)) return nullptr;
        return textureImage(b.texture, b.mipLevel, ~0u, bl.kind == hal::BindingKind::StorageImage);
      }
      case Entry::Kind::HeapArray: {
        const hal::HeapBindingLayout& hb = layout.heapBindings[e.index];
        if (index + 1 >= hb.arrayCount) return nullptr;
        const hal::HeapDescriptor* slot = heapSlot(hb.source, index);
        if (!slot) return nullptr;
        // The portable form's per-kind arrays hold only views of their kind.
        const bool storage = hb.kind == hal::BindingKind::StorageImage || hb.kind == hal::BindingKind::StorageTexelBuffer;
        const bool texel = hb.kind == hal::BindingKind::UniformTexelBuffer || hb.kind == hal::BindingKind::StorageTexelBuffer;
        const bool slotTexel = slot->kind == hal::ViewKind::TypedBuffer || slot->kind == hal::ViewKind::RWTypedBuffer;
        if (texel != slotTexel || storage != hal::isWritableView(slot->kind)) return nullptr;
        return fromSlot(*slot, hb.format);
      }
      case Entry::Kind::HeapGroup: {
        const hal::HeapDescriptor* slot = heapSlot(layout.heapGroups[e.index].source, index);
        return slot ? fromSlot(*slot, {}) : nullptr;
      }
      default:
        return nullptr;
    }
  }

  const hal::Sampler* findSampler(uint32_t set, uint32_t binding, uint32_t index) {
    auto it = entries_.find({set, binding});
    if (it == entries_.end()) return nullptr;
    const Entry& e = it->second;
    const hal::ExecutableLayout& layout = d_.executable->layout();
    switch (e.kind) {
      case Entry::Kind::Binding: {
        const hal::BindingLayout& bl = layout.bindings[e.index];
        if (index >= bl.arrayCount || !hal::bindingTakesSampler(bl.kind)) return nullptr;
        return d_.bindings[e.firstElement + index].sampler.get();
      }
      case Entry::Kind::HeapArray:
      case Entry::Kind::HeapGroup: {
        const hal::HeapSource source = e.kind == Entry::Kind::HeapArray ? layout.heapBindings[e.index].source : layout.heapGroups[e.index].source;
        if (source != hal::HeapSource::Sampler) return nullptr;
        if (e.kind == Entry::Kind::HeapArray && index + 1 >= layout.heapBindings[e.index].arrayCount) return nullptr;
        const hal::HeapDescriptor* slot = heapSlot(source, index);
        return slot && slot->kind == hal::ViewKind::Sampler ? slot->sampler.get() : nullptr;
      }
      default:
        return nullptr;
    }
  }

  const hal::DispatchCommand& d_;
  hal::BindingTable table_;
  std::vector<uint8_t> constants_;
  std::string at_;
  std::map<std::pair<uint32_t, uint32_t>, Entry> entries_;
  uint32_t status_[4] = {0, 0, 0, 0};
  std::mutex mutex_, problemMutex_;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::unique_ptr<interp::ImageResource>> images_;
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, std::unique_ptr<interp::SamplerResource>> samplers_;
  std::string problem_;
  std::mutex regionsMutex_;
  std::vector<CpuBuffer*> regions_;
  uint32_t writerModule_ = ~0u;
};

hal::Status dispatch(CpuDevice& device, const hal::DispatchCommand& d, hal::BindingTable table, size_t index) {
  const std::string at = "command " + str(index) + " (dispatch of '" + d.executable->label() + "')";
  if (d.executable->backend() != hal::Backend::Cpu)
    return hal::makeError(hal::ErrorCode::InvalidArgument, at + ": the executable belongs to another backend");
  const auto& exe = static_cast<const CpuExecutable&>(*d.executable);
  const hal::ExecutableLayout& layout = exe.layout();
  if ((layout.heapUsage & hal::kHeapResource) && !d.resourceHeap)
    return hal::makeError(hal::ErrorCode::FailedPrecondition, at + ": the shader uses ResourceDescriptorHeap but no resource heap is set");
  if ((layout.heapUsage & hal::kHeapSampler) && !d.samplerHeap)
    return hal::makeError(hal::ErrorCode::FailedPrecondition, at + ": the shader uses SamplerDescriptorHeap but no sampler heap is set");
  hal::WorkgroupCount groups = d.workgroups;
  if (d.indirectWorkgroups) {
    auto ref = hal::resolveBufferRef(*d.indirectWorkgroups, table, at + " workgroup count");
    if (!ref.ok()) return ref.status();
    auto buffer = cpuBuffer(ref->buffer, at);
    if (!buffer.ok()) return buffer.status();
    if (ref->length < 12) return hal::makeError(hal::ErrorCode::OutOfRange, at + ": the indirect workgroup count needs 12 bytes");
    uint32_t counts[3];
    std::memcpy(counts, (*buffer)->data() + ref->offset, 12);
    groups = {counts[0], counts[1], counts[2]};
  }
  const hal::DeviceLimits& limits = device.info().limits;
  const uint32_t counts[3] = {groups.x, groups.y, groups.z};
  for (int i = 0; i < 3; ++i)
    if (counts[i] > limits.maxWorkgroupCount[i])
      return hal::makeError(hal::ErrorCode::OutOfRange, at + ": " + str(counts[i]) + " workgroups in dimension " + str(i) + " exceed " +
                                                            str(limits.maxWorkgroupCount[i]));
  const std::span<const uint8_t> constantBytes(reinterpret_cast<const uint8_t*>(d.constants.data()), d.constants.size() * 4);
  DispatchResources resources(d, table, constantBytes, at);
  interp::DispatchDesc desc;
  desc.module = exe.module();
  desc.entryPoint = exe.moduleEntryPoint(d.entryPoint);
  desc.workgroups = {groups.x, groups.y, groups.z};
  if (!layout.constantsBuffer) desc.pushConstants = constantBytes;
  desc.resources = &resources;
  const CpuDeviceSettings& settings = device.settings();
  desc.options.subgroupSize = settings.subgroupSize;
  desc.options.threads = settings.threads;
  desc.options.flushFp32Denormals = settings.flushFp32Denormals;
  desc.options.stepLimit = settings.stepLimit;
  desc.options.cancel = &device.cancelled();
  desc.options.cancelAlso = settings.cancel;
  desc.trace = settings.trace;
  desc.options.maxPrintfMessages = uint32_t(CpuDevice::kMaxPrints);
  if (settings.recordWriters) {
    resources.recordWritersFor(device.moduleSlot(exe.module()));
    desc.writes = &resources;
  }
  const interp::DispatchResult result = interp::dispatch(desc);
  for (const interp::Diagnostic& diagnostic : result.diagnostics) {
    hal::ValidationMessage m;
    m.severity = diagnostic.severity == interp::Diagnostic::Severity::Error ? hal::ValidationMessage::Severity::Error
                                                                             : hal::ValidationMessage::Severity::Warning;
    m.id = "cpu-device";
    m.message = at + ": " + diagnostic.text();
    device.addMessage(std::move(m));
  }
  device.addPrints(result.printfs, result.droppedPrintfs);
  if (!result.ok) return hal::makeError(hal::ErrorCode::DeviceError, at + ": " + result.error());
  if (!resources.problem().empty()) return hal::makeError(hal::ErrorCode::InvalidArgument, resources.problem());
  if (layout.heapStatus) {
    const uint32_t* status = resources.heapStatus();
    if (status[2])
      return hal::makeError(hal::ErrorCode::OutOfRange, at + ": the shader indexed ResourceDescriptorHeap[" + str(status[2] - 1) +
                                                            "], past the heap's " + str(status[0]) + " slots or the shader's heap array for that descriptor type");
    if (status[3])
      return hal::makeError(hal::ErrorCode::OutOfRange, at + ": the shader indexed SamplerDescriptorHeap[" + str(status[3] - 1) +
                                                            "], past the heap's " + str(status[1]) + " slots");
  }
  return hal::okStatus();
}

hal::Status copy(const hal::CopyBufferCommand& c, hal::BindingTable table, size_t index) {
  const std::string at = "command " + str(index) + " (copy)";
  auto src = hal::resolveBufferRef(c.src, table, at + " source");
  if (!src.ok()) return src.status();
  auto dst = hal::resolveBufferRef(c.dst, table, at + " destination");
  if (!dst.ok()) return dst.status();
  if (c.size > src->length || c.size > dst->length)
    return hal::makeError(hal::ErrorCode::OutOfRange, at + ": " + str(c.size) + " bytes exceed the source or destination range");
  auto from = cpuBuffer(src->buffer, at);
  auto to = cpuBuffer(dst->buffer, at);
  if (!from.ok()) return from.status();
  if (!to.ok()) return to.status();
  std::memmove((*to)->data() + dst->offset, (*from)->data() + src->offset, c.size);
  return hal::okStatus();
}

}  // namespace

hal::Status validateCommands(const hal::CommandList& commands, hal::BindingTable table, const hal::DeviceLimits& limits) {
  return commands.forEach([&](const hal::Command& command, size_t index) -> hal::Status {
    const auto* d = std::get_if<hal::DispatchCommand>(&command);
    if (!d) return hal::okStatus();
    for (uint32_t k = 0; k <= d->repeatCount; ++k) {
      const hal::WorkgroupCount g = k == 0 ? d->workgroups : d->repeat(k - 1).workgroups;
      const uint32_t counts[3] = {g.x, g.y, g.z};
      for (int i = 0; i < 3; ++i)
        if (!d->indirectWorkgroups && counts[i] > limits.maxWorkgroupCount[i])
          return hal::makeError(hal::ErrorCode::OutOfRange, "command " + str(index + k) + " (dispatch of '" + d->executable->label() + "'): " +
                                                                str(counts[i]) + " workgroups in dimension " + str(i) + " exceed " +
                                                                str(limits.maxWorkgroupCount[i]));
    }
    const hal::ExecutableLayout& layout = d->executable->layout();
    uint32_t e = 0;
    for (size_t i = 0; i < layout.bindings.size(); ++i) {
      const hal::BindingLayout& bl = layout.bindings[i];
      for (uint32_t a = 0; a < bl.arrayCount; ++a, ++e) {
        if (!hal::bindingTakesBuffer(bl.kind) || e >= d->bindings.size()) continue;
        const std::string what = "command " + str(index) + " (dispatch of '" + d->executable->label() + "') binding " + str(i) +
                                 (bl.arrayCount > 1 ? "[" + str(a) + "]" : "");
        auto range = hal::resolveBufferRef(d->bindings[e].buffer, table, what);
        if (!range.ok()) return range.status();
        // The alignments the device reports are enforced, as a GPU's validation would.
        uint64_t alignment = limits.minStorageBufferOffsetAlignment;
        if (bl.kind == hal::BindingKind::UniformBuffer) alignment = limits.minUniformBufferOffsetAlignment;
        if (bl.kind == hal::BindingKind::UniformTexelBuffer || bl.kind == hal::BindingKind::StorageTexelBuffer)
          alignment = std::max<uint64_t>(limits.minTexelBufferOffsetAlignment, hal::formatSize(bl.format));
        if (alignment > 1 && range->offset % alignment)
          return hal::makeError(hal::ErrorCode::InvalidArgument,
                                what + ": offset " + str(range->offset) + " is not a multiple of " + str(alignment) +
                                    " (the device's offset alignment)");
        if (bl.kind == hal::BindingKind::UniformBuffer && range->length > limits.maxUniformBufferRange)
          return hal::makeError(hal::ErrorCode::OutOfRange, what + ": uniform range of " + str(range->length) + " bytes exceeds " +
                                                                str(limits.maxUniformBufferRange));
      }
    }
    return hal::okStatus();
  });
}

hal::Status executeCommands(CpuDevice& device, const hal::CommandList& commands, hal::BindingTable table) {
  using Clock = std::chrono::steady_clock;
  return commands.forEach([&](const hal::Command& command, size_t index) -> hal::Status {
    if (const auto* d = std::get_if<hal::DispatchCommand>(&command)) {
      SL_HAL_RETURN_IF_ERROR(dispatch(device, *d, table, index));
      for (uint32_t k = 0; k < d->repeatCount; ++k) SL_HAL_RETURN_IF_ERROR(dispatch(device, d->repeat(k), table, index + k + 1));
      return hal::okStatus();
    }
    if (std::holds_alternative<hal::BarrierCommand>(command)) return hal::okStatus();  // commands run in order on one queue
    if (const auto* c = std::get_if<hal::CopyBufferCommand>(&command)) return copy(*c, table, index);
    if (const auto* f = std::get_if<hal::FillBufferCommand>(&command)) {
      auto dst = hal::resolveBufferRef(f->dst, table, "command " + str(index) + " (fill)");
      if (!dst.ok()) return dst.status();
      return dst->buffer->fill(dst->offset, dst->length & ~uint64_t(3), f->pattern);
    }
    if (const auto* u = std::get_if<hal::UpdateBufferCommand>(&command)) {
      auto dst = hal::resolveBufferRef(u->dst, table, "command " + str(index) + " (update)");
      if (!dst.ok()) return dst.status();
      if (u->data.size() > dst->length) return hal::makeError(hal::ErrorCode::OutOfRange, "command " + str(index) + " (update): data exceeds the range");
      return dst->buffer->upload(dst->offset, u->data);
    }
    if (const auto* t = std::get_if<hal::TimestampCommand>(&command)) {
      if (t->pool->backend() != hal::Backend::Cpu)
        return hal::makeError(hal::ErrorCode::InvalidArgument, "command " + str(index) + ": timestamp pool of another backend");
      const uint64_t ns = uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count());
      static_cast<CpuTimestampPool&>(*t->pool).write(t->query, ns);
      return hal::okStatus();
    }
    return hal::okStatus();
  });
}

}  // namespace sl::cpu
