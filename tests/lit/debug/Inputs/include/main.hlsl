#include "helper.hlsli"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v = scaled(id.x);
  Out[id.x] = v;
}
