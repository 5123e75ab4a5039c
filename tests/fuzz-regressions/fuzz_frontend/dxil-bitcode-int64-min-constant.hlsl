StructuredBuffer<int64_t4> M0 : register(t0);
StructuredBuffer<int64_t4> A0 : register(t1);
StructuredBuffer<int64_t4> B0 : register(t2);
StructuredBuffer<uint64_t4> M1 : register(t3);
StructuredBuffer<uint64_t4> A1 : register(t4);
StructuredBuffer<uint64_t4> B1 : register(t5);

RWStructuredBuffer<int64_t4> Out0 : register(u6);
RWStructuredBuffer<uint64_t4> Out1 : register(u7);


[numthreads(1,1,1)]
void main() {
  // int64_t
  Out0[0] = mad(M0[0], A0[0], B0[0]);
  Out0[1] = int64_t4(mad(M0[1].xyz, A0[1].xyz, B0[1].xyz), mad(M0[1].w, A0[1].w, B0[1].w));
  Out0[2] = int64_t4(mad(M0[2].xy, A0[2].xy, B0[2].xy), mad(M0[2].zw, A0[2].zw, B0[2].zw));
  Out0[3] = mad(int64_t4(-9223372036854775807, -256, 9223372036854775807, -4611686018427387904), int64_t4(1, -512, 1, 2), int64_t4(0, 0, 1, -1));

  // uint64_t
  Out1[0] = mad(M1[0], A1[0], B1[0]);
  Out1[1] = uint64_t4(mad(M1[1].xyz, A1[1].xyz, B1[1].xyz), mad(M1[1].w, A1[1].w, B1[1].w));
  Out1[2] = uint64_t4(mad(M1[2].xy, A1[2].xy, B1[2].xy), mad(M1[2].zw, A1[2].zw, B1[2].zw));
  Out1[3] = mad(uint64_t4(2, 16, 4294967296, 6148914691236517205), uint64_t4(2, 16, 4294967296, 3), uint64_t4(1, 15, 1, 1));
}
