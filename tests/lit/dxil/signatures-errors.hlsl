// Signature problems are located diagnostics: a system value the stage cannot take as input.
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E main --print signatures %s 2>&1 | FileCheck %s
float4 main(float4 c : SV_Target0) : SV_Target0 {
  return c;
}
// CHECK: signatures-errors.hlsl:3:20: error:
