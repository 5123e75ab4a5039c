// [[vk::location(N)]] on parameters, fields and the function (return value): when every
// non-builtin variable of a direction has one, those numbers are used (builtins need none);
// inputs and outputs are numbered independently.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv -Fo %t.spv %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.spv
// RUN: %shaderlens compile -T ps_6_0 -E ps -spirv --print spirv -Fo %t.ps.spv %s 2>&1 | FileCheck %s --check-prefix=PS --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.ps.spv
struct Leaf { [[vk::location(7)]] float2 uv : UV; };
struct In {
  [[vk::location(3)]] float4x2 m : MAT;
  Leaf leaf;
};
struct Out {
  float4 pos : SV_Position;
  [[vk::location(2)]] float4 color : COLOR;
};

[[vk::location(9)]]
float main([[vk::location(0)]] float4 p : POSITION, In i, out Out o) : RESULT {
  o.pos = p;
  o.color = float4(i.leaf.uv, i.m[0]);
  return 1;
}

[[vk::location(1)]]
float4 ps([[vk::location(2)]] float4 color : COLOR, float4 pos : SV_Position) : SV_Target0 {
  return color * pos.w;
}
// CHECK-DAG: OpDecorate %in_var_POSITION Location 0
// CHECK-DAG: OpDecorate %in_var_MAT Location 3
// CHECK-DAG: OpDecorate %in_var_UV Location 7
// CHECK-DAG: OpDecorate %out_var_RESULT Location 9
// CHECK-DAG: OpDecorate %out_var_COLOR Location 2
// CHECK-NOT: OpDecorate %gl_Position Location
// PS-DAG: OpDecorate %in_var_COLOR Location 2
// PS-DAG: OpDecorate %out_var_SV_Target0 Location 1
