// NonSemantic.Shader.DebugInfo.100 types (DebugTypeBasic, Vector, Matrix, Array, Composite with
// its DebugTypeMembers, DebugTypedef) as the debugger needs them: the HLSL name of a local's
// declared type (a typedef's own name) and the shape of its value, so that a local whose parts
// arrive one by one (DebugValue with Indexes, after scalar replacement) can be shown before all
// of them are known.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "interp/debug/Value.h"

namespace sl::interp::debug {

struct DebugType {
  enum class Kind : uint8_t { Basic, Vector, Matrix, Array, Composite, Typedef, Other };
  Kind kind = Kind::Other;
  std::string name;                      // Basic, Composite, Typedef
  uint32_t base = 0;                     // Vector/Array: element type; Matrix: column vector; Typedef: aliased type
  std::vector<uint32_t> counts;          // Vector/Matrix: one count; Array: one per dimension (outermost first)
  std::vector<uint32_t> members;         // Composite: member types
  std::vector<std::string> memberNames;  // Composite
};

using DebugTypes = std::map<uint32_t, DebugType>;  // DebugType* id -> type

// The HLSL spelling of debug type `type` ("float3", "Color", "S", "int[4]"); "" when unknown.
std::string debugTypeName(const DebugTypes& types, uint32_t type);

// A value of debug type `type` whose every scalar is `<uninitialized>`; nullopt when the type
// is not known well enough to shape one.
std::optional<Value> uninitializedValue(const DebugTypes& types, uint32_t type);

// Renames the parts of `value` (already shaped as `type`) that `type` declares through a
// DebugTypedef, so they show the typedef's name rather than the type it aliases.
void applyTypedefNames(const DebugTypes& types, uint32_t type, Value& value);

}  // namespace sl::interp::debug
