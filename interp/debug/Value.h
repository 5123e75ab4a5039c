// A value as the debugger shows it: a tree of scalars (bool, int, uint, float of any width) with
// vectors, matrices, arrays and structs above them, read from a lane's memory (memory form, by
// layout node) or from an instruction's result (register form, by type). Watch expressions
// compute with the same values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interp/Module.h"

namespace sl::interp::debug {

struct Value {
  enum class Kind : uint8_t { Bool, Int, UInt, Float, Vector, Matrix, Array, Struct, Opaque };
  Kind kind = Kind::Opaque;
  uint32_t bits = 32;      // scalars: width
  bool b = false;
  int64_t i = 0;
  uint64_t u = 0;
  double f = 0;
  std::vector<Value> elements;            // Vector components, Matrix rows, Array elements, Struct members
  std::vector<std::string> memberNames;   // Struct
  std::string typeName;                   // HLSL spelling: "float3", "int[4]", "S", "float2x2"
  std::string opaque;                     // Opaque: what it is ("pointer", "<uninitialized>")

  bool isScalar() const { return kind <= Kind::Float; }
  static Value boolean(bool v);
  static Value integer(int64_t v, uint32_t bits = 32);
  static Value unsignedInt(uint64_t v, uint32_t bits = 32);
  static Value floating(double v, uint32_t bits = 32);
  // The scalar as a number (bool 0/1).
  double asDouble() const;
  int64_t asInt() const;
  bool truthy() const;
};

enum class Format : uint8_t { Natural, Hex };

// "3", "1.5", "true", "{1, 2, 3}", "{a = 1, b = {2, 3}}"; hex shows scalars' bits (0x...).
std::string formatValue(const Value& v, Format format = Format::Natural);

// The HLSL name of a SPIR-V type ("uint", "float3", "float2x3", "S", "int[4]").
std::string typeName(const Module& m, uint32_t type);

// Reads a value of the layout node `layout` from `bytes` (memory form); member names from
// `memberNames` (struct type id -> names, may be null).
using MemberNames = std::vector<std::vector<std::string>>;
Value readMemory(const Module& m, uint32_t layout, const uint8_t* bytes, const MemberNames* memberNames);
// Reads a value of type `type` from `bytes` (register form).
Value readRegister(const Module& m, uint32_t type, const uint8_t* bytes, const MemberNames* memberNames);

}  // namespace sl::interp::debug
