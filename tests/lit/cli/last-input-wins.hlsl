// As DXC, the input is the last file named on the command line; earlier positional words (RUN
// lines such as `dxc -T lib_6_8 external x.hlsl`) are ignored with a warning naming them.
// RUN: %shaderlens compile -T cs_6_6 -E main external %s -spirv 2>&1 | FileCheck %s
// RUN: not %shaderlens compile -T cs_6_6 -E main %s no-such-file.hlsl 2>&1 | FileCheck %s --check-prefix=LAST

RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = 1; }

// CHECK: shaderlens compile: warning: 'external' ignored: the input is the last file named, '{{.*}}last-input-wins.hlsl' (as DXC)
// LAST: warning: '{{.*}}last-input-wins.hlsl' ignored: the input is the last file named, 'no-such-file.hlsl'
// LAST: no-such-file.hlsl
