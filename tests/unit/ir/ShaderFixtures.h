// Real compute shaders built with the IR Builder, as irgen would build them from HLSL. Shared by
// the IR tests (printer, verifier) and the SPIR-V writer tests (spirv-val on every target).
#pragma once

#include "core/ir/Builder.h"
#include "core/ir/Module.h"

#include <memory>

namespace sl::ir::fixtures {

// How storage buffers are declared: StorageBuffer + Block (SPIR-V >= 1.3 style) or
// Uniform + BufferBlock (vulkan1.0 style). The writer emits whatever the IR says.
enum class BufferStyle { StorageBufferBlock, UniformBufferBlock };

// RWStructuredBuffer<uint> buf : register(u0);
// [numthreads(64,1,1)] void main(uint3 id : SV_DispatchThreadID) {
//   if (id.x < buf.length) buf[id.x] = buf[id.x] * 2 + 1; else return;
// }
Module doubleBuffer(BufferStyle style);

// Nested loops with break/continue and an early return (locals as DXC does it), plus one loop
// with an SSA loop-carried value and break_if, and a helper function call:
//   uint total = 0;
//   for (uint i = 0; i < 8; ++i) {
//     if (i == 3) continue;
//     for (uint j = 0; j < i; ++j) { if (j == 5) break; total += i * j; }
//     if (total > 1000) return;
//   }
//   uint n = 0; do { n = n + 3; } while (n < 10);   // loop-carried value, not a local
//   buf[id.x] = addTwice(total, n);                    // helper: a + 2 * b
Module loops(BufferStyle style);

// switch (id.x % 4) { case 0: r = 10; (fall through) case 1: r += 1; break;
//                     case 2: r = 20; break; default: r = 30; }
// plus an if with outputs: (v) = if (r > 15) { yield(r) } else { yield(r * 2) }
Module switchAndSelect(BufferStyle style);

// cbuffer Params { float a; float3 b; float4x4 m; float arr[3]; uint tail; } (std140 offsets
// 0, 16, 32, 96 (stride 16), 144; m RowMajor MatrixStride 16) and push constants
// { uint offset; float scale; }; GLSL.std.450 FClamp/Sqrt/UMin.
Module uniformsAndPushConstants(BufferStyle style);

// groupshared uint tile[64]; tile[lid] = id.x; GroupMemoryBarrierWithGroupSync();
// InterlockedAdd on shared memory (Workgroup scope) and on the buffer (Device scope).
Module sharedMemoryAndAtomics(BufferStyle style);

// Helpers for building globals the way DXC lays them out.
struct BufferGlobals {
  GlobalVarId buffer;     // RWStructuredBuffer<uint> at (0, 0)
  GlobalVarId invocation;  // gl_GlobalInvocationID
};
BufferGlobals declareBufferAndInvocationId(Builder& b, BufferStyle style);

}  // namespace sl::ir::fixtures
