// Shared by the instruction families: the scalar types handlers are instantiated for (Half for
// 16-bit floats), denormal flushing, and component-wise loops over the active lanes.
#pragma once

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "interp/Bind.h"
#include "interp/Executor.h"

namespace sl::interp {

// IEEE binary16, computed through float: for +, -, *, / and sqrt the float result rounds to the
// correctly rounded half (float has more than 2 * 11 + 2 bits of precision).
struct Half {
  uint16_t bits = 0;
  Half() = default;
  explicit Half(float f) : bits(fromFloat(f)) {}
  operator float() const { return toFloat(bits); }

  static float toFloat(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000) << 16;
    const uint32_t exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
    uint32_t f;
    if (exponent == 0) {
      if (mantissa == 0) f = sign;
      else {
        // Subnormal half: normalise into a float.
        uint32_t m = mantissa;
        int e = -1;
        do { ++e; m <<= 1; } while (!(m & 0x400));
        f = sign | uint32_t(127 - 15 - e) << 23 | (m & 0x3ff) << 13;
      }
    } else if (exponent == 31) {
      f = sign | 0x7f800000u | mantissa << 13;
    } else {
      f = sign | (exponent + 112) << 23 | mantissa << 13;
    }
    return std::bit_cast<float>(f);
  }
  // Round to nearest even, with overflow to infinity and gradual underflow.
  static uint16_t fromFloat(float value) {
    const uint32_t f = std::bit_cast<uint32_t>(value);
    const uint32_t sign = (f >> 16) & 0x8000;
    const uint32_t absBits = f & 0x7fffffff;
    if (absBits >= 0x7f800000u) return uint16_t(sign | 0x7c00 | (absBits > 0x7f800000u ? 0x200 | ((absBits >> 13) & 0x3ff) : 0));
    if (absBits >= 0x477ff000u) return uint16_t(sign | 0x7c00);  // rounds to >= 65520: infinity
    if (absBits < 0x38800000u) {
      // Subnormal or zero half: shift the full significand into place and round.
      if (absBits < 0x33000000u) return uint16_t(sign);  // below half the smallest subnormal
      const uint32_t exponent = absBits >> 23;
      const uint32_t mantissa = (absBits & 0x7fffff) | 0x800000;
      const uint32_t shift = 126 - exponent;  // 14..24 (13 + (113 - exponent))
      uint32_t half = mantissa >> shift;
      const uint32_t rest = mantissa & ((1u << shift) - 1), halfway = 1u << (shift - 1);
      if (rest > halfway || (rest == halfway && (half & 1))) ++half;
      return uint16_t(sign | half);
    }
    uint32_t half = ((absBits >> 13) - (112u << 10));
    const uint32_t rest = absBits & 0x1fff;
    if (rest > 0x1000 || (rest == 0x1000 && (half & 1))) ++half;
    return uint16_t(sign | half);
  }
};

template <class T>
inline T loadValue(const uint8_t* p) {
  if constexpr (std::is_same_v<T, Half>) {
    Half h;
    std::memcpy(&h.bits, p, 2);
    return h;
  } else {
    return load<T>(p);
  }
}
template <class T>
inline void storeValue(uint8_t* p, T v) {
  if constexpr (std::is_same_v<T, Half>) std::memcpy(p, &v.bits, 2);
  else store<T>(p, v);
}

// Flushes an fp32 denormal to a zero of the same sign (D3D's fp32 float mode).
inline float flushDenormal(float v) {
  const uint32_t bits = std::bit_cast<uint32_t>(v);
  return (bits & 0x7f800000u) == 0 ? std::bit_cast<float>(bits & 0x80000000u) : v;
}

// Calls f(lane) for every active lane.
template <class F>
inline void forActive(SubgroupExec& exec, F&& f) {
  // Most instructions run with every lane active: a plain loop the compiler can unroll.
  if (exec.allActive()) {
    const uint32_t n = exec.width();
    for (uint32_t lane = 0; lane < n; ++lane) f(lane);
    return;
  }
  exec.active().forEach(f);
}

