// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// RUN: not %shaderlens compile -T cs_6_6 -D BAD_WRONG_HEAP --print ast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WRONG
// RUN: not %shaderlens compile -T cs_6_6 -D BAD_MEMBER --print ast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=MEMBER
// RUN: not %shaderlens compile -T cs_6_6 -D BAD_GLOBAL --print ast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=GLOBAL
// RUN: not %shaderlens compile -T cs_6_5 --print ast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=SM65
// SM 6.6 descriptor heaps (seed 0050): heap elements convert to resources of the matching heap only.

cbuffer CB { uint Index; };
void write(RWBuffer<int> buf) { buf[0] = 123; }
#ifdef BAD_GLOBAL
RWBuffer<int> GlobalBuf = ResourceDescriptorHeap[5];
#endif

[numthreads(4, 1, 1)]
void main() {
  write(ResourceDescriptorHeap[Index]);
  Texture2D<float4> tex = ResourceDescriptorHeap[Index + 1];
  SamplerState samp = SamplerDescriptorHeap[0];
  RWBuffer<float4> out = ResourceDescriptorHeap[NonUniformResourceIndex(Index + 2)];
  out[0] = tex.SampleLevel(samp, float2(0, 0), 0);
#ifdef BAD_WRONG_HEAP
  RWBuffer<int> wrong = SamplerDescriptorHeap[Index];
#endif
#ifdef BAD_MEMBER
  int i = ResourceDescriptorHeap[Index].Load(10);
#endif
}

// CHECK:      Call 'void' write
// CHECK-NEXT:   ImplicitCast 'RWBuffer<int>' HeapToResource
// CHECK-NEXT:     ResourceIndex 'hlsl::__detail::heap_resource_info'
// CHECK-NEXT:       DeclRef 'hlsl::__detail::resource_descriptor_heap_struct' const lvalue ResourceDescriptorHeap (static)
// CHECK-NEXT:       DeclRef 'uint' const lvalue Index (cbuffer)
// CHECK:      Var samp 'SamplerState' local
// CHECK-NEXT:   ImplicitCast 'SamplerState' HeapToResource
// CHECK-NEXT:     ResourceIndex 'hlsl::__detail::heap_sampler_info'
// CHECK:      IntrinsicCall 'uint' NonUniformResourceIndex (uint)

// WRONG: heaps.hlsl:22:46: error: cannot convert an element of 'SamplerDescriptorHeap' to 'RWBuffer<int>': only sampler types come from SamplerDescriptorHeap
// MEMBER: heaps.hlsl:25:41: error: no member named 'Load' in 'hlsl::__detail::heap_resource_info': a descriptor heap element has no resource type until it is assigned to a resource variable
// GLOBAL: heaps.hlsl:11:49: error: a global resource cannot be initialized from a descriptor heap
// SM65: heaps.hlsl:16:9: error: 'ResourceDescriptorHeap' requires shader model 6.6 or higher (the target is cs_6_5)
