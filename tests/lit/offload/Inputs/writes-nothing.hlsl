// A shader whose guard is never true for the dispatch `run --new` makes: it writes nothing.
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  if (id.x > 100000) Out[id.x] = 1;
}
