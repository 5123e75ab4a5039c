// -fspv-use-unknown-image-format (DXC): storage images and texel buffers, declared or taken from
// the heap, get image format Unknown instead of one inferred from the element type; reading and
// writing them then needs StorageImageReadWithoutFormat / StorageImageWriteWithoutFormat.
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv -fspv-use-unknown-image-format --print spirv %s | FileCheck %s --check-prefix=UNKNOWN
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv %s | FileCheck %s --check-prefix=INFER

RWTexture2D<float4> Image : register(u0);
RWBuffer<uint> Texels : register(u1);
Buffer<float2> ReadOnly : register(t0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RWTexture2D<float> fromHeap = ResourceDescriptorHeap[3];
  Image[id.xy] = Image[id.xy] * 2 + ReadOnly[id.x].xyxy;
  Texels[id.x] = Texels[id.x] + 1;
  fromHeap[id.xy] = 1.0;
}

// UNKNOWN-DAG: OpCapability StorageImageReadWithoutFormat
// UNKNOWN-DAG: OpCapability StorageImageWriteWithoutFormat
// UNKNOWN-DAG: OpTypeImage %float 2D 2 0 0 2 Unknown
// UNKNOWN-DAG: OpTypeImage %uint Buffer 2 0 0 2 Unknown
// UNKNOWN-DAG: OpTypeImage %float Buffer 2 0 0 1 Unknown
// UNKNOWN-NOT: OpTypeImage {{.*}} {{Rgba32f|R32ui|Rg32f|R32f}}

// INFER-NOT: WithoutFormat
// INFER-DAG: OpTypeImage %float 2D 2 0 0 2 Rgba32f
// INFER-DAG: OpTypeImage %uint Buffer 2 0 0 2 R32ui
// INFER-DAG: OpTypeImage %float 2D 2 0 0 2 R32f
