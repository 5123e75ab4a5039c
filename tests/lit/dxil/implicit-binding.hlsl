// A resource without a register gets one implicit binding, however many times it is used.
// RUN: %shaderlens compile -T cs_6_4 -E main --print dxil %s | FileCheck %s
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
