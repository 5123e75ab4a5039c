// The portable heap form on devices that cannot index image or sampler arrays dynamically
// (lavapipe): a Texture2D and a SamplerState from the heaps with uniform indices become a switch
// over every (texture slot, sampler slot) pair, each case sampling with constant indices; out of
// range indices take the default case (zero) and are reported through the status block.
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -fspv-heap-slots=2 %s --print ir.heaps | FileCheck %s
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -fspv-heap-slots=2 %s --print spirv | FileCheck %s --check-prefix=SPIRV
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable %s --print reflection | FileCheck %s --check-prefix=REFL
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print spirv | FileCheck %s --check-prefix=PROPOSAL

RWBuffer<float4> Out : register(u1);
cbuffer DynResIndices : register(b0) {
  uint TexIndex;
  uint SampIndex;
}

[numthreads(1, 1, 1)]
void main() {
  Texture2D<float4> Tex = ResourceDescriptorHeap[TexIndex];
  SamplerState Samp = SamplerDescriptorHeap[SampIndex];
  Out[0] = Tex.SampleLevel(Samp, float2(0.4, 0.5), 0.0);
}

// CHECK: ; descriptor heaps: portable form (2 slots + 1 trap element per descriptor type, set 1)
// CHECK: spv.OpAtomicUMax
// CHECK: spv.OpAtomicUMax
// CHECK: spv.OpSelect(v{{[0-9]+}}, v{{[0-9]+}}, 4294967295u32): u32
// CHECK-NEXT: (v[[R:[0-9]+]]: f32x4) = switch v{{[0-9]+}} {
// CHECK-NEXT: case 0 {
// CHECK: spv.OpImageSampleExplicitLod(v{{[0-9]+}}, v{{[0-9]+}}, ImageOperands(Lod), 0.0f32): f32x4
// CHECK: case 1 {
// CHECK: case 2 {
// CHECK: case 3 {
// CHECK: spv.OpImageSampleExplicitLod
// CHECK: default {
// CHECK-NEXT: yield(C{{[0-9]+}})
// CHECK-NOT: OpImageSample

// SPIRV-NOT: RuntimeDescriptorArray
// SPIRV-COUNT-4: OpImageSampleExplicitLod
// SPIRV-NOT: OpImageSampleExplicitLod
// SPIRV: OpPhi %v4float

// REFL:      descriptor heaps (portable form):
// REFL-NEXT:   set 1 binding 0  SAMPLED_IMAGE[17]  resource heap  Texture2D<float4>
// REFL-NEXT:   set 1 binding 1  SAMPLER[17]  sampler heap  SamplerState
// REFL-NEXT:   set 1 binding 2  STORAGE_BUFFER  heap status block
// REFL-NEXT: heap access sites:
// Sites are where the heap is indexed, not where the handle is used (line 20).
// REFL-NEXT:   line 18:{{[0-9]+}}  {{.*}}main  ResourceDescriptorHeap -> Texture2D<float4>  index uniform
// REFL-NEXT:   line 19:{{[0-9]+}}  {{.*}}main  SamplerDescriptorHeap -> SamplerState  index uniform

// The proposal form indexes the unbounded arrays directly.
// PROPOSAL-COUNT-1: OpImageSampleExplicitLod
// PROPOSAL-NOT: OpSwitch
