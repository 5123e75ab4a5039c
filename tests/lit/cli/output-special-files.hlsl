// -Fo/-Fc write a device or an open descriptor in place, as an ordinary open() would: /dev/null
// stays a device (as root it used to become a regular file; unprivileged, it could not be written)
// and /dev/stdout is the pipe. An empty file name is a usage error, not "write nothing".
// A link to /dev/null first: were devices replaced again, this replaces only the link in %t and
// stops the test before /dev/null (and /dev/stdout below) are replaced too.
// RUN: rm -rf %t && mkdir -p %t && ln -s /dev/null %t/null
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t/null %s
// RUN: test -L %t/null
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo /dev/null -Fc /dev/null %s
// RUN: test -c /dev/null

// RUN: %shaderlens compile -T cs_6_0 -spirv -Fc /dev/stdout %s | FileCheck %s --check-prefix=STDOUT
// STDOUT: OpEntryPoint GLCompute %main "main"

// RUN: %expect_exit 2 %shaderlens compile -T cs_6_0 -spirv -Fo "" %s
// RUN: not %shaderlens compile -T cs_6_0 -spirv -Fo "" %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: option '-Fo' requires a file name
RWStructuredBuffer<uint> output : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { output[id.x] = id.x; }
