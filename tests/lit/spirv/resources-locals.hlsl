// Local resource variables, local resource arrays, resources in structs: every use resolves to
// one declared resource; only the element index is a run-time value, kept in a Function variable
// when control flow decides it. Global structs of resources become one resource per member.
// RUN: %shaderlens compile -T cs_6_0 -spirv --print ir %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -spirv --print spirv %s | FileCheck %s --check-prefix=SPV
RWByteAddressBuffer In : register(u0);
RWByteAddressBuffer OutArr[4] : register(u1);
struct Pair { RWByteAddressBuffer First; RWByteAddressBuffer Second; };
Pair p : register(u8);

[numthreads(2, 1, 1)]
void main(uint3 Tid : SV_DispatchThreadID) {
  RWByteAddressBuffer Out;
  if (Tid.x == 0) {
    Out = OutArr[1];
  } else {
    Out = OutArr[2];
  }
  Out.Store(0, In.Load(0) + Tid.x);
  RWByteAddressBuffer Local[2] = {OutArr[3], OutArr[0]};
  Local[Tid.x].Store(4, 1);
  p.Second.Store(0, 2);
}
// CHECK: #[hlsl.register("u9")]
// CHECK-NEXT: global_var GV{{[0-9]+}}`p.Second`
// CHECK: func F1`src.main`
// CHECK: [[IDX:v[0-9]+]] = spv.OpVariable(Function): ptr<Function, u32>
// CHECK: if
// CHECK: spv.OpStore([[IDX]], 1u32)
// CHECK: else
// CHECK: spv.OpStore([[IDX]], 2u32)
// CHECK: [[I:v[0-9]+]] = spv.OpLoad([[IDX]]): u32
// CHECK: hlsl.handle_from_binding(space: 0, binding: 1, range: 4, index: [[I]])
// CHECK: spv.OpCompositeConstruct(3u32, 0u32): T{{[0-9]+}}
// CHECK: [[E:v[0-9]+]] = spv.OpLoad({{v[0-9]+}}): u32
// CHECK: hlsl.handle_from_binding(space: 0, binding: 1, range: 4, index: [[E]])
// CHECK: #[name("p.Second")
// SPV-NOT: OpName %p_First
// SPV: OpDecorate %p_Second Binding 9
