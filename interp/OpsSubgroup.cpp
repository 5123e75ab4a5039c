// Subgroup (wave) instructions, quad operations and derivatives. A subgroup's lanes run in
// lockstep, so each instruction sees every lane's operands at once: exec.active() is the set of
// invocations that execute it (non-uniform operations act on exactly these).
//
// Choices where the specs leave room (docs/interp.md, "Subgroups"):
// - Reading a lane that is inactive or outside the subgroup (Broadcast, Shuffle*, Quad*, Rotate)
//   is undefined: the CPU device gives 0 and warns.
// - Float reductions and scans combine in lane order, lowest lane first, rounding every step to
//   the value's precision (fp16 steps round to half; fp32 denormals flush when the dispatch
//   flushes them). FMin/FMax ignore NaNs (the other value is chosen, -0 orders below +0); a
//   result that is still NaN (every value was) is undefined and warned about.
// - AllEqual compares floats ordered-and-equal, as the SPIR-V spec says (NaN never equals,
//   -0 equals +0); integers and booleans compare bitwise. PartitionNV (WaveMatch) compares
//   bitwise, so every invocation lies in its own partition even for NaN.
// - BallotBitCount counts the bits of its Value below the subgroup size, not masked by the active
//   invocations; BallotFindLSB/MSB of no bit is undefined: ~0 and a warning.
// - Derivatives: quad q = lanes 4k..4k+3, x = q & 1, y = q >> 1. Fine derivatives difference the
//   lane's own row (x) or column (y); coarse ones the quad's top row / left column for all four.
//   OpDPdx/OpDPdy/OpFwidth are the fine ones (as llvmpipe). A quad that is not fully active is
//   non-uniform control flow (undefined): the pair is differenced when both are active, else 0,
//   with a warning either way.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <algorithm>

#include "interp/OpNames.h"
#include "interp/OpsCommon.h"
#include "interp/SubgroupOps.h"

namespace sl::interp {

namespace {

// Warning kinds (each kept once per instruction).
constexpr uint32_t kInactiveRead = 40;
constexpr uint32_t kOutOfRangeRead = 41;
constexpr uint32_t kNoBitSet = 42;
constexpr uint32_t kNanResult = 43;
constexpr uint32_t kClusterTooLarge = 44;
constexpr uint32_t kPartition = 45;
constexpr uint32_t kDerivativeQuad = 46;

enum GroupOperation : uint32_t {
  kReduce = spv::GroupOperationReduce,
  kInclusiveScan = spv::GroupOperationInclusiveScan,
  kExclusiveScan = spv::GroupOperationExclusiveScan,
  kClusteredReduce = spv::GroupOperationClusteredReduce,
  kPartitionedReduce = spv::GroupOperationPartitionedReduceNV,
  kPartitionedInclusiveScan = spv::GroupOperationPartitionedInclusiveScanNV,
  kPartitionedExclusiveScan = spv::GroupOperationPartitionedExclusiveScanNV,
};

uint64_t readUnsigned(const uint8_t* p, uint32_t bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, std::min<uint32_t>(bytes, 8));
  return v;
}
void writeUnsigned(uint8_t* p, uint32_t bytes, uint64_t v) { std::memcpy(p, &v, std::min<uint32_t>(bytes, 8)); }

// A ballot (uvec4) as a lane mask.
Mask loadBallot(const uint8_t* p) {
  uint32_t words[4];
  std::memcpy(words, p, 16);
  Mask m;
  m.w[0] = uint64_t(words[0]) | uint64_t(words[1]) << 32;
  m.w[1] = uint64_t(words[2]) | uint64_t(words[3]) << 32;
  return m;
}
void storeBallot(uint8_t* p, const Mask& m) {
  const uint32_t words[4] = {uint32_t(m.w[0]), uint32_t(m.w[0] >> 32), uint32_t(m.w[1]), uint32_t(m.w[1] >> 32)};
  std::memcpy(p, words, 16);
}

// The active lanes in order, for the loops that combine across lanes.
uint32_t activeLanes(const Mask& active, uint8_t* lanes) {
  uint32_t count = 0;
  active.forEach([&](uint32_t lane) { lanes[count++] = uint8_t(lane); });
  return count;
}

std::string laneText(uint32_t lane) { return "subgroup invocation " + std::to_string(lane); }

void wrongScope(SubgroupExec& exec, const Inst& inst) {
  exec.error(inst, exec.active().first(),
             inst.aux == ~0u ? std::string("execution scope is not a constant")
                             : "execution scope " + std::to_string(inst.aux) + " is not Subgroup (3), which Vulkan requires");
}

// ---- votes and ballots ---------------------------------------------------------------------------
// aux: the index of the first value operand (1 after a scope, 0 for the SPV_KHR_* forms).

void elect(SubgroupExec& exec, const Inst& inst) {
  const Ref r = exec.result(inst);
  const uint32_t first = exec.active().first();
  forActive(exec, [&](uint32_t lane) { *r.at(lane) = lane == first; });
}

template <bool All>
void vote(SubgroupExec& exec, const Inst& inst) {
  const Ref p = exec.operand(inst, inst.aux), r = exec.result(inst);
  bool v = All;
  forActive(exec, [&](uint32_t lane) { v = All ? (v && *p.at(lane)) : (v || *p.at(lane)); });
  forActive(exec, [&](uint32_t lane) { *r.at(lane) = v; });
}

// Integers and booleans: bitwise. aux2: the value's bytes.
void allEqualBitwise(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, inst.aux), r = exec.result(inst);
  const uint32_t size = inst.aux2;
  const uint8_t* first = v.at(exec.active().first());
  bool equal = true;
  forActive(exec, [&](uint32_t lane) { equal = equal && std::memcmp(v.at(lane), first, size) == 0; });
  forActive(exec, [&](uint32_t lane) { *r.at(lane) = equal; });
}

