// [[vk::location(0), vk::index(I)]] on the two pixel outputs of dual-source blending: Location 0
// with Index 0 and 1 (all outputs explicit); misuse is a located error with DXC's messages.
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv --print spirv -Fo %t.spv %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.spv
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E bad -spirv %s 2>&1 | FileCheck %s --check-prefix=BAD
struct Out {
  [[vk::location(0), vk::index(0)]] float4 a : SV_Target0;
  [[vk::location(0), vk::index(1)]] float4 b : SV_Target1;
};
Out main(float4 c : COLOR) {
  Out o;
  o.a = c;
  o.b = 1 - c;
  return o;
}
struct BadOut {
  [[vk::location(1), vk::index(0)]] float4 a : SV_Target0;
  [[vk::location(0), vk::index(2)]] float4 b : SV_Target1;
  [[vk::index(1)]] float4 c : SV_Target2;
};
BadOut bad() { return (BadOut)0; }
// CHECK-DAG: OpDecorate %out_var_SV_Target0 Location 0
// CHECK-DAG: OpDecorate %out_var_SV_Target0 Index 0
// CHECK-DAG: OpDecorate %out_var_SV_Target1 Location 0
// CHECK-DAG: OpDecorate %out_var_SV_Target1 Index 1
// CHECK-DAG: OpDecorate %in_var_COLOR Location 0
// BAD-DAG: dual-source.hlsl:17:5: error: dual-source blending should use vk::location 0
// BAD-DAG: dual-source.hlsl:18:22: error: dual-source blending only accepts 0 or 1 as vk::index
// BAD-DAG: dual-source.hlsl:19:5: error: vk::index should be used together with vk::location for dual-source blending
