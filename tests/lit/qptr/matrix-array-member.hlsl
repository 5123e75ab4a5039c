// A member that is an array of matrices carries the MatrixStride and RowMajor of every element:
// qptr.lift rebuilds each used element as a matrix member with those decorations instead of
// keeping the declared type with a warning ("no declared matrix at offset 0"), and the lifted
// module reads the same words on the device.
// RUN: %shaderlens compile -spirv -fvk-use-dx-layout -T cs_6_0 --no-qptr-lift -Fo %t.spv %s
// RUN: %shaderlens qptr %t.spv --print lift --target-env vulkan1.0 -o %t.lifted.spv 2>&1 | FileCheck %s
// RUN: spirv-val --target-env vulkan1.0 %t.lifted.spv
// RUN: %shaderlens run %S/Inputs/matrix-array-member.test 2>&1 | FileCheck %s --check-prefix=DEVICE

struct S {
  float2x2 mats[2];
};
[[vk::push_constant]] S pc;
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = pc.mats[0]._m01;
  Out[1] = pc.mats[1][1][0];
}

// CHECK-NOT: kept the declared type
// CHECK: after qptr.lift
// CHECK-NEXT: type T0 = struct `type.PushConstant.S` {
// CHECK-NEXT: 0: `mats` mat<f32x2, 2> #[Offset(0), RowMajor, MatrixStride(8)],
// CHECK-NEXT: 1: mat<f32x2, 2> #[Offset(16), RowMajor, MatrixStride(8)],
// CHECK-NEXT: } #[Block]
// CHECK-NOT: error

// DEVICE-NOT: warning
// DEVICE: Name: Out
// DEVICE: Data: [ 1, 3, 2, 4, 5, 7, 6, 8 ]
