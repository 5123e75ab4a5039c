// -fvk-stage-io-order=alpha numbers Locations in the order of the semantic strings (stable);
// the default (decl) keeps declaration order. Builtins take none either way.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv -fvk-stage-io-order=alpha --print spirv -Fo %t.spv %s 2>&1 | FileCheck %s --check-prefix=ALPHA --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.spv
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv %s 2>&1 | FileCheck %s --check-prefix=DECL
struct VOut { float4 pos : SV_Position; float4 z : ZETA; float2 a : ALPHA; };
VOut main(float4 n : NORMAL, float2 c : COLOR, float4x2 b : BETA) {
  VOut o;
  o.pos = n + c.xyxy + b[0].xyxy;
  o.z = n;
  o.a = c;
  return o;
}
// ALPHA-DAG: OpDecorate %in_var_BETA Location 0
// ALPHA-DAG: OpDecorate %in_var_COLOR Location 4
// ALPHA-DAG: OpDecorate %in_var_NORMAL Location 5
// ALPHA-DAG: OpDecorate %out_var_ALPHA Location 0
// ALPHA-DAG: OpDecorate %out_var_ZETA Location 1
// DECL-DAG: OpDecorate %in_var_NORMAL Location 0
// DECL-DAG: OpDecorate %in_var_COLOR Location 1
// DECL-DAG: OpDecorate %in_var_BETA Location 2
// DECL-DAG: OpDecorate %out_var_ZETA Location 0
// DECL-DAG: OpDecorate %out_var_ALPHA Location 1
