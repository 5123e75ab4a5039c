// A pixel shader that does not link to vertex-pixel.hlsl's vs_main: it reads a FOG the VS does
// not write, and MATERIAL as a float where the VS writes a uint.
struct PSIn {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  float3 normal : NORMAL;
  nointerpolation float material : MATERIAL;
  float fog : FOG;
};

float4 ps_main(PSIn i) : SV_Target {
  return float4(i.uv, i.material, i.fog + i.normal.z);
}
