// Values as the executor holds them: lane masks, pointers and resource handles in register form,
// and unaligned loads/stores of scalars (register slots are packed, not aligned).
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace sl::interp {

// The lanes of a subgroup (up to 128) that take part in an instruction.
struct Mask {
  uint64_t w[2] = {0, 0};

  static Mask firstN(uint32_t n) {
    Mask m;
    if (n >= 64) {
      m.w[0] = ~0ull;
      m.w[1] = n >= 128 ? ~0ull : (n == 64 ? 0 : (~0ull >> (128 - n)));
    } else {
      m.w[0] = n == 0 ? 0 : (~0ull >> (64 - n));
    }
    return m;
  }
  static Mask lane(uint32_t l) {
    Mask m;
    m.w[l >> 6] = 1ull << (l & 63);
    return m;
  }
  bool test(uint32_t l) const { return (w[l >> 6] >> (l & 63)) & 1; }
  void set(uint32_t l) { w[l >> 6] |= 1ull << (l & 63); }
  void reset(uint32_t l) { w[l >> 6] &= ~(1ull << (l & 63)); }
  bool none() const { return (w[0] | w[1]) == 0; }
  bool any() const { return !none(); }
  // SWAR: without -mpopcnt, std::popcount is a libgcc call on every block.
  static uint32_t popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return uint32_t((x * 0x0101010101010101ull) >> 56);
  }
  uint32_t count() const { return popcount64(w[0]) + popcount64(w[1]); }
  // Lowest set lane, or 128 when none.
  uint32_t first() const { return w[0] ? uint32_t(std::countr_zero(w[0])) : w[1] ? 64 + uint32_t(std::countr_zero(w[1])) : 128; }
  uint32_t last() const { return w[1] ? 127 - uint32_t(std::countl_zero(w[1])) : w[0] ? 63 - uint32_t(std::countl_zero(w[0])) : 128; }
  Mask operator&(const Mask& o) const { return {{w[0] & o.w[0], w[1] & o.w[1]}}; }
  Mask operator|(const Mask& o) const { return {{w[0] | o.w[0], w[1] | o.w[1]}}; }
  Mask andNot(const Mask& o) const { return {{w[0] & ~o.w[0], w[1] & ~o.w[1]}}; }
  bool operator==(const Mask& o) const { return w[0] == o.w[0] && w[1] == o.w[1]; }
  bool operator!=(const Mask& o) const { return !(*this == o); }

  // Calls f(lane) for each set lane, lowest first.
  template <class F>
  void forEach(F&& f) const {
    for (uint32_t word = 0; word < 2; ++word) {
      uint64_t bits = w[word];
      while (bits) {
        const uint32_t lane = word * 64 + uint32_t(std::countr_zero(bits));
        bits &= bits - 1;
        f(lane);
      }
    }
  }
};

// Memory objects a pointer can name (Pointer::object's top bits).
enum class ObjectKind : uint32_t {
  Null = 0,
  LaneStack = 1,      // the lane's Function-storage variables (offset into its stack)
  LanePrivate = 2,    // the lane's Private variables
  LaneInput = 3,      // the lane's Input variables (built-ins)
  Workgroup = 4,      // the workgroup's shared memory
  PushConstant = 5,
  Buffer = 6,         // a resolved buffer descriptor (index into the run's buffer table)
  Descriptor = 7,     // an image/sampler descriptor variable (index: global variable)
  OutOfBounds = 8,    // an access chain left its array: loads read zero, stores are dropped
  ImageTexel = 9,     // OpImageTexelPointer: a texel of a storage image or texel buffer (index: handle slot)
};
constexpr uint32_t kObjectKindShift = 27;
constexpr uint32_t kObjectIndexMask = (1u << kObjectKindShift) - 1;
constexpr uint32_t makeObject(ObjectKind kind, uint32_t index) { return (uint32_t(kind) << kObjectKindShift) | (index & kObjectIndexMask); }
constexpr ObjectKind objectKind(uint32_t object) { return ObjectKind(object >> kObjectKindShift); }
constexpr uint32_t objectIndex(uint32_t object) { return object & kObjectIndexMask; }

// A logical pointer in register form: the memory object, the layout node of the pointee, and
// the byte offset inside the object (for descriptor variables: the array element).
struct Pointer {
  uint32_t object = 0;
  uint32_t layout = 0;
  uint64_t offset = 0;
};
static_assert(sizeof(Pointer) == 16);

// An image, sampler or sampled image in register form: the descriptor variable and array
// element of the image and of the sampler (kNone when absent).
struct Handle {
  uint32_t imageVar = kNone, imageIndex = 0;
  uint32_t samplerVar = kNone, samplerIndex = 0;
  static constexpr uint32_t kNone = ~0u;
};
static_assert(sizeof(Handle) == 16);

template <class T>
inline T load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}
template <class T>
inline void store(uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

}  // namespace sl::interp
