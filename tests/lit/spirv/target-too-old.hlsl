// A feature the target's SPIR-V version lacks is the input's error, not an internal one: reported
// once per instruction at its source location, naming the target that has it.
// RUN: not %shaderlens compile -spirv -T cs_6_0 %s -Fo %t.spv 2>&1 | FileCheck %s
// RUN: %shaderlens compile -spirv -T cs_6_0 -fspv-target-env=vulkan1.1 %s -Fo %t.spv
// RUN: spirv-val --target-env vulkan1.1 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint sum = WaveActiveSum(id.x);
  Out[id.x] = WaveReadLaneAt(sum, 3);
}

// CHECK-NOT: internal error
// CHECK: target-too-old.hlsl:11:14: error: capability GroupNonUniformArithmetic needs SPIR-V 1.3 (target vulkan1.0); choose a newer target with -fspv-target-env=vulkan1.1 or later
// CHECK-NEXT: uint sum = WaveActiveSum(id.x);
// CHECK: target-too-old.hlsl:12:15: error: {{.*}}needs SPIR-V 1.3 (target vulkan1.0)
// CHECK-NOT: error:
