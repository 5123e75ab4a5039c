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
#include "interp/debug/Value.h"

namespace sl::interp::debug {

struct DebugInfo {
  MemberNames memberNames;                    // struct type id -> member names
  std::map<std::string, std::string> sources; // file name -> text (files the module carries)
  std::vector<std::set<uint32_t>> codeLines;  // Module::sourceFiles index -> lines with code
  bool hasLines = false;                      // any instruction has a location
  uint32_t mainFile = 0;                      // the entry point's file (Module::sourceFiles index)

  // Line `line` (1-based) of `file`'s text, without its newline; "" when unknown.
  std::string sourceLine(const std::string& file, uint32_t line) const;
};

DebugInfo readDebugInfo(const Module& module, std::span<const uint32_t> words, uint32_t entryFunction);

}  // namespace sl::interp::debug
