// A module our validator rejects fails the compile, as DXC fails a compile its validator
// rejects: the violations are errors at the instruction's HLSL location, no container is written;
// -Vd skips the validator. The case: WaveMatch (dx.op 165, SM 6.5) at cs_6_0, which the front end
// lets through as DXC's does (DXC's validator reports the same Sm.Opcode rule).
// RUN: rm -f %t.o
// RUN: not %shaderlens compile -T cs_6_0 -E main %s -Fo %t.o 2>&1 | FileCheck %s
// RUN: not test -e %t.o
// RUN: not %shaderlens compile -T cs_6_0 -E main --print dxil.validate %s 2>/dev/null | FileCheck %s --check-prefix=TEXT
// RUN: %shaderlens compile -T cs_6_0 -E main -Vd %s -Fo %t.vd.o
// RUN: %shaderlens compile -T cs_6_5 -E main %s -Fo %t.65.o

RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = WaveMatch(id.x);
}

// CHECK: validate-rejects.hlsl:16:15: error: internal error: DXIL validation: Sm.Opcode: opcode WaveMatch not valid in shader model cs_6_0 (needs shader model 6.5)

// TEXT:      metadata    ok
// TEXT-NEXT: ops         1 violation
// TEXT-NEXT: signatures  ok
// TEXT-NEXT: error: ops: Sm.Opcode: opcode WaveMatch not valid in shader model cs_6_0 (needs shader model 6.5) ({{.*}}validate-rejects.hlsl:16:15)
