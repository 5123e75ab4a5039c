// Seed 0050, example 1: a local RWBuffer from ResourceDescriptorHeap[Index], in both heap forms,
// and the heap access site in the `reflection` stage (the virtual binding table).
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print reflection | FileCheck %s --check-prefix=REFL
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print spirv | FileCheck %s --check-prefix=PROPOSAL
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable %s --print ir.heaps | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable --no-qptr-lift %s --print spirv | FileCheck %s --check-prefix=PORTABLE
// RUN: %shaderlens compile -spirv -T cs_6_6 -fvk-bind-resource-heap 5 2 %s --print reflection | FileCheck %s --check-prefix=PINNED

cbuffer CB {
  uint Index;
}

[numthreads(4, 1, 1)]
void main() {
  RWBuffer<int> Buf = ResourceDescriptorHeap[Index];
  Buf[0] = 123;
}

// REFL:      bindings:
// REFL-NEXT:   set 0 binding 0  UNIFORM_BUFFER  cbuffer  CB  (16 bytes)
// REFL:      descriptor heaps (proposal form):
// REFL-NEXT:   set 0 binding 1  STORAGE_TEXEL_BUFFER[]  resource heap  RWBuffer<int>  ResourceDescriptorHeap.RWBuffer<int>
// REFL-NEXT: heap access sites:
// REFL-NEXT:   line {{1[56]}}:{{[0-9]+}}  {{.*}}main  ResourceDescriptorHeap -> RWBuffer<int>  index uniform
// REFL-NOT:  line

// The group takes the first binding after the ordinary ones; one unbounded array per type.
// PROPOSAL-DAG: OpCapability RuntimeDescriptorArray
// PROPOSAL-DAG: OpExtension "SPV_EXT_descriptor_indexing"
// PROPOSAL-DAG: OpDecorate %[[HEAP:ResourceDescriptorHeap_RWBuffer_int_]] DescriptorSet 0
// PROPOSAL-DAG: OpDecorate %[[HEAP]] Binding 1
// PROPOSAL-DAG: %[[IMG:[0-9a-z_]+]] = OpTypeImage %int Buffer 2 0 0 2 R32i
// PROPOSAL-DAG: %[[RA:[0-9a-z_]+]] = OpTypeRuntimeArray %[[IMG]]
// PROPOSAL:     %[[PTR:[0-9]+]] = OpAccessChain %_ptr_UniformConstant_{{[0-9a-z_]+}} %[[HEAP]] %{{[0-9]+}}
// PROPOSAL:     %[[BUF:[0-9]+]] = OpLoad %[[IMG]] %[[PTR]]
// PROPOSAL:     OpImageWrite %[[BUF]] %uint_0 %int_123

// IR: ; descriptor heaps: portable form (16 slots + 1 trap element per descriptor type, set 1)
// IR: global_var GV{{[0-9]+}}`HeapStatus` in Uniform
// IR: global_var GV{{[0-9]+}}`ResourceDescriptorHeap.RWBuffer<int>` in Uniform: T{{[0-9]+}}
// IR: spv.OpAtomicUMax

// No descriptor indexing: a fixed array of storage blocks (the typed buffer read as a storage
// buffer), a trap element, and the bounds check that reports bad indices in the status block.
// PORTABLE-NOT: RuntimeDescriptorArray
// PORTABLE-DAG: OpDecorate %HeapStatus DescriptorSet 1
// PORTABLE-DAG: OpDecorate %HeapStatus Binding 1
// PORTABLE-DAG: OpDecorate %ResourceDescriptorHeap_RWBuffer_int_ DescriptorSet 1
// PORTABLE-DAG: OpDecorate %ResourceDescriptorHeap_RWBuffer_int_ Binding 0
// PORTABLE-DAG: OpTypeArray %type_RWBuffer_int__storage %uint_17
// PORTABLE:     OpAtomicUMax %uint %{{[0-9]+}} %uint_1 %uint_0
// PORTABLE:     %[[EL:[0-9]+]] = OpAccessChain %_ptr_Uniform_int %ResourceDescriptorHeap_RWBuffer_int_ %{{[0-9]+}} %uint_0 %uint_0
// PORTABLE:     OpStore %[[EL]] %int_123

// PINNED: set 2 binding 5  STORAGE_TEXEL_BUFFER[]  resource heap  RWBuffer<int>
