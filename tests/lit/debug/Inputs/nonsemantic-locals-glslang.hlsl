// Compiled by glslang with NonSemantic.Shader.DebugInfo.100 (-gVS): locals in scopes.
RWStructuredBuffer<float> Out : register(u0);

float twice(float v) {
  float r = v * 2;
  return r;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float total = 1;
  for (uint k = 0; k < 2; ++k) {
    float step = k + 0.5;
    total += step;
  }
  total = twice(total);
  Out[id.x] = total;
}
