// GLSL.std.450: every instruction a Vulkan compute shader can use, for 16-, 32- and 64-bit
// floats and integers of every width. Floats are computed with the host's libm in the value's
// precision (float functions for fp32, double for fp64, fp16 through float and rounded to nearest
// even); fp32 denormals flush on input and output when the dispatch says so (as OpsArithmetic).
//
// Choices where the spec leaves room (docs/interp.md, "Undefined results"):
// - Round rounds halfway cases to even (as RoundEven, and as GPUs' round instructions do).
// - FMin/FMax/FClamp with a NaN operand give the other operand (IEEE minNum, the same as NMin/NMax);
//   otherwise they follow the spec's formula exactly ("y if y < x, else x"), which also decides zeros.
// - FSign keeps NaN and the sign of zero; SAbs(INT_MIN) is INT_MIN (two's complement).
// - Pow of a negative base is NaN; Pack*norm of NaN packs 0; Frexp of Inf/NaN gives (x, 0).
// - Results the spec calls undefined (asin(2), log(0), pow(0, -1), clamp with lo > hi,
//   smoothstep with edge0 >= edge1, an overflowing ldexp, a singular MatrixInverse, ...) take
//   the value libm or the formula gives and warn once per instruction.
// InterpolateAt* are fragment-only: they fail when they run.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <numbers>

#include "interp/OpsCommon.h"

