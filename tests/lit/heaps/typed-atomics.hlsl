// Interlocked* on an element of a typed buffer or texture from ResourceDescriptorHeap: irgen
// emits hlsl.resource_atomic on the heap handle, and each back end makes the texel access.
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print ir | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print spirv | FileCheck %s --check-prefix=PROPOSAL
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -fspv-heap-slots=2 %s --print ir.heaps | FileCheck %s --check-prefix=PORTABLE
// RUN: %shaderlens compile -T cs_6_6 %s --print dxil | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T cs_6_6 -D COMPARE %s --print dxil | FileCheck %s --check-prefix=DXIL-CMP

cbuffer Indices : register(b0) {
  uint TexIndex;
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RWTexture2D<uint> Tex = ResourceDescriptorHeap[TexIndex];
  RWBuffer<int> Buf = ResourceDescriptorHeap[1];
  uint before;
  InterlockedAdd(Tex[id.xy], 1u, before);
  InterlockedMin(Buf[id.x], -int(before));
#ifdef COMPARE
  InterlockedCompareStore(Tex[id.yx], before, 9u);
#endif
}

// IR: hlsl.resource_atomic(v{{[0-9]+}}, v{{[0-9]+}}, op: spv.OpAtomicIAdd, 1u32): u32
// IR: hlsl.resource_atomic(v{{[0-9]+}}, v{{[0-9]+}}, op: spv.OpAtomicSMin, v{{[0-9]+}}): s32

// PROPOSAL: OpTypeRuntimeArray
// PROPOSAL: [[CHAIN:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_{{.*}} %ResourceDescriptorHeap
// PROPOSAL-NEXT: [[TEXEL:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint [[CHAIN]]
// PROPOSAL-NEXT: OpAtomicIAdd %uint [[TEXEL]] %uint_1 %uint_0 %uint_1
// PROPOSAL: OpImageTexelPointer %_ptr_Image_int
// PROPOSAL-NEXT: OpAtomicSMin %int

// The texture's index is not a constant: the atomic runs in each case of a switch over its slots,
// on the texel pointer of that slot's element; the typed buffer is a storage buffer there.
// PORTABLE: (v{{[0-9]+}}: u32) = switch v{{[0-9]+}} {
// PORTABLE-NEXT: case 0 {
// PORTABLE-NEXT: [[E0:v[0-9]+]] = spv.OpAccessChain(&GV{{[0-9]+}}, 0u32)
// PORTABLE-NEXT: [[P0:v[0-9]+]] = spv.OpImageTexelPointer([[E0]], v{{[0-9]+}}, 0u32): ptr<Image, u32>
// PORTABLE-NEXT: [[R0:v[0-9]+]] = spv.OpAtomicIAdd([[P0]], 1u32, 0u32, 1u32): u32
// PORTABLE-NEXT: yield([[R0]])
// PORTABLE: case 1 {
// PORTABLE: spv.OpImageTexelPointer
// PORTABLE: default {
// PORTABLE: spv.OpAtomicSMin(v{{[0-9]+}}, 1u32, 0u32, v{{[0-9]+}}): s32

// DXIL: [[H:%[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromHeap(i32 218
// DXIL: [[A:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle [[H]]
// DXIL-NEXT: call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle [[A]], i32 0, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 1)
// DXIL: call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %{{[0-9]+}}, i32 4, i32 %{{[0-9]+}}, i32 undef, i32 undef,

// DXIL-CMP: call i32 @dx.op.atomicCompareExchange.i32(i32 79, %dx.types.Handle %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 %{{[0-9]+}}, i32 undef, i32 %{{[0-9]+}}, i32 9)
