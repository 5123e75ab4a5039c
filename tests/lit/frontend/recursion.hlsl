// RUN: not %shaderlens compile -T cs_6_6 --print ast %s 2>&1 >/dev/null | FileCheck %s
// Recursion reachable from the entry point is an error (DXC: recursive functions are not allowed).

int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
RWBuffer<int> Out;

[numthreads(1, 1, 1)]
void main() { Out[0] = fact(5); }

// CHECK:      recursion.hlsl:4:43: error: recursive functions are not allowed: function 'main' calls recursive function 'fact'
// CHECK-NEXT: int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
// CHECK-NEXT: {{^                                          \^$}}
// CHECK-NEXT: recursion.hlsl:4:5: note: function 'fact' declared here
