// What the debugger reads from a module's debug information beyond what the decoder keeps:
// struct member names (OpMemberName), the source text of each file (OpSource/OpSourceContinued,
// NonSemantic.Shader.DebugInfo.100 DebugSource/DebugSourceContinued), and the lines that have
// code (every instruction's OpLine/DebugLine location, as decoded).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "interp/Module.h"
#include "interp/debug/DebugTypes.h"
#include "interp/debug/Value.h"

namespace sl::interp::debug {

// A NonSemantic.Shader.DebugInfo.100 DebugLocalVariable, and where the module says what holds
// it: a DebugDeclare (the variable lives in an OpVariable or is a parameter) or a DebugValue (it
// now equals an SSA value), each anchored before the instruction that follows it.
struct DebugLocal {
  std::string name;
  uint32_t line = 0;
  uint32_t scope = 0;  // its Parent: a DebugFunction or DebugLexicalBlock id
  uint32_t type = 0;   // its DebugType* id (DebugInfo::types)
};
struct DebugBinding {
  uint32_t local = 0;      // index into DebugInfo::locals
  uint32_t function = 0;   // Module::functions index
  uint32_t anchor = 0;     // Function::insts index of the instruction after it
  bool declare = false;    // DebugDeclare (else DebugValue)
  uint32_t target = 0;     // the OpVariable / OpFunctionParameter (declare) or value id
  // Indexes: the part of the variable this binding sets (struct member, array element, vector
  // component, matrix column), outermost first; empty: the whole variable.
  std::vector<uint32_t> indexes;
  // Its DebugExpression: a single Deref says the value is a pointer to read through; any other
  // operation is not applied, and `unsupported` names it (the value is then not shown).
  bool deref = false;
  std::string unsupported;
};

struct DebugInfo {
  MemberNames memberNames;                    // struct type id -> member names
  std::vector<DebugLocal> locals;
  std::vector<DebugBinding> bindings;         // in module order
  DebugTypes types;                           // the module's DebugType* instructions
  // Module::functions index -> DebugFunction name (via DebugFunctionDefinition), "" when none.
  std::vector<std::string> functionNames;
  // Lexical scopes: DebugFunction/DebugLexicalBlock id -> its Parent; and per function, each
  // instruction's DebugScope (0: none).
  std::map<uint32_t, uint32_t> scopeParent;
  std::vector<std::vector<uint32_t>> instScopes;
  // Whether `inner` is `outer` or lies inside it.
  bool scopeWithin(uint32_t inner, uint32_t outer) const;
  // Inlining: each instruction's DebugScope Inlined operand (0: not inlined), and the
  // DebugInlinedAt chain (the call's line and scope, then the next level out).
  struct InlinedAt {
    uint32_t line = 0, scope = 0, next = 0;
  };
  std::map<uint32_t, InlinedAt> inlinedAt;
  std::vector<std::vector<uint32_t>> instInlined;
  std::map<uint32_t, std::string> debugFunctions;  // DebugFunction id -> name
  // Levels of inlining of a DebugInlinedAt chain (0 for 0).
  uint32_t inlineDepth(uint32_t inlined) const;
  // The name of the DebugFunction a scope lies in, "" when unknown.
  std::string functionOfScope(uint32_t scope) const;
  std::map<std::string, std::string> sources; // file name -> text (files the module carries)
  std::vector<std::set<uint32_t>> codeLines;  // Module::sourceFiles index -> lines with code
  bool hasLines = false;                      // any instruction has a location
  uint32_t mainFile = 0;                      // the entry point's file (Module::sourceFiles index)

  // Line `line` (1-based) of `file`'s text, without its newline; "" when unknown.
  std::string sourceLine(const std::string& file, uint32_t line) const;
  // The whole text of `file` (embedded by the module, or added); null when unknown.
  const std::string* sourceText(const std::string& file) const {
    auto it = sources.find(file);
    return it == sources.end() ? nullptr : &it->second;
  }
};

DebugInfo readDebugInfo(const Module& module, std::span<const uint32_t> words, uint32_t entryFunction);

}  // namespace sl::interp::debug
