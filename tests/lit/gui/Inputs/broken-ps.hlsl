// A pixel shader that does not compile: the Signatures tab shows its located error.
float4 ps_main(float2 uv : TEXCOORD0) : SV_Target {
  return float4(uv, undeclared_fog, 1.0);
}
