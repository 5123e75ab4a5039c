// RUN: %shaderlens compile -T cs_6_6 -D SCALE=3 --print preprocessed %s | FileCheck %s
#define MUL(a, b) ((a) * (b))

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = MUL(id.x, SCALE) + __SHADER_TARGET_MINOR;
}
// CHECK: #line 4 "{{.*}}macros.hlsl"
// CHECK: RWStructuredBuffer<uint> Out : register(u0);
// CHECK: Out[id.x] = ((id.x) * (3)) + 6;
