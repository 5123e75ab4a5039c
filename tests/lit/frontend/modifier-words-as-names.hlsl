// RUN: %shaderlens compile -spirv -T cs_6_6 --print ir %s | FileCheck %s
// The interpolation and mesh modifier words are also ordinary identifiers, as in DXC: they are
// modifiers only when another word follows (kajiya's TAA assigns to a local named `center`).

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float center = 1;
  float sample = 2;
  float linear = 3;
  float centroid = 4;
  float noperspective = 5;
  center = sample + linear;
  sample = center * centroid;
  linear = noperspective;
  // CHECK-LABEL: func F1`src.main`
  // CHECK: spv.OpFAdd
  // CHECK: spv.OpFMul
  Out[0] = center + sample + linear;
}
