// The SPIR-V reader reads NonSemantic.Shader.DebugInfo.100 back into the IR's variable debug
// info (scopes, variables with their types and argument numbers, dbg.declare / dbg.value, the
// globals' variables), and the qptr passes keep it: each dbg.declare names the lifted variable.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan-with-source --no-qptr-lift -Fo %t.spv %s
// RUN: %shaderlens qptr %t.spv --target-env vulkan1.0 --print lift | FileCheck %s
// A debug compile emits that lifted module, valid, with the locals' debug info.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan -Fo %t.lifted.spv %s
// RUN: spirv-val --relax-block-layout %t.lifted.spv
// RUN: spirv-dis %t.lifted.spv | FileCheck %s --check-prefix=SPV

RWStructuredBuffer<float> Out : register(u0);
groupshared float Shared[4];

float twice(float x) {
  float y = x * 2;
  return y;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float acc = 0;
  for (int i = 0; i < 2; ++i) {
    float t = i;
    acc += t;
  }
  Shared[id.x] = acc;
  Out[id.x] = twice(acc) + Shared[0];
}

// CHECK: global_var GV{{[0-9]+}}`Shared` in Workgroup: {{.*}} debug D[[SHARED:[0-9]+]]
// CHECK: debug_scope S1 = block in function at {{.*}}debug-info.hlsl:22:3
// CHECK: debug_scope S2 = block in S1 at {{.*}}debug-info.hlsl:22:31
// CHECK: debug_var D[[ID:[0-9]+]]`id`: u32x3 at {{.*}}debug-info.hlsl:20:17 in function (argument 1)
// CHECK: debug_var D[[ACC:[0-9]+]]`acc`: f32 at {{.*}}debug-info.hlsl:21:9 in function
// CHECK: debug_var D[[I:[0-9]+]]`i`: s32 at {{.*}}debug-info.hlsl:22:12 in S1
// CHECK: debug_var D[[T:[0-9]+]]`t`: f32 at {{.*}}debug-info.hlsl:23:11 in S2
// CHECK: debug_var D[[X:[0-9]+]]`x`: f32 at {{.*}}debug-info.hlsl:14:19 in function (argument 1)
// CHECK: debug_var D[[SHARED]]`Shared`: T0 at {{.*}}debug-info.hlsl:12:19 in function
// CHECK: v[[ACCV:[0-9]+]] = spv.OpVariable(Function): ptr<Function, f32>
// CHECK: dbg.declare(D[[ACC]], v[[ACCV]])
// CHECK: dbg.value(D[[ID]], v0)
// CHECK: dbg.declare(D[[T]], v{{[0-9]+}})
// CHECK: dbg.value(D[[X]], v0)

// SPV: DebugLocalVariable
// SPV: DebugDeclare
// SPV: DebugValue
