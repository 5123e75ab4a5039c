// Function declarations, debug locations, values, and structured regions as basic blocks and phis
// (Emitter.h).
#include "core/dxil/emit/Emitter.h"

#include <llvm/IR/Dominators.h>
#include <llvm/Transforms/Utils/Local.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

namespace sl::dxil::emit {

// ------------------------------------------------------------------ functions, debug info

llvm::FunctionCallee Emitter::decl(std::string_view name, llvm::Type* ret,
                                   std::vector<llvm::Type*> params, std::string suffix) {
  // Handle creation, thread ids and the index marker have no side effects (upstream: IntrNoMem),
  // so equal calls may be merged (DXC makes one handle per heap index).
  const bool noMemory = name == dxi::kHandleFromHeap || name == dxi::kHandleFromBinding || name == dxi::kNonUniformIndex ||
                        name == dxi::kThreadId || name == dxi::kGroupId || name == dxi::kThreadIdInGroup ||
                        name == dxi::kFlattenedThreadIdInGroup;
  return declareIntrinsic(*m_, name, ret, std::move(params), suffix,
                          noMemory ? IntrinsicEffects::NoMemory : IntrinsicEffects::Any);
}

void Emitter::setDebugLoc(DebugLoc loc) {
  if (!sp_) return;
  if (!loc.valid() || loc.file >= difiles_.size()) {
    b_.SetCurrentDebugLocation(llvm::DILocation::get(ctx_, 0, 0, sp_));
    return;
  }
  llvm::DIScope* scope = sp_;
  if (difiles_[loc.file] != sp_->getFile())
    scope = dib_->createLexicalBlockFile(sp_, difiles_[loc.file]);
  b_.SetCurrentDebugLocation(llvm::DILocation::get(ctx_, loc.line, loc.column, scope));
}

void Emitter::declareFunctions() {
  for (uint32_t i = 0; i < ir_.functions.size(); ++i) {
    const FunctionDef& f = ir_.functions[i];
    llvm::Type* ret = type(f.returnType);
    std::vector<llvm::Type*> params;
    bool ok = ret != nullptr;
    for (Type p : f.paramTypes()) {
      llvm::Type* pt = type(p);
      ok = ok && pt;
      params.push_back(pt ? pt : b_.getInt32Ty());
    }
    if (!ok) {
      error(f.attrs.loc, "function '" + f.name() + "' has a parameter or return type with no DXIL form");
      ret = ret ? ret : b_.getVoidTy();
    }
    std::string name = f.name().empty() ? "F" + std::to_string(i) : f.name();
    auto* lf = llvm::Function::Create(llvm::FunctionType::get(ret, params, false),
                                      llvm::GlobalValue::InternalLinkage, name, m_.get());
    lf->addFnAttr(llvm::Attribute::AlwaysInline);
    lf->addFnAttr(llvm::Attribute::NoUnwind);
    functions_.push_back(lf);
  }
  for (const EntryPoint& ep : ir_.entryPoints) {
    if (!ep.function.valid() || ep.function.index >= functions_.size()) continue;
    llvm::Function* lf = functions_[ep.function.index];
    // The wrapper takes the entry's name; a source function of the same name steps aside.
    if (llvm::Function* other = m_->getFunction(ep.name); other && other != lf) other->setName(ep.name + ".body");
    lf->setName(ep.name);
    entry_ = lf;
    lf->setLinkage(llvm::GlobalValue::ExternalLinkage);
    lf->removeFnAttr(llvm::Attribute::AlwaysInline);
    lf->addFnAttr(llvm::Attribute::NoInline);
    if (ep.executionModel == spv::ExecutionModelGLCompute) {
      lf->addFnAttr("hlsl.shader", "compute");
      std::array<uint32_t, 3> n = {1, 1, 1};
      for (const ExecutionMode& mode : ep.modes)
        if (mode.mode == spv::ExecutionModeLocalSize && mode.operands.size() == 3)
          n = {mode.operands[0], mode.operands[1], mode.operands[2]};
      lf->addFnAttr("hlsl.numthreads",
                    std::to_string(n[0]) + "," + std::to_string(n[1]) + "," + std::to_string(n[2]));
    } else if (ep.executionModel == spv::ExecutionModelVertex || ep.executionModel == spv::ExecutionModelFragment) {
      lf->addFnAttr("hlsl.shader", ep.executionModel == spv::ExecutionModelVertex ? "vertex" : "pixel");
      if (!opts_.signatures.present())
        error(ir_.function(ep.function).attrs.loc,
              "entry point '" + ep.name + "': vertex and pixel entries need their packed signatures");
    } else {
      error(ir_.function(ep.function).attrs.loc,
            "entry point '" + ep.name + "': only compute, vertex and pixel shaders have a DXIL back end yet");
    }
  }
}

void Emitter::emitFunction(uint32_t index) {
  fn_ = &ir_.functions[index];
  lf_ = functions_[index];
  values_.clear();
  symbolic_.clear();
  nodes_.clear();
  fallThrough_.clear();
  sp_ = nullptr;
  if (dib_) {
    DebugLoc loc = fn_->attrs.loc;
    llvm::DIFile* file = loc.valid() && loc.file < difiles_.size() ? difiles_[loc.file] : difiles_[0];
    auto* st = dib_->createSubroutineType(dib_->getOrCreateTypeArray({}));
    sp_ = dib_->createFunction(file, lf_->getName(), lf_->getName(), file, loc.line, st, loc.line,
                               llvm::DINode::FlagPrototyped, llvm::DISubprogram::SPFlagDefinition);
    lf_->setSubprogram(sp_);
  }
  auto* entry = llvm::BasicBlock::Create(ctx_, "entry", lf_);
  b_.SetInsertPoint(entry);
  for (uint32_t i = 0; i < lf_->arg_size(); ++i) bind(Value::regionInput(fn_->body, i), lf_->getArg(i));
  emitRegion(fn_->body, RegionRole::FunctionBody, NodeId());
  // Merge blocks nothing reaches (after `return` in both branches) and their phis go away.
  for (llvm::BasicBlock& bb : *lf_) {
    for (auto it = bb.begin(); it != bb.end();) {
      auto* phi = llvm::dyn_cast<llvm::PHINode>(&*it++);
      if (!phi) break;
      if (phi->getNumIncomingValues() == 0) {
        phi->replaceAllUsesWith(llvm::PoisonValue::get(phi->getType()));
        phi->eraseFromParent();
      }
    }
  }
  llvm::removeUnreachableBlocks(*lf_);
  // Handle variables become SSA values now: LLVM 19's verifier rejects allocas of dx.* types.
  std::vector<llvm::AllocaInst*> promotable;
  for (llvm::AllocaInst* a : handleAllocas_) {
    if (llvm::isAllocaPromotable(a)) promotable.push_back(a);
    else error(fn_->attrs.loc, "a resource variable of '" + fn_->name() + "' is used other than by loads and stores");
  }
  if (!promotable.empty()) {
    llvm::DominatorTree dt(*lf_);
    llvm::PromoteMemToReg(promotable, dt);
  }
  handleAllocas_.clear();
  if (sp_) dib_->finalizeSubprogram(sp_);
}

// ------------------------------------------------------------------ values

llvm::Value* Emitter::value(Value v, DebugLoc loc) {
  if (v.kind == ValueKind::Const) {
    llvm::Constant* c = constant(v.asConst());
    if (!c) error(loc, "constant with no DXIL form");
    return c;
  }
  if (v.kind == ValueKind::GlobalVar) {
    auto it = globals_.find(v.a);
    if (it != globals_.end()) return it->second;
    error(loc, "global '" + ir_.global(v.asGlobal()).attrs.name + "' used as a value has no DXIL form");
    return nullptr;
  }
  auto it = values_.find(valueKey(v));
  if (it == values_.end()) {
    if (!symbolic(v)) error(loc, "value used before it is defined (or with no DXIL form)");
    return nullptr;
  }
  return it->second;
}

const SymbolicPtr* Emitter::symbolic(Value v) const {
  auto it = symbolic_.find(valueKey(v));
  return it == symbolic_.end() ? nullptr : &it->second;
}

llvm::Value* Emitter::constructAggregate(llvm::Type* rt, const InstDef& inst) {
  const size_t n = inst.operands.size();
  const size_t want = rt->isStructTy() ? rt->getStructNumElements() : rt->isArrayTy() ? rt->getArrayNumElements() : 0;
  if (want != n) {
    error(inst.attrs.loc, "OpCompositeConstruct: " + std::to_string(n) + " parts for " + std::to_string(want) + " members");
    return nullptr;
  }
  std::vector<llvm::Value*> parts(n);
  std::vector<llvm::Constant*> constants(n);
  bool allConstant = true;
  for (size_t i = 0; i < n; ++i) {
    parts[i] = operand(inst, i);
    if (!parts[i]) return nullptr;
    llvm::Type* et = rt->isStructTy() ? rt->getStructElementType(unsigned(i)) : rt->getArrayElementType();
    if (parts[i]->getType() != et) {
      error(inst.attrs.loc, "OpCompositeConstruct: part " + std::to_string(i) + " has the wrong type");
      return nullptr;
    }
    constants[i] = llvm::dyn_cast<llvm::Constant>(parts[i]);
    if (!constants[i]) {
      allConstant = false;
      constants[i] = llvm::PoisonValue::get(parts[i]->getType());
    }
  }
  llvm::Constant* base = nullptr;
  if (auto* st = llvm::dyn_cast<llvm::StructType>(rt)) {
    base = llvm::ConstantStruct::get(st, constants);
  } else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(rt)) {
    base = llvm::ConstantArray::get(at, constants);
  } else {
    return nullptr;
  }
  if (allConstant) return base;
  llvm::Value* agg = base;
  for (size_t i = 0; i < n; ++i)
    if (!llvm::isa<llvm::Constant>(parts[i])) agg = b_.CreateInsertValue(agg, parts[i], {unsigned(i)});
  return agg;
}

