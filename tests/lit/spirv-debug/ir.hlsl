// The IR carries variable debug info only when NonSemantic debug info is asked for: the
// debug_scope and debug_var tables, `in Sn` on locations inside a lexical block, `debug Dn` on
// a global, dbg.value of a parameter before its copy and dbg.declare after each initialization.
// Without -fspv-debug=vulkan* the IR (and so every stage golden) has none of it.
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-debug=vulkan --print ir %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -spirv -Zi --print ir --print ir.bound %s | FileCheck %s --check-prefix=PLAIN

RWStructuredBuffer<float> Out : register(u0);
groupshared float Shared[4];

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float acc = 0;
  for (uint i = 0; i < 2; ++i) {
    acc += i;
  }
  Shared[id.x] = acc;
  Out[id.x] = Shared[0];
}

// CHECK: global_var GV1`Shared` in Workgroup: T0 debug D0
// CHECK: debug_scope S1 = block in function at {{.*}}ir.hlsl:14:3
// CHECK-NEXT: debug_scope S2 = block in S1 at {{.*}}ir.hlsl:14:32
// CHECK-NEXT: debug_var D0`Shared`: T0 at {{.*}}ir.hlsl:9:19 in function
// CHECK-NEXT: debug_var D1`id`: u32x3 at {{.*}}ir.hlsl:12:17 in function (argument 1)
// CHECK-NEXT: debug_var D2`acc`: f32 at {{.*}}ir.hlsl:13:9 in function
// CHECK-NEXT: debug_var D3`i`: u32 at {{.*}}ir.hlsl:14:13 in S1
// CHECK: func F1`src.main`(v0`id`: u32x3) -> void {
// CHECK: dbg.value(D1, v0)
// CHECK-NEXT: spv.OpStore(v1, v0)
// CHECK-NEXT: dbg.declare(D1, v1)
// CHECK-NEXT: spv.OpStore(v2, 0.0f32)
// CHECK-NEXT: dbg.declare(D2, v2)
// CHECK-NEXT: spv.OpStore(v3, 0u32)  // {{.*}}ir.hlsl:14:13 in S1
// CHECK-NEXT: dbg.declare(D3, v3)
// CHECK: spv.OpStore(v2, v10)  // {{.*}}ir.hlsl:15:12 in S2

// PLAIN-NOT: debug_
// PLAIN-NOT: dbg.
// PLAIN-NOT: in S1
