// Lookups into the SPIR-V grammar (generated at build time from Debian's spirv-headers JSON):
// opcode and enumerant names for the printer, operand kinds for immediates, and the capabilities,
// extensions and minimum versions the writer derives from what a module uses.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace sl::ir::grammar {

enum class OperandCategory : uint8_t { BitEnum, ValueEnum, Id, Literal, Composite };
enum class Quantifier : uint8_t { One, Optional, Variadic };

// Operand kinds we refer to by name from C++ (looked up once in the table).
enum class Kind : uint8_t {
  StorageClass, Decoration, BuiltIn, ExecutionMode, ExecutionModel, Capability, Dim, ImageFormat,
  SourceLanguage, MemoryAccess, Scope, MemorySemantics, SelectionControl, LoopControl,
  FunctionControl, ImageOperands, GroupOperation,
};

struct OperandKindInfo {
  const char* name;
  OperandCategory category;
};

struct Requirements {
  std::span<const uint32_t> capabilities;  // any one of them enables the feature
  std::span<const char* const> extensions;  // any one of them enables it below `version`
  uint32_t version = 0;  // (major << 16 | minor << 8); 0 = always core; 0xFFFFFFFF = never core
};

struct OperandDesc {
  const OperandKindInfo* kind;
  Quantifier quantifier;
};

struct Instruction {
  uint32_t opcode;
  std::string_view name;
  std::span<const OperandDesc> operands;  // includes IdResultType/IdResult when the op has them
  Requirements requirements;
  bool hasResultType = false;
  bool hasResult = false;
};

// nullptr when the opcode is not in the grammar.
const Instruction* findInstruction(uint32_t opcode);
std::optional<uint32_t> findOpcode(std::string_view name);

const OperandKindInfo* operandKind(Kind kind);
const OperandKindInfo* operandKindByName(std::string_view name);

// Name of an enumerant of a value or bit enum kind; "" if unknown.
std::string_view enumerantName(const OperandKindInfo* kind, uint32_t value);
inline std::string_view enumerantName(Kind kind, uint32_t value) {
  return enumerantName(operandKind(kind), value);
}
std::optional<uint32_t> enumerantValue(Kind kind, std::string_view name);
// Requirements of one enumerant (nullopt if unknown).
std::optional<Requirements> enumerantRequirements(Kind kind, uint32_t value);
// Number of extra literal/id parameters an enumerant takes (e.g. LocalSize takes 3).
uint32_t enumerantParameterCount(Kind kind, uint32_t value);

// GLSL.std.450 extended instructions.
std::string_view glslInstName(uint32_t number);
std::optional<uint32_t> glslInstNumber(std::string_view name);
// Capabilities an extended instruction needs (InterpolateAt* need InterpolationFunction).
Requirements glslInstRequirements(uint32_t number);

// The grammar's own SPIR-V version (major << 16 | minor << 8).
uint32_t grammarVersion();

}  // namespace sl::ir::grammar
