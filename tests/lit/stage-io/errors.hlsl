// Invalid stage I/O is a located error (DXC's messages where DXC has one).
// RUN: %expect_exit 1 %shaderlens compile -T vs_6_0 -E clipInt -spirv %s 2>&1 | FileCheck %s --check-prefix=CLIP
// RUN: %expect_exit 1 %shaderlens compile -T vs_6_0 -E dupLocation -spirv %s 2>&1 | FileCheck %s --check-prefix=DUPLOC
// RUN: %expect_exit 1 %shaderlens compile -T vs_6_0 -E partial -spirv %s 2>&1 | FileCheck %s --check-prefix=PARTIAL
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E dupSemantic -spirv %s 2>&1 | FileCheck %s --check-prefix=DUPSEM
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_1 -E baryFlat -spirv %s 2>&1 | FileCheck %s --check-prefix=BARY
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E stencilFloat -spirv %s 2>&1 | FileCheck %s --check-prefix=STENCIL
// RUN: %expect_exit 1 %shaderlens compile -T vs_6_0 -E structArray -spirv %s 2>&1 | FileCheck %s --check-prefix=SARRAY
struct ClipOut {
  float4 pos : SV_Position;
  int3 bad : SV_ClipDistance0;
};
ClipOut clipInt() { return (ClipOut)0; }
// CLIP: errors.hlsl:11:8: error: elements for SV_ClipDistance variable 'bad' must be scalar, vector, or array with float type

float4 dupLocation([[vk::location(1)]] float4 a : A,
                   [[vk::location(0)]] float4x2 b : B) : SV_Position {
  return a + b[0].xyxy;
}
// DUPLOC: errors.hlsl:17:22: error: stage input location #1 already consumed by semantic 'A'

struct Partial { [[vk::location(3)]] float4 color : COLOR; float4 uv : UV; };
float4 partial(Partial p) : SV_Position { return p.color + p.uv; }
// PARTIAL: errors.hlsl:22:67: error: partial explicit stage input location assignment via vk::location(X) unsupported

float4 dupSemantic(float4 a : TEXCOORD0, float4 b : TEXCOORD) : SV_Target { return a + b; }
// DUPSEM: errors.hlsl:26:49: error: input semantic 'TEXCOORD' used more than once

float4 baryFlat(nointerpolation float3 b : SV_Barycentrics) : SV_Target { return b.xyzz; }
// BARY: errors.hlsl:29:40: error: SV_Barycentrics inputs cannot have attribute 'nointerpolation'

float4 stencilFloat(out float s : SV_StencilRef) : SV_Target { s = 1; return 0; }
// STENCIL: errors.hlsl:32:31: error: SV_StencilRef must be a 32-bit integer scalar

struct Elem { float4 v : V; };
float4 structArray(Elem e[2]) : SV_Position { return e[0].v; }
// SARRAY: errors.hlsl:36:25: error: arrays of structs
