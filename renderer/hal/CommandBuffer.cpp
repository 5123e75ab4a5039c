#include "renderer/hal/CommandBuffer.h"

#include <algorithm>
#include <string>

namespace sl::hal {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }

// Usage bit a buffer needs to serve a binding of this kind.
uint32_t usageFor(BindingKind kind) {
  switch (kind) {
    case BindingKind::StorageBuffer: return kBufferStorage;
    case BindingKind::UniformBuffer: return kBufferUniform;
    case BindingKind::UniformTexelBuffer: return kBufferUniformTexel;
    case BindingKind::StorageTexelBuffer: return kBufferStorageTexel;
    default: return 0;
  }
}

const char* usageName(uint32_t usage) {
  switch (usage) {
    case kBufferTransferSrc: return "transfer-src";
    case kBufferTransferDst: return "transfer-dst";
    case kBufferStorage: return "storage";
    case kBufferUniform: return "uniform";
    case kBufferUniformTexel: return "uniform-texel";
    case kBufferStorageTexel: return "storage-texel";
    case kBufferIndirect: return "indirect";
  }
  return "?";
}

// Where a buffer ref is used; its name for messages is built only on failure.
struct RefSite {
  enum class Use : uint8_t { Binding, WorkgroupCount, CopySource, CopyDestination, FillDestination, UpdateDestination };
  size_t command = 0;
  Use use = Use::Binding;
  uint32_t binding = 0, element = 0, arrayCount = 1;  // Use::Binding
};

std::string describe(const RefSite& site) {
  const std::string at = "command " + str(site.command);
  switch (site.use) {
    case RefSite::Use::Binding:
      return at + " (dispatch) binding " + str(site.binding) + (site.arrayCount > 1 ? "[" + str(site.element) + "]" : "");
    case RefSite::Use::WorkgroupCount: return at + " (dispatch) workgroup count";
    case RefSite::Use::CopySource: return at + " (copy) source";
    case RefSite::Use::CopyDestination: return at + " (copy) destination";
    case RefSite::Use::FillDestination: return at + " (fill) destination";
    case RefSite::Use::UpdateDestination: return at + " (update) destination";
  }
  return at;
}

Status checkUsage(const Buffer& buffer, uint32_t usage, LazyMessage what) {
  if (usage && !(buffer.usage() & usage))
    return makeError(ErrorCode::InvalidArgument,
                     what() + ": buffer " + bufferName(buffer) + " was not created with " + usageName(usage) + " usage");
  return okStatus();
}

// Calls visit(ref, usage, site) for every buffer ref of a command, with the usage it requires.
template <class Visit>
Status visitRefs(const Command& command, size_t index, const Visit& visit) {
  using Use = RefSite::Use;
  if (const auto* d = std::get_if<DispatchCommand>(&command)) {
    const ExecutableLayout& layout = d->executable->layout();
    size_t element = 0;
    for (size_t i = 0; i < layout.bindings.size(); ++i) {
      const BindingLayout& bl = layout.bindings[i];
      for (uint32_t a = 0; a < bl.arrayCount; ++a, ++element) {
        const Binding& b = d->bindings[element];
        if (b.kind != Binding::Kind::Buffer) continue;
        SL_HAL_RETURN_IF_ERROR(visit(b.buffer, usageFor(bl.kind), RefSite{index, Use::Binding, uint32_t(i), a, bl.arrayCount}));
      }
    }
    if (d->indirectWorkgroups)
      SL_HAL_RETURN_IF_ERROR(visit(*d->indirectWorkgroups, kBufferIndirect, RefSite{index, Use::WorkgroupCount}));
  } else if (const auto* c = std::get_if<CopyBufferCommand>(&command)) {
    SL_HAL_RETURN_IF_ERROR(visit(c->src, kBufferTransferSrc, RefSite{index, Use::CopySource}));
    SL_HAL_RETURN_IF_ERROR(visit(c->dst, kBufferTransferDst, RefSite{index, Use::CopyDestination}));
  } else if (const auto* f = std::get_if<FillBufferCommand>(&command)) {
    SL_HAL_RETURN_IF_ERROR(visit(f->dst, kBufferTransferDst, RefSite{index, Use::FillDestination}));
  } else if (const auto* u = std::get_if<UpdateBufferCommand>(&command)) {
    SL_HAL_RETURN_IF_ERROR(visit(u->dst, kBufferTransferDst, RefSite{index, Use::UpdateDestination}));
  }
  return okStatus();
}

