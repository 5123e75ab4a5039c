// Clang's preprocessor test hooks, which a shader could use to end the compiler (and the app):
// `crash` was SIGILL, `overflow_stack` recursed until the stack ran out, `llvm_fatal_error` was
// "LLVM ERROR" and exit 1. They are off: the shader compiles.
#pragma clang __debug llvm_fatal_error
#pragma clang __debug crash
#pragma clang __debug overflow_stack
#pragma clang __debug assert
#pragma clang __debug llvm_unreachable
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = 1; }
