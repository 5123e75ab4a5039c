// Texture sampling in a pixel shader through the DXIL back end: the llvm stage carries
// target("dx.Texture"/"dx.Sampler") handles and llvm.dx.resource.sample*/gather*/load.texture;
// the dxil stage has DXC's dx.op forms (unused coordinates, offsets and clamp undef; zero offsets
// for Sample*/Gather without one; undef offsets for Load without one), the handle properties,
// the dx.resources entries (sampler kind default/comparison) and the PSV0 bindings.
// RUN: %shaderlens compile -T ps_6_6 -E main --print llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: %shaderlens compile -T ps_6_6 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T ps_6_6 -E main --print container %s | FileCheck %s --check-prefix=PSV
Texture2D<float4> T : register(t0);
RWTexture2D<float4> U : register(u1);
SamplerState S : register(s0);
SamplerComparisonState SC : register(s1);

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  float4 r = T.Sample(S, uv);
  r += T.SampleLevel(S, uv, 2.0, int2(1, 2));
  r += T.SampleBias(S, uv, 0.5);
  r += T.SampleGrad(S, uv, float2(1, 0), float2(0, 1));
  r += T.SampleCmp(SC, uv, 0.5);
  r += T.SampleCmpLevelZero(SC, uv, 0.5);
  r += T.GatherGreen(S, uv, int2(1, 1));
  r += T.GatherCmp(SC, uv, 0.25);
  r += T.Load(int3(1, 2, 3));
  uint w, h, levels;
  T.GetDimensions(1, w, h, levels);
  r += w + h + levels;
  r += U[uint2(4, 5)];
  return r;
}

// LLVM: call target("dx.Texture", <4 x float>, 0, 0, 0, 2) @llvm.dx.resource.handlefrombinding.tdx.Texture_v4f32_0_0_0_2t(i32 0, i32 0, i32 1, i32 0, i1 false)
// LLVM: call target("dx.Sampler", 0) @llvm.dx.resource.handlefrombinding.tdx.Sampler_0t(i32 0, i32 0, i32 1, i32 0, i1 false)
// LLVM: call <4 x float> @llvm.dx.resource.sample.v4f32.tdx.Texture_v4f32_0_0_0_2t.tdx.Sampler_0t.v2f32.v2i32(target("dx.Texture", <4 x float>, 0, 0, 0, 2) %{{.*}}, target("dx.Sampler", 0) %{{.*}}, <2 x float> %{{.*}}, <2 x i32> zeroinitializer, float poison)
// LLVM: @llvm.dx.resource.samplelevel.{{.*}}, <2 x i32> <i32 1, i32 2>, float 2.000000e+00)
// LLVM: call float @llvm.dx.resource.samplecmp.f32.
// LLVM: call float @llvm.dx.resource.samplecmplevelzero.f32.
// LLVM: @llvm.dx.resource.gather.{{.*}}, <2 x i32> <i32 1, i32 1>, i32 1)
// LLVM: @llvm.dx.resource.gathercmp.
// LLVM: @llvm.dx.resource.load.texture.v4f32.tdx.Texture_v4f32_0_0_0_2t.v2i32.i32({{.*}}, <2 x i32> <i32 1, i32 2>, i32 3, i32 poison)
// LLVM: call { i32, i32, i32, i32 } @llvm.dx.resource.getdimensions.texture.tdx.Texture_v4f32_0_0_0_2t({{.*}}, i32 1)

