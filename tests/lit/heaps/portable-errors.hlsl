// What the portable heap form cannot express is a compile error at the access, rendered with its
// source line; the proposal form accepts the same shader.
// RUN: split-file %s %t
// RUN: %expect_exit 1 %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -Fo %t.o %t/nonuniform.hlsl 2>&1 | FileCheck %s --check-prefix=NU
// RUN: %expect_exit 1 %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -Fo %t.o %t/float3.hlsl 2>&1 | FileCheck %s --check-prefix=F3
// RUN: %expect_exit 1 %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -fspv-heap-slots=8 -Fo %t.o %t/past.hlsl 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: %expect_exit 1 %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -fspv-heap-slots=100 -Fo %t.o %t/huge.hlsl 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: %shaderlens compile -spirv -T cs_6_6 -Fo %t.o %t/nonuniform.hlsl
// RUN: %shaderlens compile -spirv -T cs_6_6 -fspv-heap-form=portable -Fo %t.o %t/past.hlsl

// NU: nonuniform.hlsl:{{[0-9]+}}:{{[0-9]+}}: error: in '{{.*}}main': NonUniformResourceIndex on a heap buffer index needs descriptor indexing; the portable heap form indexes buffer arrays only with dynamically uniform values
// NU-NEXT: RWBuffer<int> A = ResourceDescriptorHeap[NonUniformResourceIndex(i)];
// NU-NEXT: {{^ +}}^
// F3: float3.hlsl:{{[0-9]+}}:{{[0-9]+}}: error: in '{{.*}}main': RWBuffer<float3>: the portable heap form reads typed buffers as storage buffers, which needs 1, 2 or 4 32-bit components
// PAST: past.hlsl:{{[0-9]+}}:{{[0-9]+}}: error: in '{{.*}}main': heap index 12 is past the 8 slots the portable heap form gives STORAGE_BUFFER descriptors (-fspv-heap-slots)
// HUGE: huge.hlsl:7:{{[0-9]+}}: error: in '{{.*}}main': this access needs a switch over 10000 heap slot pairs in the portable heap form (more than 4096); lower -fspv-heap-slots or use constant indices
// HUGE-NEXT: Out[0] = Tex.SampleLevel

//--- nonuniform.hlsl
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  RWBuffer<int> A = ResourceDescriptorHeap[NonUniformResourceIndex(i)];
  A[0] = 1;
}
//--- float3.hlsl
[numthreads(1, 1, 1)]
void main() {
  RWBuffer<float3> B = ResourceDescriptorHeap[0];
  B[0] = float3(1, 2, 3);
}
//--- past.hlsl
[numthreads(1, 1, 1)]
void main() {
  RWStructuredBuffer<uint> C = ResourceDescriptorHeap[12];
  C[0] = 2;
}
//--- huge.hlsl
RWStructuredBuffer<float4> Out;
cbuffer CB { uint T; uint S; }
[numthreads(1, 1, 1)]
void main() {
  Texture2D<float4> Tex = ResourceDescriptorHeap[T];
  SamplerState Samp = SamplerDescriptorHeap[S];
  Out[0] = Tex.SampleLevel(Samp, float2(0, 0), 0);
}
