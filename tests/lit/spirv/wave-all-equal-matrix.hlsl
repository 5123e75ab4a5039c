// WaveActiveAllEqual of a matrix compares lane by lane and returns a bool matrix, which is an
// array of bool rows in SPIR-V: the lanes are rebuilt row by row (issue 19; was invalid SPIR-V,
// a construct with the wrong number of constituents). Validated in-process: exit 0 matters.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.1 --print spirv %s | FileCheck %s

RWStructuredBuffer<float2x3> In;
RWStructuredBuffer<uint> Out;

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
  // CHECK-COUNT-6: OpGroupNonUniformAllEqual %bool %uint_3
  // CHECK: [[R0:%[0-9]+]] = OpCompositeConstruct %v3bool
  // CHECK: [[R1:%[0-9]+]] = OpCompositeConstruct %v3bool
  // CHECK: OpCompositeConstruct %_arr_v3bool_uint_2 [[R0]] [[R1]]
  bool2x3 e = WaveActiveAllEqual(In[i]);
  Out[i] = e[0].x + e[1].z;
}
