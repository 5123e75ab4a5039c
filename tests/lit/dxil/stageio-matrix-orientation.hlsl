// Matrix stage inputs/outputs take their shape from the declaration's orientation (DXC's
// GetParameterRowsAndCols, design/dxil.md §1.1): a column-major R x C matrix (the default) is an
// element of C register rows of R components, one row per matrix column, and m[r][c] is read from
// row c, component r; a row_major one is R rows of C, m[r][c] from row r, component c. The
// semantic indices follow the register rows (one index per row, consecutive from the written one),
// so a column-major float4x3 : TEXCOORD0 takes TEXCOORD0..2 (3 rows x xyzw) and a row_major one
// TEXCOORD0..3 (4 rows x xyz). Usage masks are per register component: reading m[1][2] and m[3][1]
// uses components y and w of every row (column-major) or y and z (row-major). A square float4x4
// is read transposed too (the shapes agree, the orientation decides); -Zpr makes undecorated
// matrices row-major. (The SPIR-V side gives a matrix one Location per HLSL row, hlsl-spirv.md
// §4, and is not changed by orientation.)
// RUN: %shaderlens compile -T vs_6_0 -E vs_cm --print signatures %s | FileCheck %s --check-prefix=CM-SIG
// RUN: %shaderlens compile -T vs_6_0 -E vs_cm --print dxil %s | FileCheck %s --check-prefix=CM
// RUN: %shaderlens compile -T vs_6_0 -E vs_rm --print signatures %s | FileCheck %s --check-prefix=RM-SIG
// RUN: %shaderlens compile -T vs_6_0 -E vs_rm --print dxil %s | FileCheck %s --check-prefix=RM
// RUN: %shaderlens compile -T vs_6_0 -E vs_sq --print signatures %s | FileCheck %s --check-prefix=SQ-SIG
// RUN: %shaderlens compile -T vs_6_0 -E vs_sq --print dxil %s | FileCheck %s --check-prefix=SQ
// RUN: %shaderlens compile -T vs_6_0 -E vs_out --print signatures %s | FileCheck %s --check-prefix=OUT-SIG
// RUN: %shaderlens compile -T vs_6_0 -E vs_out --print dxil %s | FileCheck %s --check-prefix=OUT
// RUN: %shaderlens compile -T vs_6_0 -E vs_cm -Zpr --print signatures %s | FileCheck %s --check-prefix=RM-SIG
// RUN: %shaderlens compile -T vs_6_0 -E vs_cm -Zpr --print dxil %s | FileCheck %s --check-prefix=RM
// RUN: %shaderlens compile -T vs_6_0 -E vs_cc -Zpr --print signatures %s | FileCheck %s --check-prefix=CM-SIG
float4 vs_cm(float4x3 m : TEXCOORD0, float4 p : POSITION) : SV_Position {
  return p * m[1][2] + m[3][1];
}
float4 vs_rm(row_major float4x3 m : TEXCOORD0, float4 p : POSITION) : SV_Position {
  return p * m[1][2] + m[3][1];
}
// Explicit column_major wins over -Zpr (and a matrix swizzle _m31 is row 1, component 3).
float4 vs_cc(column_major float4x3 m : TEXCOORD0, float4 p : POSITION) : SV_Position {
  return p * m[1][2] + m._m31_m31_m31_m31;
}
float4 vs_sq(float4x4 m : TEXCOORD0, float4 p : POSITION) : SV_Position {
  return p * m[1][2] + m[3][0];
}
// Outputs: column-major o keeps column c in register row c, row_major r row r in register row r.
float4 vs_out(float4 p : POSITION, float2 q : EXTRA, out float2x3 o : OUTM, out row_major float2x3 r : OUTR)
    : SV_Position {
  o[0][0] = p.x; o[0][1] = p.y; o[0][2] = p.z;
  o[1][0] = p.w; o[1][1] = q.x; o[1][2] = q.y;
  r[0][0] = p.x; r[0][1] = p.y; r[0][2] = p.z;
  r[1][0] = p.w; r[1][1] = q.x; r[1][2] = q.y;
  return p;
}

