// SPIR-V matrix instructions through the DXIL back end: matrices are arrays of column vectors;
// as DXC expands mul(), M * v scales the first column by v.x and multiply-adds the others, v * M is
// per component a multiply and multiply-adds (llvm.fmuladd -> dx.op.tertiary FMad, 46; DXC's
// HLSLFileCheck mul.hlsl pins the same shape); transpose moves components, matrix * scalar scales
// each column.
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

// mul(v, M) (OpVectorTimesMatrix): per column, v.x * c.x, then three multiply-adds.
// DOT-COUNT-4: fmul float {{.*}}{{$}}
// DOT-NOT: @llvm.dx.dot4
// DOT: [[P:%[0-9]+]] = fmul float
// DOT-NEXT: extractelement
// DOT-NEXT: extractelement
// DOT-NEXT: [[Q:%[0-9]+]] = call float @llvm.fmuladd.f32(float %{{[0-9]+}}, float %{{[0-9]+}}, float [[P]])
// transpose(M) (OpTranspose): output column r gathers component r of every input column.
// TRANSPOSE: [[C0:%[0-9]+]] = extractvalue [4 x <4 x float>] [[M:%[0-9]+]], 0
// TRANSPOSE-NEXT: extractelement <4 x float> [[C0]], i32 0
// TRANSPOSE: [[C1:%[0-9]+]] = extractvalue [4 x <4 x float>] [[M]], 1
// TRANSPOSE-NEXT: extractelement <4 x float> [[C1]], i32 0
// M * v (OpMatrixTimesVector): columns scaled by v's components and summed; float3 x float3x2
// is three columns of two.
// MV: [[A0:%[0-9]+]] = fmul <2 x float>
// MV: [[A1:%[0-9]+]] = call <2 x float> @llvm.fmuladd.v2f32(<2 x float> %{{[0-9]+}}, <2 x float> %.splat{{[0-9]*}}, <2 x float> [[A0]])
// MV: call <2 x float> @llvm.fmuladd.v2f32(<2 x float> %{{[0-9]+}}, <2 x float> %.splat{{[0-9]*}}, <2 x float> [[A1]])
// MV: [[T0:%[0-9]+]] = fmul <4 x float>
// MV: call <4 x float> @llvm.fmuladd.v4f32(<4 x float> %{{[0-9]+}}, <4 x float> %.splat{{[0-9]*}}, <4 x float> [[T0]])

// DXIL-NOT: @llvm.
// DXIL: call float @dx.op.tertiary.f32(i32 46,
