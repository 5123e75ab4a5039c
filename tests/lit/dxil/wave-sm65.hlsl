// The SM 6.5 wave intrinsics through the DXIL back end, as DXC emits them: WaveMatch is one
// dx.op.waveMatch (165) per component, returning %dx.types.fouri32, the component masks ANDed;
// WaveMultiPrefix* is dx.op.waveMultiPrefixOp (166) per component with the mask's four words,
// MultiPrefixOpKind (sum 0, and 1, or 2, xor 3, product 4) and SignedOpKind (1 only for unsigned
// sums and products); WaveMultiPrefixCountBits is dx.op.waveMultiPrefixBitCount (167) of the
// condition and the mask, without a ballot (issue 19). Below SM 6.5 the validator refuses them.
// RUN: %shaderlens compile -T cs_6_5 -E main -enable-16bit-types --print dxil %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_5 -E main -enable-16bit-types --print container %s | FileCheck %s --check-prefix=SFI0
// RUN: not %shaderlens compile -T cs_6_4 -E main -enable-16bit-types %s -Fo %t.dxil 2>&1 | FileCheck %s --check-prefix=SM64

RWStructuredBuffer<uint4> Masks;
RWStructuredBuffer<uint2> U;
RWStructuredBuffer<int> I;
RWStructuredBuffer<float> F;
RWStructuredBuffer<half> H;
RWStructuredBuffer<int64_t> L;
RWStructuredBuffer<double> D;
RWStructuredBuffer<uint4> Out;

// CHECK-NOT: waveActiveBallot
[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint4 m = Masks[i];
  // CHECK: [[M0:%[0-9]+]] = call %dx.types.fouri32 @dx.op.waveMatch.i32(i32 165, i32 %{{[0-9]+}})
  // CHECK: [[M1:%[0-9]+]] = call %dx.types.fouri32 @dx.op.waveMatch.i32(i32 165, i32 %{{[0-9]+}})
  // CHECK: and {{<4 x i32>|i32}}
  // CHECK: call %dx.types.fouri32 @dx.op.waveMatch.f32(i32 165, float
  // CHECK: call %dx.types.fouri32 @dx.op.waveMatch.f16(i32 165, half
  // CHECK: call %dx.types.fouri32 @dx.op.waveMatch.i64(i32 165, i64
  // CHECK: call %dx.types.fouri32 @dx.op.waveMatch.f64(i32 165, double
  // SM64: wave-sm65.hlsl:[[@LINE+1]]:13: error: {{.*}}opcode WaveMatch not valid in shader model cs_6_4 (needs shader model 6.5)
  uint4 r = WaveMatch(U[i]) & WaveMatch(F[i]) & WaveMatch(H[i]) & WaveMatch(L[i]) & WaveMatch(D[i]);
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0:%[0-9]+]], i32 [[W1:%[0-9]+]], i32 [[W2:%[0-9]+]], i32 [[W3:%[0-9]+]], i8 0, i8 1)
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 0, i8 1)
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 4, i8 1)
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 4, i8 1)
  U[i] = WaveMultiPrefixSum(U[i], m) + WaveMultiPrefixProduct(U[i], m);
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 0, i8 0)
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 4, i8 0)
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 1, i8 0)
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 2, i8 0)
  // CHECK: call i32 @dx.op.waveMultiPrefixOp.i32(i32 166, i32 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 3, i8 0)
  I[i] = WaveMultiPrefixSum(I[i], m) + WaveMultiPrefixProduct(I[i], m) + WaveMultiPrefixBitAnd(I[i], m) +
         WaveMultiPrefixBitOr(I[i], m) + WaveMultiPrefixBitXor(I[i], m);
  // CHECK: call float @dx.op.waveMultiPrefixOp.f32(i32 166, float %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 0, i8 0)
  // CHECK: call float @dx.op.waveMultiPrefixOp.f32(i32 166, float %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]], i8 4, i8 0)
  F[i] = WaveMultiPrefixSum(F[i], m) * WaveMultiPrefixProduct(F[i], m);
  // CHECK: call half @dx.op.waveMultiPrefixOp.f16(i32 166, half %{{[0-9]+}}, {{.*}}, i8 0, i8 0)
  H[i] = WaveMultiPrefixSum(H[i], m);
  // CHECK: call i64 @dx.op.waveMultiPrefixOp.i64(i32 166, i64 %{{[0-9]+}}, {{.*}}, i8 3, i8 0)
  L[i] = WaveMultiPrefixBitXor(L[i], m);
  // CHECK: call double @dx.op.waveMultiPrefixOp.f64(i32 166, double %{{[0-9]+}}, {{.*}}, i8 4, i8 0)
  D[i] = WaveMultiPrefixProduct(D[i], m);
  // CHECK: call i32 @dx.op.waveMultiPrefixBitCount(i32 167, i1 %{{[0-9]+}}, i32 [[W0]], i32 [[W1]], i32 [[W2]], i32 [[W3]])
  r.x += WaveMultiPrefixCountBits(i > 3, m);
  Out[i] = r;
}
// CHECK-NOT: waveActiveBallot
// Wave ops (0x4000), int64 (0x8000) and doubles (0x1):
// SFI0: ; SFI0 feature flags: 0x000000000000C001
