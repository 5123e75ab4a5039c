// Pixel shader system values: SV_Target arrays (one Location per element), SV_DepthGreaterEqual
// (FragDepth + DepthReplacing + DepthGreater), SV_StencilRef (FragStencilRefEXT), SV_Coverage in
// and out (SampleMask uint[1]), SV_SampleIndex (SampleId, SampleRateShading), SV_IsFrontFace
// (bool FrontFacing), SV_PrimitiveID (PrimitiveId, Geometry); integer builtins are Flat.
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv --print spirv -Fo %t.spv %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.spv
// RUN: %shaderlens compile -T ps_6_0 -E less -spirv --print spirv -Fo %t.less.spv %s 2>&1 | FileCheck %s --check-prefix=LESS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.less.spv
struct POut {
  float4 colors[2] : SV_Target1;
  float4 first : SV_Target0;
  float depth : SV_DepthGreaterEqual;
  uint stencil : SV_StencilRef;
  uint mask : SV_Coverage;
};

POut main(float4 pos : SV_Position, uint sampleIndex : SV_SampleIndex, bool front : SV_IsFrontFace,
          uint prim : SV_PrimitiveID, uint coverage : SV_Coverage, float2 uv : TEXCOORD3) {
  POut o;
  o.colors[0] = pos;
  o.colors[1] = float4(uv, sampleIndex, prim);
  o.first = front ? 1 : 0;
  o.depth = pos.z + 0.5;
  o.stencil = prim;
  o.mask = coverage & 1;
  return o;
}

float4 less(float4 pos : SV_Position, out float depth : SV_DepthLessEqual) : SV_Target {
  depth = pos.z * 0.5;
  return pos;
}
// CHECK-DAG: OpCapability SampleRateShading
// CHECK-DAG: OpCapability Geometry
// CHECK-DAG: OpCapability StencilExportEXT
// CHECK-DAG: OpExtension "SPV_EXT_shader_stencil_export"
// CHECK-DAG: OpExecutionMode %main OriginUpperLeft
// CHECK-DAG: OpExecutionMode %main DepthReplacing
// CHECK-DAG: OpExecutionMode %main DepthGreater
// CHECK-DAG: OpDecorate %gl_SampleID BuiltIn SampleId
// CHECK-DAG: OpDecorate %gl_SampleID Flat
// CHECK-DAG: OpDecorate %gl_FrontFacing BuiltIn FrontFacing
// CHECK-DAG: OpDecorate %gl_PrimitiveID BuiltIn PrimitiveId
// CHECK-DAG: OpDecorate %gl_PrimitiveID Flat
// CHECK-DAG: OpDecorate %gl_SampleMaskIn BuiltIn SampleMask
// CHECK-DAG: OpDecorate %in_var_TEXCOORD3 Location 0
// CHECK-DAG: OpDecorate %out_var_SV_Target1 Location 1
// CHECK-DAG: OpDecorate %out_var_SV_Target0 Location 0
// CHECK-DAG: OpDecorate %gl_FragDepth BuiltIn FragDepth
// CHECK-DAG: OpDecorate %gl_FragStencilRefARB BuiltIn FragStencilRefEXT
// CHECK-DAG: OpDecorate %gl_SampleMask BuiltIn SampleMask
// CHECK-DAG: %gl_FrontFacing = OpVariable %_ptr_Input_bool Input
// CHECK-DAG: %gl_SampleMaskIn = OpVariable %_ptr_Input__arr_uint_uint_1 Input
// CHECK-DAG: %out_var_SV_Target1 = OpVariable %_ptr_Output__arr_v4float_uint_2 Output
// LESS-DAG: OpExecutionMode %less DepthReplacing
// LESS-DAG: OpExecutionMode %less DepthLess
// LESS-DAG: OpDecorate %gl_FragDepth BuiltIn FragDepth
