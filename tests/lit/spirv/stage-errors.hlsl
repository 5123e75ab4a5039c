// Stage I/O and interpolation-modifier diagnostics are located.
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E main -spirv --print spirv %s 2>&1 | FileCheck %s
struct S { int i : I; };
float4 main(nointerpolation linear float4 a : A,
            nointerpolation float4 p : SV_Position,
            linear S s,
            float4 missing) : SV_Target {
  return a + p + s.i + missing;
}
// CHECK-DAG: stage-errors.hlsl:4:29: error:
// CHECK-DAG: stage-errors.hlsl:5:13: error:
// CHECK-DAG: stage-errors.hlsl:6:13: error:
// CHECK-DAG: stage-errors.hlsl:7:20: error: semantic must be defined
