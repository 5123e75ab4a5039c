// RUN: not %shaderlens compile -T cs_6_6 %s 2>&1 | FileCheck %s
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_6 %s
#include "missing-header.hlsli"
// CHECK: errors.hlsl:3:10: error: 'missing-header.hlsli' file not found
// CHECK-NEXT: #include "missing-header.hlsli"
// CHECK-NEXT: {{^         \^$}}