// Floats: ordered and equal, component by component. aux2: components.
template <class T>
void allEqualFloat(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, inst.aux), r = exec.result(inst);
  const uint32_t n = inst.aux2;
  const uint8_t* first = v.at(exec.active().first());
  bool equal = true;
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n && equal; ++k) {
      const double a = double(loadValue<T>(v.at(lane) + k * sizeof(T))), b = double(loadValue<T>(first + k * sizeof(T)));
      equal = a == b;  // false for NaN
    }
  });
  forActive(exec, [&](uint32_t lane) { *r.at(lane) = equal; });
}

void ballot(SubgroupExec& exec, const Inst& inst) {
  const Ref p = exec.operand(inst, inst.aux), r = exec.result(inst);
  Mask bits;
  forActive(exec, [&](uint32_t lane) {
    if (*p.at(lane)) bits.set(lane);
  });
  forActive(exec, [&](uint32_t lane) { storeBallot(r.at(lane), bits); });
}

void inverseBallot(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 1), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) { *r.at(lane) = loadBallot(v.at(lane)).test(lane); });
}

void ballotBitExtract(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 1), index = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t indexBytes = exec.rawOperand(inst, 2).size;
  const uint32_t width = exec.width();
  forActive(exec, [&](uint32_t lane) {
    const uint64_t bit = readUnsigned(index.at(lane), indexBytes);
    if (bit >= width) {
      exec.warning(inst, lane, "ballot bit index " + std::to_string(bit) + " is not below the subgroup size " + std::to_string(width) +
                                   " (undefined; the CPU device gives false)", kOutOfRangeRead);
      *r.at(lane) = 0;
      return;
    }
    *r.at(lane) = loadBallot(v.at(lane)).test(uint32_t(bit));
  });
}

// Counts the Value's bits below the subgroup size (all of them, inclusive up to the lane, or
// below it): the Value as given, never masked by the active lanes. aux2: the group operation.
void ballotBitCount(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t resultBytes = inst.result.stride;
  const Mask subgroup = Mask::firstN(exec.width());
  const uint32_t operation = inst.aux2;
  forActive(exec, [&](uint32_t lane) {
    Mask bits = loadBallot(v.at(lane)) & subgroup;
    if (operation == kInclusiveScan) bits = bits & Mask::firstN(lane + 1);
    else if (operation == kExclusiveScan) bits = bits & Mask::firstN(lane);
    writeUnsigned(r.at(lane), resultBytes, bits.count());
  });
}

template <bool Lowest>
void ballotFind(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 1), r = exec.result(inst);
  const uint32_t resultBytes = inst.result.stride;
  const Mask subgroup = Mask::firstN(exec.width());
  forActive(exec, [&](uint32_t lane) {
    const Mask bits = loadBallot(v.at(lane)) & subgroup;
    if (bits.none()) {
      exec.warning(inst, lane, "no bit of the ballot is set (undefined; the CPU device gives ~0)", kNoBitSet);
      writeUnsigned(r.at(lane), resultBytes, ~uint64_t(0));
      return;
    }
    writeUnsigned(r.at(lane), resultBytes, Lowest ? bits.first() : bits.last());
  });
}

// ---- reading another lane ------------------------------------------------------------------------
// aux: the value operand; the operand after it is the lane index, mask, delta or quad index.
// QuadSwap: aux2 is the lane xor (1, 2, 3). Rotate: an optional cluster size follows the delta.

enum class Source { Index, First, Xor, Up, Down, QuadIndex, QuadSwap, Rotate };

template <Source S, uint32_t Size>
void readLane(SubgroupExec& exec, const Inst& inst) {
  const uint32_t valueOperand = inst.aux;
  const Ref v = exec.operand(inst, valueOperand), r = exec.result(inst);
  const uint32_t size = Size ? Size : exec.rawOperand(inst, valueOperand).size;
  const Mask& active = exec.active();
  const uint32_t width = exec.width();
  Ref by;
  uint32_t byBytes = 0;
  if constexpr (S != Source::First && S != Source::QuadSwap) {
    by = exec.operand(inst, valueOperand + 1);
    byBytes = exec.rawOperand(inst, valueOperand + 1).size;
  }
  uint64_t cluster = width;
  if constexpr (S == Source::Rotate) {
    if (inst.operandCount > valueOperand + 2) {
      const Ref clusterRef = exec.operand(inst, valueOperand + 2);
      cluster = readUnsigned(clusterRef.at(active.first()), exec.rawOperand(inst, valueOperand + 2).size);
      if (cluster == 0 || (cluster & (cluster - 1)) != 0) {
        exec.error(inst, active.first(), "cluster size " + std::to_string(cluster) + " is not a power of two");
        return;
      }
      if (cluster > width) {
        exec.warning(inst, active.first(), "cluster size " + std::to_string(cluster) + " exceeds the subgroup size " + std::to_string(width) +
                                               " (undefined; the CPU device rotates within the subgroup)", kClusterTooLarge);
        cluster = width;
      }
    }
  }
  const uint32_t firstActive = active.first();
  forActive(exec, [&](uint32_t lane) {
    uint64_t source = 0, quadIndex = 0;
    bool quadIndexOutOfRange = false;
    if constexpr (S == Source::First) source = firstActive;
    else if constexpr (S == Source::QuadSwap) source = lane ^ inst.aux2;
    else {
      const uint64_t x = readUnsigned(by.at(lane), byBytes);
      if constexpr (S == Source::Index) source = x;
      else if constexpr (S == Source::Xor) source = lane ^ x;
      else if constexpr (S == Source::Up) source = x <= lane ? lane - x : ~uint64_t(0);
      else if constexpr (S == Source::Down) source = lane + x < lane ? ~uint64_t(0) : lane + x;
      else if constexpr (S == Source::QuadIndex) {
        quadIndexOutOfRange = x >= 4;
        quadIndex = x;
        source = (lane & ~3u) + (x & 3);
      } else {
        const uint64_t base = lane - lane % cluster;
        source = base + (lane % cluster + x % cluster) % cluster;
      }
    }
    if (quadIndexOutOfRange || source >= width || !active.test(uint32_t(source))) [[unlikely]] {
      std::memset(r.at(lane), 0, size);
      if (quadIndexOutOfRange)
        exec.warning(inst, lane, "quad index " + std::to_string(quadIndex) + " is out of range (undefined; the CPU device gives 0)",
                     kOutOfRangeRead);
      else if (source >= width)
        exec.warning(inst, lane, "reads a lane outside the subgroup of " + std::to_string(width) + " (undefined; the CPU device gives 0)",
                     kOutOfRangeRead);
      else
        exec.warning(inst, lane, "reads " + laneText(uint32_t(source)) + ", which is inactive (undefined; the CPU device gives 0)", kInactiveRead);
      return;
    }
    std::memcpy(r.at(lane), v.at(uint32_t(source)), size);
  });
}

