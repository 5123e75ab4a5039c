// Implicit derivatives in compute are DXC's errors (tools/clang/lib/Sema/SemaHLSL.cpp
// DiagnoseDerivativeOp / DiagnoseNumThreadsForDerivativeOp), located at the call (the method name
// for texture methods) with a note at the entry: before SM 6.6, and with a [numthreads] that has no
// derivative quads (1D needs X % 4 == 0 and Z == 1; 2D needs X and Y even). Nothing is emitted.
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_5 -E main -spirv -Fo %t.spv %s 2>&1 | FileCheck %s --check-prefix=SM
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_6 -E main -spirv -D GROUP="3, 2, 1" -Fo %t.spv %s 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_6 -E main -spirv -D GROUP="4, 1, 2" -Fo %t.spv %s 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_6 -E main -D GROUP="2, 1, 1" -Fo %t.dxil %s 2>&1 | FileCheck %s --check-prefix=GROUP
// RUN: %expect_exit 1 %shaderlens compile -T vs_6_6 -E vsmain -spirv -Fo %t.spv %s 2>&1 | FileCheck %s --check-prefix=VS
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
RWStructuredBuffer<float4> O : register(u0);

#ifndef GROUP
#define GROUP 8, 8, 1
#endif
[numthreads(GROUP)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 uv = id.xy / 16.0;
  O[0] = T.Sample(S, uv) + T.CalculateLevelOfDetail(S, uv);
  O[1] = ddx(uv.x);
}

float4 vsmain(float4 p : POSITION) : SV_Position { return T.SampleBias(S, p.xy, 1) + ddy(p); }

// SM: compute-derivatives-errors.hlsl:20:12: error: Intrinsic Sample potentially used by 'main' requires derivatives - shader model 6.6 or greater is required for use in compute, amplification, or mesh shaders.
// SM-NEXT: compute-derivatives-errors.hlsl:18:6: note: entry function defined here
// SM-NEXT: compute-derivatives-errors.hlsl:20:30: error: Intrinsic CalculateLevelOfDetail potentially used by 'main' requires derivatives - shader model 6.6 or greater is required for use in compute, amplification, or mesh shaders.
// SM-NEXT: compute-derivatives-errors.hlsl:18:6: note: entry function defined here
// SM-NEXT: compute-derivatives-errors.hlsl:21:10: error: Intrinsic ddx potentially used by 'main' requires derivatives - shader model 6.6 or greater is required for use in compute, amplification, or mesh shaders.
// SM-NEXT: compute-derivatives-errors.hlsl:18:6: note: entry function defined here

// GROUP: compute-derivatives-errors.hlsl:20:12: error: Intrinsic Sample potentially used by 'main' requires derivatives - when used in compute/amplification/mesh shaders or broadcast nodes, numthreads must be either 1D with X as a multiple of 4 or both X and Y must be multiples of 2.
// GROUP-NEXT: compute-derivatives-errors.hlsl:18:6: note: entry function defined here
// GROUP-NEXT: compute-derivatives-errors.hlsl:20:30: error: Intrinsic CalculateLevelOfDetail potentially used by 'main' requires derivatives - when used in compute/amplification/mesh shaders or broadcast nodes, numthreads must be either 1D with X as a multiple of 4 or both X and Y must be multiples of 2.
// GROUP: compute-derivatives-errors.hlsl:21:10: error: Intrinsic ddx potentially used by 'main' requires derivatives - when used in compute/amplification/mesh shaders

// VS: compute-derivatives-errors.hlsl:24:61: error: Intrinsic SampleBias potentially used by 'vsmain' requires derivatives - only available in pixel, compute, amplification, mesh, or broadcast node shaders.
// VS-NEXT: compute-derivatives-errors.hlsl:24:8: note: entry function defined here
// VS: compute-derivatives-errors.hlsl:24:86: error: Intrinsic ddy potentially used by 'vsmain' requires derivatives - only available
