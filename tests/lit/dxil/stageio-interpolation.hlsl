// The seed 0047 interpolation example through the DXIL back end: the recorded modes of the seed
// table (operand 5) and DXC's entry records agree for a pixel shader's inputs; SV_IsFrontFace
// (bool) travels as i32 and is compared with 0; SV_SampleIndex (Shadow: listed, not allocated) is
// read with dx.op.sampleIndex, not loadInput.
// RUN: %shaderlens compile -T ps_6_0 -E ps_main --print llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: %shaderlens compile -T ps_6_0 -E ps_main --print dxil %s | FileCheck %s --check-prefix=DXIL
struct Material {
  float3 albedo : COLOR0;
  nointerpolation float gloss : COLOR1;
  linear float2 uv : TEXCOORD0;
};
float4 ps_main(nointerpolation Material m, uint id : ID, float4 pos : SV_Position, bool ff : SV_IsFrontFace,
               uint si : SV_SampleIndex) : SV_Target {
  return float4(m.albedo, m.gloss) + m.uv.y + id + pos.x + (ff ? 1 : 0) + si;
}
// LLVM: call <3 x float> @llvm.dx.load.input.v3f32(i32 0, i32 0, i8 0, i32 poison)
// LLVM: call float @llvm.dx.load.input.f32(i32 1, i32 0, i8 0, i32 poison)
// LLVM: call <2 x float> @llvm.dx.load.input.v2f32(i32 2, i32 0, i8 0, i32 poison)
// LLVM: call i32 @llvm.dx.load.input.i32(i32 3, i32 0, i8 0, i32 poison)
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 4, i32 0, i8 0, i32 poison)
// LLVM: [[FF:%[0-9]+]] = call i32 @llvm.dx.load.input.i32(i32 5, i32 0, i8 0, i32 poison)
// LLVM-NEXT: icmp ne i32 [[FF]], 0
// LLVM: call i32 @llvm.dx.load.input.i32(i32 6, i32 0, i8 0, i32 poison)
// LLVM: !{i32 0, !"COLOR", i32 9, i32 0, !{{[0-9]+}}, i32 1, i32 1, i8 3, i32 0, i8 0, i8 7, i8 0, i32 0}
// LLVM: !{i32 1, !"COLOR", i32 9, i32 0, !{{[0-9]+}}, i32 1, i32 1, i8 1, i32 0, i8 3, i8 1, i8 0, i32 0}
// LLVM: !{i32 2, !"TEXCOORD", i32 9, i32 0, !{{[0-9]+}}, i32 2, i32 1, i8 2, i32 1, i8 0, i8 2, i8 0, i32 0}
// LLVM: !{i32 3, !"ID", i32 5, i32 0, !{{[0-9]+}}, i32 1, i32 1, i8 1, i32 2, i8 0, i8 1, i8 0, i32 0}
// LLVM: !{i32 4, !"SV_Position", i32 9, i32 3, !{{[0-9]+}}, i32 4, i32 1, i8 4, i32 3, i8 0, i8 1, i8 0, i32 0}
// LLVM: !{i32 5, !"SV_IsFrontFace", i32 1, i32 13, !{{[0-9]+}}, i32 1, i32 1, i8 1, i32 2, i8 1, i8 1, i8 0, i32 0}
// LLVM: !{i32 6, !"SV_SampleIndex", i32 5, i32 12, !{{[0-9]+}}, i32 1, i32 1, i8 1, i32 -1, i8 -1, i8 1, i8 0, i32 0}

// DXIL-LABEL: define dso_local void @ps_main()
// DXIL: call float @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 1, i32 undef)
// DXIL-NOT: @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 0
// DXIL: [[FF:%[0-9]+]] = call i32 @dx.op.loadInput.i32(i32 4, i32 5, i32 0, i8 0, i32 undef)
// DXIL-NEXT: icmp ne i32 [[FF]], 0
// DXIL: call i32 @dx.op.sampleIndex.i32(i32 90)
// DXIL-NOT: @dx.op.loadInput.i32(i32 4, i32 6,
// DXIL: declare float @dx.op.loadInput.f32(i32, i32, i32, i8, i32) [[RN:#[0-9]+]]
// DXIL: attributes [[RN]] = { nounwind willreturn memory(none) }
// DXIL: !{i32 5, !"SV_IsFrontFace", i8 1, i8 13, !{{[0-9]+}}, i8 1, i32 1, i8 1, i32 2, i8 1, !{{[0-9]+}}}
// DXIL: !{i32 6, !"SV_SampleIndex", i8 5, i8 12, !{{[0-9]+}}, i8 1, i32 1, i8 1, i32 -1, i8 -1, !{{[0-9]+}}}
