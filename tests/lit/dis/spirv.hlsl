// `shaderlens dis` on a SPIR-V module: validated, then disassembled as SPIRV-Tools does.
// RUN: %shaderlens compile -spirv -T cs_6_6 -Fo %t.spv %s
// RUN: %shaderlens dis %t.spv | FileCheck %s
// An invalid module is still printed; the validator's errors go to stderr and the status is 1.
// RUN: %python -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<5I', 0x07230203, 0x10000, 0, 1, 0) + struct.pack('<2I', (2 << 16) | 17, 1))" > %t.bad.spv
// RUN: %expect_exit 1 %shaderlens dis %t.bad.spv > %t.bad.out 2> %t.bad.err
// RUN: FileCheck %s --check-prefix=BAD < %t.bad.out
// RUN: FileCheck %s --check-prefix=BADERR < %t.bad.err
// RUN: %expect_exit 2 %shaderlens dis --part DXIL %t.spv
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x * 2; }

// CHECK: ; SPIR-V
// CHECK: OpCapability Shader
// CHECK: OpEntryPoint GLCompute %main "main" %gl_GlobalInvocationID
// CHECK: OpExecutionMode %main LocalSize 8 1 1
// CHECK: OpFunctionEnd

// BAD: OpCapability Shader
// BADERR: shaderlens dis: '{{.*}}bad.spv' is not valid SPIR-V for vulkan1.0:
// BADERR: bad.spv: error: spirv-val (vulkan1.0): Missing required OpMemoryModel instruction.
