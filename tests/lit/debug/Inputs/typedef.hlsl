// Locals declared through typedefs and a using alias (tests/lit/debug/typedef.test).
RWStructuredBuffer<float> Out : register(u0);
typedef float Weight;
typedef Weight Heavy;
using Count = uint;
typedef float3 Color;
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Weight w = id.x * 0.5;
  Heavy h = w * 2;
  Count n = id.x + 1;
  Color c = float3(w, h, n);
  Out[id.x] = c.x + c.y + c.z;
}
