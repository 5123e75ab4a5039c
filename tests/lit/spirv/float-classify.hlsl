// isnan/isinf/isfinite/isnormal on scalars, vectors and matrices (issue 19): SPIR-V has no
// OpIsInf/OpIsNan on matrices and no bool matrices (ours are arrays of bool row vectors), so a
// matrix goes row by row; isfinite is !(IsNan || IsInf) and isnormal tests the exponent bits,
// because OpIsFinite/OpIsNormal need the Kernel capability (as DXC lowers them). The module
// validates in-process, so exit 0 is part of the check.
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T ps_6_2 -E main -spirv -enable-16bit-types -DHALF --print spirv %s | FileCheck %s --check-prefix=HALF

#ifdef HALF
typedef half T;
typedef half4 T4;
typedef half2x3 T2x3;
#else
typedef float T;
typedef float4 T4;
typedef float2x3 T2x3;
#endif

RWStructuredBuffer<T4> V;
RWStructuredBuffer<T2x3> M;
RWStructuredBuffer<uint4> Out;

float4 main() : SV_Target {
  T4 v = V[0];
  T2x3 m = M[0];
  // CHECK: OpIsInf %bool
  // CHECK: OpIsInf %v4bool
  // CHECK: [[R0:%[0-9]+]] = OpCompositeExtract %v3float [[MAT:%[0-9]+]] 0
  // CHECK: [[I0:%[0-9]+]] = OpIsInf %v3bool [[R0]]
  // CHECK: [[R1:%[0-9]+]] = OpCompositeExtract %v3float [[MAT]] 1
  // CHECK: [[I1:%[0-9]+]] = OpIsInf %v3bool [[R1]]
  // CHECK: OpCompositeConstruct %_arr_v3bool_uint_2 [[I0]] [[I1]]
  // HALF: OpIsInf %v4bool
  // HALF: OpIsInf %v3bool
  bool a = isinf(v.x);
  bool4 b = isinf(v);
  bool2x3 c = isinf(m);

  // CHECK: OpIsNan %v4bool
  // CHECK: OpIsNan %v3bool
  // CHECK: OpIsNan %v3bool
  bool4 d = isnan(v);
  bool2x3 e = isnan(m);

  // CHECK: [[N:%[0-9]+]] = OpIsNan %v4bool [[X:%[0-9]+]]
  // CHECK: [[F:%[0-9]+]] = OpIsInf %v4bool [[X]]
  // CHECK: [[O:%[0-9]+]] = OpLogicalOr %v4bool [[N]] [[F]]
  // CHECK: OpLogicalNot %v4bool [[O]]
  // CHECK: OpLogicalNot %v3bool
  // CHECK: OpLogicalNot %v3bool
  bool4 f = isfinite(v);
  bool2x3 g = isfinite(m);

  // CHECK: [[B:%[0-9]+]] = OpBitcast %v4uint
  // CHECK: [[E:%[0-9]+]] = OpBitwiseAnd %v4uint [[B]] [[MASK:%[0-9a-z_]+]]
  // CHECK: [[NZ:%[0-9]+]] = OpINotEqual %v4bool [[E]] {{%[0-9a-z_]+}}
  // CHECK: [[NO:%[0-9]+]] = OpINotEqual %v4bool [[E]] [[MASK]]
  // CHECK: OpLogicalAnd %v4bool [[NZ]] [[NO]]
  // CHECK: OpBitwiseAnd %v3uint
  // CHECK: OpBitwiseAnd %v3uint
  // HALF: OpBitcast %v4ushort
  // HALF: OpBitwiseAnd %v4ushort
  // HALF: OpBitwiseAnd %v3ushort
  bool4 h = isnormal(v);
  bool2x3 k = isnormal(m);

  Out[0] = uint4(b) + uint4(d) + uint4(f) + uint4(h) + a + uint4(c[1], e[0].x) + uint4(g[0], k[1].z);
  return 1;
}
// CHECK-NOT: OpCapability Kernel
