// Wave and quad intrinsics through the DXIL back end, as DXC emits them: scalar dx.op.wave*
// (110-123, 135, 136) with WaveOpKind/SignedOpKind immediates (a float2 becomes two calls),
// WaveActiveCountBits/WavePrefixCountBits count the condition without a ballot, and the module
// has the wave-ops flag (SFI0 0x4000).
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main --print container %s | FileCheck %s --check-prefix=SFI0

RWStructuredBuffer<uint4> Out : register(u0);
RWStructuredBuffer<float2> F : register(u1);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint lane = WaveGetLaneIndex();
  uint count = WaveGetLaneCount();
  bool first = WaveIsFirstLane();
  uint4 ballot = WaveActiveBallot(id.x & 1);
  uint bits = WaveActiveCountBits(id.x > 3) + WavePrefixCountBits(id.x > 3);
  int s = WaveActiveSum(int(id.x)) + WaveActiveMin(-int(id.x));
  uint u = WaveActiveMax(id.x) + WavePrefixSum(id.x) + WaveActiveBitOr(id.x);
  float2 f = WaveActiveProduct(F[id.x]) + WaveReadLaneAt(F[id.x], 3) + WaveReadLaneFirst(F[id.x]);
  bool all = WaveActiveAllTrue(id.x < 100) && WaveActiveAnyTrue(id.x == 5) && WaveActiveAllEqual(count);
  float q = QuadReadAcrossX(f.x) + QuadReadLaneAt(f.y, 2);
  Out[id.x] = ballot + uint4(lane + count + uint(first) + bits, uint(s) + u, uint(all), asuint(f.x + q));
}

// CHECK: call i32 @dx.op.waveGetLaneIndex(i32 111)
// CHECK: call i32 @dx.op.waveGetLaneCount(i32 112)
// CHECK: call i1 @dx.op.waveIsFirstLane(i32 110)
// CHECK: call %dx.types.fouri32 @dx.op.waveActiveBallot(i32 116, i1 %{{[0-9]+}})
// CHECK-NOT: waveActiveBallot
// CHECK: call i32 @dx.op.waveAllOp(i32 135, i1 [[COND:%[0-9]+]])
// CHECK: call i32 @dx.op.wavePrefixOp(i32 136, i1 [[COND]])
// CHECK: call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %{{[0-9]+}}, i8 0, i8 0)
// CHECK: call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %{{[0-9]+}}, i8 2, i8 0)
// CHECK: call i32 @dx.op.waveActiveOp.i32(i32 119, i32 %{{[0-9]+}}, i8 3, i8 1)
// CHECK: call i32 @dx.op.wavePrefixOp.i32(i32 121, i32 %{{[0-9]+}}, i8 0, i8 1)
// CHECK: call i32 @dx.op.waveActiveBit.i32(i32 120, i32 %{{[0-9]+}}, i8 1)
// CHECK: call float @dx.op.waveActiveOp.f32(i32 119, float %{{[0-9]+}}, i8 1, i8 0)
// CHECK: call float @dx.op.waveActiveOp.f32(i32 119, float %{{[0-9]+}}, i8 1, i8 0)
// CHECK: call float @dx.op.waveReadLaneAt.f32(i32 117, float %{{[0-9]+}}, i32 3)
// CHECK: call float @dx.op.waveReadLaneFirst.f32(i32 118, float %{{[0-9]+}})
// CHECK: call i1 @dx.op.waveAllTrue(i32 114, i1 %{{[0-9]+}})
// CHECK: call i1 @dx.op.waveAnyTrue(i32 113, i1 %{{[0-9]+}})
// CHECK: call i1 @dx.op.waveActiveAllEqual.i32(i32 115, i32 %{{[0-9]+}})
// CHECK: call float @dx.op.quadOp.f32(i32 123, float %{{[0-9]+}}, i8 0)
// CHECK: call float @dx.op.quadReadLaneAt.f32(i32 122, float %{{[0-9]+}}, i32 2)
// CHECK: declare i32 @dx.op.waveActiveOp.i32(i32, i32, i8, i8) #[[ATTRS:[0-9]+]]
// CHECK: attributes #[[ATTRS]] = { convergent nounwind }

// SFI0: ; SFI0 feature flags: 0x0000000000004000
// SFI0: ; Note: shader requires additional functionality:
// SFI0-NEXT: ;       Wave level operations