// Whether a direct dispatch whose buffer refs are all direct passes checkCommand: usage bits and
// in-bounds, non-empty ranges (the rules resolveBufferRef applies to direct refs). Inline and
// without messages: the first dispatch of most command buffers is checked here; false sends it
// through checkCommand, which checks everything else and words the errors.
bool directBufferRefsOk(const DispatchCommand& d) {
  if (d.indirectWorkgroups) return false;
  const ExecutableLayout& layout = d.executable->layout();
  size_t element = 0;
  for (const BindingLayout& bl : layout.bindings) {
    const uint32_t usage = usageFor(bl.kind);
    for (uint32_t a = 0; a < bl.arrayCount; ++a, ++element) {
      const Binding& b = d.bindings[element];
      if (b.kind != Binding::Kind::Buffer) continue;
      const BufferRef& ref = b.buffer;
      const Buffer* buffer = ref.buffer.get();
      if (!buffer || (usage && !(buffer->usage() & usage))) return false;
      const uint64_t size = buffer->size();
      if (ref.offset >= size) return false;  // past the end, or an empty range at the end
      if (ref.length != kWholeSize && (ref.length == 0 || ref.length > size - ref.offset)) return false;
    }
  }
  return true;
}

// Extra range rules of each command once its refs are resolved.
Status checkResolvedCommand(const Command& command, size_t index, BindingTable table) {
  using Use = RefSite::Use;
  auto at = [index] { return "command " + str(index); };
  auto name = [index](Use use) { return [index, use] { return describe(RefSite{index, use}); }; };
  if (const auto* c = std::get_if<CopyBufferCommand>(&command)) {
    auto src = resolveBufferRef(c->src, table, name(Use::CopySource));
    if (!src.ok()) return src.status();
    auto dst = resolveBufferRef(c->dst, table, name(Use::CopyDestination));
    if (!dst.ok()) return dst.status();
    if (c->size > src->length || c->size > dst->length)
      return makeError(ErrorCode::OutOfRange, at() + " (copy): " + str(c->size) + " bytes do not fit the source (" +
                                                  str(src->length) + " bytes) or destination (" + str(dst->length) + " bytes)");
  } else if (const auto* f = std::get_if<FillBufferCommand>(&command)) {
    auto dst = resolveBufferRef(f->dst, table, name(Use::FillDestination));
    if (!dst.ok()) return dst.status();
    if (dst->offset % 4 != 0) return makeError(ErrorCode::InvalidArgument, at() + " (fill): offset " + str(dst->offset) + " is not a multiple of 4");
    if (f->dst.length != kWholeSize && dst->length % 4 != 0)
      return makeError(ErrorCode::InvalidArgument, at() + " (fill): length " + str(dst->length) + " is not a multiple of 4");
    if (dst->length < 4) return makeError(ErrorCode::InvalidArgument, at() + " (fill): less than 4 bytes to fill");
  } else if (const auto* u = std::get_if<UpdateBufferCommand>(&command)) {
    auto dst = resolveBufferRef(u->dst, table, name(Use::UpdateDestination));
    if (!dst.ok()) return dst.status();
    if (dst->offset % 4 != 0) return makeError(ErrorCode::InvalidArgument, at() + " (update): offset " + str(dst->offset) + " is not a multiple of 4");
    if (u->data.size() > dst->length)
      return makeError(ErrorCode::OutOfRange, at() + " (update): " + str(u->data.size()) + " bytes do not fit " + str(dst->length));
  } else if (const auto* d = std::get_if<DispatchCommand>(&command)) {
    if (d->indirectWorkgroups) {
      auto ref = resolveBufferRef(*d->indirectWorkgroups, table, name(Use::WorkgroupCount));
      if (!ref.ok()) return ref.status();
      if (ref->offset % 4 != 0 || ref->length < 12)
        return makeError(ErrorCode::InvalidArgument, at() + " (dispatch) workgroup count: needs 12 bytes at an offset that is a multiple of 4");
    }
  }
  return okStatus();
}

}  // namespace

