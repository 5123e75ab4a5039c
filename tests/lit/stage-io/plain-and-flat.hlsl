// 64-bit float pixel shader inputs are Flat (Vulkan requires it; seed 0047 allows only
// nointerpolation on them). SV_ClipDistance/SV_CullDistance read by a vertex shader are ordinary
// Location inputs (DXC), not the builtin arrays.
// RUN: %shaderlens compile -T ps_6_0 -E ps -spirv --print spirv -Fo %t.ps.spv %s 2>&1 | FileCheck %s --check-prefix=PS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.ps.spv
// RUN: %shaderlens compile -T vs_6_0 -E vs -spirv --print spirv -Fo %t.vs.spv %s 2>&1 | FileCheck %s --check-prefix=VS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.vs.spv
float4 ps(float a : A, double2 d : D) : SV_Target { return a + (float)d.x; }
float4 vs(float4 p : POSITION, float2 clip : SV_ClipDistance0, float cull : SV_CullDistance) : SV_Position {
  return p + clip.x + cull;
}
// PS-DAG: OpDecorate %in_var_D Flat
// PS-DAG: OpDecorate %in_var_D Location 1
// PS-NOT: OpDecorate %in_var_A Flat
// VS-DAG: OpDecorate %in_var_SV_ClipDistance0 Location 1
// VS-DAG: OpDecorate %in_var_SV_CullDistance Location 2
// VS-NOT: BuiltIn ClipDistance
