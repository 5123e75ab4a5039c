// Selecting between different resources at run time cannot be expressed in Vulkan SPIR-V: each
// such use is a located error, and nothing is emitted.
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -E main -spirv -Fo %t.spv %s 2>&1 | FileCheck %s
RWByteAddressBuffer G : register(u0);
RWByteAddressBuffer H : register(u1);

[numthreads(4, 1, 1)]
void main(uint3 Tid : SV_DispatchThreadID) {
  RWByteAddressBuffer b;
  if (Tid.x > 1) b = G; else b = H;
  b.Store(0, 1);
  (Tid.x > 2 ? G : H).Store(4, 2);
  RWByteAddressBuffer arr[2] = {G, H};
  arr[Tid.x & 1].Store(8, 3);
  arr[Tid.x & 1] = G;
  RWByteAddressBuffer c = G;
  for (int i = 0; i < 2; ++i) { c.Store(12, 4); c = H; }
  RWByteAddressBuffer unset;
  unset.Store(0, 5);
}

// CHECK-DAG: resources-errors.hlsl:11:{{[0-9]+}}: error: this resource variable refers to 'H' or another resource depending on control flow
// CHECK-DAG: resources-errors.hlsl:12:{{[0-9]+}}: error: this selects between different resources ('G' and 'H') at run time
// CHECK-DAG: resources-errors.hlsl:14:{{[0-9]+}}: error: this element is chosen at run time among different resources ('G' and 'H')
// CHECK-DAG: resources-errors.hlsl:15:{{[0-9]+}}: error: assigning a resource to an array element chosen at run time is not supported
// CHECK-DAG: resources-errors.hlsl:17:{{[0-9]+}}: error: a loop makes this resource variable refer to 'H' instead of 'G'
// CHECK-DAG: resources-errors.hlsl:19:{{[0-9]+}}: error: the resource variable 'unset' is used before a resource is assigned to it
