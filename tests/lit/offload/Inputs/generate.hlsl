// A compute shader for `offload --generate` and `run --new` (tests/lit/offload/generate.test).
struct Item { float value; uint key; };
StructuredBuffer<Item> Items : register(t0);
Buffer<float4> Colors : register(t1);
cbuffer Params : register(b5) { float scale; uint bias; };
RWStructuredBuffer<float> Out : register(u2);
RWBuffer<uint> Keys : register(u3);
RWStructuredBuffer<uint> Log : register(u4);
#ifdef COLLIDE
RWStructuredBuffer<float> Other : register(u1);
#endif
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Item it = Items[id.x];
  Out[id.x] = it.value * scale + Colors[id.x].x;
  Keys[id.x] = it.key + bias;
  // The counter's total is deterministic; the order invocations take its slots is not, so each
  // writes its own element (a compare of counter-indexed writes would race between devices).
  Log.IncrementCounter();
  Log[id.x] = id.x;
#ifdef COLLIDE
  Other[id.x] = 1;
#endif
}
