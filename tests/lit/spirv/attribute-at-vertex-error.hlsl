// GetAttributeAtVertex needs per-vertex pixel shader inputs (PerVertexKHR arrays,
// SPV_KHR_fragment_shader_barycentric) that stage I/O does not generate yet: a located error
// that says so, and nothing is emitted (issue 19).
// RUN: %expect_exit 1 %shaderlens compile -T ps_6_1 -E main -spirv -Fo %t.spv %s 2>&1 | FileCheck %s

float4 main(nointerpolation float4 c : COLOR) : SV_Target {
  // CHECK: attribute-at-vertex-error.hlsl:[[@LINE+1]]:10: error: GetAttributeAtVertex is not supported by the SPIR-V back end yet (it needs per-vertex pixel shader inputs, SPV_KHR_fragment_shader_barycentric)
  return GetAttributeAtVertex(c, 1);
}
