// SM 6.6 implicit derivatives in a compute shader through the DXIL back end (DXC:
// tools/clang/test/HLSLFileCheck/hlsl/objects/Texture/derivatives_in_csmsas.hlsl): sample 60,
// sampleBias 61, sampleCmp 64, calculateLOD 81 (clamped i1 true / unclamped i1 false), and
// DerivCoarseX/Y 83/84 + DerivFineX/Y 85/86 (dx.op.unary). DXC sets no module or SFI0 flag for them in a compute
// shader: UsesDerivatives is function-local (cleared by DxilModule::CollectShaderFlagsForModule)
// and DerivativesInMeshAndAmpShaders is for MS/AS only (lib/DXIL/DxilShaderFlags.cpp). Before SM 6.6
// the uses are errors (DXC's validator: "opcode 'Derivatives in CS/MS/AS' should only be used in
// 'Shader Model 6.6+'"; reported here with DXC's Sema text at the call).
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main --print container %s | FileCheck %s --check-prefix=SFI0
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_5 -E main --print dxil %s 2>&1 | FileCheck %s --check-prefix=SM65
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);
SamplerComparisonState SC : register(s1);
RWStructuredBuffer<float4> O : register(u0);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  float2 uv = id.xy / 16.0;
  float4 r = T.Sample(S, uv);
  r += T.SampleBias(S, uv, 0.5);
  r += T.SampleCmp(SC, uv, 0.5);
  r.x += T.CalculateLevelOfDetail(S, uv);
  r.y += T.CalculateLevelOfDetailUnclamped(S, uv);
  r.z += ddx(uv.x) + ddy(uv.y);
  r.w += ddx_fine(uv.x) + ddy_fine(uv.y);
  O[gi] = r;
}

// CHECK: call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle [[T:%[0-9]+]], %dx.types.Handle [[S:%[0-9]+]], float [[U:%[0-9]+]], float [[V:%[0-9]+]], float undef, float undef, i32 0, i32 0, i32 undef, float undef)
// CHECK: call %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32 61, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float %{{[0-9]+}}, float %{{[0-9]+}}, float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01, float undef)
// CHECK: call %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32 64, %dx.types.Handle [[T]],
// CHECK: call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float %{{[0-9]+}}, float %{{[0-9]+}}, float undef, i1 true)
// CHECK: call float @dx.op.calculateLOD.f32(i32 81, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float %{{[0-9]+}}, float %{{[0-9]+}}, float undef, i1 false)
// CHECK: call float @dx.op.unary.f32(i32 83,
// CHECK: call float @dx.op.unary.f32(i32 84,
// CHECK: call float @dx.op.unary.f32(i32 85,
// CHECK: call float @dx.op.unary.f32(i32 86,
// The entry's shader flags: only raw/structured buffers (bit 4).
// CHECK: !{i32 0, i64 16, i32 4, !{{[0-9]+}}}

// SFI0: SFI0 feature flags: 0x0000000000000000

// SM65: compute-derivatives.hlsl:20:16: error: Intrinsic Sample potentially used by 'main' requires derivatives - shader model 6.6 or greater is required for use in compute, amplification, or mesh shaders.
// SM65-NEXT: compute-derivatives.hlsl:18:6: note: entry function defined here
