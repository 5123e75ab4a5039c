// -fspv-debug=vulkan-with-source: NonSemantic.Shader.DebugInfo.100 instead of OpLine: the
// import, DebugSource with the text, DebugCompilationUnit, DebugFunction + its definition,
// DebugScope at block starts, DebugLine per location change, DebugNoScope before the return.
// -fspv-debug=vulkan is the same without the text. Both pass spirv-val.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-debug=vulkan -Fo %t.spv --print spirv %s | FileCheck %s
// RUN: spirv-val --relax-block-layout %t.spv
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -Zi -fspv-debug=vulkan-with-source -fspv-target-env=vulkan1.3 -Fo %t.src.spv --print spirv %s | FileCheck %s --check-prefix=WITHTEXT
// RUN: spirv-val --target-env vulkan1.3 --relax-block-layout %t.src.spv
// RUN: %expect_exit 2 %shaderlens compile -T cs_6_0 -spirv -fspv-debug=rich %s 2>&1 | FileCheck %s --check-prefix=RICH

RWStructuredBuffer<float> A : register(u0);

float twice(float v) {
  return v * 2;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  A[id.x] = twice(A[id.x]) + 1;
}

// The structure, on the module without the text (-fspv-debug=vulkan).
// CHECK: OpExtension "SPV_KHR_non_semantic_info"
// CHECK: [[SET:%[0-9]+]] = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// CHECK-NOT: OpLine
// CHECK: [[FILE:%[0-9]+]] = OpString "{{.*}}vulkan-debuginfo.hlsl"
// CHECK-NOT: A[id.x] = twice
// CHECK: [[SRC:%[0-9]+]] = OpExtInst %void [[SET]] DebugSource [[FILE]]{{$}}
// CHECK: [[CU:%[0-9]+]] = OpExtInst %void [[SET]] DebugCompilationUnit %uint_100 %uint_5 [[SRC]] %uint_5
// CHECK: [[MAINFN:%[0-9]+]] = OpExtInst %void [[SET]] DebugFunction {{%[0-9]+}} {{%[0-9]+}} [[SRC]] %uint_18 %uint_{{[0-9]+}} [[CU]]
// CHECK: DebugTypeBasic
// CHECK: DebugTypeVector
// CHECK: [[SRCMAIN:%[0-9]+]] = OpExtInst %void [[SET]] DebugFunction {{%[0-9]+}} {{%[0-9]+}} [[SRC]] %uint_18 %uint_{{[0-9]+}} [[CU]]
// CHECK: [[TWICE:%[0-9]+]] = OpExtInst %void [[SET]] DebugFunction {{%[0-9]+}} {{%[0-9]+}} [[SRC]] %uint_13 %uint_{{[0-9]+}} [[CU]]
// CHECK: {{^ *}}%main = OpFunction
// CHECK-NEXT: OpLabel
// CHECK-NEXT: DebugFunctionDefinition [[MAINFN]] %main
// CHECK-NEXT: DebugScope [[MAINFN]]
// CHECK: OpFunctionCall
// CHECK: DebugNoScope
// CHECK-NEXT: OpReturn
// CHECK: {{^ *}}%src_main = OpFunction
// CHECK: DebugFunctionDefinition [[SRCMAIN]] %src_main
// CHECK-NEXT: DebugScope [[SRCMAIN]]
// CHECK: DebugLine [[SRC]] %uint_19 %uint_19
// CHECK: OpFunctionCall %float %twice
// CHECK: {{^ *}}%twice = OpFunction
// CHECK: DebugScope [[TWICE]]
// CHECK: DebugLine [[SRC]] %uint_14 %uint_14 %uint_14 %uint_14
// CHECK-NEXT: OpFMul %float
// CHECK-NOT: OpLine

// With the text (-fspv-debug=vulkan-with-source): DebugSource names the text's OpString.
// WITHTEXT: [[SET:%[0-9]+]] = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// WITHTEXT: [[FILE:%[0-9]+]] = OpString "{{.*}}vulkan-debuginfo.hlsl"
// WITHTEXT-NEXT: [[TEXT:%[0-9]+]] = OpString "// -fspv-debug=vulkan-with-source:
// WITHTEXT: A[id.x] = twice(A[id.x]) + 1;
// WITHTEXT: {{^ *}}[[SRC:%[0-9]+]] = OpExtInst %void [[SET]] DebugSource [[FILE]] [[TEXT]]
// WITHTEXT: {{^ *}}%main = OpFunction
// WITHTEXT: DebugLine [[SRC]] %uint_19 %uint_19

// RICH: OpenCL.DebugInfo.100
