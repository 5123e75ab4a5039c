// RasterizerOrdered* resources keep their own type (printed as written). DXIL marks them: the ROV
// bit in dx.resources and in the ResourceProperties (bit 13), the ROVs shader flag (module bit 18,
// SFI0 0x1000). SPIR-V refuses them with a located error: compiled as their RW* kind they would
// lose the ordering guarantee (it needs fragment shader interlock around each access).
// RUN: not %shaderlens compile -T ps_6_0 -E main -spirv %s 2>&1 | FileCheck %s --check-prefix=SPIRV
// RUN: %shaderlens compile -T ps_6_0 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T ps_6_6 -E main --print dxil %s | FileCheck %s --check-prefix=DXIL66
// RUN: %shaderlens compile -T ps_6_0 -E main --print container %s | FileCheck %s --check-prefix=SFI0
// RUN: %shaderlens compile -T ps_6_0 -E main --print ast %s 2>/dev/null | FileCheck %s --check-prefix=AST
// Pixel shaders only (DXC's validator rule Sm.ROVOnlyInPS): a compute entry using one is an error
// at the declaration; one it does not use is no error.
// RUN: not %shaderlens compile -T cs_6_0 -E csmain %s 2>&1 | FileCheck %s --check-prefix=CS
// RUN: %shaderlens compile -T cs_6_0 -E csunused %s -Fo %t.o

RasterizerOrderedTexture2D<float4> Accum : register(u0);
RasterizerOrderedBuffer<uint> Counts : register(u1);
RWTexture2D<float4> Plain : register(u2);

float4 main(float4 pos : SV_Position) : SV_Target {
  Accum[uint2(pos.xy)] += 1;
  Counts[0] += 1;
  Plain[uint2(pos.xy)] += 1;
  return 0;
}

[numthreads(1, 1, 1)]
void csmain() { Counts[0] += 1; }

[numthreads(1, 1, 1)]
void csunused() { Plain[uint2(0, 0)] = 1; }

// CS: rasterizer-ordered.hlsl:16:31: error: 'RasterizerOrderedBuffer<uint>': rasterizer-ordered views are only allowed in pixel shaders
// CS-NOT: Accum
// SPIRV: rasterizer-ordered.hlsl:15:36: error: 'RasterizerOrderedTexture2D<float4>': rasterizer-ordered views are not supported on the SPIR-V target yet
// SPIRV: rasterizer-ordered.hlsl:16:31: error: 'RasterizerOrderedBuffer<uint>': rasterizer-ordered views are not supported on the SPIR-V target yet
// SPIRV-NOT: Plain

// dx.resources: id, undef, name, space, lower bound, range, kind, globallycoherent, counter, ROV.
// DXIL-DAG: !"Accum{{[^"]*}}", i32 0, i32 0, i32 1, i32 2, i1 false, i1 false, i1 true,
// DXIL-DAG: !"Counts{{[^"]*}}", i32 0, i32 1, i32 1, i32 10, i1 false, i1 false, i1 true,
// DXIL-DAG: !"Plain{{[^"]*}}", i32 0, i32 2, i32 1, i32 2, i1 false, i1 false, i1 false,
// Texture2D UAV ROV: 2 | 1 << 12 | 1 << 13.
// DXIL66: @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 12290,
// DXIL66: @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{[0-9]+}}, %dx.types.ResourceProperties { i32 4098,
// SFI0: Raster Ordered UAVs
// AST: Var Accum 'RasterizerOrderedTexture2D<float4>'
// AST: Var Counts 'RasterizerOrderedBuffer<uint>'
// AST: Var Plain 'RWTexture2D<float4>'
