// -Zi (and -fspv-debug=line): OpString per file, OpSource with the main file's text, OpLine with
// the HLSL line and column before each instruction whose location changes and again at each
// block start, as DXC does. The default output has none of it. (The CHECK lines below are in
// the embedded text too: the ones after the function's start only match real instructions.)
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -Zi -Fo %t.spv --print spirv %s | FileCheck %s
// RUN: spirv-val --relax-block-layout %t.spv
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-debug=line --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --no-qptr-lift -Zi -Fo %t.bound.spv --print spirv %s | FileCheck %s
// RUN: spirv-val --relax-block-layout %t.bound.spv
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -Fo %t.plain.spv --print spirv %s | FileCheck %s --check-prefix=PLAIN
// RUN: spirv-val --relax-block-layout %t.plain.spv

RWStructuredBuffer<float> A : register(u0);
RWStructuredBuffer<float> B : register(u1);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x = A[id.x];
  B[id.x] = x * 2 + 1;
  if (x > 3)
    B[0] = x;
}

// CHECK: [[FILE:%[0-9]+]] = OpString "{{.*}}zi-opline.hlsl"
// CHECK: OpSource HLSL 600 [[FILE]] "// -Zi (and -fspv-debug=line)
// CHECK: B[id.x] = x * 2 + 1;
// The source text (these lines too) is embedded above the functions: anchored patterns from
// here on. The entry point wrapper calls the HLSL function, as in DXC.
// CHECK: {{^ *}}%main = OpFunction
// CHECK-NEXT: {{^ *}}%{{[0-9]+}} = OpLabel
// CHECK-NEXT: {{^ *}}OpLine [[FILE]] 17 {{[0-9]+}}
// CHECK: {{^ *}}%src_main = OpFunction
// CHECK: {{^ *}}OpLine [[FILE]] 18 15
// CHECK-NEXT: OpLoad %v3uint
// CHECK: {{^ *}}OpLine [[FILE]] 19 17
// CHECK-NEXT: OpFMul %float
// CHECK-NEXT: {{^ *}}OpLine [[FILE]] 19 21
// CHECK-NEXT: OpFAdd %float
// CHECK: {{^ *}}OpLine [[FILE]] 20 11
// CHECK-NEXT: OpFOrdGreaterThan %bool
// CHECK: OpBranchConditional
// CHECK-NEXT: {{^ *}}%{{[0-9]+}} = OpLabel
// CHECK-NEXT: {{^ *}}OpLine [[FILE]] 21 12
// CHECK: {{^ *}}OpStore
// CHECK: {{^ *}}OpFunctionEnd

// PLAIN-NOT: OpLine
// PLAIN-NOT: OpString
// PLAIN-NOT: OpSource
// PLAIN: OpFunctionEnd
