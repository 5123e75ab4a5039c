// Byte-address buffers: Load/Store of structs and arrays word by word (struct leaves at their
// natural alignment); a 16-bit Store clears and sets its half word with two atomics so stores to
// the other half by other invocations survive; And64/Or64/Xor64/Add64 are one 64-bit atomic on the
// buffer's u64 view (atomics64-byte-address.hlsl).
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-target-env=vulkan1.3 -enable-16bit-types --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -enable-16bit-types --print dxil %s | FileCheck %s --check-prefix=DXIL

struct Mixed {
  uint16_t a;
  float b;  // at byte 4, not 2
};

ByteAddressBuffer In;
RWByteAddressBuffer Out;

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
  // CHECK: OpUConvert %ushort
  // CHECK: OpIAdd %uint %uint_8 %uint_4
  // CHECK: OpBitcast %float
  Mixed m = In.Load<Mixed>(8);
  Out.Store<float>(0, m.b);

  // CHECK: OpAtomicAnd %uint {{%[0-9]+}} %uint_1 %uint_0
  // CHECK: OpAtomicOr %uint {{%[0-9]+}} %uint_1 %uint_0
  Out.Store<uint16_t>(i * 2, m.a);

  // CHECK: OpAtomicAnd %ulong {{%[0-9]+}} %uint_1 %uint_0
  // CHECK-NOT: OpAtomicAnd
  uint64_t original;
  Out.InterlockedAnd64(64, ~(1ull << i), original);
  // CHECK: OpAtomicIAdd %ulong
  // CHECK-NOT: OpAtomicIAdd
  Out.InterlockedAdd64(72, (uint64_t)i << 31);
}

// DXIL: call i32 @dx.op.atomicBinOp.i32
// DXIL: call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle {{%[0-9]+}}, i32 1, i32 64,
// DXIL: call i64 @dx.op.atomicBinOp.i64(i32 78, %dx.types.Handle {{%[0-9]+}}, i32 0, i32 72,
