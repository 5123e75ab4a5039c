// Atomic instructions on 32- and 64-bit integers, and float add/min/max (SPV_EXT_shader_atomic_float_add,
// _min_max) on 16-, 32- and 64-bit floats. Every one returns the value memory held before it.
//
// Workgroups run in parallel on several host threads, so memory other workgroups can reach (buffers and
// storage-image texels) is changed with host atomics (GCC __atomic builtins, sequentially consistent,
// which is at least as strong as any SPIR-V memory semantics); the compare-and-swap loop carries
// min/max and the float operations. Memory only this workgroup reaches (groupshared, function and
// private variables) is touched by one host thread at a time, so plain reads and writes do.
//
// Within one instruction the lanes of a subgroup perform their atomic one after another, lowest
// lane first (so an atomic counter hands out consecutive values in lane order).
// An access out of bounds returns 0 and writes nothing (robust buffer access); an address that is
// not a multiple of the value's size is an error.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/OpNames.h"
#include "interp/OpsCommon.h"

namespace sl::interp {

namespace {

enum class AtomicOp {
  Load, Store, Exchange, CompareExchange, Increment, Decrement, Add, Sub, SMin, UMin, SMax, UMax, And, Or, Xor,
  FAdd, FMin, FMax,
};

constexpr bool isFloatOp(AtomicOp op) { return op == AtomicOp::FAdd || op == AtomicOp::FMin || op == AtomicOp::FMax; }

// The float type whose bits U holds.
template <class U>
using FloatOf = std::conditional_t<sizeof(U) == 2, Half, std::conditional_t<sizeof(U) == 4, float, double>>;

template <class U>
inline double toDouble(U bits, bool flush) {
  if constexpr (sizeof(U) == 2) return float(Half::toFloat(bits));
  else if constexpr (sizeof(U) == 4) return flush ? flushDenormal(std::bit_cast<float>(bits)) : std::bit_cast<float>(bits);
  else return std::bit_cast<double>(bits);
}

// Float min/max: a NaN operand gives the other one, and -0 counts as smaller than +0.
template <class F>
inline F floatMin(F a, F b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}
template <class F>
inline F floatMax(F a, F b) {
  if (std::isnan(a)) return b;
  if (std::isnan(b)) return a;
  if (a == b) return std::signbit(a) ? b : a;
  return a < b ? b : a;
}

// The float operations in the value's own precision (fp16 through float, rounded to nearest even).
template <class U, AtomicOp Op>
inline U floatCombine(U old, U value, bool flush) {
  using F = FloatOf<U>;
  using C = std::conditional_t<std::is_same_v<F, double>, double, float>;
  const C a = C(toDouble(old, flush)), b = C(toDouble(value, flush));
  C r;
  if constexpr (Op == AtomicOp::FAdd) r = a + b;
  else if constexpr (Op == AtomicOp::FMin) r = floatMin(a, b);
  else r = floatMax(a, b);
  if constexpr (sizeof(U) == 2) return Half(r).bits;
  else if constexpr (sizeof(U) == 4) return std::bit_cast<U>(flush ? flushDenormal(r) : r);
  else return std::bit_cast<U>(r);
}

// The value memory holds after the operation, from the value before it.
template <class U, AtomicOp Op>
inline U combine(U old, U value, U comparator, bool flush) {
  using S = std::make_signed_t<U>;
  if constexpr (Op == AtomicOp::Store || Op == AtomicOp::Exchange) return value;
  else if constexpr (Op == AtomicOp::CompareExchange) return old == comparator ? value : old;
  else if constexpr (Op == AtomicOp::Increment) return U(old + 1);
  else if constexpr (Op == AtomicOp::Decrement) return U(old - 1);
  else if constexpr (Op == AtomicOp::Add) return U(old + value);
  else if constexpr (Op == AtomicOp::Sub) return U(old - value);
  else if constexpr (Op == AtomicOp::SMin) return S(value) < S(old) ? value : old;
  else if constexpr (Op == AtomicOp::UMin) return value < old ? value : old;
  else if constexpr (Op == AtomicOp::SMax) return S(value) > S(old) ? value : old;
  else if constexpr (Op == AtomicOp::UMax) return value > old ? value : old;
  else if constexpr (Op == AtomicOp::And) return U(old & value);
  else if constexpr (Op == AtomicOp::Or) return U(old | value);
  else if constexpr (Op == AtomicOp::Xor) return U(old ^ value);
  else if constexpr (isFloatOp(Op)) return floatCombine<U, Op>(old, value, flush);
  else return old;  // Load
}

// The operation on memory other threads may touch at once; returns the original value.
template <class U, AtomicOp Op>
inline U hostAtomic(U* p, U value, U comparator, bool flush) {
  constexpr int order = __ATOMIC_SEQ_CST;
  if constexpr (Op == AtomicOp::Load) return __atomic_load_n(p, order);
  else if constexpr (Op == AtomicOp::Store) return __atomic_store_n(p, value, order), U(0);
  else if constexpr (Op == AtomicOp::Exchange) return __atomic_exchange_n(p, value, order);
  else if constexpr (Op == AtomicOp::CompareExchange) {
    U expected = comparator;
    __atomic_compare_exchange_n(p, &expected, value, false, order, order);
    return expected;  // the original value whether or not it matched
  } else if constexpr (Op == AtomicOp::Increment) return __atomic_fetch_add(p, U(1), order);
  else if constexpr (Op == AtomicOp::Decrement) return __atomic_fetch_sub(p, U(1), order);
  else if constexpr (Op == AtomicOp::Add) return __atomic_fetch_add(p, value, order);
  else if constexpr (Op == AtomicOp::Sub) return __atomic_fetch_sub(p, value, order);
  else if constexpr (Op == AtomicOp::And) return __atomic_fetch_and(p, value, order);
  else if constexpr (Op == AtomicOp::Or) return __atomic_fetch_or(p, value, order);
  else if constexpr (Op == AtomicOp::Xor) return __atomic_fetch_xor(p, value, order);
  else {
    // Min/max and floats: compare-and-swap until no other thread came in between.
    U old = __atomic_load_n(p, __ATOMIC_RELAXED);
    while (!__atomic_compare_exchange_n(p, &old, combine<U, Op>(old, value, comparator, flush), true, order, __ATOMIC_RELAXED)) {
    }
    return old;
  }
}

constexpr bool hasValue(AtomicOp op) {
  return op != AtomicOp::Load && op != AtomicOp::Increment && op != AtomicOp::Decrement;
}

// Operands: pointer, scope, semantics[, unequal semantics (CompareExchange)][, value[, comparator]].
template <class U, AtomicOp Op>
void atomicHandler(SubgroupExec& exec, const Inst& inst) {
  constexpr uint32_t valueOperand = Op == AtomicOp::CompareExchange ? 4 : 3;
  const Ref pointer = exec.operand(inst, 0);
  const Ref value = hasValue(Op) ? exec.operand(inst, valueOperand) : Ref{};
  const Ref comparator = Op == AtomicOp::CompareExchange ? exec.operand(inst, 5) : Ref{};
  const Ref r = Op == AtomicOp::Store ? Ref{} : exec.result(inst);
  const auto access = Op == AtomicOp::Load ? SubgroupExec::Access::Read : SubgroupExec::Access::Atomic;
  const bool flush = sizeof(U) == 4 && isFloatOp(Op) && exec.flushFp32();
  forActive(exec, [&](uint32_t lane) {
    const Pointer p = load<Pointer>(pointer.at(lane));
    uint8_t* at = exec.memory(p, lane, sizeof(U), access, inst);
    U original = 0;
    if (at && reinterpret_cast<uintptr_t>(at) % sizeof(U) != 0) [[unlikely]] {
      exec.error(inst, lane, "atomic access at byte offset " + std::to_string(p.offset) + ", which is not a multiple of its size " +
                                 std::to_string(sizeof(U)));
      at = nullptr;
    }
    if (at) {
      const U v = hasValue(Op) ? load<U>(value.at(lane)) : U(0);
      const U cmp = Op == AtomicOp::CompareExchange ? load<U>(comparator.at(lane)) : U(0);
      const ObjectKind kind = objectKind(p.object);
      if (kind == ObjectKind::Buffer || kind == ObjectKind::ImageTexel) {
        original = hostAtomic<U, Op>(reinterpret_cast<U*>(at), v, cmp, flush);
      } else {
        original = load<U>(at);
        if constexpr (Op != AtomicOp::Load) store<U>(at, combine<U, Op>(original, v, cmp, flush));
      }
    }
    if constexpr (Op != AtomicOp::Store) store<U>(r.at(lane), original);
  });
}

template <AtomicOp Op>
Handler atomicFor(uint32_t width) {
  switch (width) {
    case 16: return atomicHandler<uint16_t, Op>;
    case 32: return atomicHandler<uint32_t, Op>;
    default: return atomicHandler<uint64_t, Op>;
  }
}

bool reject(BindContext& c, const std::string& what) {
  c.error = std::string("atomic: ") + what;
  return false;
}

}  // namespace

bool bindAtomic(BindContext& c) {
  Inst& inst = c.inst;
  const Module& m = c.module;
  AtomicOp op;
  switch (spv::Op(inst.opcode)) {
    case spv::OpAtomicLoad: op = AtomicOp::Load; break;
    case spv::OpAtomicStore: op = AtomicOp::Store; break;
    case spv::OpAtomicExchange: op = AtomicOp::Exchange; break;
    case spv::OpAtomicCompareExchange: case spv::OpAtomicCompareExchangeWeak: op = AtomicOp::CompareExchange; break;
    case spv::OpAtomicIIncrement: op = AtomicOp::Increment; break;
    case spv::OpAtomicIDecrement: op = AtomicOp::Decrement; break;
    case spv::OpAtomicIAdd: op = AtomicOp::Add; break;
    case spv::OpAtomicISub: op = AtomicOp::Sub; break;
    case spv::OpAtomicSMin: op = AtomicOp::SMin; break;
    case spv::OpAtomicUMin: op = AtomicOp::UMin; break;
    case spv::OpAtomicSMax: op = AtomicOp::SMax; break;
    case spv::OpAtomicUMax: op = AtomicOp::UMax; break;
    case spv::OpAtomicAnd: op = AtomicOp::And; break;
    case spv::OpAtomicOr: op = AtomicOp::Or; break;
    case spv::OpAtomicXor: op = AtomicOp::Xor; break;
    case spv::OpAtomicFAddEXT: op = AtomicOp::FAdd; break;
    case spv::OpAtomicFMinEXT: op = AtomicOp::FMin; break;
    case spv::OpAtomicFMaxEXT: op = AtomicOp::FMax; break;
    default: return false;
  }
  const uint32_t operandCount = op == AtomicOp::CompareExchange ? 6 : hasValue(op) ? 4 : 3;
  if (inst.operandCount != operandCount) return reject(c, std::string(opcodeName(inst.opcode)) + " has the wrong number of operands");
  const uint32_t pointerType = c.operand(0).isLiteral() ? 0 : c.operandType(0);
  if (pointerType == 0 || m.type(pointerType).kind != TypeKind::Pointer) return reject(c, "the first operand is not a pointer");
  const uint32_t valueType = m.type(pointerType).element;
  const Type& t = m.type(valueType);
  const bool floatOp = isFloatOp(op);
  const bool typeOk = floatOp ? t.kind == TypeKind::Float && (t.width == 16 || t.width == 32 || t.width == 64)
                              : (t.kind == TypeKind::Int && (t.width == 32 || t.width == 64)) ||
                                    // Load, store and exchange also move floats.
                                    (t.kind == TypeKind::Float && (t.width == 32 || t.width == 64) &&
                                     (op == AtomicOp::Load || op == AtomicOp::Store || op == AtomicOp::Exchange));
  if (!typeOk) return reject(c, "unsupported atomic value type");
  if (op != AtomicOp::Store && inst.typeId != valueType) return reject(c, "the result type is not the pointee type");
  const uint32_t firstValue = op == AtomicOp::CompareExchange ? 4 : 3;
  for (uint32_t i = firstValue; i < operandCount; ++i)
    if (c.operand(i).isLiteral() || c.operandType(i) != valueType) return reject(c, "a value operand is not of the pointee type");
  const uint32_t width = t.width;
  Handler h = nullptr;
  switch (op) {
    case AtomicOp::Load: h = atomicFor<AtomicOp::Load>(width); break;
    case AtomicOp::Store: h = atomicFor<AtomicOp::Store>(width); break;
    case AtomicOp::Exchange: h = atomicFor<AtomicOp::Exchange>(width); break;
    case AtomicOp::CompareExchange: h = atomicFor<AtomicOp::CompareExchange>(width); break;
    case AtomicOp::Increment: h = atomicFor<AtomicOp::Increment>(width); break;
    case AtomicOp::Decrement: h = atomicFor<AtomicOp::Decrement>(width); break;
    case AtomicOp::Add: h = atomicFor<AtomicOp::Add>(width); break;
    case AtomicOp::Sub: h = atomicFor<AtomicOp::Sub>(width); break;
    case AtomicOp::SMin: h = atomicFor<AtomicOp::SMin>(width); break;
    case AtomicOp::UMin: h = atomicFor<AtomicOp::UMin>(width); break;
    case AtomicOp::SMax: h = atomicFor<AtomicOp::SMax>(width); break;
    case AtomicOp::UMax: h = atomicFor<AtomicOp::UMax>(width); break;
    case AtomicOp::And: h = atomicFor<AtomicOp::And>(width); break;
    case AtomicOp::Or: h = atomicFor<AtomicOp::Or>(width); break;
    case AtomicOp::Xor: h = atomicFor<AtomicOp::Xor>(width); break;
    case AtomicOp::FAdd: h = atomicFor<AtomicOp::FAdd>(width); break;
    case AtomicOp::FMin: h = atomicFor<AtomicOp::FMin>(width); break;
    case AtomicOp::FMax: h = atomicFor<AtomicOp::FMax>(width); break;
  }
  inst.handler = h;
  return true;
}

}  // namespace sl::interp
