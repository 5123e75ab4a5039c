// Seed 0050, example 1b: one local reassigned to two heap slots: two access sites, one array.
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print reflection | FileCheck %s
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable %s --print spirv | FileCheck %s --check-prefix=PORTABLE

cbuffer CB {
  uint Index;
}

[numthreads(4, 1, 1)]
void main() {
  RWBuffer<int> Buf;
  Buf = ResourceDescriptorHeap[Index];
  Buf[0] = 123;

  Buf = ResourceDescriptorHeap[Index + 1];
  Buf[0] = 456;
}

// CHECK:      descriptor heaps (proposal form):
// CHECK-NEXT:   set 0 binding 1  STORAGE_TEXEL_BUFFER[]  resource heap  RWBuffer<int>
// CHECK-NEXT: heap access sites:
// CHECK-NEXT:   line {{1[23]}}:{{[0-9]+}}  {{.*}}main  ResourceDescriptorHeap -> RWBuffer<int>  index uniform
// CHECK-NEXT:   line {{1[56]}}:{{[0-9]+}}  {{.*}}main  ResourceDescriptorHeap -> RWBuffer<int>  index uniform

// PORTABLE-COUNT-2: OpAtomicUMax
// PORTABLE-NOT: OpAtomicUMax
