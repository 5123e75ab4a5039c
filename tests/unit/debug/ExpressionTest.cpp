// Watch expressions: parsing (precedence, literals, postfix forms), HLSL-style arithmetic on
// scalars and vectors, and located errors.
#include <catch2/catch.hpp>

#include "interp/debug/Expression.h"

using namespace sl::interp::debug;

namespace {

Value vec(std::vector<Value> components, const std::string& name) {
  Value v;
  v.kind = Value::Kind::Vector;
  v.elements = std::move(components);
  v.typeName = name;
  return v;
}

// Names for the tests: i = 3, u = 10u, f = 0.5, v = float3(1, 2, 3), s = {a = 4, arr = {7, 8}}.
std::optional<Value> names(const std::string& name) {
  if (name == "i") return Value::integer(3);
  if (name == "u") return Value::unsignedInt(10);
  if (name == "f") return Value::floating(0.5);
  if (name == "v") return vec({Value::floating(1), Value::floating(2), Value::floating(3)}, "float3");
  if (name == "unset") {
    Value v;
    v.opaque = "<uninitialized>";
    v.typeName = "uint";
    return v;
  }
  if (name == "s") {
    Value s;
    s.kind = Value::Kind::Struct;
    s.typeName = "S";
    s.memberNames = {"a", "arr"};
    Value arr;
    arr.kind = Value::Kind::Array;
    arr.typeName = "int[2]";
    arr.elements = {Value::integer(7), Value::integer(8)};
    s.elements = {Value::integer(4), arr};
    return s;
  }
  return std::nullopt;
}

std::string eval(const std::string& text) {
  ParsedExpr parsed = parseExpression(text);
  if (!parsed.expr) return "parse error " + std::to_string(parsed.error.column) + ": " + parsed.error.message;
  EvalResult r = evaluate(*parsed.expr, names);
  if (!r.value) return "error " + std::to_string(r.error.column) + ": " + r.error.message;
  return formatValue(*r.value) + " " + r.value->typeName;
}

}  // namespace

TEST_CASE("expressions follow HLSL precedence and conversions", "[debug][expression]") {
  CHECK(eval("1 + 2 * 3") == "7 int");
  CHECK(eval("(1 + 2) * 3") == "9 int");
  CHECK(eval("10 - 4 - 3") == "3 int");
  CHECK(eval("-7 / 2") == "-3 int");
  CHECK(eval("-7 % 3") == "-1 int");
  CHECK(eval("i + u") == "13 uint");
  CHECK(eval("i - u") == "4294967289 uint");
  CHECK(eval("i * f") == "1.5 float");
  CHECK(eval("1 << 4 | 1") == "17 int");
  CHECK(eval("0xff & 0x0f ^ 1") == "14 int");
  CHECK(eval("i > 2 && u == 10") == "true bool");
  CHECK(eval("i > 5 || !(f < 1)") == "false bool");
  CHECK(eval("~0u") == "4294967295 uint");
  CHECK(eval("2.5e1f / 2") == "12.5 float");
  CHECK(eval("3000000000") == "3000000000 uint");
  CHECK(eval("true + 1") == "2 int");
  CHECK(formatValue(Value::floating(1.5, 16), Format::Hex) == "0x3e00");
  CHECK(formatValue(Value::floating(-0.000060975551605224609375, 16), Format::Hex) == "0x83ff");  // subnormal
  CHECK(formatValue(Value::floating(65504, 16), Format::Hex) == "0x7bff");
}

TEST_CASE("vectors compute per component; members, swizzles and indexing reach into values", "[debug][expression]") {
  CHECK(eval("v * 2") == "{2, 4, 6} float3");
  CHECK(eval("v + v.zyx") == "{4, 4, 4} float3");
  CHECK(eval("v.xy") == "{1, 2} float2");
  CHECK(eval("v.b") == "3 float");
  CHECK(eval("v[1] + 1") == "3 float");
  CHECK(eval("v == 2") == "{false, true, false} bool3");
  CHECK(eval("s.a + s.arr[1]") == "12 int");
  CHECK(eval("s.arr[i - 2]") == "8 int");
  CHECK(eval("i.xx") == "{3, 3} int2");
}

