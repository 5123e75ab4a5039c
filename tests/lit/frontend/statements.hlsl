// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// Control flow with HLSL statement attributes.

RWBuffer<int> Out;

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int acc = 0;
  [unroll(4)] for (int i = 0; i < 4; ++i) {
    if (i == 1) continue;
    acc += i;
  }
  [loop] while (acc > 10) { acc -= 3; }
  [fastopt] do { acc++; } while (acc < 5);
  [branch] if (id.x == 0) { acc = 1; } else if (id.x == 1) acc = 2; else { acc = 3; }
  [flatten] switch (acc) {
    case 0:
    case 1: acc = 10; break;
    default: acc = 20;
  }
  for (;;) { break; }
  Out[id.x] = acc;
  return;
}

// CHECK:      For [unroll(4)] <9:15>
// CHECK-NEXT:   DeclStmt
// CHECK-NEXT:     Var i 'int' local
// CHECK:        Binary 'bool' '<'
// CHECK:        Unary 'int' lvalue '++pre'
// CHECK-NEXT:     DeclRef 'int' lvalue i (local)
// CHECK-NEXT:   Compound
// CHECK-NEXT:     If <10:5>
// CHECK:          Continue <10:17>
// CHECK:      While [loop] <13:10>
// CHECK:      Do [fastopt] <14:13>
// CHECK:      If has_else [branch] <15:12>
// CHECK:        If has_else <15:45>
// CHECK:      Switch [flatten] <16:13>
// CHECK-NEXT:   DeclRef 'int' lvalue acc (local)
// CHECK-NEXT:   Compound
// CHECK-NEXT:     Case 0
// CHECK-NEXT:     Case 1
// CHECK-NEXT:     Assign
// CHECK:          Break
// CHECK-NEXT:     Default
// CHECK:      For <21:3>
// CHECK-NEXT:   <no init>
// CHECK-NEXT:   <no condition>
// CHECK-NEXT:   <no increment>
// CHECK-NEXT:   Compound
// CHECK-NEXT:     Break
// CHECK:      Return <23:3>
