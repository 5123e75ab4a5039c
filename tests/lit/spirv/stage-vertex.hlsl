// Vertex shader stage I/O: Locations in declaration order (a float4x4 takes four), raw
// VertexIndex, Position as a stand-alone builtin, integer outputs Flat (hlsl-spirv.md §4).
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv %s | FileCheck %s
struct I { float3 pos : POSITION; float4x4 w : WORLD; float2 uv : TEXCOORD0; uint vid : SV_VertexID; };
struct O { float4 pos : SV_Position; float2 uv : TEXCOORD0; uint id : MATID; };
O main(I i) {
  O o;
  o.pos = mul(float4(i.pos, 1), i.w);
  o.uv = i.uv;
  o.id = i.vid;
  return o;
}
// CHECK: OpEntryPoint Vertex %main "main"
// CHECK-DAG: OpDecorate %gl_VertexIndex BuiltIn VertexIndex
// CHECK-DAG: OpDecorate %gl_Position BuiltIn Position
// CHECK-DAG: OpDecorate %in_var_POSITION Location 0
// CHECK-DAG: OpDecorate %in_var_WORLD Location 1
// CHECK-DAG: OpDecorate %in_var_TEXCOORD0 Location 5
// CHECK-DAG: OpDecorate %out_var_TEXCOORD0 Location 0
// CHECK-DAG: OpDecorate %out_var_MATID Location 1
// CHECK-DAG: OpDecorate %out_var_MATID Flat
