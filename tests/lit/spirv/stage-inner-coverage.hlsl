// SV_InnerCoverage as a pixel shader input, as DXC maps it: the bool FullyCoveredEXT builtin
// (SPV_EXT_fragment_fully_covered) read as the declared uint; it must be an integer scalar.
// RUN: %shaderlens compile -T ps_6_0 -E main -spirv --print spirv %s | FileCheck %s
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_0 -E wrongType -spirv %s 2>&1 | FileCheck %s --check-prefix=TYPE
float4 main(float4 col : COLOR0, uint inner : SV_InnerCoverage) : SV_Target {
  return col * inner;
}
float4 wrongType(float inner : SV_InnerCoverage) : SV_Target {
  return inner;
}
// CHECK: OpCapability FragmentFullyCoveredEXT
// CHECK: OpExtension "SPV_EXT_fragment_fully_covered"
// CHECK: OpEntryPoint Fragment %main "main" {{.*}}%gl_FragFullyCoveredEXT
// CHECK: OpDecorate %gl_FragFullyCoveredEXT BuiltIn FullyCoveredEXT
// CHECK: %gl_FragFullyCoveredEXT = OpVariable %_ptr_Input_bool Input
// CHECK: [[COVERED:%[0-9]+]] = OpLoad %bool %gl_FragFullyCoveredEXT
// CHECK: OpSelect %uint [[COVERED]] %uint_1 %uint_0
// TYPE: stage-inner-coverage.hlsl:8:{{[0-9]+}}: error: SV_InnerCoverage must be a 32-bit integer scalar
