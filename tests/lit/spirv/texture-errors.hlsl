// Texture methods the compute SPIR-V path cannot express are located errors, never bad output.
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E main -spirv -Fo %t.spv %s 2>&1 | FileCheck %s

Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
RWBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint status;
  Out[0] = Tex.SampleBias(Samp, float2(0.5, 0.5), 1.0);
  Out[1] = Tex.SampleLevel(Samp, float2(0.5, 0.5), 0, int2(id.xy));
  Out[2] = Tex.Load(int3(0, 0, 0), int2(0, 0), status);
  Out[3] = Tex.SampleLevel(Samp, float2(0.5, 0.5), 0, int2(8, -9));
}

// CHECK-DAG: texture-errors.hlsl:11:16: error: Intrinsic SampleBias potentially used by 'main' requires derivatives - shader model 6.6 or greater is required
// CHECK-DAG: texture-errors.hlsl:12:{{[0-9]+}}: error: the offset of SampleLevel must be a compile-time constant
// CHECK-DAG: texture-errors.hlsl:13:{{[0-9]+}}: error: the status (CheckAccessFullyMapped) overload of Texture2D::Load
// CHECK-DAG: texture-errors.hlsl:14:{{[0-9]+}}: error: the offset of SampleLevel must be in the range [-8, 7], got 8
