// -fvk-invert-y negates Position.y where a vertex shader writes it; -fvk-use-dx-position-w makes
// a pixel shader read FragCoord.w as 1/w (D3D's SV_Position.w).
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv -fvk-invert-y --print spirv -Fo %t.vs.spv %s 2>&1 | FileCheck %s --check-prefix=INVERT --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.vs.spv
// RUN: %shaderlens compile -T vs_6_0 -E main -spirv --print spirv %s 2>&1 | FileCheck %s --check-prefix=PLAIN
// RUN: %shaderlens compile -T ps_6_0 -E ps -spirv -fvk-use-dx-position-w --print spirv -Fo %t.ps.spv %s 2>&1 | FileCheck %s --check-prefix=DXW --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.ps.spv
float4 main(float4 p : POSITION) : SV_Position { return p; }
float4 ps(float4 p : SV_Position) : SV_Target { return p; }
// INVERT: OpFunctionCall %v4float %src_main
// INVERT: [[Y:%[0-9]+]] = OpCompositeExtract %float {{%[0-9]+}} 1
// INVERT: [[NEG:%[0-9]+]] = OpFNegate %float [[Y]]
// INVERT: [[POS:%[0-9]+]] = OpCompositeConstruct %v4float {{%[0-9]+}} [[NEG]] {{%[0-9]+}} {{%[0-9]+}}
// INVERT: OpStore %gl_Position [[POS]]
// PLAIN-NOT: OpFNegate
// DXW: [[FC:%[0-9]+]] = OpLoad %v4float %gl_FragCoord
// DXW: [[W:%[0-9]+]] = OpCompositeExtract %float [[FC]] 3
// DXW: [[RCP:%[0-9]+]] = OpFDiv %float %float_1 [[W]]
// DXW: OpCompositeConstruct %v4float {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} [[RCP]]
// RUN: %shaderlens compile -T vs_6_0 -E ids -spirv -fvk-support-nonzero-base-vertex -fvk-support-nonzero-base-instance --print spirv -Fo %t.ids.spv %s 2>&1 | FileCheck %s --check-prefix=BASE --implicit-check-not=warning:
// RUN: spirv-val --target-env vulkan1.0 %t.ids.spv
float4 ids(uint v : SV_VertexID, uint i : SV_InstanceID) : SV_Position { return float4(v, i, 0, 1); }
// BASE-DAG: OpCapability DrawParameters
// BASE-DAG: OpDecorate %gl_BaseVertex BuiltIn BaseVertex
// BASE-DAG: OpDecorate %gl_BaseInstance BuiltIn BaseInstance
// BASE: [[VI:%[0-9]+]] = OpLoad %uint %gl_VertexIndex
// BASE: [[BV:%[0-9]+]] = OpLoad %uint %gl_BaseVertex
// BASE: OpISub %uint [[VI]] [[BV]]
// BASE: [[II:%[0-9]+]] = OpLoad %uint %gl_InstanceIndex
// BASE: [[BI:%[0-9]+]] = OpLoad %uint %gl_BaseInstance
// BASE: OpISub %uint [[II]] [[BI]]
