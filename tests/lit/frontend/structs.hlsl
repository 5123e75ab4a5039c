// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// Structs: nesting, methods (this, static), static members, inheritance, bitfields, (S)0.

struct Base { float weight; };
struct Particle : Base {
  struct Range { float lo, hi; };
  static const uint kMax = 8;
  float3 pos;
  Range range;
  uint flags : 4;
  uint kind : 28;
  float clampWeight() { return clamp(weight, range.lo, range.hi); }
  void nudge(float3 d) { pos += d; this.weight *= 2; }
  static uint twice(uint x) { return x * 2; }
};

RWStructuredBuffer<Particle> Particles;

[numthreads(1, 1, 1)]
void main() {
  Particle p = (Particle)0;
  p.nudge(float3(1, 0, 0));
  Base b = p;
  Particles[0].pos.xy = float2(1, 2);
  Particles[1] = p;
  uint n = Particle::twice(Particle::kMax) + p.flags;
}

// CHECK:      Struct Particle : Base <5:8>
// CHECK-NEXT:   Field pos 'float3' <8:10>
// CHECK-NEXT:   Field range 'Particle::Range' <9:9>
// CHECK-NEXT:   Field flags 'uint' bitfield(4) <10:8>
// CHECK-NEXT:   Field kind 'uint' bitfield(28) <11:8>
// CHECK-NEXT:   StaticField kMax 'uint' static-field const <7:21>
// CHECK:        Function Particle::clampWeight 'float ()' <12:9>
// CHECK:        IntrinsicCall 'float' clamp (float, float, float) op=clamp <12:32>
// CHECK-NEXT:     Member 'float' lvalue .weight <12:38>
// CHECK-NEXT:       This 'Particle' lvalue <12:38>
// CHECK:        Function Particle::twice 'uint (uint)' static <14:15>
// CHECK:        Var p 'Particle' local <21:12>
// CHECK-NEXT:     ExplicitCast 'Particle' <21:16>
// CHECK-NEXT:       ImplicitCast 'Particle' AggregateSplat <21:26>
// CHECK:        Call 'void' Particle::nudge <22:5>
// CHECK-NEXT:     DeclRef 'Particle' lvalue p (local) <22:3>
// CHECK:        Var b 'Base' local <23:8>
// CHECK-NEXT:     ImplicitCast 'Base' DerivedToBase <23:12>
// CHECK:        Assign 'float2' '=' <24:23>
// CHECK-NEXT:     Swizzle 'float2' lvalue .xy [0,1] <24:20>
// CHECK-NEXT:       Member 'float3' lvalue .pos <24:16>
// CHECK-NEXT:         ResourceIndex 'Particle' lvalue <24:12>
// CHECK:        Call 'uint' Particle::twice <26:22>