namespace sl::interp {

namespace {

constexpr uint32_t kUndefinedKind = 40;  // diagnostic kind for "undefined result"
constexpr uint32_t kMaxComponents = 16;

constexpr const char* kNames[] = {
    "Bad", "Round", "RoundEven", "Trunc", "FAbs", "SAbs", "FSign", "SSign", "Floor", "Ceil", "Fract", "Radians",
    "Degrees", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "Tanh", "Asinh", "Acosh", "Atanh",
    "Atan2", "Pow", "Exp", "Log", "Exp2", "Log2", "Sqrt", "InverseSqrt", "Determinant", "MatrixInverse", "Modf",
    "ModfStruct", "FMin", "UMin", "SMin", "FMax", "UMax", "SMax", "FClamp", "UClamp", "SClamp", "FMix", "IMix",
    "Step", "SmoothStep", "Fma", "Frexp", "FrexpStruct", "Ldexp", "PackSnorm4x8", "PackUnorm4x8", "PackSnorm2x16",
    "PackUnorm2x16", "PackHalf2x16", "PackDouble2x32", "UnpackSnorm2x16", "UnpackUnorm2x16", "UnpackHalf2x16",
    "UnpackSnorm4x8", "UnpackUnorm4x8", "UnpackDouble2x32", "Length", "Distance", "Cross", "Normalize",
    "FaceForward", "Reflect", "Refract", "FindILsb", "FindSMsb", "FindUMsb", "InterpolateAtCentroid",
    "InterpolateAtSample", "InterpolateAtOffset", "NMin", "NMax", "NClamp",
};
constexpr uint32_t kInstructionCount = uint32_t(std::size(kNames));

// ---- values ------------------------------------------------------------------------------------

// The type a float of T is computed in: float for fp16 and fp32, double for fp64.
template <class T>
using Wide = std::conditional_t<std::is_same_v<T, double>, double, float>;
template <class T>
constexpr uint32_t kBytes = std::is_same_v<T, Half> ? 2 : uint32_t(sizeof(T));

template <class T, bool Flush>
inline Wide<T> readFloat(const uint8_t* p) {
  if constexpr (std::is_same_v<T, Half>) return float(loadValue<Half>(p));
  else if constexpr (std::is_same_v<T, float>) return Flush ? flushDenormal(load<float>(p)) : load<float>(p);
  else return load<double>(p);
}
template <class T, bool Flush>
inline void writeFloat(uint8_t* p, Wide<T> v) {
  if constexpr (std::is_same_v<T, Half>) storeValue(p, Half(v));
  else if constexpr (std::is_same_v<T, float>) store<float>(p, Flush ? flushDenormal(v) : v);
  else store<double>(p, v);
}
// The value as T holds it (the rounding a write would do), widened again.
template <class T>
inline Wide<T> rounded(Wide<T> v) {
  if constexpr (std::is_same_v<T, Half>) return float(Half(v));
  else return v;
}

// Reads a float of `width` bits as double (operands whose width differs from the result's).
inline double readAnyFloat(const uint8_t* p, uint32_t width) {
  if (width == 16) return float(loadValue<Half>(p));
  if (width == 32) return load<float>(p);
  return load<double>(p);
}
inline int64_t readSigned(const uint8_t* p, uint32_t bytes) {
  switch (bytes) {
    case 1: return load<int8_t>(p);
    case 2: return load<int16_t>(p);
    case 4: return load<int32_t>(p);
    default: return load<int64_t>(p);
  }
}
inline void writeInteger(uint8_t* p, uint32_t bytes, int64_t v) { std::memcpy(p, &v, bytes); }  // little endian

// Round to nearest, halfway cases to even, whatever the host's rounding mode.
template <class C>
inline C roundHalfEven(C x) {
  const C r = std::round(x);  // halfway cases away from zero
  if (std::fabs(x - std::trunc(x)) == C(0.5)) return C(2) * std::round(x * C(0.5));
  return r;
}
// minNum/maxNum: a NaN operand gives the other one; else the spec's "y if y < x, else x".
template <class C>
inline C minNum(C x, C y) { return std::isnan(x) ? y : std::isnan(y) ? x : (y < x ? y : x); }
template <class C>
inline C maxNum(C x, C y) { return std::isnan(x) ? y : std::isnan(y) ? x : (x < y ? y : x); }

// ---- component-wise float functions ------------------------------------------------------------

struct Defined { static constexpr const char* kUndefined = nullptr; };

struct Round : Defined { template <class C> static C apply(C x, bool&) { return roundHalfEven(x); } };
struct RoundEven : Defined { template <class C> static C apply(C x, bool&) { return roundHalfEven(x); } };
struct Trunc : Defined { template <class C> static C apply(C x, bool&) { return std::trunc(x); } };
struct FAbs : Defined { template <class C> static C apply(C x, bool&) { return std::fabs(x); } };
struct FSign : Defined { template <class C> static C apply(C x, bool&) { return x > 0 ? C(1) : x < 0 ? C(-1) : x; } };
struct Floor : Defined { template <class C> static C apply(C x, bool&) { return std::floor(x); } };
struct Ceil : Defined { template <class C> static C apply(C x, bool&) { return std::ceil(x); } };
struct Fract : Defined { template <class C> static C apply(C x, bool&) { return x - std::floor(x); } };
struct Radians : Defined { template <class C> static C apply(C x, bool&) { return x * C(std::numbers::pi / 180); } };
struct Degrees : Defined { template <class C> static C apply(C x, bool&) { return x * C(180 / std::numbers::pi); } };
struct Sin : Defined { template <class C> static C apply(C x, bool&) { return std::sin(x); } };
struct Cos : Defined { template <class C> static C apply(C x, bool&) { return std::cos(x); } };
struct Tan : Defined { template <class C> static C apply(C x, bool&) { return std::tan(x); } };
struct Asin {
  static constexpr const char* kUndefined = "asin of a value outside [-1, 1] (undefined; the CPU device gives NaN)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= std::fabs(x) > 1; return std::asin(x); }
};
struct Acos {
  static constexpr const char* kUndefined = "acos of a value outside [-1, 1] (undefined; the CPU device gives NaN)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= std::fabs(x) > 1; return std::acos(x); }
};
struct Atan : Defined { template <class C> static C apply(C x, bool&) { return std::atan(x); } };
struct Sinh : Defined { template <class C> static C apply(C x, bool&) { return std::sinh(x); } };
struct Cosh : Defined { template <class C> static C apply(C x, bool&) { return std::cosh(x); } };
struct Tanh : Defined { template <class C> static C apply(C x, bool&) { return std::tanh(x); } };
struct Asinh : Defined { template <class C> static C apply(C x, bool&) { return std::asinh(x); } };
struct Acosh {
  static constexpr const char* kUndefined = "acosh of a value below 1 (undefined; the CPU device gives NaN)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= x < 1; return std::acosh(x); }
};
struct Atanh {
  static constexpr const char* kUndefined = "atanh of a value outside (-1, 1) (undefined; the CPU device gives +-Inf or NaN)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= std::fabs(x) >= 1; return std::atanh(x); }
};
struct Exp : Defined { template <class C> static C apply(C x, bool&) { return std::exp(x); } };
struct Log {
  static constexpr const char* kUndefined = "log of a value <= 0 (undefined; the CPU device gives -Inf for 0, NaN below)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= x <= 0; return std::log(x); }
};
struct Exp2 : Defined { template <class C> static C apply(C x, bool&) { return std::exp2(x); } };
struct Log2 {
  static constexpr const char* kUndefined = "log2 of a value <= 0 (undefined; the CPU device gives -Inf for 0, NaN below)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= x <= 0; return std::log2(x); }
};
struct Sqrt {
  static constexpr const char* kUndefined = "sqrt of a negative value (undefined; the CPU device gives NaN)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= x < 0; return std::sqrt(x); }
};
struct InverseSqrt {
  static constexpr const char* kUndefined = "inversesqrt of a value <= 0 (undefined; the CPU device gives +Inf for 0, NaN below)";
  template <class C> static C apply(C x, bool& undefined) { undefined |= x <= 0; return C(1) / std::sqrt(x); }
};

struct Atan2 {
  static constexpr const char* kUndefined = "atan2 with both operands 0 (undefined; the CPU device gives +-0 or +-pi)";
  template <class C> static C apply(C y, C x, bool& undefined) { undefined |= x == 0 && y == 0; return std::atan2(y, x); }
};
struct Pow {
  static constexpr const char* kUndefined = "pow with x < 0, or x = 0 and y <= 0 (undefined; the CPU device gives NaN for x < 0)";
  template <class C> static C apply(C x, C y, bool& undefined) {
    if (x < 0) return undefined = true, std::numeric_limits<C>::quiet_NaN();
    undefined |= x == 0 && y <= 0;
    return std::pow(x, y);
  }
};
struct FMin : Defined { template <class C> static C apply(C x, C y, bool&) { return minNum(x, y); } };
struct FMax : Defined { template <class C> static C apply(C x, C y, bool&) { return maxNum(x, y); } };
struct Step : Defined { template <class C> static C apply(C edge, C x, bool&) { return x < edge ? C(0) : C(1); } };

struct FClamp {
  static constexpr const char* kUndefined = "clamp with minVal > maxVal (undefined; the CPU device gives min(max(x, minVal), maxVal))";
  template <class C> static C apply(C x, C lo, C hi, bool& undefined) { undefined |= lo > hi; return minNum(maxNum(x, lo), hi); }
};
struct FMix : Defined { template <class C> static C apply(C x, C y, C a, bool&) { return x * (C(1) - a) + y * a; } };
struct SmoothStep {
  static constexpr const char* kUndefined = "smoothstep with edge0 >= edge1 (undefined; the CPU device evaluates the formula)";
  template <class C> static C apply(C edge0, C edge1, C x, bool& undefined) {
    undefined |= edge0 >= edge1;
    const C t = minNum(maxNum((x - edge0) / (edge1 - edge0), C(0)), C(1));
    return t * t * (C(3) - C(2) * t);
  }
};
struct Fma : Defined { template <class C> static C apply(C a, C b, C c, bool&) { return std::fma(a, b, c); } };

template <class T, class F, uint32_t Arity, bool Flush>
void floatMapLanes(SubgroupExec& exec, const Inst& inst) {
  constexpr uint32_t size = kBytes<T>;
  const Ref a = exec.operand(inst, 2);
  const Ref b = Arity > 1 ? exec.operand(inst, 3) : a;
  const Ref c = Arity > 2 ? exec.operand(inst, 4) : a;
  const Ref r = exec.result(inst);
  const uint32_t n = inst.aux;
  bool undefined = false;
  forActive(exec, [&](uint32_t lane) {
    const uint8_t* pa = a.at(lane);
    const uint8_t* pb = b.at(lane);
    const uint8_t* pc = c.at(lane);
    uint8_t* pr = r.at(lane);
    for (uint32_t k = 0; k < n; ++k) {
      const Wide<T> x = readFloat<T, Flush>(pa + k * size);
      Wide<T> v;
      if constexpr (Arity == 1) v = F::apply(x, undefined);
      else if constexpr (Arity == 2) v = F::apply(x, readFloat<T, Flush>(pb + k * size), undefined);
      else v = F::apply(x, readFloat<T, Flush>(pb + k * size), readFloat<T, Flush>(pc + k * size), undefined);
      writeFloat<T, Flush>(pr + k * size, v);
    }
    if constexpr (F::kUndefined != nullptr) {
      if (undefined) [[unlikely]] {
        exec.warning(inst, lane, F::kUndefined, kUndefinedKind);
        undefined = false;
      }
    }
  });
}
template <class T, class F, uint32_t Arity>
void floatMap(SubgroupExec& exec, const Inst& inst) {
  if constexpr (std::is_same_v<T, float>) {
    if (exec.flushFp32()) return floatMapLanes<T, F, Arity, true>(exec, inst);
  }
  floatMapLanes<T, F, Arity, false>(exec, inst);
}

// ---- component-wise integer functions (U: the unsigned type of the width) ---------------------

template <class U>
using Signed = std::make_signed_t<U>;

struct SAbs : Defined {
  template <class U> static U apply(U x, bool&) { return Signed<U>(x) < 0 ? U(U(0) - x) : x; }  // INT_MIN stays
};
struct SSign : Defined {
  template <class U> static U apply(U x, bool&) { return Signed<U>(x) > 0 ? U(1) : Signed<U>(x) < 0 ? U(~U(0)) : U(0); }
};
struct FindILsb : Defined {
  template <class U> static U apply(U x, bool&) { return x == 0 ? U(~U(0)) : U(std::countr_zero(x)); }
};
struct FindUMsb : Defined {
  template <class U> static U apply(U x, bool&) { return x == 0 ? U(~U(0)) : U(sizeof(U) * 8 - 1 - std::countl_zero(x)); }
};
struct FindSMsb : Defined {  // the highest bit that differs from the sign bit
  template <class U> static U apply(U x, bool& u) { return FindUMsb::apply(Signed<U>(x) < 0 ? U(~x) : x, u); }
};
struct UMin : Defined { template <class U> static U apply(U x, U y, bool&) { return y < x ? y : x; } };
struct SMin : Defined { template <class U> static U apply(U x, U y, bool&) { return Signed<U>(y) < Signed<U>(x) ? y : x; } };
struct UMax : Defined { template <class U> static U apply(U x, U y, bool&) { return x < y ? y : x; } };
struct SMax : Defined { template <class U> static U apply(U x, U y, bool&) { return Signed<U>(x) < Signed<U>(y) ? y : x; } };
struct UClamp {
  static constexpr const char* kUndefined = "uclamp with minVal > maxVal (undefined; the CPU device gives min(max(x, minVal), maxVal))";
  template <class U> static U apply(U x, U lo, U hi, bool& undefined) {
    undefined |= lo > hi;
    bool unused = false;
    return UMin::apply(UMax::apply(x, lo, unused), hi, unused);
  }
};
struct SClamp {
  static constexpr const char* kUndefined = "sclamp with minVal > maxVal (undefined; the CPU device gives min(max(x, minVal), maxVal))";
  template <class U> static U apply(U x, U lo, U hi, bool& undefined) {
    undefined |= Signed<U>(lo) > Signed<U>(hi);
    bool unused = false;
    return SMin::apply(SMax::apply(x, lo, unused), hi, unused);
  }
};

template <class U, class F, uint32_t Arity>
void intMap(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 2);
  const Ref b = Arity > 1 ? exec.operand(inst, 3) : a;
  const Ref c = Arity > 2 ? exec.operand(inst, 4) : a;
  const Ref r = exec.result(inst);
  const uint32_t n = inst.aux;
  bool undefined = false;
  forActive(exec, [&](uint32_t lane) {
    const uint8_t* pa = a.at(lane);
    const uint8_t* pb = b.at(lane);
    const uint8_t* pc = c.at(lane);
    uint8_t* pr = r.at(lane);
    for (uint32_t k = 0; k < n; ++k) {
      const U x = load<U>(pa + k * sizeof(U));
      U v;
      if constexpr (Arity == 1) v = F::apply(x, undefined);
      else if constexpr (Arity == 2) v = F::apply(x, load<U>(pb + k * sizeof(U)), undefined);
      else v = F::apply(x, load<U>(pb + k * sizeof(U)), load<U>(pc + k * sizeof(U)), undefined);
      store<U>(pr + k * sizeof(U), v);
    }
    if constexpr (F::kUndefined != nullptr) {
      if (undefined) [[unlikely]] {
        exec.warning(inst, lane, F::kUndefined, kUndefinedKind);
        undefined = false;
      }
    }
  });
}

// ---- Modf, Frexp, Ldexp ------------------------------------------------------------------------

// Writes `bytes` of register-form `value` through pointer `p`, following its layout (a vector
// that is a column of a row-major matrix has its components a stride apart).
void storeThrough(SubgroupExec& exec, const Inst& inst, const Pointer& p, uint32_t lane, const uint8_t* value, uint32_t bytes) {
  const Module& m = exec.module();
  if (p.layout == 0 || p.layout >= m.layouts.size()) {
    exec.error(inst, lane, "out-parameter pointer without a layout");
    return;
  }
  const LayoutNode& node = m.layout(p.layout);
  if (node.identity || node.runs.empty()) {
    if (uint8_t* to = exec.memory(p, lane, bytes, SubgroupExec::Access::Write, inst)) std::memcpy(to, value, bytes);
    return;
  }
  for (const LayoutNode::Run& run : node.runs) {
    if (uint64_t(run.reg) + run.size > bytes) break;
    Pointer q = p;
    q.offset += run.memory;
    if (uint8_t* to = exec.memory(q, lane, run.size, SubgroupExec::Access::Write, inst)) std::memcpy(to, value + run.reg, run.size);
    if (exec.failed()) return;
  }
}

// Modf (aux2 = 0: the whole part goes through the pointer operand) and ModfStruct (aux2 = 1: it
// is the result's second member).
template <class T, bool Flush>
void modfLanes(SubgroupExec& exec, const Inst& inst) {
  constexpr uint32_t size = kBytes<T>;
  const Ref a = exec.operand(inst, 2), r = exec.result(inst);
  const bool toPointer = inst.aux2 == 0;
  const Ref pointer = toPointer ? exec.operand(inst, 3) : Ref{};
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    uint8_t wholeBytes[kMaxComponents * 8];
    uint8_t* whole = toPointer ? wholeBytes : r.at(lane) + n * size;
    for (uint32_t k = 0; k < n; ++k) {
      Wide<T> integral;
      const Wide<T> fraction = std::modf(readFloat<T, Flush>(a.at(lane) + k * size), &integral);
      writeFloat<T, Flush>(r.at(lane) + k * size, fraction);
      writeFloat<T, Flush>(whole + k * size, integral);
    }
    if (toPointer) storeThrough(exec, inst, load<Pointer>(pointer.at(lane)), lane, wholeBytes, n * size);
  });
}

