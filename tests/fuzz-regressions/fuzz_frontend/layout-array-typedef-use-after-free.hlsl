// RUlka
float g_scale;
static float s_counte;
static const uint kTable[4] = { 1, 2,3, 4 };
groupshared float g_cache[64];

cbuffer  : register(b1, space2) {
  float4 tint : packoffset(c0);
uint count : packoffset(c1.x);
};
tbuffer Lookup : register(t3) { float weights[4]; };

struct Light { float3 dir; float power; };
ConstantBuffer<Light> light :register(b0);

[[vk::biding(4, 1)]] RWStructuredBuffer<float> Out : registe;
[[vkc(5)]] RWStructuredBuffer<int> C;
[[vk::push_constant]] ConstantBuffer<Light> pushed;
[[vk::constant_id(7)]] const bool kFeature = true;

[numthreads]
void main(uint gi : SV_GroupIndex, uint3 ti:cs: SV_GroupThreadID) {
  g_cache[gi] = g_scale* tint.x * light.power * weights[gi % 4] + kTable[gi% 4];
  + count + pushed.dir.y;
}

//nim