// Structured buffer element layout: relaxed std430 by default (float3 members 16-aligned when
// they would straddle), tight with -fvk-use-dx-layout or -fvk-use-scalar-layout (cases 10, 11).
// --no-qptr-lift: these check the declared blocks (DXC's rules); the default, lifted module
// rebuilds each block from its usage (tests/lit/qptr).
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.2 --no-qptr-lift --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.2 --no-qptr-lift -fvk-use-dx-layout --print spirv %s | FileCheck %s --check-prefix=DX
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --no-qptr-lift --print spirv %s | FileCheck %s --check-prefix=V10

struct V { float3 p; float3 n; float2 uv; };
StructuredBuffer<V> vb;
RWStructuredBuffer<float3> rsb;

[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  rsb[i] = vb[i].p + vb[i].n + float3(vb[i].uv, 0);
}

// CHECK-DAG: OpMemberDecorate %V 1 Offset 16
// CHECK-DAG: OpMemberDecorate %V 2 Offset 32
// CHECK-DAG: OpDecorate %_runtimearr_V ArrayStride 48
// CHECK-DAG: OpDecorate %_runtimearr_v3float ArrayStride 16
// CHECK-DAG: OpMemberDecorate %type_StructuredBuffer_V 0 NonWritable
// CHECK-DAG: OpDecorate %type_StructuredBuffer_V Block
// CHECK-DAG: %_ptr_StorageBuffer_type_StructuredBuffer_V = OpTypePointer StorageBuffer

// DX-DAG: OpMemberDecorate %V 1 Offset 12
// DX-DAG: OpMemberDecorate %V 2 Offset 24
// DX-DAG: OpDecorate %_runtimearr_V ArrayStride 32
// DX-DAG: OpDecorate %_runtimearr_v3float ArrayStride 12

// SPIR-V 1.0 (vulkan1.0): Uniform + BufferBlock.
// V10-DAG: OpDecorate %type_StructuredBuffer_V BufferBlock
// V10-DAG: %_ptr_Uniform_type_StructuredBuffer_V = OpTypePointer Uniform
