// Strict component classes ("_only") do not convert: WaveActiveBit{And,Or,Xor} take unsigned
// integers only (DXC's table: `uint_only`; DXC's own tests say "only accepts unsigned integer
// scalars/vectors"), so signed ints are rejected as DXC rejects them (glslang's
// hlsl.wavereduction.comp passes int4), with a note saying why; an explicit cast compiles.
// RUN: not %shaderlens compile -T cs_6_0 -spirv -D SIGNED %s 2>&1 | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -spirv --print ir %s | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -T cs_6_0 -spirv -fspv-target-env=vulkan1.1 -Fo %t.spv %s && spirv-val --target-env vulkan1.1 %t.spv

RWStructuredBuffer<int4> Data;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
#ifdef SIGNED
  Data[id.x] = WaveActiveBitAnd(Data[id.x]);
  Data[id.x].x = WaveActiveBitOr(Data[id.x].x);
#endif
  Data[id.x] = WaveActiveBitXor((uint4)Data[id.x]);
}

// CHECK: :14:16: error: no matching intrinsic overload for 'WaveActiveBitAnd(int4)'
// CHECK: note: its argument elements must be one of uint, uint64_t{{.*}} (component class 'uint_only', no implicit conversion)
// CHECK: :15:18: error: no matching intrinsic overload for 'WaveActiveBitOr(int)'
// CHECK-NOT: error
// IR: spv.OpGroupNonUniformBitwiseXor(3u32, Reduce, v{{[0-9]+}}): u32x4
