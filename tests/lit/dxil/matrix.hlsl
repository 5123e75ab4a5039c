// SPIR-V matrix instructions through the DXIL back end: matrices are arrays of column vectors;
// M * v sums the columns scaled by v's components, v * M is one dot product per column
// (dx.op.dot4), transpose moves components, matrix * scalar scales each column.
// RUN: %shaderlens compile -T cs_6_6 -E main --print llvm %s | FileCheck %s --check-prefix=DOT
// RUN: %shaderlens compile -T cs_6_6 -E main --print llvm %s | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %shaderlens compile -T cs_6_6 -E main --print llvm %s | FileCheck %s --check-prefix=MV
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL

RWStructuredBuffer<float4> Out : register(u0);
cbuffer Constants : register(b0) {
  float4x4 M;
  float3x2 N;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 v = Out[id.x];
  float4x4 t = transpose(M);
  float2 b = mul(float3(v.xyz), N);
  Out[id.x] = mul(M, v) + mul(v, M) + mul(t, v) + mul(M * 2.0, v) + float4(b, 0, 0);
}

// mul(v, M) (OpVectorTimesMatrix): a dot product per column.
// DOT-COUNT-4: call float @llvm.dx.dot4.v4f32(<4 x float>
// transpose(M) (OpTranspose): output column r gathers component r of every input column.
// TRANSPOSE: [[C0:%[0-9]+]] = extractvalue [4 x <4 x float>] [[M:%[0-9]+]], 0
// TRANSPOSE-NEXT: extractelement <4 x float> [[C0]], i32 0
// TRANSPOSE: [[C1:%[0-9]+]] = extractvalue [4 x <4 x float>] [[M]], 1
// TRANSPOSE-NEXT: extractelement <4 x float> [[C1]], i32 0
// M * v (OpMatrixTimesVector): columns scaled by v's components and summed; float3 x float3x2
// is three columns of two.
// MV: fmul <2 x float>
// MV: fadd <2 x float>
// MV: [[T0:%[0-9]+]] = fmul <4 x float>
// MV: [[T1:%[0-9]+]] = fmul <4 x float>
// MV-NEXT: fadd <4 x float> [[T0]], [[T1]]

// DXIL-NOT: @llvm.dx.dot
// DXIL: call float @dx.op.dot4.f32(i32 56,
