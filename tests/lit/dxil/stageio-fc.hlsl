// -Fc for the DXIL target writes DXC's disassembly layout: the input and output signature tables
// as comments (Name/Index/Mask/Register/SysValue/Format/Used), then the module; entry points
// without signatures get DXC's "no parameters" blocks.
// RUN: %shaderlens compile -T ps_6_0 -E ps_main -Fc %t.ps.txt %s
// RUN: FileCheck %s --check-prefix=PS --input-file %t.ps.txt
// RUN: %shaderlens compile -T cs_6_6 -E cs_main -Fc %t.cs.txt %s
// RUN: FileCheck %s --check-prefix=CS --input-file %t.cs.txt
float4 ps_main(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target {
  return pos * uv.y;
}
RWStructuredBuffer<uint> buf : register(u0);
[numthreads(4, 1, 1)]
void cs_main(uint3 id : SV_DispatchThreadID) { buf[id.x] = id.x; }

// PS:      {{^}};{{$}}
// PS-NEXT: ; Input signature:
// PS-NEXT: ;
// PS-NEXT: ; Name                 Index   Mask Register SysValue  Format   Used
// PS-NEXT: ; -------------------- ----- ------ -------- -------- ------- ------
// PS-NEXT: ; SV_Position              0   xyzw        0      POS   float   xyzw
// PS-NEXT: ; TEXCOORD                 0   xy          1     NONE   float    y
// PS-NEXT: ;
// PS-NEXT: ;
// PS-NEXT: ; Output signature:
// PS-NEXT: ;
// PS-NEXT: ; Name                 Index   Mask Register SysValue  Format   Used
// PS-NEXT: ; -------------------- ----- ------ -------- -------- ------- ------
// PS-NEXT: ; SV_Target                0   xyzw        0   TARGET   float   xyzw
// PS-NEXT: ;
// PS-NEXT: ; ModuleID = 'shaderlens'
// PS: target triple = "dxil-pc-shadermodel6.0-pixel"
// PS: call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
// PS: !dx.entryPoints

// CS:      ; Input signature:
// CS:      ; no parameters
// CS-NEXT: ;
// CS-NEXT: ; Output signature:
// CS:      ; no parameters
// CS-NEXT: ; ModuleID = 'shaderlens'
// CS: target triple = "dxil-pc-shadermodel6.6-compute"
