// RUN: not %shaderlens compile -T cs_6_6 --print ast %s 2>&1 >/dev/null | FileCheck %s
// Semantic errors: one diagnostic per problem, with notes, and analysis continues.

float g_scale;
struct A { float x, y; };
struct B { float x, y; };
void use(A a) {}
void k(float x) {}
void k(double x) {}
StructuredBuffer<float> Input;

[numthreads(1, 1, 1)]
void main() {
  float3 f3 = 0;
  float2 f2 = 0;
  g_scale = 2;
  int x = 1;
  int x = 2;
  float4 wide = f3;
  bool3 both = (f3 > 0) && (f3 < 1);
  f2.xx = 1;
  B b = (B)0;
  use(b);
  k(1.5);
  Input[0] = 1;
  undefinedFunction(1);
  int* p;
}

// CHECK:      errors-sema.hlsl:16:11: error: cannot assign to variable 'g_scale' with const-qualified type 'const float'
// CHECK-NEXT:   g_scale = 2;
// CHECK-NEXT: {{^          \^$}}
// CHECK-NEXT: errors-sema.hlsl:4:7: note: variable 'g_scale' declared const here
// CHECK:      errors-sema.hlsl:18:7: error: redefinition of 'x'
// CHECK-NEXT:   int x = 2;
// CHECK-NEXT: {{^      \^$}}
// CHECK-NEXT: errors-sema.hlsl:17:7: note: previous definition is here
// CHECK:      errors-sema.hlsl:19:17: error: cannot convert from 'float3' to 'float4'
// CHECK:      errors-sema.hlsl:20:25: error: operands for short-circuiting logical binary operator must be scalar, for non-scalar types use 'and'
// CHECK:      errors-sema.hlsl:21:9: error: vector is not assignable (contains duplicate components)
// CHECK:      errors-sema.hlsl:23:3: error: no matching function for call to 'use'
// CHECK:      errors-sema.hlsl:7:6: note: candidate function not viable: no known conversion from 'B' to 'A' for 1st argument
// CHECK:      errors-sema.hlsl:24:3: error: call to 'k' is ambiguous
// CHECK:      note: candidate function
// CHECK:      note: candidate function
// CHECK:      errors-sema.hlsl:25:12: error: cannot assign to return value because function 'operator[]' returns a const value
// CHECK:      errors-sema.hlsl:26:3: error: use of undeclared identifier 'undefinedFunction'
// CHECK:      errors-sema.hlsl:27:6: error: pointers are unsupported in HLSL
