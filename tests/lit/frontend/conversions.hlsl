// RUN: %shaderlens compile -T cs_6_6 --print ast %s 2>/dev/null | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 --print ast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// Implicit conversions are explicit AST nodes: splat, truncation (with warning), element
// conversions, flattening initializer lists, constructors, (S)0 and explicit aggregate casts.

struct S { float3 p; int k; };
RWBuffer<float> Out;

[numthreads(1, 1, 1)]
void main() {
  float f = 2;
  float4 a = {1, f.xx, 3};
  float2 b = a;
  int3 c = a.xyz;
  float2x2 m = a;
  S s = (S)0;
  S t = {a.xyz, 7};
  float4 flat = (float4)t;
  uint w = 1.5;
  Out[0] = b.x + c.y + m._11 + s.k + flat.w + w;
}

// CHECK: Var a 'float4' local
// CHECK-NEXT:   InitList 'float4'
// CHECK-NEXT:     ImplicitCast 'float' IntegralToFloating
// CHECK-NEXT:       IntLiteral 'literal int' 1
// CHECK-NEXT:     Swizzle 'float2' lvalue .xx [0,0]
// CHECK-NEXT:       DeclRef 'float' lvalue f (local)
// CHECK-NEXT:     ImplicitCast 'float' IntegralToFloating
// CHECK: Var b 'float2' local
// CHECK-NEXT:   ImplicitCast 'float2' VectorTruncate
// CHECK-NEXT:     DeclRef 'float4' lvalue a (local)
// CHECK: Var c 'int3' local
// CHECK-NEXT:   ImplicitCast 'int3' FloatingToIntegral
// CHECK-NEXT:     Swizzle 'float3' lvalue .xyz [0,1,2]
// CHECK: Var m 'float2x2' local
// CHECK-NEXT:   ImplicitCast 'float2x2' VectorToMatrix
// CHECK: Var s 'S' local
// CHECK-NEXT:   ExplicitCast 'S'
// CHECK-NEXT:     ImplicitCast 'S' AggregateSplat
// CHECK: Var t 'S' local
// CHECK-NEXT:   InitList 'S'
// CHECK-NEXT:     Swizzle 'float3' lvalue .xyz [0,1,2]
// CHECK-NEXT:       DeclRef 'float4' lvalue a (local)
// CHECK-NEXT:     ImplicitCast 'int' IntegralCast
// CHECK: Var flat 'float4' local
// CHECK-NEXT:   ExplicitCast 'float4'
// CHECK-NEXT:     ImplicitCast 'float4' FlatConversion
// CHECK: Var w 'uint' local
// CHECK-NEXT:   ImplicitCast 'uint' FloatingToIntegral
// WARN: conversions.hlsl:13:14: warning: implicit truncation of vector type
// WARN-NEXT: float2 b = a;
// WARN-NEXT: {{^             \^$}}
// WARN-NOT: error:
