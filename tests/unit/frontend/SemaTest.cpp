// Sema behaviour against hlsl-semantics.md: conversions, operators, literals, overloads and the
// "twenty-five tricky cases" (§7) that this front end implements.
#include "tests/unit/frontend/FrontendTestSupport.h"

#include <catch2/catch.hpp>

using namespace sl;
using namespace sl::frontend;
using namespace sl::frontend::test;

TEST_CASE("case 1: initializer lists flatten vectors") {
  auto c = compile(inMain("float4 a = {1, f2, 3};"));
  CHECK(c.ok());
  CHECK(lineWith(c.ast, "InitList").find("'float4'") != std::string::npos);
}

TEST_CASE("case 2: too many elements in vector initialization") {
  auto c = compile(inMain("float3 b = {f2, 1, 2};"));
  CHECK(c.hasMessage("too many elements in vector initialization (expected 3 elements, have 4)"));
}

TEST_CASE("case 3: float2(0.5) has too few elements; (float2)0.5 and 0.5.xx splat") {
  auto bad = compile(inMain("float2 c = float2(0.5);"));
  CHECK(bad.hasMessage("too few elements in vector initialization (expected 2 elements, have 1)"));
  auto good = compile(inMain("float2 c = (float2)0.5; float2 e = 0.5.xx;"));
  CHECK(good.ok());
  CHECK(good.ast.find("Splat") != std::string::npos);
}

TEST_CASE("case 4: implicit vector truncation warns") {
  auto c = compile(inMain("float2 t = f4;"));
  CHECK(c.ok());
  CHECK(c.hasMessage("warning: implicit truncation of vector type"));
  CHECK(c.ast.find("VectorTruncate") != std::string::npos);
}

TEST_CASE("case 5: a vector cannot widen") {
  auto c = compile(inMain("float4 e = f3;"));
  CHECK(c.hasMessage("cannot convert from 'float3' to 'float4'"));
}

TEST_CASE("case 6: 2x2 matrix to 2-vector is illegal even with a cast; to 4-vector is a reshape") {
  CHECK(compile(inMain("int2 g = m22;")).hasMessage("cannot convert from 'float2x2' to 'int2'"));
  CHECK(compile(inMain("int2 g = (int2)m22;")).hasMessage("cannot convert from 'float2x2' to 'int2'"));
  auto ok = compile(inMain("int4 h = m22;"));
  CHECK(ok.ok());
  CHECK(ok.ast.find("MatrixToVector") != std::string::npos);
}

TEST_CASE("case 7: && needs scalar operands") {
  auto c = compile(inMain("bool3 r = (f3 > 0) && (f3 < 1);"));
  CHECK(c.hasMessage("operands for short-circuiting logical binary operator must be scalar, for non-scalar types use 'and'"));
}

TEST_CASE("case 8: ternary condition must be scalar; select is element-wise") {
  CHECK(compile(inMain("float3 s = (f3 > 0) ? f3 : -f3;")).hasMessage("condition for short-circuiting ternary operator must be scalar"));
  auto c = compile(inMain("float3 s = select(f3 > 0, f3, -f3);"));
  CHECK(c.ok());
  CHECK(lineWith(c.ast, "IntrinsicCall").find("'float3' select") != std::string::npos);
}

TEST_CASE("case 9: duplicate swizzle components are not assignable") {
  CHECK(compile(inMain("f2.xx = 1;")).hasMessage("vector is not assignable (contains duplicate components)"));
  CHECK(compile(inMain("f4.wz = f2;")).ok());
}

TEST_CASE("case 10: matrix swizzles cannot mix one- and zero-based names") {
  CHECK(compile(inMain("float2 t = m22._m00_11;")).hasMessage("mixes one-based and zero-based references"));
  auto c = compile(inMain("float2 t = m22._m00_m11; float x = m22._22;"));
  CHECK(c.ok());
  CHECK(c.ast.find("._m00_m11 [0,3]") != std::string::npos);
  CHECK(c.ast.find("._22 [3]") != std::string::npos);
}

