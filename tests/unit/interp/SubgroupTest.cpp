// Subgroup (wave) operations, quad operations and compute derivatives on the CPU executor, with
// several subgroup sizes; expected values come from a host model of the same lane layout
// (lane l of subgroup s is local invocation s * width + l; with DerivativeGroupQuadsNV each 2x2
// block of local ids is a quad). Wave operations inside divergent control flow check the
// executor's reconvergence: only the lanes that execute an operation take part.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "interp/Module.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;

namespace {

// Global invocation indices of each subgroup of a 1D dispatch, in lane order.
std::vector<std::vector<uint32_t>> subgroupsOf(uint32_t groups, uint32_t groupSize, uint32_t width) {
  std::vector<std::vector<uint32_t>> out;
  for (uint32_t g = 0; g < groups; ++g)
    for (uint32_t s = 0; s * width < groupSize; ++s) {
      std::vector<uint32_t> members;
      for (uint32_t lane = 0; lane < width && s * width + lane < groupSize; ++lane) members.push_back(g * groupSize + s * width + lane);
      out.push_back(members);
    }
  return out;
}

// Deterministic values in [0, limit).
std::vector<uint32_t> pseudoRandom(size_t count, uint32_t limit, uint32_t seed) {
  std::vector<uint32_t> v(count);
  uint32_t state = seed;
  for (uint32_t& x : v) {
    state = state * 1664525u + 1013904223u;
    x = (state >> 8) % limit;
  }
  return v;
}
std::vector<float> pseudoRandomFloats(size_t count, float low, float high, uint32_t seed) {
  std::vector<float> v(count);
  uint32_t state = seed;
  for (float& x : v) {
    state = state * 1664525u + 1013904223u;
    x = low + (high - low) * float(state >> 8) / float(1u << 24);
  }
  return v;
}

interp::DispatchOptions withWidth(uint32_t width) {
  interp::DispatchOptions options;
  options.subgroupSize = width;
  return options;
}

uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }

// The ballot of `members` where `predicate` holds, as four words.
template <class P>
std::array<uint32_t, 4> ballotOf(const std::vector<uint32_t>& members, P predicate) {
  std::array<uint32_t, 4> words{};
  for (uint32_t lane = 0; lane < members.size(); ++lane)
    if (predicate(members[lane])) words[lane / 32] |= 1u << (lane % 32);
  return words;
}

// Runs without validation (for modules the validator rejects on purpose).
RunResult runUnvalidated(const std::vector<uint32_t>& words, Buffers& buffers, interp::DispatchOptions options = {}) {
  interp::DecodeOptions decodeOptions;
  decodeOptions.validate = false;
  interp::DecodeResult decoded = interp::decodeModule(words, decodeOptions);
  if (!decoded.module) FAIL("decode failed: " << decoded.error);
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.resources = &buffers;
  desc.options = options;
  RunResult r;
  r.result = interp::dispatch(desc);
  for (const interp::Diagnostic& d : r.result.diagnostics) r.diagnostics += d.text() + "\n";
  return r;
}

}  // namespace