llvm::Value* Emitter::operand(const InstDef& inst, size_t i) {
  if (i >= inst.operands.size() || inst.operands[i].isImm) {
    error(inst.attrs.loc, opcodeName(inst.op) + ": missing operand " + std::to_string(i));
    return nullptr;
  }
  return value(inst.operands[i].value, inst.attrs.loc);
}

// ------------------------------------------------------------------ control flow

std::vector<llvm::PHINode*> Emitter::makePhis(llvm::BasicBlock* bb, const std::vector<Type>& types,
                                              std::vector<Value> bindTo) {
  std::vector<llvm::PHINode*> phis;
  llvm::IRBuilder<> pb(bb, bb->begin());
  for (size_t i = 0; i < types.size(); ++i) {
    llvm::Type* t = type(types[i]);
    if (!t) {
      error({}, "region value with no DXIL type");
      t = b_.getInt32Ty();
    }
    llvm::PHINode* phi = pb.CreatePHI(t, 2);
    phis.push_back(phi);
    if (i < bindTo.size()) bind(bindTo[i], phi);
  }
  return phis;
}

void Emitter::addIncoming(const std::vector<llvm::PHINode*>& phis, const std::vector<Value>& values,
                          DebugLoc loc) {
  if (phis.size() != values.size()) {
    error(loc, "exit carries " + std::to_string(values.size()) + " values, its target expects " +
                   std::to_string(phis.size()));
    return;
  }
  llvm::BasicBlock* from = b_.GetInsertBlock();
  for (size_t i = 0; i < phis.size(); ++i) {
    llvm::Value* v = value(values[i], loc);
    if (!v || v->getType() != phis[i]->getType()) v = llvm::PoisonValue::get(phis[i]->getType());
    phis[i]->addIncoming(v, from);
  }
}

