// The SM 6.5 wave intrinsics' wrong arguments are located errors: a mask that is not a uint4, a
// missing mask, a matrix value (the group ops take scalars and vectors), and vulkan1.0, which
// lacks the SPIR-V 1.3 that SPV_NV_shader_subgroup_partitioned builds on (issue 19).
// RUN: not %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.1 -D ARGS %s -Fo %t.spv 2>&1 | FileCheck %s --check-prefix=ARGS
// RUN: not %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.1 -D MATRIX %s -Fo %t.spv 2>&1 | FileCheck %s --check-prefix=MATRIX
// RUN: not %shaderlens compile -T cs_6_5 -E main -spirv %s -Fo %t.spv 2>&1 | FileCheck %s --check-prefix=OLD

RWStructuredBuffer<float> F;
RWStructuredBuffer<uint4> Masks;

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
#if defined(ARGS)
  // ARGS: wave-multi-prefix-errors.hlsl:[[@LINE+1]]:10: error: no matching intrinsic overload for 'WaveMultiPrefixSum(float, uint2)'
  F[i] = WaveMultiPrefixSum(F[i], uint2(1, 0));
  // ARGS: wave-multi-prefix-errors.hlsl:[[@LINE+1]]:11: error: no overload of 'WaveMultiPrefixProduct' takes 1 argument
  F[i] += WaveMultiPrefixProduct(F[i]);
#elif defined(MATRIX)
  float2x2 m = float2x2(F[i], F[i + 1], F[i + 2], F[i + 3]);
  // MATRIX: wave-multi-prefix-errors.hlsl:[[@LINE+1]]:8: error: the wave intrinsic 'WaveMultiPrefixSum' is not supported by the SPIR-V back end yet
  m += WaveMultiPrefixSum(m, Masks[i]);
  F[i] = m[1].y;
#else
  // OLD: wave-multi-prefix-errors.hlsl:[[@LINE+1]]:10: error: extension SPV_NV_shader_subgroup_partitioned needs SPIR-V 1.3 (target vulkan1.0)
  F[i] = WaveMultiPrefixSum(F[i], Masks[i]);
#endif
}