TEST_CASE("wave queries votes ballots and lane reads", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u, 64u);
  CAPTURE(width);
  // 48 invocations a group: with 32 or 64 lanes the last subgroup is partial.
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(48, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = In[id.x];
  uint o = id.x * 16;
  Out[o + 0] = WaveGetLaneCount();
  Out[o + 1] = WaveGetLaneIndex();
  Out[o + 2] = WaveIsFirstLane() ? 1 : 0;
  Out[o + 3] = WaveActiveAnyTrue(x == 7) ? 1 : 0;
  Out[o + 4] = WaveActiveAllTrue(x < 90) ? 1 : 0;
  Out[o + 5] = WaveActiveAllEqual(x / 50) ? 1 : 0;
  uint4 b = WaveActiveBallot((x & 1) != 0);
  Out[o + 6] = b.x;
  Out[o + 7] = b.y;
  Out[o + 8] = b.z;
  Out[o + 9] = b.w;
  Out[o + 10] = WaveReadLaneAt(x, 3);
  Out[o + 11] = WaveReadLaneFirst(x);
  Out[o + 12] = WaveActiveCountBits(x > 50);
  Out[o + 13] = WavePrefixCountBits(x > 50);
  Out[o + 14] = WaveActiveAllEqual(WaveGetLaneIndex() == 1 ? -0.0f : 0.0f) ? 1 : 0;
  Out[o + 15] = WaveActiveAllEqual(asfloat(0x7fc00000u | (x & 0))) ? 1 : 0;
})");
  const uint32_t groups = 2, groupSize = 48, total = groups * groupSize;
  const auto in = pseudoRandom(total, 100, 7);
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.zeros<uint32_t>(0, 1, total * 16);
  const RunResult r = run(words, b, {groups, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (const auto& members : subgroupsOf(groups, groupSize, width)) {
    bool any7 = false, allBelow90 = true, allEqual = true;
    uint32_t above50 = 0;
    for (uint32_t i : members) {
      any7 |= in[i] == 7;
      allBelow90 &= in[i] < 90;
      allEqual &= in[i] / 50 == in[members[0]] / 50;
      above50 += in[i] > 50;
    }
    const auto ballot = ballotOf(members, [&](uint32_t i) { return (in[i] & 1) != 0; });
    uint32_t prefix = 0;
    for (uint32_t lane = 0; lane < members.size(); ++lane) {
      const uint32_t i = members[lane];
      CAPTURE(i, lane);
      const uint32_t* o = &out[i * 16];
      CHECK(o[0] == width);
      CHECK(o[1] == lane);
      CHECK(o[2] == (lane == 0));
      CHECK(o[3] == any7);
      CHECK(o[4] == allBelow90);
      CHECK(o[5] == allEqual);
      for (int k = 0; k < 4; ++k) CHECK(o[6 + k] == ballot[k]);
      CHECK(o[10] == in[members[3]]);
      CHECK(o[11] == in[members[0]]);
      CHECK(o[12] == above50);
      CHECK(o[13] == prefix);
      CHECK(o[14] == 1);  // -0 equals +0
      CHECK(o[15] == 0);  // NaN equals nothing
      prefix += in[i] > 50;
    }
  }
}

TEST_CASE("wave reductions and prefix scans of ints uints floats and vectors", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u, 64u);
  CAPTURE(width);
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
StructuredBuffer<float> InF : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = In[id.x];
  int s = int(x) - 50;
  float f = InF[id.x];
  uint o = id.x * 24;
  Out[o + 0] = WaveActiveSum(x);
  Out[o + 1] = WaveActiveProduct(x % 7 + 1);
  Out[o + 2] = WaveActiveMin(x);
  Out[o + 3] = WaveActiveMax(x);
  Out[o + 4] = WaveActiveBitAnd(x | 0x300);
  Out[o + 5] = WaveActiveBitOr(x);
  Out[o + 6] = WaveActiveBitXor(x);
  Out[o + 7] = asuint(WaveActiveMin(s));
  Out[o + 8] = asuint(WaveActiveMax(s));
  Out[o + 9] = asuint(WaveActiveSum(s));
  Out[o + 10] = asuint(WaveActiveSum(f));
  Out[o + 11] = asuint(WaveActiveProduct(f));
  Out[o + 12] = asuint(WaveActiveMin(f));
  Out[o + 13] = asuint(WaveActiveMax(f));
  Out[o + 14] = WavePrefixSum(x);
  Out[o + 15] = WavePrefixProduct(x % 3 + 1);
  Out[o + 16] = asuint(WavePrefixSum(f));
  Out[o + 17] = asuint(WavePrefixProduct(f));
  uint2 v = WaveActiveSum(uint2(x, x * 3));
  Out[o + 18] = v.x;
  Out[o + 19] = v.y;
  float2 p = WavePrefixSum(float2(f, -2.0 * f));
  Out[o + 20] = asuint(p.x);
  Out[o + 21] = asuint(p.y);
  Out[o + 22] = asuint(WavePrefixSum(s));
})");
  const uint32_t groups = 2, groupSize = 64, total = groups * groupSize;
  const auto in = pseudoRandom(total, 100, 11);
  const auto inF = pseudoRandomFloats(total, 0.5f, 1.5f, 5);
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.set<float>(0, 1, inF);
  b.zeros<uint32_t>(0, 2, total * 24);
  const RunResult r = run(words, b, {groups, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 2);
  for (const auto& members : subgroupsOf(groups, groupSize, width)) {
    uint32_t sum = 0, product = 1, minimum = ~0u, maximum = 0, bitAnd = ~0u, bitOr = 0, bitXor = 0, sum3 = 0;
    int32_t sMin = INT32_MAX, sMax = INT32_MIN, sSum = 0;
    // Floats combine in lane order, lowest first, in float precision.
    float fSum = inF[members[0]], fProduct = inF[members[0]], fMin = inF[members[0]], fMax = inF[members[0]];
    for (size_t k = 0; k < members.size(); ++k) {
      const uint32_t x = in[members[k]];
      const int32_t s = int32_t(x) - 50;
      sum += x, product *= x % 7 + 1, minimum = std::min(minimum, x), maximum = std::max(maximum, x);
      bitAnd &= x | 0x300, bitOr |= x, bitXor ^= x, sum3 += x * 3;
      sMin = std::min(sMin, s), sMax = std::max(sMax, s), sSum += s;
      if (k > 0) {
        const float f = inF[members[k]];
        fSum += f, fProduct *= f, fMin = std::min(fMin, f), fMax = std::max(fMax, f);
      }
    }
    uint32_t prefixSum = 0, prefixProduct = 1;
    int32_t prefixS = 0;
    float prefixF = 0.0f, prefixProductF = 1.0f, prefixMinus2 = 0.0f;
    for (size_t lane = 0; lane < members.size(); ++lane) {
      const uint32_t i = members[lane];
      CAPTURE(i, lane);
      const uint32_t* o = &out[i * 24];
      CHECK(o[0] == sum);
      CHECK(o[1] == product);
      CHECK(o[2] == minimum);
      CHECK(o[3] == maximum);
      CHECK(o[4] == bitAnd);
      CHECK(o[5] == bitOr);
      CHECK(o[6] == bitXor);
      CHECK(int32_t(o[7]) == sMin);
      CHECK(int32_t(o[8]) == sMax);
      CHECK(int32_t(o[9]) == sSum);
      CHECK(o[10] == bits(fSum));
      CHECK(o[11] == bits(fProduct));
      CHECK(o[12] == bits(fMin));
      CHECK(o[13] == bits(fMax));
      CHECK(o[14] == prefixSum);
      CHECK(o[15] == prefixProduct);
      CHECK(o[16] == bits(prefixF));
      CHECK(o[17] == bits(prefixProductF));
      CHECK(o[18] == sum);
      CHECK(o[19] == sum3);
      CHECK(o[20] == bits(prefixF));
      CHECK(o[21] == bits(prefixMinus2));
      CHECK(int32_t(o[22]) == prefixS);
      const uint32_t x = in[i];
      const float f = inF[i];
      prefixSum += x, prefixProduct *= x % 3 + 1, prefixS += int32_t(x) - 50;
      // The first lane's exclusive scan is the identity; the next one starts from its value.
      prefixF = lane == 0 ? f : prefixF + f;
      prefixProductF = lane == 0 ? f : prefixProductF * f;
      prefixMinus2 = lane == 0 ? -2.0f * f : prefixMinus2 + -2.0f * f;
    }
  }
}

