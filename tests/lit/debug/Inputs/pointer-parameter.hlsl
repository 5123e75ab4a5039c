// An inout parameter glslang -Od passes by pointer (tests/lit/debug/pointer-parameter.test).
RWStructuredBuffer<float> Out : register(u0);
void bump(inout float v) {
  v = v + 1;
}
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float t = id.x;
  bump(t);
  Out[id.x] = t;
}
