#include "app/cli/dap/DapVariables.h"

#include <catch2/catch.hpp>

using namespace sl::cli::dap;
using sl::interp::debug::Value;

namespace {

Value vector3(uint64_t a, uint64_t b, uint64_t c) {
  Value v;
  v.kind = Value::Kind::Vector;
  v.typeName = "uint3";
  v.elements = {Value::unsignedInt(a), Value::unsignedInt(b), Value::unsignedInt(c)};
  return v;
}

}  // namespace

TEST_CASE("structured values get references; scalars are leaves", "[dap]") {
  VariableTable table;
  llvm::json::Object leaf = table.variable("sum", "uint", Value::unsignedInt(3), "sum");
  CHECK(leaf.getInteger("variablesReference") == 0);
  CHECK(leaf.getString("value") == std::optional<llvm::StringRef>("3"));
  llvm::json::Object id = table.variable("id", "", vector3(2, 0, 0), "id");
  const int64_t ref = *id.getInteger("variablesReference");
  CHECK(ref > 0);
  CHECK(id.getString("type") == std::optional<llvm::StringRef>("uint3"));
  REQUIRE(table.find(ref));
  CHECK(table.find(ref)->value.elements.size() == 3);
  CHECK(!table.find(ref + 1));
  table.clear();
  CHECK(!table.find(ref));
}

TEST_CASE("children are named as HLSL reads them", "[dap]") {
  Value s;
  s.kind = Value::Kind::Struct;
  s.typeName = "S";
  s.memberNames = {"pos", ""};
  s.elements = {vector3(1, 2, 3), Value::floating(1.5)};
  std::vector<ValueChild> members = childrenOf(s, "p");
  REQUIRE(members.size() == 2);
  CHECK(members[0].name == "pos");
  CHECK(members[0].evaluateName == "p.pos");
  CHECK(members[1].name == "member1");
  std::vector<ValueChild> components = childrenOf(*members[0].value, members[0].evaluateName);
  REQUIRE(components.size() == 3);
  CHECK(components[2].name == "z");
  CHECK(components[2].evaluateName == "p.pos.z");
  Value a;
  a.kind = Value::Kind::Array;
  a.elements = {Value::integer(4), Value::integer(5)};
  std::vector<ValueChild> elements = childrenOf(a, "a + b");
  REQUIRE(elements.size() == 2);
  CHECK(elements[1].name == "[1]");
  CHECK(elements[1].evaluateName == "(a + b)[1]");
  CHECK(childrenOf(Value::integer(1), "x").empty());
}

TEST_CASE("a client asking for hexadecimal gets scalars' bits", "[dap]") {
  VariableTable table;
  llvm::json::Object v = table.variable("id", "", vector3(2, 0, 255), "id", sl::interp::debug::Format::Hex);
  CHECK(v.getString("value") == std::optional<llvm::StringRef>("{0x00000002, 0x00000000, 0x000000ff}"));
  CHECK(displayValue(Value::unsignedInt(3)) == "3");
}

TEST_CASE("long values are cut short for display", "[dap]") {
  Value a;
  a.kind = Value::Kind::Array;
  for (int k = 0; k < 1000; ++k) a.elements.push_back(Value::integer(k));
  VariableTable table;
  llvm::json::Object v = table.variable("big", "int[1000]", a, "big");
  CHECK(v.getString("value")->size() < 220);
  CHECK(v.getInteger("indexedVariables") == 1000);
}
