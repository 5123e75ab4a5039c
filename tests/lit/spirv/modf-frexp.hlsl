// modf and frexp (issue 19): GLSL.std.450 ModfStruct/FrexpStruct take a scalar or vector, so a
// matrix goes row by row and the rows are joined again; integer arguments of modf are computed
// in float (as DXC does); frexp's int exponent becomes HLSL's float exponent. The module
// validates in-process, so exit 0 is part of the check.
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv %s | FileCheck %s

RWStructuredBuffer<float4> V;
RWStructuredBuffer<float2x3> M;
RWStructuredBuffer<int4> I;

// CHECK-DAG: %ModfStructType = OpTypeStruct %float %float
// CHECK-DAG: %ModfStructType_0 = OpTypeStruct %v4float %v4float
// CHECK-DAG: %ModfStructType_1 = OpTypeStruct %v3float %v3float
// CHECK-DAG: %FrexpStructType = OpTypeStruct %v4float %v4int
// CHECK-DAG: %FrexpStructType_0 = OpTypeStruct %v3float %v3int
float4 main() : SV_Position {
  float4 v = V[0], ipv;
  float2x3 m = M[0], ipm, em;
  int4 iv = I[0], ipi;
  uint u = (uint)iv.x, ipu;

  // CHECK: [[UF:%[0-9]+]] = OpConvertUToF %float
  // CHECK: OpExtInst %ModfStructType {{%[0-9]+}} ModfStruct [[UF]]
  // CHECK: OpConvertFToU %uint
  uint fu = modf(u, ipu);
  // CHECK: OpExtInst %ModfStructType_0 {{%[0-9]+}} ModfStruct
  float4 fv = modf(v, ipv);
  // CHECK: [[IF:%[0-9]+]] = OpConvertSToF %v4float
  // CHECK: OpExtInst %ModfStructType_0 {{%[0-9]+}} ModfStruct [[IF]]
  // CHECK: OpConvertFToS %v4int
  int4 fi = modf(iv, ipi);
  // CHECK: [[R0:%[0-9]+]] = OpCompositeExtract %v3float [[MAT:%[0-9]+]] 0
  // CHECK: [[S0:%[0-9]+]] = OpExtInst %ModfStructType_1 {{%[0-9]+}} ModfStruct [[R0]]
  // CHECK: [[R1:%[0-9]+]] = OpCompositeExtract %v3float [[MAT]] 1
  // CHECK: [[S1:%[0-9]+]] = OpExtInst %ModfStructType_1 {{%[0-9]+}} ModfStruct [[R1]]
  // CHECK: OpCompositeConstruct %mat2v3float
  float2x3 fm = modf(m, ipm);

  // CHECK: [[FX:%[0-9]+]] = OpExtInst %FrexpStructType {{%[0-9]+}} FrexpStruct
  // CHECK: [[EXP:%[0-9]+]] = OpCompositeExtract %v4int [[FX]] 1
  // CHECK: OpConvertSToF %v4float [[EXP]]
  float4 ev;
  float4 mv = frexp(v, ev);
  // CHECK: OpExtInst %FrexpStructType_0 {{%[0-9]+}} FrexpStruct
  // CHECK: OpExtInst %FrexpStructType_0 {{%[0-9]+}} FrexpStruct
  float2x3 mm = frexp(m, em);

  return fv + ipv + fi + ipi + fu + ipu + fm[1].xyzz + ipm[0].xyzz + mv + ev + mm[0].xyzz + em[1].xyzz;
}
