// The qptr stages run on every SPIR-V compile, on the bound module read back from SPIR-V.
// RUN: %shaderlens compile -T cs_6_0 -spirv --print qptr.lower %s | FileCheck %s --check-prefix=LOWER
// RUN: %shaderlens compile -T cs_6_0 -spirv --print qptr.analyze %s | FileCheck %s --check-prefix=ANALYZE
// RUN: %shaderlens compile -T cs_6_0 -spirv --emit-qptr-lifted -Fo %t.spv %s
// RUN: spirv-val --relax-block-layout %t.spv

RWByteAddressBuffer Buf : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Buf.Store(id.x * 4, asuint(1.5f));
  Buf.Store(id.x * 4 + 64, 7u);
}
// LOWER: ; layout: scalar
// LOWER: global_var {{.*}}`Buf` in Handles
// LOWER: qptr.store
// ANALYZE: #[qptr.usage(buffer_data(
