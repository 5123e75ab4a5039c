#include "interp/debug/DebugInfo.h"

#include <algorithm>

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

namespace sl::interp::debug {

namespace {

// A literal string starting at word `at` of an instruction of `count` words (never past it).
std::string literal(std::span<const uint32_t> words, size_t at, size_t end) {
  std::string s;
  for (size_t w = at; w < end; ++w)
    for (int b = 0; b < 4; ++b) {
      const char c = char((words[w] >> (8 * b)) & 0xff);
      if (!c) return s;
      s += c;
    }
  return s;
}

// One DebugType* instruction (`inst` is its words) into `types`; a composite's members are
// resolved once the whole module is read.
void readDebugType(uint32_t instruction, std::span<const uint32_t> inst, std::map<uint32_t, std::string>& strings,
                   std::map<uint32_t, uint64_t>& constants, DebugTypes& types,
                   std::map<uint32_t, std::pair<std::string, uint32_t>>& members,
                   std::map<uint32_t, std::vector<uint32_t>>& compositeMembers) {
  const size_t count = inst.size();
  const uint32_t id = inst[2];
  auto name = [&](size_t w) { return w < count && strings.count(inst[w]) ? strings[inst[w]] : std::string(); };
  auto number = [&](size_t w) { return w < count && constants.count(inst[w]) ? uint32_t(constants[inst[w]]) : 0u; };
  DebugType t;
  switch (instruction) {
    case 2:  // DebugTypeBasic Name Size Encoding Flags
      t.kind = DebugType::Kind::Basic;
      t.name = name(5);
      break;
    case 5:  // DebugTypeArray BaseType ComponentCounts...
      if (count < 7) return;
      t.kind = DebugType::Kind::Array;
      t.base = inst[5];
      for (size_t w = 6; w < count; ++w) t.counts.push_back(number(w));
      break;
    case 6: case 108:  // DebugTypeVector BaseType ComponentCount; DebugTypeMatrix VectorType VectorCount ColumnMajor
      if (count < 7) return;
      t.kind = instruction == 6 ? DebugType::Kind::Vector : DebugType::Kind::Matrix;
      t.base = inst[5];
      t.counts.push_back(number(6));
      break;
    case 7:  // DebugTypedef Name BaseType Source Line Column Parent
      if (count < 7) return;
      t.kind = DebugType::Kind::Typedef;
      t.name = name(5);
      t.base = inst[6];
      break;
    case 10:  // DebugTypeComposite Name Tag Source Line Column Parent LinkageName Size Flags Members...
      t.kind = DebugType::Kind::Composite;
      t.name = name(5);
      if (count > 14) compositeMembers[id].assign(inst.begin() + 14, inst.end());
      break;
    case 11:  // DebugTypeMember Name Type ...
      if (count >= 7) members[id] = {name(5), inst[6]};
      return;
    default: break;  // pointers, functions, qualifiers...: not shown as values
  }
  types[id] = std::move(t);
}

// A binding's DebugExpression: empty, or a single Deref (DebugOperation 0), is what this
// debugger applies; anything else is named so the value is not shown wrong.
void applyExpression(const std::vector<uint32_t>& operationIds, const std::map<uint32_t, uint32_t>& operations, DebugBinding& b) {
  static const char* const kNames[] = {"Deref", "Plus", "Minus", "PlusUconst", "BitPiece", "Swap", "Xderef", "StackValue", "Constu", "Fragment"};
  for (uint32_t id : operationIds) {
    auto it = operations.find(id);
    const uint32_t op = it == operations.end() ? ~0u : it->second;
    if (op == 0 && !b.deref && operationIds.size() == 1) {
      b.deref = true;
      continue;
    }
    b.unsupported = op < std::size(kNames) ? kNames[op] : "operation " + std::to_string(op);
    b.deref = false;
    return;
  }
}

}  // namespace

std::string DebugInfo::sourceLine(const std::string& file, uint32_t line) const {
  auto it = sources.find(file);
  if (it == sources.end() || line == 0) return "";
  const std::string& text = it->second;
  size_t start = 0;
  for (uint32_t l = 1; l < line; ++l) {
    start = text.find('\n', start);
    if (start == std::string::npos) return "";
    ++start;
  }
  size_t end = text.find('\n', start);
  if (end == std::string::npos) end = text.size();
  std::string s = text.substr(start, end - start);
  if (!s.empty() && s.back() == '\r') s.pop_back();
  return s;
}

bool DebugInfo::scopeWithin(uint32_t inner, uint32_t outer) const {
  for (int depth = 0; inner && depth < 256; ++depth) {  // bounded: a malformed module may loop
    if (inner == outer) return true;
    auto it = scopeParent.find(inner);
    if (it == scopeParent.end()) return false;
    inner = it->second;
  }
  return false;
}

uint32_t DebugInfo::inlineDepth(uint32_t inlined) const {
  uint32_t depth = 0;
  for (; inlined && depth < 64; ++depth) {  // bounded: a malformed chain may loop
    auto it = inlinedAt.find(inlined);
    if (it == inlinedAt.end()) return depth + 1;
    inlined = it->second.next;
  }
  return depth;
}

std::string DebugInfo::functionOfScope(uint32_t scope) const {
  for (int depth = 0; scope && depth < 256; ++depth) {
    if (auto f = debugFunctions.find(scope); f != debugFunctions.end()) return f->second;
    auto it = scopeParent.find(scope);
    if (it == scopeParent.end()) return "";
    scope = it->second;
  }
  return "";
}

DebugInfo readDebugInfo(const Module& m, std::span<const uint32_t> words, uint32_t entryFunction) {
  DebugInfo info;
  std::map<uint32_t, std::string> strings;  // OpString id -> text
  std::string* continued = nullptr;         // the text OpSourceContinued appends to
  uint32_t debugInfoSet = 0;
  std::map<uint32_t, uint32_t> localIndex;  // DebugLocalVariable id -> index into info.locals
  std::map<uint32_t, uint64_t> constants;   // OpConstant id -> value (DebugLocalVariable's line)
  std::map<uint32_t, std::pair<std::string, uint32_t>> members;  // DebugTypeMember id -> (name, type)
  std::map<uint32_t, std::vector<uint32_t>> compositeMembers;     // DebugTypeComposite id -> member ids
  std::map<uint32_t, uint32_t> operations;                        // DebugOperation id -> its OpCode
  std::map<uint32_t, std::vector<uint32_t>> expressions;          // DebugExpression id -> operations
  uint32_t function = ~0u;                  // Module::functions index of the body being read
  info.functionNames.resize(m.functions.size());
  info.instScopes.resize(m.functions.size());
  info.instInlined.resize(m.functions.size());
  uint32_t scope = 0, inlined = 0;  // the DebugScope in effect, and its Inlined operand
  size_t nextInst = 0;     // the next decoded instruction of `function` to meet
  for (size_t at = 5; at < words.size();) {
    const uint32_t count = words[at] >> 16, op = words[at] & 0xffff;
    if (count == 0 || at + count > words.size()) break;
    const size_t end = at + count;
    if (op == spv::OpString && count >= 3) {
      strings[words[at + 1]] = literal(words, at + 2, end);
    } else if (op == spv::OpExtInstImport && count >= 3 && literal(words, at + 2, end) == "NonSemantic.Shader.DebugInfo.100") {
      debugInfoSet = words[at + 1];
    } else if (op == spv::OpMemberName && count >= 4) {
      const uint32_t type = words[at + 1], member = words[at + 2];
      if (type < m.bound && member < 4096) {
        if (info.memberNames.size() <= type) info.memberNames.resize(type + 1);  // sized by the types named, not the bound
        auto& names = info.memberNames[type];
        if (names.size() <= member) names.resize(member + 1);
        names[member] = literal(words, at + 3, end);
      }
    } else if (op == spv::OpSource && count >= 4) {
      // Language, version, optional file (an OpString), optional text.
      const std::string file = strings.count(words[at + 3]) ? strings[words[at + 3]] : "";
      continued = nullptr;
      if (count >= 5 && !file.empty()) {
        info.sources[file] = literal(words, at + 4, end);
        continued = &info.sources[file];
      }
    } else if (op == spv::OpSourceContinued && count >= 2 && continued) {
      *continued += literal(words, at + 1, end);
    } else if (op == spv::OpExtInst && count >= 5 && debugInfoSet && words[at + 3] == debugInfoSet) {
      const uint32_t instruction = words[at + 4];
      if (instruction == 35 && count >= 6) {  // DebugSource File [Text]
        const std::string file = strings.count(words[at + 5]) ? strings[words[at + 5]] : "";
        continued = nullptr;
        if (count >= 7 && !file.empty() && strings.count(words[at + 6])) {
          info.sources[file] = strings[words[at + 6]];
          continued = &info.sources[file];
        }
      } else if (instruction == 102 && count >= 6 && continued && strings.count(words[at + 5])) {  // DebugSourceContinued
        *continued += strings[words[at + 5]];
      } else if (instruction == 20 && count >= 6) {  // DebugFunction Name Type Source Line Column Parent ...
        info.debugFunctions[words[at + 2]] = strings.count(words[at + 5]) ? strings[words[at + 5]] : "";
        if (count >= 11) info.scopeParent[words[at + 2]] = words[at + 10];
      } else if (instruction == 21 && count >= 9) {  // DebugLexicalBlock Source Line Column Parent [Name]
        info.scopeParent[words[at + 2]] = words[at + 8];
      } else if (instruction == 23 && count >= 6) {  // DebugScope Scope [Inlined]
        scope = words[at + 5];
        inlined = count >= 7 ? words[at + 6] : 0;
      } else if (instruction == 24) {  // DebugNoScope
        scope = inlined = 0;
      } else if (instruction == 25 && count >= 7) {  // DebugInlinedAt Line Scope [Inlined]
        info.inlinedAt[words[at + 2]] = {uint32_t(constants[words[at + 5]]), words[at + 6], count >= 8 ? words[at + 7] : 0};
      } else if (instruction == 101 && count >= 7) {  // DebugFunctionDefinition Function Definition
        const uint32_t definition = words[at + 6];
        if (definition < m.functionIndexOf.size() && m.functionIndexOf[definition] < info.functionNames.size())
          info.functionNames[m.functionIndexOf[definition]] = info.debugFunctions[words[at + 5]];
      } else if (instruction == 26 && count >= 9) {  // DebugLocalVariable Name Type Source Line Column Parent Flags
        localIndex[words[at + 2]] = uint32_t(info.locals.size());
        info.locals.push_back({strings.count(words[at + 5]) ? strings[words[at + 5]] : "", uint32_t(constants[words[at + 8]]),
                               count >= 11 ? words[at + 10] : 0, words[at + 6]});
      } else if ((instruction >= 2 && instruction <= 11) || instruction == 108) {  // DebugType*
        readDebugType(instruction, words.subspan(at, count), strings, constants, info.types, members, compositeMembers);
      } else if (instruction == 30 && count >= 6) {  // DebugOperation OpCode Operands...
        operations[words[at + 2]] = uint32_t(constants.count(words[at + 5]) ? constants[words[at + 5]] : words[at + 5]);
      } else if (instruction == 31) {  // DebugExpression Operations...
        expressions[words[at + 2]].assign(words.begin() + at + 5, words.begin() + end);
      } else if ((instruction == 28 || instruction == 29) && count >= 7 && function != ~0u && localIndex.count(words[at + 5])) {
        // DebugDeclare LocalVariable Variable Expression / DebugValue LocalVariable Value Expression
        // Indexes...: anchored before the next decoded instruction (by word offset).
        const std::vector<Inst>& insts = m.functions[function].insts;
        const auto next = std::upper_bound(insts.begin(), insts.end(), uint32_t(at),
                                           [](uint32_t offset, const Inst& inst) { return offset < inst.wordOffset; });
        DebugBinding b;
        b.local = localIndex[words[at + 5]];
        b.function = function;
        b.anchor = uint32_t(next - insts.begin());
        b.declare = instruction == 28;
        b.target = words[at + 6];
        // Indexes are ids of integer constants (the set's every operand is an id).
        for (size_t w = at + 8; w < end; ++w) b.indexes.push_back(uint32_t(constants.count(words[w]) ? constants[words[w]] : words[w]));
        if (count >= 8) applyExpression(expressions[words[at + 7]], operations, b);
        info.bindings.push_back(std::move(b));
      }
    } else if (op == spv::OpConstant && count >= 4) {
      constants[words[at + 2]] = words[at + 3];
    } else if (op == spv::OpFunction && count >= 5) {
      continued = nullptr;
      function = words[at + 2] < m.functionIndexOf.size() ? m.functionIndexOf[words[at + 2]] : ~0u;
      if (function != ~0u) {
        info.instScopes[function].assign(m.functions[function].insts.size(), 0);
        info.instInlined[function].assign(m.functions[function].insts.size(), 0);
      }
      scope = inlined = 0;
      nextInst = 0;
    } else if (op == spv::OpFunctionEnd) {
      function = ~0u;
    } else if (op == spv::OpLabel) {
      scope = inlined = 0;  // a DebugScope lasts to the end of its block
    }
    // The decoded instruction at this word (if any) is in the scope in effect.
    if (function != ~0u) {
      const std::vector<Inst>& insts = m.functions[function].insts;
      while (nextInst < insts.size() && insts[nextInst].wordOffset < at) ++nextInst;
      if (nextInst < insts.size() && insts[nextInst].wordOffset == at) {
        info.instInlined[function][nextInst] = inlined;
        info.instScopes[function][nextInst++] = scope;
      }
    }
    at = end;
  }

  // Members are separate instructions, and a composite may name them before they appear.
  for (const auto& [composite, ids] : compositeMembers)
    for (uint32_t id : ids) {
      auto it = members.find(id);
      info.types[composite].members.push_back(it == members.end() ? 0 : it->second.second);
      info.types[composite].memberNames.push_back(it == members.end() ? "" : it->second.first);
    }

  info.codeLines.resize(m.sourceFiles.size());
  for (const Function& f : m.functions)
    for (const Inst& inst : f.insts) {
      if (!inst.location || inst.location >= m.locations.size()) continue;
      const SourceLocation& l = m.locations[inst.location];
      if (!l.line || l.file >= info.codeLines.size()) continue;
      info.codeLines[l.file].insert(l.line);
      info.hasLines = true;
    }
  // The main file: where the entry point's first located instruction is (else the first file).
  info.mainFile = m.sourceFiles.size() > 1 ? 1 : 0;
  auto firstFile = [&](const Function& f) -> uint32_t {
    for (const Inst& inst : f.insts)
      if (inst.location && m.locations[inst.location].file) return m.locations[inst.location].file;
    return 0;
  };
  if (entryFunction < m.functions.size()) {
    if (uint32_t file = firstFile(m.functions[entryFunction])) info.mainFile = file;
  }
  return info;
}

}  // namespace sl::interp::debug
