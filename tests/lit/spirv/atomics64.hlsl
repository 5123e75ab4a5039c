// 64-bit atomics declare Int64Atomics (the grammar alone cannot tell the writer).
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s
RWStructuredBuffer<uint64_t> Counters : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t previous;
  InterlockedAdd(Counters[0], (uint64_t)id.x, previous);
  Counters[1 + id.x] = previous;
}
// CHECK-DAG: OpCapability Int64Atomics
// CHECK-DAG: OpCapability Int64
// CHECK: OpAtomicIAdd %ulong