// Frexp (aux2 & 0xff = 0: the exponent goes through the pointer) and FrexpStruct (1: the second
// member); aux2 >> 8: bytes of an exponent component.
template <class T, bool Flush>
void frexpLanes(SubgroupExec& exec, const Inst& inst) {
  constexpr uint32_t size = kBytes<T>;
  const Ref a = exec.operand(inst, 2), r = exec.result(inst);
  const bool toPointer = (inst.aux2 & 0xff) == 0;
  const uint32_t expBytes = inst.aux2 >> 8;
  const Ref pointer = toPointer ? exec.operand(inst, 3) : Ref{};
  const uint32_t n = inst.aux;
  forActive(exec, [&](uint32_t lane) {
    uint8_t exponentBytes[kMaxComponents * 8];
    uint8_t* exponents = toPointer ? exponentBytes : r.at(lane) + n * size;
    bool undefined = false;
    for (uint32_t k = 0; k < n; ++k) {
      const Wide<T> x = readFloat<T, Flush>(a.at(lane) + k * size);
      int exponent = 0;
      Wide<T> mantissa = x;
      if (std::isfinite(x)) mantissa = std::frexp(x, &exponent);
      else undefined = true;
      writeFloat<T, Flush>(r.at(lane) + k * size, mantissa);
      writeInteger(exponents + k * expBytes, expBytes, exponent);
    }
    if (undefined) exec.warning(inst, lane, "frexp of Inf or NaN (undefined; the CPU device gives the value and exponent 0)", kUndefinedKind);
    if (toPointer) storeThrough(exec, inst, load<Pointer>(pointer.at(lane)), lane, exponentBytes, n * expBytes);
  });
}

