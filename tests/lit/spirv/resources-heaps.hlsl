// Descriptor heaps (seed 0050) reach the IR as hlsl.handle_from_heap typed by the resource the heap
// element is converted to; counters as hlsl.counter_handle_from_heap; NonUniformResourceIndex as a
// NonUniform OpCopyObject; functions with resource parameters are inlined at the call site.
// RUN: %shaderlens compile -T cs_6_6 -spirv --print ir %s | FileCheck %s
cbuffer CB { uint Index; uint SampIndex; }

void foo(RWBuffer<int> Buf) {
  Buf[0] = 123;
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  foo(ResourceDescriptorHeap[Index]);
  ((RWBuffer<int>)ResourceDescriptorHeap[Index + 1])[1] = 2;
  RWStructuredBuffer<uint> B = ResourceDescriptorHeap[NonUniformResourceIndex(i)];
  B[i] = B.IncrementCounter();
  SamplerState s = SamplerDescriptorHeap[SampIndex];
  Texture2D<float4> t = ResourceDescriptorHeap[3];
  B[0] = (uint)t.SampleLevel(s, float2(0, 0), 0).x;
}
// CHECK-DAG: type [[RWBUF:T[0-9]+]] = hlsl.resource<RWBuffer, s32>
// CHECK-DAG: type [[SB:T[0-9]+]] = hlsl.resource<RWStructuredBuffer, u32>
// CHECK-DAG: type [[TEX:T[0-9]+]] = hlsl.resource<Texture2D, f32x4>
// CHECK-DAG: type [[SAMP:T[0-9]+]] = hlsl.resource<SamplerState>
// CHECK-NOT: func F2
// CHECK: func F1`src.main`
// The handle is made where the callee uses it; its location is the heap expression's (line 13).
// CHECK: [[H0:v[0-9]+]] = hlsl.handle_from_heap([[I0:v[0-9]+]]): [[RWBUF]]  // {{.*}}resources-heaps.hlsl:13:{{[0-9]+}}
// CHECK-NEXT: hlsl.resource_store([[H0]], 0u32, 123s32)
// CHECK: [[I1:v[0-9]+]] = spv.OpIAdd
// CHECK: hlsl.handle_from_heap([[I1]]): [[RWBUF]]
// CHECK: #[NonUniform]
// CHECK-NEXT: [[NU:v[0-9]+]] = spv.OpCopyObject
// CHECK: hlsl.counter_handle_from_heap([[NU]]): [[SB]]
// CHECK-NEXT: hlsl.counter_increment
// CHECK: hlsl.handle_from_heap([[NU]]): [[SB]]
// CHECK: #[name("ResourceDescriptorHeap")]
// CHECK-NEXT: hlsl.handle_from_heap(3u32): [[TEX]]
// CHECK: #[name("SamplerDescriptorHeap")]
// CHECK-NEXT: hlsl.handle_from_heap({{v[0-9]+}}): [[SAMP]]
// CHECK-NOT: handle_from_binding(space: 0, binding: implicit, range: 1): [[RWBUF]]
