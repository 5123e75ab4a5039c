// Command buffers: a backend-neutral, validated list of commands, recorded once and submitted
// any number of times (Device::submit). A dispatch takes its executable, entry point, workgroup
// count (or an indirect BufferRef), its constants and its bindings directly — IREE's
// "simplified bindings" model; there is no bound state between commands.
//
// Buffer references are direct (a buffer, offset, length) or indirect (a slot of the binding
// table passed to Device::submit), so one recorded command buffer serves several submissions
// with different buffers. How a backend resolves indirect refs is described in docs/hal.md.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <utility>

#include "renderer/hal/Commands.h"
#include "renderer/hal/DescriptorHeap.h"
#include "renderer/hal/Executable.h"
#include "renderer/hal/Resources.h"
#include "renderer/hal/Status.h"

namespace sl::hal {

// ---- The command buffer --------------------------------------------------------------------

enum class CommandBufferMode {
  OneShot,   // submitted at most once
  Reusable,  // submitted any number of times, also concurrently
};

struct CommandBufferDesc {
  CommandBufferMode mode = CommandBufferMode::Reusable;
  // Binding table slots indirect refs may use (slot < bindingCapacity); 0: direct refs only.
  uint32_t bindingCapacity = 0;
  std::string label;
};

// Backend-private state hung on a command buffer (e.g. a cached native recording).
class CommandBufferBackendState {
 public:
  virtual ~CommandBufferBackendState() = default;
};

class CommandBuffer {
 public:
  explicit CommandBuffer(CommandBufferDesc desc = {});
  ~CommandBuffer();

  const CommandBufferDesc& desc() const { return desc_; }

  // Recording. Each call validates what it can without a binding table (executable layout,
  // constant count, binding kinds, direct ranges, indirect slots < bindingCapacity) and records
  // nothing on failure. All fail with FailedPrecondition after finish().
  Status dispatch(const std::shared_ptr<Executable>& executable, uint32_t entryPoint, WorkgroupCount workgroups,
                  std::span<const uint32_t> constants, std::span<const Binding> bindings) {
    if (repeatsLastDispatch(executable.get(), entryPoint, constants.size(), bindings)) [[likely]] {
      appendRepeat(entryPoint, workgroups, constants);
      return okStatus();
    }
    return recordDispatch(executable, entryPoint, &workgroups, nullptr, constants, bindings);
  }
  // The same with a prebuilt binding list (BindingList::create; the command buffer keeps it
  // alive): a run of dispatches with one list checks its bindings by identity, the cheapest way
  // to record many dispatches.
  Status dispatch(const std::shared_ptr<Executable>& executable, uint32_t entryPoint, WorkgroupCount workgroups,
                  std::span<const uint32_t> constants, const BindingList& bindings) {
    if (&bindings == lastBindingList_ && repeatsLastExecutable(executable.get(), entryPoint, constants.size())) [[likely]] {
      appendRepeat(entryPoint, workgroups, constants);
      return okStatus();
    }
    return recordDispatch(executable, entryPoint, &workgroups, nullptr, constants, {}, &bindings);
  }
  // Workgroup count read from 3 x u32 at workgroupsRef when the command executes; the buffer
  // needs kBufferIndirect usage and the offset must be a multiple of 4.
  Status dispatchIndirect(const std::shared_ptr<Executable>& executable, uint32_t entryPoint,
                          const BufferRef& workgroupsRef, std::span<const uint32_t> constants,
                          std::span<const Binding> bindings);
  Status dispatchIndirect(const std::shared_ptr<Executable>& executable, uint32_t entryPoint,
                          const BufferRef& workgroupsRef, std::span<const uint32_t> constants,
                          const BindingList& bindings);
  // Descriptor heaps for the dispatches recorded after this call (D3D12 SetDescriptorHeaps
  // semantics; either may be null). A dispatch whose layout declares heap usage needs the
  // matching heap set. Not a command of its own: each dispatch captures the current heaps.
  Status setDescriptorHeaps(std::shared_ptr<DescriptorHeap> resourceHeap, std::shared_ptr<DescriptorHeap> samplerHeap);
  Status barrier();
  Status copyBuffer(const BufferRef& src, const BufferRef& dst, uint64_t size);
  Status fillBuffer(const BufferRef& dst, uint32_t pattern);
  Status updateBuffer(const BufferRef& dst, std::span<const uint8_t> data);
  // Each query may be written once per command buffer (it is reset when a submission starts).
  Status writeTimestamp(const std::shared_ptr<TimestampPool>& pool, uint32_t query);
  // Ends recording; required before submit.
  Status finish();

