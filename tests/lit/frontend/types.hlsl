// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -enable-16bit-types --print ast %s | FileCheck %s --check-prefix=B16

typedef vector<float, 3> Vec3;
typedef matrix<int, 2, 3> IntMat;

[numthreads(1, 1, 1)]
void main() {
  bool b = true;
  dword w = 1;
  uint32_t4 u4 = 0;
  int64_t i64 = 0;
  uint64_t2 u64 = 0;
  half h = 0;
  double d = 0;
  min16float mf = 0;
  min16uint2 mu = 0;
  float2x3 m = 0;
  row_major float4x4 rm = 0;
  Vec3 v = 0;
  IntMat im = 0;
  vector v4 = 0;
  unsigned int ui = 0;
  float arr[2][3];
}

// CHECK: Var b 'bool' local <9:8>
// CHECK: Var w 'uint' local
// CHECK: Var u4 'uint4' local
// CHECK: Var i64 'int64_t' local
// CHECK: Var u64 'uint64_t2' local
// CHECK: Var h 'half' local
// CHECK: Var d 'double' local
// CHECK: Var mf 'min16float' local
// CHECK: Var mu 'min16uint2' local
// CHECK: Var m 'float2x3' local
// CHECK: Var rm 'float4x4' local row_major
// CHECK: Var v 'float3' local
// CHECK: Var im 'int2x3' local
// CHECK: Var v4 'float4' local
// CHECK: Var ui 'uint' local
// CHECK: Var arr 'float[2][3]' local
// With -enable-16bit-types, half and min-precision types are real 16-bit types.
// B16: Var h 'float16_t' local
// B16: Var mf 'float16_t' local
// B16: Var mu 'uint16_t2' local
