#include "core/ir/SpirvGrammar.h"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <string>
#include <vector>

namespace sl::ir::grammar {
namespace {

struct EnumerantInfo {
  uint32_t kindIndex;
  uint32_t value;
  const char* name;
  uint32_t capStart, capCount, extStart, extCount;
  uint32_t version;
  uint32_t parameterCount;
};

struct OperandInfo {
  uint32_t kindIndex;
  Quantifier quantifier;
};

struct InstInfo {
  uint32_t opcode;
  const char* name;
  uint32_t operandStart, operandCount, capStart, capCount, extStart, extCount;
  uint32_t version;
};

struct GlslInstInfo {
  uint32_t number;
  const char* name;
  uint32_t operandCount;
  uint32_t capStart, capCount;
};

#include "SpirvTables.inc"

constexpr size_t kKindCount = sizeof(kOperandKinds) / sizeof(kOperandKinds[0]);

struct Tables {
  std::unordered_map<uint32_t, Instruction> instructions;
  std::unordered_map<std::string_view, uint32_t> opcodeByName;
  std::vector<std::vector<OperandDesc>> operandStorage;
  // (kind index, value) -> enumerant row
  std::unordered_map<uint64_t, const EnumerantInfo*> enumerants;
  // name -> rows of every kind with that name (keys point into the static grammar arrays, so
  // building the table allocates no strings: it runs at the start of every compile).
  std::unordered_multimap<std::string_view, const EnumerantInfo*> enumerantsByName;
  std::unordered_map<std::string_view, uint32_t> kindByName;
  std::unordered_map<std::string_view, uint32_t> glslByName;
  std::unordered_map<uint32_t, std::string_view> glslByNumber;
  std::unordered_map<uint32_t, Requirements> glslRequirements;

  Tables() {
    for (uint32_t i = 0; i < kKindCount; ++i) kindByName.emplace(kOperandKinds[i].name, i);
    for (const EnumerantInfo& e : kEnumerants) {
      enumerants.emplace((uint64_t(e.kindIndex) << 32) | e.value, &e);
      enumerantsByName.emplace(e.name, &e);
    }
    const uint32_t resultTypeKind = kindByName.at("IdResultType");
    const uint32_t resultKind = kindByName.at("IdResult");
    operandStorage.reserve(std::size(kInstructions));
    for (const InstInfo& info : kInstructions) {
      if (instructions.count(info.opcode)) continue;
      auto& ops = operandStorage.emplace_back();
      Instruction inst;
      inst.opcode = info.opcode;
      inst.name = info.name;
      for (uint32_t i = 0; i < info.operandCount; ++i) {
        const OperandInfo& o = kInstOperands[info.operandStart + i];
        ops.push_back({&kOperandKinds[o.kindIndex], o.quantifier});
        if (o.kindIndex == resultTypeKind) inst.hasResultType = true;
        if (o.kindIndex == resultKind) inst.hasResult = true;
      }
      inst.operands = ops;
      inst.requirements = makeRequirements(info.capStart, info.capCount, info.extStart, info.extCount,
                                           info.version);
      instructions.emplace(info.opcode, inst);
      opcodeByName.emplace(inst.name, info.opcode);
    }
    for (const GlslInstInfo& g : kGlslInstructions) {
      glslByName.emplace(g.name, g.number);
      glslByNumber.emplace(g.number, g.name);
      glslRequirements.emplace(g.number, makeRequirements(g.capStart, g.capCount, 0, 0, 0));
    }
  }

  static Requirements makeRequirements(uint32_t cs, uint32_t cc, uint32_t es, uint32_t ec,
                                       uint32_t version) {
    Requirements r;
    if (cc) r.capabilities = std::span<const uint32_t>(kCapabilityPool + cs, cc);
    if (ec) r.extensions = std::span<const char* const>(kExtensionPool + es, ec);
    r.version = version;
    return r;
  }
};

const Tables& tables() {
  // Never destroyed: tearing the maps down at exit costs every CLI run time and buys nothing.
  static const Tables* t = new Tables();
  return *t;
}

const char* kindName(Kind kind) {
  static constexpr std::array<const char*, 17> names = {
      "StorageClass", "Decoration", "BuiltIn", "ExecutionMode", "ExecutionModel", "Capability",
      "Dim", "ImageFormat", "SourceLanguage", "MemoryAccess", "Scope", "MemorySemantics",
      "SelectionControl", "LoopControl", "FunctionControl", "ImageOperands", "GroupOperation"};
  return names[static_cast<size_t>(kind)];
}

const EnumerantInfo* findEnumerant(const OperandKindInfo* kind, uint32_t value) {
  if (!kind) return nullptr;
  const uint32_t index = static_cast<uint32_t>(kind - kOperandKinds);
  auto it = tables().enumerants.find((uint64_t(index) << 32) | value);
  return it == tables().enumerants.end() ? nullptr : it->second;
}

}  // namespace

const Instruction* findInstruction(uint32_t opcode) {
  auto it = tables().instructions.find(opcode);
  return it == tables().instructions.end() ? nullptr : &it->second;
}

std::optional<uint32_t> findOpcode(std::string_view name) {
  auto it = tables().opcodeByName.find(name);
  if (it == tables().opcodeByName.end()) return std::nullopt;
  return it->second;
}

const OperandKindInfo* operandKindByName(std::string_view name) {
  auto it = tables().kindByName.find(name);
  return it == tables().kindByName.end() ? nullptr : &kOperandKinds[it->second];
}

const OperandKindInfo* operandKind(Kind kind) { return operandKindByName(kindName(kind)); }

std::string_view enumerantName(const OperandKindInfo* kind, uint32_t value) {
  const EnumerantInfo* e = findEnumerant(kind, value);
  return e ? std::string_view(e->name) : std::string_view();
}

std::optional<uint32_t> enumerantValue(Kind kind, std::string_view name) {
  const OperandKindInfo* kindInfo = operandKind(kind);
  if (!kindInfo) return std::nullopt;
  const uint32_t kindIndex = static_cast<uint32_t>(kindInfo - kOperandKinds);
  auto [begin, end] = tables().enumerantsByName.equal_range(name);
  for (auto it = begin; it != end; ++it)
    if (it->second->kindIndex == kindIndex) return it->second->value;
  return std::nullopt;
}

std::optional<Requirements> enumerantRequirements(Kind kind, uint32_t value) {
  const EnumerantInfo* e = findEnumerant(operandKind(kind), value);
  if (!e) return std::nullopt;
  return Tables::makeRequirements(e->capStart, e->capCount, e->extStart, e->extCount, e->version);
}

uint32_t enumerantParameterCount(Kind kind, uint32_t value) {
  const EnumerantInfo* e = findEnumerant(operandKind(kind), value);
  return e ? e->parameterCount : 0;
}

std::string_view glslInstName(uint32_t number) {
  auto it = tables().glslByNumber.find(number);
  return it == tables().glslByNumber.end() ? std::string_view() : it->second;
}

std::optional<uint32_t> glslInstNumber(std::string_view name) {
  auto it = tables().glslByName.find(name);
  if (it == tables().glslByName.end()) return std::nullopt;
  return it->second;
}

Requirements glslInstRequirements(uint32_t number) {
  auto it = tables().glslRequirements.find(number);
  return it == tables().glslRequirements.end() ? Requirements() : it->second;
}

uint32_t grammarVersion() { return SL_SPIRV_GRAMMAR_VERSION; }

}  // namespace sl::ir::grammar
