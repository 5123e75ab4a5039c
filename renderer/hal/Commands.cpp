#include "renderer/hal/Commands.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>

namespace sl::hal {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }

}  // namespace

std::string bufferName(const Buffer& b) { return b.label().empty() ? std::string("(unnamed)") : "'" + b.label() + "'"; }

Result<ResolvedBufferRange> resolveBufferRef(const BufferRef& ref, BindingTable table, const std::string& what) {
  return resolveBufferRef(ref, table, [&what] { return what; });
}

Result<ResolvedBufferRange> resolveBufferRef(const BufferRef& ref, BindingTable table, LazyMessage what) {
  Buffer* buffer = ref.buffer.get();
  uint64_t base = 0;
  uint64_t available = 0;
  if (buffer) {
    available = buffer->size();
  } else {
    if (ref.slot >= table.size())
      return makeError(ErrorCode::OutOfRange, what() + ": binding table slot " + str(ref.slot) + " is needed but the table has " +
                                                  str(table.size()) + " entries");
    const BindingTableEntry& entry = table[ref.slot];
    if (!entry.buffer) return makeError(ErrorCode::InvalidArgument, what() + ": binding table slot " + str(ref.slot) + " is empty");
    buffer = entry.buffer.get();
    if (entry.offset > buffer->size() ||
        (entry.length != kWholeSize && entry.length > buffer->size() - entry.offset))
      return makeError(ErrorCode::OutOfRange, what() + ": binding table slot " + str(ref.slot) + " range [" + str(entry.offset) +
                                                  ", +" + (entry.length == kWholeSize ? std::string("whole") : str(entry.length)) +
                                                  ") does not fit buffer " + bufferName(*buffer) + " (" + str(buffer->size()) + " bytes)");
    base = entry.offset;
    available = entry.length == kWholeSize ? buffer->size() - entry.offset : entry.length;
  }
  if (ref.offset > available)
    return makeError(ErrorCode::OutOfRange, what() + ": offset " + str(ref.offset) + " is past the end of buffer " +
                                                bufferName(*buffer) + " (" + str(available) + " bytes available)");
  uint64_t length = available - ref.offset;
  if (ref.length != kWholeSize) {
    if (ref.buffer && ref.length > length)
      return makeError(ErrorCode::OutOfRange, what() + ": range [" + str(ref.offset) + ", +" + str(ref.length) +
                                                  ") does not fit buffer " + bufferName(*buffer) + " (" + str(buffer->size()) + " bytes)");
    length = std::min(length, ref.length);  // indirect refs are clamped to their table entry
  }
  if (length == 0) return makeError(ErrorCode::OutOfRange, what() + ": empty range of buffer " + bufferName(*buffer));
  return ResolvedBufferRange{buffer, base + ref.offset, length};
}

std::span<const uint32_t> CommandList::storeWordsInNewBlock(std::span<const uint32_t> words) {
  nextWordBlock(words.size());
  return storeWords(words);
}

void CommandList::nextWordBlock(size_t n) {
  if (!inlineWordsUsed_ && n <= kInlineWords) {
    inlineWordsUsed_ = true;
    wordsFree_ = inlineWords_.data();
    wordsLeft_ = kInlineWords;
  } else {
    // The next kept block if it is big enough, else a new one in its place (uninitialized:
    // every word is written before it is read). Blocks grow so long lists need few.
    if (wordBlocksUsed_ == wordBlocks_.size() || wordBlocks_[wordBlocksUsed_].size < n) {
      const size_t size = std::max<size_t>(n, size_t(1024) << std::min<size_t>(wordBlocksUsed_, 6));
      WordBlock block{std::unique_ptr<uint32_t[]>(new uint32_t[size]), size};
      if (wordBlocksUsed_ == wordBlocks_.size()) wordBlocks_.push_back(std::move(block));
      else wordBlocks_[wordBlocksUsed_] = std::move(block);
    }
    WordBlock& block = wordBlocks_[wordBlocksUsed_++];
    wordsFree_ = block.words.get();
    wordsLeft_ = block.size;
  }
}

