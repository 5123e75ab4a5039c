// Parser coverage: declarations, statements, templates, resources, attributes, error recovery.
#include "tests/unit/frontend/FrontendTestSupport.h"

#include <catch2/catch.hpp>

#include <random>

using namespace sl;
using namespace sl::frontend;
using namespace sl::frontend::test;

TEST_CASE("a typical compute shader parses and types") {
  auto c = compile(R"(
struct Particle { float3 pos; float3 vel; };
RWStructuredBuffer<Particle> particles : register(u0);
cbuffer Params : register(b0, space1) { float dt; uint count; };
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  if (id.x >= count) return;
  particles[id.x].pos += particles[id.x].vel * dt;
  particles[id.x].vel.y -= 9.8 * dt;
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("Function main 'void (uint3)' entry [numthreads(64, 1, 1)]") != std::string::npos);
  CHECK(c.ast.find("Param id 'uint3' in : SV_DispatchThreadID") != std::string::npos);
  CHECK(c.ast.find("CBuffer Params register(b0, space1)") != std::string::npos);
  CHECK(c.ast.find("ResourceIndex 'Particle' lvalue") != std::string::npos);
  CHECK(c.ast.find("Assign 'float' '-=' compute 'float'") != std::string::npos);
}

TEST_CASE("every printed line maps back to a source location or is structural") {
  auto pp = preprocess("t.hlsl", "[numthreads(1,1,1)]\nvoid main() {\n  int x = 1;\n}\n", {});
  FrontendResult fe = parseAndAnalyze(*pp, {});
  PrintedAST printed = printAST(*fe.unit, *pp);
  size_t lines = size_t(std::count(printed.text.begin(), printed.text.end(), '\n'));
  CHECK(printed.lineSources.size() == lines);
  bool sawLine3 = false;
  for (const SourceLoc& loc : printed.lineSources)
    if (loc.line == 3) sawLine3 = true;
  CHECK(sawLine3);
}

