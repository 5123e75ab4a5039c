// A bare compute shader (no bundle): `shaderlens debug` generates its pipeline as `run --new` does.
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint square = id.x * id.x;
  Out[id.x] = square + 1;
}
