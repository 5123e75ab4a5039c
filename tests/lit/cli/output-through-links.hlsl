// -Fo through a symbolic link replaces the file the link names and leaves the link a link; a
// replaced file keeps its mode.
// RUN: rm -rf %t && mkdir -p %t/real %t/links
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t/direct.spv %s
// RUN: ln -s ../real/out.spv %t/links/out.spv
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t/links/out.spv %s
// RUN: test -L %t/links/out.spv
// RUN: test -f %t/real/out.spv
// RUN: cmp %t/direct.spv %t/real/out.spv

// RUN: chmod 600 %t/direct.spv
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t/direct.spv %s
// RUN: stat -c %%a %t/direct.spv | FileCheck %s --check-prefix=MODE
// MODE: {{^}}600{{$}}
RWStructuredBuffer<uint> output : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { output[id.x] = id.x; }
