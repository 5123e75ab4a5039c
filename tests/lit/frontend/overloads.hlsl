// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// User overloads are chosen by DXC's additive score (splat < promotion < int-cast < cast < truncation);
// out/inout arguments are passed as lvalues and written back by the caller.

void pick(float4 v, out float r) { r = v.x; }
void pick(int v, out float r) { r = v; }
float scale(float x) { return x * 2; }
float scale(double x) { return (float)x; }
void bump(inout float3 v) { v += 1; }
float withDefault(float a, float b = 2) { return a * b; }

RWBuffer<float> Out;

[numthreads(1, 1, 1)]
void main() {
  float f = 1, r;
  pick(f, r);
  float3 p = 0;
  bump(p);
  Out[0] = r + scale(f) + scale(2.0l) + withDefault(3) + p.x;
}

// CHECK:      Call 'void' pick <17:3>
// CHECK-NEXT:   ImplicitCast 'float4' Splat
// CHECK-NEXT:     DeclRef 'float' lvalue f (local)
// CHECK-NEXT:   out argument
// CHECK-NEXT:   DeclRef 'float' lvalue r (local)
// CHECK:      Call 'void' bump <19:3>
// CHECK-NEXT:   inout argument
// CHECK-NEXT:   DeclRef 'float3' lvalue p (local)
// CHECK:      Call 'float' scale
// CHECK-NEXT:   DeclRef 'float' lvalue f (local)
// CHECK:      Call 'float' scale
// CHECK-NEXT:   FloatLiteral 'double' 2.0
// CHECK:      Call 'float' withDefault
// CHECK-NEXT:   ImplicitCast 'float' IntegralToFloating
// CHECK-NEXT:     IntLiteral 'literal int' 3
// CHECK-NOT:    Error
