// printf (NonSemantic.DebugPrintf) with variable debug info: both imports, the printf kept as
// code by the comparison, and only the shader's own variables described (a printf is no variable).
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan-with-source -Fo %t.spv %s
// RUN: spirv-val --relax-block-layout %t.spv
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -Fo %t.plain.spv %s
// RUN: python3 %S/Inputs/same_code.py %t.spv %t.plain.spv | FileCheck %s --check-prefix=SAME
// SAME: same code

RWStructuredBuffer<float> Out : register(u0);

[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float v = id.x * 2.0;
  printf("v = %f\n", v);
  Out[id.x] = v;
}

// CHECK-DAG: OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// CHECK-DAG: OpExtInstImport "NonSemantic.DebugPrintf"
// CHECK-DAG: [[NV:%[0-9]+]] = OpString "v"
// CHECK-DAG: [[NID:%[0-9]+]] = OpString "id"
// CHECK: DebugLocalVariable [[NID]]
// CHECK: DebugLocalVariable [[NV]]
// CHECK-NOT: DebugLocalVariable
// CHECK: OpFunctionEnd
