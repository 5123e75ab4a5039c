// SV_Barycentrics is BaryCoordKHR, or BaryCoordNoPerspKHR with `noperspective` (both may appear,
// with semantic indices 0 and 1); centroid/sample stay decorations. SPV_KHR_fragment_shader_barycentric.
// RUN: %shaderlens compile -T ps_6_1 -E main -spirv --print spirv -Fo %t.spv %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.spv
float4 main(float3 bary : SV_Barycentrics0, noperspective centroid float3 flatBary : SV_Barycentrics1,
            float2 uv : TEXCOORD) : SV_Target {
  return float4(bary * flatBary.x, uv.x);
}
// CHECK-DAG: OpCapability FragmentBarycentricKHR
// CHECK-DAG: OpExtension "SPV_KHR_fragment_shader_barycentric"
// CHECK-NOT: SPV_NV_fragment_shader_barycentric
// CHECK-DAG: OpDecorate %gl_BaryCoordEXT BuiltIn BaryCoordKHR
// CHECK-DAG: OpDecorate %gl_BaryCoordNoPerspEXT BuiltIn BaryCoordNoPerspKHR
// CHECK-DAG: OpDecorate %gl_BaryCoordNoPerspEXT Centroid
// CHECK-DAG: OpDecorate %in_var_TEXCOORD Location 0
// CHECK-DAG: %gl_BaryCoordEXT = OpVariable %_ptr_Input_v3float Input