template <Source S>
Handler readLaneFor(uint32_t size) {
  switch (size) {
    case 1: return readLane<S, 1>;
    case 2: return readLane<S, 2>;
    case 4: return readLane<S, 4>;
    case 8: return readLane<S, 8>;
    case 12: return readLane<S, 12>;
    case 16: return readLane<S, 16>;
    default: return readLane<S, 0>;
  }
}

// ---- arithmetic across lanes ---------------------------------------------------------------------

template <class T>
T fromDouble(double v) {
  if constexpr (std::is_same_v<T, Half>) return Half(float(v));
  else return T(v);
}
template <class T>
bool isNan(T v) {
  if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, Half>) return std::isnan(double(v));
  else return false;
}

struct AddOp {
  static constexpr bool kNanUndefined = false;
  template <class T> static T identity() { return fromDouble<T>(0); }
  template <class T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, Half>) return Half(float(a) + float(b));
    else if constexpr (std::is_floating_point_v<T>) return a + b;
    else return T(a + b);
  }
};
struct MulOp {
  static constexpr bool kNanUndefined = false;
  template <class T> static T identity() { return fromDouble<T>(1); }
  template <class T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, Half>) return Half(float(a) * float(b));
    else if constexpr (std::is_floating_point_v<T>) return a * b;
    else return T(uint64_t(a) * uint64_t(b));  // wraps (no promotion to int)
  }
};
struct MinOp {
  static constexpr bool kNanUndefined = true;
  template <class T> static T identity() {
    if constexpr (std::is_same_v<T, Half> || std::is_floating_point_v<T>) return fromDouble<T>(std::numeric_limits<double>::infinity());
    else return std::numeric_limits<T>::max();
  }
  template <class T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, Half> || std::is_floating_point_v<T>) {
      const double x = double(a), y = double(b);
      if (std::isnan(x)) return b;
      if (std::isnan(y)) return a;
      if (x != y) return x < y ? a : b;
      return std::signbit(x) ? a : b;
    } else {
      return a < b ? a : b;
    }
  }
};
struct MaxOp {
  static constexpr bool kNanUndefined = true;
  template <class T> static T identity() {
    if constexpr (std::is_same_v<T, Half> || std::is_floating_point_v<T>) return fromDouble<T>(-std::numeric_limits<double>::infinity());
    else return std::numeric_limits<T>::lowest();
  }
  template <class T> static T apply(T a, T b) {
    if constexpr (std::is_same_v<T, Half> || std::is_floating_point_v<T>) {
      const double x = double(a), y = double(b);
      if (std::isnan(x)) return b;
      if (std::isnan(y)) return a;
      if (x != y) return x > y ? a : b;
      return std::signbit(x) ? b : a;
    } else {
      return a > b ? a : b;
    }
  }
};
struct AndOp {
  static constexpr bool kNanUndefined = false;
  template <class T> static T identity() { return T(~T(0)); }
  template <class T> static T apply(T a, T b) { return T(a & b); }
};
struct OrOp {
  static constexpr bool kNanUndefined = false;
  template <class T> static T identity() { return T(0); }
  template <class T> static T apply(T a, T b) { return T(a | b); }
};
struct XorOp {
  static constexpr bool kNanUndefined = false;
  template <class T> static T identity() { return T(0); }
  template <class T> static T apply(T a, T b) { return T(a ^ b); }
};
// Booleans are one byte, 0 or 1.
struct LogicalAndOp {
  static constexpr bool kNanUndefined = false;
  template <class T> static T identity() { return T(1); }
  template <class T> static T apply(T a, T b) { return T(a & b); }
};

template <class T, class Op, bool Flush>
struct Combine {
  static T get(const Ref& v, uint32_t lane, uint32_t offset) {
    T x = loadValue<T>(v.at(lane) + offset);
    if constexpr (Flush) x = flushDenormal(x);
    return x;
  }
  static T apply(T a, T b) {
    T x = Op::template apply<T>(a, b);
    if constexpr (Flush) x = flushDenormal(x);
    return x;
  }
};

