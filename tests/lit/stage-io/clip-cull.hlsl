// All SV_ClipDistance (and SV_CullDistance) pieces of one direction share one float array, sorted
// by semantic index and packed tightly: float a : 0, float2 b : 2, float3 c : 5 take offsets 0, 1
// and 3 of a float[6] (DXC's GlPerVertex). Arrays count all their floats.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv -Fo %t.vs.spv %s 2>&1 | FileCheck %s --check-prefix=VS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.vs.spv
// RUN: %shaderlens compile -T ps_6_0 -E ps -spirv --print spirv -Fo %t.ps.spv %s 2>&1 | FileCheck %s --check-prefix=PS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.ps.spv
struct VOut {
  float4 pos : SV_Position;
  float3 c : SV_ClipDistance5;
  float a : SV_ClipDistance0;
  float2 cull[2] : SV_CullDistance1;
  float2 b : SV_ClipDistance2;
  float4 color : COLOR;
};

VOut main(float4 p : POSITION, out float cullLast : SV_CullDistance3) {
  VOut o;
  o.pos = p;
  o.a = 1;
  o.b = float2(2, 3);
  o.c = float3(4, 5, 6);
  o.cull[0] = float2(7, 8);
  o.cull[1] = float2(9, 10);
  o.color = p;
  cullLast = 11;
  return o;
}

float4 ps(float4 pos : SV_Position, float2 b : SV_ClipDistance2, float a : SV_ClipDistance0,
          float cull : SV_CullDistance0) : SV_Target {
  return float4(a, b, cull);
}
// VS-DAG: OpCapability ClipDistance
// VS-DAG: OpCapability CullDistance
// VS-DAG: OpDecorate %gl_ClipDistance BuiltIn ClipDistance
// VS-DAG: OpDecorate %gl_CullDistance BuiltIn CullDistance
// VS-DAG: OpDecorate %out_var_COLOR Location 0
// VS-DAG: %_arr_float_uint_6 = OpTypeArray %float %uint_6
// VS-DAG: %_arr_float_uint_5 = OpTypeArray %float %uint_5
// VS-DAG: %gl_ClipDistance = OpVariable %_ptr_Output__arr_float_uint_6 Output
// VS-DAG: %gl_CullDistance = OpVariable %_ptr_Output__arr_float_uint_5 Output
// c (index 5) starts at 3, a (index 0) at 0, cull[] (index 1) at 0 of the cull array, b at 1.
// VS: OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_3
// VS: OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_4
// VS: OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_5
// VS: OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_0
// VS: OpAccessChain %_ptr_Output_float %gl_CullDistance %uint_0
// VS: OpAccessChain %_ptr_Output_float %gl_CullDistance %uint_3
// VS: OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_1
// VS: OpAccessChain %_ptr_Output_float %gl_ClipDistance %uint_2
// VS: OpAccessChain %_ptr_Output_float %gl_CullDistance %uint_4
// PS-DAG: OpDecorate %gl_ClipDistanceIn BuiltIn ClipDistance
// PS-DAG: OpDecorate %gl_CullDistanceIn BuiltIn CullDistance
// PS-DAG: %gl_ClipDistanceIn = OpVariable %_ptr_Input__arr_float_uint_3 Input
// PS-DAG: %gl_CullDistanceIn = OpVariable %_ptr_Input__arr_float_uint_1 Input
// PS-NOT: OpDecorate %gl_ClipDistanceIn Location
// b (index 2) follows a (index 0): offsets 1 and 2.
// PS: OpAccessChain %_ptr_Input_float %gl_ClipDistanceIn %uint_1
// PS: OpAccessChain %_ptr_Input_float %gl_ClipDistanceIn %uint_2
// PS: OpAccessChain %_ptr_Input_float %gl_ClipDistanceIn %uint_0