void Emitter::emitRegion(RegionId r, RegionRole role, NodeId owner) {
  const RegionDef& region = fn_->region(r);
  for (NodeId n : region.nodes) emitNode(n);
  emitExit(region.exit, role, owner, r);
}

void Emitter::emitExit(const Exit& exit, RegionRole role, NodeId owner, RegionId region) {
  setDebugLoc(exit.loc);
  switch (exit.kind) {
    case ExitKind::Yield:
      switch (role) {
        case RegionRole::FunctionBody:
          if (lf_->getReturnType()->isVoidTy()) b_.CreateRetVoid();
          else if (!exit.values.empty()) b_.CreateRet(value(exit.values[0], exit.loc));
          else b_.CreateRet(llvm::PoisonValue::get(lf_->getReturnType()));
          return;
        case RegionRole::SelectCase: {
          NodeBlocks& nb = nodes_[owner.index];
          addIncoming(nb.outputs, exit.values, exit.loc);
          b_.CreateBr(nb.merge);
          return;
        }
        case RegionRole::LoopBody: {
          NodeBlocks& nb = nodes_[owner.index];
          addIncoming(nb.loop.continuingPhis, exit.values, exit.loc);
          b_.CreateBr(nb.loop.continuing);
          return;
        }
        case RegionRole::LoopContinuing: {
          NodeBlocks& nb = nodes_[owner.index];
          addIncoming(nb.loop.headerPhis, exit.values, exit.loc);
          b_.CreateBr(nb.loop.header);
          return;
        }
      }
      return;
    case ExitKind::Break: {
      NodeBlocks& nb = nodes_[exit.target.index];
      addIncoming(nb.outputs, exit.values, exit.loc);
      b_.CreateBr(nb.merge);
      return;
    }
    case ExitKind::Continue: {
      NodeBlocks& nb = nodes_[exit.target.index];
      addIncoming(nb.loop.continuingPhis, exit.values, exit.loc);
      b_.CreateBr(nb.loop.continuing);
      return;
    }
    case ExitKind::BreakIf: {
      NodeBlocks& nb = nodes_[owner.index];
      llvm::Value* c = value(exit.condition, exit.loc);
      if (!c) c = b_.getTrue();
      addIncoming(nb.outputs, exit.exitValues, exit.loc);
      addIncoming(nb.loop.headerPhis, exit.values, exit.loc);
      b_.CreateCondBr(c, nb.merge, nb.loop.header);
      return;
    }
    case ExitKind::FallThrough: {
      auto it = fallThrough_.find(region.index);
      if (it == fallThrough_.end()) {
        error(exit.loc, "fallthrough from the last case of a switch");
        b_.CreateUnreachable();
        return;
      }
      b_.CreateBr(it->second);
      return;
    }
    case ExitKind::Return:
      if (lf_->getReturnType()->isVoidTy()) b_.CreateRetVoid();
      else if (!exit.values.empty()) b_.CreateRet(value(exit.values[0], exit.loc));
      else b_.CreateRet(llvm::PoisonValue::get(lf_->getReturnType()));
      return;
    case ExitKind::Kill:
      // DXC's discard does not end the invocation; our IR's kill does (OpKill semantics).
      b_.CreateCall(decl(dxi::kDiscard, b_.getVoidTy(), {b_.getInt1Ty()}), {b_.getTrue()});
      if (lf_->getReturnType()->isVoidTy()) b_.CreateRetVoid();
      else b_.CreateRet(llvm::PoisonValue::get(lf_->getReturnType()));
      return;
    case ExitKind::Unreachable:
      b_.CreateUnreachable();
      return;
  }
}

