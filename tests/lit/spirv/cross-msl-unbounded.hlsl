// An unbounded descriptor array (here the resource heap) has no MSL form without argument buffers:
// the spirv.msl stage says so as a warning instead of SPIRV-Cross aborting the process.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv.msl %s 2>&1 | FileCheck %s --check-prefix=MSL
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv.glsl %s | FileCheck %s --check-prefix=GLSL

[numthreads(1, 1, 1)]
void main() {
  RWBuffer<int> b = ResourceDescriptorHeap[3];
  b[0] = 7;
}

// MSL: warning: spirv.msl: SPIRV-Cross cannot translate this module: 'ResourceDescriptorHeap.RWBuffer<int>' is an unbounded descriptor array
// GLSL: imageStore(
