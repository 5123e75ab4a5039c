// SV_Coverage as a pixel shader input is NotInSig: DXC reads it with dx.op.coverage (91) and
// lists it in no signature (tables, dx.entryPoints, ISG1, PSV0), so COLOR0 is input element 1.
// As an output it stays a NotPacked element (oMask). SV_InnerCoverage with it is an error, and
// both must be 32-bit integer scalars.
// RUN: %shaderlens compile -T ps_6_0 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T ps_6_0 -E main --print container %s | FileCheck %s --check-prefix=PARTS
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E both --print signatures %s 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E wrongType --print signatures %s 2>&1 | FileCheck %s --check-prefix=TYPE
float4 main(uint cov : SV_Coverage, float4 p : SV_Position, float4 col : COLOR0, out uint mask : SV_Coverage) : SV_Target {
  mask = cov & 5;
  return col * (cov & 3);
}
float4 both(float4 col : COLOR0, uint inner : SV_InnerCoverage, uint cov : SV_Coverage) : SV_Target {
  return col;
}
float4 wrongType(float cov : SV_Coverage) : SV_Target {
  return cov;
}
// DXIL-LABEL: define dso_local void @main()
// DXIL: call i32 @dx.op.coverage.i32(i32 91)
// DXIL: call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
// DXIL-NOT: @dx.op.loadInput.i32
// DXIL: call void @dx.op.storeOutput.i32(i32 5, i32 1, i32 0, i8 0, i32
// DXIL: declare i32 @dx.op.coverage.i32(i32) #[[RN:[0-9]+]]
// DXIL: attributes #[[RN]] = { nounwind willreturn memory(none) }
// The seed table keeps the declaration-order element (unallocated); DXC's lists do not have it.
// DXIL: !{i32 0, !"SV_Coverage", i32 5, i32 14, !{{[0-9]+}}, i32 1, i32 1, i8 1, i32 -1, i8 -1, i8 1, i8 0, i32 0}
// DXIL: ![[SIGS:[0-9]+]] = !{![[IN:[0-9]+]], ![[OUT:[0-9]+]], null}
// DXIL: ![[IN]] = !{![[POS:[0-9]+]], ![[COL:[0-9]+]]}
// DXIL: ![[POS]] = !{i32 0, !"SV_Position", i8 9, i8 3,
// DXIL: ![[COL]] = !{i32 1, !"COLOR", i8 9, i8 0,
// DXIL: ![[OUT]] = !{![[T:[0-9]+]], ![[M:[0-9]+]]}
// DXIL: ![[M]] = !{i32 1, !"SV_Coverage", i8 5, i8 14, !{{[0-9]+}}, i8 0, i32 1, i8 1, i32 -1, i8 -1,

// PARTS: ; SFI0 feature flags: 0x0000000000000000
// PARTS: ; Input signature:
// PARTS-NOT: SV_Coverage
// PARTS: ; SV_Position              0   xyzw        0      POS   float
// PARTS-NEXT: ; COLOR                    0   xyzw        1     NONE   float   xyzw
// PARTS: ; Output signature:
// PARTS: ; SV_Target                0   xyzw        0   TARGET   float   xyzw
// PARTS-NEXT: ; SV_Coverage              0    N/A    oMask COVERAGE    uint    YES
// PARTS: ;   depth output: no, sample frequency: no
// PARTS: ;   signature elements: 4
// PARTS-NEXT: ;   in     (Position)
// PARTS-NEXT: ;   in     COLOR
// PARTS-NEXT: ;   out    (Target)
// PARTS-NEXT: ;   out    (Coverage)

// BOTH: stageio-coverage.hlsl:13:70: error: pixel shader inputs SV_Coverage and SV_InnerCoverage are mutually exclusive
// TYPE: stageio-coverage.hlsl:16:24: error: semantic 'SV_Coverage0' must be a 32-bit integer scalar (uint): it is read with dx.op.coverage, which returns i32
