// A module our validator rejects fails the compile, as DXC fails a compile its validator
// rejects: the violations are errors at the instruction's HLSL location, no container is written;
// -Vd skips the validator. Today's real case is our own emitter's: a 64-bit typed buffer lowers to
// bufferLoad/bufferStore.i64, overloads DXIL does not have (DXC splits them into i32 pairs).
// RUN: not %shaderlens compile -T cs_6_6 -E main %s -Fo %t.o 2>&1 | FileCheck %s
// RUN: not %shaderlens compile -T cs_6_6 -E main --print dxil.validate %s 2>/dev/null | FileCheck %s --check-prefix=TEXT
// RUN: %shaderlens compile -T cs_6_6 -E main -Vd %s -Fo %t.vd.o

RWBuffer<uint64_t> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = Out[id.x] + 1;
}

// CHECK: validate-rejects.hlsl:13:19: error: internal error: DXIL validation: Instr.Oload: dxil intrinsic overload must be valid: BufferLoad has overloads f16,f32,i16,i32, not 'i64'
// CHECK: validate-rejects.hlsl:13:7: error: internal error: DXIL validation: Instr.Oload: dxil intrinsic overload must be valid: BufferStore has overloads f16,f32,i16,i32, not 'i64'

// TEXT:      metadata    ok
// TEXT-NEXT: ops         2 violations
// TEXT-NEXT: signatures  ok
// TEXT-NEXT: error: ops: Instr.Oload: {{.*}}BufferLoad{{.*}}(
// TEXT-NEXT: error: ops: Instr.Oload: {{.*}}BufferStore{{.*}}(
