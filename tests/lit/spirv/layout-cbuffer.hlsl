// cbuffer packing: relaxed std140 by default, D3D packing with -fvk-use-dx-layout; column_major
// (the default) is RowMajor in SPIR-V; bool members are uint (hlsl-spirv.md §3, cases 9, 12, 13).
// --no-qptr-lift: these check the declared blocks (DXC's rules); the default, lifted module
// rebuilds each block from its usage (tests/lit/qptr).
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --no-qptr-lift --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --no-qptr-lift -fvk-use-dx-layout --print spirv %s | FileCheck %s --check-prefix=DX

cbuffer P { float a; float3 b; float c; float2 d; float4x4 m; float arr[3]; float tail; }
cbuffer M { float3x4 ma; row_major float3x4 mb; float mc; bool flag; }
RWStructuredBuffer<float4> Out;

[numthreads(1, 1, 1)]
void main() {
  Out[0] = float4(a + b.x + c + d.y + arr[2] + tail, m[1].xyz);
  Out[1] = ma[0] + mb[1] + (flag ? mc : 0);
}

// CHECK-DAG: OpDecorate %type_P Block
// CHECK-DAG: OpMemberDecorate %type_P 0 Offset 0
// CHECK-DAG: OpMemberDecorate %type_P 1 Offset 4
// CHECK-DAG: OpMemberDecorate %type_P 2 Offset 16
// CHECK-DAG: OpMemberDecorate %type_P 3 Offset 20
// CHECK-DAG: OpMemberDecorate %type_P 4 Offset 32
// CHECK-DAG: OpMemberDecorate %type_P 4 RowMajor
// CHECK-DAG: OpMemberDecorate %type_P 4 MatrixStride 16
// CHECK-DAG: OpMemberDecorate %type_P 5 Offset 96
// CHECK-DAG: OpMemberDecorate %type_P 6 Offset 144
// CHECK-DAG: OpDecorate %_arr_float_uint_3 ArrayStride 16
// CHECK-DAG: OpMemberDecorate %type_M 0 RowMajor
// CHECK-DAG: OpMemberDecorate %type_M 1 Offset 64
// CHECK-DAG: OpMemberDecorate %type_M 1 ColMajor
// CHECK-DAG: OpMemberDecorate %type_M 2 Offset 112
// CHECK-DAG: OpMemberDecorate %type_M 3 Offset 116
// CHECK-DAG: %type_M = OpTypeStruct %mat3v4float %mat3v4float %float %uint
// CHECK:     OpINotEqual %bool

// DX-DAG: OpMemberDecorate %type_P 5 Offset 96
// DX-DAG: OpMemberDecorate %type_P 6 Offset 132
