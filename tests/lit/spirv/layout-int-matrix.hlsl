// Non-float matrices in buffers are arrays of row vectors whose laid-out type carries an
// ArrayStride the value type lacks (hlsl-spirv.md §3.3): loads and stores go row by row, as arrays
// do. Whole-matrix copies used to leave a load through a pointer of another type in ir.bound (an
// internal error); bool matrices, resources in structs and float matrices stay as they were.
// RUN: %shaderlens compile -T cs_6_0 -spirv -fspv-target-env=vulkan1.3 --print ir.bound %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -spirv -fspv-target-env=vulkan1.3 --no-qptr-lift --print spirv %s | FileCheck %s --check-prefix=SPV
struct A { RWStructuredBuffer<int3x2> Buf; };
A a1;
RWStructuredBuffer<uint3x2> Plain;
StructuredBuffer<float3x2> Floats;

[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  int3x2 m = a1.Buf[i];
  a1.Buf[i + 1] = m * 2;
  Plain[i] = Plain[i + 1] + (uint3x2)Floats[i];
}

// CHECK: type [[UROWS:T[0-9]+]] = [u32x2; 3] #[ArrayStride(8)]
// CHECK: type [[SROWS:T[0-9]+]] = [s32x2; 3] #[ArrayStride(8)]
// CHECK: func F1`src.main`
// CHECK: [[M:v[0-9]+]] = spv.OpAccessChain(&GV{{[0-9]+}}, 0u32, v{{[0-9]+}}): ptr<StorageBuffer, [[SROWS]]>
// CHECK-NEXT: [[R0:v[0-9]+]] = spv.OpAccessChain([[M]], 0u32): ptr<StorageBuffer, s32x2>
// CHECK-NEXT: spv.OpLoad([[R0]]): s32x2
// CHECK: [[R2:v[0-9]+]] = spv.OpAccessChain([[M]], 2u32): ptr<StorageBuffer, s32x2>
// CHECK-NEXT: spv.OpLoad([[R2]]): s32x2
// CHECK: [[D:v[0-9]+]] = spv.OpAccessChain(&GV{{[0-9]+}}, 0u32, v{{[0-9]+}}): ptr<StorageBuffer, [[SROWS]]>
// CHECK: [[D2:v[0-9]+]] = spv.OpAccessChain([[D]], 2u32): ptr<StorageBuffer, s32x2>
// CHECK-NEXT: spv.OpStore([[D2]], v{{[0-9]+}})
// CHECK: spv.OpAccessChain(v{{[0-9]+}}, 1u32): ptr<StorageBuffer, u32x2>
// CHECK: spv.OpLoad(v{{[0-9]+}}): mat<f32x2, 3>

// SPV-DAG: OpDecorate %_arr_v2int_uint_3 ArrayStride 8
// SPV-DAG: OpDecorate %_runtimearr__arr_v2int_uint_3 ArrayStride 24
// SPV-DAG: OpDecorate %_arr_v2uint_uint_3 ArrayStride 8
// SPV: %_ptr_StorageBuffer_v2int = OpTypePointer StorageBuffer %v2int