CommandBuffer::CommandBuffer(CommandBufferDesc desc) : desc_(std::move(desc)) {}
CommandBuffer::~CommandBuffer() = default;

Status CommandBuffer::checkRecording() const {
  if (finished_)
    return makeError(ErrorCode::FailedPrecondition, "command buffer '" + desc_.label + "' is finished; no more recording");
  return okStatus();
}

Status CommandBuffer::checkCommand(const Command& command, size_t index) {
  uint32_t tableSize = requiredTableSize_;
  bool indirect = false;
  // Direct refs are checked now; indirect ones only for the slot range (the rest at submit).
  Status s = visitRefs(command, index, [&](const BufferRef& ref, uint32_t usage, const RefSite& site) -> Status {
    if (ref.isIndirect()) {
      if (ref.slot >= desc_.bindingCapacity)
        return makeError(ErrorCode::OutOfRange, describe(site) + ": binding table slot " + str(ref.slot) +
                                                    " is not below the command buffer's binding capacity " + str(desc_.bindingCapacity));
      indirect = true;
      tableSize = std::max(tableSize, ref.slot + 1);
      return okStatus();
    }
    auto what = [&site] { return describe(site); };
    SL_HAL_RETURN_IF_ERROR(checkUsage(*ref.buffer, usage, what));
    auto resolved = resolveBufferRef(ref, {}, what);
    return resolved.ok() ? okStatus() : resolved.status();
  });
  SL_HAL_RETURN_IF_ERROR(s);
  if (!indirect) {
    // Everything is direct: range rules can be checked now.
    SL_HAL_RETURN_IF_ERROR(checkResolvedCommand(command, index, {}));
  }
  usesIndirectRefs_ = usesIndirectRefs_ || indirect;
  requiredTableSize_ = tableSize;
  return okStatus();
}

Status CommandBuffer::recordCommand(Command command) {
  SL_HAL_RETURN_IF_ERROR(checkRecording());
  SL_HAL_RETURN_IF_ERROR(checkCommand(command, commands_->recordedCount()));
  commands_->push_back(std::move(command));
  return okStatus();
}

