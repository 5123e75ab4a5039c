// The DXIL back end samples textures (tests/lit/dxil/textures-*.hlsl); the Vulkan-only
// vk::SampledTexture2D says it needs -spirv, with its location, and nothing else is refused.
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E main -Fo %t.dxil %s 2>&1 | FileCheck %s

[[vk::binding(0, 0)]] vk::SampledTexture2D<float4> Combined : register(s0);
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s1);
RWBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Tex.SampleLevel(Samp, float2(0.5, 0.5), 0);
  Out[1] = Tex.GatherGreen(Samp, float2(0.5, 0.5));
  Out[2] = Combined.Load(int3(0, 0, 0));
}

// CHECK-NOT: texture-dxil.hlsl:1{{[23]}}:
// CHECK-DAG: texture-dxil.hlsl:14:{{[0-9]+}}: error: DXIL: vk::SampledTexture2D is a Vulkan combined image-sampler: it needs the SPIR-V target (-spirv)
