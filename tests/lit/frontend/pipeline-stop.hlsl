// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// RUN: %expect_exit 0 %shaderlens compile -T cs_6_6 --print ast %s
// Printing only the ast stage stops the compile after Sema (no later stage runs or fails).

[numthreads(1, 1, 1)]
void main() {}

// CHECK:      TranslationUnit
// CHECK-NEXT:   Function main 'void ()' entry [numthreads(1, 1, 1)] <6:6>
// CHECK-NEXT:     Compound <6:13>
// CHECK-NOT:  {{.}}
