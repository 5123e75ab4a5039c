// Internal to the SPIR-V reader: the parsed instruction stream and the id -> IR maps shared by
// the module-level reader (ModuleReader.cpp) and the function reader (FunctionReader.cpp).
#pragma once

#include "core/ir/Module.h"
#include "core/spirv/reader/DebugInfoReader.h"
#include "core/spirv/reader/Reader.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace sl::spirv::detail {

struct RawInst {
  uint32_t offset = 0;  // word offset of the instruction in the module
  uint32_t opcode = 0;
  std::span<const uint32_t> ops;  // operand words (after the opcode word)
};

// Thrown inside the reader for an input it cannot read; readModule() turns it into a Diagnostic.
struct ReadFailure {
  uint32_t offset;
  uint32_t opcode;
  std::string message;
};

std::string opcodeNameOf(uint32_t opcode);
[[noreturn]] void fail(const RawInst& inst, std::string message);
// A literal string operand starting at ops[index]; `next` receives the index after it.
std::string literalString(const RawInst& inst, size_t index, size_t* next = nullptr);
uint32_t operand(const RawInst& inst, size_t index);

struct IdDecorations {
  std::vector<ir::Decoration> decorations;
  std::map<uint32_t, std::vector<ir::Decoration>> members;
};

struct ModuleState {
  ir::Module* module = nullptr;
  ir::Context* cx = nullptr;
  std::string fileName;
  uint32_t bound = 0;
  std::unordered_map<uint32_t, ir::Type> types;
  std::unordered_map<uint32_t, ir::Const> consts;
  std::unordered_map<uint32_t, ir::GlobalVarId> globals;
  std::unordered_map<uint32_t, ir::FuncId> funcs;
  std::unordered_map<uint32_t, std::string> names;
  std::unordered_map<uint32_t, std::map<uint32_t, std::string>> memberNames;
  std::unordered_map<uint32_t, IdDecorations> decorations;
  std::unordered_map<uint32_t, std::string> strings;    // OpString
  std::unordered_map<uint32_t, uint32_t> debugFileOf;  // OpString id -> debug file index
  uint32_t glslSet = 0;                                 // id of GLSL.std.450, 0 if none
  std::vector<uint32_t> ignoredSets;                    // NonSemantic.* sets: their insts are dropped
  uint32_t printfSet = 0;                               // NonSemantic.DebugPrintf: read as dbg.printf
  DebugInfoReader debugInfo;                            // NonSemantic.Shader.DebugInfo.100

  ir::Type type(const RawInst& inst, uint32_t id) const;
  bool isType(uint32_t id) const { return types.count(id) != 0; }
  std::vector<ir::Decoration> decorationsOf(uint32_t id) const;
};

// Reads one function (OpFunction .. OpFunctionEnd, `insts` in order) into module function `f`.
void readFunction(ModuleState& state, std::span<const RawInst> insts, ir::FuncId f);

}  // namespace sl::spirv::detail
