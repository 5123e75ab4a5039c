// Word/byte packing intrinsics: D3DCOLORtoUBYTE4 is int4(x.zyxw * 255.001953); asdouble builds a
// double from (lo, hi) words; asuint(double, out lo, out hi) splits one; AddUint64 adds (lo, hi)
// pairs with a carry; dot2add accumulates in fp32; dot4add_*8packed multiplies bytes pairwise.
// RUN: %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s

StructuredBuffer<float4> Colors;
StructuredBuffer<uint4> Words;
StructuredBuffer<double2> Doubles;
RWStructuredBuffer<int4> OutI;
RWStructuredBuffer<uint4> OutU;
RWStructuredBuffer<double2> OutD;
RWStructuredBuffer<float> OutF;

[numthreads(1, 1, 1)]
void main() {
  // CHECK: [[C:%[0-9]+]] = OpLoad %v4float
  // CHECK: [[ZYXW:%[0-9]+]] = OpCompositeConstruct %v4float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}}
  // CHECK: [[S:%[0-9]+]] = OpFMul %v4float [[ZYXW]]
  // CHECK: OpConvertFToS %v4int [[S]]
  OutI[0] = D3DCOLORtoUBYTE4(Colors[0]);

  // CHECK: OpCompositeConstruct %v2uint
  // CHECK: OpBitcast %double
  OutD[0] = asdouble(Words[0].xy, Words[0].zw);

  // CHECK: OpBitcast %v2uint
  uint2 lo, hi;
  asuint(Doubles[0], lo, hi);
  OutU[0] = uint4(lo, hi);

  // CHECK: [[LO:%[0-9]+]] = OpIAdd %uint
  // CHECK: OpULessThan %bool [[LO]]
  // CHECK: OpSelect %uint
  OutU[1] = AddUint64(Words[1], Words[2]);

  // CHECK: OpFConvert %v2float
  // CHECK: OpDot %float
  // CHECK: OpFAdd %float
  OutF[0] = dot2add(half2(Colors[1].xy), half2(Colors[1].zw), Colors[1].x);

  // CHECK: OpShiftLeftLogical %int
  // CHECK: OpShiftRightArithmetic %int
  // CHECK: OpIMul %int
  OutI[1].x = dot4add_i8packed(Words[3].x, Words[3].y, 5);
  // CHECK: OpShiftRightLogical %uint
  // CHECK: OpBitwiseAnd %uint
  // CHECK: OpIMul %uint
  OutU[2].x = dot4add_u8packed(Words[3].x, Words[3].y, 5u);
}
