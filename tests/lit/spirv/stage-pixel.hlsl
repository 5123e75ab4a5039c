// Pixel shader stage I/O: FragCoord, SV_Target N at Location N, interpolation decorations,
// OriginUpperLeft, implicit-LOD Sample, derivatives and discard (OpKill before vulkan1.3).
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv -fspv-target-env=vulkan1.1 --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s --check-prefix=DEMOTE
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
float4 main(float4 p : SV_Position, float2 uv : TEXCOORD1, centroid float3 n : NORMAL,
            nointerpolation uint k : KONST, noperspective float s : SMP) : SV_Target1 {
  if (p.x < 0) discard;
  clip(s);
  return Tex.Sample(Samp, uv + ddx(uv)) + float4(n, k) * fwidth(s);
}
// CHECK: OpEntryPoint Fragment %main "main"
// CHECK: OpExecutionMode %main OriginUpperLeft
// CHECK-DAG: OpDecorate %gl_FragCoord BuiltIn FragCoord
// CHECK-DAG: OpDecorate %in_var_TEXCOORD1 Location 0
// CHECK-DAG: OpDecorate %in_var_NORMAL Location 1
// CHECK-DAG: OpDecorate %in_var_NORMAL Centroid
// CHECK-DAG: OpDecorate %in_var_KONST Flat
// CHECK-DAG: OpDecorate %in_var_SMP NoPerspective
// CHECK-DAG: OpDecorate %out_var_SV_Target1 Location 1
// CHECK: OpKill
// CHECK: OpImageSampleImplicitLod
// DEMOTE: OpDemoteToHelperInvocation
// DEMOTE-NOT: OpKill