TEST_CASE("errors point at the column that is wrong", "[debug][expression]") {
  CHECK(eval("") == "parse error 1: empty expression");
  CHECK(eval("1 +") == "parse error 4: expected a value");
  CHECK(eval("(1 + 2") == "parse error 7: expected ')'");
  CHECK(eval("v[1") == "parse error 4: expected ']'");
  CHECK(eval("1 2") == "parse error 3: unexpected '2'");
  CHECK(eval("12abc") == "parse error 3: malformed number");
  CHECK(eval("0x") == "parse error 1: malformed or too large number");
  CHECK(eval("s.") == "parse error 3: expected a member name after '.'");
  CHECK(eval("i + nope") == "error 5: unknown name 'nope'");
  CHECK(eval("s.b") == "error 2: 'S' has no member 'b' (members: a, arr)");
  CHECK(eval("v.xq") == "error 2: 'xq' is not a swizzle of float3");
  CHECK(eval("v.w") == "error 2: swizzle 'w' reads component w of float3");
  CHECK(eval("s.arr[2]") == "error 7: index 2 is out of bounds of int[2]");
  CHECK(eval("v[f]") == "error 3: an index must be an integer, not float");
  CHECK(eval("i / 0") == "error 3: division by zero");
  CHECK(eval("s + 1") == "error 3: operator '+' needs numbers, not S and int");
  CHECK(eval("v + v.xy") == "error 3: operator '+' on vectors of 3 and 2 components");
  CHECK(eval("i[0]") == "error 2: int cannot be indexed");
  CHECK(eval("unset") == "<uninitialized> uint");  // shown as it is, but not computed with
  CHECK(eval("i + unset") == "error 5: 'unset' is <uninitialized>");
  CHECK(eval("-unset") == "error 2: 'unset' is <uninitialized>");
  CHECK(eval("s.arr[unset]") == "error 7: 'unset' is <uninitialized>");
}

TEST_CASE("long arrays print their first 64 elements and their length", "[debug][expression]") {
  Value big;
  big.kind = Value::Kind::Array;
  big.typeName = "uint[100]";
  for (uint32_t k = 0; k < 100; ++k) big.elements.push_back(Value::unsignedInt(k));
  const std::string text = formatValue(big);
  CHECK(text.rfind("{0, 1, 2, ", 0) == 0);
  CHECK(text.find(", 63, ... (100 elements)}") != std::string::npos);
  CHECK(text.find("64,") == std::string::npos);
}

TEST_CASE("random text never crashes the parser or the evaluator; errors point inside the text", "[debug][expression]") {
  const std::string alphabet = "iufvs0123456789xX.eE+-*/%<>=!&|^~()[] abc_uU";
  uint32_t state = 12345;
  auto next = [&] {
    state = state * 1103515245u + 12345u;
    return state >> 16;
  };
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    for (uint32_t n = next() % 24; n > 0; --n) text += alphabet[next() % alphabet.size()];
    ParsedExpr parsed = parseExpression(text);
    if (!parsed.expr) {
      INFO(text);
      CHECK(parsed.error.column >= 1);
      CHECK(parsed.error.column <= text.size() + 1);
      CHECK_FALSE(parsed.error.message.empty());
      continue;
    }
    EvalResult r = evaluate(*parsed.expr, names);
    if (!r.value) {
      INFO(text);
      CHECK(r.error.column >= 1);
      CHECK(r.error.column <= text.size());
    }
  }
}

TEST_CASE("deeply nested expressions are refused, not a stack overflow", "[debug][expression]") {
  const std::string deep = std::string(100000, '(') + "1" + std::string(100000, ')');
  ParsedExpr parsed = parseExpression(deep);
  CHECK_FALSE(parsed.expr);
  CHECK(parsed.error.message == "expression nested too deeply");
  const std::string negations(100000, '-');
  CHECK_FALSE(parseExpression(negations + "1").expr);
  // Long flat chains build deep trees too: refused by length.
  std::string sum = "1", indexes = "v";
  for (int k = 0; k < 100000; ++k) sum += "+1", indexes += "[0]";
  ParsedExpr longSum = parseExpression(sum);
  CHECK_FALSE(longSum.expr);
  CHECK(longSum.error.message == "expression too long (more than 4096 terms)");
  CHECK_FALSE(parseExpression(indexes).expr);
  CHECK(eval("1+1+1+1+1+1+1+1") == "8 int");
}