// Reduce, inclusive or exclusive scan over `lanes` (in lane order), component by component.
// True when a result is NaN for an operation whose all-NaN result is undefined.
template <class T, class Op, bool Flush>
bool scanLanes(const uint8_t* lanes, uint32_t count, uint32_t operation, const Ref& v, const Ref& r, uint32_t components) {
  using C = Combine<T, Op, Flush>;
  bool nan = false;
  for (uint32_t k = 0; k < components; ++k) {
    const uint32_t offset = k * uint32_t(sizeof(T));
    T acc = C::get(v, lanes[0], offset);
    if (operation == kReduce) {
      for (uint32_t i = 1; i < count; ++i) acc = C::apply(acc, C::get(v, lanes[i], offset));
      for (uint32_t i = 0; i < count; ++i) storeValue(r.at(lanes[i]) + offset, acc);
      if constexpr (Op::kNanUndefined) nan |= isNan(acc);
    } else if (operation == kInclusiveScan) {
      storeValue(r.at(lanes[0]) + offset, acc);
      if constexpr (Op::kNanUndefined) nan |= isNan(acc);
      for (uint32_t i = 1; i < count; ++i) {
        acc = C::apply(acc, C::get(v, lanes[i], offset));
        storeValue(r.at(lanes[i]) + offset, acc);
        if constexpr (Op::kNanUndefined) nan |= isNan(acc);
      }
    } else {
      storeValue(r.at(lanes[0]) + offset, Op::template identity<T>());
      for (uint32_t i = 1; i < count; ++i) {
        storeValue(r.at(lanes[i]) + offset, acc);
        if constexpr (Op::kNanUndefined) nan |= isNan(acc);
        acc = C::apply(acc, C::get(v, lanes[i], offset));
      }
    }
  }
  return nan;
}

// aux: components; aux2: the group operation. Operand 2 is the value, operand 3 the cluster size
// (ClusteredReduce) or the partition's ballot (Partitioned*NV).
template <class T, class Op, bool Flush>
void groupArithmeticIn(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 2), r = exec.result(inst);
  const uint32_t components = inst.aux, operation = inst.aux2;
  const Mask& active = exec.active();
  uint8_t lanes[128];
  const uint32_t count = activeLanes(active, lanes);
  if (count == 0) return;
  bool nan = false;
  switch (operation) {
    case kReduce:
    case kInclusiveScan:
    case kExclusiveScan:
      nan = scanLanes<T, Op, Flush>(lanes, count, operation, v, r, components);
      break;
    case kClusteredReduce: {
      const uint32_t width = exec.width();
      uint64_t cluster = readUnsigned(exec.operand(inst, 3).at(lanes[0]), exec.rawOperand(inst, 3).size);
      if (cluster == 0 || (cluster & (cluster - 1)) != 0) {
        exec.error(inst, lanes[0], "cluster size " + std::to_string(cluster) + " is not a power of two");
        return;
      }
      if (cluster > width) {
        exec.warning(inst, lanes[0], "cluster size " + std::to_string(cluster) + " exceeds the subgroup size " + std::to_string(width) +
                                         " (undefined; the CPU device reduces the whole subgroup)", kClusterTooLarge);
        cluster = width;
      }
      // Clusters are runs of lanes with the same lane / cluster.
      for (uint32_t begin = 0; begin < count;) {
        uint32_t end = begin + 1;
        while (end < count && lanes[end] / cluster == lanes[begin] / cluster) ++end;
        nan |= scanLanes<T, Op, Flush>(lanes + begin, end - begin, kReduce, v, r, components);
        begin = end;
      }
      break;
    }
    default: {
      // Partitioned: each partition is the active lanes of its lowest lane's ballot.
      const Ref partitions = exec.operand(inst, 3);
      const uint32_t scan = operation == kPartitionedReduce ? kReduce : operation == kPartitionedInclusiveScan ? kInclusiveScan : kExclusiveScan;
      Mask done;
      for (uint32_t i = 0; i < count; ++i) {
        const uint32_t lane = lanes[i];
        if (done.test(lane)) continue;
        Mask partition = loadBallot(partitions.at(lane)) & active;
        if (!partition.test(lane)) {
          exec.warning(inst, lane, "the partition ballot of " + laneText(lane) + " does not contain it (undefined; the CPU device adds it)", kPartition);
          partition.set(lane);
        }
        partition = partition.andNot(done);
        uint8_t members[128];
        const uint32_t memberCount = activeLanes(partition, members);
        for (uint32_t m = 1; m < memberCount; ++m)
          if ((loadBallot(partitions.at(members[m])) & active) != (loadBallot(partitions.at(lane)) & active))
            exec.warning(inst, members[m], "invocations of one partition give different partition ballots (undefined)", kPartition);
        nan |= scanLanes<T, Op, Flush>(members, memberCount, scan, v, r, components);
        done = done | partition;
      }
      break;
    }
  }
  if (nan) [[unlikely]]
    exec.warning(inst, lanes[0], "every value of the minimum/maximum is NaN (undefined; the CPU device gives NaN)", kNanResult);
}

template <class T, class Op>
void groupArithmetic(SubgroupExec& exec, const Inst& inst) {
  if constexpr (std::is_same_v<T, float>) {
    if (exec.flushFp32()) return groupArithmeticIn<T, Op, true>(exec, inst);
  }
  groupArithmeticIn<T, Op, false>(exec, inst);
}

// WaveMatch: the active lanes whose value equals the lane's, bitwise. aux2: the value's bytes.
void partition(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t size = inst.aux2;
  const Mask& active = exec.active();
  uint8_t lanes[128];
  const uint32_t count = activeLanes(active, lanes);
  Mask done;
  for (uint32_t i = 0; i < count; ++i) {
    if (done.test(lanes[i])) continue;
    const uint8_t* value = v.at(lanes[i]);
    Mask same;
    for (uint32_t j = i; j < count; ++j)
      if (!done.test(lanes[j]) && std::memcmp(v.at(lanes[j]), value, size) == 0) same.set(lanes[j]);
    same.forEach([&](uint32_t lane) { storeBallot(r.at(lane), same); });
    done = done | same;
  }
}

// ---- derivatives ---------------------------------------------------------------------------------

enum class Derivative { X, Y, Width };

bool derivativeGroupMissing(SubgroupExec& exec) {
  const EntryPoint& entry = exec.runContext().entry;
  return entry.executionModel == spv::ExecutionModelGLCompute && !entry.derivativeGroupQuads && !entry.derivativeGroupLinear;
}

bool quadFull(const Mask& active, uint32_t lane) {
  const uint32_t base = lane & ~3u;
  return ((active.w[base >> 6] >> (base & 63)) & 0xf) == 0xf;
}

