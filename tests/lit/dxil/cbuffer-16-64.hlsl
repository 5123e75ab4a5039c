// 16- and 64-bit constant buffer members through the DXIL back end, as DXC reads them: one
// cbufferLoadLegacy row per access, typed by the member (CBufRet.f64/.i64 hold 2 values, the
// native 16-bit CBufRet.f16.8/.i16.8 hold 8), the component at (offset % 16) / size; a member
// continuing in the next row (a double3) reads that row too.
// RUN: %shaderlens compile -T cs_6_6 -enable-16bit-types -E main --print dxil %s | FileCheck %s

cbuffer Constants : register(b0) {
  double d;      // offset 0
  float f;       // 8
  half2 h;       // 12
  uint64_t u;    // 16
  int16_t4 s;    // 24
  double3 t;     // 32: rows 2 and 3
}
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = float(d) + f + float(h.y) + float(u) + float(s.w) + float(t.z);
}

// CHECK-DAG: %dx.types.CBufRet.f64 = type { double, double }
// CHECK-DAG: %dx.types.CBufRet.f16.8 = type { half, half, half, half, half, half, half, half }
// CHECK-DAG: %dx.types.CBufRet.i64 = type { i64, i64 }
// CHECK-DAG: %dx.types.CBufRet.i16.8 = type { i16, i16, i16, i16, i16, i16, i16, i16 }
// CHECK: [[D:%[0-9]+]] = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %{{[0-9]+}}, i32 0)
// CHECK-NEXT: extractvalue %dx.types.CBufRet.f64 [[D]], 0
// CHECK: [[F:%[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %{{[0-9]+}}, i32 0)
// CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 [[F]], 2
// CHECK: [[H:%[0-9]+]] = call %dx.types.CBufRet.f16.8 @dx.op.cbufferLoadLegacy.f16(i32 59, %dx.types.Handle %{{[0-9]+}}, i32 0)
// CHECK-NEXT: extractvalue %dx.types.CBufRet.f16.8 [[H]], 7
// CHECK: [[U:%[0-9]+]] = call %dx.types.CBufRet.i64 @dx.op.cbufferLoadLegacy.i64(i32 59, %dx.types.Handle %{{[0-9]+}}, i32 1)
// CHECK-NEXT: extractvalue %dx.types.CBufRet.i64 [[U]], 0
// CHECK: [[S:%[0-9]+]] = call %dx.types.CBufRet.i16.8 @dx.op.cbufferLoadLegacy.i16(i32 59, %dx.types.Handle %{{[0-9]+}}, i32 1)
// CHECK-NEXT: extractvalue %dx.types.CBufRet.i16.8 [[S]], 7
// CHECK: call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %{{[0-9]+}}, i32 2)
// CHECK: [[T:%[0-9]+]] = call %dx.types.CBufRet.f64 @dx.op.cbufferLoadLegacy.f64(i32 59, %dx.types.Handle %{{[0-9]+}}, i32 3)
// CHECK-NEXT: extractvalue %dx.types.CBufRet.f64 [[T]], 0