void Emitter::emitNode(NodeId n) {
  const NodeDef& node = fn_->node(n);
  switch (node.kind) {
    case NodeKind::Block:
      for (InstId i : node.insts) emitInst(i);
      return;
    case NodeKind::Select: emitSelect(n); return;
    case NodeKind::Loop: emitLoop(n); return;
  }
}

void Emitter::emitSelect(NodeId n) {
  const NodeDef& node = fn_->node(n);
  setDebugLoc(node.attrs.loc);
  NodeBlocks& nb = nodes_[n.index];
  nb.merge = llvm::BasicBlock::Create(ctx_, node.selectKind == SelectKind::If ? "if.end" : "sw.end");
  std::vector<Value> outs;
  for (uint32_t i = 0; i < node.outputTypes.size(); ++i) outs.push_back(Value::nodeOutput(n, i));
  nb.outputs = makePhis(nb.merge, node.outputTypes, outs);
  llvm::Value* cond = value(node.condition, node.attrs.loc);
  std::vector<llvm::BasicBlock*> blocks;
  for (size_t i = 0; i < node.cases.size(); ++i)
    blocks.push_back(llvm::BasicBlock::Create(
        ctx_, node.selectKind == SelectKind::If ? (i == 0 ? "if.then" : "if.else") : "sw.case"));
  if (node.selectKind == SelectKind::If) {
    if (blocks.size() != 2 || !cond) {
      error(node.attrs.loc, "malformed if");
      b_.CreateUnreachable();
    } else {
      b_.CreateCondBr(cond, blocks[0], blocks[1]);
    }
  } else {
    llvm::BasicBlock* defaultBlock = nb.merge;
    for (size_t i = 0; i < node.switchCases.size() && i < blocks.size(); ++i)
      if (node.switchCases[i].isDefault) defaultBlock = blocks[i];
    if (!cond || !cond->getType()->isIntegerTy()) {
      error(node.attrs.loc, "switch selector is not an integer");
      b_.CreateUnreachable();
    } else {
      llvm::SwitchInst* sw = b_.CreateSwitch(cond, defaultBlock);
      for (size_t i = 0; i < node.switchCases.size() && i < blocks.size(); ++i)
        for (uint64_t lit : node.switchCases[i].literals)
          sw->addCase(llvm::cast<llvm::ConstantInt>(llvm::ConstantInt::get(cond->getType(), lit)), blocks[i]);
    }
    for (size_t i = 0; i + 1 < node.cases.size(); ++i) fallThrough_[node.cases[i].index] = blocks[i + 1];
  }
  for (size_t i = 0; i < node.cases.size(); ++i) {
    enter(blocks[i]);
    emitRegion(node.cases[i], RegionRole::SelectCase, n);
  }
  enter(nb.merge);
}

