// What a command buffer records, as backends read it: buffer references and binding tables,
// dispatch bindings, the recorded command types, and the list that owns them.
//
// Recording is on the hot path of every dispatch (docs/hal.md, "Dispatch overhead"), so a
// recorded dispatch is plain data: raw pointers and spans into storage the CommandList owns
// (its constants arena, its binding lists, the objects it retains). Copying or destroying one
// touches no reference count and allocates nothing.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <new>
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

// How messages name a buffer: 'label', or (unnamed).
std::string bufferName(const Buffer& buffer);

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

// A binding list built once and used by any number of dispatches, like a WebGPU bind group. It
// is immutable, so recording a dispatch with the previous dispatch's list compares one pointer
// instead of every binding, and command lists keep it instead of copying it.
class BindingList : public std::enable_shared_from_this<BindingList> {
  struct Token {};

 public:
  static std::shared_ptr<const BindingList> create(std::vector<Binding> bindings) {
    return std::make_shared<const BindingList>(Token{}, std::move(bindings));
  }
  BindingList(Token, std::vector<Binding> bindings) : bindings_(std::move(bindings)) {}
  BindingList(const BindingList&) = delete;  // always owned by the shared_ptr create() returns
  BindingList& operator=(const BindingList&) = delete;
  std::span<const Binding> bindings() const { return bindings_; }

 private:
  const std::vector<Binding> bindings_;
};

// Whether two bindings are the same for the backend (same objects, same ranges). A buffer
// binding compares only its ref (backends read nothing else of it): the common case of every
// dispatch is four word compares per binding.
inline bool sameBinding(const Binding& x, const Binding& y) {
  if (x.kind != y.kind || x.buffer.buffer != y.buffer.buffer) return false;
  const bool sameRef = (x.buffer.offset == y.buffer.offset) & (x.buffer.length == y.buffer.length) & (x.buffer.slot == y.buffer.slot);
  if (x.kind == Binding::Kind::Buffer) return sameRef;
  return sameRef && x.texture == y.texture && x.mipLevel == y.mipLevel && x.sampler == y.sampler;
}

// Whether two binding lists are the same element for element.
// Inline: recording compares every dispatch's list with the previous one.
inline bool sameBindings(std::span<const Binding> a, std::span<const Binding> b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!sameBinding(a[i], b[i])) return false;
  return true;
}

struct WorkgroupCount {
  uint32_t x = 1, y = 1, z = 1;
};

// ---- Recorded commands (read by backends) --------------------------------------------------

// Everything it points to lives in (or is kept alive by) the CommandList holding it.
struct DispatchCommand {
  Executable* executable = nullptr;
  uint32_t entryPoint = 0;
  WorkgroupCount workgroups;                       // direct dispatch
  const BufferRef* indirectWorkgroups = nullptr;   // 3 x u32 at the ref's offset when set
  std::span<const uint32_t> constants;
  // Consecutive dispatches recorded with equal bindings share one stored list, so backends may
  // compare `bindings.data()` to skip re-binding.
  std::span<const Binding> bindings;
  // The heaps set by CommandBuffer::setDescriptorHeaps when this dispatch was recorded (null when
  // none). Their contents are read by the backend at submit.
  DescriptorHeap* resourceHeap = nullptr;
  DescriptorHeap* samplerHeap = nullptr;
  // A run: the dispatches recorded right after this one with the same executable, entry point,
  // bindings and heaps (the recording fast path) are stored as `repeatCount` records of
  // repeatStride() words, {x, y, z, constants...}, from `repeats`, not as commands of their own.
  // Each still counts as one command (recordedCount(), indices in messages); backends run the
  // head, then every repeat in order.
  const uint32_t* repeats = nullptr;
  uint32_t repeatCount = 0;

