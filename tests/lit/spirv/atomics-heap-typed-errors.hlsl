// Atomics on an element of a typed buffer or texture taken from a descriptor heap have no SPIR-V
// form yet: a clear error at the call, not malformed IR (reduced from Adria-DX12's HZB.hlsl
// SpdIncreaseAtomicCounter). The same atomic on a declared RWBuffer compiles.
// RUN: not %shaderlens compile -T cs_6_6 -spirv %s 2>&1 | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -spirv -D DECLARED -fspv-target-env=vulkan1.3 -Fo %t.spv %s && spirv-val --target-env vulkan1.3 %t.spv

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

// CHECK: :20:33: error: InterlockedAdd on an element of a typed buffer or texture from a descriptor heap is not supported by the SPIR-V back end yet
// CHECK-NOT: internal error
