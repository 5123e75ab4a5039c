// Implicit bindings fill the lowest free slot in declaration order, $Globals sits at its first
// member, explicit registers of every class share one binding space (hlsl-spirv.md §2, §7).
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv --print reflection %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -E main -spirv -fvk-t-shift 10 0 -fvk-u-shift 20 0 --print reflection %s | FileCheck %s --check-prefix=SHIFT

cbuffer Frame : register(b0) { float4x4 vp; }
Texture2D albedo : register(t0);
Texture2D normal : register(t1, space1);
SamplerState samp;
RWStructuredBuffer<uint> outBuf : register(u2);
AppendStructuredBuffer<uint> app;
float gTime;
[[vk::binding(5)]] Texture2D lut;

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  outBuf[i] = outBuf.IncrementCounter() + (uint)gTime;
  app.Append(i);
}

// CHECK:      workgroup size: 1 1 1
// CHECK:      set 0 binding 0  UNIFORM_BUFFER  cbuffer  Frame
// CHECK-NEXT: set 0 binding 0  SAMPLED_IMAGE  Texture2D<v4float>  albedo
// CHECK-NEXT: set 1 binding 1  SAMPLED_IMAGE  Texture2D<v4float>  normal
// CHECK-NEXT: set 0 binding 1  SAMPLER  SamplerState  samp
// CHECK-NEXT: set 0 binding 2  STORAGE_BUFFER  RWStructuredBuffer<uint>  outBuf
// CHECK-NEXT: set 0 binding 7  STORAGE_BUFFER  counter of outBuf  counter_var_outBuf
// CHECK-NEXT: set 0 binding 3  STORAGE_BUFFER  AppendStructuredBuffer<uint>  app
// CHECK-NEXT: set 0 binding 4  STORAGE_BUFFER  counter of app  counter_var_app
// CHECK-NEXT: set 0 binding 6  UNIFORM_BUFFER  $Globals  $Globals
// CHECK-NEXT: set 0 binding 5  SAMPLED_IMAGE  Texture2D<v4float>  lut
// CHECK:      push constants: none

// SHIFT:      set 0 binding 0  UNIFORM_BUFFER  cbuffer  Frame
// SHIFT-NEXT: set 0 binding 10  SAMPLED_IMAGE  Texture2D<v4float>  albedo
// SHIFT-NEXT: set 1 binding 1  SAMPLED_IMAGE  Texture2D<v4float>  normal
// SHIFT-NEXT: set 0 binding 1  SAMPLER  SamplerState  samp
// SHIFT-NEXT: set 0 binding 22  STORAGE_BUFFER  RWStructuredBuffer<uint>  outBuf
// SHIFT-NEXT: set 0 binding 6  STORAGE_BUFFER  counter of outBuf  counter_var_outBuf
// SHIFT-NEXT: set 0 binding 2  STORAGE_BUFFER  AppendStructuredBuffer<uint>  app
// SHIFT-NEXT: set 0 binding 3  STORAGE_BUFFER  counter of app  counter_var_app
// SHIFT-NEXT: set 0 binding 4  UNIFORM_BUFFER  $Globals  $Globals
