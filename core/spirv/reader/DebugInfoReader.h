// Internal to the SPIR-V reader: NonSemantic.Shader.DebugInfo.100 read back into the IR's
// variable debug info (Module::debugScopes / debugVars, GlobalVarDef::debugVar, DebugLoc::scope,
// dbg.declare / dbg.value), so a module our writer emitted with -fspv-debug=vulkan* survives
// the qptr round trip (docs/qptr.md).
//
// What the IR cannot say is dropped, never an error: an expression with operations, a value the
// IR scoping cannot see at that point, a scope or variable of an unknown kind. Debug types are
// not read, but for a variable's DebugTypedef names: its IR type is the type of what holds it (the DebugDeclare's pointee, the
// DebugValue's value, the global's type), which the writer turns back into debug types.
#pragma once

#include "core/ir/Module.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

namespace sl::spirv::detail {

struct ModuleState;
struct RawInst;

class DebugInfoReader {
 public:
  void setImport(uint32_t id) { set_ = id; }
  // An OpExtInst of NonSemantic.Shader.DebugInfo.100.
  bool isDebugInfo(const RawInst& in) const;
  // The instruction number of such an OpExtInst (0: DebugInfoNone for a malformed one).
  static uint32_t instructionOf(const RawInst& in);

  // Module level: remembered by id (they refer to each other, and to globals read later).
  void moduleInst(const RawInst& in);
  // After every global is read: debug files (DebugSource) and DebugGlobalVariables.
  void finishModule(ModuleState& st);

  void beginFunction() { curScope_ = curInlinedAt_ = 0; }
  // In a function, in order: DebugScope / DebugNoScope / DebugLine / DebugNoLine update `loc`
  // (the location of what follows); DebugFunctionDefinition gives the function its location.
  // Returns false for DebugDeclare / DebugValue, which the caller reads as an instruction.
  bool trackLocation(ModuleState& st, const RawInst& in, ir::DebugLoc& loc, ir::FunctionDef& fn);

  // DebugDeclare / DebugValue at `loc` as dbg.declare / dbg.value; nullopt when it cannot be
  // mapped. `valueOf` gives the visible IR value of an id, `typeOf` its type.
  // After every function: variables numbered in the order of their DebugLocalVariable /
  // DebugGlobalVariable, the order the writer declares them in and a debugger lists them in
  // (first use would put a parameter's copy after the locals declared at the function start).
  void finishModuleFunctions(ModuleState& st);

  std::optional<ir::InstDef> variableOp(ModuleState& st, const RawInst& in, ir::DebugLoc loc,
                                        const std::function<std::optional<ir::Value>(uint32_t)>& valueOf,
                                        const std::function<ir::Type(const ir::Value&)>& typeOf);

 private:
  const RawInst* inst(uint32_t id) const;
  // The value of a 32-bit integer constant operand (line, column, argument number, index).
  std::optional<uint32_t> number(const ModuleState& st, uint32_t id) const;
  std::optional<uint32_t> fileOf(ModuleState& st, uint32_t sourceId);
  ir::DebugLoc locOf(ModuleState& st, uint32_t sourceId, uint32_t lineId, uint32_t columnId);
  // The IR scope (DebugLoc::scope) of debug scope `scope` inlined at `inlinedAt` (0: none).
  uint32_t scopeOf(ModuleState& st, uint32_t scope, uint32_t inlinedAt, int depth = 0);
  std::vector<ir::DebugTypedefDef> typedefsOf(ModuleState& st, uint32_t type);
  // The DebugFunction a scope belongs to (walking lexical blocks up), 0 if none.
  uint32_t functionOf(uint32_t scope) const;
  // `scope` is the IR scope the DebugDeclare/DebugValue is in (read before the instruction is).
  std::optional<uint32_t> localVariable(ModuleState& st, uint32_t id, ir::Type type, uint32_t scope);

  uint32_t set_ = 0;
  std::unordered_map<uint32_t, const RawInst*> insts_;    // module-level debug instructions by id
  std::unordered_map<uint32_t, std::vector<uint32_t>> continued_;  // DebugSource id -> DebugSourceContinued texts
  uint32_t lastSource_ = 0;                               // for DebugSourceContinued
  std::unordered_map<uint32_t, uint32_t> files_;          // DebugSource id -> Module::debugFiles
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> scopes_;  // (scope, inlinedAt) -> DebugLoc::scope
  std::vector<std::pair<uint32_t, uint32_t>> scopeKeys_;      // DebugLoc::scope - 1 -> (scope, inlinedAt)
  // DebugLocalVariable id + the inlined call it is seen in -> Module::debugVars index.
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> vars_;
  std::vector<uint32_t> varOffsets_;  // Module::debugVars index -> its debug instruction's word offset
  uint32_t curScope_ = 0, curInlinedAt_ = 0;  // the DebugScope in effect where the function is split into blocks
};

}  // namespace sl::spirv::detail
