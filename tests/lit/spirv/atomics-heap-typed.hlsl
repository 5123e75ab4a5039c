// Atomics on an element of a typed buffer taken from a descriptor heap (reduced from Adria-DX12's
// HZB.hlsl SpdIncreaseAtomicCounter) compile to valid SPIR-V in both heap forms, as the same
// atomic on a declared RWBuffer does (tests/lit/heaps/typed-atomics.hlsl has the texture forms).
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-target-env=vulkan1.3 -Fo %t.spv %s --print spirv | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-heap-form=portable -Fo %t.portable.spv %s --print spirv | FileCheck %s --check-prefix=PORTABLE
// RUN: spirv-val --target-env vulkan1.0 %t.portable.spv
// RUN: %shaderlens compile -T cs_6_6 -spirv -D DECLARED -fspv-target-env=vulkan1.3 -Fo %t.declared.spv %s && spirv-val --target-env vulkan1.3 %t.declared.spv

struct Indices { uint counterIdx; };
ConstantBuffer<Indices> indices : register(b0);
groupshared uint previous;
#ifdef DECLARED
RWBuffer<uint> declaredCounter : register(u0);
#endif

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
#ifdef DECLARED
  InterlockedAdd(declaredCounter[id.x % 4], 1, previous);
#else
  globallycoherent RWBuffer<uint> counter = ResourceDescriptorHeap[indices.counterIdx];
  InterlockedAdd(counter[id.x % 4], 1, previous);
#endif
}

// The texel pointer is made on the heap array's element; the original value goes to groupshared.
// CHECK: [[ELEMENT:%[0-9]+]] = OpAccessChain %_ptr_UniformConstant_{{[a-z_0-9]+}} %ResourceDescriptorHeap
// CHECK-NEXT: [[TEXEL:%[0-9]+]] = OpImageTexelPointer %_ptr_Image_uint [[ELEMENT]]
// CHECK-NEXT: [[OLD:%[0-9]+]] = OpAtomicIAdd %uint [[TEXEL]] %uint_1 %uint_0 %uint_1
// CHECK-NEXT: OpStore %previous [[OLD]]

// The portable form reads the typed buffer as a storage buffer of uint: a plain atomic on it.
// PORTABLE-NOT: OpImageTexelPointer
// PORTABLE: [[ELEMENT:%[0-9]+]] = OpAccessChain %_ptr_{{StorageBuffer|Uniform}}_uint %ResourceDescriptorHeap
// PORTABLE-NEXT: OpAtomicIAdd %uint [[ELEMENT]] %uint_1 %uint_0 %uint_1