TEST_CASE("case 11: scalar swizzles") {
  auto c = compile(inMain("float w = f; w.x = 2; float3 z = f.xxx;"));
  CHECK(c.ok());
  CHECK(lineWith(c.ast, "Swizzle 'float3'").find(".xxx") != std::string::npos);
}

TEST_CASE("cases 12-16: DXC overload scoring") {
  std::string decls = "void k(float x) {} void k(double x) {}\n"
                      "void p(int x) {} void p(uint x) {}\n"
                      "void q(float4 x) {} void q(int x) {}\n"
                      "void n(int x) {} void n(int2 x) {}\n"
                      "void o(uint x) {} void o(out uint x) { x = 0; }\n";
  CHECK(compile(inMain("k(1.5);", decls)).hasMessage("call to 'k' is ambiguous"));
  CHECK(compile(inMain("k(1.5f);", decls)).ok());
  CHECK(compile(inMain("p(2);", decls)).hasMessage("call to 'p' is ambiguous"));
  CHECK(compile(inMain("p(2u);", decls)).ok());
  auto q = compile(inMain("q(f);", decls));
  CHECK(q.ok());
  CHECK(lineWith(q.ast, "Call 'void' q").find("q") != std::string::npos);
  CHECK(q.ast.find("ImplicitCast 'float4' Splat") != std::string::npos);  // picks q(float4) by splat
  CHECK(compile(inMain("n(int3(1,2,3));", decls)).hasMessage("call to 'n' is ambiguous"));
  CHECK(compile(inMain("o(u);", decls)).hasMessage("call to 'o' is ambiguous"));
  CHECK(compile(inMain("o(f);", decls)).ok());
}

TEST_CASE("case 17: literal shifted by a non-literal warns and types as int") {
  auto c = compile(inMain("int x = 1 << i;"));
  CHECK(c.ok());
  CHECK(c.hasMessage("ambiguous type for bit shift"));
  CHECK(lineWith(c.ast, "Binary").find("'int' '<<'") != std::string::npos);
}

TEST_CASE("cases 18-19: min-precision signed division and double modulo") {
  CHECK(compile(inMain("min16int a = 1, b2 = 2; a / b2;")).hasMessage("signed integer division is not supported on minimum-precision types"));
  CHECK(compile(inMain("d % 2.0;")).hasMessage("modulo cannot be used with doubles"));
}

TEST_CASE("case 20: strict UDT conversions") {
  std::string decls = "struct A { float x, y; }; struct B { float x, y; }; void use(A v) {}\n";
  CHECK(compile(inMain("B bb = (B)0; use(bb);", decls)).hasMessage("no matching function for call to 'use'"));
  CHECK(compile(inMain("B bb = (B)0; use((A)bb);", decls)).ok());
}

TEST_CASE("case 21: (S)0 splats; S s = 0 is an error") {
  std::string decls = "struct S { float3 p; int k; };\n";
  auto good = compile(inMain("S s0 = (S)0;", decls));
  CHECK(good.ok());
  CHECK(good.ast.find("AggregateSplat") != std::string::npos);
  CHECK(compile(inMain("S s1 = 0;", decls)).hasMessage("cannot initialize a variable of type 'S' with an rvalue of type 'literal int'"));
}

TEST_CASE("case 22: intrinsics shadow user functions of the same name") {
  auto c = compile(inMain("int r = abs(-1);", "int abs(int v) { return 7; }\n"));
  CHECK(c.ok());
  CHECK(c.ast.find("IntrinsicCall 'int' abs") != std::string::npos);
}

TEST_CASE("case 23: globals are uniform constants") {
  auto c = compile("float g_scale;\n[numthreads(1,1,1)] void main() { g_scale = 2; }\n");
  CHECK(c.hasMessage("cannot assign to variable 'g_scale' with const-qualified type 'const float'"));
  CHECK(c.ast.find("CBuffer $Globals") != std::string::npos);
}

