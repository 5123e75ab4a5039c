// Structs mixing data and resources (kajiya's TextureImage) passed to functions, returned, copied
// and used through methods: the data part is a struct without the texture, copied by value; every
// texture access names the declared global after inlining (DXC's SPIR-V after legalization).
// RUN: %shaderlens compile -T cs_6_0 -spirv --print ir %s | FileCheck %s
// RUN: %shaderlens compile -T cs_6_0 -spirv --print spirv %s | FileCheck %s --check-prefix=SPV
// RUN: %shaderlens compile -T cs_6_0 -spirv -Fo %t.spv %s && spirv-val %t.spv
// RUN: %expect_exit 1 %shaderlens compile -T cs_6_0 -spirv -D ERRORS -Fo %t.err.spv %s 2>&1 | FileCheck %s --check-prefix=ERR
Texture2D<float4> TexA : register(t0);
Texture2D<float4> TexB : register(t1);
RWStructuredBuffer<float4> Out : register(u2);

struct TextureImage {
  Texture2D<float4> _texture;
  int2 _size;
  static TextureImage from_parts(Texture2D<float4> texture, int2 size) {
    TextureImage res;
    res._texture = texture;
    res._size = size;
    return res;
  }
  float4 fetch(int2 px) { return _texture[px]; }
  int2 size() { return _size; }
};

void halve(inout TextureImage img) { img._size /= 2; }

float4 corner(TextureImage img) { return img.fetch(img.size() - 1); }

#ifndef ERRORS
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = corner(TextureImage::from_parts(TexB, int2(4, 5)));
  TextureImage a = TextureImage::from_parts(TexA, int2(id.xy));
  halve(a);
  TextureImage b;
  b = a;
  Out[1] = b.fetch(b.size());
}
#else
[numthreads(2, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  TextureImage img;
  if (id.x == 0) img = TextureImage::from_parts(TexA, int2(1, 1));
  else img = TextureImage::from_parts(TexB, int2(2, 2));
  Out[0] = corner(img);
  Out[1] = img.fetch(int2(0, 0));
  TextureImage c = id.x == 1 ? img : TextureImage::from_parts(TexA, int2(3, 3));
}
#endif

// The data part: the struct without its texture member.
// CHECK: type [[IMG:T[0-9]+]] = struct `TextureImage` {
// CHECK-NEXT: 0: `_size` s32x2,
// CHECK-NEXT: }
// CHECK-NOT: func F2
// CHECK: #[name("img")]
// CHECK-NEXT: [[ARG:v[0-9]+]] = spv.OpVariable(Function): ptr<Function, [[IMG]]>
// CHECK: #[name("from_parts.result")]
// CHECK-NEXT: [[RES:v[0-9]+]] = spv.OpVariable(Function): ptr<Function, [[IMG]]>
// The argument's data is the inlined call's result, copied by value.
// CHECK: [[R:v[0-9]+]] = spv.OpLoad([[RES]]): [[IMG]]
// CHECK-NEXT: spv.OpStore([[ARG]], [[R]])
// corner(from_parts(TexB, ...)) fetches TexB (binding 1); b = a (from TexA) fetches TexA.
// CHECK: #[name("TexB"), hlsl.resource("1")]
// CHECK-NEXT: hlsl.handle_from_binding(space: 0, binding: 1, range: 1)
// CHECK-NOT: #[name("Tex
// CHECK: #[name("TexA"), hlsl.resource("0")]
// CHECK-NEXT: hlsl.handle_from_binding(space: 0, binding: 0, range: 1)
// CHECK-NOT: #[name("Tex
// CHECK: return

// SPV: %TextureImage = OpTypeStruct %v2int
// SPV: OpLoad %{{[0-9]+}} %TexB
// SPV: OpImageFetch
// SPV: OpLoad %{{[0-9]+}} %TexA
// SPV: OpImageFetch

// The texture depends on control flow: an error at the use, with the call that inlined it.
// ERR: resources-mixed-structs.hlsl:45:12: error: this resource variable refers to 'TexB' or another resource depending on control flow
// ERR-NOT: is used before a resource is assigned
// ERR: resources-mixed-structs.hlsl:21:{{[0-9]+}}: error: this resource variable refers to 'TexB' or another resource depending on control flow
// ERR-NEXT: resources-mixed-structs.hlsl:46:16: note: in the call inlined here
// ERR-NEXT: resources-mixed-structs.hlsl:47:16: error: choosing between two TextureImage values (structs of data and resources) with ?: is not supported
// ERR-NOT: error
