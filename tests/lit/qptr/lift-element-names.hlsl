// qptr.lift rebuilds a structured buffer's element struct from its usage; the declared type it
// takes names and decorations from is the array's element, not the block that starts at the
// same offset: the lifted element keeps its own name and gets no NonWritable of the block's member.
// RUN: %shaderlens compile -spirv -T cs_6_6 %s --print spirv | FileCheck %s

struct Instance { float4x4 world; float3 origin; float scale; };
StructuredBuffer<Instance> Instances : register(t0);
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Instance i = Instances[id.x];
  Out[id.x] = mul(i.world, float4(i.origin, 1)) + i.scale;
}

// CHECK: OpName %[[ELEMENT:Instance[_0-9]*]] "Instance"
// CHECK: OpName %[[BLOCK:[a-zA-Z_0-9]+]] "type.StructuredBuffer.Instance"
// CHECK-NOT: OpName %{{.*}} "type.StructuredBuffer.Instance"
// CHECK-NOT: OpMemberDecorate %[[ELEMENT]] 0 NonWritable
// CHECK: OpMemberDecorate %[[ELEMENT]] 0 RowMajor
// CHECK: OpMemberDecorate %[[ELEMENT]] 0 MatrixStride 16
// CHECK: OpMemberDecorate %[[BLOCK]] 0 NonWritable
// CHECK: %[[BLOCK]] = OpTypeStruct %_runtimearr_[[ELEMENT]]
