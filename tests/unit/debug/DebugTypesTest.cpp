// NonSemantic.Shader.DebugInfo.100 types as the debugger reads them: HLSL names (a typedef's
// own, through a chain of typedefs), the all-<uninitialized> shape that parts of a local are
// laid over, and typedef names applied to a value read by its SPIR-V type.
#include <catch2/catch.hpp>

#include "interp/debug/DebugTypes.h"

using namespace sl::interp::debug;

namespace {

// float (1), float3 (2), struct Pair { float a; float3 b; } (3), float[2] (4),
// typedef float3 Color (5), typedef Color Shade (6), float2x3 (7: 2 columns of float3),
// struct Holder { Shade s; } (8).
DebugTypes sampleTypes() {
  DebugTypes t;
  t[1] = {DebugType::Kind::Basic, "float", 0, {}, {}, {}};
  t[2] = {DebugType::Kind::Vector, "", 1, {3}, {}, {}};
  t[3] = {DebugType::Kind::Composite, "Pair", 0, {}, {1, 2}, {"a", "b"}};
  t[4] = {DebugType::Kind::Array, "", 1, {2}, {}, {}};
  t[5] = {DebugType::Kind::Typedef, "Color", 2, {}, {}, {}};
  t[6] = {DebugType::Kind::Typedef, "Shade", 5, {}, {}, {}};
  t[7] = {DebugType::Kind::Matrix, "", 2, {2}, {}, {}};
  t[8] = {DebugType::Kind::Composite, "Holder", 0, {}, {6}, {"s"}};
  return t;
}

}  // namespace

TEST_CASE("debug types are named as HLSL spells them, typedefs by their own names", "[debug][types]") {
  const DebugTypes t = sampleTypes();
  CHECK(debugTypeName(t, 1) == "float");
  CHECK(debugTypeName(t, 2) == "float3");
  CHECK(debugTypeName(t, 3) == "Pair");
  CHECK(debugTypeName(t, 4) == "float[2]");
  CHECK(debugTypeName(t, 5) == "Color");
  CHECK(debugTypeName(t, 6) == "Shade");
  CHECK(debugTypeName(t, 7) == "float2x3");
  CHECK(debugTypeName(t, 99) == "");
}

TEST_CASE("a local known only in parts starts from its type's shape, all <uninitialized>", "[debug][types]") {
  const DebugTypes t = sampleTypes();
  std::optional<Value> pair = uninitializedValue(t, 3);
  REQUIRE(pair);
  CHECK(formatValue(*pair) == "{a = <uninitialized>, b = {<uninitialized>, <uninitialized>, <uninitialized>}}");
  CHECK(pair->typeName == "Pair");
  CHECK(pair->elements[1].typeName == "float3");
  std::optional<Value> shade = uninitializedValue(t, 6);
  REQUIRE(shade);
  CHECK(shade->typeName == "Shade");
  CHECK(shade->elements.size() == 3);
  std::optional<Value> matrix = uninitializedValue(t, 7);
  REQUIRE(matrix);
  CHECK(matrix->elements.size() == 2);
  CHECK(matrix->elements[0].elements.size() == 3);
  CHECK_FALSE(uninitializedValue(t, 99));
}

TEST_CASE("typedef names replace the aliased types' names in a value, members included", "[debug][types]") {
  const DebugTypes t = sampleTypes();
  Value color;
  color.kind = Value::Kind::Vector;
  color.typeName = "float3";
  for (int k = 0; k < 3; ++k) color.elements.push_back(Value::floating(k));
  Value holder;
  holder.kind = Value::Kind::Struct;
  holder.typeName = "Holder";
  holder.elements = {color};
  holder.memberNames = {"s"};
  applyTypedefNames(t, 8, holder);
  CHECK(holder.typeName == "Holder");
  CHECK(holder.elements[0].typeName == "Shade");
  CHECK(holder.elements[0].elements[0].typeName == "float");
  applyTypedefNames(t, 5, color);
  CHECK(color.typeName == "Color");
}
