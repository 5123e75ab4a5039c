// HLSL math intrinsics through the DXIL back end, as DXC lowers them: one scalar dx.op per
// component (unary, unaryBits, isSpecialFloat, binary, tertiary, dot2-4), exp/log through base 2,
// pow as exp2(y * log2(x)), round as Round_ne, saturate as Saturate, mad as FMad, firstbithigh
// counted from bit 0, and
// no llvm.* math intrinsic left in the dxil stage.
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s

RWStructuredBuffer<float2> F : register(u0);
RWStructuredBuffer<uint> U : register(u1);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 x = F[id.x];
  float2 r = sin(x) + frac(x) + exp(x) + pow(x, 2.5) + rsqrt(x) + round(x) + saturate(x) + mad(x, x, x) + clamp(x, -1, 1);
  r.x += dot(x, x) + length(float3(x, 1)) + float(isnan(x.y)) + atan2(x.x, x.y);
  F[id.x] = r;
  uint u = U[id.x];
  U[id.x] = countbits(u) + reversebits(u) + firstbithigh(u) + max(u, 3u) + f32tof16(x.x) + uint(f16tof32(u));
}

// sin(float2): two scalar Sin (13).
// CHECK: call float @dx.op.unary.f32(i32 13, float [[X0:%[0-9]+]])
// CHECK: call float @dx.op.unary.f32(i32 13, float [[X1:%[0-9]+]])
// CHECK: call float @dx.op.unary.f32(i32 22, float [[X0]])
// exp(x) = Exp(x * log2(e)).
// CHECK: [[SCALED:%[0-9]+]] = fmul <2 x float> {{.*}}, <float 0x3FF7154760000000, float 0x3FF7154760000000>
// CHECK: call float @dx.op.unary.f32(i32 21, float
// pow(x, 2.5) = Exp(2.5 * Log(x)).
// CHECK: call float @dx.op.unary.f32(i32 23, float [[X0]])
// CHECK: call float @dx.op.unary.f32(i32 21, float
// CHECK: call float @dx.op.unary.f32(i32 25, float [[X0]])
// CHECK: call float @dx.op.unary.f32(i32 26, float [[X0]])
// CHECK: call float @dx.op.unary.f32(i32 7, float [[X0]])
// CHECK: call float @dx.op.tertiary.f32(i32 46, float [[X0]], float [[X0]], float [[X0]])
// clamp = FMin(FMax(x, lo), hi); saturate (clamp to [0, 1]) is Saturate above.
// CHECK: call float @dx.op.binary.f32(i32 35, float [[X0]], float -1.000000e+00)
// CHECK: call float @dx.op.binary.f32(i32 36,
// CHECK: call float @dx.op.dot2.f32(i32 54, float [[X0]], float [[X1]], float [[X0]], float [[X1]])
// CHECK: call float @dx.op.dot3.f32(i32 55,
// CHECK: call float @dx.op.unary.f32(i32 24,
// CHECK: call i1 @dx.op.isSpecialFloat.f32(i32 8, float [[X1]])
// CHECK: call float @dx.op.unary.f32(i32 17,
// CHECK: call i32 @dx.op.unaryBits.i32(i32 31, i32 [[U:%[0-9]+]])
// CHECK: call i32 @dx.op.unary.i32(i32 30, i32 [[U]])
// firstbithigh: 31 - FirstbitHi(u), -1 stays -1.
// CHECK: [[HI:%[0-9]+]] = call i32 @dx.op.unaryBits.i32(i32 33, i32 [[U]])
// CHECK: [[NONE:%[0-9]+]] = icmp eq i32 [[HI]], -1
// CHECK: [[FROMLOW:%[0-9]+]] = sub i32 31, [[HI]]
// CHECK: select i1 [[NONE]], i32 -1, i32 [[FROMLOW]]
// CHECK: call i32 @dx.op.binary.i32(i32 39, i32 [[U]], i32 3)
// f32tof16 / f16tof32: the legacy conversions (no overload).
// CHECK: call i32 @dx.op.legacyF32ToF16(i32 130, float [[X0]])
// CHECK-NOT: legacyF32ToF16(i32 130, float 0.0
// CHECK: call float @dx.op.legacyF16ToF32(i32 131, i32 [[U]])
// CHECK-NOT: @llvm.{{(sin|exp2|log2|sqrt|fmuladd|maxnum|minnum|ctpop|bitreverse|umax)}}
