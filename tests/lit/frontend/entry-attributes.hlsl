// [numthreads] and [WaveSize] by DXC's rules, the register numbers and a second definition of the
// entry point: each was accepted with a made-up value (LocalSize 4294967295 for -1, 0 for
// 4294967296, 1025 threads, a dropped argument, 1.5 as 1, binding 4294967295) or ignored.
// DXC: a group size outside 1..1024 is a warning that drops the attribute, so the entry point has
// no valid one (an error); its validator limits each dimension (compute Z <= 64).

// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 '-DNT=-1,1,1' %s -Fo %t.o
// RUN: not %shaderlens compile -T cs_6_0 '-DNT=-1,1,1' %s 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: entry-attributes.hlsl:68:2: warning: attribute 'numthreads' must have a uint literal argument
// NEG: entry-attributes.hlsl:68:2: warning: Group size of -1 (-1 * 1 * 1) is outside of valid range [1..1024] - attribute will be ignored
// NEG: entry-attributes.hlsl:69:6: error: compute entry point must have a valid numthreads attribute

// RUN: not %shaderlens compile -T cs_6_0 -spirv '-DNT=4294967296,1,1' %s 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: warning: Group size of 4294967296 (4294967296 * 1 * 1) is outside of valid range [1..1024] - attribute will be ignored
// BIG: error: compute entry point must have a valid numthreads attribute
// RUN: not %shaderlens compile -T cs_6_0 -spirv '-DNT=0,0,0' %s 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: warning: Group size of 0 (0 * 0 * 0) is outside of valid range [1..1024] - attribute will be ignored
// RUN: not %shaderlens compile -T cs_6_0 '-DNT=1025,1,1' %s 2>&1 | FileCheck %s --check-prefix=X1025
// X1025: warning: Group size of 1025 (1025 * 1 * 1) is outside of valid range [1..1024] - attribute will be ignored
// RUN: not %shaderlens compile -T cs_6_0 -spirv '-DNT=64,64,1' %s 2>&1 | FileCheck %s --check-prefix=PRODUCT
// PRODUCT: warning: Group size of 4096 (64 * 64 * 1) is outside of valid range [1..1024] - attribute will be ignored
// PRODUCT: error: compute entry point must have a valid numthreads attribute
// RUN: not %shaderlens compile -T cs_6_0 '-DNT=1,1,65' %s 2>&1 | FileCheck %s --check-prefix=Z65
// Z65: entry-attributes.hlsl:68:{{[0-9]+}}: error: Declared Thread Group Z size 65 outside valid range [1..64]
// RUN: not %shaderlens compile -T cs_6_0 '-DNT=1,1' %s 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not %shaderlens compile -T cs_6_0 -spirv '-DNT=1,1,1,1' %s 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: error: 'numthreads' attribute requires exactly 3 arguments
// RUN: not %shaderlens compile -T cs_6_0 '-DNT=1.5,1,1' %s 2>&1 | FileCheck %s --check-prefix=FRACTION
// FRACTION: warning: attribute 'numthreads' must have a uint literal argument
// FRACTION: warning: Group size of 0 (0 * 1 * 1) is outside of valid range [1..1024] - attribute will be ignored
// The limits themselves compile, to the size written.
// RUN: %shaderlens compile -T cs_6_0 -spirv '-DNT=1024,1,1' %s --print spirv | FileCheck %s --check-prefix=OK-X
// OK-X: OpExecutionMode %main LocalSize 1024 1 1
// RUN: %shaderlens compile -T cs_6_0 -spirv '-DNT=1,16,64' %s --print spirv | FileCheck %s --check-prefix=OK-Z
// OK-Z: OpExecutionMode %main LocalSize 1 16 64

// WaveSize: a power of two in 4..128; a range needs SM 6.8.
// RUN: not %shaderlens compile -T cs_6_6 '-DWS=[WaveSize(0)]' %s 2>&1 | FileCheck %s --check-prefix=WS0
// WS0: entry-attributes.hlsl:68:{{[0-9]+}}: error: WaveSize arguments must be between 4 and 128 and a power of 2
// RUN: not %shaderlens compile -T cs_6_6 '-DWS=[WaveSize(48)]' %s 2>&1 | FileCheck %s --check-prefix=WS48
// WS48: error: WaveSize arguments must be between 4 and 128 and a power of 2
// RUN: not %shaderlens compile -T cs_6_6 '-DWS=[WaveSize(16,64)]' %s 2>&1 | FileCheck %s --check-prefix=WSRANGE
// WSRANGE: error: WaveSize only takes multiple arguments in Shader Model 6.8 or higher
// RUN: not %shaderlens compile -T cs_6_8 '-DWS=[WaveSize(64,16)]' %s 2>&1 | FileCheck %s --check-prefix=WSORDER
// WSORDER: error: Minimum WaveSize value 64 must be less than maximum WaveSize value 16
// RUN: %shaderlens compile -T cs_6_8 '-DWS=[WaveSize(16,64,32)]' %s -Fo %t.o

// Register numbers are 32-bit: u99999999999999999999 became binding 4294967295.
// RUN: not %shaderlens compile -T cs_6_0 -spirv -DBIGREG %s 2>&1 | FileCheck %s --check-prefix=REG
// REG: entry-attributes.hlsl:64:{{[0-9]+}}: error: register number should be an integer (in 32 bits): 'u99999999999999999999'

// A second definition of main was dropped silently.
// RUN: not %shaderlens compile -T cs_6_0 -DTWICE %s 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: entry-attributes.hlsl:77:6: error: redefinition of 'main'
// TWICE: entry-attributes.hlsl:69:6: note: previous definition is here

#ifndef NT
#define NT 1, 1, 1
#endif
#ifndef WS
#define WS
#endif
#ifdef BIGREG
RWStructuredBuffer<uint> o : register(u99999999999999999999);
#else
RWStructuredBuffer<uint> o : register(u0);
#endif
[numthreads(NT)] WS
void main() { o[0] = 1; }
#ifdef TWICE
// The same entry point again.
//
//
//
//
[numthreads(1, 1, 1)]
void main() { o[0] = 2; }
#endif
