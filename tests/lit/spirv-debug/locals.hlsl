// -fspv-debug=vulkan-with-source describes every declared variable: DebugLocalVariable for
// locals and parameters (ArgNumber 1, 2 on the parameters), declared where their scope begins,
// a by-value parameter's DebugValue before its copy and DebugDeclare after it, DebugTypeBasic/
// Vector/Matrix/Array/Composite+Member types, DebugLexicalBlock for `{}` and for a `for`
// statement (its loop variable), DebugScope wherever the scope changes, DebugGlobalVariable for
// a groupshared and a static global, DebugEntryPoint. The module passes spirv-val, and its code is
// the code of the module without debug information.
// (FileCheck reads -fspv-debug=vulkan: with the source text, these lines would match themselves.)
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan-with-source -Fo %t.spv %s
// RUN: spirv-val --relax-block-layout %t.spv
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -Fo %t.plain.spv %s
// RUN: python3 %S/Inputs/same_code.py %t.spv %t.plain.spv | FileCheck %s --check-prefix=SAME
// SAME: same code
// That is the qptr-lifted module (the reader reads the debug info back), not the bound one, which --no-qptr-lift emits:
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --no-qptr-lift -Fo %t.bound.spv %s
// RUN: %expect_exit 1 python3 %S/Inputs/same_code.py %t.spv %t.bound.spv | FileCheck %s --check-prefix=DIFF
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-debug=vulkan --no-qptr-lift -Fo %t.bd.spv %s && python3 %S/Inputs/same_code.py %t.bd.spv %t.bound.spv | FileCheck %s --check-prefix=SAME
// DIFF: different

RWStructuredBuffer<float> Out : register(u0);
groupshared float Shared[8];
static int Calls;

struct Particle {
  float3 position;
  int ids[2];
  float mass;
};

float scale(float x, uint k) {
  float y = x * k;
  return y;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Particle p;
  p.position = float3(1.5, 2.0, id.x);
  p.mass = 0.25;
  float2x3 m = float2x3(1, 2, 3, 4, 5, 6);
  float acc = 0;
  for (int i = 0; i < 3; ++i) {
    float t = i * 2.0;
    acc += t;
  }
  {
    float inner = acc + 1;
    acc = scale(inner, 2);
  }
  Shared[id.x] = acc;
  Calls = 1;
  Out[id.x] = acc + p.mass + m[1][2] + Shared[0];
}

// CHECK: [[SET:%[0-9]+]] = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// CHECK-DAG: [[NID:%[0-9]+]] = OpString "id"
// CHECK-DAG: [[NP:%[0-9]+]] = OpString "p"
// CHECK-DAG: [[NPART:%[0-9]+]] = OpString "Particle"
// CHECK-DAG: [[NPOS:%[0-9]+]] = OpString "position"
// CHECK-DAG: [[NIDS:%[0-9]+]] = OpString "ids"
// CHECK-DAG: [[NMASS:%[0-9]+]] = OpString "mass"
// CHECK-DAG: [[NM:%[0-9]+]] = OpString "m"
// CHECK-DAG: [[NI:%[0-9]+]] = OpString "i"
// CHECK-DAG: [[NT:%[0-9]+]] = OpString "t"
// CHECK-DAG: [[NINNER:%[0-9]+]] = OpString "inner"
// CHECK-DAG: [[NX:%[0-9]+]] = OpString "x"
// CHECK-DAG: [[NK:%[0-9]+]] = OpString "k"
// CHECK-DAG: [[NSHARED:%[0-9]+]] = OpString "Shared"
// CHECK-DAG: [[NCALLS:%[0-9]+]] = OpString "Calls"
// CHECK-DAG: [[SIG:%[0-9]+]] = OpString "shaderlens"
// CHECK-DAG: [[NSRCMAIN:%[0-9]+]] = OpString "src.main"
// CHECK-DAG: [[NSCALE:%[0-9]+]] = OpString "scale"