// CM-SIG: ; Input signature:
// CM-SIG: ; TEXCOORD                 0   xyzw        0     NONE   float    y w
// CM-SIG-NEXT: ; TEXCOORD                 1   xyzw        1     NONE   float    y w
// CM-SIG-NEXT: ; TEXCOORD                 2   xyzw        2     NONE   float    y w
// CM-SIG-NEXT: ; POSITION                 0   xyzw        3     NONE   float   xyzw

// m[1][2] is row 2, component 1; m[3][1] is row 1, component 3.
// CM-DAG: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 2, i8 1, i32 undef)
// CM-DAG: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 1, i8 3, i32 undef)
// CM-NOT: @dx.op.loadInput.f32(i32 4, i32 0, i32 {{[0-9]}}, i8 {{[02]}},
// CM: !{i32 0, !"TEXCOORD", i8 9, i8 0, !{{[0-9]+}}, i8 0, i32 3, i8 4, i32 0, i8 0,

// RM-SIG: ; Input signature:
// RM-SIG: ; TEXCOORD                 0   xyz         0     NONE   float    yz{{ *$}}
// RM-SIG-NEXT: ; TEXCOORD                 1   xyz         1     NONE   float    yz{{ *$}}
// RM-SIG-NEXT: ; TEXCOORD                 2   xyz         2     NONE   float    yz{{ *$}}
// RM-SIG-NEXT: ; TEXCOORD                 3   xyz         3     NONE   float    yz{{ *$}}
// RM-SIG-NEXT: ; POSITION                 0   xyzw        4     NONE   float   xyzw

// m[1][2] is row 1, component 2; m[3][1] is row 3, component 1.
// RM-DAG: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 1, i8 2, i32 undef)
// RM-DAG: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 3, i8 1, i32 undef)
// RM-NOT: @dx.op.loadInput.f32(i32 4, i32 0, i32 {{[0-9]}}, i8 {{[03]}},
// RM: !{i32 0, !"TEXCOORD", i8 9, i8 0, !{{[0-9]+}}, i8 0, i32 4, i8 3, i32 0, i8 0,

// SQ-SIG: ; Input signature:
// SQ-SIG: ; TEXCOORD                 0   xyzw        0     NONE   float    y w
// SQ-SIG-NEXT: ; TEXCOORD                 1   xyzw        1     NONE   float    y w
// SQ-SIG-NEXT: ; TEXCOORD                 2   xyzw        2     NONE   float    y w
// SQ-SIG-NEXT: ; TEXCOORD                 3   xyzw        3     NONE   float    y w
// SQ-SIG-NEXT: ; POSITION                 0   xyzw        4     NONE   float   xyzw

// Square: m[1][2] is row 2, component 1 (not row 1, component 2); m[3][0] is row 0, component 3.
// SQ-DAG: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 2, i8 1, i32 undef)
// SQ-DAG: call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 3, i32 undef)
// SQ-NOT: @dx.op.loadInput.f32(i32 4, i32 0, i32 1, i8 2,

// OUT-SIG: ; Output signature:
// OUT-SIG: ; SV_Position              0   xyzw        0      POS   float   xyzw
// OUT-SIG-NEXT: ; OUTM                     0   xy          1     NONE   float   xy{{ *$}}
// OUT-SIG-NEXT: ; OUTM                     1   xy          2     NONE   float   xy{{ *$}}
// OUT-SIG-NEXT: ; OUTM                     2   xy          3     NONE   float   xy{{ *$}}
// OUT-SIG-NEXT: ; OUTR                     0   xyz         4     NONE   float   xyz{{ *$}}
// OUT-SIG-NEXT: ; OUTR                     1   xyz         5     NONE   float   xyz{{ *$}}

// OUT-DAG: [[PX:%[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
// OUT-DAG: [[PY:%[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
// OUT-DAG: [[PZ:%[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 2, i32 undef)
// OUT-DAG: [[PW:%[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 3, i32 undef)
// OUT-DAG: [[QX:%[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
// OUT-DAG: [[QY:%[0-9]+]] = call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 1, i32 undef)
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 0, float [[PX]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 0, i8 1, float [[PW]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 1, i8 0, float [[PY]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 1, i8 1, float [[QX]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 2, i8 0, float [[PZ]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 2, i8 1, float [[QY]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 2, float [[PZ]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 1, i8 0, float [[PW]])
// OUT-DAG: call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 1, i8 2, float [[QY]])
