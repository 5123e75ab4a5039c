// Front-end gaps found by the real-shader corpus: default arguments at call sites, the pre-2021
// component-wise `?:` / `&&` / `||`, strict intrinsic component classes, and a declaration that
// follows its function's definition.
#include "tests/unit/frontend/FrontendTestSupport.h"

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::frontend;
using namespace sl::frontend::test;

static size_t occurrences(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

static FrontendOptions version(int hv) {
  FrontendOptions o;
  o.hlslVersion = hv;
  return o;
}

TEST_CASE("default arguments are passed at every call that omits them") {
  auto c = compile(inMain("float a = scaled(f3); float a2 = scaled(f3, 2.0); float e = scaled(f3);",
                          "float scaled(float3 x, float gamma = 7.5) { return x.x / gamma; }"));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  // Once under the parameter, once under each call that omits the argument.
  CHECK(occurrences(c.ast, "FloatLiteral 'literal float' 7.5") == 3);
  CHECK(occurrences(c.ast, "FloatLiteral 'literal float' 2.0") == 1);
}

TEST_CASE("default arguments of methods") {
  auto c = compile(inMain("S s; s.k = 1; float r = s.apply(f);",
                          "struct S { float k; float apply(float a, float b = 9.25) { return a * b + k; } };"));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  CHECK(occurrences(c.ast, "9.25") == 2);
}

TEST_CASE("HLSL 2018: vector ?: is a component-wise select") {
  auto c = compile(inMain("float3 s = (f3 > 0) ? f3 : -f3; float3 t = f3.x > 0 ? f3 : 1;"), version(2018));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  CHECK(lineWith(c.ast, "Conditional").find("'float3' componentwise") != std::string::npos);
  // A scalar condition is splatted to the result's shape.
  CHECK(c.ast.find("ImplicitCast 'bool3' Splat") != std::string::npos);
}

TEST_CASE("HLSL 2018: a one-element result takes the condition's shape") {
  auto c = compile(inMain("float2 s = (f2 > 0) ? 1.0 : 0.0;"), version(2016));
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  CHECK(lineWith(c.ast, "Conditional").find("'float2' componentwise") != std::string::npos);
}

TEST_CASE("HLSL 2018: condition and result shapes must agree") {
  auto c = compile(inMain("float3 s = (f2 > 0) ? f3 : f3;"), version(2018));
  CHECK(c.hasMessage("conditional operator condition and result dimensions mismatch"));
}

TEST_CASE("HLSL 2018: && and || work component-wise; 2021 rejects vectors") {
  auto old = compile(inMain("bool2 r = (f2 > 0) && (f2 < 1); bool2 q = r || false;"), version(2018));
  INFO(old.diagnostics());
  REQUIRE(old.ok());
  CHECK(lineWith(old.ast, "'&&'").find("'bool2' '&&' componentwise") != std::string::npos);
  CHECK(lineWith(old.ast, "'||'").find("componentwise") != std::string::npos);
  auto now = compile(inMain("bool2 r = (f2 > 0) && (f2 < 1);"), version(2021));
  CHECK(now.hasMessage("operands for short-circuiting logical binary operator must be scalar"));
  // Scalars in 2021 keep short-circuiting (no marker).
  auto scalar = compile(inMain("bool r = (f > 0) && (i < 1);"), version(2021));
  REQUIRE(scalar.ok());
  CHECK(lineWith(scalar.ast, "'&&'").find("componentwise") == std::string::npos);
}

TEST_CASE("strict component classes refuse signed ints with a note, as DXC does") {
  auto c = compile(inMain("int2 v = 1; int2 r = WaveActiveBitAnd(v);"));
  CHECK(c.hasMessage("no matching intrinsic overload for 'WaveActiveBitAnd(int2)'"));
  CHECK(c.hasMessage("component class 'uint_only'"));
  auto ok = compile(inMain("uint2 v = 1; uint2 r = WaveActiveBitAnd(v);"));
  CHECK(ok.ok());
}

TEST_CASE("a declaration after the definition is the same function") {
  auto c = compile(inMain("float4 r = gather(f2);", "float4 gather(float2 p) { return p.xyxy; }\nfloat4 gather(float2 p);"));
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK_FALSE(c.hasMessage("ambiguous"));
}
