// A resource without a register gets one implicit binding, however many times it is used; the
// handle names it by its register range (SM 6.6: createHandleFromBinding's ResBind) or, before
// 6.6, by its dx.resources range id and absolute register (createHandle, no annotateHandle).
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_4 -E main --print dxil %s | FileCheck %s --check-prefix=SM64
RWByteAddressBuffer Buf;
RWByteAddressBuffer Other;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v = Buf.Load(0);
  Buf.Store(4, v + Other.Load(0));
  Buf.Store(8, v);
}
// CHECK-DAG: createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }
// CHECK-DAG: createHandleFromBinding(i32 217, %dx.types.ResBind { i32 1, i32 1, i32 0, i8 1 }
// CHECK-NOT: ResBind { i32 2,

// SM64-NOT: createHandleFromBinding
// SM64-NOT: annotateHandle
// SM64-DAG: @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
// SM64-DAG: @dx.op.createHandle(i32 57, i8 1, i32 1, i32 1, i1 false)
// SM64-NOT: @dx.op.createHandle(i32 57, i8 1, i32 2,
// SM64-DAG: !{i32 0, ptr undef, !"Buf{{[^"]*}}", i32 0, i32 0, i32 1, i32 11,
// SM64-DAG: !{i32 1, ptr undef, !"Other{{[^"]*}}", i32 0, i32 1, i32 1, i32 11,
