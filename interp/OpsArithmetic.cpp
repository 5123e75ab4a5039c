// Integer, float, logical and relational instructions, component-wise, for every width.
// Where SPIR-V leaves a result undefined (division by zero, INT_MIN / -1, shifts by the width or
// more) the executor gives a defined value — D3D's where it has one — and warns.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/OpsCommon.h"

namespace sl::interp {

namespace {

uint64_t readUnsigned(const uint8_t* p, uint32_t width) {
  uint64_t v = 0;
  std::memcpy(&v, p, width / 8);
  return v;
}
void writeUnsigned(uint8_t* p, uint32_t width, uint64_t v) { std::memcpy(p, &v, width / 8); }

template <class U>
using S = std::make_signed_t<U>;

constexpr uint32_t kUndefinedKind = 20;  // diagnostic kind for "undefined result"

// ---- integer binary ----------------------------------------------------------------------------

struct IAdd { template <class U> static U apply(U a, U b, bool&) { return U(a + b); } };
struct ISub { template <class U> static U apply(U a, U b, bool&) { return U(a - b); } };
struct IMul { template <class U> static U apply(U a, U b, bool&) { return U(uint64_t(a) * uint64_t(b)); } };
struct UDiv {
  template <class U> static U apply(U a, U b, bool& undefined) {
    if (b == 0) return undefined = true, U(~U(0));  // D3D: 0xffffffff
    return U(a / b);
  }
};
struct UMod {
  template <class U> static U apply(U a, U b, bool& undefined) {
    if (b == 0) return undefined = true, U(~U(0));
    return U(a % b);
  }
};
struct SDiv {
  template <class U> static U apply(U a, U b, bool& undefined) {
    const S<U> x = S<U>(a), y = S<U>(b);
    if (y == 0) return undefined = true, U(~U(0));
    if (y == -1) return U(U(0) - a);  // INT_MIN / -1 wraps
    return U(x / y);
  }
};
struct SRem {
  template <class U> static U apply(U a, U b, bool& undefined) {
    const S<U> x = S<U>(a), y = S<U>(b);
    if (y == 0) return undefined = true, U(~U(0));
    if (y == -1) return 0;
    return U(x % y);
  }
};
struct SMod {
  template <class U> static U apply(U a, U b, bool& undefined) {
    const S<U> x = S<U>(a), y = S<U>(b);
    if (y == 0) return undefined = true, U(~U(0));
    if (y == -1) return 0;
    S<U> r = S<U>(x % y);
    if (r != 0 && ((r < 0) != (y < 0))) r = S<U>(r + y);
    return U(r);
  }
};
struct BitwiseAnd { template <class U> static U apply(U a, U b, bool&) { return U(a & b); } };
struct BitwiseOr { template <class U> static U apply(U a, U b, bool&) { return U(a | b); } };
struct BitwiseXor { template <class U> static U apply(U a, U b, bool&) { return U(a ^ b); } };

template <class U, class F>
void intBinary(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  bool undefined = false;
  if (n == 1) {
    scalarBinary<U, U, U>(exec, a, b, r, [&](U x, U y) { return F::apply(x, y, undefined); });
    if (!undefined) [[likely]]
      return;
    undefined = false;  // find the lanes to warn about (their results are already written)
    forActive(exec, [&](uint32_t lane) {
      bool bad = false;
      F::apply(load<U>(a.at(lane)), load<U>(b.at(lane)), bad);
      if (bad) exec.warning(inst, lane, "integer division by zero (the result is undefined; the CPU device gives all ones)", kUndefinedKind);
    });
    return;
  }
  forActive(exec, [&](uint32_t lane) {
    const uint8_t* pa = a.at(lane);
    const uint8_t* pb = b.at(lane);
    uint8_t* pr = r.at(lane);
    for (uint32_t k = 0; k < n; ++k) store<U>(pr + k * sizeof(U), F::apply(load<U>(pa + k * sizeof(U)), load<U>(pb + k * sizeof(U)), undefined));
    if (undefined) [[unlikely]] {
      exec.warning(inst, lane, "integer division by zero (the result is undefined; the CPU device gives all ones)", kUndefinedKind);
      undefined = false;
    }
  });
}

// Shifts: the shift operand may have another width; amounts of the width or more are undefined
// (the CPU device uses the amount modulo the width, as GPUs do).
enum class ShiftKind { Left, RightLogical, RightArithmetic };
template <class U, ShiftKind K>
void shiftSameWidth(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  constexpr uint32_t bits = sizeof(U) * 8;
  bool wide = false;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      const U amount = load<U>(b.at(lane) + k * sizeof(U));
      wide |= amount >= bits;
      const uint32_t s = uint32_t(amount % bits);
      const U v = load<U>(a.at(lane) + k * sizeof(U));
      U out;
      if constexpr (K == ShiftKind::Left) out = U(uint64_t(v) << s);
      else if constexpr (K == ShiftKind::RightLogical) out = U(v >> s);
      else out = U(S<U>(v) >> s);
      store<U>(r.at(lane) + k * sizeof(U), out);
    }
  });
  if (wide) [[unlikely]] {
    forActive(exec, [&](uint32_t lane) {
      for (uint32_t k = 0; k < n; ++k)
        if (load<U>(b.at(lane) + k * sizeof(U)) >= bits) {
          exec.warning(inst, lane, "shift by the operand's width or more (undefined; the CPU device shifts by the amount modulo the width)", kUndefinedKind);
          return;
        }
    });
  }
}

