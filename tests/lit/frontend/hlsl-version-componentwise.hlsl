// Before HLSL 2021 (-HV 2016/2017/2018), `?:`, `&&` and `||` work component-wise on vectors and
// matrices and never short-circuit: both operands are evaluated and combined with OpSelect /
// OpLogicalAnd / OpLogicalOr (DXC's CheckVectorConditional and its pre-2021 code generation). A
// one-element result takes the condition's shape. HLSL 2021 rejects non-scalar conditions and
// operands. Reduced from FidelityFX FSR's ffx_a.h:2040 (`(AU2_AF2(x)!=AU2_(0))?AU2_(0):AU2_AF2(y)`).
// RUN: %shaderlens compile -T cs_6_0 -HV 2018 --print ast %s | FileCheck %s --check-prefix=AST
// RUN: %shaderlens compile -T cs_6_0 -HV 2016 -spirv --print ir %s | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -T cs_6_0 -HV 2018 -spirv -Fo %t.spv %s && spirv-val --target-env vulkan1.0 %t.spv
// RUN: not %shaderlens compile -T cs_6_0 -HV 2021 -spirv %s 2>&1 | FileCheck %s --check-prefix=V2021
// RUN: not %shaderlens compile -T cs_6_0 -HV 2018 -spirv -D MISMATCH %s 2>&1 | FileCheck %s --check-prefix=MISMATCH

RWStructuredBuffer<float4> Buf;
RWStructuredBuffer<uint> Calls;

float4 touch(float4 v) {
  Calls[0] += 1;
  return v;
}

uint2 zeroPass(float2 x, float2 y) { return (asuint(x) != 0u) ? 0u : asuint(y); }

[numthreads(1, 1, 1)]
void main() {
  float4 a = Buf[0], b = Buf[1];
  Buf[2] = (a > b) ? a : b;
  Buf[3] = (a.x > 0) ? touch(a) : touch(b);
  Buf[4].xyz = a.xyz > 0 ? 1.0 : 0.0;
  Buf[5].xy = ((a.xy > 0) && (b.xy > 0)) || false;
  Buf[6].xy = asfloat(zeroPass(a.xy, b.xy));
#ifdef MISMATCH
  Buf[7].xyz = (a.xy > 0) ? a.xyz : b.xyz;
#endif
}

// AST-LABEL: Function zeroPass
// AST: Conditional 'uint2' componentwise
// AST-NEXT: Binary 'bool2' '!='
// AST: ImplicitCast 'uint2' Splat
// AST-LABEL: Function main
// AST: Conditional 'float4' componentwise
// AST-NEXT: Binary 'bool4' '>'
// AST: Conditional 'float4' componentwise
// AST-NEXT: ImplicitCast 'bool4' Splat
// AST: Conditional 'float3' componentwise
// AST-NEXT: Binary 'bool3' '>'
// AST: Binary 'bool2' '||' componentwise
// AST-NEXT: Binary 'bool2' '&&' componentwise

// IR-LABEL: func F{{[0-9]+}}`src.main`
// IR: spv.OpSelect(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}): f32x4
// Both calls run; a select picks the result.
// IR: call F{{[0-9]+}}`touch`
// IR-NEXT: spv.OpLoad
// IR-NEXT: call F{{[0-9]+}}`touch`
// IR-NEXT: spv.OpSelect(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}): f32x4
// IR: spv.OpSelect(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}): f32x3
// IR: spv.OpLogicalAnd(v{{[0-9]+}}, v{{[0-9]+}}): boolx2
// IR: spv.OpLogicalOr(v{{[0-9]+}}, v{{[0-9]+}}): boolx2
// IR-LABEL: func F{{[0-9]+}}`zeroPass`
// IR: spv.OpSelect(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}): u32x2

// V2021: :20:{{[0-9]+}}: error: condition for short-circuiting ternary operator must be scalar, for non-scalar types use 'select'
// V2021: :25:{{[0-9]+}}: error: condition for short-circuiting ternary operator must be scalar
// V2021: :27:{{[0-9]+}}: error: condition for short-circuiting ternary operator must be scalar
// V2021: :28:{{[0-9]+}}: error: operands for short-circuiting logical binary operator must be scalar, for non-scalar types use 'and'

// MISMATCH: :31:{{[0-9]+}}: error: conditional operator condition and result dimensions mismatch
