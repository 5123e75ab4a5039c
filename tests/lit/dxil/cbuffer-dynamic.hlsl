// Constant buffer arrays indexed at run time through the DXIL back end: the row is the byte
// offset / 16 (each element of a legacy-layout array starts a row), the component the offset's
// place within the row, read with cbufferLoadLegacy as for constant indices.
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s

cbuffer Constants : register(b0) {
  float4 Colors[4];   // rows 0-3
  float Weights[3];   // rows 4-6, one float per row
  uint Index;         // row 6, component 1
}
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Colors[Index].z + Weights[Index];
}

// CHECK: [[IROW:%[0-9]+]] = call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle [[H:%[0-9]+]], i32 6)
// CHECK-NEXT: [[I:%[0-9]+]] = extractvalue %dx.types.CBufRet.i32 [[IROW]], 1
// CHECK-NEXT: [[OFF:%[0-9]+]] = mul i32 [[I]], 16
// CHECK-NEXT: [[ROW:%[0-9]+]] = lshr i32 [[OFF]], 4
// CHECK-NEXT: [[C:%[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle [[H]], i32 [[ROW]])
// CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 [[C]], 2
// CHECK: [[WOFF:%[0-9]+]] = add i32 64, %{{[0-9]+}}
// CHECK-NEXT: [[WROW:%[0-9]+]] = lshr i32 [[WOFF]], 4
// CHECK-NEXT: [[W:%[0-9]+]] = call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle [[H]], i32 [[WROW]])
// CHECK-NEXT: extractvalue %dx.types.CBufRet.f32 [[W]], 0