template <class U, ShiftKind K>
void shift(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux, shiftWidth = inst.aux2;
  constexpr uint32_t bits = sizeof(U) * 8;
  bool wide = false;
  forActive(exec, [&](uint32_t lane) {
    const uint8_t* pa = a.at(lane);
    const uint8_t* pb = b.at(lane);
    uint8_t* pr = r.at(lane);
    for (uint32_t k = 0; k < n; ++k) {
      const uint64_t amount = readUnsigned(pb + k * (shiftWidth / 8), shiftWidth);
      wide |= amount >= bits;
      const uint32_t s = uint32_t(amount % bits);
      const U v = load<U>(pa + k * sizeof(U));
      U out;
      if constexpr (K == ShiftKind::Left) out = U(uint64_t(v) << s);
      else if constexpr (K == ShiftKind::RightLogical) out = U(v >> s);
      else out = U(S<U>(v) >> s);
      store<U>(pr + k * sizeof(U), out);
    }
    if (wide) [[unlikely]] {
      exec.warning(inst, lane, "shift by the operand's width or more (undefined; the CPU device shifts by the amount modulo the width)", kUndefinedKind);
      wide = false;
    }
  });
}

// ---- integer unary -----------------------------------------------------------------------------

template <class U>
void sNegate(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) store<U>(r.at(lane) + k * sizeof(U), U(U(0) - load<U>(a.at(lane) + k * sizeof(U))));
  });
}
template <class U>
void bitwiseNot(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) store<U>(r.at(lane) + k * sizeof(U), U(~load<U>(a.at(lane) + k * sizeof(U))));
  });
}
template <class U>
void bitReverse(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      U v = load<U>(a.at(lane) + k * sizeof(U)), out = 0;
      for (uint32_t bit = 0; bit < sizeof(U) * 8; ++bit) out = U(out | (((v >> bit) & 1) << (sizeof(U) * 8 - 1 - bit)));
      store<U>(r.at(lane) + k * sizeof(U), out);
    }
  });
}
// BitCount: the result may have another width than the operand (aux2: operand width).
void bitCount(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux, width = inst.aux2, resultWidth = (inst.result.stride / n) * 8;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k)
      writeUnsigned(r.at(lane) + k * (resultWidth / 8), resultWidth, uint64_t(std::popcount(readUnsigned(a.at(lane) + k * (width / 8), width))));
  });
}

