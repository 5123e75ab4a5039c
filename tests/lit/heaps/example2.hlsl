// Seed 0050, example 2: a heap element passed straight to a function (inlined for SPIR-V, so the
// access in foo's body goes through the heap array).
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print reflection | FileCheck %s
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable %s --print spirv | FileCheck %s --check-prefix=PORTABLE

cbuffer CB {
  uint Index;
}

void foo(RWBuffer<int> Buf) {
  Buf[0] = 123;
}

[numthreads(4, 1, 1)]
void main() {
  foo(ResourceDescriptorHeap[Index]);
}

// CHECK:      descriptor heaps (proposal form):
// CHECK-NEXT:   set 0 binding 1  STORAGE_TEXEL_BUFFER[]  resource heap  RWBuffer<int>
// CHECK-NEXT: heap access sites:
// CHECK-NEXT:   line {{[0-9]+}}:{{[0-9]+}}  {{.*}}  ResourceDescriptorHeap -> RWBuffer<int>  index uniform

// PORTABLE: OpAccessChain %_ptr_Uniform_int %ResourceDescriptorHeap_RWBuffer_int_
// PORTABLE-NEXT: OpStore %{{[0-9]+}} %int_123
