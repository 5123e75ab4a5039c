// A semantic on a struct-typed parameter replaces its fields' semantics. The signature numbers the
// flattened rows (PAIR0, PAIR1); the SPIR-V back end names the leaves as DXC does (index 0 keeps
// the spelling: PAIR, then PAIR1) and warns about each overridden field semantic.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv -Fo %t.spv %s 2>&1 | FileCheck %s
// RUN: spirv-val --target-env vulkan1.0 %t.spv
// RUN: %shaderlens compile -T vs_6_0 -E main --print signatures %s | FileCheck %s --check-prefix=SIG
struct Pair { float4 a : A; float4 b : B; };
float4 main(Pair p : PAIR) : SV_Position { return p.a + p.b; }
// CHECK-DAG: stage-struct-semantic.hlsl:7:22: warning: internal semantic 'A' overridden by enclosing semantic 'PAIR'
// CHECK-DAG: stage-struct-semantic.hlsl:7:36: warning: internal semantic 'B' overridden by enclosing semantic 'PAIR'
// CHECK-DAG: OpDecorate %in_var_PAIR Location 0
// CHECK-DAG: OpDecorate %in_var_PAIR1 Location 1
// SIG: ; PAIR                     0   xyzw        0     NONE   float   xyzw
// SIG: ; PAIR                     1   xyzw        1     NONE   float   xyzw