// The lanes a derivative differences for `lane`: x from a0 to a1 along the quad's row, y down
// its column.
struct Pair {
  uint32_t from, to;
};
template <bool Coarse>
Pair pairX(uint32_t lane) {
  const uint32_t base = lane & ~3u;
  const uint32_t row = Coarse ? 0 : (lane & 2);
  return {base + row, base + row + 1};
}
template <bool Coarse>
Pair pairY(uint32_t lane) {
  const uint32_t base = lane & ~3u;
  const uint32_t column = Coarse ? 0 : (lane & 1);
  return {base + column, base + column + 2};
}

template <class T, bool Flush>
T difference(const Ref& v, const Pair& p, uint32_t offset) {
  if constexpr (std::is_same_v<T, Half>) {
    return Half(float(loadValue<Half>(v.at(p.to) + offset)) - float(loadValue<Half>(v.at(p.from) + offset)));
  } else if constexpr (Flush) {
    return flushDenormal(flushDenormal(load<float>(v.at(p.to) + offset)) - flushDenormal(load<float>(v.at(p.from) + offset)));
  } else {
    return T(load<T>(v.at(p.to) + offset) - load<T>(v.at(p.from) + offset));
  }
}
template <class T>
T absolute(T v) {
  if constexpr (std::is_same_v<T, Half>) {
    Half h = v;
    h.bits &= 0x7fff;
    return h;
  } else {
    return std::fabs(v);
  }
}

template <class T, Derivative D, bool Coarse, bool Flush>
void derivativeIn(SubgroupExec& exec, const Inst& inst) {
  const Ref v = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t components = inst.aux;
  const Mask& active = exec.active();
  forActive(exec, [&](uint32_t lane) {
    if (!quadFull(active, lane)) [[unlikely]]
      exec.warning(inst, lane, "derivative in non-uniform control flow: part of the quad is inactive (undefined; the CPU device "
                               "differences the active pair, else gives 0)", kDerivativeQuad);
    const Pair x = pairX<Coarse>(lane), y = pairY<Coarse>(lane);
    const bool haveX = active.test(x.from) && active.test(x.to), haveY = active.test(y.from) && active.test(y.to);
    for (uint32_t k = 0; k < components; ++k) {
      const uint32_t offset = k * uint32_t(sizeof(T));
      T out;
      if constexpr (D == Derivative::X) out = haveX ? difference<T, Flush>(v, x, offset) : fromDouble<T>(0);
      else if constexpr (D == Derivative::Y) out = haveY ? difference<T, Flush>(v, y, offset) : fromDouble<T>(0);
      else {
        const T dx = haveX ? absolute(difference<T, Flush>(v, x, offset)) : fromDouble<T>(0);
        const T dy = haveY ? absolute(difference<T, Flush>(v, y, offset)) : fromDouble<T>(0);
        out = AddOp::apply<T>(dx, dy);
        if constexpr (Flush) out = flushDenormal(out);
      }
      storeValue(r.at(lane) + offset, out);
    }
  });
}

template <class T, Derivative D, bool Coarse>
void derivative(SubgroupExec& exec, const Inst& inst) {
  if (derivativeGroupMissing(exec)) [[unlikely]] {
    exec.error(inst, exec.active().first(), "derivatives in a compute shader need the DerivativeGroupQuadsNV or DerivativeGroupLinearNV execution mode");
    return;
  }
  if constexpr (std::is_same_v<T, float>) {
    if (exec.flushFp32()) return derivativeIn<T, D, Coarse, true>(exec, inst);
  }
  derivativeIn<T, D, Coarse, false>(exec, inst);
}

template <Derivative D, bool Coarse>
Handler derivativeFor(uint32_t width) {
  return withFloat(width, []<class T>() -> Handler { return derivative<T, D, Coarse>; });
}

// ---- binding -------------------------------------------------------------------------------------

template <class Op>
Handler unsignedArithmetic(uint32_t width) {
  return withUnsigned(width, []<class U>() -> Handler { return groupArithmetic<U, Op>; });
}
template <class Op>
Handler signedArithmetic(uint32_t width) {
  return withUnsigned(width, []<class U>() -> Handler { return groupArithmetic<std::make_signed_t<U>, Op>; });
}
template <class Op>
Handler floatArithmetic(uint32_t width) {
  return withFloat(width, []<class T>() -> Handler { return groupArithmetic<T, Op>; });
}

bool isNonUniformOp(spv::Op op) {
  switch (op) {
    case spv::OpGroupNonUniformElect: case spv::OpGroupNonUniformAll: case spv::OpGroupNonUniformAny:
    case spv::OpGroupNonUniformAllEqual: case spv::OpGroupNonUniformBroadcast: case spv::OpGroupNonUniformBroadcastFirst:
    case spv::OpGroupNonUniformBallot: case spv::OpGroupNonUniformInverseBallot: case spv::OpGroupNonUniformBallotBitExtract:
    case spv::OpGroupNonUniformBallotBitCount: case spv::OpGroupNonUniformBallotFindLSB: case spv::OpGroupNonUniformBallotFindMSB:
    case spv::OpGroupNonUniformShuffle: case spv::OpGroupNonUniformShuffleXor: case spv::OpGroupNonUniformShuffleUp:
    case spv::OpGroupNonUniformShuffleDown: case spv::OpGroupNonUniformIAdd: case spv::OpGroupNonUniformFAdd:
    case spv::OpGroupNonUniformIMul: case spv::OpGroupNonUniformFMul: case spv::OpGroupNonUniformSMin:
    case spv::OpGroupNonUniformUMin: case spv::OpGroupNonUniformFMin: case spv::OpGroupNonUniformSMax:
    case spv::OpGroupNonUniformUMax: case spv::OpGroupNonUniformFMax: case spv::OpGroupNonUniformBitwiseAnd:
    case spv::OpGroupNonUniformBitwiseOr: case spv::OpGroupNonUniformBitwiseXor: case spv::OpGroupNonUniformLogicalAnd:
    case spv::OpGroupNonUniformLogicalOr: case spv::OpGroupNonUniformLogicalXor: case spv::OpGroupNonUniformQuadBroadcast:
    case spv::OpGroupNonUniformQuadSwap: case spv::OpGroupNonUniformRotateKHR:
      return true;
    default:
      return false;
  }
}

