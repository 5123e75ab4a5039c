// SM 6.6 implicit derivatives in a compute shader (DXC: tools/clang/test/CodeGenSPIRV/
// texture.sample.compute.quad.hlsl, ddx.compute.khr.hlsl, texture.calculate.lod.compute.*.hlsl):
// Sample/SampleBias/SampleCmp stay *ImplicitLod, CalculateLevelOfDetail(Unclamped) is
// OpImageQueryLod (component 0 / 1), ddx/ddy/fwidth are OpDPdx/OpDPdy/OpFwidth, and the entry gets
// DerivativeGroupQuads (X and Y even) or DerivativeGroupLinear (X % 4 == 0, Y == Z == 1). The
// module passes spirv-val in process (the compile fails otherwise).
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -D LINEAR --print spirv %s | FileCheck %s --check-prefix=LINEAR
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
SamplerComparisonState SC : register(s1);
RWStructuredBuffer<float4> O : register(u0);

float slope(float x) { return ddx_fine(x) + ddy_coarse(x); }

#ifdef LINEAR
[numthreads(16, 1, 1)]
#else
[numthreads(8, 8, 1)]
#endif
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  float2 uv = id.xy / 16.0;
  float4 r = T.Sample(S, uv);
  r += T.SampleBias(S, uv, 0.5);
  r += T.SampleCmp(SC, uv, 0.5);
  r.x += T.CalculateLevelOfDetail(S, uv);
  r.y += T.CalculateLevelOfDetailUnclamped(S, uv);
  r.zw += ddx(uv) + ddy(uv) + fwidth(uv);
  r.x += slope(uv.x);
  O[gi] = r;
}

// CHECK-DAG: OpCapability ImageQuery
// CHECK-DAG: OpCapability DerivativeControl
// CHECK-DAG: OpCapability ComputeDerivativeGroupQuadsNV
// CHECK-DAG: OpExtension "SPV_NV_compute_shader_derivatives"
// CHECK: OpEntryPoint GLCompute %main "main"
// CHECK-NEXT: OpExecutionMode %main LocalSize 8 8 1
// CHECK-NEXT: OpExecutionMode %main DerivativeGroupQuadsNV
// CHECK: [[SI:%[0-9]+]] = OpSampledImage
// CHECK-NEXT: OpImageSampleImplicitLod %v4float [[SI]]
// CHECK: OpImageSampleImplicitLod %v4float %{{[0-9]+}} %{{[0-9]+}} Bias %float_0_5
// CHECK: OpImageSampleDrefImplicitLod %float %{{[0-9]+}} %{{[0-9]+}} %float_0_5
// CHECK: [[LOD:%[0-9]+]] = OpImageQueryLod %v2float
// CHECK-NEXT: OpCompositeExtract %float [[LOD]] 0
// CHECK: [[ULOD:%[0-9]+]] = OpImageQueryLod %v2float
// CHECK-NEXT: OpCompositeExtract %float [[ULOD]] 1
// CHECK: OpDPdx %v2float
// CHECK: OpDPdy %v2float
// CHECK: OpFwidth %v2float
// CHECK: OpDPdxFine %float
// CHECK: OpDPdyCoarse %float

// LINEAR: OpCapability ComputeDerivativeGroupLinearNV
// LINEAR-NOT: ComputeDerivativeGroupQuads
// LINEAR: OpExecutionMode %main LocalSize 16 1 1
// LINEAR-NEXT: OpExecutionMode %main DerivativeGroupLinearNV
