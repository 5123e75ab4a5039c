// CalculateLevelOfDetail(Unclamped) and Sample on descriptor-heap textures in a cs_6_6 compute
// shader: the heap legalizer lowers them like bound textures (OpImageQueryLod component 0 / 1,
// OpImageSampleImplicitLod), and the entry gets the derivative-group mode. Validated in process.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv %s | FileCheck %s
RWStructuredBuffer<float> O : register(u0);

[numthreads(2, 2, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  Texture2D<float4> t = ResourceDescriptorHeap[1];
  SamplerState s = SamplerDescriptorHeap[0];
  float2 uv = id.xy / 4.0;
  O[gi] = t.CalculateLevelOfDetail(s, uv) + t.CalculateLevelOfDetailUnclamped(s, uv) + t.Sample(s, uv).x;
}

// CHECK: OpCapability ComputeDerivativeGroupQuadsNV
// CHECK: OpExecutionMode %main DerivativeGroupQuadsNV
// CHECK: [[L:%[0-9]+]] = OpImageQueryLod %v2float
// CHECK-NEXT: OpCompositeExtract %float [[L]] 0
// CHECK: [[U:%[0-9]+]] = OpImageQueryLod %v2float
// CHECK-NEXT: OpCompositeExtract %float [[U]] 1
// CHECK: OpImageSampleImplicitLod %v4float
