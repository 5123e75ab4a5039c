// [[vk::image_format("name")]] gives an image or texel buffer its SPIR-V format (DXC's names),
// over the inferred one and over -fspv-use-unknown-image-format. A storage image whose format's
// numeric type differs from its element's is an error at the declaration, as in DXC; an unknown
// name or a resource that has no format is an error at the declaration too. DXIL ignores it, as DXC.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-use-unknown-image-format --print spirv %s | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %shaderlens compile -T cs_6_6 -E main -spirv -DBAD_TYPE %s 2>&1 | FileCheck %s --check-prefix=BADTYPE
// RUN: not %shaderlens compile -T cs_6_6 -E main -spirv -DBAD_NAME %s 2>&1 | FileCheck %s --check-prefix=BADNAME
// RUN: not %shaderlens compile -T cs_6_6 -E main -spirv -DBAD_KIND %s 2>&1 | FileCheck %s --check-prefix=BADKIND
// RUN: %shaderlens compile -T cs_6_6 -E main -DBAD_TYPE %s -Fo %t.dxil

[[vk::image_format("rgba8")]] RWTexture2D<float4> Color : register(u0);
[[vk::image_format("r32ui")]] RWBuffer<uint> Counts : register(u1);
[[vk::image_format("rgba16ui")]] Buffer<int4> Sampled : register(t0);
RWTexture2D<float2> Inferred : register(u2);

#ifdef BAD_TYPE
[[vk::image_format("rgba32i")]] RWTexture2D<float4> Mismatch : register(u3);
#endif
#ifdef BAD_NAME
[[vk::image_format("rgba9")]] RWTexture2D<float4> Misspelt : register(u3);
#endif
#ifdef BAD_KIND
[[vk::image_format("r32f")]] RWStructuredBuffer<float> NotAnImage : register(u3);
#endif

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Color[id.xy] = Color[id.xy] * 0.5;
  Counts[id.x] = Counts[id.x] + uint(Sampled[id.x].x);
  Inferred[id.xy] = 1.0;
}

// CHECK-DAG: OpTypeImage %float 2D 2 0 0 2 Rgba8
// CHECK-DAG: OpTypeImage %uint Buffer 2 0 0 2 R32ui
// CHECK-DAG: OpTypeImage %int Buffer 2 0 0 1 Rgba16ui
// CHECK-DAG: OpTypeImage %float 2D 2 0 0 2 Rg32f

// UNKNOWN-DAG: OpTypeImage %float 2D 2 0 0 2 Rgba8
// UNKNOWN-DAG: OpTypeImage %float 2D 2 0 0 2 Unknown

// BADTYPE: vk-image-format.hlsl:18:53: error: The image format and the sampled type are not compatible.
// BADNAME: vk-image-format.hlsl:21:51: error: unknown image format 'rgba9' in vk::image_format
// BADKIND: vk-image-format.hlsl:24:56: error: vk::image_format applies to textures and typed buffers only
