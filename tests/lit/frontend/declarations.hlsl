// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// Globals, constant buffers, bindings, packoffset, groupshared and Vulkan attributes.

float g_scale;
static float s_counter = 1;
static const uint kTable[4] = { 1, 2, 3, 4 };
groupshared float g_cache[64];

cbuffer Params : register(b1, space2) {
  float4 tint : packoffset(c0);
  uint count : packoffset(c1.x);
};
tbuffer Lookup : register(t3) { float weights[4]; };

struct Light { float3 dir; float power; };
ConstantBuffer<Light> light : register(b0);

[[vk::binding(4, 1)]] RWStructuredBuffer<float> Out : register(u0);
[[vk::counter_binding(5)]] RWStructuredBuffer<uint> Counted : register(u1);
[[vk::push_constant]] ConstantBuffer<Light> pushed;
[[vk::constant_id(7)]] const bool kFeature = true;

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 tid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID) {
  g_cache[gi] = g_scale * tint.x * light.power * weights[gi % 4] + kTable[gi % 4];
  Out[gi] = g_cache[gi] + count + pushed.dir.y;
}

// CHECK:      TranslationUnit
// CHECK-NEXT:   CBuffer $Globals (implicit)
// CHECK-NEXT:     Member g_scale <4:7>
// CHECK-NEXT:   Var g_scale 'float' uniform <4:7>
// CHECK-NEXT:   Var s_counter 'float' static <5:14>
// CHECK:        Var kTable 'uint[4]' static const <6:19>
// CHECK-NEXT:     InitList 'uint[4]' <6:31>
// CHECK:        Var g_cache 'float[64]' groupshared <7:19>
// CHECK-NEXT:   CBuffer Params register(b1, space2) <9:9>
// CHECK-NEXT:     Var tint 'float4' cbuffer packoffset(c0) <10:10>
// CHECK-NEXT:     Var count 'uint' cbuffer packoffset(c1.x) <11:8>
// CHECK-NEXT:   TBuffer Lookup register(t3) <13:9>
// CHECK-NEXT:     Var weights 'float[4]' cbuffer <13:39>
// CHECK:        Var light 'ConstantBuffer<Light>' uniform register(b0) <16:23>
// CHECK-NEXT:   Var Out 'RWStructuredBuffer<float>' uniform register(u0) [vk::binding(4, 1)] <18:49>
// CHECK-NEXT:   Var Counted 'RWStructuredBuffer<uint>' uniform register(u1) [vk::counter_binding(5)] <19:53>
// CHECK-NEXT:   Var pushed 'ConstantBuffer<Light>' uniform [vk::push_constant] <20:45>
// CHECK-NEXT:   Var kFeature 'bool' static const [vk::constant_id(7)] <21:35>
// CHECK:        Function main 'void (uint, uint3, uint3, uint3)' entry [numthreads(64, 1, 1)] <24:6>
// CHECK-NEXT:     Param gi 'uint' in : SV_GroupIndex
// CHECK-NEXT:     Param tid 'uint3' in : SV_DispatchThreadID
// CHECK-NEXT:     Param gid 'uint3' in : SV_GroupID
// CHECK-NEXT:     Param gtid 'uint3' in : SV_GroupThreadID
// CHECK:        DeclRef 'float' const lvalue g_scale (uniform)
// CHECK:        Member 'float' const lvalue .power
// CHECK-NEXT:     ImplicitCast 'Light' const lvalue ConstantBufferToStruct
// CHECK-NEXT:       DeclRef 'ConstantBuffer<Light>' const lvalue light (uniform)