struct Binder {
  BindContext& c;
  Inst& inst;
  const Module& m;

  uint32_t operandSize(uint32_t i) const { return i < inst.operandCount ? c.operand(i).size : 0; }
  bool isValue(uint32_t i) const { return i < inst.operandCount && !c.operand(i).isLiteral(); }
  bool fail(const std::string& what) {
    c.error = std::string(opcodeText()) + ": " + what;
    return false;
  }
  std::string opcodeText() const { return std::string(opcodeName(inst.opcode)) + " at word " + std::to_string(inst.wordOffset); }
  // Operand i is a value of the result's type (so copies between them stay in bounds).
  bool sameAsResult(uint32_t i) {
    if (!isValue(i) || !inst.typeId || c.operandType(i) == 0 || m.type(c.operandType(i)).size != m.type(inst.typeId).size ||
        m.type(inst.typeId).size == 0)
      return fail("the value's type is not the result type");
    return true;
  }
  bool boolResult() { return inst.typeId && m.type(inst.typeId).kind == TypeKind::Bool ? true : fail("the result is not a boolean"); }
  bool boolOperand(uint32_t i) { return isValue(i) && operandSize(i) == 1 ? true : fail("the predicate is not a boolean"); }
  bool ballotOperand(uint32_t i) { return isValue(i) && operandSize(i) == 16 ? true : fail("the ballot is not a uvec4"); }
  bool integerOperand(uint32_t i) {
    if (!isValue(i) || c.operandType(i) == 0 || m.type(c.operandType(i)).kind != TypeKind::Int) return fail("the index is not an integer scalar");
    return true;
  }
  bool integerResult() {
    if (!inst.typeId || m.type(inst.typeId).kind != TypeKind::Int) return fail("the result is not an integer scalar");
    return true;
  }
};

bool bindReadLane(Binder& b, Source source, uint32_t valueOperand) {
  if (!b.sameAsResult(valueOperand)) return false;
  const uint32_t size = b.m.type(b.inst.typeId).size;
  b.inst.aux = valueOperand;
  Handler h = nullptr;
  switch (source) {
    case Source::Index: h = readLaneFor<Source::Index>(size); break;
    case Source::First: h = readLaneFor<Source::First>(size); break;
    case Source::Xor: h = readLaneFor<Source::Xor>(size); break;
    case Source::Up: h = readLaneFor<Source::Up>(size); break;
    case Source::Down: h = readLaneFor<Source::Down>(size); break;
    case Source::QuadIndex: h = readLaneFor<Source::QuadIndex>(size); break;
    case Source::QuadSwap: h = readLaneFor<Source::QuadSwap>(size); break;
    case Source::Rotate: h = readLaneFor<Source::Rotate>(size); break;
  }
  if (source != Source::First && source != Source::QuadSwap && !b.integerOperand(valueOperand + 1)) return false;
  if (source == Source::Rotate && b.inst.operandCount > valueOperand + 2 && !b.integerOperand(valueOperand + 2)) return false;
  b.inst.handler = h;
  return true;
}

bool bindArithmeticOp(Binder& b, spv::Op op) {
  Inst& inst = b.inst;
  if (inst.operandCount < 3 || !b.c.operand(1).isLiteral()) return b.fail("missing group operation");
  if (!b.sameAsResult(2)) return false;
  const uint32_t operation = b.c.operand(1).value;
  switch (operation) {
    case kReduce: case kInclusiveScan: case kExclusiveScan: break;
    case kClusteredReduce:
      if (!b.integerOperand(3)) return b.fail("ClusteredReduce needs an integer cluster size");
      break;
    case kPartitionedReduce: case kPartitionedInclusiveScan: case kPartitionedExclusiveScan:
      if (!b.ballotOperand(3)) return false;
      break;
    default:
      return b.fail("group operation " + std::to_string(operation) + " is not defined for this instruction");
  }
  const Scalar scalar = scalarOf(b.m, inst.typeId);
  const uint32_t width = intWidth(scalar);
  const bool isInt = scalar != Scalar::Bool && scalar != Scalar::Other && !isFloat(scalar);
  Handler h = nullptr;
  switch (op) {
    case spv::OpGroupNonUniformIAdd: if (isInt) h = unsignedArithmetic<AddOp>(width); break;
    case spv::OpGroupNonUniformIMul: if (isInt) h = unsignedArithmetic<MulOp>(width); break;
    case spv::OpGroupNonUniformUMin: if (isInt) h = unsignedArithmetic<MinOp>(width); break;
    case spv::OpGroupNonUniformUMax: if (isInt) h = unsignedArithmetic<MaxOp>(width); break;
    case spv::OpGroupNonUniformSMin: if (isInt) h = signedArithmetic<MinOp>(width); break;
    case spv::OpGroupNonUniformSMax: if (isInt) h = signedArithmetic<MaxOp>(width); break;
    case spv::OpGroupNonUniformBitwiseAnd: if (isInt) h = unsignedArithmetic<AndOp>(width); break;
    case spv::OpGroupNonUniformBitwiseOr: if (isInt) h = unsignedArithmetic<OrOp>(width); break;
    case spv::OpGroupNonUniformBitwiseXor: if (isInt) h = unsignedArithmetic<XorOp>(width); break;
    case spv::OpGroupNonUniformFAdd: if (isFloat(scalar)) h = floatArithmetic<AddOp>(width); break;
    case spv::OpGroupNonUniformFMul: if (isFloat(scalar)) h = floatArithmetic<MulOp>(width); break;
    case spv::OpGroupNonUniformFMin: if (isFloat(scalar)) h = floatArithmetic<MinOp>(width); break;
    case spv::OpGroupNonUniformFMax: if (isFloat(scalar)) h = floatArithmetic<MaxOp>(width); break;
    case spv::OpGroupNonUniformLogicalAnd: if (scalar == Scalar::Bool) h = groupArithmetic<uint8_t, LogicalAndOp>; break;
    case spv::OpGroupNonUniformLogicalOr: if (scalar == Scalar::Bool) h = groupArithmetic<uint8_t, OrOp>; break;
    case spv::OpGroupNonUniformLogicalXor: if (scalar == Scalar::Bool) h = groupArithmetic<uint8_t, XorOp>; break;
    default: break;
  }
  if (!h) return b.fail("the value's type does not suit the operation");
  inst.aux = componentsOf(b.m, inst.typeId);
  inst.aux2 = operation;
  inst.handler = h;
  return true;
}

