// sign() of unsigned values is (x > 0) ? 1 : 0 in the int result type, as DXC; an unsigned
// matrix (an array of row vectors in SPIR-V) goes row by row, since OpUGreaterThan and OpSelect
// take no arrays (issue 19). The module validates in-process, so exit 0 is part of the check.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print spirv %s | FileCheck %s

StructuredBuffer<uint3x3> M;
StructuredBuffer<uint3> V;
StructuredBuffer<uint64_t> L;
RWStructuredBuffer<int3> Out;

[numthreads(1, 1, 1)]
void main() {
  // CHECK: OpUGreaterThan %bool {{%[0-9]+}} %ulong_0
  // CHECK: OpSelect %int
  int l = sign(L[0]);
  // CHECK: [[C:%[0-9]+]] = OpUGreaterThan %v3bool {{%[0-9]+}} [[Z:%[0-9]+]]
  // CHECK: OpSelect %v3int [[C]]
  int3 v = sign(V[0]);
  // CHECK: OpUGreaterThan %v3bool
  // CHECK: OpUGreaterThan %v3bool
  // CHECK: OpUGreaterThan %v3bool
  // CHECK: OpCompositeConstruct %_arr_v3int_uint_3
  int3x3 m = sign(M[0]);
  Out[0] = m[0] + m[2] + v + l;
}
