// Integer builtins that intrinsics read in a pixel shader (WaveGetLaneIndex, WaveGetLaneCount)
// are Inputs of the fragment stage, so Vulkan requires them Flat like the stage's own integer
// inputs (VUID-StandaloneSpirv-Flat-04744; issue 19). DXC decorates them the same way. The
// module validates in-process, so exit 0 is part of the check; a compute shader gets no Flat.
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv -fspv-target-env=vulkan1.1 --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E cmain -spirv -fspv-target-env=vulkan1.1 --print spirv %s | FileCheck %s --check-prefix=CS

// CHECK-DAG: OpDecorate %gl_SubgroupInvocationID BuiltIn SubgroupLocalInvocationId
// CHECK-DAG: OpDecorate %gl_SubgroupInvocationID Flat
// CHECK-DAG: OpDecorate %gl_SubgroupSize BuiltIn SubgroupSize
// CHECK-DAG: OpDecorate %gl_SubgroupSize Flat
// CHECK-DAG: OpDecorate %in_var_ID Flat
float4 main(uint id : ID) : SV_Target {
  return float4(WaveGetLaneIndex(), WaveGetLaneCount(), id, 1);
}

// CS-NOT: Flat
RWStructuredBuffer<uint> Out;
[numthreads(8, 1, 1)]
void cmain() { Out[WaveGetLaneIndex()] = WaveGetLaneCount(); }
