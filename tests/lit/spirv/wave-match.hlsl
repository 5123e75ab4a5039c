// WaveMatch (SM 6.5) is OpGroupNonUniformPartitionNV of SPV_NV_shader_subgroup_partitioned, as
// DXC emits it, on scalars and vectors of every numeric type; a matrix is matched row by row and
// the row masks ANDed (issue 19). The extension builds on SPIR-V 1.3: a located error on
// vulkan1.0. spirv-val checks the declared capability and extension.
// RUN: %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.1 -enable-16bit-types --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.1 -enable-16bit-types %s -Fo %t.spv
// RUN: spirv-val --target-env vulkan1.1 %t.spv
// RUN: not %shaderlens compile -T cs_6_5 -E main -spirv -enable-16bit-types %s -Fo %t0.spv 2>&1 | FileCheck %s --check-prefix=OLD

// CHECK-DAG: OpCapability GroupNonUniformPartitionedNV
// CHECK-DAG: OpExtension "SPV_NV_shader_subgroup_partitioned"

RWStructuredBuffer<float3> F;
RWStructuredBuffer<half2> H;
RWStructuredBuffer<int> I;
RWStructuredBuffer<uint64_t> L;
RWStructuredBuffer<double> D;
RWStructuredBuffer<int16_t4> S;
RWStructuredBuffer<uint4> Out;

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
  // CHECK: OpGroupNonUniformPartitionNV %v4uint {{%[0-9]+}}
  // CHECK: OpGroupNonUniformPartitionNV %v4uint {{%[0-9]+}}
  // CHECK: OpGroupNonUniformPartitionNV %v4uint {{%[0-9]+}}
  // CHECK: OpGroupNonUniformPartitionNV %v4uint {{%[0-9]+}}
  // CHECK: OpGroupNonUniformPartitionNV %v4uint {{%[0-9]+}}
  // CHECK: OpGroupNonUniformPartitionNV %v4uint {{%[0-9]+}}
  // OLD: wave-match.hlsl:[[@LINE+1]]:13: error: extension SPV_NV_shader_subgroup_partitioned needs SPIR-V 1.3 (target vulkan1.0); choose a newer target with -fspv-target-env=vulkan1.1 or later
  uint4 r = WaveMatch(F[i]) & WaveMatch(H[i]) & WaveMatch(I[i]) & WaveMatch(L[i]) & WaveMatch(D[i]) & WaveMatch(S[i]);
  // CHECK: [[R0:%[0-9]+]] = OpGroupNonUniformPartitionNV %v4uint
  // CHECK: [[R1:%[0-9]+]] = OpGroupNonUniformPartitionNV %v4uint
  // CHECK: OpBitwiseAnd %v4uint [[R0]] [[R1]]
  r &= WaveMatch(float2x2(F[i].xy, F[i].yz));
  Out[i] = r;
}
