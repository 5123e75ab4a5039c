// [RootSignature(...)] on the entry gives the container an RTS0 part after PSV0 (DXC's order);
// -rootsig-define NAME replaces it with the macro NAME (also from -D); -force-rootsig-ver picks 1.0.
// RUN: %shaderlens compile -T cs_6_0 --print container %s | FileCheck %s --check-prefix=ATTR
// RUN: %shaderlens compile -T cs_6_0 -rootsig-define OTHER -Fo %t.o %s
// RUN: %python %S/Inputs/rts0_yaml.py %t.o | FileCheck %s --check-prefix=OVERRIDE
// RUN: %shaderlens compile -T cs_6_0 -rootsig-define FROM_CMDLINE -D 'FROM_CMDLINE="SRV(t3, space = 7), UAV(u0)"' -Fo %t.d.o %s
// RUN: %python %S/Inputs/rts0_yaml.py %t.d.o | FileCheck %s --check-prefix=CMDLINE
// RUN: %shaderlens compile -T cs_6_0 -force-rootsig-ver rootsig_1_0 -Fo %t.10.o %s
// RUN: %python %S/Inputs/rts0_yaml.py %t.10.o | FileCheck %s --check-prefix=V10
// RUN: %shaderlens compile -T cs_6_0 -E noSignature --print container %s | FileCheck %s --check-prefix=NONE
// LLVM 19's reader still reads the container (RTS0 is a part it does not know and skips).
// RUN: %shaderlens compile -T cs_6_0 -Fo %t.attr.o %s
// RUN: obj2yaml %t.attr.o | FileCheck %s --check-prefix=LLVM

#define UNBOUND "UAV(u1)"
#define OTHER "RootConstants(num32BitConstants = 2, b1, space = 3), DescriptorTable(UAV(u0))"

RWStructuredBuffer<uint> Out : register(u0);

[RootSignature("DescriptorTable(UAV(u0)), StaticSampler(s0, filter = FILTER_MIN_MAG_MIP_LINEAR)")]
[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) { Out[i] = i; }

[numthreads(1, 1, 1)]
void noSignature(uint i : SV_GroupIndex) { Out[i] = i; }

// ATTR:      ; parts: SFI0(8) ISG1(8) OSG1(8) PSV0({{[0-9]+}}) RTS0(120) HASH(20) DXIL({{[0-9]+}})
// ATTR:      ; Root signature (RTS0, version 1.1): 1 parameters, 1 static samplers
// ATTR-NEXT: ;   RootFlags(0),
// ATTR-NEXT: ;   DescriptorTable(visibility = SHADER_VISIBILITY_ALL,
// ATTR-NEXT: ;     UAV(u0, numDescriptors = 1, space = 0, flags = 0, offset = DESCRIPTOR_RANGE_OFFSET_APPEND)),
// ATTR-NEXT: ;   StaticSampler(s0, filter = FILTER_MIN_MAG_MIP_LINEAR, {{.*}})

// OVERRIDE:      NumRootParameters: 2
// OVERRIDE-NEXT: RootParametersOffset: 24
// OVERRIDE-NEXT: NumStaticSamplers: 0
// OVERRIDE:      ParameterType: Constants32Bit
// OVERRIDE:      Num32BitValues: 2
// OVERRIDE-NEXT: RegisterSpace: 3
// OVERRIDE-NEXT: ShaderRegister: 1

// CMDLINE:      ParameterType: SRV
// CMDLINE:      RegisterSpace: 7
// CMDLINE-NEXT: ShaderRegister: 3

// V10: Version: 1
// V10: StaticSamplersOffset: 64

// LLVM:      - Name: PSV0
// LLVM:      - Name: RTS0
// LLVM-NEXT:   Size: 120
// LLVM-NEXT: - Name: HASH
// LLVM:      - Name: DXIL

// A root signature that leaves a used resource unbound fails as DXC's validator fails it (-Vd: not checked).
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -rootsig-define UNBOUND -Fo %t.u.o %s 2>&1 | FileCheck %s --check-prefix=UNBOUND
// RUN: %shaderlens compile -T cs_6_0 -rootsig-define UNBOUND -Vd -Fo %t.u.o %s
// UNBOUND: error: root signature: resource 'Out' (UAV u0, space 0) is not bound by the root signature

// NONE:     ; parts: SFI0(8) ISG1(8) OSG1(8) PSV0({{[0-9]+}}) HASH(20) DXIL({{[0-9]+}})
// NONE-NOT: Root signature