  size_t repeatStride() const { return 3 + constants.size(); }
  // Repeat k (0-based) as a dispatch of its own, for code without a fast path for runs.
  DispatchCommand repeat(size_t k) const {
    DispatchCommand r = *this;
    const uint32_t* w = repeats + k * repeatStride();
    r.workgroups = {w[0], w[1], w[2]};
    r.constants = {w + 3, constants.size()};
    r.repeats = nullptr;
    r.repeatCount = 0;
    return r;
  }
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

// Recorded dispatches a stored command stands for besides itself (the repeats of a run).
inline size_t repeatsOf(const Command& command) {
  const auto* d = std::get_if<DispatchCommand>(&command);
  return d ? d->repeatCount : 0;
}

// The recorded commands and the storage their dispatches point into. Commands never move once
// written: the first 8 live in the list itself, later ones in chunks of 16, 32, ... that are
// never reallocated. Short lists (the usual case) need no allocation besides the list itself:
// their constants, first binding list and retained objects are stored inline. Reads like a vector.
class CommandList {
 public:
  CommandList() = default;
  CommandList(const CommandList&) = delete;
  CommandList& operator=(const CommandList&) = delete;
  ~CommandList();

  // An empty list from a process-wide pool (or a new one). When its last reference is dropped it
  // is cleared and goes back to the pool with its chunks: recording a short command buffer then
  // allocates nothing but the reference count.
  static std::shared_ptr<CommandList> acquire();
  // Destroys every command and releases everything stored or retained; keeps chunk capacity.
  void clear();

  // Stored commands (a dispatch run is one) and recorded commands (each dispatch of a run counts).
  size_t size() const { return size_; }
  size_t recordedCount() const { return size_ + repeats_; }
  bool empty() const { return size_ == 0; }
  const Command& operator[](size_t i) const { return const_cast<CommandList&>(*this)[i]; }
  Command& operator[](size_t i) {
    const size_t chunk = chunkOf(i);
    return slotsOf(chunk)[i - chunkStart(chunk)];
  }
  const Command& back() const { return (*this)[size_ - 1]; }

  // Appends a default-constructed T and returns it.
  template <class T>
  T& emplace() {
    openRun_ = nullptr;  // a run continues only while it is the last command
    if (next_ == chunkEnd_) nextChunk();
    Command* slot = new (next_++) Command(std::in_place_type<T>);
    ++size_;
    return *std::get_if<T>(slot);
  }
  void push_back(Command command) {
    std::visit([this](auto&& c) { emplace<std::decay_t<decltype(c)>>() = std::move(c); }, std::move(command));
  }
  // Calls f(commands) for each chunk of consecutive stored commands in order, stopping at the
  // first error f returns: lets a backend's inner loop run over a plain array.
  template <class F>
  Status forEachChunk(F&& f) const {
    size_t i = 0;
    for (size_t chunk = 0; i < size_; ++chunk) {
      const Command* slots = const_cast<CommandList&>(*this).slotsOf(chunk);
      const size_t n = std::min(kInlineCommands << chunk, size_ - i);
      SL_HAL_RETURN_IF_ERROR(f(std::span<const Command>(slots, n)));
      i += n;
    }
    return okStatus();
  }
  // Calls f(command, index) for each stored command in order, stopping at the first error f returns.
  template <class F>
  Status forEach(F&& f) const {
    size_t i = 0;
    return forEachChunk([&](std::span<const Command> chunk) -> Status {
      for (const Command& c : chunk) SL_HAL_RETURN_IF_ERROR(f(c, i++));
      return okStatus();
    });
  }
  // Removes the last command (one that failed validation after it was built in place).
  void pop_back();

