// A local declared through a typedef of a scalar has a DebugTypedef as its type (Name, BaseType,
// Source, Line, Column, Parent: the compilation unit); a typedef of a typedef names the outer
// typedef over the scalar, a `using` alias the same way; a typedef of a vector, struct or array
// has the plain debug type (SPIRV-Tools v2023.1's validator accepts a DebugTypedef over a
// DebugTypeBasic only). The module passes spirv-val, and its code is the code without debug info.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan --no-qptr-lift --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan-with-source --no-qptr-lift -Fo %t.spv %s
// RUN: spirv-val --relax-block-layout %t.spv
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --no-qptr-lift -Fo %t.plain.spv %s
// RUN: python3 %S/Inputs/same_code.py %t.spv %t.plain.spv | FileCheck %s --check-prefix=SAME
// SAME: same code
RWStructuredBuffer<float> Out : register(u0);

typedef float Weight;
typedef Weight Heavy;
using Count = uint;
typedef float3 Color;
struct Pair { float a; uint b; };
typedef Pair Couple;

// CHECK-DAG: [[WEIGHT:%[0-9a-zA-Z_]+]] = OpString "Weight"
// CHECK-DAG: [[HEAVY:%[0-9a-zA-Z_]+]] = OpString "Heavy"
// CHECK-DAG: [[COUNT:%[0-9a-zA-Z_]+]] = OpString "Count"
// CHECK-DAG: [[FLOAT:%[0-9a-zA-Z_]+]] = OpString "float"
// CHECK-DAG: [[UINT:%[0-9a-zA-Z_]+]] = OpString "uint"
// CHECK-DAG: [[W:%[0-9a-zA-Z_]+]] = OpString "w"
// CHECK-DAG: [[H:%[0-9a-zA-Z_]+]] = OpString "h"
// CHECK-DAG: [[N:%[0-9a-zA-Z_]+]] = OpString "n"
// CHECK-DAG: [[C:%[0-9a-zA-Z_]+]] = OpString "c"
// CHECK-DAG: [[P:%[0-9a-zA-Z_]+]] = OpString "p"
// CHECK-DAG: [[CU:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugCompilationUnit
// CHECK-DAG: [[TF:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugTypeBasic [[FLOAT]]
// CHECK-DAG: [[TU:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugTypeBasic [[UINT]]
// CHECK-DAG: [[TF3:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugTypeVector [[TF]] %uint_3
// CHECK-DAG: [[TPAIR:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugTypeComposite
// CHECK-DAG: [[TWEIGHT:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugTypedef [[WEIGHT]] [[TF]] %{{[0-9a-zA-Z_]+}} %uint_14 %uint_15 [[CU]]
// CHECK-DAG: [[THEAVY:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugTypedef [[HEAVY]] [[TF]] %{{[0-9a-zA-Z_]+}} %uint_15 %uint_16 [[CU]]
// CHECK-DAG: [[TCOUNT:%[0-9a-zA-Z_]+]] = OpExtInst %void %{{[0-9a-zA-Z_]+}} DebugTypedef [[COUNT]] [[TU]] %{{[0-9a-zA-Z_]+}} %uint_16 %uint_7 [[CU]]
// CHECK-DAG: DebugLocalVariable [[W]] [[TWEIGHT]]
// CHECK-DAG: DebugLocalVariable [[H]] [[THEAVY]]
// CHECK-DAG: DebugLocalVariable [[N]] [[TCOUNT]]
// CHECK-DAG: DebugLocalVariable [[C]] [[TF3]]
// CHECK-DAG: DebugLocalVariable [[P]] [[TPAIR]]
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Weight w = id.x * 0.5;
  Heavy h = w * 2;
  Count n = id.x + 1;
  Color c = float3(w, h, n);
  Couple p;
  p.a = c.x;
  p.b = n;
  Out[id.x] = c.x + c.y + c.z + p.a;
}
