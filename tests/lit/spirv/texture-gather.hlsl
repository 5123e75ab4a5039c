// Gather* pick the component (a constant id); GatherCmp is OpImageDrefGather; a variable offset
// is allowed only here and needs ImageGatherExtended.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print spirv %s | FileCheck %s

Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = Tex.GatherBlue(Samp, float2(0.5, 0.5));
  Out[1] = Tex.GatherCmp(Cmp, float2(0.5, 0.5), 0.5, int2(0, -1));
  Out[2] = Tex.Gather(Samp, float2(0.5, 0.5), int2(id.xy));
}

// CHECK: OpCapability ImageGatherExtended
// CHECK: OpImageGather %v4float {{%[0-9A-Za-z_]+}} {{%[0-9A-Za-z_]+}} %uint_2
// CHECK: OpImageDrefGather %v4float {{.*}} ConstOffset
// CHECK: OpImageGather %v4float {{.*}} %uint_0 Offset