TEST_CASE("wave reductions of 64-bit and 16-bit values combine in the value's precision", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 32u, 64u);
  CAPTURE(width);
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
StructuredBuffer<float> InF : register(t1);
RWStructuredBuffer<uint> Out : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = In[id.x];
  float f = InF[id.x];
  uint o = id.x * 16;
  uint64_t w = (uint64_t(x) << 36) | uint64_t(x * 77);
  uint64_t sw = WaveActiveSum(w);
  uint64_t mw = WaveActiveMax(w);
  int64_t ns = WaveActiveMin(int64_t(50) - int64_t(w));
  Out[o + 0] = uint(sw);
  Out[o + 1] = uint(sw >> 32);
  Out[o + 2] = uint(mw);
  Out[o + 3] = uint(mw >> 32);
  Out[o + 4] = uint(uint64_t(ns));
  Out[o + 5] = uint(uint64_t(ns) >> 32);
  double d = WavePrefixSum(double(f) * 1.25);
  uint dLow, dHigh;
  asuint(d, dLow, dHigh);
  Out[o + 6] = dLow;
  Out[o + 7] = dHigh;
  half h = WaveActiveSum(half(f));
  half hp = WavePrefixProduct(half(f));
  half hm = WaveActiveMin(half(f) - half(1.0));
  Out[o + 8] = asuint16(h);
  Out[o + 9] = asuint16(hp);
  Out[o + 10] = asuint16(hm);
  int16_t i16 = WaveActiveMin(int16_t(int(x) - 50));
  uint16_t u16 = WaveActiveSum(uint16_t(x * 1000));
  Out[o + 11] = uint(int(i16));
  Out[o + 12] = uint(u16);
})", "cs_6_2", {"-enable-16bit-types"});
  const uint32_t groups = 1, groupSize = 64;
  const auto in = pseudoRandom(groupSize, 100, 3);
  const auto inF = pseudoRandomFloats(groupSize, 0.5f, 1.5f, 9);
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.set<float>(0, 1, inF);
  b.zeros<uint32_t>(0, 2, groupSize * 16);
  const RunResult r = run(words, b, {groups, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 2);
  auto wide = [&](uint32_t i) { return (uint64_t(in[i]) << 36) | uint64_t(in[i] * 77); };
  auto lo = [](uint64_t v) { return uint32_t(v); };
  auto hi = [](uint64_t v) { return uint32_t(v >> 32); };
  auto halfBits = [](_Float16 h) { return uint32_t(std::bit_cast<uint16_t>(h)); };
  for (const auto& members : subgroupsOf(groups, groupSize, width)) {
    uint64_t sum = 0, maximum = 0;
    int64_t minimum = INT64_MAX;
    int16_t min16 = INT16_MAX;
    uint16_t sum16 = 0;
    // _Float16 arithmetic rounds every step to half, as the device's fp16 does.
    _Float16 hSum = _Float16(inF[members[0]]), hMin = _Float16(inF[members[0]]) - _Float16(1.0f);
    for (size_t k = 0; k < members.size(); ++k) {
      const uint32_t i = members[k];
      sum += wide(i), maximum = std::max(maximum, wide(i)), minimum = std::min(minimum, int64_t(50) - int64_t(wide(i)));
      min16 = std::min<int16_t>(min16, int16_t(int(in[i]) - 50));
      sum16 = uint16_t(sum16 + uint16_t(in[i] * 1000));
      if (k > 0) {
        hSum = hSum + _Float16(inF[i]);
        hMin = std::min<_Float16>(hMin, _Float16(inF[i]) - _Float16(1.0f));
      }
    }
    double prefixD = 0.0;
    _Float16 prefixH = _Float16(1.0f);
    for (size_t lane = 0; lane < members.size(); ++lane) {
      const uint32_t i = members[lane];
      CAPTURE(i, lane);
      const uint32_t* o = &out[i * 16];
      CHECK(o[0] == lo(sum));
      CHECK(o[1] == hi(sum));
      CHECK(o[2] == lo(maximum));
      CHECK(o[3] == hi(maximum));
      CHECK(o[4] == lo(uint64_t(minimum)));
      CHECK(o[5] == hi(uint64_t(minimum)));
      CHECK(o[6] == lo(std::bit_cast<uint64_t>(prefixD)));
      CHECK(o[7] == hi(std::bit_cast<uint64_t>(prefixD)));
      CHECK(o[8] == halfBits(hSum));
      CHECK(o[9] == halfBits(prefixH));
      CHECK(o[10] == halfBits(hMin));
      CHECK(int32_t(o[11]) == min16);
      CHECK(o[12] == sum16);
      const double term = double(inF[i]) * 1.25;
      prefixD = lane == 0 ? term : prefixD + term;
      prefixH = lane == 0 ? _Float16(inF[i]) : _Float16(prefixH * _Float16(inF[i]));
    }
  }
}

