// globallycoherent resources are decorated Coherent, as DXC does (writes visible device-wide);
// a plain UAV is not. The decoration survives qptr.lift and the module validates.
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print spirv -Fo %t.spv | FileCheck %s
// RUN: spirv-val --target-env vulkan1.0 %t.spv
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print spirv | FileCheck %s --check-prefix=PLAIN

globallycoherent RWStructuredBuffer<uint> Counters : register(u0);
globallycoherent RWTexture2D<float4> Image : register(u1);
RWByteAddressBuffer Plain : register(u2);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint before;
  InterlockedAdd(Counters[0], 1, before);
  Image[id.xy] = float4(before, 0, 0, 1);
  Plain.Store(0, before);
}

// CHECK-DAG: OpDecorate %Counters Coherent
// CHECK-DAG: OpDecorate %Image Coherent
// PLAIN-NOT: OpDecorate %Plain Coherent
