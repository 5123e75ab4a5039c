// Element shapes through load.input/store.output: a matrix input is one element whose rows are
// read one per call (column-major world: element row = matrix column, read transposed; the
// row_major rm: element row = matrix row; stageio-matrix-orientation.hlsl checks which), VS-input SV_Position and VS-output SV_InstanceID are arbitrary elements,
// SV_ClipDistance is written per component through the access chains irgen emits, a
// min-precision input is read with the 16-bit overload, and native 16-bit types use f16/i16.
// RUN: %shaderlens compile -T vs_6_0 -E vs_main --print llvm %s | FileCheck %s --check-prefix=LLVM
// RUN: %shaderlens compile -T vs_6_0 -E vs_main --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: %shaderlens compile -T ps_6_2 -E ps_main -enable-16bit-types -D NATIVE16 --print dxil %s | FileCheck %s --check-prefix=HALF
struct VSOut {
  float4 pos : SV_Position;
  float3x3 basis : BASIS;
  float2 clip : SV_ClipDistance;
  uint inst : SV_InstanceID;
};
VSOut vs_main(float4x4 world : WORLD, row_major float2x3 rm : RM, float4 p : SV_Position, uint inst : SV_InstanceID,
              min16float h : HALF) {
  VSOut o;
  o.pos = p * world[0] + rm[1].xyzz + h;
  o.basis = (float3x3)world;
  o.clip = p.xy;
  o.inst = inst;
  return o;
}
#ifdef NATIVE16
half4 ps_main(half4 c : COLOR, int16_t i : IDX) : SV_Target { return c * i; }
#endif

// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 0, i32 0, i8 0, i32 poison)
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 0, i32 3, i8 0, i32 poison)
// LLVM: call <3 x float> @llvm.dx.load.input.v3f32(i32 1, i32 1, i8 0, i32 poison)
// LLVM: call <4 x float> @llvm.dx.load.input.v4f32(i32 2, i32 0, i8 0, i32 poison)
// LLVM: call i32 @llvm.dx.load.input.i32(i32 3, i32 0, i8 0, i32 poison)
// LLVM: [[H:%[0-9]+]] = call half @llvm.dx.load.input.f16(i32 4, i32 0, i8 0, i32 poison)
// LLVM-NEXT: fpext half [[H]] to float
// LLVM: call void @llvm.dx.store.output.v3f32(i32 1, i32 2, i8 0, <3 x float>
// LLVM: call void @llvm.dx.store.output.f32(i32 2, i32 0, i8 0, float
// LLVM: call void @llvm.dx.store.output.f32(i32 2, i32 0, i8 1, float
// LLVM: call void @llvm.dx.store.output.i32(i32 3, i32 0, i8 0, i32
// LLVM: !{i32 2, !"SV_Position", i32 9, i32 0, !{{[0-9]+}}, i32 0, i32 1, i8 4, i32 6, i8 0,
// LLVM: !{i32 2, !"SV_ClipDistance", i32 9, i32 6, !{{[0-9]+}}, i32 0, i32 1, i8 2, i32 4, i8 0,
// LLVM: !{i32 3, !"SV_InstanceID", i32 5, i32 0, !{{[0-9]+}}, i32 0, i32 1, i8 1, i32 5, i8 0,

// DXIL: call half @dx.op.loadInput.f16(i32 4, i32 4, i32 0, i8 0, i32 undef)
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 1, i32 2, i8 2, float
// DXIL: call void @dx.op.storeOutput.f32(i32 5, i32 2, i32 0, i8 1, float
// DXIL: call void @dx.op.storeOutput.i32(i32 5, i32 3, i32 0, i8 0, i32
// DXIL: !{i32 2, !"SV_ClipDistance", i8 9, i8 6, !{{[0-9]+}}, i8 2, i32 1, i8 2, i32 4, i8 0,
// DXIL: !{i32 3, !"SV_InstanceID", i8 5, i8 0, !{{[0-9]+}}, i8 1, i32 1, i8 1, i32 5, i8 0,

// HALF: call half @dx.op.loadInput.f16(i32 4, i32 0, i32 0, i8 3, i32 undef)
// HALF: call i16 @dx.op.loadInput.i16(i32 4, i32 1, i32 0, i8 0, i32 undef)
// HALF: call void @dx.op.storeOutput.f16(i32 5, i32 0, i32 0, i8 3, half