// BitFieldInsert/SExtract/UExtract: Offset and Count are scalars of any integer width.
template <class U>
void bitField(SubgroupExec& exec, const Inst& inst) {
  const bool insert = inst.opcode == spv::OpBitFieldInsert;
  const Ref base = exec.operand(inst, 0), insertRef = exec.operand(inst, 1);
  const Ref offsetRef = exec.operand(inst, insert ? 2 : 1), countRef = exec.operand(inst, insert ? 3 : 2), r = exec.result(inst);
  const uint32_t n = inst.aux, offsetWidth = inst.aux2 & 0xff, countWidth = inst.aux2 >> 8;
  constexpr uint32_t bits = sizeof(U) * 8;
  forActive(exec, [&](uint32_t lane) {
    const uint64_t offset = readUnsigned(offsetRef.at(lane), offsetWidth), count = readUnsigned(countRef.at(lane), countWidth);
    if (offset > bits || count > bits || offset + count > bits) {
      exec.warning(inst, lane, "bit field offset + count exceeds the width (undefined; the CPU device clamps)", kUndefinedKind);
    }
    const uint32_t o = uint32_t(std::min<uint64_t>(offset, bits)), c = uint32_t(std::min<uint64_t>(count, bits - o));
    const uint64_t mask = c >= 64 ? ~uint64_t(0) : ((uint64_t(1) << c) - 1);
    for (uint32_t k = 0; k < n; ++k) {
      const uint64_t v = load<U>(base.at(lane) + k * sizeof(U));
      uint64_t out;
      if (insert) {
        const uint64_t ins = load<U>(insertRef.at(lane) + k * sizeof(U));
        out = (v & ~(mask << o)) | ((ins & mask) << o);
      } else {
        out = (v >> o) & mask;
        if (inst.opcode == spv::OpBitFieldSExtract && c > 0 && c < 64 && ((out >> (c - 1)) & 1)) out |= ~mask;
      }
      store<U>(r.at(lane) + k * sizeof(U), U(out));
    }
  });
}

// IAddCarry, ISubBorrow, UMulExtended, SMulExtended: a struct of two vectors.
template <class U>
void extended(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  constexpr uint32_t bits = sizeof(U) * 8;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      const U x = load<U>(a.at(lane) + k * sizeof(U)), y = load<U>(b.at(lane) + k * sizeof(U));
      U low = 0, high = 0;
      switch (spv::Op(inst.opcode)) {
        case spv::OpIAddCarry: low = U(x + y); high = low < x; break;
        case spv::OpISubBorrow: low = U(x - y); high = y > x; break;
        case spv::OpUMulExtended:
        case spv::OpSMulExtended: {
          if constexpr (bits == 64) {
            if (inst.opcode == spv::OpUMulExtended) {
              const unsigned __int128 p = (unsigned __int128)x * y;
              low = U(p), high = U(p >> 64);
            } else {
              const __int128 p = (__int128)int64_t(x) * int64_t(y);
              low = U(uint64_t(p)), high = U(uint64_t(p >> 64));
            }
          } else {
            const uint64_t p = inst.opcode == spv::OpUMulExtended ? uint64_t(x) * uint64_t(y) : uint64_t(int64_t(S<U>(x)) * int64_t(S<U>(y)));
            low = U(p), high = U(p >> bits);
          }
          break;
        }
        default: break;
      }
      store<U>(r.at(lane) + k * sizeof(U), low);
      store<U>(r.at(lane) + (n + k) * sizeof(U), high);
    }
  });
}

// ---- integer comparisons ---------------------------------------------------------------------

enum class IntCompare { Eq, Ne, UGt, SGt, UGe, SGe, ULt, SLt, ULe, SLe };
template <class U, IntCompare C>
bool compareInts(U x, U y) {
  if constexpr (C == IntCompare::Eq) return x == y;
  else if constexpr (C == IntCompare::Ne) return x != y;
  else if constexpr (C == IntCompare::UGt) return x > y;
  else if constexpr (C == IntCompare::SGt) return S<U>(x) > S<U>(y);
  else if constexpr (C == IntCompare::UGe) return x >= y;
  else if constexpr (C == IntCompare::SGe) return S<U>(x) >= S<U>(y);
  else if constexpr (C == IntCompare::ULt) return x < y;
  else if constexpr (C == IntCompare::SLt) return S<U>(x) < S<U>(y);
  else if constexpr (C == IntCompare::ULe) return x <= y;
  else return S<U>(x) <= S<U>(y);
}

template <class U, IntCompare C>
void intCompare(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  if (n == 1) {
    scalarBinary<U, U, uint8_t>(exec, a, b, r, [](U x, U y) { return uint8_t(compareInts<U, C>(x, y)); });
    return;
  }
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      const U x = load<U>(a.at(lane) + k * sizeof(U)), y = load<U>(b.at(lane) + k * sizeof(U));
      bool v;
      if constexpr (C == IntCompare::Eq) v = x == y;
      else if constexpr (C == IntCompare::Ne) v = x != y;
      else if constexpr (C == IntCompare::UGt) v = x > y;
      else if constexpr (C == IntCompare::SGt) v = S<U>(x) > S<U>(y);
      else if constexpr (C == IntCompare::UGe) v = x >= y;
      else if constexpr (C == IntCompare::SGe) v = S<U>(x) >= S<U>(y);
      else if constexpr (C == IntCompare::ULt) v = x < y;
      else if constexpr (C == IntCompare::SLt) v = S<U>(x) < S<U>(y);
      else if constexpr (C == IntCompare::ULe) v = x <= y;
      else v = S<U>(x) <= S<U>(y);
      r.at(lane)[k] = v;
    }
  });
}