// The entry's source function, its parameter (argument 1) and its locals.
// CHECK: [[SRC:%[0-9]+]] = OpExtInst %void [[SET]] DebugSource
// CHECK: [[UINT:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeBasic {{%[0-9]+}} %uint_32 %uint_6 %uint_0
// CHECK: [[UINT3:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeVector [[UINT]] %uint_3
// CHECK: [[MAIN:%[0-9]+]] = OpExtInst %void [[SET]] DebugFunction [[NSRCMAIN]] {{%[0-9]+}} [[SRC]] %uint_37 %uint_6
// CHECK: [[VID:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NID]] [[UINT3]] [[SRC]] %uint_37 %uint_17 [[MAIN]] %uint_4 %uint_1{{$}}
// The struct: a member per field, with its offset and size in bits.
// CHECK: [[FLOAT:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeBasic {{%[0-9]+}} %uint_32 %uint_3 %uint_0
// CHECK: [[FLOAT3:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeVector [[FLOAT]] %uint_3
// CHECK: [[MPOS:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeMember [[NPOS]] [[FLOAT3]] [[SRC]] %uint_1 %uint_1 %uint_0 %uint_96
// CHECK: [[INT:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeBasic {{%[0-9]+}} %uint_32 %uint_4 %uint_0
// CHECK: [[INT2:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeArray [[INT]] %uint_2
// CHECK: [[MIDS:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeMember [[NIDS]] [[INT2]] [[SRC]] %uint_1 %uint_1 %uint_96 %uint_64
// CHECK: [[MMASS:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeMember [[NMASS]] [[FLOAT]] [[SRC]] %uint_1 %uint_1 %uint_160 %uint_32
// CHECK: [[PART:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeComposite [[NPART]] %uint_1 [[SRC]] %uint_1 %uint_1 {{%[0-9]+}} [[NPART]] %uint_192 %uint_3 [[MPOS]] [[MIDS]] [[MMASS]]{{$}}
// CHECK: [[VP:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NP]] [[PART]] [[SRC]] %uint_38 %uint_12 [[MAIN]] %uint_4{{$}}
// float2x3 is 2 rows of float3 in SPIR-V: a matrix of 2 float3 vectors.
// CHECK: [[MAT:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeMatrix [[FLOAT3]] %uint_2 %uint_1
// CHECK: [[VM:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NM]] [[MAT]] [[SRC]] %uint_41 %uint_12 [[MAIN]]
// The for statement is a block holding i; its body a block inside it holding t.
// CHECK: [[FOR:%[0-9]+]] = OpExtInst %void [[SET]] DebugLexicalBlock [[SRC]] %uint_43 %uint_3 [[MAIN]]
// CHECK: [[VI:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NI]] [[INT]] [[SRC]] %uint_43 %uint_12 [[FOR]]
// CHECK: [[BODY:%[0-9]+]] = OpExtInst %void [[SET]] DebugLexicalBlock [[SRC]] %uint_43 %uint_31 [[FOR]]
// CHECK: [[VT:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NT]] [[FLOAT]] [[SRC]] %uint_44 %uint_11 [[BODY]]
// CHECK: [[BLOCK:%[0-9]+]] = OpExtInst %void [[SET]] DebugLexicalBlock [[SRC]] %uint_47 %uint_3 [[MAIN]]
// CHECK: [[VINNER:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NINNER]] [[FLOAT]] [[SRC]] %uint_48 %uint_11 [[BLOCK]]
// The callee's parameters are arguments 1 and 2.
// CHECK: [[SCALE:%[0-9]+]] = OpExtInst %void [[SET]] DebugFunction [[NSCALE]] {{%[0-9]+}} [[SRC]] %uint_31 %uint_7
// CHECK: [[VX:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NX]] [[FLOAT]] [[SRC]] %uint_31 %uint_19 [[SCALE]] %uint_4 %uint_1{{$}}
// CHECK: [[VK:%[0-9]+]] = OpExtInst %void [[SET]] DebugLocalVariable [[NK]] [[UINT]] [[SRC]] %uint_31 %uint_27 [[SCALE]] %uint_4 %uint_2{{$}}
// Globals and the entry point.
// CHECK: [[ARR:%[0-9]+]] = OpExtInst %void [[SET]] DebugTypeArray [[FLOAT]] %uint_8
// CHECK: OpExtInst %void [[SET]] DebugGlobalVariable [[NSHARED]] [[ARR]] [[SRC]] %uint_22 %uint_19 {{%[0-9]+}} [[NSHARED]] %Shared %uint_8
// CHECK: OpExtInst %void [[SET]] DebugGlobalVariable [[NCALLS]] [[INT]] [[SRC]] %uint_23 %uint_12 {{%[0-9]+}} [[NCALLS]] %Calls %uint_8
// CHECK: OpExtInst %void [[SET]] DebugEntryPoint {{%[0-9]+}} {{%[0-9]+}} [[SIG]] {{%[0-9]+}}

// src.main: its function-scope locals are declared at its start, the parameter after its copy.
// CHECK: %src_main = OpFunction
// CHECK-NEXT: %id = OpFunctionParameter %v3uint
// CHECK-NEXT: OpLabel
// CHECK: DebugFunctionDefinition [[MAIN]] %src_main
// CHECK-NEXT: DebugScope [[MAIN]]
// CHECK-NEXT: DebugDeclare [[VP]] %p
// CHECK-NEXT: DebugDeclare [[VM]] %m
// CHECK: DebugValue [[VID]] %id
// CHECK: OpStore %id_0 %id
// CHECK-NEXT: DebugDeclare [[VID]] %id_0
// Entering the for statement's block declares i, entering the body declares t.
// CHECK: DebugScope [[FOR]]
// CHECK-NEXT: DebugDeclare [[VI]] %i
// CHECK: DebugScope [[BODY]]
// CHECK-NEXT: DebugDeclare [[VT]] %t
// CHECK: DebugScope [[BLOCK]]
// CHECK-NEXT: DebugDeclare [[VINNER]] %inner
// Back in the function's scope after the block.
// CHECK: DebugScope [[MAIN]]
// CHECK: OpFunctionEnd

// scale: both parameters' values from its first instruction, then their variables.
// CHECK: %scale = OpFunction
// CHECK: DebugValue [[VX]] %x
// CHECK-NEXT: DebugValue [[VK]] %k
// CHECK: OpStore %x_0 %x
// CHECK-NEXT: DebugDeclare [[VX]] %x_0
// CHECK: OpStore %k_0 %k
// CHECK-NEXT: DebugDeclare [[VK]] %k_0