  bool finished() const { return finished_; }
  const CommandList& commands() const { return *commands_; }
  // The same list, shared: a submission keeps it (and every object it references) alive without
  // copying it. Recording never changes a list after finish().
  std::shared_ptr<const CommandList> sharedCommands() const { return commands_; }
  bool usesIndirectRefs() const { return usesIndirectRefs_; }
  // Highest binding table slot used + 1 (0 if no indirect refs).
  uint32_t requiredTableSize() const { return requiredTableSize_; }

  // Checks a binding table against what was recorded: every slot used is present and non-null,
  // every indirect ref resolves in bounds. Backends call this in submit.
  Status validateSubmission(BindingTable table) const;

  // For backends: submission counting (OneShot) and a state slot.
  uint64_t submitCount() const { return submitCount_; }
  void noteSubmitted() { ++submitCount_; }
  std::unique_ptr<CommandBufferBackendState>& backendState() { return backendState_; }

 private:
  Status checkRecording() const;
  // The fast path of the common case, many dispatches in a row with new constants and workgroup
  // counts: the executable and bindings of the last fully checked dispatch again (same inputs,
  // same verdict), no heap change since (that clears lastValidatedExecutable_, as finish() does).
  // Inline in dispatch(): it is most of the per-dispatch recording cost.
  bool repeatsLastExecutable(const Executable* executable, uint32_t entryPoint, size_t constantCount) const {
    return executable == lastValidatedExecutable_ && executable && entryPoint < lastEntryPointCount_ &&
           constantCount == lastConstantCount_;
  }
  bool repeatsLastDispatch(const Executable* executable, uint32_t entryPoint, size_t constantCount,
                           std::span<const Binding> bindings) const {
    return repeatsLastExecutable(executable, entryPoint, constantCount) && sameBindings(lastBindings_, bindings);
  }
  // A repeat extends the run of the last dispatch when it can (a few words instead of a command).
  void appendRepeat(uint32_t entryPoint, WorkgroupCount workgroups, std::span<const uint32_t> constants) {
    if (commands_->appendRepeat(entryPoint, workgroups, constants)) [[likely]]
      return;
    appendRunHead(entryPoint, workgroups, constants);
  }
  // Appends a dispatch with the current heaps and its constants stored; `storedBindings` must
  // already live in (or be kept by) the list.
  DispatchCommand& storeDispatch(Executable* executable, uint32_t entryPoint, WorkgroupCount workgroups,
                                 std::span<const uint32_t> constants, std::span<const Binding> storedBindings);
  // A repeat stored as a dispatch of its own, which opens a new run.
  void appendRunHead(uint32_t entryPoint, WorkgroupCount workgroups, std::span<const uint32_t> constants);
  // workgroups (direct) or workgroupsRef (indirect) is set; bindingList, when set, replaces `bindings`.
  Status recordDispatch(const std::shared_ptr<Executable>& executable, uint32_t entryPoint, const WorkgroupCount* workgroups,
                        const BufferRef* workgroupsRef, std::span<const uint32_t> constants, std::span<const Binding> bindings,
                        const BindingList* bindingList = nullptr);
  Status checkDispatchBindings(const Executable& exe, std::span<const Binding> bindings) const;
  // Checks command `index` (already in the list) and notes its indirect slots.
  Status checkCommand(const Command& command, size_t index);
  Status recordCommand(Command command);

  CommandBufferDesc desc_;
  std::shared_ptr<CommandList> commands_ = CommandList::acquire();
  // The last dispatch's stored binding list and what it was validated against: a dispatch
  // repeating them shares the list and skips the per-binding checks (same inputs, same verdict).
  std::span<const Binding> lastBindings_;
  bool haveLastBindings_ = false;
  const Executable* lastValidatedExecutable_ = nullptr;
  // The BindingList whose bindings lastBindings_ holds (retained by the list), or null.
  const BindingList* lastBindingList_ = nullptr;
  size_t lastConstantCount_ = 0;     // its layout's constant count
  uint32_t lastEntryPointCount_ = 0;  // and entry point count
  // The executable the list retained last (consecutive dispatches retain it once).
  const Executable* lastRetainedExecutable_ = nullptr;
  std::shared_ptr<DescriptorHeap> resourceHeap_;
  std::shared_ptr<DescriptorHeap> samplerHeap_;
  std::set<std::pair<const TimestampPool*, uint32_t>> timestampsWritten_;
  bool finished_ = false;
  bool usesIndirectRefs_ = false;
  uint32_t requiredTableSize_ = 0;
  uint64_t submitCount_ = 0;
  std::unique_ptr<CommandBufferBackendState> backendState_;
};

}  // namespace sl::hal