TEST_CASE("wave operations in divergent control flow see only the lanes that execute them", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u, 64u);
  CAPTURE(width);
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = In[id.x];
  uint lane = WaveGetLaneIndex();
  uint o = id.x * 12;
  uint a = 0xffffffff, b = 0xffffffff, a2 = 0xffffffff, b2 = 0xffffffff;
  if (lane % 3 == 0) {
    a = WaveActiveSum(x);
    a2 = WaveActiveMin(x + 1);
  } else {
    b = WavePrefixSum(x);
    b2 = WaveActiveProduct(x % 3 + 1);
  }
  Out[o + 0] = a;
  Out[o + 1] = b;
  Out[o + 10] = a2;
  Out[o + 11] = b2;
  Out[o + 2] = WaveActiveSum(x);
  uint acc = 0;
  for (uint k = 0; k < x % 5; ++k) acc += WaveActiveCountBits(true) * (k + 1);
  Out[o + 3] = acc;
  Out[o + 4] = WaveActiveCountBits(true);
  uint c;
  switch (x % 3) {
    case 0: c = WaveActiveMax(x); break;
    case 1: c = WaveReadLaneFirst(x); break;
    default: c = WaveActiveCountBits(true) + 1000; break;
  }
  Out[o + 5] = c;
  uint m = 0;
  for (uint j = 0; j < 8; ++j) {
    if (j == x % 6) break;
    m += WaveActiveSum(j + x);
  }
  Out[o + 6] = m;
  uint nested = 0xffffffff;
  if ((x & 1) != 0) {
    if ((x & 2) != 0) nested = WaveActiveSum(x);
    else nested = WaveActiveCountBits(true) + 2000;
  }
  Out[o + 7] = nested;
  Out[o + 8] = WaveActiveBallot(true).x;
  if (lane == 1) return;
  Out[o + 9] = WaveActiveCountBits(true);
})");
  const uint32_t groups = 2, groupSize = 64, total = groups * groupSize;
  const auto in = pseudoRandom(total, 100, 21);
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.set<uint32_t>(0, 1, std::vector<uint32_t>(total * 12, 0xdeadbeef));
  const RunResult r = run(words, b, {groups, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (const auto& members : subgroupsOf(groups, groupSize, width)) {
    const uint32_t n = uint32_t(members.size());
    auto x = [&](uint32_t lane) { return in[members[lane]]; };
    auto sumWhere = [&](auto predicate) {
      uint32_t s = 0;
      for (uint32_t l = 0; l < n; ++l)
        if (predicate(l)) s += x(l);
      return s;
    };
    auto countWhere = [&](auto predicate) {
      uint32_t c = 0;
      for (uint32_t l = 0; l < n; ++l) c += predicate(l) ? 1 : 0;
      return c;
    };
    const uint32_t everyThird = sumWhere([](uint32_t l) { return l % 3 == 0; });
    const uint32_t all = sumWhere([](uint32_t) { return true; });
    uint32_t everyThirdMin = ~0u, othersProduct = 1;
    for (uint32_t l = 0; l < n; ++l) {
      if (l % 3 == 0) everyThirdMin = std::min(everyThirdMin, x(l));
      else othersProduct *= x(l) % 3 + 1;
    }
    uint32_t case0Max = 0, case1First = ~0u;
    for (uint32_t l = 0; l < n; ++l) {
      if (x(l) % 3 == 0) case0Max = std::max(case0Max, x(l));
      if (x(l) % 3 == 1 && case1First == ~0u) case1First = x(l);
    }
    const uint32_t case2Count = countWhere([&](uint32_t l) { return x(l) % 3 == 2; });
    const uint32_t oddOdd = sumWhere([&](uint32_t l) { return (x(l) & 3) == 3; });
    const uint32_t oddEven = countWhere([&](uint32_t l) { return (x(l) & 3) == 1; });
    for (uint32_t lane = 0; lane < n; ++lane) {
      const uint32_t i = members[lane];
      CAPTURE(i, lane, x(lane));
      const uint32_t* o = &out[i * 12];
      // Values computed inside a branch exist only for its lanes: the others must not take part
      // (their registers hold nothing meaningful, zero here, which would show in a min or product).
      if (lane % 3 == 0) {
        CHECK(o[0] == everyThird);
        CHECK(o[1] == 0xffffffffu);
        CHECK(o[10] == everyThirdMin + 1);
        CHECK(o[11] == 0xffffffffu);
      } else {
        CHECK(o[0] == 0xffffffffu);
        CHECK(o[1] == sumWhere([&](uint32_t l) { return l % 3 != 0 && l < lane; }));
        CHECK(o[10] == 0xffffffffu);
        CHECK(o[11] == othersProduct);
      }
      CHECK(o[2] == all);  // reconverged after the if/else
      uint32_t acc = 0;
      for (uint32_t k = 0; k < x(lane) % 5; ++k) acc += countWhere([&](uint32_t l) { return x(l) % 5 > k; }) * (k + 1);
      CHECK(o[3] == acc);
      CHECK(o[4] == n);  // every lane again after the loop
      const uint32_t c = x(lane) % 3 == 0 ? case0Max : x(lane) % 3 == 1 ? case1First : case2Count + 1000;
      CHECK(o[5] == c);
      uint32_t m = 0;
      for (uint32_t j = 0; j < x(lane) % 6; ++j) {
        for (uint32_t l = 0; l < n; ++l)
          if (x(l) % 6 > j) m += j + x(l);
      }
      CHECK(o[6] == m);
      const uint32_t nested = (x(lane) & 1) == 0 ? 0xffffffffu : (x(lane) & 2) != 0 ? oddOdd : oddEven + 2000;
      CHECK(o[7] == nested);
      CHECK(o[8] == (n >= 32 ? 0xffffffffu : (1u << n) - 1));
      if (lane == 1) CHECK(o[9] == 0xdeadbeef);
      else CHECK(o[9] == n - (n > 1 ? 1 : 0));
    }
  }
}

TEST_CASE("quad reads across x y and the diagonal and quad broadcasts", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u, 64u);
  CAPTURE(width);
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = In[id.x];
  uint o = id.x * 8;
  Out[o + 0] = QuadReadAcrossX(x);
  Out[o + 1] = QuadReadAcrossY(x);
  Out[o + 2] = QuadReadAcrossDiagonal(x);
  Out[o + 3] = QuadReadLaneAt(x, 2);
  uint4 v = QuadReadAcrossY(uint4(x, x + 1, x * 2, 7));
  Out[o + 4] = v.x + v.y + v.z + v.w;
  uint y = 0xffffffff;
  if (WaveGetLaneIndex() % 4 != 3) y = QuadReadAcrossX(x);
  Out[o + 5] = y;
})");
  const uint32_t total = 64;
  const auto in = pseudoRandom(total, 1000, 4);
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.zeros<uint32_t>(0, 1, total * 8);
  const RunResult r = run(words, b, {1, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (uint32_t i = 0; i < total; ++i) {
    CAPTURE(i);
    const uint32_t* o = &out[i * 8];
    CHECK(o[0] == in[i ^ 1]);
    CHECK(o[1] == in[i ^ 2]);
    CHECK(o[2] == in[i ^ 3]);
    CHECK(o[3] == in[(i & ~3u) + 2]);
    const uint32_t y = in[i ^ 2];
    CHECK(o[4] == y + y + 1 + y * 2 + 7);
    // Lane 2 of each quad reads lane 3, which took the other branch: undefined, 0.
    CHECK(o[5] == (i % 4 == 3 ? 0xffffffffu : i % 4 == 2 ? 0u : in[i ^ 1]));
  }
  CHECK(r.diagnostics.find("reads subgroup invocation 3, which is inactive (undefined; the CPU device gives 0)") != std::string::npos);
}

namespace {

// Derivatives of a per-invocation value f over quads: `quadOf(index)` gives the local indices
// of the invocation's quad as {top-left, top-right, bottom-left, bottom-right} and its position.
struct QuadDerivatives {
  float dxFine, dyFine, dxCoarse, dyCoarse;
};
QuadDerivatives derivativesAt(const std::vector<float>& f, const std::array<uint32_t, 4>& quad, uint32_t q) {
  const uint32_t x = q & 1, y = q >> 1;
  return {f[quad[2 * y + 1]] - f[quad[2 * y]], f[quad[2 + x]] - f[quad[x]], f[quad[1]] - f[quad[0]], f[quad[2]] - f[quad[0]]};
}

}  // namespace

TEST_CASE("compute derivatives over 2x2 quads of local ids (DerivativeGroupQuadsNV)", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u, 64u);
  CAPTURE(width);
  const auto words = compileHlsl(R"(
StructuredBuffer<float> InF : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 l : SV_GroupThreadID, uint gi : SV_GroupIndex) {
  float v = InF[gi];
  uint o = gi * 11;
  Out[o + 0] = asuint(ddx(v));
  Out[o + 1] = asuint(ddy(v));
  Out[o + 2] = asuint(ddx_fine(v));
  Out[o + 3] = asuint(ddy_fine(v));
  Out[o + 4] = asuint(ddx_coarse(v));
  Out[o + 5] = asuint(ddy_coarse(v));
  Out[o + 6] = asuint(fwidth(v));
  float2 w = ddy(float2(v, v * 3.0));
  Out[o + 7] = asuint(w.y);
  uint dx = 0xffffffff, dy = 0xffffffff;
  if ((l.x & 1) == 0) {
    dx = asuint(ddx_fine(v));
    dy = asuint(ddy_fine(v));
  }
  Out[o + 8] = dx;
  Out[o + 9] = dy;
  Out[o + 10] = asuint(QuadReadAcrossY(v)) ^ asuint(QuadReadAcrossDiagonal(v));
})", "cs_6_6");
  const uint32_t total = 64;
  const auto f = pseudoRandomFloats(total, -4.0f, 4.0f, 17);
  Buffers b;
  b.set<float>(0, 0, f);
  b.zeros<uint32_t>(0, 1, total * 11);
  const RunResult r = run(words, b, {1, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  std::vector<float> f3(total);
  for (uint32_t i = 0; i < total; ++i) f3[i] = f[i] * 3.0f;
  for (uint32_t y = 0; y < 8; ++y)
    for (uint32_t x = 0; x < 8; ++x) {
      const uint32_t i = y * 8 + x, x0 = x & ~1u, y0 = y & ~1u;
      const std::array<uint32_t, 4> quad{y0 * 8 + x0, y0 * 8 + x0 + 1, (y0 + 1) * 8 + x0, (y0 + 1) * 8 + x0 + 1};
      const uint32_t q = (x & 1) | (y & 1) << 1;
      const QuadDerivatives d = derivativesAt(f, quad, q);
      CAPTURE(x, y);
      const uint32_t* o = &out[i * 11];
      CHECK(o[0] == bits(d.dxFine));  // plain ddx/ddy are the fine ones
      CHECK(o[1] == bits(d.dyFine));
      CHECK(o[2] == bits(d.dxFine));
      CHECK(o[3] == bits(d.dyFine));
      CHECK(o[4] == bits(d.dxCoarse));
      CHECK(o[5] == bits(d.dyCoarse));
      CHECK(o[6] == bits(std::fabs(d.dxFine) + std::fabs(d.dyFine)));
      CHECK(o[7] == bits(derivativesAt(f3, quad, q).dyFine));
      // Only the left column runs the branch: its x pair lacks the right lane (0), its y pair is whole.
      if (x & 1) {
        CHECK(o[8] == 0xffffffffu);
        CHECK(o[9] == 0xffffffffu);
      } else {
        CHECK(o[8] == bits(0.0f));
        CHECK(o[9] == bits(d.dyFine));
      }
      // Quad reads follow the same 2x2 placement of local ids.
      CHECK(o[10] == (bits(f[quad[q ^ 2]]) ^ bits(f[quad[q ^ 3]])));
    }
  CHECK(r.diagnostics.find("derivative in non-uniform control flow") != std::string::npos);
}

TEST_CASE("compute derivatives over quads of consecutive indices (DerivativeGroupLinearNV)", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u);
  CAPTURE(width);
  const auto words = compileHlsl(R"(
StructuredBuffer<float> InF : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float v = InF[id.x];
  uint o = id.x * 4;
  Out[o + 0] = asuint(ddx(v));
  Out[o + 1] = asuint(ddy(v));
  Out[o + 2] = asuint(ddy_coarse(v));
  Out[o + 3] = asuint(fwidth(v));
})", "cs_6_6");
  const uint32_t total = 32;
  const auto f = pseudoRandomFloats(total, -4.0f, 4.0f, 23);
  Buffers b;
  b.set<float>(0, 0, f);
  b.zeros<uint32_t>(0, 1, total * 4);
  const RunResult r = run(words, b, {2, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  CHECK(r.diagnostics.empty());
  const auto out = b.get<uint32_t>(0, 1);
  for (uint32_t i = 0; i < total; ++i) {
    const uint32_t base = i & ~3u;
    const QuadDerivatives d = derivativesAt(f, {base, base + 1, base + 2, base + 3}, i & 3);
    CAPTURE(i);
    CHECK(out[i * 4 + 0] == bits(d.dxFine));
    CHECK(out[i * 4 + 1] == bits(d.dyFine));
    CHECK(out[i * 4 + 2] == bits(d.dyCoarse));
    CHECK(out[i * 4 + 3] == bits(std::fabs(d.dxFine) + std::fabs(d.dyFine)));
  }
}

TEST_CASE("wave minimum and maximum ignore NaNs and warn when all are NaN", "[interp][subgroup]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<float> InF : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float f = InF[id.x];
  Out[id.x * 3 + 0] = asuint(WaveActiveMin(f));
  Out[id.x * 3 + 1] = asuint(WaveActiveMax(f));
  Out[id.x * 3 + 2] = asuint(WaveActiveMin(asfloat(0x7fc00000u + id.x % 2)));
})");
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> f{nan, 3.0f, -0.0f, 0.0f, nan, -7.5f, 2.0f, nan, 0.0f, 9.0f, nan, nan, 1.0f, -0.0f, 4.0f, nan};
  Buffers b;
  b.set<float>(0, 0, f);
  b.zeros<uint32_t>(0, 1, 48);
  const RunResult r = run(words, b, {1, 1, 1}, withWidth(8));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (uint32_t i = 0; i < 16; ++i) {
    CAPTURE(i);
    CHECK(out[i * 3 + 0] == bits(i < 8 ? -7.5f : -0.0f));  // -0 orders below +0
    CHECK(out[i * 3 + 1] == bits(i < 8 ? 3.0f : 9.0f));
    CHECK(std::isnan(std::bit_cast<float>(out[i * 3 + 2])));
  }
  CHECK(r.diagnostics.find("every value of the minimum/maximum is NaN") != std::string::npos);
}
namespace {

// A compute shader in SPIR-V assembly reading In[i] (%x, set 0 binding 0) and writing
// Out[i * stride + k] (set 0 binding 1) through `%store_k` lines: `body` computes values and
// stores them with "STORE k %id". %lane is the SubgroupLocalInvocationId, %cN the uint N
// (0..63), %scope the Subgroup scope.
std::string assemblyShader(const std::string& capabilities, const std::string& modes, uint32_t localSize, uint32_t stride,
                           const std::string& body) {
  std::string text = "OpCapability Shader\n" + capabilities + R"(
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid %lane_var %in %out
OpExecutionMode %main LocalSize )" + std::to_string(localSize) + " 1 1\n" + modes + R"(
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %lane_var BuiltIn SubgroupLocalInvocationId
OpDecorate %rta ArrayStride 4
OpMemberDecorate %buf 0 Offset 0
OpDecorate %buf Block
OpDecorate %in DescriptorSet 0
OpDecorate %in Binding 0
OpDecorate %out DescriptorSet 0
OpDecorate %out Binding 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%rta = OpTypeRuntimeArray %uint
%buf = OpTypeStruct %rta
%pbuf = OpTypePointer StorageBuffer %buf
%puint = OpTypePointer StorageBuffer %uint
%pin3 = OpTypePointer Input %v3uint
%pinu = OpTypePointer Input %uint
%in = OpVariable %pbuf StorageBuffer
%out = OpVariable %pbuf StorageBuffer
%gid = OpVariable %pin3 Input
%lane_var = OpVariable %pinu Input
%scope = OpConstant %uint 3
%stride = OpConstant %uint )" + std::to_string(stride) + "\n";
  for (uint32_t c = 0; c < 64; ++c) text += "%c" + std::to_string(c) + " = OpConstant %uint " + std::to_string(c) + "\n";
  text += R"(%true = OpConstantTrue %bool
%c95 = OpConstant %uint 95
%c90 = OpConstant %uint 90
%main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3uint %gid
%i = OpCompositeExtract %uint %g 0
%lane = OpLoad %uint %lane_var
%pin = OpAccessChain %puint %in %c0 %i
%x = OpLoad %uint %pin
%base = OpIMul %uint %i %stride
)";
  // STORE k %id -> Out[base + k] = %id
  size_t at = 0;
  std::string lines;
  while (at < body.size()) {
    size_t end = body.find('\n', at);
    if (end == std::string::npos) end = body.size();
    const std::string line = body.substr(at, end - at);
    at = end + 1;
    if (line.rfind("STORE ", 0) == 0) {
      const size_t space = line.find(' ', 6);
      const std::string k = line.substr(6, space - 6), id = line.substr(space + 1);
      lines += "%off" + k + " = OpIAdd %uint %base %c" + k + "\n%ptr" + k + " = OpAccessChain %puint %out %c0 %off" + k + "\nOpStore %ptr" + k +
               " " + id + "\n";
    } else {
      lines += line + "\n";
    }
  }
  return text + lines + "OpReturn\nOpFunctionEnd\n";
}

}  // namespace