  // Storage for what dispatches point to; addresses stay valid as long as the list.
  std::span<const uint32_t> storeWords(std::span<const uint32_t> words) {
    openRun_ = nullptr;  // a run's records must stay contiguous
    const size_t n = words.size();
    if (n > wordsLeft_) return storeWordsInNewBlock(words);
    uint32_t* stored = wordsFree_;
    for (size_t i = 0; i < n; ++i) stored[i] = words[i];  // a few words: cheaper than a memcpy call
    wordsFree_ += n;
    wordsLeft_ -= n;
    return {stored, n};
  }
  // Runs: `head`, the last command and the last thing stored, may take repeats (until another
  // command or more words are stored). appendRepeat adds {workgroups, constants} to the open
  // run when it has this entry point and the current block has room; false otherwise (the caller
  // then stores a new dispatch). The caller guarantees the rest of what a repeat shares with its
  // head (executable, bindings, heaps, constants.size()).
  void openRun(DispatchCommand& head) { openRun_ = &head; }
  bool appendRepeat(uint32_t entryPoint, WorkgroupCount workgroups, std::span<const uint32_t> constants) {
    DispatchCommand* run = openRun_;
    if (!run || run->entryPoint != entryPoint) return false;
    const size_t stride = run->repeatStride();
    if (stride > wordsLeft_) {
      if (run->repeatCount) return false;  // a run's records stay contiguous: a new run
      nextWordBlock(stride);               // its first record may start a block
    }
    uint32_t* out = wordsFree_;
    if (run->repeatCount == 0) run->repeats = out;
    out[0] = workgroups.x;
    out[1] = workgroups.y;
    out[2] = workgroups.z;
    for (size_t i = 0; i < constants.size(); ++i) out[3 + i] = constants[i];
    wordsFree_ = out + stride;
    wordsLeft_ -= stride;
    ++run->repeatCount;
    ++repeats_;
    return true;
  }
  std::span<const Binding> storeBindings(std::span<const Binding> bindings);
  const BufferRef* storeRef(const BufferRef& ref);
  // Keeps an object alive as long as the list (executables, heaps).
  void retain(std::shared_ptr<const void> object);

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
  static constexpr size_t kInlineCommands = 8;
  // Chunk 0 is inline; chunk k holds kInlineCommands << k commands from kInlineCommands * (2^k - 1).
  static size_t chunkOf(size_t i) { return std::bit_width(i / kInlineCommands + 1) - 1; }
  static size_t chunkStart(size_t chunk) { return kInlineCommands * ((size_t(1) << chunk) - 1); }
  Command* slotsOf(size_t chunk) {
    return chunk == 0 ? std::launder(reinterpret_cast<Command*>(inlineCommandStorage_)) : chunks_[chunk - 1].get();
  }
  // Points next_/chunkEnd_ at the chunk after the full one (allocated the first time).
  void nextChunk();
  void destroyCommands();

  // Raw storage: only slots [0, size_) hold constructed commands.
  struct ChunkDeleter {
    void operator()(Command* p) const { ::operator delete(p, std::align_val_t(alignof(Command))); }
  };
  alignas(Command) unsigned char inlineCommandStorage_[kInlineCommands * sizeof(Command)];
  std::vector<std::unique_ptr<Command, ChunkDeleter>> chunks_;  // chunks 1, 2, ...; kept by clear()
  Command* next_ = nullptr;      // the next free slot of the current chunk
  Command* chunkEnd_ = nullptr;  // its end (next_ == chunkEnd_: full, or no chunk yet)
  size_t size_ = 0;
  size_t repeats_ = 0;  // dispatches stored as repeats of a run
  DispatchCommand* openRun_ = nullptr;
  // Constants and repeat records: an inline block first, then heap blocks (kept by clear()).
  std::span<const uint32_t> storeWordsInNewBlock(std::span<const uint32_t> words);
  // Points wordsFree_/wordsLeft_ at a block with room for n words (the unused inline one, a kept
  // one or a new one).
  void nextWordBlock(size_t n);
  static constexpr size_t kInlineWords = 32;
  std::array<uint32_t, kInlineWords> inlineWords_;
  uint32_t* wordsFree_ = nullptr;  // next free word of the current block
  size_t wordsLeft_ = 0;
  bool inlineWordsUsed_ = false;
  struct WordBlock {
    std::unique_ptr<uint32_t[]> words;
    size_t size = 0;
  };
  std::vector<WordBlock> wordBlocks_;
  size_t wordBlocksUsed_ = 0;
  // Binding lists: the first short one inline.
  static constexpr size_t kInlineBindings = 4;
  std::array<Binding, kInlineBindings> inlineBindings_;
  size_t inlineBindingsUsed_ = 0;  // elements of inlineBindings_ in use
  std::vector<std::unique_ptr<Binding[]>> bindingLists_;
  std::vector<std::unique_ptr<BufferRef>> refs_;
  // Retained objects: the first two (an executable and a heap, typically) inline.
  std::array<std::shared_ptr<const void>, 2> inlineRetained_;
  size_t inlineRetainedCount_ = 0;
  std::vector<std::shared_ptr<const void>> retained_;
};

}  // namespace sl::hal
