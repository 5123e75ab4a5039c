// The executor's core: arithmetic with known values, control flow (divergence, loops, break,
// continue, switch, early return), calls, groupshared memory with barriers, robust buffer access
// and the diagnostics that name the invocation and the instruction.
#include <algorithm>
#include <catch2/catch.hpp>

#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;

TEST_CASE("integer arithmetic per invocation matches the host", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<int> Out : register(u0);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int i = int(id.x) - 20;
  Out[id.x * 4 + 0] = i * 7 + 3;
  Out[id.x * 4 + 1] = i / 3;
  Out[id.x * 4 + 2] = i % 5;
  Out[id.x * 4 + 3] = (i << 3) ^ (i >> 1);
})");
  Buffers b;
  b.zeros<int32_t>(0, 0, 256);
  const RunResult r = run(words, b);
  REQUIRE(r.result.ok);
  const auto out = b.get<int32_t>(0, 0);
  for (int x = 0; x < 64; ++x) {
    const int i = x - 20;
    CHECK(out[x * 4 + 0] == i * 7 + 3);
    CHECK(out[x * 4 + 1] == i / 3);
    CHECK(out[x * 4 + 2] == i % 5);
    CHECK(out[x * 4 + 3] == ((i << 3) ^ (i >> 1)));
  }
  CHECK(r.result.invocations == 64);
}

TEST_CASE("divergent branches, loops with break and continue, and switch reconverge", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
uint collatzSteps(uint n) {
  uint steps = 0;
  while (n != 1) {
    if (steps > 1000) break;
    if ((n & 1) == 0) { n /= 2; steps++; continue; }
    n = 3 * n + 1;
    steps++;
  }
  return steps;
}
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = id.x + 1;
  uint v = collatzSteps(x);
  switch (x % 4) {
    case 0: v += 100; break;
    case 1: v += 200; break;
    case 2: return;
    default: v += 300; break;
  }
  if (x > 16) {
    for (uint k = 0; k < x; ++k) { if (k == 5) break; v += k; }
  }
  Out[id.x] = v;
})");
  Buffers b;
  b.set<uint32_t>(0, 0, std::vector<uint32_t>(64, 0xdeadbeef));
  const RunResult r = run(words, b, {2, 1, 1});
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 0);
  auto collatz = [](uint32_t n) {
    uint32_t steps = 0;
    while (n != 1 && steps <= 1000) n = (n & 1) == 0 ? n / 2 : 3 * n + 1, ++steps;
    return steps;
  };
  for (uint32_t i = 0; i < 64; ++i) {
    const uint32_t x = i + 1;
    uint32_t v = collatz(x);
    if (x % 4 == 2) {
      CHECK(out[i] == 0xdeadbeef);
      continue;
    }
    v += x % 4 == 0 ? 100 : x % 4 == 1 ? 200 : 300;
    if (x > 16)
      for (uint32_t k = 0; k < x && k != 5; ++k) v += k;
    CHECK(out[i] == v);
  }
}

TEST_CASE("groupshared memory with barriers: a workgroup reduction", "[interp]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
groupshared uint Partial[128];
[numthreads(128, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint3 local : SV_GroupThreadID, uint3 group : SV_GroupID) {
  Partial[local.x] = In[id.x];
  GroupMemoryBarrierWithGroupSync();
  for (uint stride = 64; stride > 0; stride /= 2) {
    if (local.x < stride) Partial[local.x] += Partial[local.x + stride];
    GroupMemoryBarrierWithGroupSync();
  }
  if (local.x == 0) Out[group.x] = Partial[0];
})");
  Buffers b;
  std::vector<uint32_t> in(512);
  for (uint32_t i = 0; i < in.size(); ++i) in[i] = i * i + 1;
  b.set<uint32_t>(0, 0, in);
  b.zeros<uint32_t>(0, 1, 4);
  interp::DispatchOptions options;
  options.subgroupSize = 32;  // four subgroups take turns at each barrier
  const RunResult r = run(words, b, {4, 1, 1}, options);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 1);
  for (uint32_t g = 0; g < 4; ++g) {
    uint32_t sum = 0;
    for (uint32_t i = 0; i < 128; ++i) sum += in[g * 128 + i];
    CHECK(out[g] == sum);
  }
}

TEST_CASE("out-of-bounds buffer accesses read zero, drop writes and name the invocation", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x + 4] = Out[id.x + 6] + 1;
})");
  Buffers b;
  b.set<uint32_t>(0, 0, std::vector<uint32_t>{10, 11, 12, 13, 14, 15, 16, 17});
  const RunResult r = run(words, b);
  REQUIRE(r.result.ok);  // robust access is defined behaviour: warnings only
  const auto out = b.get<uint32_t>(0, 0);
  // Lanes run in lockstep: every load happens before any store.
  CHECK(out == std::vector<uint32_t>{10, 11, 12, 13, 17, 18, 1, 1});
  CHECK(r.diagnostics.find("out-of-bounds read of 4 bytes at offset 32 of buffer 'Out' (32 bytes): reads zero") != std::string::npos);
  CHECK(r.diagnostics.find("out-of-bounds write") != std::string::npos);
  CHECK(r.diagnostics.find("invocation (2,0,0)") != std::string::npos);
}

TEST_CASE("a warning many workgroups hit names the first invocation in dispatch order, whatever the threads", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<int> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = 7 / Out[id.x];
})");
  for (int attempt = 0; attempt < 20; ++attempt) {
    Buffers b;
    b.zeros<int32_t>(0, 0, 64);
    interp::DispatchOptions options;
    options.threads = 4;
    const RunResult r = run(words, b, {16, 1, 1}, options);
    REQUIRE(r.result.ok);
    INFO(r.diagnostics);
    // One site, one line: the one of invocation (0,0,0), though later workgroups may get there first.
    CHECK(r.diagnostics.find("invocation (0,0,0) (workgroup (0,0,0), local (0,0,0)): integer division by zero") != std::string::npos);
    CHECK(std::count(r.diagnostics.begin(), r.diagnostics.end(), '\n') <= 1);
  }
}

