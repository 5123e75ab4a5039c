// HLSL printf as DXC spells it: NonSemantic.DebugPrintf in SPIR-V (the format an OpString with
// its escapes decoded, the arguments as they are), dbg.printf in the IR, kept through qptr's
// round trip (the emitted module is the lifted one), dropped on the DXIL target as DXC does.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print ir %s | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -T cs_6_6 -E main --print llvm %s | FileCheck %s --check-prefix=DXIL

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 v = float2(id.x, 0.5);
  printf("id=%u v=%v2f\n", id.x, v);
  printf("tab\there \x41\101 %%");
  Out[id.x] = id.x;
}

// CHECK: OpExtension "SPV_KHR_non_semantic_info"
// CHECK: [[SET:%[0-9]+]] = OpExtInstImport "NonSemantic.DebugPrintf"
// CHECK: [[FMT:%[0-9]+]] = OpString "id=%u v=%v2f{{$}}
// CHECK-NEXT: "
// CHECK: [[TAB:%[0-9]+]] = OpString "tab{{.}}here AA %%"
// CHECK: OpExtInst %void [[SET]] 1 [[FMT]] %{{[0-9]+}} %{{[0-9]+}}
// CHECK: OpExtInst %void [[SET]] 1 [[TAB]]{{$}}

// IR: dbg.printf("id=%u v=%v2f\n", v{{[0-9]+}}, v{{[0-9]+}})
// IR: dbg.printf("tab{{.}}here AA %%")

// DXIL: define {{.*}}@main()
// DXIL-NOT: call {{.*}}printf
// DXIL: !DIFile
