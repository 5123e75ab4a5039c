// DXC's TypedUAVLoadAdditionalFormats (module flag bit 13, SFI0 0x800): set by a load from a typed
// UAV (RW texture or RWBuffer) whose element has more than one component; a load of a
// one-component typed UAV, or a store, does not set it.
// RUN: %shaderlens compile -T cs_6_6 -E main --print container %s | FileCheck %s --check-prefix=SCALAR
// RUN: %shaderlens compile -T cs_6_6 -E main -D VECTOR --print container %s | FileCheck %s --check-prefix=VECTOR

RWBuffer<uint> Scalars : register(u0);
RWTexture2D<float4> Image : register(u1);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Image[id.xy] = float4(Scalars[id.x], 0, 0, 1);
#ifdef VECTOR
  Image[id.yx] = Image[id.xy];
#endif
}

// SCALAR: ; SFI0 feature flags: 0x0000000000000000
// VECTOR: ; SFI0 feature flags: 0x0000000000000800
// VECTOR: ;       Typed UAV Load Additional Formats
