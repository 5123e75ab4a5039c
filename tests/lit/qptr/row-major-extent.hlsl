// A RowMajor matrix (HLSL's default column_major float4x3) spans MatrixStride x rows bytes: its
// whole load ends at the end of the 112-byte element instead of straddling the next one
// (MiniEngine's DefaultSkinVS Joint), qptr.lift rebuilds the member with its decorations, and the
// lifted module reads the right bytes on the device.
// RUN: %shaderlens compile -spirv -T cs_6_0 --no-qptr-lift -Fo %t.spv %s
// RUN: %shaderlens qptr %t.spv --print lift --target-env vulkan1.0 -o %t.lifted.spv 2>&1 | FileCheck %s
// RUN: spirv-val --target-env vulkan1.0 %t.lifted.spv
// RUN: %shaderlens run %S/Inputs/row-major-extent.test | FileCheck %s --check-prefix=DEVICE

struct Joint {
  float4x4 PosMatrix;
  float4x3 NrmMatrix;
};
StructuredBuffer<Joint> Joints : register(t0);
RWStructuredBuffer<float4> Out : register(u1);

[numthreads(2, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  float4x3 n = Joints[tid.x].NrmMatrix;
  Out[tid.x] = float4(n[0], 1) + float4(n[3], 0);
}

// CHECK-NOT: straddles
// CHECK: after qptr.lift
// CHECK-NEXT: type T0 = struct `Joint` {
// CHECK-NEXT: 0: `NrmMatrix` mat<f32x3, 4> #[Offset(64), RowMajor, MatrixStride(16)],
// CHECK-NEXT: }
// CHECK-NEXT: type T1 = [T0] #[ArrayStride(112)]
// CHECK-NOT: error

// DEVICE: Name: Out
// DEVICE: Data: [ 5, 13, 21, 1, 23, 31, 39, 1 ]
