// Intrinsic lowering (hlsl-spirv.md §5): mad is Fma + NoContraction, min/max are NMin/NMax,
// atomics are relaxed with Workgroup scope on groupshared memory and Device scope on buffers,
// GroupMemoryBarrierWithGroupSync is OpControlBarrier Workgroup Workgroup 0x108, mul swaps.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s

groupshared uint gs;
RWByteAddressBuffer bb;
RWStructuredBuffer<float4> Out;

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  float x = (float)i;
  float4x4 m = (float4x4)x;
  float4 v = mul(m, float4(x, 1, 2, 3));
  Out[i] = v * mad(x, 2, 1) + min(x, 4) + max(x, 1) + clamp(x, 0, 1) + saturate(x);
  uint old;
  InterlockedAdd(gs, 1, old);
  bb.InterlockedAdd(16, 1, old);
  GroupMemoryBarrierWithGroupSync();
  bb.Store(0, countbits(i) + firstbithigh(i) + reversebits(i) + asuint(x));
}

// CHECK-DAG: OpDecorate %{{[0-9a-z_]+}} NoContraction
// CHECK-DAG: OpExtInst %float %{{[0-9]+}} Fma
// CHECK-DAG: NMin
// CHECK-DAG: NMax
// CHECK-DAG: FClamp
// CHECK-DAG: OpVectorTimesMatrix
// CHECK-DAG: OpAtomicIAdd %uint %gs %uint_2 %uint_0 %uint_1
// CHECK-DAG: OpAtomicIAdd %uint %{{[0-9a-z_]+}} %uint_1 %uint_0 %uint_1
// CHECK-DAG: OpControlBarrier %uint_2 %uint_2 %uint_264
// CHECK-DAG: OpBitCount
// CHECK-DAG: FindUMsb
// CHECK-DAG: OpBitReverse
// CHECK-DAG: OpBitcast %uint