// ---- floats -----------------------------------------------------------------------------------

struct FAdd { template <class T> static T apply(T a, T b) { return T(a + b); } };
struct FSub { template <class T> static T apply(T a, T b) { return T(a - b); } };
struct FMul { template <class T> static T apply(T a, T b) { return T(a * b); } };
struct FDiv { template <class T> static T apply(T a, T b) { return T(a / b); } };
struct FRem { template <class T> static T apply(T a, T b) { return T(std::fmod(a, b)); } };  // sign of a
struct FMod {  // sign of b
  template <class T> static T apply(T a, T b) {
    T r = T(std::fmod(a, b));
    if (r != 0 && ((r < 0) != (b < 0))) r = T(r + b);
    return r;
  }
};

template <class T>
inline T arithmetic(T v) { return v; }

template <class T, class F>
void floatBinary(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  if constexpr (std::is_same_v<T, Half>) {
    forActive(exec, [&](uint32_t lane) {
      for (uint32_t k = 0; k < n; ++k)
        storeValue(r.at(lane) + k * 2, Half(F::apply(float(loadValue<Half>(a.at(lane) + k * 2)), float(loadValue<Half>(b.at(lane) + k * 2)))));
    });
  } else if constexpr (std::is_same_v<T, float>) {
    if (n == 1 && !exec.flushFp32()) {
      scalarBinary<float, float, float>(exec, a, b, r, [](float x, float y) { return F::apply(x, y); });
      return;
    }
    if (exec.flushFp32()) {
      forActive(exec, [&](uint32_t lane) {
        for (uint32_t k = 0; k < n; ++k)
          store<float>(r.at(lane) + k * 4, flushDenormal(F::apply(flushDenormal(load<float>(a.at(lane) + k * 4)), flushDenormal(load<float>(b.at(lane) + k * 4)))));
      });
      return;
    }
    forActive(exec, [&](uint32_t lane) {
      for (uint32_t k = 0; k < n; ++k) store<float>(r.at(lane) + k * 4, F::apply(load<float>(a.at(lane) + k * 4), load<float>(b.at(lane) + k * 4)));
    });
  } else {
    forActive(exec, [&](uint32_t lane) {
      for (uint32_t k = 0; k < n; ++k) store<T>(r.at(lane) + k * sizeof(T), F::apply(load<T>(a.at(lane) + k * sizeof(T)), load<T>(b.at(lane) + k * sizeof(T))));
    });
  }
}

template <class T>
void fNegate(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  constexpr uint32_t size = std::is_same_v<T, Half> ? 2 : sizeof(T);
  forActive(exec, [&](uint32_t lane) {
    // Negation flips the sign bit only (NaN payloads kept).
    for (uint32_t k = 0; k < n; ++k) {
      uint8_t* out = r.at(lane) + k * size;
      std::memcpy(out, a.at(lane) + k * size, size);
      out[size - 1] ^= 0x80;
    }
  });
}

