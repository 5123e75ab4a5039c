#include "views/debug/ValueText.h"

#include <catch2/catch.hpp>

using namespace sl::views;
using sl::interp::debug::Value;

TEST_CASE("scalars in the three formats") {
  CHECK(valueText(Value::floating(1.5), NumberFormat::Natural) == "1.5");
  CHECK(valueText(Value::floating(1.0), NumberFormat::Int) == "1065353216");  // 0x3f800000
  CHECK(valueText(Value::floating(1.0), NumberFormat::Hex) == "0x3f800000");
  CHECK(valueText(Value::integer(-1), NumberFormat::Int) == "-1");
  CHECK(valueText(Value::integer(-1), NumberFormat::Hex) == "0xffffffff");
  CHECK(valueText(Value::unsignedInt(21), NumberFormat::Natural) == "21");
  CHECK(valueText(Value::unsignedInt(0xffffffffu), NumberFormat::Int) == "-1");
}

TEST_CASE("aggregates format their parts, and name them for the tree") {
  Value v;
  v.kind = Value::Kind::Vector;
  v.typeName = "float2";
  v.elements = {Value::floating(0.5), Value::floating(-2)};
  CHECK(valueText(v, NumberFormat::Natural) == "{0.5, -2}");
  CHECK(valueText(v, NumberFormat::Int) == "{1056964608, -1073741824}");
  CHECK(hasParts(v));
  CHECK(partLabel(v, 1) == ".y");
  Value s;
  s.kind = Value::Kind::Struct;
  s.memberNames = {"a", "b"};
  s.elements = {Value::integer(1), v};
  CHECK(valueText(s, NumberFormat::Natural) == "{a = 1, b = {0.5, -2}}");
  CHECK(partLabel(s, 1) == "b");
  CHECK_FALSE(hasParts(Value::integer(3)));
}

TEST_CASE("format names parse back") {
  NumberFormat f = NumberFormat::Natural;
  CHECK(parseNumberFormat("hex", f));
  CHECK(f == NumberFormat::Hex);
  CHECK(parseNumberFormat("int", f));
  CHECK(f == NumberFormat::Int);
  CHECK_FALSE(parseNumberFormat("octal", f));
}
