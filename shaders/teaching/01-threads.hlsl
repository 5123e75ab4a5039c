// 01-threads.hlsl: lesson 1, one thread per element
//
// A compute shader runs as many threads as the dispatch asks for: numthreads(64, 1, 1) makes
// groups of 64, and SV_DispatchThreadID numbers every thread in the whole dispatch. Each thread
// here squares one element. Look at the "ast" stage to see the types Sema gave every
// expression, then at "spirv" for the GlobalInvocationId built-in the semantic became.

StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<float> Output : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x = Input[id.x];
  Output[id.x] = x * x;
}
