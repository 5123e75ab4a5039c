// A declaration after the function's definition names the same function: calls are not
// ambiguous and reach the body (FidelityFX FSR's sample defines FsrEasuRF, then ffx_fsr1.h
// declares it and calls it).
// RUN: %shaderlens compile -T cs_6_0 -spirv --print ir %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t.spv %s && spirv-val --target-env vulkan1.0 %t.spv

RWStructuredBuffer<float4> Out;

float4 gatherRed(float2 p) { return float4(p, p); }
float4 gatherRed(float2 p);
float4 gatherRed(float2 p);

[numthreads(1, 1, 1)]
void main() { Out[0] = gatherRed(float2(1, 2)); }

// CHECK: call F{{[0-9]+}}`gatherRed`
// CHECK: func F{{[0-9]+}}`gatherRed`(v0`p`: f32x2) -> f32x4 {
// CHECK-NOT: func F{{[0-9]+}}`gatherRed`
