// hello.hlsl: the example Shaderlens opens when it is started without a file.
//
// One thread per element: each reads a value x from Input, evaluates the cubic
//   p(x) = x^3 - 0.5 x^2 + 0.25 x - 0.125
// with Horner's rule (a loop over the coefficients, one mad() per step) and writes
// sqrt(|p(x)|) to Output. Dispatch it with ceil(N / 64) groups for N elements.
//
// Things to look at:
//   - the "preprocessed" stage: GROUP_SIZE and COEFFICIENT_COUNT are macros, expanded there;
//   - SV_DispatchThreadID: the thread's index in the whole dispatch (group * 64 + thread);
//   - the loop and the mad/abs/sqrt intrinsics as they go through IR, SPIR-V and DXIL;
//   - the resource bindings: t0 (read-only input) and u0 (read-write output).
//
// Try it on the command line: shaderlens compile -T cs_6_0 --print preprocessed hello.hlsl

#define GROUP_SIZE 64
#define COEFFICIENT_COUNT 4

StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<float> Output : register(u0);

// Highest power first, as Horner's rule consumes them.
static const float Coefficients[COEFFICIENT_COUNT] = {1.0, -0.5, 0.25, -0.125};

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x = Input[id.x];
  float p = 0.0;
  for (uint i = 0; i < COEFFICIENT_COUNT; ++i)
    p = mad(p, x, Coefficients[i]);
  Output[id.x] = sqrt(abs(p));
}
