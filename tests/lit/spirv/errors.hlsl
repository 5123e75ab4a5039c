// Constructs the SPIR-V back end cannot lower yet are errors with a location; nothing is emitted.
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E main -spirv -Fo %t.spv %s 2>&1 | FileCheck %s

Texture2D<float4> tex;
SamplerState s;
RWStructuredBuffer<float4> Out;

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = tex.Sample(s, float2(0.5, 0.5));
}

// CHECK: errors.hlsl:10:{{[0-9]+}}: error: Sample computes its level of detail from implicit derivatives
