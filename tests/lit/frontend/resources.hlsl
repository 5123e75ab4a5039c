// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// Resource objects, operator[] reads and writes, and methods resolved from the intrinsic table.

Buffer<float4> Src : register(t0);
RWBuffer<uint> Dst : register(u0);
StructuredBuffer<float3> Points : register(t1);
RWStructuredBuffer<uint> Counter : register(u1);
AppendStructuredBuffer<float3> Appended : register(u2);
ConsumeStructuredBuffer<float3> Consumed : register(u3);
ByteAddressBuffer Raw : register(t2);
RWByteAddressBuffer RawOut : register(u4);
Texture2D<float4> Tex : register(t3);
Texture2DArray Layers : register(t4);
Texture3D<float> Volume : register(t5);
TextureCube Sky : register(t6);
RWTexture2D<float4> Image : register(u5);
SamplerState Linear : register(s0);
SamplerComparisonState Shadow : register(s1);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 a = Src[id.x] + Src.Load(0);
  Dst[id.x] = Raw.Load(0) + Raw.Load2(8).y;
  float3 p = Raw.Load<float3>(16);
  RawOut.Store3(0, uint3(1, 2, 3));
  RawOut.Store<float2>(12, p.xy);
  uint original;
  RawOut.InterlockedAdd(0, 1, original);
  uint slot = Counter.IncrementCounter();
  Counter.DecrementCounter();
  Appended.Append(Consumed.Consume() + Points[slot]);
  float4 s = Tex.SampleLevel(Linear, float2(0.5, 0.5), 0) + Layers.SampleLevel(Linear, float3(0, 0, 1), 0);
  float c = Tex.SampleCmpLevelZero(Shadow, float2(0, 0), 0.5);
  float v = Volume.Load(int4(id, 0));
  float4 sky = Sky.SampleLevel(Linear, float3(0, 1, 0), 0);
  uint w, h, levels;
  Tex.GetDimensions(0, w, h, levels);
  Image[id.xy] = s * c * v + sky;
  Image[id.xy].rg = float2(w, h);
}

// CHECK:      Binary 'float4' '+'
// CHECK-NEXT:   ResourceIndex 'float4' const lvalue <22:17>
// CHECK-NEXT:     DeclRef 'Buffer<float4>' const lvalue Src (uniform)
// CHECK:        MethodCall 'float4' Load (int) op=buffer_load
// CHECK:      Assign 'uint' '='
// CHECK-NEXT:   ResourceIndex 'uint' lvalue
// CHECK:      MethodCall 'uint' Load (uint) op=
// CHECK:      MethodCall 'uint2' Load2 (uint) op=
// CHECK:      MethodCall 'float3' Load<float3> (uint) op=
// CHECK:      MethodCall 'void' Store3 (uint, uint3) op=
// CHECK:      MethodCall 'void' Store<float2> (uint, float2) op=
// CHECK:      MethodCall 'void' InterlockedAdd (uint, uint, out uint) op=
// CHECK:      MethodCall 'uint' IncrementCounter () op=
// CHECK:      MethodCall 'uint' DecrementCounter () op=
// CHECK:      MethodCall 'void' Append (float3) op=
// CHECK:        MethodCall 'float3' Consume () op=
// CHECK:        ResourceIndex 'float3' const lvalue
// CHECK:      MethodCall 'float4' SampleLevel (SamplerState, float2, float) op=
// CHECK:      MethodCall 'float4' SampleLevel (SamplerState, float3, float) op=
// CHECK:      MethodCall 'float' SampleCmpLevelZero (SamplerComparisonState, float2, float) op=
// CHECK:      MethodCall 'float' Load (int4) op=
// CHECK:      MethodCall 'float4' SampleLevel (SamplerState, float3, float) op=
// CHECK:      MethodCall 'void' GetDimensions (uint, out uint, out uint, out uint) op=
// CHECK:      Assign 'float2' '='
// CHECK-NEXT:   Swizzle 'float2' lvalue .rg [0,1]
// CHECK-NEXT:     ResourceIndex 'float4' lvalue
// CHECK-NEXT:       DeclRef 'RWTexture2D<float4>' const lvalue Image (uniform)
// CHECK-NEXT:       Swizzle 'uint2' lvalue .xy [0,1]
