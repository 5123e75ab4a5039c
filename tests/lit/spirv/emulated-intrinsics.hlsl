// msad4, lit and dst have no SPIR-V instruction and are emulated (issue 19): msad4 with shifts,
// masks and selects over the bytes of each window (no extended instruction), lit with
// GLSL.std.450 Pow as D3D defines it (of 1 where the result is 0, so no negative base reaches it), dst with one multiply. The module validates in-process, so
// exit 0 is part of the check. Values on a device: emulated-intrinsics-run.test.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv %s | FileCheck %s

// CHECK-LABEL: %src_main = OpFunction
float4 main(uint reference : REF, uint2 source : SOURCE, uint4 accum : ACCUM, float3 l : L,
            float4 a : A, float4 b : B) : SV_Position {
  // Window 1 is (source.x >> 8) | (source.y << 24).
  // CHECK: [[X:%[0-9]+]] = OpCompositeExtract %uint [[SRC:%[0-9]+]] 0
  // CHECK: [[Y:%[0-9]+]] = OpCompositeExtract %uint [[SRC]] 1
  // CHECK-NOT: OpShiftLeftLogical %uint [[X]]
  // The last byte of window 0 (source.x), then window 1.
  // CHECK: OpShiftRightLogical %uint [[X]] %uint_24
  // CHECK: [[XS:%[0-9]+]] = OpShiftRightLogical %uint [[X]] %uint_8
  // CHECK-NEXT: [[YS:%[0-9]+]] = OpShiftLeftLogical %uint [[Y]] %uint_24
  // CHECK-NEXT: OpBitwiseOr %uint [[XS]] [[YS]]
  // CHECK: OpCompositeConstruct %v4uint
  uint4 m = msad4(reference, source, accum);
  // CHECK: OpFOrdLessThan %bool
  // CHECK: OpLogicalOr %bool
  // CHECK: [[BASE:%[0-9]+]] = OpSelect %float {{%[0-9]+}} %float_1
  // CHECK: [[P:%[0-9]+]] = OpExtInst %float {{%[0-9]+}} Pow [[BASE]]
  // CHECK: [[S:%[0-9]+]] = OpSelect %float {{%[0-9]+}} %float_0 [[P]]
  // CHECK: OpCompositeConstruct %v4float %float_1 {{%[0-9]+}} [[S]] %float_1
  float4 li = lit(l.x, l.y, l.z);
  // CHECK: [[AY:%[0-9]+]] = OpCompositeExtract %float {{%[0-9]+}} 1
  // CHECK: [[BY:%[0-9]+]] = OpCompositeExtract %float {{%[0-9]+}} 1
  // CHECK: [[M:%[0-9]+]] = OpFMul %float [[AY]] [[BY]]
  // CHECK: OpCompositeConstruct %v4float %float_1 [[M]]
  float4 d = dst(a, b);
  return float4(m) + li + d;
}
