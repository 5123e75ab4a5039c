// ddx/ddy/fwidth of 16-bit floats (-enable-16bit-types): Vulkan's derivative instructions take
// 32-bit floats only, so the value is widened with OpFConvert and the result narrowed back, as
// DXC does (issue 19; was invalid SPIR-V). Matrices go row by row. The module validates
// in-process, so exit 0 is part of the check.
// RUN: %shaderlens compile -T ps_6_2 -E main -spirv -enable-16bit-types --print spirv %s | FileCheck %s

float4 main(half2 a : A, half2x2 m : M) : SV_Target {
  // CHECK: [[W:%[0-9]+]] = OpFConvert %v2float
  // CHECK: [[D:%[0-9]+]] = OpDPdx %v2float [[W]]
  // CHECK: OpFConvert %v2half [[D]]
  half2 dx = ddx(a);
  // CHECK: OpFwidth %v2float
  // CHECK: OpFwidth %v2float
  half2x2 fm = fwidth(m);
  // CHECK-NOT: OpDPdy %{{v2half|half}}
  half dy = ddy(a.y);
  return float4(dx + fm[1], dy, 1);
}
