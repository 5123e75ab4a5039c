// RUN: %shaderlens compile -T cs_6_6 --print ast %s | FileCheck %s
// Namespaces, enums, enum class, typedef and using aliases.

namespace color {
  enum Channel { Red, Green = 4, Blue };
  typedef float3 Rgb;
  float luminance(Rgb c) { return dot(c, float3(0.2126, 0.7152, 0.0722)); }
}
namespace color { static const Channel kDefault = Green; }
enum class Mode : uint { Fast, Precise };
using Scalar = float;

RWBuffer<float> Out;

[numthreads(1, 1, 1)]
void main() {
  color::Rgb c = 1;
  Mode m = Mode::Precise;
  Scalar s = color::luminance(c) + color::Blue + (uint)m + color::kDefault;
  Out[0] = s;
}

// CHECK:      Namespace color <4:1>
// CHECK-NEXT:   Enum color::Channel 'int' <5:8>
// CHECK-NEXT:     EnumConstant Red = 0
// CHECK-NEXT:     EnumConstant Green = 4
// CHECK-NEXT:     EnumConstant Blue = 5
// CHECK-NEXT:   Typedef Rgb 'float3'
// CHECK-NEXT:   Function color::luminance 'float (float3)'
// A reopened namespace adds to the same node.
// CHECK:        Var kDefault 'color::Channel' static const
// CHECK:      EnumClass Mode 'uint' <10:12>
// CHECK:      Typedef Scalar 'float'
// CHECK:      Var m 'Mode' local
// CHECK-NEXT:   DeclRef 'Mode' Precise (EnumConstant)
// CHECK:      Call 'float' color::luminance
// CHECK:      DeclRef 'color::Channel' Blue (EnumConstant)
// CHECK:      ExplicitCast 'uint'
// CHECK-NEXT:   ImplicitCast 'uint' IntegralCast
// CHECK-NEXT:     ImplicitCast 'int' IntegralCast
// CHECK-NEXT:       DeclRef 'Mode' lvalue m (local)
