// RUN: %shaderlens compile -T cs_6_6 --print ast %s 2>/dev/null | FileCheck %s
// RUN: %shaderlens compile -T cs_6_6 --print ast %s 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN
// Intrinsic calls resolve to the first matching row of the generated table (DXC's MatchArguments).

groupshared uint total;
RWBuffer<float4> Out;

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  float3 v3 = float3(1, 2, 3);
  float4x4 M = 1;
  int i = 2;
  uint u = 3;
  float4 r = mul(v3, M);
  uint mx = max(i, u);
  float s = sin(i);
  float d = dot(v3, v3);
  float3 l = lerp(v3, v3, 0.5);
  uint4 bits = asuint(r);
  bool anyNeg = any(v3 < 0);
  uint prev;
  InterlockedAdd(total, 1, prev);
  GroupMemoryBarrierWithGroupSync();
  uint sum = WaveActiveSum(gi);
  int ab = abs(-i);
  Out[gi] = r + mx + s + d + l.x + bits.x + anyNeg + sum + ab;
}

// CHECK: IntrinsicCall 'float4' mul (float3, float3x4) op=mul_vm
// CHECK: IntrinsicCall 'uint' max (uint, uint) op=max
// CHECK: IntrinsicCall 'float' sin (float) op=sin
// CHECK-NEXT: ImplicitCast 'float' IntegralToFloating
// CHECK: IntrinsicCall 'float' dot (float3, float3) op=dot
// CHECK: IntrinsicCall 'float3' lerp (float3, float3, float3) op=lerp
// CHECK: IntrinsicCall 'uint4' asuint (float4) op=reinterpret_uint
// CHECK: IntrinsicCall 'bool' any (bool3) op=any
// CHECK: IntrinsicCall 'void' InterlockedAdd (ref uint, uint, out uint)
// CHECK-NEXT: DeclRef 'uint' lvalue total (groupshared)
// CHECK: IntrinsicCall 'void' GroupMemoryBarrierWithGroupSync () op=
// CHECK: IntrinsicCall 'uint' WaveActiveSum (uint) op=
// CHECK: IntrinsicCall 'int' abs (int) op=abs
// The matrix is truncated to 3x4 to match `mul(numeric<c>, numeric<c, c2>)` with c = 3.
// WARN: intrinsics.hlsl:14:22: warning: implicit truncation of vector type
// WARN-NEXT: float4 r = mul(v3, M);
