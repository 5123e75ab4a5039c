// A vertex shader through the DXIL back end: the entry wrapper reads every input element row with
// llvm.dx.load.input and writes every output row with llvm.dx.store.output (SigIds from the packed
// signatures: an array semantic spans two rows of one element), lowered to per-component
// loadInput/storeOutput; ISG1/OSG1/PSV0 come from the same packing.
// RUN: %shaderlens compile -T vs_6_0 -E main --print llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: %shaderlens compile -T vs_6_0 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T vs_6_0 -E main --print container %s | FileCheck %s --check-prefix=PARTS
struct VSOut {
  float4 pos : SV_Position;
  float2 uv : TEXCOORD0;
  float3 normal : NORMAL;
};
VSOut main(float4 pos : POSITION, float2 uv : TEXCOORD0, float4 weights[2] : BLENDWEIGHT0,
           uint vid : SV_VertexID) {
  VSOut o;
  o.pos = pos * weights[0].x + weights[1];
  o.uv = uv + float2(vid, 0);
  o.normal = pos.xyz;
  return o;
}
// LLVM: target triple = "dxil-pc-shadermodel6.0-vertex"
// LLVM-LABEL: define dso_local void @main()
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 0, i32 0, i8 0, i32 poison)
// LLVM: call <2 x float> @llvm.dx.load.input.v2f32(i32 1, i32 0, i8 0, i32 poison)
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 2, i32 0, i8 0, i32 poison)
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 2, i32 1, i8 0, i32 poison)
// LLVM: call i32 @llvm.dx.load.input.i32(i32 3, i32 0, i8 0, i32 poison)
// LLVM: [[RESULT:%[0-9]+]] = call %struct.VSOut @src.main(
// LLVM: call void @llvm.dx.store.output.v4f32(i32 0, i32 0, i8 0, <4 x float>
// LLVM: call void @llvm.dx.store.output.v2f32(i32 1, i32 0, i8 0, <2 x float>
// LLVM: call void @llvm.dx.store.output.v3f32(i32 2, i32 0, i8 0, <3 x float>
// LLVM: ret void
// LLVM: attributes #0 = { noinline nounwind "hlsl.shader"="vertex" }
// LLVM: !dx.semantic.signatures = !{![[TRIPLE:[0-9]+]]}
// LLVM: ![[TRIPLE]] = !{ptr @main, ![[IN:[0-9]+]], ![[OUT:[0-9]+]]}
// LLVM: ![[IN]] = !{![[POS:[0-9]+]], ![[UV:[0-9]+]], ![[BW:[0-9]+]], ![[VID:[0-9]+]]}
// LLVM: ![[POS]] = !{i32 0, !"POSITION", i32 9, i32 0, ![[I0:[0-9]+]], i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}
// LLVM: ![[I0]] = !{i32 0}
// LLVM: ![[BW]] = !{i32 2, !"BLENDWEIGHT", i32 9, i32 0, ![[I01:[0-9]+]], i32 0, i32 2, i8 4, i32 2, i8 0, i8 15, i8 0, i32 0}
// LLVM: ![[I01]] = !{i32 0, i32 1}
// LLVM: ![[VID]] = !{i32 3, !"SV_VertexID", i32 5, i32 1, ![[I0]], i32 0, i32 1, i8 1, i32 4, i8 0, i8 1, i8 0, i32 0}
// LLVM: !{i32 0, !"SV_Position", i32 9, i32 3, ![[I0]], i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}

// DXIL-LABEL: define dso_local void @main()
// DXIL-NOT: llvm.dx.
// DXIL: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
// DXIL: call float @dx.op.loadInput.f32(i32 4, i32 2, i32 1, i8 3, i32 undef)
// DXIL: call i32 @dx.op.loadInput.i32(i32 4, i32 3, i32 0, i8 0, i32 undef)
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 2, float
// DXIL-NOT: @src.main
// DXIL: !dx.shaderModel = !{![[SM:[0-9]+]]}
// DXIL: !dx.entryPoints = !{![[EP:[0-9]+]]}
// DXIL: ![[SM]] = !{!"vs", i32 6, i32 0}
// DXIL: ![[EP]] = !{ptr @main, !"main", ![[SIGS:[0-9]+]], null, null}
// DXIL: ![[SIGS]] = !{![[IN:[0-9]+]], ![[OUT:[0-9]+]], null}
// DXIL: !{i32 2, !"BLENDWEIGHT", i8 9, i8 0, !{{[0-9]+}}, i8 0, i32 2, i8 4, i32 2, i8 0, ![[USED:[0-9]+]]}
// DXIL: !{i32 0, !"SV_Position", i8 9, i8 3, !{{[0-9]+}}, i8 4, i32 1, i8 4, i32 0, i8 0, ![[USED]]}
// DXIL: !{i32 2, !"NORMAL", i8 9, i8 0, !{{[0-9]+}}, i8 2, i32 1, i8 3, i32 2, i8 0, ![[XYZ:[0-9]+]]}
// DXIL: ![[XYZ]] = !{i32 3, i32 7}

// PARTS: ; parts: SFI0(8) ISG1({{[0-9]+}}) OSG1({{[0-9]+}}) PSV0({{[0-9]+}}) HASH(20) DXIL({{[0-9]+}})
// PARTS: ; program: vs_6_0
// PARTS-NEXT: ; shader hash: {{[0-9a-f]{32},}} flags 0, matches the bitcode
// PARTS: ; Input signature:
// PARTS: ; POSITION                 0   xyzw        0     NONE   float   xyzw
// PARTS-NEXT: ; TEXCOORD                 0   xy          1     NONE   float   xy
// PARTS-NEXT: ; BLENDWEIGHT              0   xyzw        2     NONE   float   xyzw
// PARTS-NEXT: ; BLENDWEIGHT              1   xyzw        3     NONE   float   xyzw
// PARTS-NEXT: ; SV_VertexID              0   x           4   VERTID    uint   x
// PARTS: ; Output signature:
// PARTS: ; SV_Position              0   xyzw        0      POS   float   xyzw
// PARTS-NEXT: ; TEXCOORD                 0   xy          1     NONE   float   xy
// PARTS-NEXT: ; NORMAL                   0   xyz         2     NONE   float   xyz
// PARTS: ;   stage: vertex
// PARTS: ;   output position: yes
// PARTS: ;   vectors: input 5, output 3
// PARTS: ;   in     BLENDWEIGHT            0,1      rows 2 at 2.0 cols 4 Arbitrary float Undefined
// PARTS: ;   out    (Position)             0        rows 1 at 0.0 cols 4 Position float LinearNoperspective
// PARTS: ;   inputs contributing to outputs:
// PARTS-NEXT: ;     0.x -> 0.x 2.x
// PARTS: ;     2.x -> 0.x 0.y 0.z 0.w
// PARTS: ;     4.x -> 1.x