TEST_CASE("case 24: recursion reachable from the entry point is an error") {
  auto c = compile("int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n"
                   "[numthreads(1,1,1)] void main() { fact(3); }\n");
  CHECK(c.hasMessage("recursive functions are not allowed: function 'main' calls recursive function 'fact'"));
}

TEST_CASE("case 25: mul(float3, float4x4) truncates the matrix and returns float4") {
  auto c = compile(inMain("float3 v3 = mul(f3, m44);"));
  CHECK(c.ok());
  CHECK(c.ast.find("IntrinsicCall 'float4' mul (float3, float3x4)") != std::string::npos);
  CHECK(c.count(Severity::Warning) == 2);
}

TEST_CASE("usual arithmetic conversions") {
  auto c = compile(inMain("bool b2 = b; int x = b + b2; uint y = i + u; float z = f4.x * 2;"));
  CHECK(c.ok());
  CHECK(c.ast.find("Binary 'int' '+'") != std::string::npos);
  CHECK(c.ast.find("Binary 'uint' '+'") != std::string::npos);
  auto shapes = compile(inMain("float3 r = f4 + f3;"));
  CHECK(shapes.ok());
  CHECK(shapes.ast.find("Binary 'float3' '+'") != std::string::npos);
  CHECK(compile(inMain("f3 + m22;")).hasMessage("cannot convert"));
}

TEST_CASE("literal suffixes") {
  auto c = compile(inMain("int64_t a = 2ll; uint64_t b2 = 3ull; double c = 1.5l; float e = 1.5f; uint g = 2u; half h = 1.0h;"));
  CHECK(c.ok());
  CHECK(c.ast.find("IntLiteral 'int64_t' 2") != std::string::npos);
  CHECK(c.ast.find("IntLiteral 'uint64_t' 3") != std::string::npos);
  CHECK(c.ast.find("FloatLiteral 'double' 1.5") != std::string::npos);
  CHECK(c.ast.find("FloatLiteral 'half' 1.0") != std::string::npos);
}

TEST_CASE("narrowing conversions warn unless the value is constant") {
  auto c = compile(inMain("float x = d;"));
  CHECK(c.hasMessage("conversion from larger type 'double' to smaller type 'float', possible loss of data"));
  CHECK(compile(inMain("float x = 2.0l;")).count(Severity::Warning) == 0);
}

TEST_CASE("16-bit types need -enable-16bit-types") {
  CHECK_FALSE(compile(inMain("float16_t h = 1;")).ok());
  FrontendOptions options;
  options.enable16BitTypes = true;
  auto c = compile(inMain("float16_t h = 1; uint16_t4 v = 0; half hh = h;"), options);
  CHECK(c.ok());
  CHECK(c.ast.find("'float16_t' local") != std::string::npos);
  CHECK(lineWith(c.ast, "Var hh").find("'float16_t'") != std::string::npos);
}

TEST_CASE("scalar conditions for statements") {
  CHECK(compile(inMain("if (f3) {}")).hasMessage("statement conditional expressions must evaluate to a scalar"));
  CHECK(compile(inMain("if (f) {} while (i < 3) { i++; }")).ok());
}

TEST_CASE("bool lvalues reject arithmetic assignment") {
  CHECK(compile(inMain("b++;")).hasMessage("operator cannot be used with a bool lvalue"));
  CHECK(compile(inMain("b += 1;")).hasMessage("operator cannot be used with a bool lvalue"));
  CHECK(compile(inMain("b &= false;")).ok());
}

TEST_CASE("constant out-of-range indices are errors") {
  CHECK(compile(inMain("float x = f4[4];")).hasMessage("array index 4 is out of bounds"));
  CHECK(compile(inMain("float x = f4[3]; float2 row = m22[1]; float e = m22[1][0];")).ok());
}