TEST_CASE("structs with methods, static members and nested types") {
  auto c = compile(R"(
struct Counter {
  struct Inner { int v; };
  static const int kStep = 2;
  int value;
  Inner inner;
  void bump() { value += kStep; inner.v = value; }
  int get() { return this.value + helper(); }
  int helper() { return 1; }
  static int twice(int x) { return x * 2; }
};
[numthreads(1,1,1)] void main() {
  Counter c = (Counter)0;
  c.bump();
  int v = c.get() + Counter::twice(3) + Counter::kStep;
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("Call 'int' Counter::twice") != std::string::npos);
  CHECK(c.ast.find("StaticField kStep 'int' static-field const") != std::string::npos);
}

TEST_CASE("enums, typedefs, using, namespaces") {
  auto c = compile(R"(
namespace ns { enum Color { Red, Green = 5, Blue }; typedef float3 Vec; int twice(int x) { return 2 * x; } }
enum class Mode : uint { A, B };
using Scalar = float;
[numthreads(1,1,1)] void main() {
  ns::Vec v = 0;
  int g = ns::Green + ns::twice(2);
  Mode m = Mode::B;
  Scalar s = (Scalar)m;
  int bad = ns::Blue;
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("EnumConstant Blue = 6") != std::string::npos);
  CHECK(c.ast.find("EnumClass Mode 'uint'") != std::string::npos);
  CHECK(compile("enum class E { A }; [numthreads(1,1,1)] void main() { int x = E::A; }").hasMessage("cannot convert from 'E' to 'int'"));
}

TEST_CASE("function and struct templates instantiate by replay") {
  auto c = compile(R"(
template <typename T> T square(T x) { return x * x; }
template <typename T, int N> struct Array { T data[N]; T first() { return data[0]; } };
template <typename T, uint N> vector<T, N> twice(vector<T, N> v) { return v + v; }
[numthreads(1,1,1)] void main() {
  float a = square(2.0f);
  int b = square(3);
  Array<float, 4> arr = (Array<float, 4>)0;
  float c = arr.first();
  uint3 d = twice(uint3(1, 2, 3));
  float e = square<float>(1);
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("Instance <float>") != std::string::npos);
  CHECK(c.ast.find("Instance <int>") != std::string::npos);
  CHECK(c.ast.find("Struct Array<float, 4>") != std::string::npos);
  CHECK(c.ast.find("Function twice<uint, 3> 'uint3 (uint3)'") != std::string::npos);
}

TEST_CASE("resources and their methods") {
  auto c = compile(R"(
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
RWStructuredBuffer<uint> Counted : register(u1);
AppendStructuredBuffer<float4> Appended : register(u2);
Texture2D<float4> Tex : register(t1);
RWTexture2D<float> Img : register(u3);
SamplerState Samp : register(s0);
Buffer<uint2> Typed : register(t2);
[numthreads(8,8,1)] void main(uint3 id : SV_DispatchThreadID) {
  uint a = In.Load(0);
  uint4 b = In.Load4(16);
  float3 c = In.Load<float3>(32);
  Out.Store(0, a);
  Out.Store<float3>(4, c);
  uint old;
  Out.InterlockedAdd(0, 1, old);
  uint slot = Counted.IncrementCounter();
  Appended.Append(float4(1, 2, 3, 4));
  float4 s = Tex.SampleLevel(Samp, float2(0.5, 0.5), 0);
  Img[id.xy] = s.x;
  uint w, h;
  Tex.GetDimensions(w, h);
  uint2 t = Typed[id.x];
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("MethodCall 'float3' Load<float3> (uint) op=") != std::string::npos);
  CHECK(c.ast.find("MethodCall 'float4' SampleLevel (SamplerState, float2, float)") != std::string::npos);
  CHECK(c.ast.find("MethodCall 'void' InterlockedAdd (uint, uint, out uint)") != std::string::npos);
  CHECK(c.ast.find("MethodCall 'uint' IncrementCounter") != std::string::npos);
  CHECK(c.ast.find("ResourceIndex 'float' lvalue") != std::string::npos);
}

TEST_CASE("SRV elements are read-only") {
  auto c = compile("StructuredBuffer<float> B; [numthreads(1,1,1)] void main() { B[0] = 1; }");
  CHECK(c.hasMessage("cannot assign to return value because function 'operator[]' returns a const value"));
}

TEST_CASE("statements: loops, switch with fall-through, attributes") {
  auto c = compile(inMain(R"(
  [unroll(4)] for (int k = 0; k < 4; ++k) { if (k == 2) continue; f += k; }
  [loop] while (i > 0) { i--; }
  do { i++; } while (i < 10);
  switch (i) { case 0: case 1: f = 1; break; default: f = 2; }
  [branch] if (b) f = 3; else f = 4;
  f = b ? 1.0 : 2.0, i = 3;
)"));
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("For [unroll(4)]") != std::string::npos);
  CHECK(c.ast.find("Case 1") != std::string::npos);
  CHECK(c.ast.find("If has_else [branch]") != std::string::npos);
  CHECK(compile(inMain("[unroll] if (b) {}")).hasMessage("attribute 'unroll' can only be applied to 'for', 'while' and 'do' loop statements"));
  CHECK(compile(inMain("switch (i) { case 1: break; case 1: break; }")).hasMessage("duplicate case value '1'"));
}

TEST_CASE("in/out/inout parameters and write-back requirements") {
  std::string decls = "void setTo(out float x, in float v) { x = v; }\nvoid addTo(inout float3 x) { x += 1; }\n";
  auto c = compile(inMain("setTo(f, 2); addTo(f3); setTo(f4.y, 1);", decls));
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("out argument") != std::string::npos);
  CHECK(compile(inMain("setTo(1.0, 2);", decls)).hasMessage("no matching function for call to 'setTo'"));
}

TEST_CASE("groupshared, static const tables and vk attributes") {
  auto c = compile(R"(
groupshared float cache[64];
static const uint kTable[4] = { 1, 2, 3, 4 };
static const float2 kPairs[] = { float2(0, 1), float2(2, 3) };
[[vk::binding(3, 1)]] RWBuffer<float> Out : register(u0);
[[vk::push_constant]] struct { float scale; } pc;
[numthreads(64,1,1)] void main(uint gi : SV_GroupIndex) {
  cache[gi] = kTable[gi % 4] * kPairs[1].y;
  GroupMemoryBarrierWithGroupSync();
  Out[gi] = cache[63 - gi] * pc.scale;
}
)");
  INFO(c.diagnostics());
  CHECK(c.ok());
  CHECK(c.ast.find("Var kPairs 'float2[2]' static const") != std::string::npos);
  CHECK(c.ast.find("[vk::binding(3, 1)]") != std::string::npos);
  CHECK(c.ast.find("Var cache 'float[64]' groupshared") != std::string::npos);
}

TEST_CASE("diagnostics carry locations, carets and notes; parsing continues after errors") {
  auto c = compile("[numthreads(1,1,1)] void main() {\n  int x = ;\n  float y = undefinedThing;\n  int x = 2;\n}\n");
  std::string text = c.diagnostics();
  INFO(text);
  CHECK(c.count(Severity::Error) == 3);
  CHECK(text.find("test.hlsl:2:11: error: expected an expression") != std::string::npos);
  CHECK(text.find("test.hlsl:3:13: error: use of undeclared identifier 'undefinedThing'") != std::string::npos);
  CHECK(text.find("test.hlsl:4:7: error: redefinition of 'x'") != std::string::npos);
  CHECK(text.find("note: previous definition is here") != std::string::npos);
}

TEST_CASE("HLSL-forbidden constructs are errors, not crashes") {
  CHECK(compile(inMain("int* p;")).count(Severity::Error) >= 1);
  CHECK(compile(inMain("int y = *i;")).hasMessage("pointers are unsupported in HLSL"));
  CHECK(compile(inMain("long z = 0;")).hasMessage("'long' is a reserved keyword in HLSL"));
  CHECK(compile(inMain("goto done;")).hasMessage("'goto' is not supported in HLSL"));
  CHECK(compile("struct S { float x = 1; };").hasMessage("struct/class members cannot have default values"));
  CHECK(compile("void main() {}").hasMessage("compute entry point must have a valid numthreads attribute"));
  CHECK(compile("[numthreads(1,1,1)] void other() {}").hasMessage("missing entry point definition 'main'"));
  CHECK(compile("struct S { S inner; }; [numthreads(1,1,1)] void main() { S s = (S)0; }").hasMessage("field has incomplete type 'S'"));
  CHECK(compile(inMain("float a[100000][100000];")).hasMessage("array is too large"));
  CHECK(compile("template<typename T> struct A { A<T> a; }; A<int> g; [numthreads(1,1,1)] void main() {}").hasMessage("template instantiation depth exceeds"));
}

TEST_CASE("random token soup never crashes and always reports") {
  const char* pieces[] = {"float4", "x", "(", ")", "{", "}", "[", "]", ";", ",", "=", "+", "<", ">", ">>", "1",
                          "2.5", "struct", "S", "if", "for", "return", "template", "typename", "T", ".", "::",
                          "cbuffer", ":", "register", "u0", "?", "int", "void", "main", "\"s\"", "namespace",
                          "RWBuffer", "vector", "matrix", "-", "++", "(S)", "0", "enum", "class", "switch", "case"};
  std::mt19937 rng(1234);
  for (int round = 0; round < 300; ++round) {
    std::string source;
    int n = int(rng() % 60);
    for (int i = 0; i < n; ++i) source += std::string(pieces[rng() % std::size(pieces)]) + " ";
    auto c = compile(source);
    (void)c.ast;
  }
  SUCCEED("no crash");
}

TEST_CASE("deep nesting is reported, not a stack overflow") {
  std::string deep = inMain("int x = " + std::string(5000, '(') + "1" + std::string(5000, ')') + ";");
  CHECK(compile(deep).hasMessage("nested too deeply"));
}

namespace {
std::string elseIfChain(int branches) {
  std::string body = "int r = 0;\nif (i == 0) r = 0;\n";
  for (int k = 1; k < branches; ++k) body += "else if (i == " + std::to_string(k) + ") r = (" + std::to_string(k) + ");\n";
  return inMain(body);
}
}  // namespace

TEST_CASE("depth limits: one located error, then the parse stops", "[depth]") {
  // A chain of 18,000 `+` is a tree 18,000 deep: irgen's recursion overflowed the stack on it.
  std::string terms = "f";
  for (int k = 1; k < 18000; ++k) terms += " + f";
  auto sum = compile(inMain("float s = " + terms + "; float t = ;"));
  CHECK(sum.count(Severity::Error) == 1);
  CHECK(sum.hasMessage("test.hlsl:5:8201: error: expression nested too deeply (limit 2048)"));
}

TEST_CASE("depth limits: swizzles", "[depth]") {
  std::string swizzles = "f4";
  for (int k = 0; k < 20000; ++k) swizzles += ".xyzw";
  CHECK(compile(inMain("float4 s = " + swizzles + ";")).count(Severity::Error) == 1);
}

TEST_CASE("depth limits: else-if", "[depth]") {
  // 20,000 else-ifs printed 118,815 lines of cascading errors.
  auto chain = compile(elseIfChain(20000));
  CHECK(chain.count(Severity::Error) == 1);
  CHECK(chain.hasMessage("statement nested too deeply (limit 2048)"));
}

TEST_CASE("depth limits: namespaces", "[depth]") {
  std::string namespaces;
  for (int k = 0; k < 30000; ++k) namespaces += "namespace n" + std::to_string(k) + " { ";
  auto ns = compile(namespaces + "int x;" + std::string(30000, '}'));
  CHECK(ns.count(Severity::Error) == 1);
  CHECK(ns.hasMessage("namespace nested too deeply (limit 256)"));
}

TEST_CASE("depth limits: long else-if chains are not nested too deeply", "[depth]") {
  // Statements and the expressions in them count apart: 198 branches with a parenthesized
  // expression in each were "expression is nested too deeply" (150 passed).
  for (int branches : {198, 1000, 2000}) {
    auto c = compile(elseIfChain(branches));
    INFO(branches << " branches: " << c.diagnostics().substr(0, 300));
    CHECK(c.ok());
  }
}

TEST_CASE("depth limits: types nested deeper than 128 levels", "[depth]") {
  std::string structs = "struct S0 { float v; };\n";
  for (int k = 1; k < 30000; ++k)
    structs += "struct S" + std::to_string(k) + " { S" + std::to_string(k - 1) + " s; };\n";
  auto c = compile(structs);
  CHECK(c.count(Severity::Error) == 1);
  CHECK(c.hasMessage("test.hlsl:128:8: error: type nested too deeply (limit 128)"));
  std::string dims;
  for (int k = 0; k < 100000; ++k) dims += "[1]";
  CHECK(compile(inMain("float a" + dims + ";")).hasMessage("type nested too deeply (limit 128)"));
  // Typedefs build arrays of arrays without a declarator's dimensions.
  std::string typedefs = "typedef float A0[1];\n";
  for (int k = 1; k < 300; ++k) typedefs += "typedef A" + std::to_string(k - 1) + " A" + std::to_string(k) + "[1];\n";
  CHECK(compile(typedefs).hasMessage("type nested too deeply (limit 128)"));
}

TEST_CASE("every register() annotation of a declaration is kept in order") {
  auto c = compile(R"(
struct G { RWBuffer<int> U; StructuredBuffer<int> S; };
G g : register(u5) : register(t3, space1);
RWBuffer<int> one : register(u2);
[numthreads(1,1,1)] void main() {}
)");
  INFO(c.diagnostics());
  REQUIRE(c.ok());
  const VarDecl* g = nullptr;
  const VarDecl* one = nullptr;
  for (const Decl* d : c.fe.unit->decls) {
    if (d->kind != DeclKind::Var) continue;
    const auto* v = static_cast<const VarDecl*>(d);
    if (v->name == "g") g = v;
    if (v->name == "one") one = v;
  }
  REQUIRE(g);
  REQUIRE(g->registers.size() == 2);
  CHECK((g->registers[0].registerClass == 'u' && g->registers[0].index == 5 && !g->registers[0].hasSpace));
  CHECK((g->registers[1].registerClass == 't' && g->registers[1].index == 3 && g->registers[1].hasSpace &&
         g->registers[1].space == 1));
  // `binding` keeps accumulating as before: the last class and index, any space written.
  CHECK((g->binding.present && g->binding.registerClass == 't' && g->binding.index == 3 && g->binding.space == 1));
  REQUIRE(one);
  REQUIRE(one->registers.size() == 1);
  CHECK((one->registers[0].registerClass == 'u' && one->registers[0].index == 2));
}

TEST_CASE("the error limit: the front end stops after 20 errors, as Clang's -ferror-limit", "[limits]") {
  std::string body;
  for (int k = 0; k < 500; ++k) body += "  u" + std::to_string(k) + " = 1;\n";
  const std::string source = "[numthreads(1,1,1)] void main() {\n" + body + "}\n";
  auto limited = compile(source);
  CHECK(limited.count(Severity::Error) == 21);
  CHECK(limited.hasMessage("use of undeclared identifier 'u19'"));
  CHECK(!limited.hasMessage("use of undeclared identifier 'u20'"));
  CHECK(limited.hasMessage("too many errors emitted, stopping now [-ferror-limit=20]"));

  FrontendOptions unlimited;
  unlimited.errorLimit = 0;
  CHECK(compile(source, unlimited).count(Severity::Error) == 500);
  FrontendOptions three;
  three.errorLimit = 3;
  CHECK(compile(source, three).count(Severity::Error) == 4);

  // Errors inside a template's body are deferred to its instantiation: they stop nothing.
  std::string templ = "template <typename T> T f(T x) {\n";
  for (int k = 0; k < 30; ++k) templ += "  v" + std::to_string(k) + " = x;\n";
  templ += "  return x;\n}\n[numthreads(1,1,1)] void main() {}\n";
  CHECK(compile(templ).count(Severity::Error) == 0);
}