Status CommandBuffer::checkDispatchBindings(const Executable& exe, std::span<const Binding> bindings) const {
  // The common layout of buffers only: every binding must be a buffer ref (the loop below words
  // the error otherwise).
  if (exe.buffersOnly() &&
      std::all_of(bindings.begin(), bindings.end(), [](const Binding& b) { return b.kind == Binding::Kind::Buffer; }))
    return okStatus();
  const ExecutableLayout& layout = exe.layout();
  size_t element = 0;
  for (size_t i = 0; i < layout.bindings.size(); ++i) {
    const BindingLayout& bl = layout.bindings[i];
    for (uint32_t a = 0; a < bl.arrayCount; ++a, ++element) {
      const Binding& b = bindings[element];
      auto what = [&] {
        return "dispatch of '" + exe.label() + "': binding " + str(i) + (bl.arrayCount > 1 ? "[" + str(a) + "]" : "") + " (" +
               bindingKindName(bl.kind) + ", set " + str(bl.set) + " binding " + str(bl.binding) + ")";
      };
      Binding::Kind expected = Binding::Kind::Buffer;
      if (bl.kind == BindingKind::SampledImage || bl.kind == BindingKind::StorageImage) expected = Binding::Kind::Texture;
      if (bl.kind == BindingKind::Sampler) expected = Binding::Kind::Sampler;
      if (bl.kind == BindingKind::CombinedImageSampler) expected = Binding::Kind::TextureSampler;
      if (b.kind != expected) {
        static const char* kNames[] = {"a buffer ref", "a texture", "a sampler", "a texture and a sampler"};
        return makeError(ErrorCode::InvalidArgument, what() + ": needs " + kNames[int(expected)] + ", got " + kNames[int(b.kind)]);
      }
      if (expected == Binding::Kind::Texture || expected == Binding::Kind::TextureSampler) {
        if (!b.texture) return makeError(ErrorCode::InvalidArgument, what() + ": no texture");
        const TextureDesc& td = b.texture->desc();
        if (b.mipLevel >= td.mipLevels)
          return makeError(ErrorCode::OutOfRange, what() + ": mip " + str(b.mipLevel) + " of a texture with " + str(td.mipLevels) + " mips");
        const uint32_t needed = bl.kind == BindingKind::StorageImage ? kTextureStorage : kTextureSampled;
        if (!(td.usage & needed))
          return makeError(ErrorCode::InvalidArgument, what() + ": texture '" + td.label + "' lacks " +
                                                           (needed == kTextureStorage ? "storage" : "sampled") + " usage");
      }
      if ((expected == Binding::Kind::Sampler || expected == Binding::Kind::TextureSampler) && !b.sampler)
        return makeError(ErrorCode::InvalidArgument, what() + ": no sampler");
    }
  }
  return okStatus();
}

Status CommandBuffer::recordDispatch(const std::shared_ptr<Executable>& executable, uint32_t entryPoint,
                                     const WorkgroupCount* workgroups, const BufferRef* workgroupsRef,
                                     std::span<const uint32_t> constants, std::span<const Binding> bindings,
                                     const BindingList* bindingList) {
  if (finished_) return checkRecording();
  if (!executable) return makeError(ErrorCode::InvalidArgument, "dispatch: no executable");
  if (bindingList) bindings = bindingList->bindings();
  const Executable& exe = *executable;
  const ExecutableLayout& layout = exe.layout();
  auto at = [&exe] { return "dispatch of '" + exe.label() + "'"; };
  if (entryPoint >= layout.entryPoints.size())
    return makeError(ErrorCode::OutOfRange, at() + ": entry point " + str(entryPoint) + " of " + str(layout.entryPoints.size()));
  if (constants.size() != layout.constantCount)
    return makeError(ErrorCode::InvalidArgument, at() + ": " + str(constants.size()) + " constants given, the layout declares " +
                                                     str(layout.constantCount));
  if (bindings.size() != exe.bindingElementCount())
    return makeError(ErrorCode::InvalidArgument, at() + ": " + str(bindings.size()) + " bindings given, the layout declares " +
                                                     str(exe.bindingElementCount()));
  if (layout.heapUsage) {
    if ((layout.heapUsage & kHeapResource) && !resourceHeap_)
      return makeError(ErrorCode::FailedPrecondition, at() + ": the executable indexes ResourceDescriptorHeap but no resource heap is set");
    if ((layout.heapUsage & kHeapSampler) && !samplerHeap_)
      return makeError(ErrorCode::FailedPrecondition, at() + ": the executable indexes SamplerDescriptorHeap but no sampler heap is set");
  }

  // The common case of many dispatches with the same buffers: share the previous stored list and,
  // for the same executable, skip the checks it already passed (they depend on nothing else).
  const bool repeated = haveLastBindings_ && sameBindings(lastBindings_, bindings);
  const bool checked = repeated && lastValidatedExecutable_ == &exe && !workgroupsRef;
  if (!checked) SL_HAL_RETURN_IF_ERROR(checkDispatchBindings(exe, bindings));

  // Built in place in the list (no copies of the command), then checked; removed on failure.
  CommandList& list = *commands_;
  const size_t index = list.recordedCount();  // in messages: each recorded command counts
  // A BindingList is kept, not copied.
  DispatchCommand& c = storeDispatch(executable.get(), entryPoint, workgroups ? *workgroups : WorkgroupCount{}, constants,
                                     repeated ? lastBindings_ : bindingList ? bindings : list.storeBindings(bindings));
  if (workgroupsRef) c.indirectWorkgroups = list.storeRef(*workgroupsRef);
  if (!checked) {
    if (!directBufferRefsOk(c)) {
      Status s = checkCommand(list.back(), index);
      if (!s.ok()) {
        list.pop_back();
        return s;
      }
    }
    lastBindings_ = c.bindings;
    haveLastBindings_ = true;
    lastValidatedExecutable_ = &exe;
    lastConstantCount_ = layout.constantCount;
    lastEntryPointCount_ = static_cast<uint32_t>(layout.entryPoints.size());
  }
  if (lastRetainedExecutable_ != &exe) {
    list.retain(executable);
    lastRetainedExecutable_ = &exe;
  }
  // lastBindings_ now holds this list's bindings (shared or equal): later dispatches with the same
  // list may skip the comparison. Retained so that its address cannot be reused by another list.
  if (bindingList && bindingList != lastBindingList_) list.retain(bindingList->shared_from_this());
  lastBindingList_ = bindingList;
  if (workgroups) list.openRun(c);
  return okStatus();
}

