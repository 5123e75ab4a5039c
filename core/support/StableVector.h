// A growable array whose elements never move: appending allocates a new chunk instead of
// reallocating, so references, pointers and iterators to existing elements stay valid while
// the array grows (like std::deque), and elements of one chunk are contiguous (unlike a deque
// of large elements, which libstdc++ allocates one or a few per 512-byte block).
//
// The IR's tables use it: passes append instructions, nodes, types and constants while holding
// references to others, which with std::vector dangled whenever the table reallocated.
//
// Chunks hold a fixed kChunk elements, so element i is chunk i / kChunk, slot i % kChunk: a shift,
// a mask and one load, as cheap as it gets for the IR's hottest accessor.
#pragma once

#include <cstddef>
#include <iterator>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace sl {

template <class T>
class StableVector {
  static constexpr size_t kChunkShift = 4;
  static constexpr size_t kChunk = size_t(1) << kChunkShift;

 public:
  using value_type = T;
  using size_type = size_t;
  using reference = T&;
  using const_reference = const T&;

  template <bool Const>
  class Iterator {
    using Owner = std::conditional_t<Const, const StableVector, StableVector>;

   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = std::conditional_t<Const, const T*, T*>;
    using reference = std::conditional_t<Const, const T&, T&>;

    Iterator() = default;
    Iterator(Owner* owner, size_t i) : owner_(owner), i_(i) {}
    operator Iterator<true>() const requires(!Const) { return {owner_, i_}; }  // NOLINT: iterator -> const_iterator

    reference operator*() const { return (*owner_)[i_]; }
    pointer operator->() const { return &(*owner_)[i_]; }
    reference operator[](difference_type n) const { return (*owner_)[i_ + n]; }
    Iterator& operator++() { ++i_; return *this; }
    Iterator operator++(int) { Iterator old = *this; ++i_; return old; }
    Iterator& operator--() { --i_; return *this; }
    Iterator operator--(int) { Iterator old = *this; --i_; return old; }
    Iterator& operator+=(difference_type n) { i_ += n; return *this; }
    Iterator& operator-=(difference_type n) { i_ -= n; return *this; }
    friend Iterator operator+(Iterator it, difference_type n) { return it += n; }
    friend Iterator operator+(difference_type n, Iterator it) { return it += n; }
    friend Iterator operator-(Iterator it, difference_type n) { return it -= n; }
    friend difference_type operator-(const Iterator& a, const Iterator& b) {
      return static_cast<difference_type>(a.i_) - static_cast<difference_type>(b.i_);
    }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.i_ == b.i_; }
    friend auto operator<=>(const Iterator& a, const Iterator& b) { return a.i_ <=> b.i_; }

   private:
    Owner* owner_ = nullptr;
    size_t i_ = 0;
  };
  using iterator = Iterator<false>;
  using const_iterator = Iterator<true>;

  StableVector() = default;
  StableVector(const StableVector& other) {
    for (const T& v : other) push_back(v);
  }
  StableVector(StableVector&& other) noexcept : chunks_(std::move(other.chunks_)), size_(other.size_) {
    other.chunks_.clear();
    other.size_ = 0;
  }
  StableVector& operator=(const StableVector& other) {
    if (this != &other) {
      StableVector copy(other);
      swap(copy);
    }
    return *this;
  }
  StableVector& operator=(StableVector&& other) noexcept {
    if (this != &other) {
      StableVector moved(std::move(other));
      swap(moved);
    }
    return *this;
  }
  ~StableVector() { release(); }

  void swap(StableVector& other) noexcept {
    chunks_.swap(other.chunks_);
    std::swap(size_, other.size_);
  }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }

  T& operator[](size_t i) { return *slot(i); }
  const T& operator[](size_t i) const { return *slot(i); }
  T& front() { return (*this)[0]; }
  const T& front() const { return (*this)[0]; }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  iterator begin() { return {this, 0}; }
  iterator end() { return {this, size_}; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  void push_back(const T& value) { emplace_back(value); }
  void push_back(T&& value) { emplace_back(std::move(value)); }
  template <class... Args>
  T& emplace_back(Args&&... args) {
    if ((size_ >> kChunkShift) == chunks_.size())
      chunks_.push_back(static_cast<T*>(::operator new(kChunk * sizeof(T), std::align_val_t(alignof(T)))));
    T* at = slot(size_);
    ::new (static_cast<void*>(at)) T(std::forward<Args>(args)...);
    ++size_;
    return *at;
  }
  void pop_back() {
    slot(size_ - 1)->~T();
    --size_;
  }
  // Destroys every element; keeps the chunks for reuse.
  void clear() {
    while (size_) pop_back();
  }

 private:
  T* slot(size_t i) const { return chunks_[i >> kChunkShift] + (i & (kChunk - 1)); }
  void release() {
    clear();
    for (T* chunk : chunks_) ::operator delete(static_cast<void*>(chunk), std::align_val_t(alignof(T)));
    chunks_.clear();
  }

  std::vector<T*> chunks_;
  size_t size_ = 0;
};

}  // namespace sl
