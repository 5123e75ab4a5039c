// QuadAny/QuadAll, IsHelperLane and clip of a matrix (issue 19; each was "not supported").
// QuadAny/QuadAll OR/AND the value with the three other quad lanes (OpGroupNonUniformQuadSwap
// 0, 1, 2), DXC's form without SPV_KHR_quad_control, which needs no optional device feature.
// IsHelperLane is OpIsHelperInvocationEXT before SPIR-V 1.6 and the Volatile HelperInvocation
// builtin from 1.6 (vulkan1.3), false outside pixel shaders. clip(matrix) discards when any lane
// of any row is negative. The modules validate in-process, so exit 0 is part of the check.
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv -fspv-target-env=vulkan1.1 --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s --check-prefix=VK13
// RUN: %shaderlens compile -T cs_6_0 -E cmain -spirv -fspv-target-env=vulkan1.1 --print spirv %s | FileCheck %s --check-prefix=CS

// CHECK: OpExtension "SPV_EXT_demote_to_helper_invocation"
// VK13-DAG: OpDecorate %gl_HelperInvocation BuiltIn HelperInvocation
// VK13-DAG: OpDecorate %gl_HelperInvocation Volatile
// VK13-NOT: OpIsHelperInvocationEXT
float4 main(float4 p : SV_Position, float2x2 m : M) : SV_Target {
  // CHECK: [[NEG:%[0-9]+]] = OpFOrdLessThan %v2bool
  // CHECK: OpFOrdLessThan %v2bool
  // CHECK: OpAny %bool
  // CHECK: OpAny %bool
  // CHECK: [[ANY:%[0-9]+]] = OpLogicalOr %bool
  // CHECK: OpBranchConditional [[ANY]]
  clip(m);
  // CHECK: [[V:%[0-9]+]] = OpFOrdGreaterThan %bool
  // CHECK: [[S0:%[0-9]+]] = OpGroupNonUniformQuadSwap %bool %uint_3 [[V]] %uint_0
  // CHECK: [[O0:%[0-9]+]] = OpLogicalOr %bool [[V]] [[S0]]
  // CHECK: [[S1:%[0-9]+]] = OpGroupNonUniformQuadSwap %bool %uint_3 [[V]] %uint_1
  // CHECK: [[O1:%[0-9]+]] = OpLogicalOr %bool [[O0]] [[S1]]
  // CHECK: [[S2:%[0-9]+]] = OpGroupNonUniformQuadSwap %bool %uint_3 [[V]] %uint_2
  // CHECK: OpLogicalOr %bool [[O1]] [[S2]]
  bool a = QuadAny(p.x > 4);
  // CHECK: OpGroupNonUniformQuadSwap %bool %uint_3 {{%[0-9]+}} %uint_2
  // CHECK: OpLogicalAnd %bool
  bool b = QuadAll(p.y > 4);
  // CHECK: OpIsHelperInvocationEXT %bool
  // VK13: OpLoad %bool %gl_HelperInvocation
  bool h = IsHelperLane();
  return float4(a, b, h, 1);
}

// CS-NOT: HelperInvocation
// CS: OpGroupNonUniformQuadSwap
RWStructuredBuffer<uint> Out;
[numthreads(4, 1, 1)]
void cmain(uint i : SV_GroupIndex) { Out[i] = QuadAny(i == 0) + IsHelperLane(); }
