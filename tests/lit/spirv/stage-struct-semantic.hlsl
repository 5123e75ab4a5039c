// A semantic on a struct-typed parameter is accepted by the front end (the signature numbers the
// flattened rows) but the SPIR-V back end does not lower it yet: a located error, no output.
// RUN: %expect_exit 1 %shaderlens compile -T vs_6_0 -E main -spirv --print spirv %s 2>&1 | FileCheck %s
// RUN: %shaderlens compile -T vs_6_0 -E main --print signatures %s | FileCheck %s --check-prefix=SIG
struct Pair { float4 a : A; float4 b : B; };
float4 main(Pair p : PAIR) : SV_Position { return p.a + p.b; }
// CHECK: stage-struct-semantic.hlsl:6:18: error: a semantic on a struct-typed shader input is not supported by the SPIR-V back end yet
// SIG: ; PAIR                     0   xyzw        0     NONE   float   xyzw
// SIG: ; PAIR                     1   xyzw        1     NONE   float   xyzw
