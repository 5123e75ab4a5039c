// vertex-pixel.hlsl: input and output signatures of a vertex shader and their packing
//
// A vertex shader's outputs (and a pixel shader's inputs) are packed into rows of four 32-bit
// components. Each element keeps its semantic, interpolation mode and system value; DXC packs
// in declaration order ("prefix-stable") unless -pack-optimized is given. The Signatures tab
// draws the 4 x N register grids of the compiled entry (vs_main); pick ps_main there to check
// that the VS output links to the PS input, then try the -pack-optimized checkbox.
//
// shaderlens: -T vs_6_0 -E vs_main

struct VSOut {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  float3 normal : NORMAL;
  nointerpolation uint material : MATERIAL;
  float shade : COLOR;
};

VSOut vs_main(float3 position : POSITION, float3 normal : NORMAL, float2 uv : TEXCOORD0, uint id : SV_VertexID) {
  VSOut o;
  o.position = float4(position, 1.0);
  o.uv = uv;
  o.normal = normal;
  o.material = id & 3;
  o.shade = saturate(dot(normal, float3(0.0, 0.0, 1.0)));
  return o;
}

// The pixel shader reads the same struct: every element in the row and columns the VS put it.
float4 ps_main(VSOut i) : SV_Target {
  const float3 tint = i.material == 0 ? float3(1.0, 0.8, 0.6) : float3(0.6, 0.8, 1.0);
  return float4(tint * i.shade * (0.5 + 0.5 * i.normal.z), 1.0) + float4(i.uv, 0.0, 0.0) * 0.1;
}
