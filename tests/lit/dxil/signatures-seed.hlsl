// Seed 0047's example: the PS input signature with SV_Position interpolated linear
// noperspective (mode 4, rule 2 wins over the example) and usage masks from real reads: uv1 is
// read as .xyz only, so TEXCOORD1 is used xyz (0x7) while pos and uv0 are used xyzw (0xF).
// RUN: %shaderlens compile -T ps_6_0 -E ps_main --print signatures %s | FileCheck %s --check-prefix=PS
// RUN: %shaderlens compile -T vs_6_0 -E vs_main --print signatures %s | FileCheck %s --check-prefix=VS
float4 vs_main(float4 pos   : POSITION,
               float4 uv[2] : TEXCOORD0) : SV_Position {
  return pos + uv[0] + uv[1];
}

struct PSOut {
  float4 color : SV_Target0;
  float4 extra : SV_Target1;
};

PSOut ps_main(float4 pos : SV_Position,
              float4 uv0 : TEXCOORD0,
              float4 uv1 : TEXCOORD1) {
  PSOut o;
  o.color = pos + uv0;
  o.extra = float4(uv1.xyz, 1);
  return o;
}
// PS: ; Input signature:
// PS: ; SV_Position              0   xyzw        0      POS   float   xyzw
// PS: ; TEXCOORD                 0   xyzw        1     NONE   float   xyzw
// PS: ; TEXCOORD                 1   xyzw        2     NONE   float   xyz{{ *$}}
// PS: ; Output signature:
// PS: ; SV_Target                0   xyzw        0   TARGET   float   xyzw
// PS: ; SV_Target                1   xyzw        1   TARGET   float   xyzw

// VS: ; Input signature:
// VS: ; POSITION                 0   xyzw        0     NONE   float   xyzw
// VS: ; TEXCOORD                 0   xyzw        1     NONE   float   xyzw
// VS: ; TEXCOORD                 1   xyzw        2     NONE   float   xyzw
// VS: ; Output signature:
// VS: ; SV_Position              0   xyzw        0      POS   float   xyzw
