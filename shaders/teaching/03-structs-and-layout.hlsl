// 03-structs-and-layout.hlsl: lesson 3, how a struct is laid out in a buffer
//
// A structured buffer of structs: each member gets an offset under the buffer layout rules
// (the SPIR-V stage shows them as Offset decorations, the ArrayStride of the array is the
// struct's size). Try -fvk-use-scalar-layout or -fvk-use-dx-layout in the Flags box and watch
// the offsets change; the Bindings tab shows where each resource is bound.

struct Particle {
  float3 position;
  float mass;
  float2 velocity;
};

RWStructuredBuffer<Particle> Particles : register(u0);

[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Particle p = Particles[id.x];
  p.position.xy += p.velocity / max(p.mass, 0.001);
  Particles[id.x] = p;
}
