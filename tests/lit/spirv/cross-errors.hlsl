// A view SPIRV-Cross cannot make is a warning on that stage, not a failed compile: MSL has no
// 64-bit atomics, while the SPIR-V (and the GLSL and HLSL views) are fine.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv.msl -Fo %t.spv %s 2>&1 | FileCheck %s --check-prefix=MSL
// RUN: spirv-val --relax-block-layout %t.spv
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv.glsl --print spirv.hlsl %s 2>&1 | FileCheck %s --check-prefix=OTHERS

RWStructuredBuffer<uint64_t> Buf : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint64_t old;
  InterlockedAdd(Buf[0], (uint64_t)id.x, old);
  Buf[1] = old;
}

// MSL: warning: spirv.msl: SPIRV-Cross cannot translate this module: MSL currently does not support 64-bit atomics.
// MSL-NOT: error

// OTHERS-NOT: warning
// OTHERS: #extension GL_ARB_gpu_shader_int64 : require
// OTHERS: atomicAdd(Buf._m0{{(\[0u\])?}}, uint64_t(
// OTHERS: RWByteAddressBuffer Buf : register(u0, space0);
// OTHERS: Buf.InterlockedAdd(0, uint64_t(