// aux2: bytes of an exponent component.
template <class T, bool Flush>
void ldexpLanes(SubgroupExec& exec, const Inst& inst) {
  constexpr uint32_t size = kBytes<T>;
  const Ref a = exec.operand(inst, 2), e = exec.operand(inst, 3), r = exec.result(inst);
  const uint32_t n = inst.aux, expBytes = inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    bool overflow = false;
    for (uint32_t k = 0; k < n; ++k) {
      const Wide<T> x = readFloat<T, Flush>(a.at(lane) + k * size);
      // Past +-100000 every finite non-zero value is already 0 or Inf: clamping changes nothing.
      const int exponent = int(std::clamp<int64_t>(readSigned(e.at(lane) + k * expBytes, expBytes), -100000, 100000));
      const Wide<T> v = std::ldexp(x, exponent);
      overflow |= std::isfinite(x) && std::isinf(rounded<T>(v));
      writeFloat<T, Flush>(r.at(lane) + k * size, v);
    }
    if (overflow) [[unlikely]]
      exec.warning(inst, lane, "ldexp result too large for its type (undefined; the CPU device gives Inf)", kUndefinedKind);
  });
}

// ---- packing -----------------------------------------------------------------------------------

// Quantises an fp32 (NaN packs 0) to a normalized integer of `scale` steps; lo is -1 or 0.
inline int32_t quantize(float v, float lo, float scale) {
  if (std::isnan(v)) return 0;
  return int32_t(roundHalfEven(std::clamp(v, lo, 1.0f) * scale));
}

template <bool Flush>
void packLanes(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t op = inst.extOpcode;
  forActive(exec, [&](uint32_t lane) {
    const uint8_t* p = a.at(lane);
    auto component = [&](uint32_t k) { return Flush ? flushDenormal(load<float>(p + 4 * k)) : load<float>(p + 4 * k); };
    uint32_t word = 0;
    switch (op) {
      case GLSLstd450PackSnorm4x8:
        for (uint32_t k = 0; k < 4; ++k) word |= uint32_t(uint8_t(int8_t(quantize(component(k), -1, 127)))) << (8 * k);
        break;
      case GLSLstd450PackUnorm4x8:
        for (uint32_t k = 0; k < 4; ++k) word |= uint32_t(quantize(component(k), 0, 255)) << (8 * k);
        break;
      case GLSLstd450PackSnorm2x16:
        for (uint32_t k = 0; k < 2; ++k) word |= uint32_t(uint16_t(int16_t(quantize(component(k), -1, 32767)))) << (16 * k);
        break;
      case GLSLstd450PackUnorm2x16:
        for (uint32_t k = 0; k < 2; ++k) word |= uint32_t(quantize(component(k), 0, 65535)) << (16 * k);
        break;
      default:  // PackHalf2x16
        word = uint32_t(Half(component(0)).bits) | uint32_t(Half(component(1)).bits) << 16;
        break;
    }
    store<uint32_t>(r.at(lane), word);
  });
}

void unpackLanes(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t op = inst.extOpcode;
  forActive(exec, [&](uint32_t lane) {
    const uint32_t word = load<uint32_t>(a.at(lane));
    uint8_t* out = r.at(lane);
    switch (op) {
      case GLSLstd450UnpackSnorm4x8:
        for (uint32_t k = 0; k < 4; ++k) store<float>(out + 4 * k, std::max(float(int8_t(word >> (8 * k))) / 127.0f, -1.0f));
        break;
      case GLSLstd450UnpackUnorm4x8:
        for (uint32_t k = 0; k < 4; ++k) store<float>(out + 4 * k, float(uint8_t(word >> (8 * k))) / 255.0f);
        break;
      case GLSLstd450UnpackSnorm2x16:
        for (uint32_t k = 0; k < 2; ++k) store<float>(out + 4 * k, std::max(float(int16_t(word >> (16 * k))) / 32767.0f, -1.0f));
        break;
      case GLSLstd450UnpackUnorm2x16:
        for (uint32_t k = 0; k < 2; ++k) store<float>(out + 4 * k, float(uint16_t(word >> (16 * k))) / 65535.0f);
        break;
      default:  // UnpackHalf2x16 (exact)
        for (uint32_t k = 0; k < 2; ++k) store<float>(out + 4 * k, Half::toFloat(uint16_t(word >> (16 * k))));
        break;
    }
  });
}

// PackDouble2x32 and UnpackDouble2x32: the first component is the low word, which is exactly the
// little-endian byte order of a double, so both are copies.
void copyBits(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 2), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), a.at(lane), 8); });
}

// ---- geometry ----------------------------------------------------------------------------------

