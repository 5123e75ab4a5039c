// 64-bit atomics on RWByteAddressBuffer go through a second descriptor variable on the same
// binding whose block is a runtime array of u64 (both views Aliased): one true 64-bit atomic per
// call, at byte offset / 8. Min/max compare as the value's type (signed for int64_t). The u32
// view keeps the buffer's loads and stores. Run results: the offload suite's
// Feature/HLSLLib/Interlocked*.resources.int64.test.
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-target-env=vulkan1.3 --print ir.bound %s | FileCheck %s --check-prefix=BOUND
// RUN: %shaderlens compile -T cs_6_6 -spirv -fspv-target-env=vulkan1.3 -Fo %t.spv %s && spirv-val --target-env vulkan1.3 %t.spv

RWByteAddressBuffer Buf : register(u0);
RWByteAddressBuffer Many[2] : register(u1);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  uint64_t original;
  Buf.InterlockedCompareExchange64(0, 0xFFFFFFFFFFFFFFFFull, (uint64_t)123, original);
  Buf.InterlockedCompareStore64(8, (uint64_t)1, (uint64_t)2);
  Buf.InterlockedMin64(16, (int64_t)-5);
  Buf.InterlockedMax64(24, (uint64_t)5, original);
  Many[id.x & 1].InterlockedExchange64(8, original, original);
  Buf.Store<uint64_t>(32, original + Buf.Load<uint64_t>(24));
}

// CHECK-DAG: OpCapability Int64Atomics
// CHECK-DAG: OpDecorate %Buf Binding 0
// CHECK-DAG: OpDecorate %Buf Aliased
// CHECK-DAG: OpDecorate %Buf_u64 DescriptorSet 0
// CHECK-DAG: OpDecorate %Buf_u64 Binding 0
// CHECK-DAG: OpDecorate %Buf_u64 Aliased
// CHECK-DAG: OpDecorate %Many_u64 Binding 1
// CHECK-DAG: OpDecorate %_runtimearr_ulong ArrayStride 8
// CHECK-DAG: %Buf_u64 = OpVariable %_ptr_StorageBuffer_type_RWByteAddressBuffer_u64 StorageBuffer
// CHECK-DAG: %Many_u64 = OpVariable %_ptr_StorageBuffer__arr_type_RWByteAddressBuffer_u64_uint_2 StorageBuffer
// CHECK: OpAtomicCompareExchange %ulong %{{[0-9]+}} %uint_1 %uint_0 %uint_0 %ulong_123 %ulong_18446744073709551615
// CHECK: OpAtomicCompareExchange %ulong %{{[0-9]+}} %uint_1 %uint_0 %uint_0 %ulong_2 %ulong_1
// CHECK: OpAtomicSMin %ulong
// CHECK: OpAtomicUMax %ulong
// CHECK: OpAccessChain %_ptr_StorageBuffer_ulong %Many_u64 %{{[0-9]+}} %uint_0 %{{[0-9]+}}
// CHECK: OpAtomicExchange %ulong
// The plain 64-bit load and store stay two words of the u32 view.
// CHECK: OpAccessChain %_ptr_StorageBuffer_uint %Buf %uint_0

// BOUND: [[Q:v[0-9]+]] = spv.OpShiftRightLogical(v{{[0-9]+}}, 1u32): u32
// BOUND-NEXT: spv.OpAccessChain(&GV{{[0-9]+}}, 0u32, [[Q]]): ptr<StorageBuffer, u64>