std::span<const Binding> CommandList::storeBindings(std::span<const Binding> bindings) {
  if (bindings.empty()) return {};
  if (!inlineBindingsUsed_ && bindings.size() <= kInlineBindings) {
    inlineBindingsUsed_ = bindings.size();
    std::copy(bindings.begin(), bindings.end(), inlineBindings_.begin());
    return {inlineBindings_.data(), bindings.size()};
  }
  std::unique_ptr<Binding[]> copy(new Binding[bindings.size()]);
  std::copy(bindings.begin(), bindings.end(), copy.get());
  bindingLists_.push_back(std::move(copy));
  return {bindingLists_.back().get(), bindings.size()};
}

const BufferRef* CommandList::storeRef(const BufferRef& ref) {
  refs_.push_back(std::make_unique<BufferRef>(ref));
  return refs_.back().get();
}

void CommandList::retain(std::shared_ptr<const void> object) {
  if (inlineRetainedCount_ < inlineRetained_.size()) inlineRetained_[inlineRetainedCount_++] = std::move(object);
  else retained_.push_back(std::move(object));
}

void CommandList::nextChunk() {
  // size_ is at a chunk boundary: the new command starts chunk chunkOf(size_).
  const size_t chunk = chunkOf(size_);
  if (chunk > chunks_.size()) {
    void* raw = ::operator new((kInlineCommands << chunk) * sizeof(Command), std::align_val_t(alignof(Command)));
    chunks_.emplace_back(static_cast<Command*>(raw));
  }
  next_ = slotsOf(chunk);
  chunkEnd_ = next_ + (kInlineCommands << chunk);
}

void CommandList::pop_back() {
  openRun_ = nullptr;
  --size_;
  (--next_)->~Command();  // the last command is always just below next_ in the current chunk
}

void CommandList::destroyCommands() {
  (void)forEach([](const Command& c, size_t) {
    const_cast<Command&>(c).~Command();
    return okStatus();
  });
  size_ = 0;
  next_ = chunkEnd_ = nullptr;
  openRun_ = nullptr;
}

CommandList::~CommandList() { destroyCommands(); }

void CommandList::clear() {
  destroyCommands();
  inlineWordsUsed_ = false;
  wordsFree_ = nullptr;
  wordsLeft_ = 0;
  wordBlocksUsed_ = 0;
  if (wordBlocks_.size() > 4) wordBlocks_.resize(4);  // keeps up to 1024 + ... + 8192 words per pooled list
  repeats_ = 0;
  for (size_t i = 0; i < inlineBindingsUsed_; ++i) inlineBindings_[i] = Binding();
  inlineBindingsUsed_ = 0;
  bindingLists_.clear();
  refs_.clear();
  for (size_t i = 0; i < inlineRetainedCount_; ++i) inlineRetained_[i].reset();
  inlineRetainedCount_ = 0;
  retained_.clear();
}

namespace {

// Lists waiting for reuse. Never destroyed: a list may be released during static destruction
// (held by a device's last submission). The most recently released list waits in `recent`, taken
// and put back with one atomic exchange each: a program recording and submitting one command
// buffer at a time never takes the mutex (two lock/unlock pairs per submit otherwise). A single
// slot exchanged whole has no ABA problem, unlike a lock-free stack.
struct ListPool {
  std::atomic<CommandList*> recent{nullptr};
  std::mutex mutex;
  std::vector<CommandList*> free;
};
ListPool& listPool() {
  static ListPool* pool = new ListPool;
  return *pool;
}
constexpr size_t kPooledLists = 16;  // covers the command buffers a program has in flight at once

void recycleList(CommandList* list) {
  list->clear();
  ListPool& pool = listPool();
  CommandList* empty = nullptr;
  if (pool.recent.compare_exchange_strong(empty, list, std::memory_order_acq_rel)) return;
  {
    std::lock_guard<std::mutex> lock(pool.mutex);
    if (pool.free.size() < kPooledLists) {
      pool.free.push_back(list);
      return;
    }
  }
  delete list;
}

}  // namespace

std::shared_ptr<CommandList> CommandList::acquire() {
  ListPool& pool = listPool();
  CommandList* list = pool.recent.exchange(nullptr, std::memory_order_acq_rel);
  if (!list) {
    std::lock_guard<std::mutex> lock(pool.mutex);
    if (!pool.free.empty()) {
      list = pool.free.back();
      pool.free.pop_back();
    }
  }
  if (!list) list = new CommandList;
  return std::shared_ptr<CommandList>(list, recycleList);
}

}  // namespace sl::hal