template <class T, bool Flush>
struct Vec {
  Wide<T> v[kMaxComponents];
  static Vec read(const uint8_t* p, uint32_t n) {
    Vec x;
    for (uint32_t k = 0; k < n; ++k) x.v[k] = readFloat<T, Flush>(p + k * kBytes<T>);
    return x;
  }
  void write(uint8_t* p, uint32_t n) const {
    for (uint32_t k = 0; k < n; ++k) writeFloat<T, Flush>(p + k * kBytes<T>, v[k]);
  }
};
template <class C, size_t N>
inline C dot(const C (&a)[N], const C (&b)[N], uint32_t n) {
  C sum = 0;
  for (uint32_t k = 0; k < n; ++k) sum += a[k] * b[k];
  return sum;
}

// Length, Distance, Cross, Normalize, FaceForward, Reflect, Refract; aux: components of the
// vector operands; aux2 (Refract): width of eta.
template <class T, bool Flush>
void geometryLanes(SubgroupExec& exec, const Inst& inst) {
  using C = Wide<T>;
  using V = Vec<T, Flush>;
  const uint32_t op = inst.extOpcode, n = inst.aux;
  const Ref r = exec.result(inst);
  const Ref a = exec.operand(inst, 2);
  const Ref b = inst.operandCount > 3 ? exec.operand(inst, 3) : a;
  const Ref c = inst.operandCount > 4 ? exec.operand(inst, 4) : a;
  forActive(exec, [&](uint32_t lane) {
    const V x = V::read(a.at(lane), n);
    uint8_t* out = r.at(lane);
    switch (op) {
      case GLSLstd450Length:
        writeFloat<T, Flush>(out, n == 1 ? std::fabs(x.v[0]) : std::sqrt(dot(x.v, x.v, n)));
        break;
      case GLSLstd450Distance: {
        V d = V::read(b.at(lane), n);
        for (uint32_t k = 0; k < n; ++k) d.v[k] = x.v[k] - d.v[k];
        writeFloat<T, Flush>(out, n == 1 ? std::fabs(d.v[0]) : std::sqrt(dot(d.v, d.v, n)));
        break;
      }
      case GLSLstd450Cross: {
        const V y = V::read(b.at(lane), 3);
        V z;
        z.v[0] = x.v[1] * y.v[2] - y.v[1] * x.v[2];
        z.v[1] = x.v[2] * y.v[0] - y.v[2] * x.v[0];
        z.v[2] = x.v[0] * y.v[1] - y.v[0] * x.v[1];
        z.write(out, 3);
        break;
      }
      case GLSLstd450Normalize: {
        const C length = n == 1 ? std::fabs(x.v[0]) : std::sqrt(dot(x.v, x.v, n));
        V z;
        for (uint32_t k = 0; k < n; ++k) z.v[k] = x.v[k] / length;
        z.write(out, n);
        break;
      }
      case GLSLstd450FaceForward: {  // FaceForward(N, I, Nref): N if dot(Nref, I) < 0, else -N
        const V i = V::read(b.at(lane), n), nref = V::read(c.at(lane), n);
        V z = x;
        if (!(dot(nref.v, i.v, n) < 0))
          for (uint32_t k = 0; k < n; ++k) z.v[k] = -z.v[k];
        z.write(out, n);
        break;
      }
      case GLSLstd450Reflect: {  // Reflect(I, N) = I - 2 dot(N, I) N
        const V normal = V::read(b.at(lane), n);
        const C d = dot(normal.v, x.v, n);
        V z;
        for (uint32_t k = 0; k < n; ++k) z.v[k] = x.v[k] - C(2) * d * normal.v[k];
        z.write(out, n);
        break;
      }
      default: {  // Refract(I, N, eta)
        const V normal = V::read(b.at(lane), n);
        C eta = C(readAnyFloat(c.at(lane), inst.aux2));
        if constexpr (std::is_same_v<T, float>)
          if (Flush && inst.aux2 == 32) eta = flushDenormal(eta);
        const C d = dot(normal.v, x.v, n);
        const C k = C(1) - eta * eta * (C(1) - d * d);
        V z;
        for (uint32_t j = 0; j < n; ++j) z.v[j] = k < 0 ? C(0) : eta * x.v[j] - (eta * d + std::sqrt(k)) * normal.v[j];
        z.write(out, n);
        break;
      }
    }
  });
}

// ---- matrices ----------------------------------------------------------------------------------

// A square matrix of up to 4x4, element (row, column) at e[row][column].
template <class C>
struct Square {
  C e[4][4];
};
template <class C>
C determinant(const Square<C>& m, uint32_t n) {
  if (n == 1) return m.e[0][0];
  if (n == 2) return m.e[0][0] * m.e[1][1] - m.e[0][1] * m.e[1][0];
  // Expansion along the first row.
  C sum = 0;
  for (uint32_t column = 0; column < n; ++column) {
    Square<C> minor;
    for (uint32_t i = 1; i < n; ++i)
      for (uint32_t j = 0, mj = 0; j < n; ++j)
        if (j != column) minor.e[i - 1][mj++] = m.e[i][j];
    const C term = m.e[0][column] * determinant(minor, n - 1);
    sum += (column & 1) ? -term : term;
  }
  return sum;
}
template <class C>
C cofactor(const Square<C>& m, uint32_t n, uint32_t row, uint32_t column) {
  Square<C> minor;
  for (uint32_t i = 0, mi = 0; i < n; ++i) {
    if (i == row) continue;
    for (uint32_t j = 0, mj = 0; j < n; ++j)
      if (j != column) minor.e[mi][mj++] = m.e[i][j];
    ++mi;
  }
  const C d = determinant(minor, n - 1);
  return ((row + column) & 1) ? -d : d;
}

// Determinant and MatrixInverse of an n x n matrix (aux: n); register form is column-major.
template <class T, bool Flush>
void matrixLanes(SubgroupExec& exec, const Inst& inst) {
  using C = Wide<T>;
  constexpr uint32_t size = kBytes<T>;
  const Ref a = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t n = inst.aux;
  const bool inverse = inst.extOpcode == GLSLstd450MatrixInverse;
  forActive(exec, [&](uint32_t lane) {
    Square<C> m;
    for (uint32_t column = 0; column < n; ++column)
      for (uint32_t row = 0; row < n; ++row) m.e[row][column] = readFloat<T, Flush>(a.at(lane) + (column * n + row) * size);
    const C det = determinant(m, n);
    if (!inverse) {
      writeFloat<T, Flush>(r.at(lane), det);
      return;
    }
    if (det == 0) exec.warning(inst, lane, "inverse of a singular matrix (undefined; the CPU device divides by 0)", kUndefinedKind);
    // inverse = adjugate / det, the adjugate being the transposed cofactor matrix.
    for (uint32_t column = 0; column < n; ++column)
      for (uint32_t row = 0; row < n; ++row)
        writeFloat<T, Flush>(r.at(lane) + (column * n + row) * size, n == 1 ? C(1) / det : cofactor(m, n, column, row) / det);
  });
}

