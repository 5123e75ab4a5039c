// The cross views are stages: listed by --stages, printed with --print, written by --dump-stages.
// (MSL has no texel buffers before 2.1 without an option: SPIRV-Cross maps them to 2D textures.)
// RUN: %shaderlens compile -spirv --stages | FileCheck %s --check-prefix=LIST
// RUN: rm -rf %t.dump
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -Fo %t.spv --dump-stages %t.dump %s
// RUN: FileCheck %s --check-prefix=GLSL --input-file %t.dump/spirv.glsl.txt
// RUN: FileCheck %s --check-prefix=HLSL --input-file %t.dump/spirv.hlsl.txt
// RUN: FileCheck %s --check-prefix=MSL --input-file %t.dump/spirv.msl.txt
// RUN: FileCheck %s --check-prefix=REFL --input-file %t.dump/reflection.txt
// Several views in one run print in the order asked for.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print spirv.msl --print spirv.glsl %s | FileCheck %s --check-prefix=ORDER

RWBuffer<float> Data : register(u3, space1);

[numthreads(8, 2, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Data[id.x] = Data[id.x] * 2.0f;
}

// LIST: spirv          SPIR-V disassembly (validated)
// LIST-NEXT: spirv.glsl     GLSL view of the SPIR-V (SPIRV-Cross){{$}}
// LIST-NEXT: spirv.hlsl     HLSL view of the SPIR-V (SPIRV-Cross){{$}}
// LIST-NEXT: spirv.msl      MSL view of the SPIR-V (SPIRV-Cross){{$}}
// LIST-NEXT: reflection

// GLSL: layout(local_size_x = 8, local_size_y = 2, local_size_z = 1) in;
// GLSL: layout(set = 1, binding = 3, r32f) uniform imageBuffer Data;
// GLSL: imageStore(Data,
// HLSL: RWBuffer<float> Data : register(u3, space1);
// HLSL: [numthreads(8, 2, 1)]
// MSL: kernel void main0(texture2d<float, access::read_write> Data {{\[\[}}texture(0){{\]\]}}
// REFL: set 1 binding 3  STORAGE_TEXEL_BUFFER

// ORDER: kernel void main0(
// ORDER: #version 450
