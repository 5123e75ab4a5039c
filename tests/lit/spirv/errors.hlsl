// Constructs the SPIR-V back end cannot lower yet are errors with a location; nothing is emitted.
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E main -spirv -Fo %t.spv %s 2>&1 | FileCheck %s

Texture2D<float4> tex;
SamplerState s;
RWStructuredBuffer<float4> Out;

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = tex.Sample(s, float2(0.5, 0.5));
}

// Implicit-LOD sampling in compute needs SM 6.6 (DXC's message, at the method name; the note at the entry).
// CHECK: errors.hlsl:10:16: error: Intrinsic Sample potentially used by 'main' requires derivatives - shader model 6.6 or greater is required for use in compute, amplification, or mesh shaders.
// CHECK-NEXT: errors.hlsl:9:6: note: entry function defined here