void fragmentOnly(SubgroupExec& exec, const Inst& inst) {
  exec.error(inst, exec.active().first(),
             std::string("GLSL.std.450 ") + kNames[inst.extOpcode] + " is fragment-only (not available in compute shaders)");
}

// ---- binding -----------------------------------------------------------------------------------

// Picks the float handler instantiation for T, with and without denormal flushing.
#define SL_FLUSH_DISPATCH(name, lanes)                                                       \
  template <class T>                                                                          \
  void name(SubgroupExec& exec, const Inst& inst) {                                           \
    if constexpr (std::is_same_v<T, float>) {                                                 \
      if (exec.flushFp32()) return lanes<T, true>(exec, inst);                                \
    }                                                                                         \
    lanes<T, false>(exec, inst);                                                              \
  }
SL_FLUSH_DISPATCH(modf, modfLanes)
SL_FLUSH_DISPATCH(frexp, frexpLanes)
SL_FLUSH_DISPATCH(ldexp, ldexpLanes)
SL_FLUSH_DISPATCH(geometry, geometryLanes)
SL_FLUSH_DISPATCH(matrix, matrixLanes)
#undef SL_FLUSH_DISPATCH
void pack(SubgroupExec& exec, const Inst& inst) { exec.flushFp32() ? packLanes<true>(exec, inst) : packLanes<false>(exec, inst); }

template <class F, uint32_t Arity>
Handler floatMapFor(uint32_t width) {
  return withFloat(width, []<class T>() -> Handler { return floatMap<T, F, Arity>; });
}
template <class F, uint32_t Arity>
Handler intMapFor(uint32_t width) {
  return withUnsigned(width, []<class U>() -> Handler { return intMap<U, F, Arity>; });
}

// A scalar or vector of Int or Float: its component kind, width and count.
struct Shape {
  TypeKind kind = TypeKind::Other;
  uint32_t width = 0, components = 0;
  bool operator==(const Shape&) const = default;
  bool isFloat() const { return kind == TypeKind::Float && (width == 16 || width == 32 || width == 64); }
  bool isInt() const { return kind == TypeKind::Int && (width == 8 || width == 16 || width == 32 || width == 64); }
  bool is(TypeKind k, uint32_t w, uint32_t n) const { return kind == k && width == w && components == n; }
};
Shape shapeOf(const Module& m, uint32_t typeId) {
  if (typeId == 0 || typeId >= m.types.size()) return {};
  const Type& t = m.type(typeId);
  const Type* scalar = &t;
  uint32_t components = 1;
  if (t.kind == TypeKind::Vector) {
    if (t.element >= m.types.size()) return {};
    scalar = &m.type(t.element);
    components = t.count;
  }
  if (scalar->kind != TypeKind::Int && scalar->kind != TypeKind::Float) return {};
  if (components == 0 || components > kMaxComponents) return {};
  return {scalar->kind, scalar->width, components};
}

// A struct result {member 0, member 1} (ModfStruct, FrexpStruct): the members' shapes.
bool structShapes(const Module& m, uint32_t typeId, Shape& first, Shape& second) {
  const Type& t = m.type(typeId);
  if (t.kind != TypeKind::Struct || t.members.size() != 2) return false;
  first = shapeOf(m, t.members[0]);
  second = shapeOf(m, t.members[1]);
  return true;
}
// The pointee's shape of pointer operand `i`.
Shape pointeeShape(const BindContext& c, uint32_t i) {
  const uint32_t type = c.operandType(i);
  if (type == 0 || c.operand(i).isLiteral()) return {};
  const Type& t = c.module.type(type);
  if (t.kind != TypeKind::Pointer) return {};
  return shapeOf(c.module, t.element);
}

bool reject(BindContext& c, const char* what) {
  c.error = std::string("GLSL.std.450 ") + kNames[c.inst.extOpcode] + ": " + what;
  return false;
}

}  // namespace

