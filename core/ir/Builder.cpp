#include "core/ir/Builder.h"

#include <spirv/unified1/spirv.hpp>


namespace sl::ir {

Builder::Builder(Module& module) : module_(module) {}

// ---------------------------------------------------------------- functions

FuncId Builder::declareFunction(std::string name, Type returnType, std::vector<Type> paramTypes,
                                std::vector<std::string> paramNames) {
  FunctionDef f;
  f.attrs.name = std::move(name);
  f.attrs.loc = loc_;
  f.returnType = returnType;
  RegionDef body;
  body.inputAttrs.resize(paramTypes.size());
  for (size_t i = 0; i < paramNames.size() && i < paramTypes.size(); ++i) body.inputAttrs[i].name = paramNames[i];
  body.inputTypes = std::move(paramTypes);
  f.regions.push_back(std::move(body));
  f.body = RegionId(0);
  module_.functions.push_back(std::move(f));
  return FuncId(static_cast<uint32_t>(module_.functions.size() - 1));
}

FuncId Builder::createFunction(std::string name, Type returnType, std::vector<Type> paramTypes,
                               std::vector<std::string> paramNames) {
  FuncId f = declareFunction(std::move(name), returnType, std::move(paramTypes), std::move(paramNames));
  setFunction(f);
  return f;
}

void Builder::setFunction(FuncId f) {
  func_ = f;
  frames_.clear();
  FunctionDef& fn = function();
  region_ = fn.body;
  entryBlock_ = NodeId();
  localCount_ = 0;
  terminated_.clear();
  for (uint32_t i = 0; i < fn.regions.size(); ++i)
    if (fn.regions[i].exit.kind != ExitKind::Yield) terminated_.insert(i);
  const RegionDef& body = fn.region(fn.body);
  if (!body.nodes.empty() && fn.node(body.nodes.front()).kind == NodeKind::Block) {
    entryBlock_ = body.nodes.front();
    for (InstId i : fn.node(entryBlock_).insts) {
      if (!fn.inst(i).op.isSpv(spv::OpVariable)) break;
      ++localCount_;
    }
  } else if (body.nodes.empty()) {
    // A fresh body: its first node is the entry block holding the locals (SPIR-V wants them
    // first).
    entryBlock_ = newNode(NodeKind::Block);
  }
}

Value Builder::param(uint32_t index) const {
  return Value::regionInput(module_.function(func_).body, index);
}

GlobalVarId Builder::global(std::string name, Type type, uint32_t storageClass, Const initializer) {
  GlobalVarId g = module_.addGlobal(std::move(name), type, storageClass, initializer);
  module_.global(g).attrs.loc = loc_;
  return g;
}

void Builder::decorate(GlobalVarId g, uint32_t decoration, std::vector<uint32_t> operands) {
  module_.global(g).attrs.decorations.push_back({decoration, std::move(operands)});
}

void Builder::bind(GlobalVarId g, uint32_t set, uint32_t binding) {
  decorate(g, spv::DecorationDescriptorSet, {set});
  decorate(g, spv::DecorationBinding, {binding});
}

EntryPoint& Builder::entryPoint(FuncId f, uint32_t executionModel, std::string name) {
  EntryPoint ep;
  ep.executionModel = executionModel;
  ep.name = std::move(name);
  ep.function = f;
  module_.entryPoints.push_back(std::move(ep));
  return module_.entryPoints.back();
}

// ---------------------------------------------------------------- insertion

void Builder::setInsertPoint(RegionId region) { region_ = region; }

bool Builder::isTerminated() const {
  const FunctionDef& fn = module_.function(func_);
  const RegionDef& r = fn.region(region_);
  // A detached region (dead code sink) counts as terminated.
  if (!r.parent.valid() && region_ != fn.body) return true;
  return terminated_.count(region_.index) != 0;
}

RegionId Builder::newRegion(NodeId parent, std::vector<Type> inputTypes) {
  FunctionDef& fn = function();
  RegionDef r;
  r.parent = parent;
  r.inputAttrs.resize(inputTypes.size());
  r.inputTypes = std::move(inputTypes);
  fn.regions.push_back(std::move(r));
  return RegionId(static_cast<uint32_t>(fn.regions.size() - 1));
}

NodeId Builder::newNode(NodeKind kind) {
  FunctionDef& fn = function();
  NodeDef n;
  n.kind = kind;
  n.parent = region_;
  n.attrs.loc = loc_;
  fn.nodes.push_back(std::move(n));
  NodeId id(static_cast<uint32_t>(fn.nodes.size() - 1));
  fn.region(region_).nodes.push_back(id);
  return id;
}

void Builder::terminate(Exit exit) {
  if (isTerminated()) return;  // dead code: the exit is unreachable, drop it
  FunctionDef& fn = function();
  terminated_.insert(region_.index);
  fn.region(region_).exit = std::move(exit);
  // Anything emitted after this is dead: send it to a detached region.
  region_ = newRegion(NodeId(), {});
}

// ---------------------------------------------------------------- instructions

InstId Builder::emit(Opcode op, Type resultType, std::vector<Operand> operands) {
  FunctionDef& fn = function();
  RegionDef& r = fn.region(region_);
  NodeId block;
  if (!r.nodes.empty() && fn.node(r.nodes.back()).kind == NodeKind::Block) block = r.nodes.back();
  else block = newNode(NodeKind::Block);
  InstDef inst;
  inst.op = op;
  inst.resultType = resultType;
  inst.operands = std::move(operands);
  inst.attrs.loc = loc_;
  inst.block = block;
  fn.insts.push_back(std::move(inst));
  InstId id(static_cast<uint32_t>(fn.insts.size() - 1));
  fn.node(block).insts.push_back(id);
  return id;
}

Value Builder::spv(uint32_t opcode, Type resultType, std::vector<Operand> operands) {
  InstId i = emit(Opcode::spv(opcode), resultType, std::move(operands));
  return resultType.valid() ? Value::inst(i) : Value();
}

void Builder::spvVoid(uint32_t opcode, std::vector<Operand> operands) {
  emit(Opcode::spv(opcode), Type(), std::move(operands));
}

uint32_t Builder::newScope(DebugScopeDef scope) {
  module_.debugScopes.push_back(std::move(scope));
  return static_cast<uint32_t>(module_.debugScopes.size());
}

uint32_t Builder::debugVar(DebugVarDef var) {
  module_.debugVars.push_back(std::move(var));
  return static_cast<uint32_t>(module_.debugVars.size() - 1);
}

void Builder::debugDeclare(uint32_t var, Value pointer) {
  emit(Opcode::debug(DebugOp::Declare), Type(), {Operand::i(var), Operand::v(pointer)});
}

void Builder::debugValue(uint32_t var, Value value, std::vector<uint32_t> indexes) {
  std::vector<Operand> ops{Operand::i(var), Operand::v(value)};
  for (uint32_t i : indexes) ops.push_back(Operand::i(i));
  emit(Opcode::debug(DebugOp::Value), Type(), std::move(ops));
}

void Builder::debugPrintf(std::string format, const std::vector<Value>& args) {
  module_.printfFormats.push_back(std::move(format));
  std::vector<Operand> ops{Operand::i(static_cast<uint32_t>(module_.printfFormats.size() - 1))};
  for (const Value& v : args) ops.push_back(Operand::v(v));
  emit(Opcode::debug(DebugOp::Printf), Type(), std::move(ops));
}

static std::vector<Operand> valuesToOperands(const std::vector<Value>& values) {
  std::vector<Operand> ops;
  ops.reserve(values.size());
  for (const Value& v : values) ops.push_back(Operand::v(v));
  return ops;
}

Value Builder::glsl(uint32_t instNumber, Type resultType, std::vector<Value> args) {
  return Value::inst(emit(Opcode::glsl(instNumber), resultType, valuesToOperands(args)));
}

Value Builder::qptr(QptrOp op, Type resultType, std::vector<Operand> operands) {
  InstId i = emit(Opcode::qptr(op), resultType, std::move(operands));
  return resultType.valid() ? Value::inst(i) : Value();
}

Value Builder::hlsl(HlslOp op, Type resultType, std::vector<Operand> operands) {
  InstId i = emit(Opcode::hlsl(op), resultType, std::move(operands));
  return resultType.valid() ? Value::inst(i) : Value();
}

Value Builder::call(FuncId callee, std::vector<Value> args) {
  std::vector<Operand> ops{Operand::v(Value::func(callee))};
  for (const Value& a : args) ops.push_back(Operand::v(a));
  Type ret = module_.function(callee).returnType;
  InstId i = emit(Opcode::call(), ret, std::move(ops));
  // A void call has no usable result, but still gets the void result type for OpFunctionCall.
  return cx().def(ret).kind == TypeKind::Void ? Value() : Value::inst(i);
}

InstDef& Builder::instOf(Value v) {
  if (v.kind != ValueKind::InstResult || v.a >= function().insts.size()) {
    misuse("instOf: the value is not an instruction result");
    scratchInst_ = InstDef();
    return scratchInst_;
  }
  return function().inst(v.asInst());
}

void Builder::misuse(std::string message) const { errors_.push_back(std::move(message)); }

const Builder::Frame* Builder::topFrame(NodeKind kind, SelectKind selectKind, const char* what) const {
  if (!frames_.empty()) {
    const NodeDef& n = module_.function(func_).node(frames_.back().node);
    if (n.kind == kind && (kind != NodeKind::Select || n.selectKind == selectKind)) return &frames_.back();
  }
  misuse(std::string(what) + " without a matching open construct");
  return nullptr;
}

void Builder::name(Value v, std::string name) { instOf(v).attrs.name = std::move(name); }

void Builder::decorate(Value v, uint32_t decoration, std::vector<uint32_t> operands) {
  instOf(v).attrs.decorations.push_back({decoration, std::move(operands)});
}

// ---------------------------------------------------------------- arithmetic

Value Builder::binary(uint32_t opcode, Value a, Value b) {
  return spv(opcode, module_.typeOf(function(), a), {Operand::v(a), Operand::v(b)});
}

Value Builder::unary(uint32_t opcode, Value a) {
  return spv(opcode, module_.typeOf(function(), a), {Operand::v(a)});
}

Value Builder::compare(uint32_t opcode, Value a, Value b) {
  Type t = module_.typeOf(function(), a);
  Type result = cx().boolType();
  if (t.valid() && cx().def(t).kind == TypeKind::Vector) result = cx().vectorType(result, cx().def(t).count);
  return spv(opcode, result, {Operand::v(a), Operand::v(b)});
}

Value Builder::convert(uint32_t opcode, Type to, Value a) { return spv(opcode, to, {Operand::v(a)}); }

Value Builder::iadd(Value a, Value b) { return binary(spv::OpIAdd, a, b); }
Value Builder::isub(Value a, Value b) { return binary(spv::OpISub, a, b); }
Value Builder::imul(Value a, Value b) { return binary(spv::OpIMul, a, b); }
Value Builder::udiv(Value a, Value b) { return binary(spv::OpUDiv, a, b); }
Value Builder::umod(Value a, Value b) { return binary(spv::OpUMod, a, b); }
Value Builder::sdiv(Value a, Value b) { return binary(spv::OpSDiv, a, b); }
Value Builder::srem(Value a, Value b) { return binary(spv::OpSRem, a, b); }
Value Builder::frem(Value a, Value b) { return binary(spv::OpFRem, a, b); }
Value Builder::fneg(Value a) { return unary(spv::OpFNegate, a); }
Value Builder::sneg(Value a) { return unary(spv::OpSNegate, a); }
Value Builder::bitXor(Value a, Value b) { return binary(spv::OpBitwiseXor, a, b); }
Value Builder::bitNot(Value a) { return unary(spv::OpNot, a); }
Value Builder::shra(Value a, Value b) { return binary(spv::OpShiftRightArithmetic, a, b); }
Value Builder::ule(Value a, Value b) { return compare(spv::OpULessThanEqual, a, b); }
Value Builder::uge(Value a, Value b) { return compare(spv::OpUGreaterThanEqual, a, b); }
Value Builder::sle(Value a, Value b) { return compare(spv::OpSLessThanEqual, a, b); }
Value Builder::sgt(Value a, Value b) { return compare(spv::OpSGreaterThan, a, b); }
Value Builder::sge(Value a, Value b) { return compare(spv::OpSGreaterThanEqual, a, b); }
Value Builder::feq(Value a, Value b) { return compare(spv::OpFOrdEqual, a, b); }
Value Builder::fne(Value a, Value b) { return compare(spv::OpFOrdNotEqual, a, b); }
Value Builder::fle(Value a, Value b) { return compare(spv::OpFOrdLessThanEqual, a, b); }
Value Builder::fgt(Value a, Value b) { return compare(spv::OpFOrdGreaterThan, a, b); }
Value Builder::fge(Value a, Value b) { return compare(spv::OpFOrdGreaterThanEqual, a, b); }
Value Builder::logicalAnd(Value a, Value b) { return binary(spv::OpLogicalAnd, a, b); }
Value Builder::logicalOr(Value a, Value b) { return binary(spv::OpLogicalOr, a, b); }
Value Builder::fadd(Value a, Value b) { return binary(spv::OpFAdd, a, b); }
Value Builder::fsub(Value a, Value b) { return binary(spv::OpFSub, a, b); }
Value Builder::fmul(Value a, Value b) { return binary(spv::OpFMul, a, b); }
Value Builder::fdiv(Value a, Value b) { return binary(spv::OpFDiv, a, b); }
Value Builder::bitAnd(Value a, Value b) { return binary(spv::OpBitwiseAnd, a, b); }
Value Builder::bitOr(Value a, Value b) { return binary(spv::OpBitwiseOr, a, b); }
Value Builder::shl(Value a, Value b) { return binary(spv::OpShiftLeftLogical, a, b); }
Value Builder::shr(Value a, Value b) { return binary(spv::OpShiftRightLogical, a, b); }
Value Builder::ieq(Value a, Value b) { return compare(spv::OpIEqual, a, b); }
Value Builder::ine(Value a, Value b) { return compare(spv::OpINotEqual, a, b); }
Value Builder::ult(Value a, Value b) { return compare(spv::OpULessThan, a, b); }
Value Builder::ugt(Value a, Value b) { return compare(spv::OpUGreaterThan, a, b); }
Value Builder::slt(Value a, Value b) { return compare(spv::OpSLessThan, a, b); }
Value Builder::flt(Value a, Value b) { return compare(spv::OpFOrdLessThan, a, b); }
Value Builder::logicalNot(Value a) { return unary(spv::OpLogicalNot, a); }

Value Builder::select(Value condition, Value a, Value b) {
  return spv(spv::OpSelect, module_.typeOf(function(), a),
             {Operand::v(condition), Operand::v(a), Operand::v(b)});
}

Value Builder::extract(Value composite, std::vector<uint32_t> indices) {
  Type t = module_.typeOf(function(), composite);
  std::vector<Operand> ops{Operand::v(composite)};
  for (uint32_t index : indices) {
    ops.push_back(Operand::i(index));
    if (!t.valid()) break;
    const TypeDef& d = cx().def(t);
    t = d.kind == TypeKind::Struct ? (index < d.members.size() ? d.members[index].type : Type())
                                   : d.element;
  }
  return spv(spv::OpCompositeExtract, t, std::move(ops));
}

Value Builder::construct(Type type, std::vector<Value> parts) {
  return spv(spv::OpCompositeConstruct, type, valuesToOperands(parts));
}

Value Builder::bitcast(Type to, Value a) { return spv(spv::OpBitcast, to, {Operand::v(a)}); }

// ---------------------------------------------------------------- memory

Value Builder::local(Type type, std::string name, Const init) {
  FunctionDef& fn = function();
  if (!entryBlock_.valid()) {
    // Functions built elsewhere may lack an entry block: create one at the front of the body.
    NodeDef n;
    n.kind = NodeKind::Block;
    n.parent = fn.body;
    fn.nodes.push_back(std::move(n));
    entryBlock_ = NodeId(static_cast<uint32_t>(fn.nodes.size() - 1));
    auto& nodes = fn.region(fn.body).nodes;
    nodes.insert(nodes.begin(), entryBlock_);
  }
  InstDef inst;
  inst.op = Opcode::spv(spv::OpVariable);
  inst.resultType = cx().pointerType(spv::StorageClassFunction, type);
  inst.operands.push_back(Operand::i(spv::StorageClassFunction));
  if (init.valid()) inst.operands.push_back(Operand::v(Value::constant(init)));
  inst.attrs.name = std::move(name);
  inst.attrs.loc = loc_;
  inst.block = entryBlock_;
  fn.insts.push_back(std::move(inst));
  InstId id(static_cast<uint32_t>(fn.insts.size() - 1));
  auto& insts = fn.node(entryBlock_).insts;
  insts.insert(insts.begin() + localCount_, id);
  ++localCount_;
  return Value::inst(id);
}

Type Builder::pointeeOf(Value pointer) {
  Type t = module_.typeOf(function(), pointer);
  if (!t.valid() || cx().def(t).kind != TypeKind::Pointer) return {};
  return cx().def(t).element;
}

Value Builder::accessChain(Value base, std::vector<Value> indices) {
  Type baseType = module_.typeOf(function(), base);
  uint32_t storageClass = baseType.valid() ? cx().def(baseType).storageClass : 0;
  Type t = pointeeOf(base);
  std::vector<Operand> ops{Operand::v(base)};
  for (const Value& index : indices) {
    ops.push_back(Operand::v(index));
    if (!t.valid()) continue;
    const TypeDef& d = cx().def(t);
    if (d.kind == TypeKind::Struct) {
      uint32_t member = index.kind == ValueKind::Const
                            ? static_cast<uint32_t>(cx().def(index.asConst()).bits)
                            : UINT32_MAX;
      t = member < d.members.size() ? d.members[member].type : Type();
    } else if (d.kind == TypeKind::Matrix || d.kind == TypeKind::Vector ||
               d.kind == TypeKind::Array || d.kind == TypeKind::RuntimeArray) {
      t = d.element;
    } else {
      t = Type();
    }
  }
  Type result = t.valid() ? cx().pointerType(storageClass, t) : Type();
  return spv(spv::OpAccessChain, result, std::move(ops));
}

Value Builder::load(Value pointer) { return spv(spv::OpLoad, pointeeOf(pointer), {Operand::v(pointer)}); }

void Builder::store(Value pointer, Value value) {
  spvVoid(spv::OpStore, {Operand::v(pointer), Operand::v(value)});
}

Value Builder::arrayLength(Value structPointer, uint32_t memberIndex) {
  return spv(spv::OpArrayLength, cx().u32(), {Operand::v(structPointer), Operand::i(memberIndex)});
}

Value Builder::atomic(uint32_t opcode, Value pointer, uint32_t scope, uint32_t semantics, Value value) {
  return spv(opcode, pointeeOf(pointer),
             {Operand::v(pointer), Operand::v(constU32(scope)), Operand::v(constU32(semantics)),
              Operand::v(value)});
}

void Builder::controlBarrier(uint32_t executionScope, uint32_t memoryScope, uint32_t semantics) {
  spvVoid(spv::OpControlBarrier, {Operand::v(constU32(executionScope)), Operand::v(constU32(memoryScope)),
                                  Operand::v(constU32(semantics))});
}

void Builder::memoryBarrier(uint32_t memoryScope, uint32_t semantics) {
  spvVoid(spv::OpMemoryBarrier, {Operand::v(constU32(memoryScope)), Operand::v(constU32(semantics))});
}

Value Builder::nonUniform(Value index) {
  Value v = spv(spv::OpCopyObject, module_.typeOf(function(), index), {Operand::v(index)});
  decorate(v, spv::DecorationNonUniform);
  return v;
}

// ---------------------------------------------------------------- control flow

void Builder::closeOpenRegion(ExitKind kind) {
  if (isTerminated()) return;
  Exit e;
  e.kind = kind;
  e.loc = loc_;
  terminate(std::move(e));
}

NodeId Builder::beginIf(Value condition, std::vector<Type> outputTypes) {
  RegionId parentRegion = region_;
  NodeId n = newNode(NodeKind::Select);
  FunctionDef& fn = function();
  fn.node(n).selectKind = SelectKind::If;
  fn.node(n).condition = condition;
  fn.node(n).outputAttrs.resize(outputTypes.size());
  fn.node(n).outputTypes = std::move(outputTypes);
  RegionId thenRegion = newRegion(n, {});
  RegionId elseRegion = newRegion(n, {});
  fn.node(n).cases = {thenRegion, elseRegion};
  frames_.push_back({n, parentRegion});
  region_ = thenRegion;
  return n;
}

void Builder::beginElse() {
  const Frame* f = topFrame(NodeKind::Select, SelectKind::If, "beginElse");
  if (!f) return;
  closeOpenRegion(ExitKind::Yield);
  region_ = function().node(f->node).cases[1];
}

NodeId Builder::endIf() {
  if (!topFrame(NodeKind::Select, SelectKind::If, "endIf")) return NodeId();
  closeOpenRegion(ExitKind::Yield);
  Frame f = frames_.back();
  frames_.pop_back();
  // An else region never entered still yields (no values) by default.
  region_ = f.region;
  return f.node;
}

NodeId Builder::beginLoop(std::vector<Value> initialValues, std::vector<Type> outputTypes,
                          std::vector<Type> continuingInputTypes) {
  RegionId parentRegion = region_;
  std::vector<Type> inputTypes;
  for (const Value& v : initialValues) inputTypes.push_back(module_.typeOf(function(), v));
  NodeId n = newNode(NodeKind::Loop);
  RegionId body = newRegion(n, inputTypes);
  RegionId continuing = newRegion(n, std::move(continuingInputTypes));
  FunctionDef& fn = function();
  NodeDef& node = fn.node(n);
  node.initialInputs = std::move(initialValues);
  node.outputAttrs.resize(outputTypes.size());
  node.outputTypes = std::move(outputTypes);
  node.body = body;
  node.continuing = continuing;
  frames_.push_back({n, parentRegion});
  region_ = body;
  return n;
}

Value Builder::loopInput(uint32_t index) const {
  const Frame* f = topFrame(NodeKind::Loop, SelectKind::If, "loopInput");
  return f ? Value::regionInput(module_.function(func_).node(f->node).body, index) : Value();
}

void Builder::beginContinuing() {
  const Frame* f = topFrame(NodeKind::Loop, SelectKind::If, "beginContinuing");
  if (!f) return;
  closeOpenRegion(ExitKind::Yield);
  region_ = function().node(f->node).continuing;
}

Value Builder::continuingInput(uint32_t index) const {
  const Frame* f = topFrame(NodeKind::Loop, SelectKind::If, "continuingInput");
  return f ? Value::regionInput(module_.function(func_).node(f->node).continuing, index) : Value();
}

NodeId Builder::endLoop() {
  if (!topFrame(NodeKind::Loop, SelectKind::If, "endLoop")) return NodeId();
  NodeId n = frames_.back().node;
  FunctionDef& fn = function();
  RegionId continuing = fn.node(n).continuing;
  if (region_ != continuing) {
    // Still in the body (no beginContinuing): the body falls into an empty continuing region.
    closeOpenRegion(ExitKind::Yield);
    region_ = continuing;
  }
  closeOpenRegion(ExitKind::Yield);  // unconditional back edge
  Frame f = frames_.back();
  frames_.pop_back();
  region_ = f.region;
  return n;
}

NodeId Builder::beginSwitch(Value selector, std::vector<Type> outputTypes) {
  RegionId parentRegion = region_;
  NodeId n = newNode(NodeKind::Select);
  FunctionDef& fn = function();
  fn.node(n).selectKind = SelectKind::Switch;
  fn.node(n).condition = selector;
  fn.node(n).outputAttrs.resize(outputTypes.size());
  fn.node(n).outputTypes = std::move(outputTypes);
  frames_.push_back({n, parentRegion});
  // Until the first case, emission goes to a dead region (HLSL forbids statements there).
  region_ = newRegion(NodeId(), {});
  return n;
}

void Builder::beginCase(std::vector<uint64_t> literals, bool isDefault) {
  if (!topFrame(NodeKind::Select, SelectKind::Switch, "beginCase")) return;
  NodeId n = frames_.back().node;
  if (!function().node(n).cases.empty()) closeOpenRegion(ExitKind::FallThrough);
  RegionId r = newRegion(n, {});
  NodeDef& node = function().node(n);
  node.cases.push_back(r);
  node.switchCases.push_back({std::move(literals), isDefault});
  region_ = r;
}

NodeId Builder::endSwitch() {
  if (!topFrame(NodeKind::Select, SelectKind::Switch, "endSwitch")) return NodeId();
  if (!function().node(frames_.back().node).cases.empty()) closeOpenRegion(ExitKind::Yield);
  Frame f = frames_.back();
  frames_.pop_back();
  region_ = f.region;
  return f.node;
}

std::optional<NodeId> Builder::innermost(bool loopsOnly) const {
  const FunctionDef& fn = module_.function(func_);
  for (auto it = frames_.rbegin(); it != frames_.rend(); ++it) {
    const NodeDef& n = fn.node(it->node);
    if (n.kind == NodeKind::Loop) return it->node;
    if (!loopsOnly && n.kind == NodeKind::Select && n.selectKind == SelectKind::Switch) return it->node;
  }
  return std::nullopt;
}

void Builder::yield(std::vector<Value> values) {
  terminate({.kind = ExitKind::Yield, .values = std::move(values), .loc = loc_});
}

void Builder::breakOut(std::vector<Value> values) {
  auto target = innermost(false);
  if (!target) {
    misuse("break outside a loop or switch");
    return unreachable();
  }
  terminate({.kind = ExitKind::Break, .target = *target, .values = std::move(values), .loc = loc_});
}

void Builder::continueLoop(std::vector<Value> values) {
  auto target = innermost(true);
  if (!target) {
    misuse("continue outside a loop");
    return unreachable();
  }
  terminate({.kind = ExitKind::Continue, .target = *target, .values = std::move(values), .loc = loc_});
}

void Builder::breakIf(Value condition, std::vector<Value> nextValues, std::vector<Value> exitValues) {
  auto target = innermost(true);
  if (!target) {
    misuse("break_if outside a loop");
    return unreachable();
  }
  terminate({.kind = ExitKind::BreakIf, .target = *target, .values = std::move(nextValues),
             .condition = condition, .exitValues = std::move(exitValues), .loc = loc_});
}

void Builder::fallThrough() { terminate({.kind = ExitKind::FallThrough, .loc = loc_}); }

void Builder::ret(std::optional<Value> value) {
  Exit e{.kind = ExitKind::Return, .loc = loc_};
  if (value) e.values.push_back(*value);
  terminate(std::move(e));
}

void Builder::kill() { terminate({.kind = ExitKind::Kill, .loc = loc_}); }
void Builder::unreachable() { terminate({.kind = ExitKind::Unreachable, .loc = loc_}); }

}  // namespace sl::ir
