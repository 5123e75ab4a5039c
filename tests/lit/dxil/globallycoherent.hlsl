// A globallycoherent UAV through the DXIL back end, as DXC marks it: ResourceProperties word 0
// bit 14 on its annotated handle and the globally-coherent field of its dx.resources record; a
// plain UAV has neither.
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s

globallycoherent RWBuffer<uint> Shared : register(u0);
RWBuffer<uint> Plain : register(u1);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Shared[id.x] = Plain[id.x];
}

// kind 10 (TypedBuffer) | UAV 0x1000 | globally coherent 0x4000 = 20490; without it 4106.
// CHECK: @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 4106, i32 261 })
// CHECK: @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 20490, i32 261 })
// CHECK: !{i32 0, ptr undef, !"Shared{{[^"]*}}", i32 0, i32 0, i32 1, i32 10, i1 true, i1 false, i1 false,
// CHECK: !{i32 1, ptr undef, !"Plain{{[^"]*}}", i32 0, i32 1, i32 1, i32 10, i1 false, i1 false, i1 false,
