// `shaderlens dis` on a root-signature-only container (-T rootsig_1_1): one RTS0 part.
// RUN: %shaderlens compile -T rootsig_1_1 -E RS -Fo %t.rts %s
// RUN: %shaderlens dis %t.rts | FileCheck %s
// RUN: %shaderlens dis --part RTS0 %t.rts | FileCheck %s --check-prefix=PART
#define RS "RootFlags(0), CBV(b0), DescriptorTable(SRV(t0, numDescriptors = 4)), StaticSampler(s0)"

// CHECK: ; DXContainer version 1.0, {{[0-9]+}} bytes, 1 part
// CHECK: ; part name    offset      size
// CHECK-NEXT: ;    0 RTS0        36 {{[0-9]+}}
// CHECK-NEXT: ;
// CHECK-NEXT: ; Root signature (RTS0, version 1.1): 2 parameters, 1 static samplers
// CHECK-NEXT: ;   RootFlags(0),
// CHECK-NEXT: ;   CBV(b0, space = 0, flags = 0, visibility = SHADER_VISIBILITY_ALL),
// CHECK-NEXT: ;   DescriptorTable(visibility = SHADER_VISIBILITY_ALL,
// CHECK-NEXT: ;     SRV(t0, numDescriptors = 4, space = 0, flags = 0, offset = DESCRIPTOR_RANGE_OFFSET_APPEND)),
// CHECK-NEXT: ;   StaticSampler(s0,
// CHECK-NOT: DXIL

// PART: ; ---- part 0: RTS0 ({{[0-9]+}} bytes at byte 44)
// PART-NEXT: ; Root signature (RTS0, version 1.1): 2 parameters, 1 static samplers
