// SV_ShadingRate: ShadingRateKHR read by a pixel shader, PrimitiveShadingRateKHR written by a
// vertex shader (FragmentShadingRateKHR, SPV_KHR_fragment_shading_rate). SV_ViewID: ViewIndex
// (MultiView; SPV_KHR_multiview before SPIR-V 1.3). Integer builtins are Flat.
// RUN: %shaderlens compile -T ps_6_4 -E ps -spirv --print spirv -Fo %t.ps.spv %s 2>&1 | FileCheck %s --check-prefix=PS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.ps.spv
// RUN: %shaderlens compile -T vs_6_4 -E vs -spirv --print spirv -Fo %t.vs.spv %s 2>&1 | FileCheck %s --check-prefix=VS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.vs.spv
float4 ps(uint rate : SV_ShadingRate, uint view : SV_ViewID) : SV_Target { return float4(rate, view, 0, 1); }
struct VOut { float4 pos : SV_Position; uint rate : SV_ShadingRate; };
VOut vs(float4 p : POSITION, uint view : SV_ViewID) {
  VOut o;
  o.pos = p + view;
  o.rate = 5;
  return o;
}
// PS-DAG: OpCapability FragmentShadingRateKHR
// PS-DAG: OpCapability MultiView
// PS-DAG: OpExtension "SPV_KHR_fragment_shading_rate"
// PS-DAG: OpExtension "SPV_KHR_multiview"
// PS-DAG: OpDecorate %gl_ShadingRateEXT BuiltIn ShadingRateKHR
// PS-DAG: OpDecorate %gl_ShadingRateEXT Flat
// PS-DAG: OpDecorate %gl_ViewIndex BuiltIn ViewIndex
// PS-DAG: OpDecorate %gl_ViewIndex Flat
// VS-DAG: OpDecorate %gl_PrimitiveShadingRateEXT BuiltIn PrimitiveShadingRateKHR
// VS-DAG: OpDecorate %gl_ViewIndex BuiltIn ViewIndex
// VS-DAG: %gl_PrimitiveShadingRateEXT = OpVariable %_ptr_Output_uint Output
