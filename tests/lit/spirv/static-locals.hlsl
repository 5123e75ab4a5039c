// Function-scope statics become module-scope Private variables (DXC): a constant initializer is
// the OpVariable's initializer, no initializer is zero, and any other initializer runs the first
// time the declaration is reached, guarded by a Private bool `init.done.<name>` (DXC's initOnce).
// Reduced from MiniEngine's ParticleTileRenderCS.hlsl (`static const bool DoFullRes = true;`).
// Run results: tests/lit/offload/static-locals.test.
// RUN: %shaderlens compile -T cs_6_0 -spirv --print ir %s | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -T cs_6_0 -spirv --print spirv %s | FileCheck %s --check-prefix=SPV
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t.spv %s && spirv-val --target-env vulkan1.0 %t.spv

RWStructuredBuffer<float> Out;
cbuffer Params { float scale; }

float accumulate(float x) {
  static float total = scale * 2;
  static const float3 k[2] = { float3(1, 2, 3), -float3(4, 5, 6) };
  static int calls;
  static const bool Full = true;
  calls++;
  total += x;
  return Full ? total + k[1].y + calls : 0;
}

[numthreads(1, 1, 1)]
void main() {
  Out[0] = accumulate(1);
  Out[1] = accumulate(2);
}

// IR-DAG: const [[K0:C[0-9]+]] = f32x3(1.0f32, 2.0f32, 3.0f32)
// IR-DAG: const [[K1:C[0-9]+]] = f32x3(-4.0f32, -5.0f32, -6.0f32)
// IR-DAG: const [[K:C[0-9]+]] = T{{[0-9]+}}([[K0]], [[K1]])
// IR-DAG: global_var [[TOTAL:GV[0-9]+]]`total` in Private: f32 //
// IR-DAG: global_var [[DONE:GV[0-9]+]]`init.done.total` in Private: bool = false
// IR-DAG: global_var GV{{[0-9]+}}`k` in Private: T{{[0-9]+}} = [[K]]
// IR-DAG: global_var GV{{[0-9]+}}`calls` in Private: s32 = C{{[0-9]+}}
// IR-DAG: global_var GV{{[0-9]+}}`Full` in Private: bool = true
// IR-LABEL: func F{{[0-9]+}}`accumulate`
// IR: [[D:v[0-9]+]] = spv.OpLoad(&[[DONE]]): bool
// IR-NEXT: [[ND:v[0-9]+]] = spv.OpLogicalNot([[D]]): bool
// IR-NEXT: if [[ND]] {
// IR: spv.OpFMul
// IR-NEXT: spv.OpStore(&[[TOTAL]], v{{[0-9]+}})
// IR-NEXT: spv.OpStore(&[[DONE]], true)
// IR-NEXT: }

// SPV-DAG: %total = OpVariable %_ptr_Private_float Private{{$}}
// SPV-DAG: %init_done_total = OpVariable %_ptr_Private_bool Private %false
// SPV-DAG: %k = OpVariable %_ptr_Private__arr_v3float_uint_2 Private %{{[0-9]+}}
// SPV-DAG: %calls = OpVariable %_ptr_Private_int Private %{{[0-9]+}}
// SPV-DAG: %Full = OpVariable %_ptr_Private_bool Private %true