bool bindDerivative(Binder& b, spv::Op op) {
  Inst& inst = b.inst;
  const Scalar scalar = inst.typeId ? scalarOf(b.m, inst.typeId) : Scalar::Other;
  if (!isFloat(scalar)) return b.fail("derivatives need a float result");
  if (!b.sameAsResult(0)) return false;
  const uint32_t width = intWidth(scalar);
  Handler h = nullptr;
  switch (op) {
    case spv::OpDPdx: case spv::OpDPdxFine: h = derivativeFor<Derivative::X, false>(width); break;
    case spv::OpDPdy: case spv::OpDPdyFine: h = derivativeFor<Derivative::Y, false>(width); break;
    case spv::OpFwidth: case spv::OpFwidthFine: h = derivativeFor<Derivative::Width, false>(width); break;
    case spv::OpDPdxCoarse: h = derivativeFor<Derivative::X, true>(width); break;
    case spv::OpDPdyCoarse: h = derivativeFor<Derivative::Y, true>(width); break;
    default: h = derivativeFor<Derivative::Width, true>(width); break;
  }
  inst.aux = componentsOf(b.m, inst.typeId);
  inst.handler = h;
  return true;
}

bool bindAllEqual(Binder& b, uint32_t valueOperand) {
  Inst& inst = b.inst;
  if (!b.boolResult()) return false;
  if (!b.isValue(valueOperand) || b.c.operandType(valueOperand) == 0 || b.operandSize(valueOperand) == 0) return b.fail("missing value");
  const uint32_t type = b.c.operandType(valueOperand);
  const Scalar scalar = scalarOf(b.m, type);
  inst.aux = valueOperand;
  if (isFloat(scalar)) {
    inst.aux2 = componentsOf(b.m, type);
    inst.handler = withFloat(intWidth(scalar), []<class T>() -> Handler { return allEqualFloat<T>; });
  } else {
    inst.aux2 = b.operandSize(valueOperand);
    inst.handler = allEqualBitwise;
  }
  return true;
}

}  // namespace