DispatchCommand& CommandBuffer::storeDispatch(Executable* executable, uint32_t entryPoint, WorkgroupCount workgroups,
                                              std::span<const uint32_t> constants, std::span<const Binding> storedBindings) {
  CommandList& list = *commands_;
  DispatchCommand& c = list.emplace<DispatchCommand>();
  c.executable = executable;
  c.entryPoint = entryPoint;
  c.workgroups = workgroups;
  c.constants = list.storeWords(constants);
  c.bindings = storedBindings;
  c.resourceHeap = resourceHeap_.get();
  c.samplerHeap = samplerHeap_.get();
  return c;
}

void CommandBuffer::appendRunHead(uint32_t entryPoint, WorkgroupCount workgroups, std::span<const uint32_t> constants) {
  DispatchCommand& c = storeDispatch(const_cast<Executable*>(lastValidatedExecutable_), entryPoint, workgroups, constants,
                                     lastBindings_);
  commands_->openRun(c);
}

Status CommandBuffer::dispatchIndirect(const std::shared_ptr<Executable>& executable, uint32_t entryPoint,
                                       const BufferRef& workgroupsRef, std::span<const uint32_t> constants,
                                       std::span<const Binding> bindings) {
  return recordDispatch(executable, entryPoint, nullptr, &workgroupsRef, constants, bindings);
}

Status CommandBuffer::dispatchIndirect(const std::shared_ptr<Executable>& executable, uint32_t entryPoint,
                                       const BufferRef& workgroupsRef, std::span<const uint32_t> constants,
                                       const BindingList& bindings) {
  return recordDispatch(executable, entryPoint, nullptr, &workgroupsRef, constants, {}, &bindings);
}

Status CommandBuffer::setDescriptorHeaps(std::shared_ptr<DescriptorHeap> resourceHeap,
                                         std::shared_ptr<DescriptorHeap> samplerHeap) {
  SL_HAL_RETURN_IF_ERROR(checkRecording());
  if (resourceHeap && resourceHeap->type() != HeapType::Resource)
    return makeError(ErrorCode::InvalidArgument, "setDescriptorHeaps: the first heap must be a resource heap");
  if (samplerHeap && samplerHeap->type() != HeapType::Sampler)
    return makeError(ErrorCode::InvalidArgument, "setDescriptorHeaps: the second heap must be a sampler heap");
  lastValidatedExecutable_ = nullptr;  // the next dispatch checks its heap usage again
  // The list keeps them alive for the dispatches that capture them.
  if (resourceHeap && resourceHeap != resourceHeap_) commands_->retain(resourceHeap);
  if (samplerHeap && samplerHeap != samplerHeap_) commands_->retain(samplerHeap);
  resourceHeap_ = std::move(resourceHeap);
  samplerHeap_ = std::move(samplerHeap);
  return okStatus();
}

