// RasterizerOrdered* resources keep their own type (printed as written) and are refused with a
// located error on both targets: compiled as their RW* kind they would lose the ordering
// guarantee (SPIR-V needs fragment shader interlock around each access, DXIL the ROV flag),
// a silently racy shader. The RW* resources next to them are fine.
// RUN: not %shaderlens compile -T ps_6_0 -E main -spirv %s 2>&1 | FileCheck %s
// RUN: not %shaderlens compile -T ps_6_0 -E main %s 2>&1 | FileCheck %s
// RUN: %shaderlens compile -T ps_6_0 -E main --print ast %s 2>/dev/null | FileCheck %s --check-prefix=AST

RasterizerOrderedTexture2D<float4> Accum : register(u0);
RasterizerOrderedBuffer<uint> Counts : register(u1);
RWTexture2D<float4> Plain : register(u2);

float4 main(float4 pos : SV_Position) : SV_Target {
  Accum[uint2(pos.xy)] += 1;
  Counts[0] += 1;
  Plain[uint2(pos.xy)] += 1;
  return 0;
}

// CHECK: rasterizer-ordered.hlsl:9:36: error: 'RasterizerOrderedTexture2D<float4>': rasterizer-ordered views are not supported yet
// CHECK: rasterizer-ordered.hlsl:10:31: error: 'RasterizerOrderedBuffer<uint>': rasterizer-ordered views are not supported yet
// CHECK-NOT: Plain
// AST: Var Accum 'RasterizerOrderedTexture2D<float4>'
// AST: Var Counts 'RasterizerOrderedBuffer<uint>'
// AST: Var Plain 'RWTexture2D<float4>'
