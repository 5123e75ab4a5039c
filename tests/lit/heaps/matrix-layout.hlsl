// Heap buffers are laid out by the rules of declared buffers (core/passes/Layout.h), matrices
// included: the majorness (SPIR-V's sense is HLSL's opposite) and MatrixStride go on the member,
// and -Zpr changes the default as it does for declared buffers.
// The ir.heaps module as SPIR-V (--no-qptr-lift), then the lifted one validated in both forms.
// RUN: %shaderlens compile -spirv -T cs_6_6 --no-qptr-lift %s --print spirv | FileCheck %s
// RUN: %shaderlens compile -spirv -T cs_6_6 --no-qptr-lift -Zpr %s --print spirv | FileCheck %s --check-prefix=ZPR
// RUN: %shaderlens compile -spirv -T cs_6_6 %s -Fo %t.proposal.spv
// RUN: spirv-val --target-env vulkan1.0 %t.proposal.spv
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable %s -Fo %t.spv
// RUN: spirv-val --target-env vulkan1.0 %t.spv

struct Instance {
  float4x4 world;
  row_major float3x4 normal;
  float3 origin;
  float scale;
};
cbuffer Indices : register(b0) { uint InstIndex; uint OutIndex; }

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  StructuredBuffer<Instance> Instances = ResourceDescriptorHeap[InstIndex];
  RWStructuredBuffer<float4> Out = ResourceDescriptorHeap[OutIndex];
  Instance i = Instances[id.x];
  Out[id.x] = mul(i.world, float4(i.origin, 1)) + float4(mul(i.normal, float4(1, 0, 0, 0)), i.scale);
}

// CHECK-DAG: OpMemberDecorate %Instance 0 RowMajor
// CHECK-DAG: OpMemberDecorate %Instance 0 MatrixStride 16
// CHECK-DAG: OpMemberDecorate %Instance 1 Offset 64
// CHECK-DAG: OpMemberDecorate %Instance 1 ColMajor
// CHECK-DAG: OpMemberDecorate %Instance 1 MatrixStride 16
// CHECK-DAG: OpMemberDecorate %Instance 2 Offset 112
// CHECK-DAG: OpMemberDecorate %Instance 3 Offset 124
// CHECK-DAG: OpDecorate %_runtimearr_Instance ArrayStride 128

// ZPR-DAG: OpMemberDecorate %Instance 0 ColMajor
// ZPR-DAG: OpMemberDecorate %Instance 1 ColMajor
