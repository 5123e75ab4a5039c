// Structured control flow: loops with continue/break, switch with fall-through, short-circuit
// && and ?: as selection constructs (HLSL 2021).
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s

RWStructuredBuffer<int> Out;

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  int acc = 0;
  for (int k = 0; k < 10; ++k) {
    if (k == 3) continue;
    if (k == 8) break;
    acc += k;
  }
  switch (acc & 3) {
    case 0: acc += 1;
    case 1: acc += 2; break;
    default: acc = -acc; break;
  }
  if (i > 2 && acc / (int)i > 1) acc = 0;
  Out[i] = acc;
}

// CHECK:     OpLoopMerge
// CHECK:     OpBranchConditional
// CHECK:     OpSelectionMerge
// CHECK:     OpSwitch
// CHECK:     OpSDiv
// CHECK:     OpPhi %bool
// CHECK-NOT: OpLogicalAnd
