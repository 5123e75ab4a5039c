// Interlocked* through the DXIL back end, as DXC lowers them: resource atomics are
// dx.op.atomicBinOp (78) / dx.op.atomicCompareExchange (79) with the element's coordinates
// (structured: index + byte offset; byte-address: the byte address; typed: x, y[, z or layer]), groupshared
// ones are LLVM atomicrmw / cmpxchg on addrspace(3). InterlockedCompareStore drops the original.
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s

RWStructuredBuffer<uint> Structured : register(u0);
RWByteAddressBuffer Raw : register(u1);
RWTexture2D<int> Texels : register(u2);
RWTexture2DArray<uint> Layers : register(u3);
groupshared uint Shared;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint a, b, c, d, e;
  InterlockedAdd(Structured[id.x], 2, a);
  InterlockedCompareExchange(Structured[id.x], 0, 5, b);
  Raw.InterlockedCompareExchange(8, 1, 2, c);
  Raw.InterlockedCompareStore(12, 3, 4);
  int f;
  InterlockedMin(Texels[id.xy], -1, f);
  InterlockedCompareStore(Texels[id.yx], 7, 9);
  InterlockedMax(Layers[uint3(id.xy, 2)], 6);
  InterlockedOr(Shared, 1u, d);
  InterlockedCompareExchange(Shared, 0, 3, e);
  Structured[id.x + 4] = a + b + c + d + e + uint(f);
}

// CHECK: call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %{{[0-9]+}}, i32 0, i32 %{{[0-9]+}}, i32 0, i32 undef, i32 2)
// CHECK: call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 0, i32 undef, i32 0, i32 5)
// CHECK: call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %{{[0-9]+}}, i32 8, i32 undef, i32 undef, i32 1, i32 2)
// CHECK: call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %{{[0-9]+}}, i32 12, i32 undef, i32 undef, i32 3, i32 4)
// CHECK: call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %{{[0-9]+}}, i32 4, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 -1)
// CHECK: call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 7, i32 9)
// CHECK: call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %{{[0-9]+}}, i32 7, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 2, i32 6)
// CHECK: atomicrmw or ptr addrspace(3) @{{.*}}, i32 1 seq_cst
// CHECK: cmpxchg ptr addrspace(3) @{{.*}}, i32 0, i32 3 seq_cst seq_cst
