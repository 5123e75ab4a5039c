// vertex-pixel.hlsl: input and output signatures of a vertex shader and their packing
//
// A vertex shader's outputs (and a pixel shader's inputs) are packed into rows of four 32-bit
// components. Each element keeps its semantic, interpolation mode and system value; DXC packs
// in declaration order ("prefix-stable") unless -pack-optimized is given. The Signatures tab
// draws the 4 x N register grid for a vertex/pixel pair and checks that the VS output links to
// the PS input; try the -pack-optimized checkbox there.
//
// shaderlens: -T vs_6_0

struct VSOut {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  float3 normal : NORMAL;
  nointerpolation uint material : MATERIAL;
  float shade : COLOR;
};

VSOut main(float3 position : POSITION, float3 normal : NORMAL, float2 uv : TEXCOORD0, uint id : SV_VertexID) {
  VSOut o;
  o.position = float4(position, 1.0);
  o.uv = uv;
  o.normal = normal;
  o.material = id & 3;
  o.shade = saturate(dot(normal, float3(0.0, 0.0, 1.0)));
  return o;
}
