// -auto-binding-space N (DXC): the space of resources whose declaration names none. On SPIR-V it
// is their descriptor set (register() without a space, [[vk::binding(b)]] without a set, implicit
// bindings), and shifts given for space N apply to them; a written space is kept. On DXIL it is
// the space of implicitly bound resources (explicit registers stay in space 0, as in DXC).
// RUN: %shaderlens compile -T cs_6_6 -E main -auto-binding-space 7 -spirv --print spirv %s | FileCheck %s --check-prefix=SPIRV
// RUN: %shaderlens compile -T cs_6_6 -E main -auto-binding-space 7 -fvk-u-shift 100 7 -spirv --print spirv %s | FileCheck %s --check-prefix=SHIFT
// RUN: %shaderlens compile -T cs_6_6 -E main -spirv --print spirv %s | FileCheck %s --check-prefix=DEFAULT
// RUN: %shaderlens compile -T cs_6_6 -E main -auto-binding-space 7 --print dxil %s | FileCheck %s --check-prefix=DXIL
// RUN: not %shaderlens compile -T cs_6_6 -E main -auto-binding-space x %s 2>&1 | FileCheck %s --check-prefix=BAD

RWStructuredBuffer<float> Implicit;
RWStructuredBuffer<float> Explicit : register(u3);
RWStructuredBuffer<float> Spaced : register(u1, space2);
[[vk::binding(5)]] RWStructuredBuffer<float> VkBound;

[numthreads(1, 1, 1)]
void main() { Implicit[0] = Explicit[0] + Spaced[0] + VkBound[0]; }

// SPIRV:      OpDecorate %Implicit DescriptorSet 7
// SPIRV-NEXT: OpDecorate %Implicit Binding 0
// SPIRV:      OpDecorate %Explicit DescriptorSet 7
// SPIRV-NEXT: OpDecorate %Explicit Binding 3
// SPIRV:      OpDecorate %Spaced DescriptorSet 2
// SPIRV-NEXT: OpDecorate %Spaced Binding 1
// SPIRV:      OpDecorate %VkBound DescriptorSet 7
// SPIRV-NEXT: OpDecorate %VkBound Binding 5

// SHIFT: OpDecorate %Implicit Binding 0
// SHIFT: OpDecorate %Explicit Binding 103
// SHIFT: OpDecorate %Spaced Binding 1
// SHIFT: OpDecorate %VkBound Binding 5

// DEFAULT: OpDecorate %Implicit DescriptorSet 0
// DEFAULT: OpDecorate %Explicit DescriptorSet 0

// DXIL-DAG: !"Spaced{{[^"]*}}", i32 2, i32 1,
// DXIL-DAG: !"Explicit{{[^"]*}}", i32 0, i32 3,
// DXIL-DAG: !"Implicit{{[^"]*}}", i32 7, i32 0,

// BAD: invalid space 'x' for -auto-binding-space
