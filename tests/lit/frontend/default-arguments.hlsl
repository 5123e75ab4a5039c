// Default arguments are evaluated at the call site: every call passes one argument per parameter
// (free functions and methods alike), so the IR never calls a function with too few arguments.
// Reduced from MiniEngine's ToneMapCS.hlsl (RGBToLogLuminance(x, gamma = 4.0) called with one argument).
// RUN: %shaderlens compile -T cs_6_0 --print ast %s | FileCheck %s --check-prefix=AST
// RUN: %shaderlens compile -T cs_6_0 -spirv --print ir %s | FileCheck %s --check-prefix=IR
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t.spv %s && spirv-val --target-env vulkan1.1 %t.spv

RWStructuredBuffer<float> Out;

float logLuma(float3 x, float gamma = 4.0) { return log2(1 + dot(x, 1)) / gamma; }
float twice(float a, int n = 2, float bias = -0.5) { return a * n + bias; }

struct Scale {
  float k;
  float apply(float a, float b = 3) { return a * b + k; }
};

[numthreads(1, 1, 1)]
void main() {
  Scale s;
  s.k = 1;
  Out[0] = logLuma(float3(1, 2, 3));
  Out[1] = logLuma(float3(1, 2, 3), 2.0);
  Out[2] = twice(5);
  Out[3] = twice(5, 3);
  Out[4] = s.apply(7);
}

// The default (written on line 10) is the second argument of the first call.
// AST: Call 'float' logLuma <22:12>
// AST: Construct 'float3' <22:20>
// AST: ImplicitCast 'float' FloatingCast <10:39>
// AST-NEXT: FloatLiteral 'literal float' 4.0 <10:39>
// AST: Call 'float' logLuma <23:12>
// IR-LABEL: func F1`src.main`
// IR: call F{{[0-9]+}}`logLuma`(v{{[0-9]+}}, 4.0f32): f32
// IR: call F{{[0-9]+}}`logLuma`(v{{[0-9]+}}, 2.0f32): f32
// IR: call F{{[0-9]+}}`twice`(5.0f32, 2s32, v{{[0-9]+}}): f32
// IR: call F{{[0-9]+}}`twice`(5.0f32, 3s32, v{{[0-9]+}}): f32
// IR: call F{{[0-9]+}}`Scale::apply`(v{{[0-9]+}}, 7.0f32, 3.0f32): f32