// r = f(a, b) for every active lane, scalars of types A, B -> R. With every lane active and the
// operands packed (registers) or uniform (constants), the loop runs over plain arrays, which the
// compiler vectorizes.
template <class A, class B, class R, class F>
inline void scalarBinary(SubgroupExec& exec, const Ref& a, const Ref& b, const Ref& r, F&& f) {
  if (exec.allActive() && r.stride == sizeof(R)) {
    const uint32_t n = exec.width();
    uint8_t* out = r.base;
    if (a.stride == sizeof(A) && b.stride == sizeof(B)) {
      for (uint32_t l = 0; l < n; ++l) store<R>(out + l * sizeof(R), f(load<A>(a.base + l * sizeof(A)), load<B>(b.base + l * sizeof(B))));
      return;
    }
    if (a.stride == sizeof(A) && b.stride == 0) {
      const B y = load<B>(b.base);
      for (uint32_t l = 0; l < n; ++l) store<R>(out + l * sizeof(R), f(load<A>(a.base + l * sizeof(A)), y));
      return;
    }
    if (a.stride == 0 && b.stride == sizeof(B)) {
      const A x = load<A>(a.base);
      for (uint32_t l = 0; l < n; ++l) store<R>(out + l * sizeof(R), f(x, load<B>(b.base + l * sizeof(B))));
      return;
    }
  }
  forActive(exec, [&](uint32_t lane) { store<R>(r.at(lane), f(load<A>(a.at(lane)), load<B>(b.at(lane)))); });
}

// The scalar type a handler works on, by (kind, width, signedness).
enum class Scalar { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64, Other };
inline Scalar scalarOf(const Module& m, uint32_t typeId) {
  const Type& t = m.type(typeId);
  const Type& s = m.type(t.scalar ? t.scalar : typeId);
  switch (s.kind) {
    case TypeKind::Bool: return Scalar::Bool;
    case TypeKind::Float: return s.width == 16 ? Scalar::F16 : s.width == 32 ? Scalar::F32 : Scalar::F64;
    case TypeKind::Int:
      switch (s.width) {
        case 8: return s.isSigned ? Scalar::I8 : Scalar::U8;
        case 16: return s.isSigned ? Scalar::I16 : Scalar::U16;
        case 32: return s.isSigned ? Scalar::I32 : Scalar::U32;
        default: return s.isSigned ? Scalar::I64 : Scalar::U64;
      }
    default: return Scalar::Other;
  }
}
inline uint32_t componentsOf(const Module& m, uint32_t typeId) {
  const Type& t = m.type(typeId);
  return t.components ? t.components : 1;
}
inline uint32_t intWidth(Scalar s) {
  switch (s) {
    case Scalar::I8: case Scalar::U8: return 8;
    case Scalar::I16: case Scalar::U16: case Scalar::F16: return 16;
    case Scalar::I32: case Scalar::U32: case Scalar::F32: return 32;
    case Scalar::I64: case Scalar::U64: case Scalar::F64: return 64;
    default: return 0;
  }
}
inline bool isFloat(Scalar s) { return s == Scalar::F16 || s == Scalar::F32 || s == Scalar::F64; }

// Calls f.template operator()<U>() with the unsigned integer type of `width` bits.
template <class F>
inline auto withUnsigned(uint32_t width, F&& f) {
  switch (width) {
    case 8: return f.template operator()<uint8_t>();
    case 16: return f.template operator()<uint16_t>();
    case 32: return f.template operator()<uint32_t>();
    default: return f.template operator()<uint64_t>();
  }
}
// The same for float types (16 → Half).
template <class F>
inline auto withFloat(uint32_t width, F&& f) {
  switch (width) {
    case 16: return f.template operator()<Half>();
    case 32: return f.template operator()<float>();
    default: return f.template operator()<double>();
  }
}

}  // namespace sl::interp
