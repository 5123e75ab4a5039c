// [[vk::binding]] with a set, [[vk::counter_binding]] (the counter stays in its buffer's set) and
// a push-constant block with storage-buffer layout and no binding (hlsl-spirv.md §7 cases 7, 14).
// --no-qptr-lift: these check the declared blocks (DXC's rules); the default, lifted module
// rebuilds each block from its usage (tests/lit/qptr).
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.2 --print reflection %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --no-qptr-lift --print spirv %s | FileCheck %s --check-prefix=SPV

struct PC { float4x4 mvp; float3 color; uint flags; };
[[vk::push_constant]] PC pc;
[[vk::binding(4, 1), vk::counter_binding(9)]] RWStructuredBuffer<uint> rb;

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) { rb[i] = pc.flags + (uint)pc.color.y + rb.IncrementCounter(); }

// CHECK:      set 1 binding 4  STORAGE_BUFFER  RWStructuredBuffer<uint>  rb
// CHECK-NEXT: set 1 binding 9  STORAGE_BUFFER  counter of rb  counter_var_rb
// CHECK:      push constants: pc, 80 bytes

// SPV-DAG: OpDecorate %type_PushConstant_PC Block
// SPV-DAG: OpMemberDecorate %type_PushConstant_PC 1 Offset 64
// SPV-DAG: OpMemberDecorate %type_PushConstant_PC 2 Offset 76
// SPV-DAG: OpDecorate %type_ACSBuffer_counter BufferBlock
// SPV-DAG: %pc = OpVariable %_ptr_PushConstant_type_PushConstant_PC PushConstant
// SPV:     OpAtomicIAdd %int %{{[0-9a-z_]+}} %uint_1 %uint_0 %int_1
