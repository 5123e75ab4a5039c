// Texture syntax in the front end: vk::SampledTexture2D (a Vulkan combined image-sampler type),
// its method table, and the mips[level][coord] / sample[index][coord] operators.
#include "FrontendTestSupport.h"

#include <catch2/catch.hpp>

using namespace sl::frontend::test;

TEST_CASE("textures: vk::SampledTexture2D declares a resource with the Vk method table", "[frontend][texture]") {
  auto c = compile(R"(
[[vk::binding(0, 0)]] vk::SampledTexture2D<float4> Tex : register(s0);
vk::SampledTexture2D Plain;
RWBuffer<float4> Out;
[numthreads(1,1,1)] void main() {
  Out[0] = Tex.SampleLevel(float2(0.5, 0.5), 0) + Plain.Gather(float2(0, 0));
  Out[1] = Tex.Load(int3(0, 0, 0), int2(1, 0));
  uint w, h;
  Tex.GetDimensions(w, h);
})");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("vk::SampledTexture2D<float4>") != std::string::npos);
  auto bad = compile("vk::SampledTexture2D<float4> T;\n[numthreads(1,1,1)] void main() { T.SampleLevel(1, float2(0, 0), 0); }\n");
  CHECK_FALSE(bad.ok());
  auto unknown = compile("vk::NoSuchTexture<float4> T;\n[numthreads(1,1,1)] void main() {}\n");
  CHECK_FALSE(unknown.ok());
}

TEST_CASE("textures: mips[level][coord] and sample[index][coord] type as the element", "[frontend][texture]") {
  auto c = compile(R"(
Texture2D<float4> Tex;
Texture2DMS<float2> Ms;
RWBuffer<float4> Out;
[numthreads(1,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = Tex.mips[1][int2(0, 0)];
  Out[1] = Tex.mips[id.x][id.yz];
  Out[2] = float4(Ms.sample[2][uint2(1, 0)], 0, 0);
  Out[3].x = Tex.mips[0][uint2(0, 0)][2];  // then a vector component
})");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("ResourceIndex mips 'float4'") != std::string::npos);
  CHECK(c.ast.find("ResourceIndex sample 'float2'") != std::string::npos);
  CHECK(c.ast.find("Index 'float'") != std::string::npos);
}

TEST_CASE("textures: mips/sample on the wrong texture kind, or written, are errors", "[frontend][texture]") {
  auto ms = compile("Texture2DMS<float4> Ms; RWBuffer<float4> Out;\n"
                    "[numthreads(1,1,1)] void main() { Out[0] = Ms.mips[0][uint2(0, 0)]; }\n");
  CHECK(ms.hasMessage("no member named 'mips' in 'Texture2DMS<float4>'"));
  auto sample = compile("Texture2D<float4> Tex; RWBuffer<float4> Out;\n"
                        "[numthreads(1,1,1)] void main() { Out[0] = Tex.sample[0][uint2(0, 0)]; }\n");
  CHECK(sample.hasMessage("no member named 'sample' in 'Texture2D<float4>'"));
  auto store = compile("Texture2D<float4> Tex;\n[numthreads(1,1,1)] void main() { Tex.mips[0][uint2(0, 0)] = 1; }\n");
  CHECK_FALSE(store.ok());
  auto partial = compile("Texture2D<float4> Tex; RWBuffer<float4> Out;\n[numthreads(1,1,1)] void main() { Out[0] = Tex.mips[0]; }\n");
  CHECK_FALSE(partial.ok());
}
