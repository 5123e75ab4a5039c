// The dxil.validate stage: our own DXIL validator over the module the dxil stage prints. One
// line per rule group (ok or the number of violations), then the violations. At cs_6_0 the
// module takes createHandle and bufferLoad/Store (SM 6.6's handle ops and SM 6.2's raw buffer
// ops would be Sm.Opcode violations there).
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil.validate %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E main --print dxil.validate %s | FileCheck %s --check-prefix=SM60
// RUN: %shaderlens compile -T ps_6_6 -E psmain --print dxil.validate %s | FileCheck %s --check-prefix=PS
// RUN: %shaderlens compile -T cs_6_6 -E main -Vd --print dxil.validate %s | FileCheck %s --check-prefix=VD
// RUN: %shaderlens compile -T cs_6_6 --stages | FileCheck %s --check-prefix=STAGES

RWStructuredBuffer<float> Out : register(u0);
Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = sqrt(Out[id.x]);
}

float4 psmain(float2 uv : TEXCOORD0, float4 color : COLOR) : SV_Target {
  return Tex.Sample(Samp, uv) * color;
}

// CHECK:      ; DXIL validation (shaderlens' own rules, named as DXC's validator names them)
// CHECK-NEXT: ; shader model cs_6_6, entry main
// CHECK-NEXT: metadata    ok
// CHECK-NEXT: ops         ok
// CHECK-NEXT: signatures  ok
// CHECK-NOT:  {{.}}

// SM60:      ; shader model cs_6_0, entry main
// SM60-NEXT: metadata    ok
// SM60-NEXT: ops         ok
// SM60-NEXT: signatures  ok
// SM60-NOT:  {{.}}

// PS:      ; shader model ps_6_6, entry psmain
// PS-NEXT: metadata    ok
// PS-NEXT: ops         ok
// PS-NEXT: signatures  ok
// PS-NOT:  {{.}}

// VD: ; DXIL validation disabled (-Vd)

// STAGES:      dxil           DXIL after lowering: dx.op calls and metadata
// STAGES-NEXT: dxil.validate  our DXIL validator: DXC validator rules over the dxil module
// STAGES-NEXT: signatures
