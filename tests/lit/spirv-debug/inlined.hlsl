// Functions taking resources are inlined (irgen): their bodies get a DebugFunction of their own
// without a definition, DebugScope with a DebugInlinedAt (the call's line, the caller's scope,
// and for a call inside an inlined body the next level out), and their parameters and locals
// are DebugLocalVariables of that function.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan-with-source -Fo %t.spv %s
// RUN: spirv-val --relax-block-layout %t.spv
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -Fo %t.plain.spv %s
// RUN: python3 %S/Inputs/same_code.py %t.spv %t.plain.spv | FileCheck %s --check-prefix=SAME
// SAME: same code

RWStructuredBuffer<float> Out : register(u0);

float fetch(RWStructuredBuffer<float> buf, uint i) {
  float raw = buf[i];
  return raw;
}

float twice(RWStructuredBuffer<float> buf, uint j) {
  float got = fetch(buf, j);
  return got * 2;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float v = twice(Out, id.x);
  Out[id.x] = v + 1;
}

// CHECK-DAG: [[NTWICE:%[0-9]+]] = OpString "twice"
// CHECK-DAG: [[NFETCH:%[0-9]+]] = OpString "fetch"
// CHECK-DAG: [[NSRCMAIN:%[0-9]+]] = OpString "src.main"
// CHECK-DAG: [[NJ:%[0-9]+]] = OpString "j"
// CHECK-DAG: [[NRAW:%[0-9]+]] = OpString "raw"
// CHECK-DAG: [[MAIN:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugFunction [[NSRCMAIN]]
// CHECK-DAG: [[TWICE:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugFunction [[NTWICE]] {{%[0-9]+}} {{%[0-9]+}} %uint_19 %uint_7
// CHECK-DAG: DebugLocalVariable [[NJ]] {{%[0-9]+}} {{%[0-9]+}} %uint_19 %uint_49 [[TWICE]] %uint_4 %uint_2{{$}}
// CHECK-DAG: [[FETCH:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugFunction [[NFETCH]] {{%[0-9]+}} {{%[0-9]+}} %uint_14 %uint_7
// CHECK-DAG: [[RAW:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugLocalVariable [[NRAW]] {{%[0-9]+}} {{%[0-9]+}} %uint_15 %uint_9 [[FETCH]]
// CHECK-DAG: [[AT1:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInlinedAt %uint_26 [[MAIN]]{{$}}
// fetch is inlined into twice, itself inlined into src.main.
// CHECK-DAG: [[AT2:%[0-9]+]] = OpExtInst %void {{%[0-9]+}} DebugInlinedAt %uint_20 [[TWICE]] [[AT1]]{{$}}
// CHECK-NOT: DebugFunctionDefinition [[TWICE]]
// CHECK-NOT: DebugFunctionDefinition [[FETCH]]
// CHECK: %src_main = OpFunction
// CHECK: DebugScope [[TWICE]] [[AT1]]
// CHECK: DebugScope [[FETCH]] [[AT2]]
// CHECK-NEXT: DebugDeclare [[RAW]]
// CHECK: DebugScope [[TWICE]] [[AT1]]
// CHECK: DebugScope [[MAIN]]{{$}}