bool bindSubgroup(BindContext& c) {
  Inst& inst = c.inst;
  const auto op = spv::Op(inst.opcode);
  Binder b{c, inst, c.module};
  const uint32_t decodedAux = inst.aux, decodedAux2 = inst.aux2;
  if (isNonUniformOp(op) || op == spv::OpGroupNonUniformPartitionNV) {
    if (op != spv::OpGroupNonUniformPartitionNV) {
      uint32_t scope = 0;
      if (inst.operandCount == 0) return b.fail("missing execution scope");
      if (!c.constantU32(0, scope) || scope != spv::ScopeSubgroup) {
        inst.aux = c.operand(0).isConstant() || c.operand(0).isLiteral() ? scope : ~0u;
        inst.handler = wrongScope;
        return true;
      }
    }
  } else {
    switch (op) {
      case spv::OpDPdx: case spv::OpDPdy: case spv::OpFwidth: case spv::OpDPdxFine: case spv::OpDPdyFine:
      case spv::OpFwidthFine: case spv::OpDPdxCoarse: case spv::OpDPdyCoarse: case spv::OpFwidthCoarse:
      case spv::OpSubgroupBallotKHR: case spv::OpSubgroupFirstInvocationKHR: case spv::OpSubgroupAllKHR:
      case spv::OpSubgroupAnyKHR: case spv::OpSubgroupAllEqualKHR: case spv::OpSubgroupReadInvocationKHR:
        break;
      default:
        return false;
    }
  }
  bool ok = false;
  switch (op) {
    case spv::OpGroupNonUniformElect:
      ok = b.boolResult();
      inst.handler = elect;
      break;
    case spv::OpGroupNonUniformAll:
    case spv::OpGroupNonUniformAny:
    case spv::OpSubgroupAllKHR:
    case spv::OpSubgroupAnyKHR: {
      const uint32_t predicate = op == spv::OpGroupNonUniformAll || op == spv::OpGroupNonUniformAny ? 1 : 0;
      ok = b.boolResult() && b.boolOperand(predicate);
      inst.aux = predicate;
      inst.handler = op == spv::OpGroupNonUniformAll || op == spv::OpSubgroupAllKHR ? vote<true> : vote<false>;
      break;
    }
    case spv::OpGroupNonUniformAllEqual: ok = bindAllEqual(b, 1); break;
    case spv::OpSubgroupAllEqualKHR: ok = bindAllEqual(b, 0); break;
    case spv::OpGroupNonUniformBallot:
    case spv::OpSubgroupBallotKHR: {
      const uint32_t predicate = op == spv::OpGroupNonUniformBallot ? 1 : 0;
      ok = b.boolOperand(predicate) && (inst.typeId && c.module.type(inst.typeId).size == 16 ? true : b.fail("the result is not a uvec4"));
      inst.aux = predicate;
      inst.handler = ballot;
      break;
    }
    case spv::OpGroupNonUniformInverseBallot:
      ok = b.boolResult() && b.ballotOperand(1);
      inst.handler = inverseBallot;
      break;
    case spv::OpGroupNonUniformBallotBitExtract:
      ok = b.boolResult() && b.ballotOperand(1) && b.integerOperand(2);
      inst.handler = ballotBitExtract;
      break;
    case spv::OpGroupNonUniformBallotBitCount: {
      ok = inst.operandCount >= 3 && c.operand(1).isLiteral() ? b.integerResult() && b.ballotOperand(2) : b.fail("missing group operation");
      const uint32_t operation = ok ? c.operand(1).value : 0;
      if (ok && operation != kReduce && operation != kInclusiveScan && operation != kExclusiveScan)
        ok = b.fail("group operation " + std::to_string(operation) + " is not defined for a ballot bit count");
      inst.aux2 = operation;
      inst.handler = ballotBitCount;
      break;
    }
    case spv::OpGroupNonUniformBallotFindLSB:
    case spv::OpGroupNonUniformBallotFindMSB:
      ok = b.integerResult() && b.ballotOperand(1);
      inst.handler = op == spv::OpGroupNonUniformBallotFindLSB ? ballotFind<true> : ballotFind<false>;
      break;
    case spv::OpGroupNonUniformBroadcast: ok = bindReadLane(b, Source::Index, 1); break;
    case spv::OpGroupNonUniformShuffle: ok = bindReadLane(b, Source::Index, 1); break;
    case spv::OpSubgroupReadInvocationKHR: ok = bindReadLane(b, Source::Index, 0); break;
    case spv::OpGroupNonUniformBroadcastFirst: ok = bindReadLane(b, Source::First, 1); break;
    case spv::OpSubgroupFirstInvocationKHR: ok = bindReadLane(b, Source::First, 0); break;
    case spv::OpGroupNonUniformShuffleXor: ok = bindReadLane(b, Source::Xor, 1); break;
    case spv::OpGroupNonUniformShuffleUp: ok = bindReadLane(b, Source::Up, 1); break;
    case spv::OpGroupNonUniformShuffleDown: ok = bindReadLane(b, Source::Down, 1); break;
    case spv::OpGroupNonUniformQuadBroadcast: ok = bindReadLane(b, Source::QuadIndex, 1); break;
    case spv::OpGroupNonUniformRotateKHR: ok = bindReadLane(b, Source::Rotate, 1); break;
    case spv::OpGroupNonUniformQuadSwap: {
      uint32_t direction = 0;
      if (!c.constantU32(2, direction) || direction > 2) {
        ok = b.fail("the quad swap direction is not the constant 0, 1 or 2");
        break;
      }
      ok = bindReadLane(b, Source::QuadSwap, 1);
      inst.aux2 = direction + 1;  // 0: x (lane ^ 1), 1: y (lane ^ 2), 2: diagonal (lane ^ 3)
      break;
    }
    case spv::OpGroupNonUniformPartitionNV:
      ok = b.isValue(0) && b.operandSize(0) > 0 ? true : b.fail("missing value");
      ok = ok && (inst.typeId && c.module.type(inst.typeId).size == 16 ? true : b.fail("the result is not a uvec4"));
      inst.aux2 = b.operandSize(0);
      inst.handler = partition;
      break;
    case spv::OpDPdx: case spv::OpDPdy: case spv::OpFwidth: case spv::OpDPdxFine: case spv::OpDPdyFine:
    case spv::OpFwidthFine: case spv::OpDPdxCoarse: case spv::OpDPdyCoarse: case spv::OpFwidthCoarse:
      ok = bindDerivative(b, op);
      break;
    default:
      ok = bindArithmeticOp(b, op);
      break;
  }
  if (!ok) {
    inst.aux = decodedAux, inst.aux2 = decodedAux2;
    inst.handler = nullptr;
  }
  return ok;
}

QuadDerivativeStatus quadDerivatives(SubgroupExec& exec, const Inst& inst, const Ref& values, Scalar scalar, uint32_t components,
                                     uint32_t lane, float* dx, float* dy) {
  for (uint32_t k = 0; k < components; ++k) dx[k] = dy[k] = 0;
  if (derivativeGroupMissing(exec)) return QuadDerivativeStatus::NoDerivativeGroup;
  const Mask& active = exec.active();
  if (!quadFull(active, lane))
    exec.warning(inst, lane, "implicit level of detail in non-uniform control flow: part of the quad is inactive (undefined; the CPU "
                             "device differences the active pair, else uses 0)", kDerivativeQuad);
  const Pair x = pairX<false>(lane), y = pairY<false>(lane);
  const bool haveX = active.test(x.from) && active.test(x.to), haveY = active.test(y.from) && active.test(y.to);
  const bool flush = exec.flushFp32();
  auto both = [&]<class T>() {
    for (uint32_t k = 0; k < components; ++k) {
      const uint32_t offset = k * uint32_t(sizeof(T));
      if constexpr (std::is_same_v<T, float>) {
        if (haveX) dx[k] = flush ? difference<float, true>(values, x, offset) : difference<float, false>(values, x, offset);
        if (haveY) dy[k] = flush ? difference<float, true>(values, y, offset) : difference<float, false>(values, y, offset);
      } else {
        if (haveX) dx[k] = float(difference<T, false>(values, x, offset));
        if (haveY) dy[k] = float(difference<T, false>(values, y, offset));
      }
    }
  };
  if (scalar == Scalar::F16) both.template operator()<Half>();
  else if (scalar == Scalar::F64) both.template operator()<double>();
  else both.template operator()<float>();
  return haveX && haveY ? QuadDerivativeStatus::Ok : QuadDerivativeStatus::Incomplete;
}

}  // namespace sl::interp