TEST_CASE("shuffles broadcasts ballot queries and clustered rotated logical and partitioned operations", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u, 64u);
  CAPTURE(width);
  const auto words = assemble(assemblyShader(R"(OpCapability GroupNonUniform
OpCapability GroupNonUniformVote
OpCapability GroupNonUniformBallot
OpCapability GroupNonUniformShuffle
OpCapability GroupNonUniformShuffleRelative
OpCapability GroupNonUniformArithmetic
OpCapability GroupNonUniformClustered
OpCapability GroupNonUniformPartitionedNV
OpCapability GroupNonUniformRotateKHR
OpExtension "SPV_NV_shader_subgroup_partitioned"
OpExtension "SPV_KHR_subgroup_rotate")",
                                             "", 64, 24, R"(
%odd = OpBitwiseAnd %uint %x %c1
%isOdd = OpINotEqual %bool %odd %c0
%gt50 = OpUGreaterThan %bool %x %c50
%gt90 = OpUGreaterThan %bool %x %c90
%lt95 = OpULessThan %bool %x %c95
%mod4 = OpUMod %uint %x %c4
%mod3 = OpUMod %uint %x %c3
%factor = OpIAdd %uint %mod3 %c1
%signed = OpISub %uint %x %c50
%r0 = OpGroupNonUniformShuffleXor %uint %scope %x %c1
STORE 0 %r0
%r1 = OpGroupNonUniformShuffleUp %uint %scope %x %c1
STORE 1 %r1
%r2 = OpGroupNonUniformShuffleDown %uint %scope %x %c2
STORE 2 %r2
%r3 = OpGroupNonUniformBroadcast %uint %scope %x %c2
STORE 3 %r3
%bOdd = OpGroupNonUniformBallot %v4uint %scope %isOdd
%neighbour = OpBitwiseXor %uint %lane %c1
%e4 = OpGroupNonUniformBallotBitExtract %bool %scope %bOdd %neighbour
%r4 = OpSelect %uint %e4 %c1 %c0
STORE 4 %r4
%b50 = OpGroupNonUniformBallot %v4uint %scope %gt50
%e5 = OpGroupNonUniformInverseBallot %bool %scope %b50
%r5 = OpSelect %uint %e5 %c1 %c0
STORE 5 %r5
%r6 = OpGroupNonUniformBallotFindLSB %uint %scope %b50
STORE 6 %r6
%r7 = OpGroupNonUniformBallotFindMSB %uint %scope %b50
STORE 7 %r7
%r8 = OpGroupNonUniformIAdd %uint %scope ClusteredReduce %x %c4
STORE 8 %r8
%r9 = OpGroupNonUniformRotateKHR %uint %scope %x %c3
STORE 9 %r9
%r10 = OpGroupNonUniformRotateKHR %uint %scope %x %c1 %c4
STORE 10 %r10
%e11 = OpGroupNonUniformLogicalOr %bool %scope Reduce %gt90
%r11 = OpSelect %uint %e11 %c1 %c0
STORE 11 %r11
%e12 = OpGroupNonUniformLogicalAnd %bool %scope InclusiveScan %lt95
%r12 = OpSelect %uint %e12 %c1 %c0
STORE 12 %r12
%e13 = OpGroupNonUniformLogicalXor %bool %scope ExclusiveScan %isOdd
%r13 = OpSelect %uint %e13 %c1 %c0
STORE 13 %r13
%part = OpGroupNonUniformPartitionNV %v4uint %mod4
%r14 = OpCompositeExtract %uint %part 0
STORE 14 %r14
%r15 = OpCompositeExtract %uint %part 1
STORE 15 %r15
%r16 = OpGroupNonUniformIAdd %uint %scope PartitionedInclusiveScanNV %x %part
STORE 16 %r16
%r17 = OpGroupNonUniformUMax %uint %scope PartitionedReduceNV %x %part
STORE 17 %r17
%r18 = OpGroupNonUniformIAdd %uint %scope PartitionedExclusiveScanNV %x %part
STORE 18 %r18
%r19 = OpGroupNonUniformBallotBitCount %uint %scope InclusiveScan %bOdd
STORE 19 %r19
%r20 = OpGroupNonUniformSMin %uint %scope ClusteredReduce %signed %c8
STORE 20 %r20
%r21 = OpGroupNonUniformUMin %uint %scope ExclusiveScan %x
STORE 21 %r21
%r22 = OpGroupNonUniformIMul %uint %scope ExclusiveScan %factor
STORE 22 %r22
%e23 = OpGroupNonUniformElect %bool %scope
%r23 = OpSelect %uint %e23 %c1 %c0
STORE 23 %r23
)"));
  const uint32_t total = 64;
  const auto in = pseudoRandom(total, 100, 31);
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.zeros<uint32_t>(0, 1, total * 24);
  const RunResult r = run(words, b, {1, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (const auto& members : subgroupsOf(1, total, width)) {
    const uint32_t n = uint32_t(members.size());
    auto x = [&](uint32_t lane) { return in[members[lane]]; };
    uint32_t lowest50 = ~0u, highest50 = ~0u;
    bool any90 = false;
    for (uint32_t l = 0; l < n; ++l) {
      if (x(l) > 50 && lowest50 == ~0u) lowest50 = l;
      if (x(l) > 50) highest50 = l;
      any90 |= x(l) > 90;
    }
    const uint32_t cluster8 = std::min(8u, width);
    for (uint32_t lane = 0; lane < n; ++lane) {
      CAPTURE(lane, x(lane));
      const uint32_t* o = &out[members[lane] * 24];
      CHECK(o[0] == x(lane ^ 1));
      CHECK(o[1] == (lane >= 1 ? x(lane - 1) : 0u));  // below lane 0: undefined, 0
      CHECK(o[2] == (lane + 2 < n ? x(lane + 2) : 0u));
      CHECK(o[3] == x(2));
      CHECK(o[4] == (x(lane ^ 1) & 1));
      CHECK(o[5] == (x(lane) > 50));
      CHECK(o[6] == lowest50);
      CHECK(o[7] == highest50);
      uint32_t cluster4 = 0;
      for (uint32_t l = lane & ~3u; l < (lane & ~3u) + 4; ++l) cluster4 += x(l);
      CHECK(o[8] == cluster4);
      CHECK(o[9] == x((lane + 3) % n));
      CHECK(o[10] == x((lane & ~3u) + ((lane + 1) & 3)));
      CHECK(o[11] == any90);
      bool allBelow95 = true, oddXor = false;
      uint32_t oddCount = 0, minBefore = ~0u, productBefore = 1;
      for (uint32_t l = 0; l <= lane; ++l) {
        allBelow95 &= x(l) < 95;
        oddCount += x(l) & 1;
        if (l < lane) oddXor ^= (x(l) & 1) != 0, minBefore = std::min(minBefore, x(l)), productBefore *= x(l) % 3 + 1;
      }
      CHECK(o[12] == allBelow95);
      CHECK(o[13] == oddXor);
      std::array<uint32_t, 4> partition{};
      uint32_t partitionInclusive = 0, partitionMax = 0, partitionExclusive = 0;
      for (uint32_t l = 0; l < n; ++l) {
        if (x(l) % 4 != x(lane) % 4) continue;
        partition[l / 32] |= 1u << (l % 32);
        partitionMax = std::max(partitionMax, x(l));
        if (l <= lane) partitionInclusive += x(l);
        if (l < lane) partitionExclusive += x(l);
      }
      CHECK(o[14] == partition[0]);
      CHECK(o[15] == partition[1]);
      CHECK(o[16] == partitionInclusive);
      CHECK(o[17] == partitionMax);
      CHECK(o[18] == partitionExclusive);
      CHECK(o[19] == oddCount);
      int32_t minimum = INT32_MAX;
      for (uint32_t l = lane / cluster8 * cluster8; l < lane / cluster8 * cluster8 + cluster8; ++l) minimum = std::min(minimum, int32_t(x(l)) - 50);
      CHECK(int32_t(o[20]) == minimum);
      CHECK(o[21] == minBefore);  // identity of UMin: all ones
      CHECK(o[22] == productBefore);  // identity of IMul: 1
      CHECK(o[23] == (lane == 0));
    }
  }
  CHECK(r.diagnostics.find("OpGroupNonUniformShuffleUp") != std::string::npos);
  CHECK(r.diagnostics.find("reads a lane outside the subgroup") != std::string::npos);
  if (width == 4) CHECK(r.diagnostics.find("cluster size 8 exceeds the subgroup size 4") != std::string::npos);
}

TEST_CASE("a ballot bit count counts the ballot as given and not only the active lanes", "[interp][subgroup]") {
  // The ballot is taken by every lane, then counted inside a branch of the even lanes: the counts
  // still include the odd lanes' bits.
  const auto words = assemble(assemblyShader("OpCapability GroupNonUniform\nOpCapability GroupNonUniformBallot", "", 16, 3, R"(
%all = OpGroupNonUniformBallot %v4uint %scope %true
%bit = OpBitwiseAnd %uint %lane %c1
%even = OpIEqual %bool %bit %c0
OpSelectionMerge %merge None
OpBranchConditional %even %then %merge
%then = OpLabel
%count = OpGroupNonUniformBallotBitCount %uint %scope Reduce %all
%prefix = OpGroupNonUniformBallotBitCount %uint %scope ExclusiveScan %all
%msb = OpGroupNonUniformBallotFindMSB %uint %scope %all
STORE 0 %count
STORE 1 %prefix
STORE 2 %msb
OpBranch %merge
%merge = OpLabel
)"));
  Buffers b;
  b.zeros<uint32_t>(0, 0, 16);
  b.set<uint32_t>(0, 1, std::vector<uint32_t>(48, 0xdeadbeef));
  const RunResult r = run(words, b, {1, 1, 1}, withWidth(8));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (uint32_t i = 0; i < 16; ++i) {
    CAPTURE(i);
    const uint32_t lane = i % 8;
    CHECK(out[i * 3 + 0] == (lane % 2 == 0 ? 8u : 0xdeadbeefu));
    CHECK(out[i * 3 + 1] == (lane % 2 == 0 ? lane : 0xdeadbeefu));
    CHECK(out[i * 3 + 2] == (lane % 2 == 0 ? 7u : 0xdeadbeefu));
  }
}

TEST_CASE("a subgroup operation with another execution scope is an error", "[interp][subgroup]") {
  // Vulkan allows only Subgroup scope (the validator says so too: run without it).
  const auto words = assemble(assemblyShader("OpCapability GroupNonUniform\nOpCapability GroupNonUniformArithmetic", "", 4, 1, R"(
%sum = OpGroupNonUniformIAdd %uint %c2 Reduce %x
STORE 0 %sum
)"));
  Buffers b;
  b.zeros<uint32_t>(0, 0, 4);
  b.zeros<uint32_t>(0, 1, 4);
  const RunResult r = runUnvalidated(words, b);
  CHECK_FALSE(r.result.ok);
  CHECK(r.diagnostics.find("execution scope 2 is not Subgroup (3)") != std::string::npos);
  CHECK(r.diagnostics.find("OpGroupNonUniformIAdd") != std::string::npos);
}

TEST_CASE("derivatives in a compute shader without a derivative group are an error", "[interp][subgroup]") {
  const auto words = assemble(assemblyShader("OpCapability DerivativeControl", "", 4, 1, R"(
%f = OpConvertUToF %float %x
%d = OpDPdxFine %float %f
%u = OpBitcast %uint %d
STORE 0 %u
)"));
  Buffers b;
  b.zeros<uint32_t>(0, 0, 4);
  b.zeros<uint32_t>(0, 1, 4);
  const RunResult r = runUnvalidated(words, b);
  CHECK_FALSE(r.result.ok);
  CHECK(r.diagnostics.find("derivatives in a compute shader need the DerivativeGroupQuadsNV or DerivativeGroupLinearNV execution mode") !=
        std::string::npos);
}


TEST_CASE("the SPV_KHR_shader_ballot and SPV_KHR_subgroup_vote instructions", "[interp][subgroup]") {
  const auto words = assemble(assemblyShader(R"(OpCapability SubgroupBallotKHR
OpCapability SubgroupVoteKHR
OpExtension "SPV_KHR_shader_ballot"
OpExtension "SPV_KHR_subgroup_vote")", "", 16, 6, R"(
%odd = OpBitwiseAnd %uint %x %c1
%isOdd = OpINotEqual %bool %odd %c0
%b = OpSubgroupBallotKHR %v4uint %isOdd
%r0 = OpCompositeExtract %uint %b 0
STORE 0 %r0
%r1 = OpSubgroupFirstInvocationKHR %uint %x
STORE 1 %r1
%r2 = OpSubgroupReadInvocationKHR %uint %x %c5
STORE 2 %r2
%all = OpSubgroupAllKHR %bool %isOdd
%r3 = OpSelect %uint %all %c1 %c0
STORE 3 %r3
%any = OpSubgroupAnyKHR %bool %isOdd
%r4 = OpSelect %uint %any %c1 %c0
STORE 4 %r4
%same = OpSubgroupAllEqualKHR %bool %odd
%r5 = OpSelect %uint %same %c1 %c0
STORE 5 %r5
)"));
  // Subgroups of 8: the first has odd values only, the second mixed ones.
  const std::vector<uint32_t> in{1, 3, 5, 7, 9, 11, 13, 15, 2, 3, 4, 5, 6, 7, 8, 10};
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.zeros<uint32_t>(0, 1, 16 * 6);
  const RunResult r = run(words, b, {1, 1, 1}, withWidth(8));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (uint32_t i = 0; i < 16; ++i) {
    CAPTURE(i);
    const bool first = i < 8;
    const uint32_t* o = &out[i * 6];
    CHECK(o[0] == (first ? 0xffu : 0x2au));
    CHECK(o[1] == in[first ? 0 : 8]);
    CHECK(o[2] == in[first ? 5 : 13]);
    CHECK(o[3] == (first ? 1u : 0u));
    CHECK(o[4] == 1u);
    CHECK(o[5] == (first ? 1u : 0u));
  }
}

TEST_CASE("wave operations in called functions, loops with continue and returns inside loops", "[interp][subgroup]") {
  const uint32_t width = GENERATE(4u, 8u, 32u);
  CAPTURE(width);
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
uint oddSum(uint x) { return WaveActiveSum(x) * 10 + WaveActiveCountBits(true); }
uint leaveEarly(uint x) {
  for (uint k = 0; k < 6; ++k) {
    if (k == x % 4) return 1000 + WaveActiveCountBits(true);
  }
  return WaveActiveCountBits(true);
}
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = In[id.x];
  uint o = id.x * 5;
  uint r = 0xffffffff;
  if ((x & 1) != 0) r = oddSum(x);
  Out[o + 0] = r;
  uint acc = 0;
  for (uint k = 0; k < 4; ++k) {
    if ((x + k) % 3 == 0) continue;
    acc += WaveActiveCountBits(true) << (8 * k);
  }
  Out[o + 1] = acc;
  Out[o + 2] = leaveEarly(x);
  uint v = x % 7, iterations = 0;
  while (WaveActiveAnyTrue(v > 0)) {
    if (v > 0) v--;
    iterations++;
  }
  Out[o + 3] = iterations;
  Out[o + 4] = WaveActiveCountBits(true);
})");
  const uint32_t total = 64;
  const auto in = pseudoRandom(total, 100, 41);
  Buffers b;
  b.set<uint32_t>(0, 0, in);
  b.zeros<uint32_t>(0, 1, total * 5);
  const RunResult r = run(words, b, {2, 1, 1}, withWidth(width));
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (const auto& members : subgroupsOf(2, 32, width)) {
    const uint32_t n = uint32_t(members.size());
    auto x = [&](uint32_t lane) { return in[members[lane]]; };
    uint32_t oddSum = 0, oddCount = 0, longest = 0;
    for (uint32_t l = 0; l < n; ++l) {
      if (x(l) & 1) oddSum += x(l), ++oddCount;
      longest = std::max(longest, x(l) % 7);
    }
    for (uint32_t lane = 0; lane < n; ++lane) {
      CAPTURE(lane, x(lane));
      const uint32_t* o = &out[members[lane] * 5];
      CHECK(o[0] == ((x(lane) & 1) ? oddSum * 10 + oddCount : 0xffffffffu));
      uint32_t acc = 0;
      for (uint32_t k = 0; k < 4; ++k) {
        if ((x(lane) + k) % 3 == 0) continue;
        uint32_t count = 0;
        for (uint32_t l = 0; l < n; ++l) count += (x(l) + k) % 3 != 0;
        acc += count << (8 * k);
      }
      CHECK(o[1] == acc);
      // Lanes return at iteration x % 4: those returning together are the ones still looping
      // with the same x % 4.
      uint32_t same = 0;
      for (uint32_t l = 0; l < n; ++l) same += x(l) % 4 == x(lane) % 4;
      CHECK(o[2] == 1000 + same);
      CHECK(o[3] == longest);
      CHECK(o[4] == n);
    }
  }
}
