// -T rootsig_1_0|rootsig_1_1 compiles the root signature in the macro -E names into a container
// with only RTS0, as DXC does; the HLSL around it is not compiled.
// RUN: %shaderlens compile -T rootsig_1_1 -E RS --print container %s | FileCheck %s --check-prefix=TEXT
// RUN: %shaderlens compile -T rootsig_1_1 -E RS -Fo %t.11 %s
// RUN: %python %S/Inputs/rts0_yaml.py %t.11 | FileCheck %s --check-prefix=V11
// RUN: %shaderlens compile -T rootsig_1_0 -E RS -Fo %t.10 %s
// RUN: %python %S/Inputs/rts0_yaml.py %t.10 | FileCheck %s --check-prefix=V10
// RUN: %shaderlens compile -T rootsig_1_1 -E EMPTY -Fo %t.empty %s
// RUN: %python %S/Inputs/rts0_yaml.py %t.empty | FileCheck %s --check-prefix=EMPTY
// RUN: %expect_exit 1 %shaderlens compile -T rootsig_1_1 -E MISSING -Fo %t.x %s 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %expect_exit 1 %shaderlens compile -T rootsig_1_1 -E NOT_STRINGS -Fo %t.x %s 2>&1 | FileCheck %s --check-prefix=NOTSTR
// RUN: %expect_exit 2 %shaderlens compile -spirv -T rootsig_1_1 -E RS -Fo %t.x %s 2>&1 | FileCheck %s --check-prefix=SPIRV

#define TABLE "DescriptorTable(SRV(t0, numDescriptors = 4), UAV(u1))"
#define RS "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), CBV(b0, visibility = SHADER_VISIBILITY_PIXEL), " TABLE
#define EMPTY ""
#define NOT_STRINGS "CBV(b0)", 3

this is not HLSL, and a root signature target never parses it

// TEXT:      ; DXContainer 1.0, 160 bytes, digest {{[0-9a-f]{32} }}(matches the bytes)
// TEXT-NEXT: ; parts: RTS0(116)
// TEXT-NEXT: ; Root signature (RTS0, version 1.1): 2 parameters, 0 static samplers
// TEXT-NEXT: ;   RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT),
// TEXT-NEXT: ;   CBV(b0, space = 0, flags = 0, visibility = SHADER_VISIBILITY_PIXEL),
// TEXT-NEXT: ;   DescriptorTable(visibility = SHADER_VISIBILITY_ALL,
// TEXT-NEXT: ;     SRV(t0, numDescriptors = 4, space = 0, flags = 0, offset = DESCRIPTOR_RANGE_OFFSET_APPEND),
// TEXT-NEXT: ;     UAV(u1, numDescriptors = 1, space = 0, flags = 0, offset = DESCRIPTOR_RANGE_OFFSET_APPEND))
// TEXT-NOT:  ;

// DXC's validator signs a root-signature container too; -Vd skips it, and no HASH either way.
// RUN: %shaderlens compile -T rootsig_1_1 -E RS -Vd --print container %s | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED:      ; DXContainer 1.0, 160 bytes, digest zero (unsigned)
// UNSIGNED-NEXT: ; parts: RTS0(116)

// 1.1: root descriptors 12 bytes, ranges 24 bytes (with their flags words).
// V11:      Size: 116
// V11:      Version: 2
// V11-NEXT: NumRootParameters: 2
// V11-NEXT: RootParametersOffset: 24
// V11-NEXT: NumStaticSamplers: 0
// V11-NEXT: StaticSamplersOffset: 116
// V11:      ShaderVisibility: Pixel
// V11:      RangesOffset: 68
// V11:      AllowInputAssemblerInputLayout: true

// 1.0: root descriptors 8 bytes, ranges 20 bytes.
// V10:      Size: 104
// V10:      Version: 1
// V10:      StaticSamplersOffset: 104
// V10:      RangesOffset: 64
// V10:      NumDescriptors: 4

// EMPTY:      Size: 24
// EMPTY:      NumRootParameters: 0
// EMPTY-NEXT: RootParametersOffset: 24
// EMPTY-NEXT: NumStaticSamplers: 0
// EMPTY-NEXT: StaticSamplersOffset: 24

// MISSING: error: root signature define 'MISSING' is not defined (a #define in the source or -D)
// NOTSTR: rootsig-target.hlsl:17:9: error: root signature define 'NOT_STRINGS' must expand to string literals, not ','
// SPIRV: root signatures are DXIL only
