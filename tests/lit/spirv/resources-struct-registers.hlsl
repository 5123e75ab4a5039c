// A global struct of resources takes one register() per register class: `: register(u5) :
// register(t3)` numbers the UAV members u5, u6, ... and the SRV members t3, t4, ... in declaration
// order (base class members first, nested structs in place), and each register becomes the
// member's binding as for any resource (hlsl-spirv.md §2.2). A space-only register() gives the
// other members that space with implicit bindings. Before, only the last register() counted and
// the UAVs fell to implicit bindings.
// RUN: %shaderlens compile -T cs_6_0 -spirv -fspv-target-env=vulkan1.3 --no-qptr-lift --print spirv %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 --print ir %s | FileCheck %s --check-prefix=IR
class E { RWBuffer<int> UavBuf1; };
class F { StructuredBuffer<int> SrvBuf1; };
class G : F {
  E e;
  StructuredBuffer<int> SrvBuf2;
  RWBuffer<int> UavBuf2;
};
struct H { RWBuffer<int> U; Buffer<int> T; };

RWStructuredBuffer<int4> Out : register(u0);
G g : register(u5) : register(t3);
H h : register(u1, space2) : register(space3);

[numthreads(4, 1, 1)]
void main(uint3 ID : SV_GroupThreadID) {
  Out[ID.x] = int4(g.e.UavBuf1[ID.x], g.SrvBuf1[ID.x], g.SrvBuf2[ID.x], g.UavBuf2[ID.x]) + h.U[0] + h.T[0];
}

// CHECK-DAG: OpDecorate %Out Binding 0
// CHECK-DAG: OpDecorate %g_SrvBuf1 Binding 3
// CHECK-DAG: OpDecorate %g_SrvBuf2 Binding 4
// CHECK-DAG: OpDecorate %g_e_UavBuf1 Binding 5
// CHECK-DAG: OpDecorate %g_UavBuf2 Binding 6
// CHECK-DAG: OpDecorate %h_U DescriptorSet 2
// CHECK-DAG: OpDecorate %h_U Binding 1
// CHECK-DAG: OpDecorate %h_T DescriptorSet 3
// CHECK-DAG: OpDecorate %h_T Binding 0

// IR-DAG: #[hlsl.register("t3")]
// IR-DAG: #[hlsl.register("u5")]
// IR-DAG: #[hlsl.register("t4")]
// IR-DAG: #[hlsl.register("u6")]
