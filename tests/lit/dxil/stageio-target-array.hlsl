// An array of render targets: DXC gives each SV_Target its own element (ID, semantic index,
// register) in dx.entryPoints, ISG1/OSG1 and PSV0, while the llvm stage and
// !dx.semantic.signatures keep the declaration-order element of two rows (seed 0047).
// An arbitrary-semantic array (TEXCOORD0) stays one two-row element everywhere.
// RUN: %shaderlens compile -T ps_6_0 -E main --print llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: %shaderlens compile -T ps_6_0 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T ps_6_0 -E main --print container %s | FileCheck %s --check-prefix=PARTS
// LLVM's DXContainer reader (obj2yaml) reads the parts back:
// RUN: %shaderlens compile -T ps_6_0 -E main -Fo %t.dxbc %s
// RUN: obj2yaml %t.dxbc | FileCheck %s --check-prefix=YAML
void main(float4 tc[2] : TEXCOORD0, out float4 t[2] : SV_Target1, out float depth : SV_Depth) {
  t[0] = tc[0];
  t[1] = tc[1] * 2;
  depth = tc[0].x;
}
// LLVM: call void @llvm.dx.store.output.v4f32(i32 0, i32 0, i8 0, <4 x float>
// LLVM: call void @llvm.dx.store.output.v4f32(i32 0, i32 1, i8 0, <4 x float>
// LLVM: call void @llvm.dx.store.output.f32(i32 1, i32 0, i8 0, float
// LLVM: !{i32 0, !"SV_Target", i32 9, i32 16, ![[T:[0-9]+]], i32 0, i32 2, i8 4, i32 1, i8 0, i8 15, i8 0, i32 0}
// LLVM: ![[T]] = !{i32 1, i32 2}

// DXIL-LABEL: define dso_local void @main()
// DXIL-COUNT-4: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 {{[01]}}, i8 {{[0-3]}}, i32 undef)
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 0, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 0, i32 0, i8 3, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 3, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 0, float
// DXIL: ![[EP:[0-9]+]] = !{ptr @main, !"main", ![[SIGS:[0-9]+]], null, null}
// DXIL: ![[SIGS]] = !{![[IN:[0-9]+]], ![[OUT:[0-9]+]], null}
// DXIL: ![[IN]] = !{![[TC:[0-9]+]]}
// DXIL: ![[TC]] = !{i32 0, !"TEXCOORD", i8 9, i8 0, !{{[0-9]+}}, i8 2, i32 2, i8 4, i32 0, i8 0, !{{[0-9]+}}}
// DXIL: ![[OUT]] = !{![[T1:[0-9]+]], ![[T2:[0-9]+]], ![[D:[0-9]+]]}
// DXIL: ![[T1]] = !{i32 0, !"SV_Target", i8 9, i8 16, ![[I1:[0-9]+]], i8 0, i32 1, i8 4, i32 1, i8 0, !{{[0-9]+}}}
// DXIL: ![[I1]] = !{i32 1}
// DXIL: ![[T2]] = !{i32 1, !"SV_Target", i8 9, i8 16, ![[I2:[0-9]+]], i8 0, i32 1, i8 4, i32 2, i8 0, !{{[0-9]+}}}
// DXIL: ![[I2]] = !{i32 2}
// DXIL: ![[D]] = !{i32 2, !"SV_Depth", i8 9, i8 17,

// PARTS: ; TEXCOORD                 0   xyzw        0     NONE   float   xyzw
// PARTS-NEXT: ; TEXCOORD                 1   xyzw        1     NONE   float   xyzw
// PARTS: ; SV_Target                1   xyzw        1   TARGET   float   xyzw
// PARTS-NEXT: ; SV_Target                2   xyzw        2   TARGET   float   xyzw
// PARTS-NEXT: ; SV_Depth                 0    N/A   oDepth    DEPTH   float    YES
// PARTS: ;   signature elements: 4
// PARTS-NEXT: ;   in     TEXCOORD               0,1      rows 2 at 0.0 cols 4 Arbitrary float Linear
// PARTS-NEXT: ;   out    (Target)               1        rows 1 at 1.0 cols 4 Target float Undefined
// PARTS-NEXT: ;   out    (Target)               2        rows 1 at 2.0 cols 4 Target float Undefined
// PARTS-NEXT: ;   out    (Depth)                0        rows 1 unallocated cols 1 Depth float Undefined

// YAML: - Name: OSG1
// YAML: Name: SV_Target
// YAML-NEXT: Index: 1
// YAML-NEXT: SystemValue: Target
// YAML-NEXT: CompType: Float32
// YAML-NEXT: Register: 1
// YAML: Name: SV_Target
// YAML-NEXT: Index: 2
// YAML-NEXT: SystemValue: Target
// YAML-NEXT: CompType: Float32
// YAML-NEXT: Register: 2
// YAML: - Name: PSV0
// YAML: SigOutputElements:
// YAML-NEXT: - Name: ''
// YAML-NEXT: Indices: [ 1 ]
// YAML-NEXT: StartRow: 1
// YAML-NEXT: Cols: 4
// YAML-NEXT: StartCol: 0
// YAML-NEXT: Allocated: true
// YAML-NEXT: Kind: Target
// YAML: - Name: ''
// YAML-NEXT: Indices: [ 2 ]
// YAML-NEXT: StartRow: 2
