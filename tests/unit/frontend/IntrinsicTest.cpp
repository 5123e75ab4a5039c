// The generated intrinsic table and DXC's first-match intrinsic selection (§2.7).
#include "core/frontend/Intrinsics.h"
#include "tests/unit/frontend/FrontendTestSupport.h"

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::frontend;
using namespace sl::frontend::test;

TEST_CASE("the table holds every TSV row") {
  CHECK(intrinsicRowCount() == 1304);
  auto mul = findIntrinsics("Intrinsics", "mul");
  REQUIRE(mul.size() == 9);
  CHECK(mul[5]->params[1].colMajor);
  CHECK(mul[5]->params[1].rows == "c");
  CHECK(findIntrinsics("Texture2DMethods", "Sample").size() >= 4);
  CHECK(componentClass("uint_only").strict);
  CHECK_FALSE(componentClass("float_like").strict);
}

static std::string intrinsicLine(const std::string& body) {
  auto c = compile(inMain(body));
  INFO(c.diagnostics());
  CHECK(c.ok());
  return lineWith(c.ast, "IntrinsicCall");
}

TEST_CASE("component unification and fallback") {
  CHECK(intrinsicLine("max(1, 2.0f);").find("'float' max (float, float)") != std::string::npos);
  CHECK(intrinsicLine("max(i, u);").find("'uint' max (uint, uint)") != std::string::npos);
  CHECK(intrinsicLine("sin(i);").find("'float' sin (float)") != std::string::npos);
  CHECK(intrinsicLine("lerp(f3, f3, 0.5);").find("'float3' lerp (float3, float3, float3)") != std::string::npos);
  CHECK(intrinsicLine("dot(f3, f3);").find("'float' dot (float3, float3)") != std::string::npos);
  CHECK(intrinsicLine("asuint(f4);").find("'uint4' asuint (float4)") != std::string::npos);
  CHECK(intrinsicLine("all(f3 > 0);").find("'bool' all (bool3)") != std::string::npos);
  CHECK(intrinsicLine("mul(m44, f4);").find("'float4' mul (float4x4, float4)") != std::string::npos);
}

TEST_CASE("strict classes reject instead of falling back") {
  auto c = compile(inMain("fma(f, f, f);"));
  CHECK(c.hasMessage("no matching intrinsic overload for 'fma(float, float, float)'"));
  CHECK(compile(inMain("fma(d, d, d);")).ok());
}

TEST_CASE("wave and atomic intrinsics") {
  auto c = compile(R"(
groupshared uint total;
RWStructuredBuffer<uint> Out;
[numthreads(32,1,1)] void main(uint gi : SV_GroupIndex) {
  uint sum = WaveActiveSum(gi);
  uint prev;
  InterlockedAdd(total, sum, prev);
  InterlockedMax(Out[0], gi);
  if (WaveIsFirstLane()) Out[1] = WaveReadLaneAt(sum, 0);
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("IntrinsicCall 'void' InterlockedAdd (ref uint, uint, out uint)") != std::string::npos);
}

TEST_CASE("wrong argument counts and kinds are reported") {
  CHECK(compile(inMain("sin(f, f);")).hasMessage("no overload of 'sin' takes 2 arguments"));
  CHECK(compile("Texture2D T; [numthreads(1,1,1)] void main() { T.Sample(0, 0); }").hasMessage("no matching intrinsic overload for 'Sample"));
  CHECK(compile("Texture2D T; [numthreads(1,1,1)] void main() { T.Frobnicate(); }").hasMessage("no member named 'Frobnicate' in 'Texture2D<float4>'"));
}
