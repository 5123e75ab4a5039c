// The seed 0047 interpolation example: nointerpolation on the parameter reaches COLOR0/COLOR1
// (Constant: they share row 0), the inner linear keeps TEXCOORD0 in its own row, integers and
// SV_IsFrontFace are Constant, and usage masks follow the components read.
// RUN: %shaderlens compile -T ps_6_0 -E ps_main --print signatures %s | FileCheck %s
struct Material {
  float3 albedo : COLOR0;
  nointerpolation float gloss : COLOR1;
  linear float2 uv : TEXCOORD0;
};
float4 ps_main(nointerpolation Material m, uint id : ID, float4 pos : SV_Position, bool ff : SV_IsFrontFace,
               uint si : SV_SampleIndex) : SV_Target {
  return float4(m.albedo, m.gloss) + m.uv.y + id + pos.x + (ff ? 1 : 0) + si;
}
// CHECK: ; Input signature:
// CHECK: ; COLOR                    0   xyz         0     NONE   float   xyz
// CHECK: ; COLOR                    1      w        0     NONE   float      w
// CHECK: ; TEXCOORD                 0   xy          1     NONE   float    y
// CHECK: ; ID                       0   x           2     NONE    uint   x
// CHECK: ; SV_IsFrontFace           0    y          2    FFACE    uint    y
// CHECK: ; SV_Position              0   xyzw        3      POS   float   x
// CHECK: ; SV_SampleIndex           0    N/A  special   SAMPLE    uint    YES
// CHECK: ; Output signature:
// CHECK: ; SV_Target                0   xyzw        0   TARGET   float   xyzw
