// Wrong-result fixes: ldexp takes a float exponent (x * exp2(e), not GLSL Ldexp); f16tof32 of a
// vector is a vector (each lane unpacked); 64-bit integer literals keep their high word;
// select works on structs leaf by leaf; atan keeps a NaN argument.
// RUN: %shaderlens compile -T cs_6_5 -E main -spirv -fspv-target-env=vulkan1.3 --print spirv %s | FileCheck %s

struct S {
  float a;
  int b;
};

StructuredBuffer<float4> In;
StructuredBuffer<uint2> Halves;
StructuredBuffer<S> A;
StructuredBuffer<S> B;
RWStructuredBuffer<float4> Out;
RWStructuredBuffer<float2> Out2;
RWStructuredBuffer<uint64_t> Out64;
RWStructuredBuffer<S> OutS;

// Constants come first in the module.
// CHECK-DAG: OpConstant %ulong 3689517699727897395
// CHECK-DAG: OpConstant %ulong 4294967295
// CHECK-DAG: OpConstant %long 9223372036854775807
// CHECK: OpFunction

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  // CHECK-NOT: Ldexp
  // CHECK: [[E:%[0-9]+]] = OpExtInst %v4float {{%[0-9]+}} Exp2
  // CHECK: OpFMul %v4float {{%[0-9]+}} [[E]]
  Out[0] = ldexp(In[0], In[1]);

  // CHECK: [[H:%[0-9]+]] = OpLoad %v2uint
  // CHECK: OpCompositeExtract %uint [[H]] 0
  // CHECK: OpExtInst %v2float {{%[0-9]+}} UnpackHalf2x16
  // CHECK: OpCompositeExtract %uint [[H]] 1
  // CHECK: OpExtInst %v2float {{%[0-9]+}} UnpackHalf2x16
  Out2[0] = f16tof32(Halves[0]);

  uint64_t big = 0x3333CCCCCCCC3333;
  Out64[0] = big + i;
  // CHECK: OpSNegate %long
  Out64[2] = (uint64_t)int64_t2(-9223372036854775807, i).x;
  Out64[1] = max(uint64_t(4294967295), uint64_t(i));

  // CHECK: [[A:%[0-9]+]] = OpExtInst %v4float {{%[0-9]+}} Atan [[X:%[0-9]+]]
  // CHECK: [[N:%[0-9]+]] = OpIsNan %v4bool [[X]]
  // CHECK: OpSelect %v4float [[N]] [[X]] [[A]]
  Out[1] = atan(In[2]);

  // CHECK: OpSelect %float
  // CHECK: OpSelect %int
  OutS[0] = select(i == 0, A[0], B[0]);
}
