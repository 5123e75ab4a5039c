// Multisampled textures (issue 19): `T[coord]` on a Texture2DMS reads sample 0 (a multisampled
// OpImageFetch needs the Sample operand; DXC passes 0), Load takes the sample index, GetDimensions
// reports the sample count (OpImageQuerySamples), and GetSamplePosition reads the standard D3D
// pattern of the image's sample count from one constant table, (0, 0) for other counts or an
// index past the count. The module validates in-process, so exit 0 is part of the check.
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv --print spirv %s | FileCheck %s

// CHECK-DAG: OpCapability ImageQuery
// CHECK-DAG: [[MS:%[0-9]+]] = OpTypeImage %float 2D 2 0 1 1 Unknown
// CHECK-DAG: [[MSA:%[0-9]+]] = OpTypeImage %uint 2D 2 1 1 1 Unknown
// The 4-sample pattern's first position and the zero entry of the table.
// CHECK-DAG: OpConstantComposite %v2float %float_n0_125 %float_n0_375
// CHECK-DAG: OpConstantComposite %v2float %float_0_4375 %float_n0_4375
// CHECK-DAG: OpConstantComposite %_arr_v2float_uint_31
Texture2DMS<float4> T;
Texture2DMSArray<uint2> TA;

float4 main(float4 p : SV_Position, uint si : SV_SampleIndex, int k : K) : SV_Target {
  uint w, h, n, e;
  // CHECK: OpImageQuerySize %v2uint
  // CHECK: OpImageQuerySamples %uint
  T.GetDimensions(w, h, n);
  // CHECK: OpImageQuerySize %v3uint
  // CHECK: OpImageQuerySamples %uint
  TA.GetDimensions(w, h, e, n);
  // CHECK: OpImageFetch %v4float {{%[a-zA-Z0-9_]+}} {{%[0-9]+}} Sample %uint_0
  float4 a = T[uint2(1, 2)];
  // CHECK: OpImageFetch %v4float {{%[a-zA-Z0-9_]+}} {{%[0-9]+}} Sample
  float4 b = T.Load(int2(p.xy), si);
  // CHECK: OpImageFetch %v4uint {{%[a-zA-Z0-9_]+}} {{%[0-9]+}} Sample %int_2
  uint2 d = TA.Load(int3(p.xy, 1), 2);
  // CHECK: [[COUNT:%[0-9]+]] = OpImageQuerySamples %uint
  // CHECK: OpIEqual %bool [[COUNT]] %uint_2
  // CHECK: OpIEqual %bool [[COUNT]] %uint_16
  // CHECK: [[ENTRY:%[0-9]+]] = OpSelect %uint
  // CHECK: OpAccessChain %_ptr_Function_v2float %sample_positions [[ENTRY]]
  float2 s = T.GetSamplePosition(k);
  // CHECK: OpImageQuerySamples %uint
  float2 t = TA.GetSamplePosition(1);
  return a + b + float4(d, w, h + n + e) + float4(s, t);
}
