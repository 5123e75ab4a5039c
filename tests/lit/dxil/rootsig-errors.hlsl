// A bad root signature is an error at its place in the source: in the attribute's string, or in
// the macro's body with the attribute as the expansion point (Clang's "expanded from macro").
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E literal -Fo %t.o %s 2>&1 | FileCheck %s --check-prefix=LITERAL
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E macro -Fo %t.o %s 2>&1 | FileCheck %s --check-prefix=MACRO
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E notString -Fo %t.o %s 2>&1 | FileCheck %s --check-prefix=NOTSTRING
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E flags10 -force-rootsig-ver rootsig_1_0 -Fo %t.o %s 2>&1 | FileCheck %s --check-prefix=FLAGS10
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E literal -rootsig-define BAD_DEFINE -Fo %t.o %s 2>&1 | FileCheck %s --check-prefix=OVERRIDE
// RUN: %expect_exit 2 %shaderlens compile -T cs_6_0 -force-rootsig-ver rootsig_2_0 %s 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E overlap -Fo %t.o %s 2>&1 | FileCheck %s --check-prefix=OVERLAP

#define SPLIT "CBV(b0), " \
              "DescriptorTable(SRV(t0), UAV(t1))"
#define BAD_DEFINE "RootFlags(0), RootFlags(0)"

[RootSignature("CBV(b0), SRV(t0, space = 1, space = 2)")]
[numthreads(1, 1, 1)]
void literal() {}

[RootSignature(SPLIT)]
[numthreads(1, 1, 1)]
void macro() {}

[RootSignature(3)]
[numthreads(1, 1, 1)]
void notString() {}

[RootSignature("UAV(u0, flags = DATA_VOLATILE)")]
[numthreads(1, 1, 1)]
void flags10() {}

[RootSignature("CBV(b0), DescriptorTable(CBV(b0, numDescriptors = 2))")]
[numthreads(1, 1, 1)]
void overlap() {}

// LITERAL:      rootsig-errors.hlsl:15:45: error: root signature error - parameter 'space' can be specified only once
// LITERAL-NEXT: [RootSignature("CBV(b0), SRV(t0, space = 1, space = 2)")]
// LITERAL-NEXT:                {{^}}                             ^~~~~

// MACRO:      rootsig-errors.hlsl:19:16: error: root signature error - incorrect register type 't1' in UAV (expected u#)
// MACRO:      rootsig-errors.hlsl:12:45: note: expanded from macro 'SPLIT'

// NOTSTRING: rootsig-errors.hlsl:23:2: error: 'RootSignature' attribute takes one string literal (or a macro of string literals)

// FLAGS10: rootsig-errors.hlsl:27:25: error: root signature error - root descriptor flags cannot be specified for root_sig_1_0

// OVERRIDE: rootsig-errors.hlsl:13:35: error: root signature error - RootFlags cannot be specified more than once

// DXC's rules on a well-formed signature (VerifyRootSignature), at the clause that breaks one.
// OVERLAP: rootsig-errors.hlsl:31:42: error: root signature error - CBV registers of root parameter 1, table range 0 (visibility ALL) overlap those of root parameter 0 (visibility ALL)

// VERSION: invalid root signature version 'rootsig_2_0' (rootsig_1_0 or rootsig_1_1)
