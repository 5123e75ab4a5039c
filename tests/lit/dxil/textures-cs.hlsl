// Texture kinds in a compute shader through the DXIL back end: array/cube/MS/1D addressing (cubes
// take no offsets, MS loads carry the sample index, 1D one coordinate), typed texture stores
// (all four components, mask 0xF), GetDimensions with and without a mip, and the PSV0 kinds.
// RUN: %shaderlens compile -T cs_6_6 -E main --print dxil %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main --print container %s | FileCheck %s --check-prefix=PSV
Texture2DArray<int4> TA : register(t0);
TextureCube<float4> TC : register(t1);
Texture2DMS<float4> TM : register(t2);
Texture1D<float> T1 : register(t3);
RWTexture2D<float4> Out : register(u0);
RWTexture1D<uint> Out1 : register(u1);
SamplerState S : register(s0);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 r = TA.Load(int4(id.xy, 1, 0), int2(1, -1));
  r += TC.SampleLevel(S, float3(id), 0.0);
  r += TM.Load(int2(id.xy), 3);
  r += T1.SampleGrad(S, 0.5, 0.1, 0.2);
  uint mw, mh, ms;
  TM.GetDimensions(mw, mh, ms);
  r += mw + mh + ms;
  Out[id.xy] = r;
  Out1[id.x] = 7;
}

// CHECK: [[X:%[0-9]+]] = call i32 @dx.op.threadId.i32(i32 93, i32 0)
// CHECK: [[Y:%[0-9]+]] = call i32 @dx.op.threadId.i32(i32 93, i32 1)
// CHECK: [[TA:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 7, i32 1028 })
// CHECK: call %dx.types.ResRet.i32 @dx.op.textureLoad.i32(i32 66, %dx.types.Handle [[TA]], i32 0, i32 [[X]], i32 [[Y]], i32 1, i32 1, i32 -1, i32 undef)
// CHECK: [[TC:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 5, i32 1033 })
// CHECK: call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle [[TC]], %dx.types.Handle %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, float %{{[0-9]+}}, float undef, i32 undef, i32 undef, i32 undef, float 0.000000e+00)
// CHECK: [[TM:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 3, i32 1033 })
// CHECK: call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle [[TM]], i32 3, i32 [[X]], i32 [[Y]], i32 undef, i32 undef, i32 undef, i32 undef)
// CHECK: [[T1:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 1, i32 265 })
// CHECK: call %dx.types.ResRet.f32 @dx.op.sampleGrad.f32(i32 63, %dx.types.Handle [[T1]], %dx.types.Handle %{{[0-9]+}}, float 5.000000e-01, float undef, float undef, float undef, i32 0, i32 undef, i32 undef, float 0x3FB99999A0000000, float undef, float undef, float 0x3FC99999A0000000, float undef, float undef, float undef)
// CHECK: call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle [[TM]], i32 undef)
// CHECK: [[OUT:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 4098, i32 1033 })
// CHECK: call void @dx.op.textureStore.f32(i32 67, %dx.types.Handle [[OUT]], i32 [[X]], i32 [[Y]], i32 undef, float %{{.*}}, float %{{.*}}, float %{{.*}}, float %{{.*}}, i8 15)
// CHECK: [[OUT1:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 4097, i32 261 })
// CHECK: call void @dx.op.textureStore.i32(i32 67, %dx.types.Handle [[OUT1]], i32 [[X]], i32 undef, i32 undef, i32 7, i32 7, i32 7, i32 7, i8 15)

// PSV: resources: 7
// PSV-NEXT: Sampler Sampler space 0 range 0..0
// PSV-NEXT: SRVTyped Texture2DArray space 0 range 0..0
// PSV-NEXT: SRVTyped TextureCube space 0 range 1..1
// PSV-NEXT: SRVTyped Texture2DMS space 0 range 2..2
// PSV-NEXT: SRVTyped Texture1D space 0 range 3..3
// PSV-NEXT: UAVTyped Texture2D space 0 range 0..0
// PSV-NEXT: UAVTyped Texture1D space 0 range 1..1
