// SV_RenderTargetArrayIndex / SV_ViewportArrayIndex written by a vertex shader are the Layer and
// ViewportIndex builtins: before Vulkan 1.2 with SPV_EXT_shader_viewport_index_layer and
// ShaderViewportIndexLayerEXT, from 1.2 with ShaderLayer/ShaderViewportIndex. Read by a pixel
// shader they are Flat inputs needing Geometry and MultiViewport. As VS inputs they are ordinary.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv -Fo %t.vs.spv %s 2>&1 | FileCheck %s --check-prefix=VS10 --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.vs.spv
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv -fspv-target-env=vulkan1.2 --print spirv -Fo %t.vs12.spv %s 2>&1 | FileCheck %s --check-prefix=VS12 --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.2 %t.vs12.spv
// RUN: %shaderlens compile -T ps_6_0 -E ps -spirv --print spirv -Fo %t.ps.spv %s 2>&1 | FileCheck %s --check-prefix=PS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.ps.spv
struct VOut {
  float4 pos : SV_Position;
  uint layer : SV_RenderTargetArrayIndex;
  uint viewport : SV_ViewportArrayIndex;
};

VOut main(float4 p : POSITION, uint slice : SV_RenderTargetArrayIndex) {
  VOut o;
  o.pos = p;
  o.layer = slice;
  o.viewport = slice + 1;
  return o;
}

float4 ps(uint layer : SV_RenderTargetArrayIndex, uint viewport : SV_ViewportArrayIndex) : SV_Target {
  return float4(layer, viewport, 0, 1);
}
// VS10-DAG: OpCapability ShaderViewportIndexLayerEXT
// VS10-DAG: OpExtension "SPV_EXT_shader_viewport_index_layer"
// VS10-NOT: OpCapability Geometry
// VS10-NOT: OpCapability MultiViewport
// VS10-DAG: OpDecorate %gl_Layer BuiltIn Layer
// VS10-DAG: OpDecorate %gl_ViewportIndex BuiltIn ViewportIndex
// VS10-DAG: OpDecorate %gl_Layer Flat
// VS10-DAG: OpDecorate %in_var_POSITION Location 0
// VS10-DAG: OpDecorate %in_var_SV_RenderTargetArrayIndex Location 1
// VS10-DAG: %gl_Layer = OpVariable %_ptr_Output_uint Output
// VS12-DAG: OpCapability ShaderLayer
// VS12-DAG: OpCapability ShaderViewportIndex
// VS12-NOT: OpExtension
// PS-DAG: OpCapability Geometry
// PS-DAG: OpCapability MultiViewport
// PS-DAG: OpDecorate %gl_Layer BuiltIn Layer
// PS-DAG: OpDecorate %gl_Layer Flat
// PS-DAG: OpDecorate %gl_ViewportIndex BuiltIn ViewportIndex
// PS-DAG: OpDecorate %gl_ViewportIndex Flat
// PS-DAG: %gl_Layer = OpVariable %_ptr_Input_uint Input