void Emitter::emitLoop(NodeId n) {
  const NodeDef& node = fn_->node(n);
  setDebugLoc(node.attrs.loc);
  NodeBlocks& nb = nodes_[n.index];
  nb.loop.header = llvm::BasicBlock::Create(ctx_, "loop.header");
  nb.loop.continuing = llvm::BasicBlock::Create(ctx_, "loop.continue");
  nb.merge = llvm::BasicBlock::Create(ctx_, "loop.end");
  const RegionDef& body = fn_->region(node.body);
  std::vector<Value> bodyIns, contIns, outs;
  for (uint32_t i = 0; i < body.inputTypes.size(); ++i) bodyIns.push_back(Value::regionInput(node.body, i));
  const RegionDef& cont = fn_->region(node.continuing);
  for (uint32_t i = 0; i < cont.inputTypes.size(); ++i)
    contIns.push_back(Value::regionInput(node.continuing, i));
  for (uint32_t i = 0; i < node.outputTypes.size(); ++i) outs.push_back(Value::nodeOutput(n, i));
  nb.loop.headerPhis = makePhis(nb.loop.header, body.inputTypes, bodyIns);
  nb.loop.continuingPhis = makePhis(nb.loop.continuing, cont.inputTypes, contIns);
  nb.outputs = makePhis(nb.merge, node.outputTypes, outs);
  addIncoming(nb.loop.headerPhis, node.initialInputs, node.attrs.loc);
  b_.CreateBr(nb.loop.header);
  enter(nb.loop.header);
  emitRegion(node.body, RegionRole::LoopBody, n);
  enter(nb.loop.continuing);
  emitRegion(node.continuing, RegionRole::LoopContinuing, n);
  enter(nb.merge);
}

}  // namespace sl::dxil::emit
