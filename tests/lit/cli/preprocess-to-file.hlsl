// -P preprocesses only, as DXC: the preprocessed stage's text to <input>.i (or -Fi FILE), -Fo and
// -Fc ignored with DXC's warning, a preprocessor error exit 1 with no file.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/shader.hlsl
// RUN: %shaderlens compile -P %t/shader.hlsl
// RUN: FileCheck %s --check-prefix=TEXT < %t/shader.i
// RUN: %shaderlens compile --print preprocessed %t/shader.hlsl > %t/printed.txt
// RUN: diff %t/shader.i %t/printed.txt
// TEXT: RWStructuredBuffer<float> Out : register(u0);
// TEXT: Out[id.x] = 2.5;
// TEXT-NOT: SCALE
//
// RUN: %shaderlens compile -P -Fi %t/named.txt -Fo %t/never.o -Fc %t/never.txt %t/shader.hlsl 2>&1 | FileCheck %s --check-prefix=IGNORED
// IGNORED: warning: compiler options ignored with Preprocess.
// RUN: FileCheck %s --check-prefix=TEXT < %t/named.txt
// RUN: not ls %t/never.o %t/never.txt
//
// RUN: printf '#error boom\n' > %t/bad.hlsl
// RUN: %expect_exit 1 %shaderlens compile -P %t/bad.hlsl
// RUN: not ls %t/bad.i
#define SCALE 2.5
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = SCALE; }