Status CommandBuffer::barrier() { return recordCommand(BarrierCommand{}); }

Status CommandBuffer::copyBuffer(const BufferRef& src, const BufferRef& dst, uint64_t size) {
  if (size == 0) return makeError(ErrorCode::InvalidArgument, "copy: size 0");
  return recordCommand(CopyBufferCommand{src, dst, size});
}

Status CommandBuffer::fillBuffer(const BufferRef& dst, uint32_t pattern) {
  return recordCommand(FillBufferCommand{dst, pattern});
}

Status CommandBuffer::updateBuffer(const BufferRef& dst, std::span<const uint8_t> data) {
  if (data.empty() || data.size() % 4 != 0 || data.size() > 65536)
    return makeError(ErrorCode::InvalidArgument, "update: data size " + str(data.size()) + " must be a non-zero multiple of 4 up to 65536");
  return recordCommand(UpdateBufferCommand{dst, std::vector<uint8_t>(data.begin(), data.end())});
}

Status CommandBuffer::writeTimestamp(const std::shared_ptr<TimestampPool>& pool, uint32_t query) {
  if (!pool) return makeError(ErrorCode::InvalidArgument, "timestamp: no pool");
  if (query >= pool->count())
    return makeError(ErrorCode::OutOfRange, "timestamp: query " + str(query) + " of a pool of " + str(pool->count()));
  if (timestampsWritten_.count({pool.get(), query}))
    return makeError(ErrorCode::InvalidArgument, "timestamp: query " + str(query) + " is already written by this command buffer");
  SL_HAL_RETURN_IF_ERROR(recordCommand(TimestampCommand{pool, query}));
  timestampsWritten_.insert({pool.get(), query});
  return okStatus();
}

Status CommandBuffer::finish() {
  SL_HAL_RETURN_IF_ERROR(checkRecording());
  finished_ = true;
  lastValidatedExecutable_ = nullptr;  // no fast path after finish (dispatch reports the error)
  return okStatus();
}

Status CommandBuffer::validateSubmission(BindingTable table) const {
  if (!finished_)
    return makeError(ErrorCode::FailedPrecondition, "command buffer '" + desc_.label + "' was not finished before submit");
  if (desc_.mode == CommandBufferMode::OneShot && submitCount_ > 0)
    return makeError(ErrorCode::FailedPrecondition, "one-shot command buffer '" + desc_.label + "' was already submitted");
  if (table.size() < requiredTableSize_)
    return makeError(ErrorCode::InvalidArgument, "command buffer '" + desc_.label + "' uses binding table slots up to " +
                                                     str(requiredTableSize_ - 1) + " but the table has " + str(table.size()) + " entries");
  if (!usesIndirectRefs_) return okStatus();
  const CommandList& commands = *commands_;
  // The repeats of a run share its head's refs: checking the head covers them.
  for (size_t i = 0, index = 0; i < commands.size(); index += 1 + repeatsOf(commands[i]), ++i) {
    Status s = visitRefs(commands[i], index, [&](const BufferRef& ref, uint32_t usage, const RefSite& site) -> Status {
      if (!ref.isIndirect()) return okStatus();
      auto what = [&site] { return describe(site); };
      auto resolved = resolveBufferRef(ref, table, what);
      if (!resolved.ok()) return resolved.status();
      return checkUsage(*resolved->buffer, usage, what);
    });
    SL_HAL_RETURN_IF_ERROR(s);
    SL_HAL_RETURN_IF_ERROR(checkResolvedCommand(commands[i], index, table));
  }
  return okStatus();
}

}  // namespace sl::hal
