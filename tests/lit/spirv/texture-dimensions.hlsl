// GetDimensions on textures: size at a mip level, level count, float and uint outputs.
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print spirv %s | FileCheck %s

Texture2D<float4> Tex : register(t0);
Texture2DArray<float4> Arr : register(t1);
RWBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float w, h, levels;
  Tex.GetDimensions(1, w, h, levels);
  uint uw, uh, ue;
  Arr.GetDimensions(uw, uh, ue);
  Out[0] = w + h + levels + uw + uh + ue;
}

// CHECK: OpCapability ImageQuery
// CHECK: OpImageQuerySizeLod %v2uint {{%[0-9A-Za-z_]+}} %uint_1
// CHECK: OpImageQueryLevels %uint
// CHECK: OpImageQuerySizeLod %v3uint {{%[0-9A-Za-z_]+}} %uint_0
