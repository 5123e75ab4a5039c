// vk::SampledTexture2D is a combined image-sampler: one COMBINED_IMAGE_SAMPLER binding, sampled
// directly, fetched and queried through OpImage. mips[level][coord] is a fetch at that level.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print reflection %s | FileCheck %s --check-prefix=REFL
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print spirv %s | FileCheck %s

[[vk::binding(0, 0)]] vk::SampledTexture2D<float4> Tex : register(s0);
[[vk::binding(1, 0)]] RWBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Tex.SampleLevel(float2(0.5, 0.5), 0);
  Out[1] = Tex.mips[1][int2(0, 0)];
  uint w, h;
  Tex.GetDimensions(w, h);
  Out[2] = float4(w, h, 0, 0);
}

// REFL: set 0 binding 0  COMBINED_IMAGE_SAMPLER  vk::SampledTexture2D<v4float>  Tex

// CHECK: OpTypeSampledImage
// CHECK: OpImageSampleExplicitLod %v4float
// CHECK: OpImage %
// CHECK: OpImageFetch %v4float {{.*}} Lod
// CHECK: OpImage %
// CHECK: OpImageQuerySizeLod %v2uint
