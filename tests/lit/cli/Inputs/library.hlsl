// A library: one compute entry point marked [shader] and an exported function.
RWStructuredBuffer<uint> Out : register(u0);
export uint twice(uint x) { return x * 2; }
[shader("compute")]
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = twice(id.x); }
