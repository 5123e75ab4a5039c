// A static global struct holding only resources, initialized by a function that fills it from the
// descriptor heap (DXC's createHandleFromHeap/dynamic_res_array.hlsl): each use refers to what
// the initializer names (SPIR-V has no resource values), which is the run-once semantics because
// the initializer is checked to write no memory.
// RUN: %shaderlens compile -T cs_6_6 -spirv --print ir %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-target-env=vulkan1.3 -Fo %t.spv %s && spirv-val --target-env vulkan1.3 %t.spv
// RUN: not %shaderlens compile -T cs_6_6 -spirv -D IMPURE %s 2>&1 | FileCheck %s --check-prefix=IMPURE

struct Targets {
  RWTexture2D<float4> tex[3];
};

RWStructuredBuffer<uint> Log : register(u0);

Targets create() {
  Targets t;
  t.tex[0] = ResourceDescriptorHeap[0];
  t.tex[1] = ResourceDescriptorHeap[1];
  t.tex[2] = ResourceDescriptorHeap[2];
#ifdef IMPURE
  Log[0] = 1;
#endif
  return t;
}

static const Targets targets = create();

[numthreads(8, 8, 1)]
void main(uint3 id : SV_GroupThreadID) {
  targets.tex[0][id.xy] = 1;
  targets.tex[2][id.xy] = 0.5;
}

// CHECK-LABEL: func F{{[0-9]+}}`src.main`
// CHECK: hlsl.handle_from_heap(0u32): [[T:T[0-9]+]]
// CHECK-NEXT: hlsl.resource_store
// CHECK: hlsl.handle_from_heap(2u32): [[T]]
// CHECK-NEXT: hlsl.resource_store
// IMPURE: :26:22: error: the initializer of static variable 'targets' writes memory
