// [[vk::builtin("X")]] maps a declaration straight to a SPIR-V builtin: PointSize (VS output),
// BaseVertex/BaseInstance/DrawIndex (VS inputs, DrawParameters), HelperInvocation (PS input,
// Volatile from Vulkan 1.3); misuse is a located error with DXC's messages.
// RUN: %shaderlens compile -T vs_6_0 -E vs -spirv --print spirv -Fo %t.vs.spv %s 2>&1 | FileCheck %s --check-prefix=VS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.vs.spv
// RUN: %shaderlens compile -T ps_6_0 -E ps -spirv -fspv-target-env=vulkan1.3 --print spirv -Fo %t.ps.spv %s 2>&1 | FileCheck %s --check-prefix=PS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.3 %t.ps.spv
// RUN: %expect_exit 1 %shaderlens compile -T vs_6_0 -E bad -spirv %s 2>&1 | FileCheck %s --check-prefix=BAD
struct VOut {
  float4 pos : SV_Position;
  [[vk::builtin("PointSize")]] float size : PSIZE;
};
VOut vs(float4 p : POSITION, [[vk::builtin("BaseVertex")]] int base : BASE,
        [[vk::builtin("DrawIndex")]] uint draw : DRAW) {
  VOut o;
  o.pos = p + base + draw;
  o.size = 2;
  return o;
}
float4 ps([[vk::builtin("HelperInvocation")]] bool helper : HELPER) : SV_Target { return helper ? 0 : 1; }
float4 bad([[vk::builtin("BaseInstance")]] float b : B, [[vk::builtin("Bogus")]] int c : C) : SV_Position { return b + c; }
// VS-DAG: OpCapability DrawParameters
// VS-DAG: OpExtension "SPV_KHR_shader_draw_parameters"
// VS-DAG: OpDecorate %gl_PointSize BuiltIn PointSize
// VS-DAG: OpDecorate %gl_BaseVertex BuiltIn BaseVertex
// VS-DAG: OpDecorate %gl_DrawID BuiltIn DrawIndex
// VS-DAG: OpDecorate %in_var_POSITION Location 0
// VS-NOT: OpDecorate %gl_PointSize Location
// PS-DAG: OpDecorate %gl_HelperInvocation BuiltIn HelperInvocation
// PS-DAG: OpDecorate %gl_HelperInvocation Volatile
// BAD-DAG: vk-builtin.hlsl:21:14: error: BaseInstance builtin must be of 32-bit scalar integer type
// BAD-DAG: vk-builtin.hlsl:21:59: error: unknown or unsupported vk::builtin 'Bogus'
