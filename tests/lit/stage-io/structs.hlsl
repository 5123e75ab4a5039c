// Struct stage I/O flattened as DXC: base class first, then fields, nested structs depth-first;
// Locations in creation order, a float4x3 taking 4, a float2[3] taking 3, a double4 taking 2.
// A semantic on a struct-typed declaration replaces its fields' semantics: the leaves are named
// SEM, SEM1, SEM2, ... (index 0 keeps the spelling), with a warning for each overridden one.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv -Fo %t.spv %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.spv
struct Base { float4 basePos : BASEPOS; };
struct Inner { float2 uvs[3] : UVS; uint id : ID; };
struct VIn : Base {
  float4x3 world : WORLD;
  Inner inner;
  double4 precise : PRECISE;
  float w : WEIGHT;
};
struct Pair { float4 a : A; float4 b; };
struct VOut { float4 pos : SV_Position; Pair pair : PAIR; float2 uvs[3] : UVS; };

VOut main(VIn i, float extra : EXTRA) {
  VOut o;
  o.pos = i.basePos + float4(mul(float4(i.inner.uvs[1], 0, 1), i.world), (float)i.precise.x);
  o.pair.a = i.w + extra;
  o.pair.b = i.inner.id;
  o.uvs = i.inner.uvs;
  return o;
}
// CHECK-DAG: structs.hlsl:15:22: warning: internal semantic 'A' overridden by enclosing semantic 'PAIR'
// CHECK-DAG: OpDecorate %in_var_BASEPOS Location 0
// CHECK-DAG: OpDecorate %in_var_WORLD Location 1
// CHECK-DAG: OpDecorate %in_var_UVS Location 5
// CHECK-DAG: OpDecorate %in_var_ID Location 8
// CHECK-DAG: OpDecorate %in_var_PRECISE Location 9
// CHECK-DAG: OpDecorate %in_var_WEIGHT Location 11
// CHECK-DAG: OpDecorate %in_var_EXTRA Location 12
// CHECK-DAG: OpDecorate %out_var_PAIR Location 0
// CHECK-DAG: OpDecorate %out_var_PAIR1 Location 1
// CHECK-DAG: OpDecorate %out_var_UVS Location 2
// CHECK-DAG: %in_var_WORLD = OpVariable %_ptr_Input_mat4v3float Input
// CHECK-DAG: %in_var_UVS = OpVariable %_ptr_Input__arr_v2float_uint_3 Input
