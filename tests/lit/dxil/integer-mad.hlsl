// Integer multiply-adds as DXC emits them: mad(), dot() and mul() of integers take IMad (signed,
// dx.op.tertiary 48) or UMad (unsigned, 49) after the first product, as DXC's HLSLFileCheck
// mul.hlsl and mad tests check; a plain `a * b + c` stays a mul and an add. SPIR-V has no
// integer multiply-add: the same shader is OpIMul + OpIAdd there.
// RUN: %shaderlens compile -T cs_6_0 -E main --print dxil %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print spirv %s | FileCheck %s --check-prefix=SPIRV

RWStructuredBuffer<int> Signed : register(u0);
RWStructuredBuffer<uint> Unsigned : register(u1);
cbuffer C : register(b0) { int3 a; int3 b; uint2 u; int2x2 m; }

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Signed[0] = mad(a.x, b.x, a.y);
  Unsigned[0] = mad(u.x, u.y, u.x);
  Signed[1] = dot(a, b);
  int2 mv = mul(m, a.xy);
  Signed[2] = mv.x + mv.y;
  Signed[3] = a.z * b.z + a.x;
}

// mad(int) and mad(uint):
// CHECK: call i32 @dx.op.tertiary.i32(i32 48,
// CHECK: call i32 @dx.op.tertiary.i32(i32 49,
// dot(int3): a multiply, then two IMads accumulating it.
// CHECK: [[P:%[0-9]+]] = mul i32
// CHECK: [[S1:%[0-9]+]] = call i32 @dx.op.tertiary.i32(i32 48, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 [[P]])
// CHECK: call i32 @dx.op.tertiary.i32(i32 48, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 [[S1]])
// mul(int2x2, int2): per component a multiply and one IMad.
// CHECK: [[R0:%[0-9]+]] = mul i32
// CHECK: call i32 @dx.op.tertiary.i32(i32 48, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 [[R0]])
// CHECK: [[R1:%[0-9]+]] = mul i32
// CHECK: call i32 @dx.op.tertiary.i32(i32 48, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 [[R1]])
// The plain expression: no IMad after the last store's multiply.
// CHECK: [[Q:%[0-9]+]] = mul i32
// CHECK: add i32 [[Q]]
// CHECK-NOT: @dx.op.tertiary.i32(i32 48,
// CHECK: ret void

// SPIRV-NOT: OpExtInst {{.*}} Fma
// SPIRV: OpIMul
// SPIRV: OpIAdd