enum class FloatCompare { OEq, UEq, ONe, UNe, OLt, ULt, OGt, UGt, OLe, ULe, OGe, UGe };
template <class T, FloatCompare C>
void floatCompare(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  constexpr uint32_t size = std::is_same_v<T, Half> ? 2 : sizeof(T);
  const bool flush = std::is_same_v<T, float> && exec.flushFp32();
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      double x = double(float(loadValue<T>(a.at(lane) + k * size))), y;
      if constexpr (std::is_same_v<T, double>) x = load<double>(a.at(lane) + k * size), y = load<double>(b.at(lane) + k * size);
      else y = double(float(loadValue<T>(b.at(lane) + k * size)));
      if (flush) x = flushDenormal(float(x)), y = flushDenormal(float(y));
      const bool unordered = std::isnan(x) || std::isnan(y);
      bool v;
      switch (C) {
        case FloatCompare::OEq: v = !unordered && x == y; break;
        case FloatCompare::UEq: v = unordered || x == y; break;
        case FloatCompare::ONe: v = !unordered && x != y; break;
        case FloatCompare::UNe: v = unordered || x != y; break;
        case FloatCompare::OLt: v = !unordered && x < y; break;
        case FloatCompare::ULt: v = unordered || x < y; break;
        case FloatCompare::OGt: v = !unordered && x > y; break;
        case FloatCompare::UGt: v = unordered || x > y; break;
        case FloatCompare::OLe: v = !unordered && x <= y; break;
        case FloatCompare::ULe: v = unordered || x <= y; break;
        case FloatCompare::OGe: v = !unordered && x >= y; break;
        default: v = unordered || x >= y; break;
      }
      r.at(lane)[k] = v;
    }
  });
}

enum class FloatClass { IsNan, IsInf, IsFinite, IsNormal, SignBitSet };
template <class T, FloatClass C>
void floatClass(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  constexpr uint32_t size = std::is_same_v<T, Half> ? 2 : sizeof(T);
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      double x;
      if constexpr (std::is_same_v<T, double>) x = load<double>(a.at(lane) + k * size);
      else x = float(loadValue<T>(a.at(lane) + k * size));
      bool v;
      if constexpr (C == FloatClass::IsNan) v = std::isnan(x);
      else if constexpr (C == FloatClass::IsInf) v = std::isinf(x);
      else if constexpr (C == FloatClass::IsFinite) v = std::isfinite(x);
      else if constexpr (C == FloatClass::SignBitSet) v = std::signbit(x);
      else {
        // Normal in the operand's own width (a half normal is not a float denormal).
        if constexpr (std::is_same_v<T, Half>) { const uint16_t e = (loadValue<Half>(a.at(lane) + k * 2).bits >> 10) & 0x1f; v = e != 0 && e != 31; }
        else v = std::isnormal(T(x));
      }
      r.at(lane)[k] = v;
    }
  });
}

// ---- logical ----------------------------------------------------------------------------------

enum class Logical { Or, And, Equal, NotEqual };
template <Logical L>
void logicalBinary(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), b = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      const bool x = a.at(lane)[k] != 0, y = b.at(lane)[k] != 0;
      bool v;
      if constexpr (L == Logical::Or) v = x || y;
      else if constexpr (L == Logical::And) v = x && y;
      else if constexpr (L == Logical::Equal) v = x == y;
      else v = x != y;
      r.at(lane)[k] = v;
    }
  });
}
void logicalNot(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  if (n == 1 && exec.allActive() && a.stride == 1) {
    for (uint32_t l = 0, w = exec.width(); l < w; ++l) r.base[l] = a.base[l] == 0;
    return;
  }
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) r.at(lane)[k] = a.at(lane)[k] == 0;
  });
}
template <bool All>
void anyAll(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    bool v = All;
    for (uint32_t k = 0; k < n; ++k) v = All ? (v && a.at(lane)[k]) : (v || a.at(lane)[k]);
    *r.at(lane) = v;
  });
}

// ---- binding ----------------------------------------------------------------------------------

template <class F>
Handler intBinaryFor(uint32_t width) {
  return withUnsigned(width, []<class U>() -> Handler { return intBinary<U, F>; });
}
template <class F>
Handler floatBinaryFor(uint32_t width) {
  return withFloat(width, []<class T>() -> Handler { return floatBinary<T, F>; });
}
template <IntCompare C>
Handler intCompareFor(uint32_t width) {
  return withUnsigned(width, []<class U>() -> Handler { return intCompare<U, C>; });
}
template <FloatCompare C>
Handler floatCompareFor(uint32_t width) {
  return withFloat(width, []<class T>() -> Handler { return floatCompare<T, C>; });
}
template <FloatClass C>
Handler floatClassFor(uint32_t width) {
  return withFloat(width, []<class T>() -> Handler { return floatClass<T, C>; });
}
template <ShiftKind K>
Handler shiftFor(uint32_t width, uint32_t shiftWidth) {
  if (width == shiftWidth) return withUnsigned(width, []<class U>() -> Handler { return shiftSameWidth<U, K>; });
  return withUnsigned(width, []<class U>() -> Handler { return shift<U, K>; });
}

}  // namespace

