// printf's arguments: the format is a string literal, the rest scalars or vectors of numbers;
// anything else is a located error.
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_6 -E main -spirv %s 2>&1 | FileCheck %s
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_6 -E main -spirv -D NO_FORMAT %s 2>&1 | FileCheck %s --check-prefix=FORMAT

struct S { uint a; };
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  S s = (S)0;
  float2x2 m = 0;
  bool b = id.x > 0;
  printf("%u", s);
// CHECK: printf-errors.hlsl:[[@LINE-1]]:3: error: printf argument 1 has type 'S': debug printf prints scalars and vectors of numbers
  printf("%f", m);
// CHECK: printf-errors.hlsl:[[@LINE-1]]:3: error: printf argument 1 has type 'float2x2'
  printf("%u", b);
// CHECK: printf-errors.hlsl:[[@LINE-1]]:3: error: printf argument 1 is a bool: debug printf prints numbers (pass (uint)value)
#ifdef NO_FORMAT
  printf(id.x);
// FORMAT: printf-errors.hlsl:[[@LINE-1]]:3: error: no matching intrinsic overload for 'printf(uint)'
#endif
  Out[0] = 1;
}
