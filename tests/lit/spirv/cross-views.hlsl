// The SPIRV-Cross views of the SPIR-V: GLSL (Vulkan flavour, bindings kept), HLSL and MSL.
// The GLSL view must itself compile with glslang, and the HLSL view with glslang's HLSL front end.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.1 --print spirv.glsl %s > %t.comp
// RUN: FileCheck %s --check-prefix=GLSL --input-file %t.comp
// RUN: glslangValidator -V --target-env vulkan1.1 %t.comp -o %t.glsl.spv
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.1 --print spirv.hlsl %s > %t.hlsl
// RUN: FileCheck %s --check-prefix=HLSL --input-file %t.hlsl
// RUN: glslangValidator -D -V --target-env vulkan1.1 -S comp -e main %t.hlsl -o %t.hlsl.spv
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fspv-target-env=vulkan1.1 --print spirv.msl %s | FileCheck %s --check-prefix=MSL

RWStructuredBuffer<uint> Out : register(u1);
StructuredBuffer<float4> In : register(t0);
cbuffer Params : register(b2) { float Scale; uint Count; };
groupshared uint Tile[64];

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  Tile[gi] = (uint)(In[id.x].x * Scale);
  GroupMemoryBarrierWithGroupSync();
  uint sum = WaveActiveSum(Tile[gi]);
  if (id.x < Count)
    Out[id.x] = sum + Tile[(gi + 1) % 64];
}

// GLSL: #version 450
// GLSL: #extension GL_KHR_shader_subgroup_arithmetic : require
// GLSL: layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;
// GLSL: layout(set = 0, binding = 1, std430) buffer type_RWStructuredBuffer_uint
// GLSL: layout(set = 0, binding = 0, std430) readonly buffer type_StructuredBuffer_v4float
// GLSL: layout(set = 0, binding = 2, std140) uniform type_Params
// GLSL: shared uint Tile[64];
// GLSL: barrier();
// GLSL: subgroupAdd(
// GLSL: src_main(gl_GlobalInvocationID, gl_LocalInvocationIndex);

// HLSL: RWByteAddressBuffer Out : register(u1, space0);
// HLSL: ByteAddressBuffer In : register(t0, space0);
// HLSL: cbuffer type_Params : register(b2, space0)
// HLSL: uint3 gl_GlobalInvocationID : SV_DispatchThreadID;
// HLSL: uint gl_LocalInvocationIndex : SV_GroupIndex;
// HLSL: groupshared uint Tile[64];
// HLSL: GroupMemoryBarrierWithGroupSync();
// HLSL: WaveActiveSum(
// HLSL: [numthreads(64, 1, 1)]
// HLSL-NEXT: void main(SPIRV_Cross_Input stage_input)

// MSL: #include <metal_stdlib>
// MSL: threadgroup_barrier(mem_flags::mem_threadgroup);
// MSL: simd_sum(
// MSL: kernel void main0(
// MSL-SAME: thread_position_in_grid
// MSL-SAME: thread_index_in_threadgroup
