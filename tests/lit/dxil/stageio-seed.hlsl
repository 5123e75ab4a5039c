// Seed 0047's example through the DXIL back end: the !dx.semantic.signatures table Clang's
// emitEntryFunction would emit (one function/signature triple per entry, 13-operand elements,
// SigIds in declaration order matching the load.input/store.output calls), with the seed's rules
// applied: PS SV_Position records linear noperspective (4), VS elements record Undefined (rule 3),
// usage masks come from the components really read (uv1.xyz -> 7). dx.entryPoints carries DXC's
// 11-operand elements of the same packing.
// RUN: %shaderlens compile -T vs_6_0 -E vs_main --print llvm %s | FileCheck %s --check-prefix=VS
// RUN: %shaderlens compile -T ps_6_0 -E ps_main --print llvm %s | FileCheck %s --check-prefix=PS
// RUN: %shaderlens compile -T ps_6_0 -E ps_main --print dxil %s | FileCheck %s --check-prefix=PSDXIL
float4 vs_main(float4 pos   : POSITION,
               float4 uv[2] : TEXCOORD0) : SV_Position {
  return pos + uv[0] + uv[1];
}

struct PSOut {
  float4 color : SV_Target0;
  float4 extra : SV_Target1;
};

PSOut ps_main(float4 pos : SV_Position,
              float4 uv0 : TEXCOORD0,
              float4 uv1 : TEXCOORD1) {
  PSOut o;
  o.color = pos + uv0;
  o.extra = float4(uv1.xyz, 1);
  return o;
}
// VS: call <4 x float> @llvm.dx.load.input.v4f32(i32 0, i32 0, i8 0, i32 poison)
// VS: call <4 x float> @llvm.dx.load.input.v4f32(i32 1, i32 0, i8 0, i32 poison)
// VS: call <4 x float> @llvm.dx.load.input.v4f32(i32 1, i32 1, i8 0, i32 poison)
// VS: call <4 x float> @src.vs_main(
// VS: call void @llvm.dx.store.output.v4f32(i32 0, i32 0, i8 0, <4 x float>
// VS: !dx.semantic.signatures = !{![[T:[0-9]+]]}
// VS: ![[T]] = !{ptr @vs_main, ![[IN:[0-9]+]], ![[OUT:[0-9]+]]}
// VS: ![[IN]] = !{![[E1:[0-9]+]], ![[E2:[0-9]+]]}
// VS: ![[E1]] = !{i32 0, !"POSITION", i32 9, i32 0, ![[I50:[0-9]+]], i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}
// VS: ![[I50]] = !{i32 0}
// VS: ![[E2]] = !{i32 1, !"TEXCOORD", i32 9, i32 0, ![[I51:[0-9]+]], i32 0, i32 2, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0}
// VS: ![[I51]] = !{i32 0, i32 1}
// VS: ![[OUT]] = !{![[E3:[0-9]+]]}
// VS: ![[E3]] = !{i32 0, !"SV_Position", i32 9, i32 3, ![[I50]], i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}

// PS: call <4 x float> @llvm.dx.load.input.v4f32(i32 0, i32 0, i8 0, i32 poison)
// PS: call <4 x float> @llvm.dx.load.input.v4f32(i32 1, i32 0, i8 0, i32 poison)
// PS: call <4 x float> @llvm.dx.load.input.v4f32(i32 2, i32 0, i8 0, i32 poison)
// PS: call void @llvm.dx.store.output.v4f32(i32 0, i32 0, i8 0, <4 x float>
// PS: call void @llvm.dx.store.output.v4f32(i32 1, i32 0, i8 0, <4 x float>
// PS: !dx.semantic.signatures = !{![[T:[0-9]+]]}
// PS: ![[T]] = !{ptr @ps_main, ![[IN:[0-9]+]], ![[OUT:[0-9]+]]}
// PS: ![[IN]] = !{![[E4:[0-9]+]], ![[E5:[0-9]+]], ![[E6:[0-9]+]]}
// PS: ![[E4]] = !{i32 0, !"SV_Position", i32 9, i32 3, ![[I50:[0-9]+]], i32 4, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}
// PS: ![[E5]] = !{i32 1, !"TEXCOORD", i32 9, i32 0, ![[I50]], i32 2, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0}
// PS: ![[E6]] = !{i32 2, !"TEXCOORD", i32 9, i32 0, ![[I52:[0-9]+]], i32 2, i32 1, i8 4, i32 2, i8 0, i8 7, i8 0, i32 0}
// PS: ![[OUT]] = !{![[E7:[0-9]+]], ![[E8:[0-9]+]]}
// PS: ![[E7]] = !{i32 0, !"SV_Target", i32 9, i32 16, ![[I50]], i32 0, i32 1, i8 4, i32 0, i8 0, i8 15, i8 0, i32 0}
// PS: ![[E8]] = !{i32 1, !"SV_Target", i32 9, i32 16, ![[I52]], i32 0, i32 1, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0}

// uv1.w is never read: three loadInputs of element 2.
// PSDXIL-LABEL: define dso_local void @ps_main()
// PSDXIL: @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 0, i32 undef)
// PSDXIL: @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 1, i32 undef)
// PSDXIL: @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 2, i32 undef)
// PSDXIL-NOT: @dx.op.loadInput.f32(i32 4, i32 2, i32 0, i8 3
// PSDXIL: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float 1.000000e+00)
// PSDXIL: !dx.semantic.signatures = !{
// PSDXIL: !dx.entryPoints = !{![[EP:[0-9]+]]}
// PSDXIL: ![[EP]] = !{ptr @ps_main, !"ps_main", ![[SIGS:[0-9]+]], null, null}
// PSDXIL: ![[SIGS]] = !{![[IN:[0-9]+]], ![[OUT:[0-9]+]], null}
// PSDXIL: ![[IN]] = !{![[A:[0-9]+]], ![[B:[0-9]+]], ![[C:[0-9]+]]}
// PSDXIL: ![[A]] = !{i32 0, !"SV_Position", i8 9, i8 3, !{{[0-9]+}}, i8 4, i32 1, i8 4, i32 0, i8 0, ![[XYZW:[0-9]+]]}
// PSDXIL: ![[XYZW]] = !{i32 3, i32 15}
// PSDXIL: ![[C]] = !{i32 2, !"TEXCOORD", i8 9, i8 0, !{{[0-9]+}}, i8 2, i32 1, i8 4, i32 2, i8 0, ![[XYZ:[0-9]+]]}
// PSDXIL: ![[XYZ]] = !{i32 3, i32 7}