bool bindGlsl(BindContext& c) {
  Inst& inst = c.inst;
  const Module& m = c.module;
  if (inst.opcode != spv::OpExtInst || inst.operandCount < 2 || m.glslExtSet == 0 || c.operand(0).value != m.glslExtSet) return false;
  const uint32_t op = inst.extOpcode;
  if (op == 0 || op >= kInstructionCount || op == GLSLstd450IMix) return false;  // unknown: unsupported when it runs
  const uint32_t arguments = inst.operandCount - 2;
  auto argumentShape = [&](uint32_t i) -> Shape {
    if (i >= arguments || c.operand(2 + i).isLiteral()) return {};
    return shapeOf(m, c.operandType(2 + i));
  };
  const Shape result = shapeOf(m, inst.typeId);
  auto expectArguments = [&](uint32_t count) { return arguments == count; };
  // Every argument has the result's shape (component-wise functions).
  auto sameAsResult = [&](uint32_t count) {
    if (!expectArguments(count)) return false;
    for (uint32_t i = 0; i < count; ++i)
      if (!(argumentShape(i) == result)) return false;
    return true;
  };

  Handler h = nullptr;
  uint32_t aux = result.components, aux2 = 0;
  switch (op) {
    case GLSLstd450InterpolateAtCentroid:
    case GLSLstd450InterpolateAtSample:
    case GLSLstd450InterpolateAtOffset:
      h = fragmentOnly;
      break;

    // Component-wise float functions.
    case GLSLstd450Round: case GLSLstd450RoundEven: case GLSLstd450Trunc: case GLSLstd450FAbs: case GLSLstd450FSign:
    case GLSLstd450Floor: case GLSLstd450Ceil: case GLSLstd450Fract: case GLSLstd450Radians: case GLSLstd450Degrees:
    case GLSLstd450Sin: case GLSLstd450Cos: case GLSLstd450Tan: case GLSLstd450Asin: case GLSLstd450Acos:
    case GLSLstd450Atan: case GLSLstd450Sinh: case GLSLstd450Cosh: case GLSLstd450Tanh: case GLSLstd450Asinh:
    case GLSLstd450Acosh: case GLSLstd450Atanh: case GLSLstd450Exp: case GLSLstd450Log: case GLSLstd450Exp2:
    case GLSLstd450Log2: case GLSLstd450Sqrt: case GLSLstd450InverseSqrt: {
      if (!result.isFloat() || !sameAsResult(1)) return reject(c, "expects one float operand of the result's type");
      const uint32_t w = result.width;
      switch (op) {
        case GLSLstd450Round: h = floatMapFor<Round, 1>(w); break;
        case GLSLstd450RoundEven: h = floatMapFor<RoundEven, 1>(w); break;
        case GLSLstd450Trunc: h = floatMapFor<Trunc, 1>(w); break;
        case GLSLstd450FAbs: h = floatMapFor<FAbs, 1>(w); break;
        case GLSLstd450FSign: h = floatMapFor<FSign, 1>(w); break;
        case GLSLstd450Floor: h = floatMapFor<Floor, 1>(w); break;
        case GLSLstd450Ceil: h = floatMapFor<Ceil, 1>(w); break;
        case GLSLstd450Fract: h = floatMapFor<Fract, 1>(w); break;
        case GLSLstd450Radians: h = floatMapFor<Radians, 1>(w); break;
        case GLSLstd450Degrees: h = floatMapFor<Degrees, 1>(w); break;
        case GLSLstd450Sin: h = floatMapFor<Sin, 1>(w); break;
        case GLSLstd450Cos: h = floatMapFor<Cos, 1>(w); break;
        case GLSLstd450Tan: h = floatMapFor<Tan, 1>(w); break;
        case GLSLstd450Asin: h = floatMapFor<Asin, 1>(w); break;
        case GLSLstd450Acos: h = floatMapFor<Acos, 1>(w); break;
        case GLSLstd450Atan: h = floatMapFor<Atan, 1>(w); break;
        case GLSLstd450Sinh: h = floatMapFor<Sinh, 1>(w); break;
        case GLSLstd450Cosh: h = floatMapFor<Cosh, 1>(w); break;
        case GLSLstd450Tanh: h = floatMapFor<Tanh, 1>(w); break;
        case GLSLstd450Asinh: h = floatMapFor<Asinh, 1>(w); break;
        case GLSLstd450Acosh: h = floatMapFor<Acosh, 1>(w); break;
        case GLSLstd450Atanh: h = floatMapFor<Atanh, 1>(w); break;
        case GLSLstd450Exp: h = floatMapFor<Exp, 1>(w); break;
        case GLSLstd450Log: h = floatMapFor<Log, 1>(w); break;
        case GLSLstd450Exp2: h = floatMapFor<Exp2, 1>(w); break;
        case GLSLstd450Log2: h = floatMapFor<Log2, 1>(w); break;
        case GLSLstd450Sqrt: h = floatMapFor<Sqrt, 1>(w); break;
        default: h = floatMapFor<InverseSqrt, 1>(w); break;
      }
      break;
    }
    case GLSLstd450Atan2: case GLSLstd450Pow: case GLSLstd450FMin: case GLSLstd450FMax: case GLSLstd450NMin:
    case GLSLstd450NMax: case GLSLstd450Step: {
      if (!result.isFloat() || !sameAsResult(2)) return reject(c, "expects two float operands of the result's type");
      const uint32_t w = result.width;
      switch (op) {
        case GLSLstd450Atan2: h = floatMapFor<Atan2, 2>(w); break;
        case GLSLstd450Pow: h = floatMapFor<Pow, 2>(w); break;
        case GLSLstd450FMin: case GLSLstd450NMin: h = floatMapFor<FMin, 2>(w); break;
        case GLSLstd450FMax: case GLSLstd450NMax: h = floatMapFor<FMax, 2>(w); break;
        default: h = floatMapFor<Step, 2>(w); break;
      }
      break;
    }
    case GLSLstd450FClamp: case GLSLstd450NClamp: case GLSLstd450FMix: case GLSLstd450SmoothStep: case GLSLstd450Fma: {
      if (!result.isFloat() || !sameAsResult(3)) return reject(c, "expects three float operands of the result's type");
      const uint32_t w = result.width;
      switch (op) {
        case GLSLstd450FClamp: case GLSLstd450NClamp: h = floatMapFor<FClamp, 3>(w); break;
        case GLSLstd450FMix: h = floatMapFor<FMix, 3>(w); break;
        case GLSLstd450SmoothStep: h = floatMapFor<SmoothStep, 3>(w); break;
        default: h = floatMapFor<Fma, 3>(w); break;
      }
      break;
    }

    // Component-wise integer functions: signedness comes from the instruction, not the types.
    case GLSLstd450SAbs: case GLSLstd450SSign: case GLSLstd450FindILsb: case GLSLstd450FindSMsb: case GLSLstd450FindUMsb: {
      const Shape x = argumentShape(0);
      if (!result.isInt() || !expectArguments(1) || x.kind != TypeKind::Int || x.width != result.width || x.components != result.components)
        return reject(c, "expects one integer operand of the result's width and size");
      const uint32_t w = result.width;
      switch (op) {
        case GLSLstd450SAbs: h = intMapFor<SAbs, 1>(w); break;
        case GLSLstd450SSign: h = intMapFor<SSign, 1>(w); break;
        case GLSLstd450FindILsb: h = intMapFor<FindILsb, 1>(w); break;
        case GLSLstd450FindSMsb: h = intMapFor<FindSMsb, 1>(w); break;
        default: h = intMapFor<FindUMsb, 1>(w); break;
      }
      break;
    }
    case GLSLstd450UMin: case GLSLstd450SMin: case GLSLstd450UMax: case GLSLstd450SMax: case GLSLstd450UClamp:
    case GLSLstd450SClamp: {
      const bool clamp = op == GLSLstd450UClamp || op == GLSLstd450SClamp;
      const uint32_t count = clamp ? 3 : 2;
      bool ok = result.isInt() && expectArguments(count);
      for (uint32_t i = 0; ok && i < count; ++i) {
        const Shape x = argumentShape(i);
        ok = x.kind == TypeKind::Int && x.width == result.width && x.components == result.components;
      }
      if (!ok) return reject(c, "expects integer operands of the result's width and size");
      const uint32_t w = result.width;
      switch (op) {
        case GLSLstd450UMin: h = intMapFor<UMin, 2>(w); break;
        case GLSLstd450SMin: h = intMapFor<SMin, 2>(w); break;
        case GLSLstd450UMax: h = intMapFor<UMax, 2>(w); break;
        case GLSLstd450SMax: h = intMapFor<SMax, 2>(w); break;
        case GLSLstd450UClamp: h = intMapFor<UClamp, 3>(w); break;
        default: h = intMapFor<SClamp, 3>(w); break;
      }
      break;
    }

    case GLSLstd450Modf:
    case GLSLstd450ModfStruct: {
      Shape value = result, whole;
      if (op == GLSLstd450Modf) {
        if (!expectArguments(2)) return reject(c, "expects a value and a pointer");
        whole = pointeeShape(c, 3);
      } else if (!expectArguments(1) || !structShapes(m, inst.typeId, value, whole)) {
        return reject(c, "expects one operand and a struct result of two members");
      }
      if (!value.isFloat() || !(whole == value) || !(argumentShape(0) == value)) return reject(c, "operand, result and whole part must have one float type");
      aux = value.components;
      aux2 = op == GLSLstd450Modf ? 0 : 1;
      h = withFloat(value.width, []<class T>() -> Handler { return modf<T>; });
      break;
    }
    case GLSLstd450Frexp:
    case GLSLstd450FrexpStruct: {
      Shape value = result, exponent;
      if (op == GLSLstd450Frexp) {
        if (!expectArguments(2)) return reject(c, "expects a value and a pointer");
        exponent = pointeeShape(c, 3);
      } else if (!expectArguments(1) || !structShapes(m, inst.typeId, value, exponent)) {
        return reject(c, "expects one operand and a struct result of two members");
      }
      if (!value.isFloat() || !(argumentShape(0) == value) || !exponent.isInt() || exponent.components != value.components)
        return reject(c, "expects a float operand and an integer exponent of as many components");
      aux = value.components;
      aux2 = (op == GLSLstd450Frexp ? 0 : 1) | (exponent.width / 8) << 8;
      h = withFloat(value.width, []<class T>() -> Handler { return frexp<T>; });
      break;
    }
    case GLSLstd450Ldexp: {
      const Shape exponent = argumentShape(1);
      if (!result.isFloat() || !expectArguments(2) || !(argumentShape(0) == result) || !exponent.isInt() ||
          exponent.components != result.components)
        return reject(c, "expects a float operand and an integer exponent of as many components");
      aux2 = exponent.width / 8;
      h = withFloat(result.width, []<class T>() -> Handler { return ldexp<T>; });
      break;
    }

    case GLSLstd450PackSnorm4x8: case GLSLstd450PackUnorm4x8: case GLSLstd450PackSnorm2x16: case GLSLstd450PackUnorm2x16:
    case GLSLstd450PackHalf2x16: {
      const uint32_t components = op == GLSLstd450PackSnorm4x8 || op == GLSLstd450PackUnorm4x8 ? 4 : 2;
      if (!result.is(TypeKind::Int, 32, 1) || !expectArguments(1) || !argumentShape(0).is(TypeKind::Float, 32, components))
        return reject(c, "expects a vector of 32-bit floats and a 32-bit integer result");
      h = pack;
      break;
    }
    case GLSLstd450UnpackSnorm4x8: case GLSLstd450UnpackUnorm4x8: case GLSLstd450UnpackSnorm2x16:
    case GLSLstd450UnpackUnorm2x16: case GLSLstd450UnpackHalf2x16: {
      const uint32_t components = op == GLSLstd450UnpackSnorm4x8 || op == GLSLstd450UnpackUnorm4x8 ? 4 : 2;
      if (!result.is(TypeKind::Float, 32, components) || !expectArguments(1) || !argumentShape(0).is(TypeKind::Int, 32, 1))
        return reject(c, "expects a 32-bit integer and a vector of 32-bit floats result");
      h = unpackLanes;
      break;
    }
    case GLSLstd450PackDouble2x32:
      if (!result.is(TypeKind::Float, 64, 1) || !expectArguments(1) || !argumentShape(0).is(TypeKind::Int, 32, 2))
        return reject(c, "expects a vector of two 32-bit integers and a 64-bit float result");
      h = copyBits;
      break;
    case GLSLstd450UnpackDouble2x32:
      if (!result.is(TypeKind::Int, 32, 2) || !expectArguments(1) || !argumentShape(0).is(TypeKind::Float, 64, 1))
        return reject(c, "expects a 64-bit float and a vector of two 32-bit integers result");
      h = copyBits;
      break;

    case GLSLstd450Length:
    case GLSLstd450Distance: {
      const Shape x = argumentShape(0);
      const uint32_t count = op == GLSLstd450Length ? 1 : 2;
      if (!result.isFloat() || result.components != 1 || !expectArguments(count) || x.kind != TypeKind::Float || x.width != result.width ||
          (count == 2 && !(argumentShape(1) == x)))
        return reject(c, "expects float operands whose component type is the result's");
      aux = x.components;
      h = withFloat(result.width, []<class T>() -> Handler { return geometry<T>; });
      break;
    }
    case GLSLstd450Cross:
      if (!result.isFloat() || result.components != 3 || !sameAsResult(2)) return reject(c, "expects two 3-component float vectors");
      h = withFloat(result.width, []<class T>() -> Handler { return geometry<T>; });
      break;
    case GLSLstd450Normalize:
    case GLSLstd450FaceForward:
    case GLSLstd450Reflect:
      if (!result.isFloat() || !sameAsResult(op == GLSLstd450Normalize ? 1 : op == GLSLstd450Reflect ? 2 : 3))
        return reject(c, "expects float operands of the result's type");
      h = withFloat(result.width, []<class T>() -> Handler { return geometry<T>; });
      break;
    case GLSLstd450Refract: {
      const Shape eta = argumentShape(2);
      if (!result.isFloat() || !expectArguments(3) || !(argumentShape(0) == result) || !(argumentShape(1) == result) ||
          !eta.isFloat() || eta.components != 1)
        return reject(c, "expects I and N of the result's type and a float scalar eta");
      aux2 = eta.width;
      h = withFloat(result.width, []<class T>() -> Handler { return geometry<T>; });
      break;
    }

    case GLSLstd450Determinant:
    case GLSLstd450MatrixInverse: {
      const uint32_t matrixType = expectArguments(1) && !c.operand(2).isLiteral() ? c.operandType(2) : 0;
      const Type* t = matrixType ? &m.type(matrixType) : nullptr;
      const Shape column = t && t->kind == TypeKind::Matrix ? shapeOf(m, t->element) : Shape{};
      const bool square = column.isFloat() && column.components == t->count && t->count >= 2 && t->count <= 4;
      const bool resultOk = op == GLSLstd450Determinant ? result.is(TypeKind::Float, column.width, 1) : inst.typeId == matrixType;
      if (!square || !resultOk) return reject(c, "expects a square float matrix of 2 to 4 columns");
      aux = t->count;
      h = withFloat(column.width, []<class T>() -> Handler { return matrix<T>; });
      break;
    }
    default:
      return false;
  }
  inst.aux = aux;
  inst.aux2 = aux2;
  inst.handler = h;
  return true;
}

}  // namespace sl::interp
