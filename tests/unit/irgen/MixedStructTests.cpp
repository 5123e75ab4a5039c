// irgen: structs mixing data and resources (kajiya's TextureImage) as parameters (in, out, inout),
// results, `this`, initializers and assignments: the data is copied by value, the resources are
// re-pointed, and every resource use still names the declared global after inlining.
#include "IrGenTestSupport.h"

#include <catch2/catch.hpp>

using sl::test::compileHlsl;

static bool contains(const std::string& text, const std::string& what) { return text.find(what) != std::string::npos; }

// The globals the image fetches load, in program order ("TexA", "TexB", ...).
static std::vector<std::string> fetchedTextures(const std::string& spirv) {
  std::vector<std::string> out;
  for (size_t at = spirv.find("OpLoad %"); at != std::string::npos; at = spirv.find("OpLoad %", at + 1)) {
    const size_t eol = spirv.find('\n', at);
    const std::string line = spirv.substr(at, eol - at);
    const size_t tex = line.find(" %Tex");
    if (tex != std::string::npos) out.push_back(line.substr(tex + 2));
  }
  return out;
}

static const char* kImage = R"(
Texture2D<float4> TexA : register(t0);
Texture2D<float4> TexB : register(t1);
RWStructuredBuffer<float4> Out : register(u0);
struct Image {
  Texture2D<float4> tex;
  int2 size;
  static Image make(Texture2D<float4> t, int2 s) {
    Image r;
    r.tex = t;
    r.size = s;
    return r;
  }
  float4 at(int2 p) { return tex[p]; }
  int2 extent() { return size; }
};
)";

TEST_CASE("mixed structs: passed to functions, returned and used through methods", "[irgen][structs]") {
  auto run = compileHlsl(std::string(kImage) + R"(
float4 sampleAt(Image img, int2 p) { return img.at(p) * img.extent().x; }
[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = sampleAt(Image::make(TexB, int2(4, 5)), int2(id.xy));
  Image a = Image::make(TexA, int2(7, 8));
  Image b;
  b = a;
  Out[1] = b.at(int2(1, 1)) + sampleAt(a, int2(0, 0));
  Out[2] = Image::make(TexB, int2(9, 9)).at(int2(0, 0));
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(run.valid);
  // Everything is inlined into the entry's body; the data part is a struct without the texture.
  CHECK_FALSE(contains(run.irText, "func F2"));
  CHECK(contains(run.irText, "struct `Image` {\n  0: `size` s32x2,\n}"));
  CHECK(fetchedTextures(run.spirvText) == std::vector<std::string>{"TexB", "TexA", "TexA", "TexB"});
}

TEST_CASE("mixed structs: out and inout parameters and derived structs", "[irgen][structs]") {
  auto run = compileHlsl(std::string(kImage) + R"(
struct Scaled : Image { float scale; };
struct Pair { Image first; float bias; Image second; };
void init(out Image img, Texture2D<float4> t) { img.tex = t; img.size = int2(3, 4); }
void grow(inout Image img) { img.size *= 2; }
void retarget(inout Image img) { img.tex = TexA; }
float4 useBase(Image img) { return img.at(int2(0, 0)) * img.size.x; }
[numthreads(1,1,1)]
void main() {
  Image a;
  init(a, TexB);
  grow(a);
  Out[0] = a.at(int2(1, 1)) * a.size.y;
  Scaled s;
  s.tex = TexB;
  s.size = int2(5, 6);
  s.scale = 0.5;
  Out[1] = useBase(s) * s.scale;
  Pair p;
  p.first = a;
  p.second = s;
  p.bias = 1;
  retarget(p.second);
  Out[2] = p.second.at(int2(2, 2)) + p.first.at(int2(3, 3)) + p.bias;
}
)");
  INFO(run.errors());
  REQUIRE(run.module);
  CHECK(run.valid);
  CHECK(fetchedTextures(run.spirvText) == std::vector<std::string>{"TexB", "TexB", "TexA", "TexB"});
}

TEST_CASE("mixed structs: what cannot be resolved at compile time is diagnosed", "[irgen][structs]") {
  // Different textures depending on control flow: the error is at the use inside the method,
  // with a note at the call that inlined it.
  auto branches = compileHlsl(std::string(kImage) + R"(
[numthreads(2,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Image img;
  if (id.x == 0) img = Image::make(TexA, int2(1, 1));
  else img = Image::make(TexB, int2(2, 2));
  Out[0] = img.at(int2(0, 0));
}
)");
  REQUIRE_FALSE(branches.module);
  INFO(branches.errors());
  CHECK(contains(branches.errors(), "test.hlsl:14:"));
  CHECK(contains(branches.errors(), "depending on control flow"));
  CHECK(contains(branches.errors(), "test.hlsl:23:"));
  CHECK(contains(branches.errors(), "note: in the call inlined here"));

  auto conditional = compileHlsl(std::string(kImage) + R"(
[numthreads(2,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Image a = Image::make(TexA, int2(1, 1));
  Image b = Image::make(TexA, int2(2, 2));
  Image c = id.x == 0 ? a : b;
  Out[0] = c.at(int2(0, 0));
}
)");
  REQUIRE_FALSE(conditional.module);
  CHECK(contains(conditional.errors(), "test.hlsl:22:"));
  CHECK(contains(conditional.errors(), "choosing between two Image values (structs of data and resources) with ?:"));

  auto outArg = compileHlsl(std::string(kImage) + R"(
void init(out Image img, Texture2D<float4> t) { img.tex = t; img.size = int2(3, 4); }
[numthreads(2,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Image imgs[2];
  init(imgs[id.x], TexA);
}
)");
  REQUIRE_FALSE(outArg.module);
  CHECK(contains(outArg.errors(), "an out argument holding resources must be a local variable"));
}
