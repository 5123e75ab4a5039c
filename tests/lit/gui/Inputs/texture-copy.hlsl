// Reads one texture, writes another (the Run tab's add-texture test): Dst = Src with red and
// green swapped, so a wrong binding or an unwritten output shows.
[[vk::binding(0)]] Texture2D<float4> Src : register(t0);
[[vk::binding(1)]] RWTexture2D<float4> Dst : register(u0);

[numthreads(4, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Dst[id.xy] = Src.Load(int3(id.xy, 0)).grba;
}
