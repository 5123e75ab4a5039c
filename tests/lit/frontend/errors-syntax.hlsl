// RUN: not %shaderlens compile -T cs_6_6 --print ast %s 2>&1 >/dev/null | FileCheck %s
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_6 --print ast %s
// Syntax errors are reported with a caret, and parsing resumes at the next statement.

[numthreads(1, 1, 1)]
void main() {
  int a = ;
  float b = (1 + 2;
  int c = 3
  int d = 4;
  float2 v(1, 2);
}
struct S { float x = 1; };

// CHECK:      errors-syntax.hlsl:7:11: error: expected an expression
// CHECK-NEXT:   int a = ;
// CHECK-NEXT: {{^          \^$}}
// CHECK:      errors-syntax.hlsl:8:19: error: expected ')' before ';'
// CHECK-NEXT:   float b = (1 + 2;
// CHECK-NEXT: {{^                  \^$}}
// CHECK:      errors-syntax.hlsl:9:12: error: expected ';' after declaration
// CHECK:      errors-syntax.hlsl:11:10: error: function-style initialization of a variable is not supported in HLSL
// CHECK:      errors-syntax.hlsl:13:20: error: struct/class members cannot have default values
