// Command buffers: a backend-neutral, validated list of commands, recorded once and submitted
// any number of times (Device::submit). A dispatch takes its executable, entry point, workgroup
// count (or an indirect BufferRef), its constants and its bindings directly — IREE's
// "simplified bindings" model; there is no bound state between commands.
//
// Buffer references are direct (a buffer, offset, length) or indirect (a slot of the binding
// table passed to Device::submit), so one recorded command buffer serves several submissions
// with different buffers. How a backend resolves indirect refs is described in docs/hal.md.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "renderer/hal/DescriptorHeap.h"
#include "renderer/hal/Executable.h"
#include "renderer/hal/Resources.h"
#include "renderer/hal/Status.h"

namespace sl::hal {

// ---- Buffer references and binding tables --------------------------------------------------

struct BufferRef {
  std::shared_ptr<Buffer> buffer;  // null: indirect, resolved through `slot` at submit
  uint32_t slot = 0;               // binding table slot (indirect refs only)
  uint64_t offset = 0;             // added to the table entry's offset for indirect refs
  uint64_t length = kWholeSize;    // kWholeSize: to the end of the buffer / table entry

  static BufferRef direct(std::shared_ptr<Buffer> buffer, uint64_t offset = 0, uint64_t length = kWholeSize) {
    return BufferRef{std::move(buffer), 0, offset, length};
  }
  static BufferRef indirect(uint32_t slot, uint64_t offset = 0, uint64_t length = kWholeSize) {
    return BufferRef{nullptr, slot, offset, length};
  }
  bool isIndirect() const { return buffer == nullptr; }
};

// One binding table entry: the buffer an indirect ref's slot stands for in one submission.
struct BindingTableEntry {
  std::shared_ptr<Buffer> buffer;
  uint64_t offset = 0;
  uint64_t length = kWholeSize;
};
using BindingTable = std::span<const BindingTableEntry>;

// A BufferRef made concrete: a buffer and an exact in-bounds range.
struct ResolvedBufferRange {
  Buffer* buffer = nullptr;
  uint64_t offset = 0;
  uint64_t length = 0;
};
// Direct refs: clamps kWholeSize to the buffer. Indirect refs: table[slot], with the ref's offset
// added and its length clamped to the entry (IREE semantics). Fails on a missing slot, an empty
// entry or a range outside the buffer; `what` names the use in the message.
Result<ResolvedBufferRange> resolveBufferRef(const BufferRef& ref, BindingTable table, const std::string& what);
// The same with the name built only on failure (hot paths).
Result<ResolvedBufferRange> resolveBufferRef(const BufferRef& ref, BindingTable table, LazyMessage what);

// ---- Dispatch bindings ---------------------------------------------------------------------

// One element of a dispatch's binding list: a buffer ref (buffer and texel-buffer kinds), a
// texture (sampled/storage image), a sampler, or both (combined image sampler).
struct Binding {
  enum class Kind { Buffer, Texture, Sampler, TextureSampler };
  Kind kind = Kind::Buffer;
  BufferRef buffer;
  std::shared_ptr<Texture> texture;
  // Storage images: the mip level bound. Sampled images: the first mip of the view (all mips
  // from there on are visible).
  uint32_t mipLevel = 0;
  std::shared_ptr<Sampler> sampler;

