// A pixel shader through the DXIL back end: SV_Position interpolates linear noperspective (4),
// nointerpolation TEXCOORD0 is constant (1), two render targets and SV_Depth (not allocated);
// discard and clip become dx.op.discard, ddx/ddy_fine the derivative ops, per component.
// RUN: %shaderlens compile -T ps_6_0 -E main --print llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: %shaderlens compile -T ps_6_0 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T ps_6_0 -E main --print container %s | FileCheck %s --check-prefix=PARTS
struct PSOut {
  float4 color : SV_Target0;
  float4 extra : SV_Target1;
  float depth : SV_Depth;
};
PSOut main(float4 pos : SV_Position, nointerpolation float4 uv : TEXCOORD0, float2 t : TEXCOORD1) {
  PSOut o;
  if (uv.w < 0) discard;
  clip(t.x);
  o.color = pos + ddx(uv) + ddy_fine(t).xyxy;
  o.extra = float4(uv.xyz, 1);
  o.depth = pos.z;
  return o;
}
// LLVM: target triple = "dxil-pc-shadermodel6.0-pixel"
// LLVM-LABEL: define dso_local void @main()
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 0, i32 0, i8 0, i32 poison)
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 1, i32 0, i8 0, i32 poison)
// LLVM: call <2 x float> @llvm.dx.load.input.v2f32(i32 2, i32 0, i8 0, i32 poison)
// LLVM: call %struct.PSOut @src.main(
// LLVM: call void @llvm.dx.store.output.v4f32(i32 0, i32 0, i8 0, <4 x float>
// LLVM: call void @llvm.dx.store.output.v4f32(i32 1, i32 0, i8 0, <4 x float>
// LLVM: call void @llvm.dx.store.output.f32(i32 2, i32 0, i8 0, float
// LLVM-LABEL: define internal %struct.PSOut @src.main(
// LLVM: call void @llvm.dx.discard(i1 true)
// LLVM: call void @llvm.dx.discard(i1 true)
// LLVM: call <4 x float> @llvm.dx.ddx.coarse.v4f32(<4 x float>
// LLVM: call <2 x float> @llvm.dx.ddy.fine.v2f32(<2 x float>
// LLVM: !{i32 0, !"SV_Position", i32 9, i32 3, ![[I0:[0-9]+]], i32 4, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}
// LLVM: !{i32 1, !"TEXCOORD", i32 9, i32 0, ![[I0]], i32 1, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0}
// LLVM: !{i32 2, !"TEXCOORD", i32 9, i32 0, ![[I1:[0-9]+]], i32 2, i32 1, i8 2, i32 2, i8 0, i8 3, i8 0, i32 0}
// LLVM: !{i32 0, !"SV_Target", i32 9, i32 16, ![[I0]], i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}
// LLVM: !{i32 1, !"SV_Target", i32 9, i32 16, ![[I1]], i32 0, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0}
// LLVM: !{i32 2, !"SV_Depth", i32 9, i32 17, ![[I0]], i32 0, i32 1, i8 1, i32 -1, i8 -1, i8 1, i8 0, i32 0}

// DXIL-LABEL: define dso_local void @main()
// DXIL: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
// DXIL: call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 3, i32 undef)
// DXIL: call float @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 1, i32 undef)
// DXIL: call void @dx.op.discard(i32 82, i1 true)
// DXIL: call void @dx.op.discard(i32 82, i1 true)
// DXIL-COUNT-4: call float @dx.op.unary.f32(i32 83, float
// DXIL-COUNT-2: call float @dx.op.unary.f32(i32 86, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float 1.000000e+00)
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float
// DXIL: ret void
// DXIL: !dx.entryPoints = !{![[EP:[0-9]+]]}
// DXIL: !{!"ps", i32 6, i32 0}
// DXIL: ![[EP]] = !{ptr @main, !"main", !{{[0-9]+}}, null, null}
// DXIL: !{i32 0, !"SV_Position", i8 9, i8 3, !{{[0-9]+}}, i8 4, i32 1, i8 4, i32 0, i8 0, !{{[0-9]+}}}
// DXIL: !{i32 1, !"TEXCOORD", i8 9, i8 0, !{{[0-9]+}}, i8 1, i32 1, i8 4, i32 1, i8 0, !{{[0-9]+}}}
// DXIL: !{i32 2, !"SV_Depth", i8 9, i8 17, !{{[0-9]+}}, i8 0, i32 1, i8 1, i32 -1, i8 -1, !{{[0-9]+}}}

// PARTS: ; program: ps_6_0
// PARTS: ; SV_Position              0   xyzw        0      POS   float   xyzw
// PARTS-NEXT: ; TEXCOORD                 0   xyzw        1     NONE   float   xyzw
// PARTS-NEXT: ; TEXCOORD                 1   xy          2     NONE   float   xy
// PARTS: ; SV_Target                0   xyzw        0   TARGET   float   xyzw
// PARTS-NEXT: ; SV_Target                1   xyzw        1   TARGET   float   xyzw
// PARTS-NEXT: ; SV_Depth                 0    N/A   oDepth    DEPTH   float    YES
// PARTS: ;   stage: pixel
// PARTS: ;   depth output: yes, sample frequency: no
// PARTS: ;   in     TEXCOORD               0        rows 1 at 1.0 cols 4 Arbitrary float Constant
// PARTS: ;   out    (Depth)                0        rows 1 unallocated cols 1 Depth float Undefined
