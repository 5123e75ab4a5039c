// Explicit-LOD sampling in compute: SampleLevel, SampleGrad (with a constant offset) and
// SampleCmpLevelZero become OpSampledImage + OpImageSample*ExplicitLod. An offset written with
// float literals (`int2(-1.0f, 2.0f)`, as Adria-DX12's Bloom.hlsl does) is folded to a constant.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print ir %s | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print spirv %s | FileCheck %s

Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Tex.SampleLevel(Samp, float2(0.4, 0.5), -1.0);
  Out[1] = Tex.SampleGrad(Samp, float2(0.5, 0.5), float2(1, 0), float2(0, 1), int2(1, -1));
  Out[2] = Tex.SampleCmpLevelZero(Cmp, float2(0.5, 0.5), 0.25);
  Out[3] = Tex.SampleLevel(Samp, float2(0.5, 0.5), 0, int2(-1.0f, 2.0f));
}

// IR: hlsl.resource_sample({{.*}}, flags: lod, {{.*}})
// IR: hlsl.resource_sample({{.*}}, flags: grad|offset, {{.*}})
// IR: hlsl.resource_sample({{.*}}, flags: lod|cmp, {{.*}})

// CHECK: [[OFFSET:%[0-9A-Za-z_]+]] = OpConstantComposite %v2int %int_n1 %int_2
// CHECK: OpSampledImage
// CHECK-NEXT: OpImageSampleExplicitLod %v4float {{%[0-9A-Za-z_]+}} {{%[0-9A-Za-z_]+}} Lod {{%[0-9A-Za-z_]+}}
// CHECK: OpImageSampleExplicitLod %v4float {{.*}} Grad|ConstOffset
// CHECK: OpImageSampleDrefExplicitLod %float {{.*}} Lod %float_0
// CHECK: OpImageSampleExplicitLod %v4float {{.*}} Lod|ConstOffset %float_0 [[OFFSET]]
