// A compute shader whose only write is guarded by a condition no thread meets: a run of it
// writes nothing, which the Run tab must not call a success.
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  if (In[id.x] > 1000.0)
    Out[id.x] = 1.0;
}