  Binding() = default;
  Binding(BufferRef ref) : kind(Kind::Buffer), buffer(std::move(ref)) {}  // implicit on purpose
  static Binding ofTexture(std::shared_ptr<Texture> t, uint32_t mip = 0) {
    Binding b; b.kind = Kind::Texture; b.texture = std::move(t); b.mipLevel = mip; return b;
  }
  static Binding ofSampler(std::shared_ptr<Sampler> s) {
    Binding b; b.kind = Kind::Sampler; b.sampler = std::move(s); return b;
  }
  static Binding ofTextureSampler(std::shared_ptr<Texture> t, std::shared_ptr<Sampler> s) {
    Binding b; b.kind = Kind::TextureSampler; b.texture = std::move(t); b.sampler = std::move(s); return b;
  }
};

struct WorkgroupCount {
  uint32_t x = 1, y = 1, z = 1;
};

// ---- Recorded commands (read by backends) --------------------------------------------------

// A dispatch's constants, stored inline up to kInline words so recording a dispatch does not
// allocate (push constants are at most 128 bytes on most devices); longer lists (constantsBuffer
// layouts) go to the heap. Reads like a std::vector<uint32_t>.
class ConstantWords {
 public:
  static constexpr size_t kInline = 16;
  ConstantWords() = default;
  explicit ConstantWords(std::span<const uint32_t> words) { assign(words.begin(), words.end()); }
  // Copies only the words in use (the rest of the inline array is never read).
  ConstantWords(const ConstantWords& other) { assign(other.begin(), other.end()); }
  ConstantWords& operator=(const ConstantWords& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  ConstantWords(ConstantWords&& other) noexcept : heap_(std::move(other.heap_)), size_(other.size_) {
    if (size_ <= kInline) std::copy(other.inline_.begin(), other.inline_.begin() + size_, inline_.begin());
  }
  ConstantWords& operator=(ConstantWords&& other) noexcept {
    heap_ = std::move(other.heap_);
    size_ = other.size_;
    if (size_ <= kInline) std::copy(other.inline_.begin(), other.inline_.begin() + size_, inline_.begin());
    return *this;
  }
  template <class It>
  void assign(It first, It last) {
    size_ = static_cast<size_t>(last - first);
    if (size_ > kInline) heap_.assign(first, last);
    else std::copy(first, last, inline_.begin());
  }
  const uint32_t* data() const { return size_ > kInline ? heap_.data() : inline_.data(); }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const uint32_t* begin() const { return data(); }
  const uint32_t* end() const { return data() + size_; }
  uint32_t operator[](size_t i) const { return data()[i]; }
  operator std::span<const uint32_t>() const { return {data(), size_}; }

 private:
  std::array<uint32_t, kInline> inline_;  // only [0, size_) is meaningful
  std::vector<uint32_t> heap_;
  size_t size_ = 0;
};

struct DispatchCommand {
  std::shared_ptr<Executable> executable;
  uint32_t entryPoint = 0;
  WorkgroupCount workgroups;                 // direct dispatch
  std::optional<BufferRef> indirectWorkgroups;  // 3 x u32 at the ref's offset when set
  ConstantWords constants;
  // The binding list, shared (not copied) by consecutive dispatches that pass equal bindings;
  // `bindings` views it. Backends may compare `bindingStorage` pointers to skip re-binding.
  std::shared_ptr<const std::vector<Binding>> bindingStorage;
  std::span<const Binding> bindings;
  // The heaps set by CommandBuffer::setDescriptorHeaps when this dispatch was recorded (null when
  // none). Their contents are read by the backend at submit.
  std::shared_ptr<DescriptorHeap> resourceHeap;
  std::shared_ptr<DescriptorHeap> samplerHeap;
};
struct BarrierCommand {};  // all earlier transfer/compute writes visible to all later commands
struct CopyBufferCommand {
  BufferRef src, dst;
  uint64_t size = 0;
};
struct FillBufferCommand {
  BufferRef dst;  // length kWholeSize: to the end of the buffer
  uint32_t pattern = 0;
};
struct UpdateBufferCommand {
  BufferRef dst;
  std::vector<uint8_t> data;  // multiple of 4 bytes, at most 65536
};
struct TimestampCommand {
  std::shared_ptr<TimestampPool> pool;
  uint32_t query = 0;
};
using Command = std::variant<DispatchCommand, BarrierCommand, CopyBufferCommand, FillBufferCommand,
                             UpdateBufferCommand, TimestampCommand>;

// The recorded commands, in chunks that never move once written: appending never relocates a
// command, so recording N dispatches costs no O(N) moves or copies. Reads like a vector.
class CommandList {
 public:
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Command& operator[](size_t i) const { return chunks_[i / kChunk][i % kChunk]; }
  Command& operator[](size_t i) { return chunks_[i / kChunk][i % kChunk]; }
  const Command& back() const { return (*this)[size_ - 1]; }

  template <class... Args>
  Command& emplace_back(Args&&... args) {
    if (size_ % kChunk == 0) {
      chunks_.emplace_back();
      chunks_.back().reserve(kChunk);  // never exceeded: the chunk's elements stay in place
    }
    ++size_;
    return chunks_.back().emplace_back(std::forward<Args>(args)...);
  }
  void push_back(Command command) { emplace_back(std::move(command)); }

  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Command;
    using difference_type = std::ptrdiff_t;
    using pointer = const Command*;
    using reference = const Command&;
    const_iterator() = default;
    const_iterator(const CommandList* list, size_t i) : list_(list), i_(i) {}
    const Command& operator*() const { return (*list_)[i_]; }
    const Command* operator->() const { return &(*list_)[i_]; }
    const_iterator& operator++() { ++i_; return *this; }
    const_iterator operator++(int) { const_iterator old = *this; ++i_; return old; }
    bool operator==(const const_iterator& other) const { return i_ == other.i_; }
    bool operator!=(const const_iterator& other) const { return i_ != other.i_; }

   private:
    const CommandList* list_ = nullptr;
    size_t i_ = 0;
  };
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

 private:
  static constexpr size_t kChunk = 64;
  std::vector<std::vector<Command>> chunks_;
  size_t size_ = 0;
};

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
                  std::span<const uint32_t> constants, std::span<const Binding> bindings);
  // Workgroup count read from 3 x u32 at workgroupsRef when the command executes; the buffer
  // needs kBufferIndirect usage and the offset must be a multiple of 4.
  Status dispatchIndirect(const std::shared_ptr<Executable>& executable, uint32_t entryPoint,
                          const BufferRef& workgroupsRef, std::span<const uint32_t> constants,
                          std::span<const Binding> bindings);
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
  // workgroups (direct) or workgroupsRef (indirect) is set.
  Status recordDispatch(const std::shared_ptr<Executable>& executable, uint32_t entryPoint, const WorkgroupCount* workgroups,
                        const BufferRef* workgroupsRef, std::span<const uint32_t> constants, std::span<const Binding> bindings);
  Status checkDispatchBindings(const Executable& exe, std::span<const Binding> bindings) const;
  Status recordCommand(Command command);

  CommandBufferDesc desc_;
  std::shared_ptr<CommandList> commands_ = std::make_shared<CommandList>();
  // The last dispatch's binding list and what it was validated against: a dispatch repeating
  // them shares the list and skips the per-binding checks (same inputs, same verdict).
  std::shared_ptr<const std::vector<Binding>> lastBindings_;
  const Executable* lastValidatedExecutable_ = nullptr;
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
