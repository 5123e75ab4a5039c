// DebugSession's reading of the state at a stop (DebugSession.h): values of SSA ids, locals
// (OpName variables and parameters, or NonSemantic.Shader.DebugInfo.100 locals), globals and
// buffers, watch lookups, the wave view and returned values.
#include "interp/debug/DebugSession.h"

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <cstring>

namespace sl::interp::debug {

namespace {

// How HLSL spells the built-ins a compute shader reads (for display and for watch names).
const char* builtInName(uint32_t builtIn) {
  switch (builtIn) {
    case spv::BuiltInGlobalInvocationId: return "SV_DispatchThreadID";
    case spv::BuiltInLocalInvocationId: return "SV_GroupThreadID";
    case spv::BuiltInWorkgroupId: return "SV_GroupID";
    case spv::BuiltInLocalInvocationIndex: return "SV_GroupIndex";
    case spv::BuiltInNumWorkgroups: return "NumWorkgroups";
    case spv::BuiltInSubgroupSize: return "WaveGetLaneCount";
    case spv::BuiltInSubgroupLocalInvocationId: return "WaveGetLaneIndex";
    default: return nullptr;
  }
}

}  // namespace

std::optional<uint32_t> DebugSession::argumentOf(uint32_t frame, uint32_t id) const {
  const TraceCursor::Frame& f = cursor_.frame(frame);
  const Function& fn = module_.functions[f.function];
  for (size_t k = 0; k < fn.parameterIds.size(); ++k) {
    if (fn.parameterIds[k] != id) continue;
    // The argument of the caller's OpFunctionCall, the step just before the frame began.
    if (f.parent == TraceCursor::kNone || f.firstStep == 0) return 0u;
    const TraceStep& call = trace_->steps[f.firstStep - 1];
    const Function& caller = module_.functions[call.function];
    const Inst& inst = caller.insts[call.inst];
    if (inst.opcode != spv::OpFunctionCall || inst.operandCount < k + 2) return 0u;
    return caller.operandIds[inst.firstOperand + 1 + k];
  }
  return std::nullopt;
}

std::optional<Value> DebugSession::valueOfId(uint32_t frame, uint32_t id, uint32_t lane, int depthLimit) {
  if (id >= module_.typeOf.size() || depthLimit <= 0) return std::nullopt;
  const uint32_t type = module_.typeOf[id];
  if (!type) return std::nullopt;
  if (module_.constantOffset[id] != ~0u) return readRegister(module_, type, module_.constants.data() + module_.constantOffset[id], &info_.memberNames);
  if (frame == TraceCursor::kNone) return std::nullopt;
  const TraceCursor::Frame& f = cursor_.frame(frame);
  const Function& fn = module_.functions[f.function];
  // A parameter: the value its caller passed.
  if (std::optional<uint32_t> argument = argumentOf(frame, id))
    return *argument ? valueOfId(f.parent, *argument, lane, depthLimit - 1) : std::nullopt;
  auto def = definingInst_[f.function].find(id);
  if (def == definingInst_[f.function].end()) return std::nullopt;
  const uint32_t step = cursor_.lastDefinition(frame, def->second);
  if (step == TraceCursor::kNone || !trace_->steps[step].active.test(lane)) return std::nullopt;
  if (fn.insts[def->second].opcode == spv::OpFunctionCall) {
    // A call's result is the callee's returned operand: read it in the frame the call opened.
    if (step + 1 >= trace_->steps.size() || cursor_.frame(cursor_.frameOf(step + 1)).parent != frame) return std::nullopt;
    const TraceCursor::Frame& callee = cursor_.frame(cursor_.frameOf(step + 1));
    if (callee.lastStep >= cursor_.position()) return std::nullopt;  // not returned yet
    const TraceStep& ret = trace_->steps[callee.lastStep];
    const Function& calleeFn = module_.functions[ret.function];
    const Inst& retInst = calleeFn.insts[ret.inst];
    if (retInst.opcode != spv::OpReturnValue || retInst.operandCount < 1) return std::nullopt;
    return valueOfId(cursor_.frameOf(step + 1), calleeFn.operandIds[retInst.firstOperand], lane, depthLimit - 1);
  }
  const uint8_t* bytes = trace_->valueOf(step, lane);
  if (!bytes) return std::nullopt;
  return readRegister(module_, type, bytes, &info_.memberNames);
}

std::optional<Value> DebugSession::localVariable(uint32_t frame, uint32_t id, uint32_t lane) {
  const TraceCursor::Frame& f = cursor_.frame(frame);
  const Function& fn = module_.functions[f.function];
  for (const auto& [localId, layout] : localLayouts_[f.function]) {
    if (localId != id) continue;
    for (const Function::Local& local : fn.locals) {
      if (local.id != id) continue;
      bool written = false;
      const uint32_t size = module_.layout(layout).size;
      const uint8_t* bytes = cursor_.bytes(ObjectKind::LaneStack, 0, lane, uint64_t(f.localsBase) + local.offset, size, &written, f.firstStep);
      if (!bytes || !written) {
        Value v;
        v.opaque = "<uninitialized>";
        v.typeName = typeName(module_, local.type);
        return v;
      }
      return readMemory(module_, layout, bytes, &info_.memberNames);
    }
  }
  return std::nullopt;
}

std::vector<DebugSession::LocalBindings> DebugSession::debugLocals(uint32_t frame, std::optional<uint32_t> scope) const {
  std::vector<LocalBindings> out;
  if (info_.bindings.empty() || frame == TraceCursor::kNone) return out;
  const TraceCursor::Frame& f = cursor_.frame(frame);
  const size_t p = cursor_.position();
  // A binding took effect once the instruction after it ran in this frame, or is about to.
  auto reached = [&](const DebugBinding& b) -> uint32_t {
    if (p < trace_->steps.size() && cursor_.frameOf(p) == frame && trace_->steps[p].inst == b.anchor) return uint32_t(p);
    return cursor_.lastDefinition(frame, b.anchor);
  };
  std::vector<std::vector<std::pair<uint32_t, uint32_t>>> reachedOf(info_.locals.size());  // per local: (step, binding)
  for (uint32_t k = 0; k < info_.bindings.size(); ++k) {
    const DebugBinding& b = info_.bindings[k];
    if (b.function != f.function) continue;
    const uint32_t step = reached(b);
    if (step != TraceCursor::kNone) reachedOf[b.local].push_back({step, k});
  }
  // Only locals whose scope holds the current instruction's (when the module says).
  uint32_t here = scope.value_or(0);
  if (!scope && p < trace_->steps.size() && cursor_.frameOf(p) == frame) {
    const std::vector<uint32_t>& scopes = info_.instScopes[f.function];
    if (trace_->steps[p].inst < scopes.size()) here = scopes[trace_->steps[p].inst];
  }
  for (uint32_t l = 0; l < reachedOf.size(); ++l) {
    auto& steps = reachedOf[l];
    if (steps.empty()) continue;
    if (here && info_.locals[l].scope && !info_.scopeWithin(here, info_.locals[l].scope)) continue;
    // In the order they took effect (bindings anchored at one instruction: module order).
    std::sort(steps.begin(), steps.end());
    size_t from = 0;
    for (size_t k = 0; k < steps.size(); ++k)
      if (info_.bindings[steps[k].second].indexes.empty()) from = k;
    LocalBindings entry{info_.locals[l].name, l, {}};
    for (size_t k = from; k < steps.size(); ++k) entry.bindings.push_back(steps[k].second);
    out.push_back(std::move(entry));
  }
  return out;
}

std::optional<Pointer> DebugSession::pointerOf(uint32_t frame, uint32_t id, uint32_t lane, int depthLimit) {
  if (frame == TraceCursor::kNone || depthLimit <= 0) return std::nullopt;
  const TraceCursor::Frame& f = cursor_.frame(frame);
  const Function& fn = module_.functions[f.function];
  for (const auto& [localId, layout] : localLayouts_[f.function]) {
    if (localId != id) continue;
    for (const Function::Local& local : fn.locals)
      if (local.id == id) return Pointer{makeObject(ObjectKind::LaneStack, 0), layout, uint64_t(f.localsBase) + local.offset};
  }
  // A pointer parameter: the caller's argument.
  if (std::optional<uint32_t> argument = argumentOf(frame, id))
    return *argument ? pointerOf(f.parent, *argument, lane, depthLimit - 1) : std::nullopt;
  auto def = definingInst_[f.function].find(id);
  if (def == definingInst_[f.function].end()) return std::nullopt;
  const uint32_t step = cursor_.lastDefinition(frame, def->second);
  if (step == TraceCursor::kNone || !trace_->steps[step].active.test(lane) || trace_->steps[step].valueSize < sizeof(Pointer)) return std::nullopt;
  const uint8_t* bytes = trace_->valueOf(step, lane);
  if (!bytes) return std::nullopt;
  Pointer pointer;
  std::memcpy(&pointer, bytes, sizeof pointer);
  return pointer;
}

std::optional<Value> DebugSession::pointee(uint32_t frame, uint32_t id, uint32_t lane) {
  if (std::optional<Value> v = localVariable(frame, id, lane)) return v;
  std::optional<Pointer> pointer = pointerOf(frame, id, lane);
  if (!pointer || !pointer->layout) return std::nullopt;
  const ObjectKind kind = objectKind(pointer->object);
  const uint32_t size = module_.layout(pointer->layout).size;
  bool written = false;
  const uint8_t* bytes = cursor_.bytes(kind, objectIndex(pointer->object), lane, pointer->offset, size, &written);
  if (!bytes || (kind == ObjectKind::LaneStack && !written)) {
    Value v;
    v.opaque = "<uninitialized>";
    v.typeName = typeName(module_, module_.layout(pointer->layout).type);
    return v;
  }
  return readMemory(module_, pointer->layout, bytes, &info_.memberNames);
}

std::optional<Value> DebugSession::bindingValue(uint32_t frame, uint32_t binding, uint32_t lane) {
  const DebugBinding& b = info_.bindings[binding];
  auto missing = [&](std::string what) {
    Value v;
    v.opaque = std::move(what);
    const uint32_t type = b.target < module_.typeOf.size() ? module_.typeOf[b.target] : 0;
    v.typeName = b.indexes.empty() ? debugTypeName(info_.types, info_.locals[b.local].type) : "";
    if (v.typeName.empty()) v.typeName = type ? typeName(module_, type) : "?";
    return v;
  };
  if (!b.unsupported.empty()) return missing("<not shown: DebugExpression " + b.unsupported + ">");
  // A DebugDeclare's variable holds the local; a Deref says the value points to it; so does a
  // declared pointer parameter (the caller's variable passed by reference).
  const bool pointer = b.target < module_.typeOf.size() && module_.typeOf[b.target] &&
                       module_.type(module_.typeOf[b.target]).kind == TypeKind::Pointer;
  if (b.deref || (b.declare && pointer)) {
    if (std::optional<Value> v = pointee(frame, b.target, lane)) return v;
    return missing("<not available>");
  }
  std::optional<Value> v = valueOfId(frame, b.target, lane);
  return v ? v : missing("<not available>");
}

namespace {

// Lays `part` over the piece of `whole` that `indexes` name; false when they name none.
bool place(Value& whole, const std::vector<uint32_t>& indexes, size_t at, Value part) {
  if (at == indexes.size()) {
    whole = std::move(part);
    return true;
  }
  if (whole.kind == Value::Kind::Opaque || indexes[at] >= whole.elements.size()) return false;
  // A part's own type name is the SPIR-V one; the shape's (debug info) names it as declared.
  Value& element = whole.elements[indexes[at]];
  const std::string name = element.typeName;
  if (!place(element, indexes, at + 1, std::move(part))) return false;
  if (at + 1 == indexes.size() && !name.empty()) element.typeName = name;
  return true;
}

}  // namespace

Value DebugSession::debugLocalValue(uint32_t frame, const LocalBindings& local, uint32_t lane) {
  const uint32_t type = info_.locals[local.local].type;
  std::optional<Value> value;
  size_t k = 0;
  if (!local.bindings.empty() && info_.bindings[local.bindings[0]].indexes.empty()) value = bindingValue(frame, local.bindings[k++], lane);
  if (k < local.bindings.size() && (!value || value->kind == Value::Kind::Opaque)) {
    // Only parts are known: start from the declared type's shape, all of it not yet set.
    if (std::optional<Value> shape = uninitializedValue(info_.types, type)) value = std::move(shape);
  }
  if (!value) {
    value.emplace();
    value->opaque = "<not available>";
    value->typeName = debugTypeName(info_.types, type);
  }
  for (; k < local.bindings.size(); ++k) {
    const DebugBinding& b = info_.bindings[local.bindings[k]];
    if (std::optional<Value> part = bindingValue(frame, local.bindings[k], lane)) place(*value, b.indexes, 0, std::move(*part));
  }
  applyTypedefNames(info_.types, type, *value);
  return *value;
}

std::optional<Value> DebugSession::bufferValue(const GlobalVariable& g) {
  const ObjectKind kind = g.storageClass == spv::StorageClassPushConstant ? ObjectKind::PushConstant : ObjectKind::Buffer;
  const uint32_t index = kind == ObjectKind::PushConstant ? 0 : uint32_t(&g - module_.globals.data());
  const uint64_t size = cursor_.objectSize(kind, index, 0);
  if (!size || g.layout == 0) return std::nullopt;
  const uint8_t* base = cursor_.bytes(kind, index, 0, 0, uint32_t(std::min<uint64_t>(size, ~0u)));
  const LayoutNode& node = module_.layout(g.layout);
  const Type& type = module_.type(node.type);
  if (type.kind != TypeKind::Struct) return node.size <= size ? std::optional<Value>(readMemory(module_, g.layout, base, &info_.memberNames)) : std::nullopt;
  Value v;
  v.kind = Value::Kind::Struct;
  v.typeName = typeName(module_, node.type);
  for (size_t k = 0; k < node.children.size(); ++k) {
    const LayoutNode& member = module_.layout(node.children[k]);
    const uint64_t at = node.offsets[k];
    Value m;
    if (module_.type(member.type).kind == TypeKind::RuntimeArray) {
      // As many elements as the buffer holds (at most 65536 are read).
      m.kind = Value::Kind::Array;
      m.typeName = typeName(module_, member.type);
      const uint64_t count = member.stride && size > at ? std::min<uint64_t>((size - at) / member.stride, 65536) : 0;
      for (uint64_t e = 0; e < count; ++e) m.elements.push_back(readMemory(module_, member.children[0], base + at + e * member.stride, &info_.memberNames));
    } else if (at + member.size <= size) {
      m = readMemory(module_, node.children[k], base + at, &info_.memberNames);
    } else {
      m.opaque = "<not in the buffer>";
      m.typeName = typeName(module_, member.type);
    }
    v.elements.push_back(std::move(m));
    const auto& names = info_.memberNames;
    v.memberNames.push_back(node.type < names.size() && k < names[node.type].size() && !names[node.type][k].empty() ? names[node.type][k]
                                                                                                                  : "m" + std::to_string(k));
  }
  // A structured or byte-address buffer is its array in HLSL.
  if (g.storageClass == spv::StorageClassStorageBuffer && v.elements.size() == 1 && v.elements[0].kind == Value::Kind::Array) return v.elements[0];
  return v;
}

std::optional<Value> DebugSession::lookup(const std::string& name, uint32_t lane) {
  const uint32_t frame = cursor_.currentFrame();
  if (frame != TraceCursor::kNone) {
    const TraceCursor::Frame& f = cursor_.frame(frame);
    const Function& fn = module_.functions[f.function];
    for (const LocalBindings& local : debugLocals(frame))
      if (local.name == name) return debugLocalValue(frame, local, lane);
    for (const auto& [id, layout] : localLayouts_[f.function])
      if (module_.names[id] == name) return localVariable(frame, id, lane);
    for (uint32_t id : fn.parameterIds)
      if (module_.names[id] == name) return valueOfId(frame, id, lane);
    for (const auto& [id, inst] : definingInst_[f.function])
      if (module_.names[id] == name && module_.type(module_.typeOf[id]).kind != TypeKind::Pointer)
        if (std::optional<Value> v = valueOfId(frame, id, lane)) return v;
  }
  for (const GlobalVariable& g : module_.globals) {
    const char* alias = g.builtIn ? builtInName(*g.builtIn) : nullptr;
    if (g.name != name && !(alias && name == alias)) continue;
    ObjectKind kind;
    switch (g.storageClass) {
      case spv::StorageClassInput: kind = ObjectKind::LaneInput; break;
      case spv::StorageClassPrivate: kind = ObjectKind::LanePrivate; break;
      case spv::StorageClassWorkgroup: kind = ObjectKind::Workgroup; break;
      default: continue;
    }
    const uint8_t* bytes = cursor_.bytes(kind, 0, lane, g.offset, module_.layout(g.layout).size);
    if (!bytes) continue;
    return readMemory(module_, g.layout, bytes, &info_.memberNames);
  }
  // Buffers by their variable's name; a constant buffer's or push constant block's members by
  // their own names too (HLSL names cbuffer members directly).
  for (const GlobalVariable& g : module_.globals) {
    const bool block = g.storageClass == spv::StorageClassUniform || g.storageClass == spv::StorageClassPushConstant;
    if (g.storageClass != spv::StorageClassStorageBuffer && !block) continue;
    if (g.name == name) return bufferValue(g);
    if (!block || g.type >= info_.memberNames.size()) continue;
    const auto& members = info_.memberNames[g.type];
    for (size_t k = 0; k < members.size(); ++k)
      if (members[k] == name)
        if (std::optional<Value> v = bufferValue(g); v && k < v->elements.size()) return v->elements[k];
  }
  return std::nullopt;
}

EvalResult DebugSession::evaluate(std::string_view expression, std::optional<uint32_t> lane) {
  ParsedExpr parsed = parseExpression(expression);
  if (!parsed.expr) return {std::nullopt, parsed.error};
  if (finished()) return {std::nullopt, {1, "the invocation has finished (step back to read its variables)"}};
  const uint32_t l = lane.value_or(trace_->lane);
  return debug::evaluate(*parsed.expr, [&](const std::string& name) { return lookup(name, l); });
}

std::vector<Variable> DebugSession::markChanged(std::vector<Variable> variables, std::vector<std::pair<std::string, std::string>>& previous) {
  std::vector<std::pair<std::string, std::string>> now;
  const std::string frame = std::to_string(cursor_.currentFrame()) + "/";
  for (Variable& v : variables) {
    const std::string key = frame + v.name;
    const std::string text = formatValue(v.value, Format::Hex);
    now.push_back({key, text});
    for (const auto& [k, before] : previous)
      if (k == key) v.changed = before != text;
  }
  previous = std::move(now);
  return variables;
}

std::vector<DebugSession::StackEntry> DebugSession::stackEntries() const {
  std::vector<StackEntry> entries;
  uint32_t frame = cursor_.currentFrame();
  if (frame == TraceCursor::kNone) return entries;
  // The same walk as callStack(): per real frame, the step it is at, then its inlining levels
  // outwards, each at the scope of its call.
  auto expand = [&](uint32_t realFrame, size_t step) {
    uint32_t scope = 0, level = 0;
    if (step < trace_->steps.size()) {
      const TraceStep& s = trace_->steps[step];
      if (s.inst < info_.instScopes[s.function].size()) scope = info_.instScopes[s.function][s.inst];
      level = inlinedOf(step);
    }
    entries.push_back({realFrame, scope});
    for (int guard = 0; level && guard < int(kInlineLevels); ++guard) {
      auto it = info_.inlinedAt.find(level);
      if (it == info_.inlinedAt.end()) break;
      entries.push_back({realFrame, it->second.scope});
      level = it->second.next;
    }
  };
  expand(frame, cursor_.position());
  for (uint32_t child = frame; cursor_.frame(child).parent != TraceCursor::kNone; child = cursor_.frame(child).parent) {
    const TraceCursor::Frame& f = cursor_.frame(child);
    if (f.firstStep > 0) expand(f.parent, f.firstStep - 1);
    else entries.push_back({f.parent, 0});
  }
  return entries;
}

std::vector<Variable> DebugSession::frameLocals(size_t index, uint32_t lane) {
  std::vector<Variable> out;
  const std::vector<StackEntry> entries = stackEntries();
  if (index >= entries.size()) return out;
  const StackEntry& e = entries[index];
  return debugVariables(e.frame, e.scope ? std::optional<uint32_t>(e.scope) : std::nullopt, lane);
}

std::vector<Variable> DebugSession::debugVariables(uint32_t frame, std::optional<uint32_t> scope, uint32_t lane) {
  std::vector<Variable> out;
  for (const LocalBindings& local : debugLocals(frame, scope)) {
    Value value = debugLocalValue(frame, local, lane);
    Variable v;
    v.scope = Variable::Scope::Local;
    v.name = local.name;
    v.type = value.typeName;
    v.value = std::move(value);
    out.push_back(std::move(v));
  }
  return out;
}

std::vector<Variable> DebugSession::locals() {
  std::vector<Variable> out;
  const uint32_t frame = cursor_.currentFrame();
  const uint32_t lane = trace_->lane;
  if (frame == TraceCursor::kNone) return out;
  const TraceCursor::Frame& f = cursor_.frame(frame);
  const Function& fn = module_.functions[f.function];
  auto add = [&](Variable::Scope scope, uint32_t id, std::optional<Value> value) {
    if (!value) return;
    Variable v;
    v.scope = scope;
    v.name = module_.names[id];
    v.type = value->typeName;
    v.value = std::move(*value);
    out.push_back(std::move(v));
  };
  // A parameter the function copies into a variable of the same name (what DXC-style front ends
  // emit) is shown once, as the variable the code reads.
  auto hasLocalNamed = [&](const std::string& name) {
    for (const auto& local : localLayouts_[f.function])
      if (module_.names[local.first] == name) return true;
    return false;
  };
  // NonSemantic.Shader.DebugInfo.100 locals, when the function has them, say everything.
  bool described = false;
  for (const DebugBinding& b : info_.bindings) described |= b.function == f.function;
  if (described) {
    out = debugVariables(frame, std::nullopt, lane);
    if (localsPosition_ != cursor_.position()) {
      localsPosition_ = cursor_.position();
      out = markChanged(std::move(out), previousLocals_);
    }
    return out;
  }
  for (uint32_t id : fn.parameterIds)
    if (!module_.names[id].empty() && !hasLocalNamed(module_.names[id])) add(Variable::Scope::Parameter, id, valueOfId(frame, id, lane));
  for (const auto& [id, layout] : localLayouts_[f.function])
    if (!module_.names[id].empty()) add(Variable::Scope::Local, id, lookup(module_.names[id], lane));
  for (uint32_t i = 0; i < fn.insts.size(); ++i) {
    const Inst& inst = fn.insts[i];
    if (!inst.resultId || inst.opcode == spv::OpVariable || module_.names[inst.resultId].empty()) continue;
    if (module_.type(inst.typeId).kind == TypeKind::Pointer) continue;
    add(Variable::Scope::Value, inst.resultId, valueOfId(frame, inst.resultId, lane));
  }
  if (localsPosition_ != cursor_.position()) {
    localsPosition_ = cursor_.position();
    out = markChanged(std::move(out), previousLocals_);
  }
  return out;
}

std::vector<Variable> DebugSession::globals() {
  std::vector<Variable> out;
  for (const GlobalVariable& g : module_.globals) {
    Variable::Scope scope;
    switch (g.storageClass) {
      case spv::StorageClassInput: scope = Variable::Scope::Input; break;
      case spv::StorageClassPrivate: scope = Variable::Scope::Private; break;
      case spv::StorageClassWorkgroup: scope = Variable::Scope::Groupshared; break;
      default: continue;
    }
    const char* alias = g.builtIn ? builtInName(*g.builtIn) : nullptr;
    const std::string name = alias ? alias : g.name.empty() ? "%" + std::to_string(g.id) : g.name;
    std::optional<Value> value = lookup(alias ? alias : g.name, trace_->lane);
    if (!value) continue;
    Variable v;
    v.scope = scope;
    v.name = name;
    v.type = value->typeName;
    v.value = std::move(*value);
    out.push_back(std::move(v));
  }
  if (globalsPosition_ != cursor_.position()) {
    globalsPosition_ = cursor_.position();
    out = markChanged(std::move(out), previousGlobals_);
  }
  return out;
}

std::vector<LaneValue> DebugSession::wave(std::string_view expression) {
  std::vector<LaneValue> lanes;
  const Mask active = activeMask();
  const size_t p = cursor_.position();
  std::unique_ptr<Expr> parsed;
  ExprError parseError;
  if (!expression.empty()) {
    ParsedExpr r = parseExpression(expression);
    parsed = std::move(r.expr);
    parseError = r.error;
  }
  trace_->liveLanes.forEach([&](uint32_t lane) {
    LaneValue v;
    v.lane = lane;
    if (lane < trace_->laneLocalIds.size()) v.localId = trace_->laneLocalIds[lane];
    v.active = active.test(lane);
    if (!expression.empty()) {
      if (!parsed) {
        v.error = std::to_string(parseError.column) + ": " + parseError.message;
      } else {
        EvalResult r = debug::evaluate(*parsed, [&](const std::string& name) { return lookup(name, lane); });
        if (r.value) v.value = std::move(r.value);
        else v.error = std::to_string(r.error.column) + ": " + r.error.message;
      }
    } else if (p > 0) {
      const TraceStep& step = trace_->steps[p - 1];
      const Inst& inst = module_.functions[step.function].insts[step.inst];
      const uint8_t* bytes = trace_->valueOf(p - 1, lane);
      if (bytes && step.active.test(lane) && inst.typeId) v.value = readRegister(module_, inst.typeId, bytes, &info_.memberNames);
      else v.error = step.active.test(lane) ? "no value" : "inactive";
    }
    lanes.push_back(std::move(v));
  });
  return lanes;
}

std::optional<Value> DebugSession::returnedValue() {
  const size_t p = cursor_.position();
  if (p == 0 || p > trace_->steps.size() || p >= activeEnd_) return std::nullopt;
  const TraceStep& last = trace_->steps[p - 1];
  const Inst& inst = module_.functions[last.function].insts[last.inst];
  if (inst.opcode != spv::OpReturnValue || last.depth <= trace_->steps[std::min(p, trace_->steps.size() - 1)].depth ||
      !last.active.test(trace_->lane))
    return std::nullopt;
  // The returned value is the operand of the callee's OpReturnValue, read in the callee's frame.
  const Function& callee = module_.functions[last.function];
  if (inst.operandCount < 1) return std::nullopt;
  return valueOfId(cursor_.frameOf(p - 1), callee.operandIds[inst.firstOperand], trace_->lane);
}

}  // namespace sl::interp::debug
