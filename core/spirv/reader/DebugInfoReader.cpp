// NonSemantic.Shader.DebugInfo.100 -> the IR's variable debug info (DebugInfoReader.h says what
// is kept). Operands are read leniently: a missing or ill-typed operand drops the instruction.
#include "core/spirv/reader/DebugInfoReader.h"

#include "core/spirv/reader/ReaderState.h"

#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>
#include <spirv/unified1/spirv.hpp>

#include <algorithm>

namespace sl::spirv::detail {
namespace {

using namespace sl::ir;

// Operand `k` of the debug instruction (after result type, result, set and instruction), 0 if absent.
uint32_t arg(const RawInst& in, size_t k) { return k + 4 < in.ops.size() ? in.ops[k + 4] : 0; }
size_t argCount(const RawInst& in) { return in.ops.size() > 4 ? in.ops.size() - 4 : 0; }

}  // namespace

bool DebugInfoReader::isDebugInfo(const RawInst& in) const {
  return set_ != 0 && in.opcode == spv::OpExtInst && in.ops.size() >= 4 && in.ops[2] == set_;
}

uint32_t DebugInfoReader::instructionOf(const RawInst& in) { return in.ops.size() >= 4 ? in.ops[3] : 0; }

void DebugInfoReader::moduleInst(const RawInst& in) {
  if (in.ops.size() < 4) return;
  insts_[in.ops[1]] = &in;
  const uint32_t op = instructionOf(in);
  if (op == NonSemanticShaderDebugInfo100DebugSource) lastSource_ = in.ops[1];
  if (op == NonSemanticShaderDebugInfo100DebugSourceContinued && lastSource_) continued_[lastSource_].push_back(arg(in, 0));
}

const RawInst* DebugInfoReader::inst(uint32_t id) const {
  auto it = insts_.find(id);
  return it == insts_.end() ? nullptr : it->second;
}

std::optional<uint32_t> DebugInfoReader::number(const ModuleState& st, uint32_t id) const {
  auto it = st.consts.find(id);
  if (it == st.consts.end()) return std::nullopt;
  const ConstDef& c = st.cx->def(it->second);
  if (c.kind != ConstKind::Scalar || st.cx->def(c.type).kind != TypeKind::Int) return std::nullopt;
  return uint32_t(c.bits);
}

void DebugInfoReader::finishModule(ModuleState& st) {
  // Files first, in the order of their DebugSources (the writer's file 0 is usually the first).
  std::vector<std::pair<uint32_t, const RawInst*>> sources;
  for (const auto& [id, in] : insts_)
    if (instructionOf(*in) == NonSemanticShaderDebugInfo100DebugSource) sources.push_back({in->offset, in});
  std::sort(sources.begin(), sources.end());
  for (const auto& [offset, in] : sources) fileOf(st, in->ops[1]);
  for (const auto& [id, in] : insts_) {
    if (instructionOf(*in) != NonSemanticShaderDebugInfo100DebugGlobalVariable) continue;
    auto global = st.globals.find(arg(*in, 7));
    auto name = st.strings.find(arg(*in, 0));
    if (global == st.globals.end() || name == st.strings.end()) continue;  // e.g. DebugInfoNone: optimized away
    GlobalVarDef& g = st.module->global(global->second);
    DebugVarDef v;
    v.name = name->second;
    v.type = g.type;
    v.loc = locOf(st, arg(*in, 2), arg(*in, 3), arg(*in, 4));
    v.typedefs = typedefsOf(st, arg(*in, 1));
    st.module->debugVars.push_back(std::move(v));
    varOffsets_.push_back(in->offset);
    g.debugVar = uint32_t(st.module->debugVars.size());
  }
}

std::optional<uint32_t> DebugInfoReader::fileOf(ModuleState& st, uint32_t sourceId) {
  if (auto it = files_.find(sourceId); it != files_.end()) return it->second;
  const RawInst* src = inst(sourceId);
  if (!src || instructionOf(*src) != NonSemanticShaderDebugInfo100DebugSource) return std::nullopt;
  auto path = st.strings.find(arg(*src, 0));
  if (path == st.strings.end()) return std::nullopt;
  std::string text;
  if (auto t = st.strings.find(arg(*src, 1)); argCount(*src) > 1 && t != st.strings.end()) text = t->second;
  if (auto more = continued_.find(sourceId); more != continued_.end())
    for (uint32_t chunk : more->second)
      if (auto c = st.strings.find(chunk); c != st.strings.end()) text += c->second;
  const uint32_t file = st.module->addDebugFile(path->second, text);
  if (st.module->debugFiles[file].contents.empty()) st.module->debugFiles[file].contents = std::move(text);
  files_[sourceId] = file;
  return file;
}

DebugLoc DebugInfoReader::locOf(ModuleState& st, uint32_t sourceId, uint32_t lineId, uint32_t columnId) {
  DebugLoc loc;
  const std::optional<uint32_t> file = fileOf(st, sourceId);
  const std::optional<uint32_t> line = number(st, lineId);
  if (!file || !line) return loc;
  loc.file = *file;
  loc.line = *line;
  loc.column = number(st, columnId).value_or(0);
  return loc;
}

// The one debug type read: the DebugTypedef chain a variable's type was written through
// (the IR keeps the names, its type is the aliased one).
std::vector<DebugTypedefDef> DebugInfoReader::typedefsOf(ModuleState& st, uint32_t type) {
  std::vector<DebugTypedefDef> typedefs;
  for (const RawInst* t = inst(type); t && instructionOf(*t) == NonSemanticShaderDebugInfo100DebugTypedef && typedefs.size() < 64;
       t = inst(arg(*t, 1))) {
    auto name = st.strings.find(arg(*t, 0));
    if (name == st.strings.end()) break;
    typedefs.push_back({name->second, locOf(st, arg(*t, 2), arg(*t, 3), arg(*t, 4))});
  }
  return typedefs;
}

uint32_t DebugInfoReader::functionOf(uint32_t scope) const {
  for (int depth = 0; depth < 1024; ++depth) {
    const RawInst* s = inst(scope);
    if (!s) return 0;
    const uint32_t op = instructionOf(*s);
    if (op == NonSemanticShaderDebugInfo100DebugFunction) return scope;
    if (op != NonSemanticShaderDebugInfo100DebugLexicalBlock) return 0;
    scope = arg(*s, 3);
  }
  return 0;
}

uint32_t DebugInfoReader::scopeOf(ModuleState& st, uint32_t scope, uint32_t inlinedAt, int depth) {
  if (depth > 256) return 0;  // a cycle (malformed input): the function's own scope
  const RawInst* s = inst(scope);
  if (!s) return 0;
  const uint32_t op = instructionOf(*s);
  if (op != NonSemanticShaderDebugInfo100DebugFunction && op != NonSemanticShaderDebugInfo100DebugLexicalBlock) return 0;
  if (op == NonSemanticShaderDebugInfo100DebugFunction && !inlinedAt) return 0;
  if (auto it = scopes_.find({scope, inlinedAt}); it != scopes_.end()) return it->second;
  DebugScopeDef d;
  if (op == NonSemanticShaderDebugInfo100DebugFunction) {
    // The body of a function inlined at a call: the call is in the caller's scope.
    const RawInst* at = inst(inlinedAt);
    if (!at || instructionOf(*at) != NonSemanticShaderDebugInfo100DebugInlinedAt) return 0;
    auto name = st.strings.find(arg(*s, 0));
    d.kind = DebugScopeDef::Kind::InlinedFunction;
    d.name = name == st.strings.end() ? std::string() : name->second;
    d.loc = locOf(st, arg(*s, 2), arg(*s, 3), arg(*s, 4));
    const uint32_t callerScope = arg(*at, 1), outer = argCount(*at) > 2 ? arg(*at, 2) : 0;
    d.inlinedAt.scope = scopeOf(st, callerScope, outer, depth + 1);
    d.inlinedAt.line = number(st, arg(*at, 0)).value_or(0);
    // DebugInlinedAt has a line only; its file is the caller's.
    const RawInst* caller = inst(callerScope);
    if (caller && (instructionOf(*caller) == NonSemanticShaderDebugInfo100DebugFunction ||
                   instructionOf(*caller) == NonSemanticShaderDebugInfo100DebugLexicalBlock)) {
      const size_t sourceArg = instructionOf(*caller) == NonSemanticShaderDebugInfo100DebugFunction ? 2 : 0;
      d.inlinedAt.file = fileOf(st, arg(*caller, sourceArg)).value_or(UINT32_MAX);
    }
  } else {
    d.kind = DebugScopeDef::Kind::Block;
    d.loc = locOf(st, arg(*s, 0), arg(*s, 1), arg(*s, 2));
    d.parent = scopeOf(st, arg(*s, 3), inlinedAt, depth + 1);  // made first: parents number below children
  }
  st.module->debugScopes.push_back(std::move(d));
  const uint32_t number = uint32_t(st.module->debugScopes.size());
  scopes_[{scope, inlinedAt}] = number;
  scopeKeys_.resize(number);
  scopeKeys_[number - 1] = {scope, inlinedAt};
  return number;
}

bool DebugInfoReader::trackLocation(ModuleState& st, const RawInst& in, DebugLoc& loc, FunctionDef& fn) {
  switch (instructionOf(in)) {
    case NonSemanticShaderDebugInfo100DebugDeclare: case NonSemanticShaderDebugInfo100DebugValue: return false;
    case NonSemanticShaderDebugInfo100DebugScope:
      curScope_ = arg(in, 0);
      curInlinedAt_ = argCount(in) > 1 ? arg(in, 1) : 0;
      loc.scope = scopeOf(st, curScope_, curInlinedAt_);
      return true;
    case NonSemanticShaderDebugInfo100DebugLine: {
      const uint32_t scope = loc.scope;
      loc = locOf(st, arg(in, 0), arg(in, 1), arg(in, 3));
      loc.scope = scope;
      return true;
    }
    case NonSemanticShaderDebugInfo100DebugNoLine: loc = DebugLoc{.scope = loc.scope}; return true;
    case NonSemanticShaderDebugInfo100DebugFunctionDefinition:
      if (const RawInst* f = inst(arg(in, 0)); f && instructionOf(*f) == NonSemanticShaderDebugInfo100DebugFunction) {
        curScope_ = arg(in, 0);
        curInlinedAt_ = 0;
        if (!fn.attrs.loc.valid()) fn.attrs.loc = locOf(st, arg(*f, 2), arg(*f, 3), arg(*f, 4));
      }
      return true;
    default: return true;  // DebugNoScope (the exit that follows keeps its scope), anything else
  }
}

std::optional<uint32_t> DebugInfoReader::localVariable(ModuleState& st, uint32_t id, Type type, uint32_t irScope) {
  const RawInst* v = inst(id);
  if (!v || instructionOf(*v) != NonSemanticShaderDebugInfo100DebugLocalVariable) return std::nullopt;
  // A local of an inlined body belongs to the inlining the DebugScope in effect names.
  const auto [inScope, inInlinedAt] = irScope && irScope <= scopeKeys_.size() ? scopeKeys_[irScope - 1]
                                                                            : std::pair<uint32_t, uint32_t>{0, 0};
  const uint32_t scope = arg(*v, 5);
  const uint32_t inlinedAt = inInlinedAt && functionOf(scope) == functionOf(inScope) ? inInlinedAt : 0;
  if (auto it = vars_.find({id, inlinedAt}); it != vars_.end()) {
    DebugVarDef& known = st.module->debugVars[it->second];
    if (!known.type.valid()) known.type = type;
    return it->second;
  }
  if (!type.valid()) return std::nullopt;  // first seen through a member (DebugValue indexes)
  auto name = st.strings.find(arg(*v, 0));
  DebugVarDef d;
  d.name = name == st.strings.end() ? std::string() : name->second;
  d.type = type;
  d.loc = locOf(st, arg(*v, 2), arg(*v, 3), arg(*v, 4));
  d.loc.scope = scopeOf(st, scope, inlinedAt);
  d.argNumber = argCount(*v) > 7 ? number(st, arg(*v, 7)).value_or(0) : 0;
  d.typedefs = typedefsOf(st, arg(*v, 1));
  st.module->debugVars.push_back(std::move(d));
  varOffsets_.push_back(v->offset);
  const uint32_t index = uint32_t(st.module->debugVars.size() - 1);
  vars_[{id, inlinedAt}] = index;
  return index;
}

std::optional<InstDef> DebugInfoReader::variableOp(ModuleState& st, const RawInst& in, DebugLoc loc,
                                                   const std::function<std::optional<Value>(uint32_t)>& valueOf,
                                                   const std::function<Type(const Value&)>& typeOf) {
  const bool declare = instructionOf(in) == NonSemanticShaderDebugInfo100DebugDeclare;
  if (argCount(in) < 3) return std::nullopt;
  // Only the empty expression: DebugOperations (Deref, ...) say something the IR cannot.
  const RawInst* expr = inst(arg(in, 2));
  if (!expr || instructionOf(*expr) != NonSemanticShaderDebugInfo100DebugExpression || argCount(*expr) != 0) return std::nullopt;
  const std::optional<Value> value = valueOf(arg(in, 1));
  if (!value) return std::nullopt;
  std::vector<Operand> indexes;
  for (size_t k = 3; k < argCount(in); ++k) {
    const std::optional<uint32_t> index = number(st, arg(in, k));
    if (!index || declare) return std::nullopt;  // a declare of part of a variable has no IR form
    indexes.push_back(Operand::i(*index));
  }
  Type type = typeOf(*value);
  if (declare) {
    if (!type.valid() || st.cx->def(type).kind != TypeKind::Pointer) return std::nullopt;
    type = st.cx->def(type).element;
  }
  const std::optional<uint32_t> var = localVariable(st, arg(in, 0), indexes.empty() ? type : Type(), loc.scope);
  if (!var) return std::nullopt;
  InstDef op;
  op.op = Opcode::debug(declare ? DebugOp::Declare : DebugOp::Value);
  op.attrs.loc = loc;
  op.operands = {Operand::i(*var), Operand::v(*value)};
  op.operands.insert(op.operands.end(), indexes.begin(), indexes.end());
  return op;
}

void DebugInfoReader::finishModuleFunctions(ModuleState& st) {
  Module& m = *st.module;
  if (varOffsets_.size() != m.debugVars.size()) return;
  std::vector<uint32_t> order(m.debugVars.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return varOffsets_[a] < varOffsets_[b]; });
  std::vector<uint32_t> newIndex(order.size());
  std::vector<DebugVarDef> vars;
  for (uint32_t k = 0; k < order.size(); ++k) {
    newIndex[order[k]] = k;
    vars.push_back(std::move(m.debugVars[order[k]]));
  }
  m.debugVars = std::move(vars);
  for (uint32_t g = 0; g < m.globals.size(); ++g)
    if (uint32_t& v = m.globals[g].debugVar; v && v <= newIndex.size()) v = newIndex[v - 1] + 1;
  for (uint32_t f = 0; f < m.functions.size(); ++f)
    for (uint32_t i = 0; i < m.functions[f].insts.size(); ++i) {
      InstDef& in = m.functions[f].insts[i];
      const bool varOp = in.op.isDebug(DebugOp::Declare) || in.op.isDebug(DebugOp::Value);
      if (varOp && !in.operands.empty() && in.operands[0].isImm && in.operands[0].imm < newIndex.size())
        in.operands[0].imm = newIndex[in.operands[0].imm];
    }
  vars_.clear();
  varOffsets_.clear();
}

}  // namespace sl::spirv::detail
