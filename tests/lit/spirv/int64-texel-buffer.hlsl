// 64-bit integer texel buffers declare SPV_EXT_shader_image_int64 and Int64ImageEXT, as DXC does
// (the module was invalid without them); the CPU device runs such shaders.
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-target-env=vulkan1.3 -Fo %t.spv %s --print spirv | FileCheck %s
// RUN: spirv-val --target-env vulkan1.3 %t.spv

// CHECK-DAG: OpCapability Int64ImageEXT
// CHECK-DAG: OpExtension "SPV_EXT_shader_image_int64"
// CHECK: OpTypeImage %ulong Buffer 2 0 0 2 R64ui

RWBuffer<uint64_t> Values : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Values[id.x] = Values[id.x] * 3 + 1;
}
