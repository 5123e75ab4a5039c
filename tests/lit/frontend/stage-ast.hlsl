// Vertex/pixel entry points in the AST: the entry's stage, and interpolation keywords on the
// return value, parameters and fields.
// RUN: %shaderlens compile -T ps_6_0 -E main --print ast %s | FileCheck %s
// RUN: %shaderlens compile -T lib_6_3 --print ast %s | FileCheck %s --check-prefix=LIB
struct V { float4 pos : SV_Position; nointerpolation uint id : ID; };
nointerpolation float4 main(centroid float2 uv : TEXCOORD0, V v) : SV_Target { return uv.x + v.id; }
[shader("vertex")] float4 vs(float4 p : POSITION) : SV_Position { return p; }
// CHECK: Field id 'uint' nointerpolation : ID
// CHECK: Function main 'float4 (float2, V)' entry pixel nointerpolation : SV_Target
// CHECK: Param uv 'float2' in centroid : TEXCOORD0
// CHECK: Function vs 'float4 (float4)' : SV_Position [shader("vertex")]
// LIB: Function main 'float4 (float2, V)' nointerpolation : SV_Target
// LIB: Function vs 'float4 (float4)' entry vertex : SV_Position [shader("vertex")]