// DXIL: [[TB:%[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)
// DXIL: [[T:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle [[TB]], %dx.types.ResourceProperties { i32 2, i32 1033 })
// DXIL: [[SB:%[0-9]+]] = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 3 }, i32 0, i1 false)
// DXIL: [[S:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle [[SB]], %dx.types.ResourceProperties { i32 14, i32 0 })
// DXIL: [[R:%[0-9]+]] = call %dx.types.ResRet.f32 @dx.op.sample.f32(i32 60, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float [[U:%[0-9]+]], float [[V:%[0-9]+]], float undef, float undef, i32 0, i32 0, i32 undef, float undef)
// DXIL: extractvalue %dx.types.ResRet.f32 [[R]], 0
// DXIL: extractvalue %dx.types.ResRet.f32 [[R]], 3
// DXIL: call %dx.types.ResRet.f32 @dx.op.sampleLevel.f32(i32 62, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float [[U]], float [[V]], float undef, float undef, i32 1, i32 2, i32 undef, float 2.000000e+00)
// DXIL: call %dx.types.ResRet.f32 @dx.op.sampleBias.f32(i32 61, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float [[U]], float [[V]], float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01, float undef)
// DXIL: call %dx.types.ResRet.f32 @dx.op.sampleGrad.f32(i32 63, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float [[U]], float [[V]], float undef, float undef, i32 0, i32 0, i32 undef, float 1.000000e+00, float 0.000000e+00, float undef, float 0.000000e+00, float 1.000000e+00, float undef, float undef)
// DXIL: [[SC:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 32782, i32 0 })
// DXIL: [[C:%[0-9]+]] = call %dx.types.ResRet.f32 @dx.op.sampleCmp.f32(i32 64, %dx.types.Handle [[T]], %dx.types.Handle [[SC]], float [[U]], float [[V]], float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01, float undef)
// DXIL: extractvalue %dx.types.ResRet.f32 [[C]], 0
// DXIL: call %dx.types.ResRet.f32 @dx.op.sampleCmpLevelZero.f32(i32 65, %dx.types.Handle [[T]], %dx.types.Handle [[SC]], float [[U]], float [[V]], float undef, float undef, i32 0, i32 0, i32 undef, float 5.000000e-01)
// DXIL: call %dx.types.ResRet.f32 @dx.op.textureGather.f32(i32 73, %dx.types.Handle [[T]], %dx.types.Handle [[S]], float [[U]], float [[V]], float undef, float undef, i32 1, i32 1, i32 1)
// DXIL: call %dx.types.ResRet.f32 @dx.op.textureGatherCmp.f32(i32 74, %dx.types.Handle [[T]], %dx.types.Handle [[SC]], float [[U]], float [[V]], float undef, float undef, i32 0, i32 0, i32 0, float 2.500000e-01)
// DXIL: call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle [[T]], i32 3, i32 1, i32 2, i32 undef, i32 undef, i32 undef, i32 undef)
// DXIL: [[D:%[0-9]+]] = call %dx.types.Dimensions @dx.op.getDimensions(i32 72, %dx.types.Handle [[T]], i32 1)
// DXIL: extractvalue %dx.types.Dimensions [[D]], 0
// DXIL: [[UH:%[0-9]+]] = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 4098, i32 1033 })
// DXIL: call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(i32 66, %dx.types.Handle [[UH]], i32 undef, i32 4, i32 5, i32 undef, i32 undef, i32 undef, i32 undef)
// DXIL-NOT: llvm.dx.resource
// DXIL: declare %dx.types.ResRet.f32 @dx.op.sample.f32(i32, %dx.types.Handle, %dx.types.Handle, float, float, float, float, i32, i32, i32, float)
// DXIL: !dx.resources = !{[[RES:![0-9]+]]}
// DXIL: [[RES]] = !{[[SRVS:![0-9]+]], [[UAVS:![0-9]+]], null, [[SAMPLERS:![0-9]+]]}
// DXIL: !{i32 0, ptr undef, !"T.i", i32 0, i32 0, i32 1, i32 2, i32 0, [[TAG:![0-9]+]]}
// DXIL: [[TAG]] = !{i32 0, i32 9}
// DXIL: !{i32 0, ptr undef, !"U.i", i32 0, i32 1, i32 1, i32 2, i1 false, i1 false, i1 false, [[TAG]]}
// DXIL: !{i32 0, ptr undef, !"S.i", i32 0, i32 0, i32 1, i32 0, null}
// DXIL: !{i32 1, ptr undef, !"SC.i", i32 0, i32 1, i32 1, i32 1, null}

// PSV: resources: 4
// PSV-NEXT: Sampler Sampler space 0 range 0..0
// PSV-NEXT: Sampler Sampler space 0 range 1..1
// PSV-NEXT: SRVTyped Texture2D space 0 range 0..0
// PSV-NEXT: UAVTyped Texture2D space 0 range 1..1