TEST_CASE("a runaway loop stops at the step limit with a located error", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = 0;
  while (Out[0] == 0) { i++; }
  Out[1] = i;
})", "cs_6_0", {"-Zi"});
  Buffers b;
  b.zeros<uint32_t>(0, 0, 2);
  interp::DispatchOptions options;
  options.stepLimit = 100000;
  const RunResult r = run(words, b, {1, 1, 1}, options);
  CHECK_FALSE(r.result.ok);
  CHECK(r.diagnostics.find("executed more than 100000 instructions") != std::string::npos);
  CHECK(r.diagnostics.find("test.hlsl:6") != std::string::npos);
}

TEST_CASE("an unbound buffer is an error naming its set and binding", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u3);
[numthreads(1, 1, 1)]
void main() { Out[0] = 1; })");
  Buffers b;
  const RunResult r = run(words, b);
  CHECK_FALSE(r.result.ok);
  CHECK(r.diagnostics.find("buffer 'Out' (set 0, binding 3) is not bound") != std::string::npos);
}

TEST_CASE("compute built-ins", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 2, 1)]
void main(uint3 id : SV_DispatchThreadID, uint3 local : SV_GroupThreadID, uint3 group : SV_GroupID, uint index : SV_GroupIndex) {
  uint slot = id.y * 8 + id.x;
  Out[slot * 4 + 0] = id.x | (id.y << 8);
  Out[slot * 4 + 1] = local.x | (local.y << 8);
  Out[slot * 4 + 2] = group.x | (group.y << 8);
  Out[slot * 4 + 3] = index;
})");
  Buffers b;
  b.zeros<uint32_t>(0, 0, 4 * 16);
  const RunResult r = run(words, b, {2, 1, 1});
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint32_t>(0, 0);
  for (uint32_t y = 0; y < 2; ++y)
    for (uint32_t x = 0; x < 8; ++x) {
      const uint32_t slot = y * 8 + x;
      CHECK(out[slot * 4 + 0] == (x | y << 8));
      CHECK(out[slot * 4 + 1] == ((x % 4) | y << 8));
      CHECK(out[slot * 4 + 2] == x / 4);
      CHECK(out[slot * 4 + 3] == y * 4 + x % 4);
    }
}

TEST_CASE("GetDimensions of a buffer no instruction has touched yet", "[interp]") {
  // OpArrayLength resolves the buffer itself (it used to read 0 until a load or store had).
  const auto words = compileHlsl(R"(
struct S { float4 a; float b; };
StructuredBuffer<S> In : register(t0);
RWByteAddressBuffer Raw : register(u1);
RWStructuredBuffer<uint> Out : register(u2);
[numthreads(1, 1, 1)]
void main() {
  uint count, stride;
  In.GetDimensions(count, stride);
  uint bytes;
  Raw.GetDimensions(bytes);
  Out[0] = count;
  Out[1] = stride;
  Out[2] = bytes;
})");
  Buffers b;
  b.zeros<float>(0, 0, 5 * 7);  // 140 bytes: four 32-byte elements (std430 pads S to 32)
  b.zeros<uint32_t>(0, 1, 9);
  b.zeros<uint32_t>(0, 2, 3);
  const RunResult r = run(words, b);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  CHECK(b.get<uint32_t>(0, 2) == std::vector<uint32_t>{4, 32, 36});
}

TEST_CASE("reads of uninitialized memory and groupshared races are reported", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<float> Out : register(u0);
groupshared float Shared[64];
groupshared float Never[4];
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x;
  if (id.x > 100) x = 1.0;
  Out[id.x] = x;                 // x was never written on this path
  Shared[0] = float(id.x);       // every invocation writes the same word: a race
  Out[8 + id.x] = Never[id.x % 4];  // nothing ever wrote Never
})", "cs_6_0", {"-Zi"});
  Buffers b;
  b.zeros<float>(0, 0, 16);
  interp::DispatchOptions options;
  options.subgroupSize = 4;
  const RunResult r = run(words, b, {1, 1, 1}, options);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);  // undefined values, not errors
  CHECK(r.diagnostics.find("test.hlsl:9") != std::string::npos);
  CHECK(r.diagnostics.find("read of uninitialized function variable") != std::string::npos);
  CHECK(r.diagnostics.find("read of uninitialized groupshared memory") != std::string::npos);
  CHECK(r.diagnostics.find("that local invocation (0,0,0) wrote with no barrier in between: a data race") != std::string::npos);
}

TEST_CASE("a correct reduction reports no race or uninitialized read", "[interp]") {
  const auto words = compileHlsl(R"(
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Partial[64];
[numthreads(64, 1, 1)]
void main(uint3 local : SV_GroupThreadID) {
  Partial[local.x] = local.x;
  GroupMemoryBarrierWithGroupSync();
  for (uint stride = 32; stride > 0; stride /= 2) {
    if (local.x < stride) Partial[local.x] += Partial[local.x + stride];
    GroupMemoryBarrierWithGroupSync();
  }
  if (local.x == 0) Out[0] = Partial[0];
})");
  Buffers b;
  b.zeros<uint32_t>(0, 0, 1);
  interp::DispatchOptions options;
  options.subgroupSize = 8;
  const RunResult r = run(words, b, {1, 1, 1}, options);
  REQUIRE(r.result.ok);
  CHECK(r.diagnostics.empty());
  CHECK(b.get<uint32_t>(0, 0)[0] == 63 * 64 / 2);
}