bool bindArithmetic(BindContext& c) {
  Inst& inst = c.inst;
  const Module& m = c.module;
  const auto op = spv::Op(inst.opcode);
  const uint32_t resultComponents = inst.typeId ? componentsOf(m, inst.typeId) : 1;
  // Operand 0's scalar decides the width of comparisons and classifications.
  const uint32_t operandType = inst.operandCount ? c.operandType(0) : 0;
  const Scalar operandScalar = operandType ? scalarOf(m, operandType) : Scalar::Other;
  const uint32_t operandWidth = intWidth(operandScalar);
  const uint32_t resultWidth = inst.typeId ? intWidth(scalarOf(m, inst.typeId)) : 0;
  // Binders leave the instruction untouched unless they take it (the decoder's aux survives).
  const uint32_t decodedAux = inst.aux, decodedAux2 = inst.aux2;
  inst.aux = resultComponents;
  Handler h = nullptr;
  switch (op) {
    case spv::OpIAdd: h = intBinaryFor<IAdd>(resultWidth); break;
    case spv::OpISub: h = intBinaryFor<ISub>(resultWidth); break;
    case spv::OpIMul: h = intBinaryFor<IMul>(resultWidth); break;
    case spv::OpUDiv: h = intBinaryFor<UDiv>(resultWidth); break;
    case spv::OpSDiv: h = intBinaryFor<SDiv>(resultWidth); break;
    case spv::OpUMod: h = intBinaryFor<UMod>(resultWidth); break;
    case spv::OpSRem: h = intBinaryFor<SRem>(resultWidth); break;
    case spv::OpSMod: h = intBinaryFor<SMod>(resultWidth); break;
    case spv::OpBitwiseAnd: h = intBinaryFor<BitwiseAnd>(resultWidth); break;
    case spv::OpBitwiseOr: h = intBinaryFor<BitwiseOr>(resultWidth); break;
    case spv::OpBitwiseXor: h = intBinaryFor<BitwiseXor>(resultWidth); break;
    case spv::OpShiftLeftLogical:
    case spv::OpShiftRightLogical:
    case spv::OpShiftRightArithmetic: {
      inst.aux2 = intWidth(scalarOf(m, c.operandType(1)));
      h = op == spv::OpShiftLeftLogical ? shiftFor<ShiftKind::Left>(resultWidth, inst.aux2)
          : op == spv::OpShiftRightLogical ? shiftFor<ShiftKind::RightLogical>(resultWidth, inst.aux2)
                                           : shiftFor<ShiftKind::RightArithmetic>(resultWidth, inst.aux2);
      break;
    }
    case spv::OpSNegate: h = withUnsigned(resultWidth, []<class U>() -> Handler { return sNegate<U>; }); break;
    case spv::OpNot: h = withUnsigned(resultWidth, []<class U>() -> Handler { return bitwiseNot<U>; }); break;
    case spv::OpBitReverse: h = withUnsigned(resultWidth, []<class U>() -> Handler { return bitReverse<U>; }); break;
    case spv::OpBitCount: inst.aux2 = operandWidth; h = bitCount; break;
    case spv::OpBitFieldInsert:
    case spv::OpBitFieldSExtract:
    case spv::OpBitFieldUExtract: {
      const bool insert = op == spv::OpBitFieldInsert;
      inst.aux2 = intWidth(scalarOf(m, c.operandType(insert ? 2 : 1))) | intWidth(scalarOf(m, c.operandType(insert ? 3 : 2))) << 8;
      h = withUnsigned(resultWidth, []<class U>() -> Handler { return bitField<U>; });
      break;
    }
    case spv::OpIAddCarry:
    case spv::OpISubBorrow:
    case spv::OpUMulExtended:
    case spv::OpSMulExtended:
      inst.aux = componentsOf(m, c.operandType(0));
      h = withUnsigned(operandWidth, []<class U>() -> Handler { return extended<U>; });
      break;
    case spv::OpIEqual: h = intCompareFor<IntCompare::Eq>(operandWidth); break;
    case spv::OpINotEqual: h = intCompareFor<IntCompare::Ne>(operandWidth); break;
    case spv::OpUGreaterThan: h = intCompareFor<IntCompare::UGt>(operandWidth); break;
    case spv::OpSGreaterThan: h = intCompareFor<IntCompare::SGt>(operandWidth); break;
    case spv::OpUGreaterThanEqual: h = intCompareFor<IntCompare::UGe>(operandWidth); break;
    case spv::OpSGreaterThanEqual: h = intCompareFor<IntCompare::SGe>(operandWidth); break;
    case spv::OpULessThan: h = intCompareFor<IntCompare::ULt>(operandWidth); break;
    case spv::OpSLessThan: h = intCompareFor<IntCompare::SLt>(operandWidth); break;
    case spv::OpULessThanEqual: h = intCompareFor<IntCompare::ULe>(operandWidth); break;
    case spv::OpSLessThanEqual: h = intCompareFor<IntCompare::SLe>(operandWidth); break;
    case spv::OpFAdd: h = floatBinaryFor<FAdd>(resultWidth); break;
    case spv::OpFSub: h = floatBinaryFor<FSub>(resultWidth); break;
    case spv::OpFMul: h = floatBinaryFor<FMul>(resultWidth); break;
    case spv::OpFDiv: h = floatBinaryFor<FDiv>(resultWidth); break;
    case spv::OpFRem: h = floatBinaryFor<FRem>(resultWidth); break;
    case spv::OpFMod: h = floatBinaryFor<FMod>(resultWidth); break;
    case spv::OpFNegate: h = withFloat(resultWidth, []<class T>() -> Handler { return fNegate<T>; }); break;
    case spv::OpFOrdEqual: h = floatCompareFor<FloatCompare::OEq>(operandWidth); break;
    case spv::OpFUnordEqual: h = floatCompareFor<FloatCompare::UEq>(operandWidth); break;
    case spv::OpFOrdNotEqual: h = floatCompareFor<FloatCompare::ONe>(operandWidth); break;
    case spv::OpFUnordNotEqual: h = floatCompareFor<FloatCompare::UNe>(operandWidth); break;
    case spv::OpFOrdLessThan: h = floatCompareFor<FloatCompare::OLt>(operandWidth); break;
    case spv::OpFUnordLessThan: h = floatCompareFor<FloatCompare::ULt>(operandWidth); break;
    case spv::OpFOrdGreaterThan: h = floatCompareFor<FloatCompare::OGt>(operandWidth); break;
    case spv::OpFUnordGreaterThan: h = floatCompareFor<FloatCompare::UGt>(operandWidth); break;
    case spv::OpFOrdLessThanEqual: h = floatCompareFor<FloatCompare::OLe>(operandWidth); break;
    case spv::OpFUnordLessThanEqual: h = floatCompareFor<FloatCompare::ULe>(operandWidth); break;
    case spv::OpFOrdGreaterThanEqual: h = floatCompareFor<FloatCompare::OGe>(operandWidth); break;
    case spv::OpFUnordGreaterThanEqual: h = floatCompareFor<FloatCompare::UGe>(operandWidth); break;
    case spv::OpIsNan: h = floatClassFor<FloatClass::IsNan>(operandWidth); break;
    case spv::OpIsInf: h = floatClassFor<FloatClass::IsInf>(operandWidth); break;
    case spv::OpIsFinite: h = floatClassFor<FloatClass::IsFinite>(operandWidth); break;
    case spv::OpIsNormal: h = floatClassFor<FloatClass::IsNormal>(operandWidth); break;
    case spv::OpSignBitSet: h = floatClassFor<FloatClass::SignBitSet>(operandWidth); break;
    case spv::OpLogicalOr: h = logicalBinary<Logical::Or>; break;
    case spv::OpLogicalAnd: h = logicalBinary<Logical::And>; break;
    case spv::OpLogicalEqual: h = logicalBinary<Logical::Equal>; break;
    case spv::OpLogicalNotEqual: h = logicalBinary<Logical::NotEqual>; break;
    case spv::OpLogicalNot: h = logicalNot; break;
    case spv::OpAny:
    case spv::OpAll:
      inst.aux = componentsOf(m, c.operandType(0));
      h = op == spv::OpAll ? anyAll<true> : anyAll<false>;
      break;
    default:
      inst.aux = decodedAux, inst.aux2 = decodedAux2;
      return false;
  }
  if (!h) {
    inst.aux = decodedAux, inst.aux2 = decodedAux2;
    return false;
  }
  inst.handler = h;
  return true;
}

}  // namespace sl::interp
