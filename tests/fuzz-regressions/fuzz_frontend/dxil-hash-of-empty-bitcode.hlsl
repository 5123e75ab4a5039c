// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// Operators: arithmetic with literal typing, compound assignment, ++/--, comma, ternary, swizzles.

RWBuffer<float> Out;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int i = 7;
  uint u = 3;
  float4 v = float4(1, 2, 3, 4);
  float2x2 m = float2x2(1, 2, 3, 4);
  i += 2.5;
  u <<= 1;
  i++;
  --u;
  v.zw = v.xy * 2;
  float e = m._m01 + m._22 + m[1][0];
  bool3 gt = v.xyz > 1;
  float t = i > 3 ? 1.0 : 2.0f;
  int c = (i = 2, i + 1);
  uint shifted = u >> 33;
  Out[id.x] = -v.x + e + t + c + shifted + (i % 4) + (~u & 0xF) + !gt.x;
}

// CHECK:      Assign 'int' '+=' compute 'float' <12:5>
// CHECK-NEXT:   DeclRef 'int' lvalue i (local)
// CHECK-NEXT:   ImplicitCast 'float' FloatingCast
// CHECK-NEXT:     FloatLiteral 'literal float' 2.5
// CHECK:      Assign 'uint' '<<=' compute 'uint' <13:5>
// CHECK:      Unary 'int' 'post++' <14:4>
// CHECK:      Unary 'uint' lvalue '--pre' <15:3>
// CHECK:      Assign 'float2' '=' <16:8>
// CHECK-NEXT:   Swizzle 'float2' lvalue .zw [2,3]
// CHECK:        Binary 'float2' '*'
// CHECK-NEXT:     Swizzle 'float2' lvalue .xy [0,1]
// CHECK-NEXT:       DeclRef 'float4' lvalue v (local)
// CHECK-NEXT:     ImplicitCast 'float2' Splat
// CHECK-NEXT:       ImplicitCast 'float' Intb4ralToFloating
// CHECK-NEXT:         IntLiteral 'literal int' 1
// CHECK:      Swizzle 'float' lvalue ._m01 [1]
// CHECK:      Swizzle 'float' lvalue ._22 [3]
// CHECK:      Index 'float' lvalue
// CHECK-NEXT:   IndCHECK-NEXT:     Assign 'int' '='
// CHECK:      Binary 'uint' '>>'
// CHECK-NEXT:   DeclRef 'uint' lvalue u (local)
// CHECK-NEXT:   ImplicitCast 'uint' IntegralCast
// CHECK-NEXT:     IntLiteral 'literal int' 33
// CHECK:      Unary 'float' '-'
// CHECK:      Binary 'int' '%'
// CHECK:      Unary 'uint' '~'
// CHECK:      Unary 'bool' '!'
