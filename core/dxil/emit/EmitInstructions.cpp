// One IR instruction at a time: the SPIR-V core instructions and calls (Emitter.h).
#include "core/dxil/emit/Emitter.h"

namespace sl::dxil::emit {

// DXIL's AtomicBinOpCode for a SPIR-V atomic (dxil.md): Add 0, And 1, Or 2, Xor 3, IMin 4, IMax 5,
// UMin 6, UMax 7, Exchange 8; OpAtomicISub maps to Add of the negated value. None for the rest.
std::optional<uint32_t> atomicBinOpCode(uint32_t spvOp) {
  switch (spvOp) {
    case spv::OpAtomicIAdd: case spv::OpAtomicISub: return 0;
    case spv::OpAtomicAnd: return 1;
    case spv::OpAtomicOr: return 2;
    case spv::OpAtomicXor: return 3;
    case spv::OpAtomicSMin: return 4;
    case spv::OpAtomicSMax: return 5;
    case spv::OpAtomicUMin: return 6;
    case spv::OpAtomicUMax: return 7;
    case spv::OpAtomicExchange: return 8;
    default: return std::nullopt;
  }
}


// ------------------------------------------------------------------ instructions

void Emitter::emitInst(InstId id) {
  const InstDef& inst = fn_->inst(id);
  setDebugLoc(inst.attrs.loc);
  size_t before = diags_.size();
  switch (inst.op.family) {
    case OpFamily::Spv: emitSpv(id, inst); break;
    case OpFamily::Glsl: emitGlsl(id, inst); break;
    case OpFamily::Hlsl: emitHlsl(id, inst); break;
    case OpFamily::Call: emitCall(id, inst); break;
    case OpFamily::Debug: break;  // variable debug info: SPIR-V only (irgen emits it for SPIR-V)
    case OpFamily::Qptr:
      error(inst.attrs.loc, opcodeName(inst.op) + " has no DXIL form (the DXIL side takes IR before qptr.lower)");
      break;
  }
  // Keep going with a poison result so one bad instruction gives one diagnostic.
  Value result = Value::inst(id);
  if (inst.resultType.valid() && !values_.count(valueKey(result)) && !symbolic_.count(valueKey(result))) {
    llvm::Type* t = type(inst.resultType);
    if (t && !t->isVoidTy()) bind(result, llvm::PoisonValue::get(t));
    if (diags_.size() == before && (!t || !t->isVoidTy()))
      error(inst.attrs.loc, opcodeName(inst.op) + " produced no value");
  }
  if (!inst.attrs.name.empty()) {
    auto it = values_.find(valueKey(result));
    if (it != values_.end() && !llvm::isa<llvm::Constant>(it->second) && !it->second->getType()->isVoidTy())
      it->second->setName(inst.attrs.name);
  }
}

void Emitter::emitCall(InstId id, const InstDef& inst) {
  if (inst.operands.empty() || inst.operands[0].isImm || inst.operands[0].value.kind != ValueKind::Func ||
      inst.operands[0].value.a >= functions_.size()) {
    error(inst.attrs.loc, "malformed call");
    return;
  }
  llvm::Function* callee = functions_[inst.operands[0].value.a];
  std::vector<llvm::Value*> args;
  for (size_t i = 1; i < inst.operands.size(); ++i) {
    llvm::Value* a = operand(inst, i);
    if (!a) return;
    args.push_back(a);
  }
  if (args.size() != callee->arg_size()) {
    error(inst.attrs.loc, "call to '" + callee->getName().str() + "' has the wrong argument count");
    return;
  }
  llvm::CallInst* call = b_.CreateCall(callee, args);
  if (!call->getType()->isVoidTy()) bind(Value::inst(id), call);
}


void Emitter::emitSpv(InstId id, const InstDef& inst) {
  const uint32_t op = inst.op.code;
  const Value result = Value::inst(id);
  const DebugLoc loc = inst.attrs.loc;
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  auto v = [&](size_t i) { return operand(inst, i); };
  auto both = [&](auto f) {
    llvm::Value* a = v(0);
    llvm::Value* c = v(1);
    if (a && c) bind(result, f(a, c));
  };
  auto one = [&](auto f) {
    if (llvm::Value* a = v(0)) bind(result, f(a));
  };
  switch (op) {
    case spv::OpIAdd:
      if (llvm::Value* mad = integerMultiplyAdd(inst)) {
        bind(result, mad);
        return;
      }
      both([&](auto a, auto c) { return b_.CreateAdd(a, c); });
      return;
    case spv::OpISub: both([&](auto a, auto c) { return b_.CreateSub(a, c); }); return;
    case spv::OpIMul: both([&](auto a, auto c) { return b_.CreateMul(a, c); }); return;
    case spv::OpUDiv: both([&](auto a, auto c) { return b_.CreateUDiv(a, c); }); return;
    case spv::OpSDiv: both([&](auto a, auto c) { return b_.CreateSDiv(a, c); }); return;
    case spv::OpUMod: both([&](auto a, auto c) { return b_.CreateURem(a, c); }); return;
    case spv::OpSRem: both([&](auto a, auto c) { return b_.CreateSRem(a, c); }); return;
    case spv::OpFAdd: both([&](auto a, auto c) { return b_.CreateFAdd(a, c); }); return;
    case spv::OpFSub: both([&](auto a, auto c) { return b_.CreateFSub(a, c); }); return;
    case spv::OpFMul: both([&](auto a, auto c) { return b_.CreateFMul(a, c); }); return;
    case spv::OpFDiv: both([&](auto a, auto c) { return b_.CreateFDiv(a, c); }); return;
    case spv::OpFRem: both([&](auto a, auto c) { return b_.CreateFRem(a, c); }); return;
    case spv::OpFNegate: one([&](auto a) { return b_.CreateFNeg(a); }); return;
    case spv::OpSNegate: one([&](auto a) { return b_.CreateNeg(a); }); return;
    case spv::OpBitwiseAnd:
    case spv::OpLogicalAnd: both([&](auto a, auto c) { return b_.CreateAnd(a, c); }); return;
    case spv::OpBitwiseOr:
    case spv::OpLogicalOr: both([&](auto a, auto c) { return b_.CreateOr(a, c); }); return;
    case spv::OpBitwiseXor:
    case spv::OpLogicalNotEqual: both([&](auto a, auto c) { return b_.CreateXor(a, c); }); return;
    case spv::OpLogicalEqual: both([&](auto a, auto c) { return b_.CreateICmpEQ(a, c); }); return;
    case spv::OpNot:
    case spv::OpLogicalNot: one([&](auto a) { return b_.CreateNot(a); }); return;
    case spv::OpShiftLeftLogical: both([&](auto a, auto c) { return b_.CreateShl(a, b_.CreateZExtOrTrunc(c, a->getType())); }); return;
    case spv::OpShiftRightLogical: both([&](auto a, auto c) { return b_.CreateLShr(a, b_.CreateZExtOrTrunc(c, a->getType())); }); return;
    case spv::OpShiftRightArithmetic: both([&](auto a, auto c) { return b_.CreateAShr(a, b_.CreateZExtOrTrunc(c, a->getType())); }); return;
    case spv::OpIEqual: both([&](auto a, auto c) { return b_.CreateICmpEQ(a, c); }); return;
    case spv::OpINotEqual: both([&](auto a, auto c) { return b_.CreateICmpNE(a, c); }); return;
    case spv::OpULessThan: both([&](auto a, auto c) { return b_.CreateICmpULT(a, c); }); return;
    case spv::OpULessThanEqual: both([&](auto a, auto c) { return b_.CreateICmpULE(a, c); }); return;
    case spv::OpUGreaterThan: both([&](auto a, auto c) { return b_.CreateICmpUGT(a, c); }); return;
    case spv::OpUGreaterThanEqual: both([&](auto a, auto c) { return b_.CreateICmpUGE(a, c); }); return;
    case spv::OpSLessThan: both([&](auto a, auto c) { return b_.CreateICmpSLT(a, c); }); return;
    case spv::OpSLessThanEqual: both([&](auto a, auto c) { return b_.CreateICmpSLE(a, c); }); return;
    case spv::OpSGreaterThan: both([&](auto a, auto c) { return b_.CreateICmpSGT(a, c); }); return;
    case spv::OpSGreaterThanEqual: both([&](auto a, auto c) { return b_.CreateICmpSGE(a, c); }); return;
    case spv::OpFOrdEqual: both([&](auto a, auto c) { return b_.CreateFCmpOEQ(a, c); }); return;
    case spv::OpFOrdNotEqual: both([&](auto a, auto c) { return b_.CreateFCmpONE(a, c); }); return;
    case spv::OpFOrdLessThan: both([&](auto a, auto c) { return b_.CreateFCmpOLT(a, c); }); return;
    case spv::OpFOrdLessThanEqual: both([&](auto a, auto c) { return b_.CreateFCmpOLE(a, c); }); return;
    case spv::OpFOrdGreaterThan: both([&](auto a, auto c) { return b_.CreateFCmpOGT(a, c); }); return;
    case spv::OpFOrdGreaterThanEqual: both([&](auto a, auto c) { return b_.CreateFCmpOGE(a, c); }); return;
    case spv::OpFUnordEqual: both([&](auto a, auto c) { return b_.CreateFCmpUEQ(a, c); }); return;
    case spv::OpFUnordNotEqual: both([&](auto a, auto c) { return b_.CreateFCmpUNE(a, c); }); return;
    case spv::OpFUnordLessThan: both([&](auto a, auto c) { return b_.CreateFCmpULT(a, c); }); return;
    case spv::OpFUnordGreaterThan: both([&](auto a, auto c) { return b_.CreateFCmpUGT(a, c); }); return;
    case spv::OpSelect: {
      llvm::Value* c = v(0);
      llvm::Value* a = v(1);
      llvm::Value* e = v(2);
      if (c && a && e) bind(result, b_.CreateSelect(c, a, e));
      return;
    }
    case spv::OpConvertFToU: if (rt) one([&](auto a) { return b_.CreateFPToUI(a, rt); }); return;
    case spv::OpConvertFToS: if (rt) one([&](auto a) { return b_.CreateFPToSI(a, rt); }); return;
    case spv::OpConvertUToF: if (rt) one([&](auto a) { return b_.CreateUIToFP(a, rt); }); return;
    case spv::OpConvertSToF: if (rt) one([&](auto a) { return b_.CreateSIToFP(a, rt); }); return;
    case spv::OpUConvert: if (rt) one([&](auto a) { return b_.CreateZExtOrTrunc(a, rt); }); return;
    case spv::OpSConvert: if (rt) one([&](auto a) { return b_.CreateSExtOrTrunc(a, rt); }); return;
    case spv::OpFConvert: if (rt) one([&](auto a) { return b_.CreateFPCast(a, rt); }); return;
    case spv::OpBitcast: if (rt) one([&](auto a) { return b_.CreateBitCast(a, rt); }); return;
    case spv::OpCopyObject: {
      if (const SymbolicPtr* p = symbolic(inst.operands.empty() ? Value() : inst.operands[0].value)) {
        symbolic_[valueKey(result)] = *p;
        return;
      }
      llvm::Value* a = v(0);
      if (!a) return;
      if (inst.attrs.hasDecoration(spv::DecorationNonUniform) && a->getType()->isIntegerTy(32)) {
        bind(result, b_.CreateCall(decl(dxi::kNonUniformIndex, a->getType(), {a->getType()}), {a}));
      } else {
        bind(result, a);
      }
      return;
    }
    case spv::OpCompositeExtract: {
      llvm::Value* a = v(0);
      if (!a) return;
      for (size_t i = 1; i < inst.operands.size(); ++i) {
        uint32_t k = inst.operands[i].imm;
        a = a->getType()->isVectorTy() ? b_.CreateExtractElement(a, b_.getInt32(k)) : b_.CreateExtractValue(a, {k});
      }
      bind(result, a);
      return;
    }
    case spv::OpCompositeInsert: {
      llvm::Value* obj = v(0);
      llvm::Value* comp = v(1);
      if (!obj || !comp) return;
      std::vector<unsigned> idx;
      for (size_t i = 2; i < inst.operands.size(); ++i) idx.push_back(inst.operands[i].imm);
      if (idx.size() == 1 && comp->getType()->isVectorTy())
        bind(result, b_.CreateInsertElement(comp, obj, b_.getInt32(idx[0])));
      else
        bind(result, b_.CreateInsertValue(comp, obj, idx));
      return;
    }
    case spv::OpCompositeConstruct: {
      if (!rt) return;
      if (!rt->isVectorTy()) {
        llvm::Value* agg = constructAggregate(rt, inst);
        if (agg) bind(result, agg);
        return;
      }
      llvm::Value* agg = llvm::PoisonValue::get(rt);
      unsigned slot = 0;
      for (size_t i = 0; i < inst.operands.size(); ++i) {
        llvm::Value* part = v(i);
        if (!part) return;
        // A vector may be built from scalars and smaller vectors.
        if (auto* pv = llvm::dyn_cast<llvm::FixedVectorType>(part->getType())) {
          for (unsigned k = 0; k < pv->getNumElements(); ++k)
            agg = b_.CreateInsertElement(agg, b_.CreateExtractElement(part, b_.getInt32(k)), b_.getInt32(slot++));
        } else {
          agg = b_.CreateInsertElement(agg, part, b_.getInt32(slot++));
        }
      }
      bind(result, agg);
      return;
    }
    case spv::OpVectorShuffle: {
      llvm::Value* a = v(0);
      llvm::Value* c = v(1);
      if (!a || !c) return;
      std::vector<int> mask;
      for (size_t i = 2; i < inst.operands.size(); ++i)
        mask.push_back(inst.operands[i].imm == 0xFFFFFFFFu ? -1 : int(inst.operands[i].imm));
      bind(result, b_.CreateShuffleVector(a, c, mask));
      return;
    }
    case spv::OpVectorTimesScalar:
      both([&](auto a, auto c) {
        auto* vt = llvm::cast<llvm::FixedVectorType>(a->getType());
        return b_.CreateFMul(a, b_.CreateVectorSplat(vt->getNumElements(), c));
      });
      return;
    case spv::OpDot:
      both([&](auto a, auto c) -> llvm::Value* { return emitDot(b_, *m_, a, c); });
      return;
    case spv::OpAny: one([&](auto a) { return b_.CreateOrReduce(a); }); return;
    case spv::OpAll: one([&](auto a) { return b_.CreateAndReduce(a); }); return;
    case spv::OpIsNan: one([&](auto a) { return emitIsSpecial(b_, *m_, false, a); }); return;
    case spv::OpIsInf: one([&](auto a) { return emitIsSpecial(b_, *m_, true, a); }); return;
    case spv::OpBitCount: one([&](auto a) { return b_.CreateUnaryIntrinsic(llvm::Intrinsic::ctpop, a); }); return;
    case spv::OpBitReverse: one([&](auto a) { return b_.CreateUnaryIntrinsic(llvm::Intrinsic::bitreverse, a); }); return;
    case spv::OpVariable: {
      if (inst.operands.empty() || !inst.operands[0].isImm || inst.operands[0].imm != spv::StorageClassFunction) {
        error(loc, "only Function-storage variables may appear in a function");
        return;
      }
      const TypeDef& pd = cx_.def(inst.resultType);
      llvm::Type* et = type(pd.element);
      if (!et) {
        error(loc, "variable of a type with no DXIL form");
        return;
      }
      llvm::IRBuilder<> eb(&lf_->getEntryBlock(), lf_->getEntryBlock().begin());
      eb.SetCurrentDebugLocation(b_.getCurrentDebugLocation());
      llvm::AllocaInst* a;
      if (llvm::isa<llvm::TargetExtType>(et)) {
        // LLVM 19 gives dx.* types no layout: no DataLayout queries (explicit alignment), and the
        // variable is promoted to SSA right after the function is emitted.
        a = new llvm::AllocaInst(et, 0, nullptr, llvm::Align(4), inst.attrs.name, &*eb.GetInsertPoint());
        a->setDebugLoc(b_.getCurrentDebugLocation());
        handleAllocas_.push_back(a);
      } else {
        a = eb.CreateAlloca(et, nullptr, inst.attrs.name);
      }
      bind(result, a);
      if (inst.operands.size() > 1 && !inst.operands[1].isImm)
        if (llvm::Value* init = v(1)) b_.CreateAlignedStore(init, a, llvm::Align(4));
      return;
    }
    case spv::OpAccessChain:
    case spv::OpInBoundsAccessChain: {
      if (inst.operands.empty()) return;
      Value base = inst.operands[0].value;
      if (const SymbolicPtr* p = symbolic(base)) {
        symbolic_[valueKey(result)] = chainSymbolic(*p, inst, loc);
        return;
      }
      if (base.kind == ValueKind::GlobalVar && stageIO_.globals.count(base.a)) {
        SymbolicPtr p{SymbolicPtr::Stage};
        p.builtin = base.a;
        p.pointee = ir_.global(base.asGlobal()).type;
        symbolic_[valueKey(result)] = chainSymbolic(p, inst, loc);
        return;
      }
      if (base.kind == ValueKind::GlobalVar && builtinGlobals_.count(base.a)) {
        SymbolicPtr p{SymbolicPtr::Builtin};
        p.builtin = builtinGlobals_[base.a];
        p.pointee = ir_.global(base.asGlobal()).type;
        symbolic_[valueKey(result)] = chainSymbolic(p, inst, loc);
        return;
      }
      llvm::Value* ptr = v(0);
      Type baseType = ir_.typeOf(*fn_, base);
      if (!ptr || !baseType.valid()) return;
      Type pointee = cx_.def(baseType).element;
      llvm::Type* pt = type(pointee);
      if (!pt) return;
      std::vector<llvm::Value*> idx{b_.getInt32(0)};
      for (size_t i = 1; i < inst.operands.size(); ++i) {
        llvm::Value* x = v(i);
        if (!x) return;
        idx.push_back(x);
      }
      bind(result, b_.CreateInBoundsGEP(pt, ptr, idx));
      return;
    }
    case spv::OpLoad: {
      if (inst.operands.empty() || !rt) return;
      Value ptrValue = inst.operands[0].value;
      if (ptrValue.kind == ValueKind::GlobalVar) {
        auto stage = stageIO_.globals.find(ptrValue.a);
        if (stage != stageIO_.globals.end()) {
          if (stage->second.output) error(loc, "a shader output is read back; DXIL outputs are write-only");
          else if (llvm::Value* x = loadStageInput(stage->second, rt, loc)) bind(result, x);
          return;
        }
      }
      if (ptrValue.kind == ValueKind::GlobalVar && builtinGlobals_.count(ptrValue.a)) {
        SymbolicPtr p{SymbolicPtr::Builtin};
        p.builtin = builtinGlobals_[ptrValue.a];
        p.pointee = inst.resultType;
        if (llvm::Value* x = loadSymbolic(p, inst.resultType, loc)) bind(result, x);
        return;
      }
      if (const SymbolicPtr* p = symbolic(ptrValue)) {
        if (llvm::Value* x = loadSymbolic(*p, inst.resultType, loc)) bind(result, x);
        return;
      }
      if (llvm::Value* ptr = v(0)) {
        if (llvm::isa<llvm::TargetExtType>(rt)) bind(result, b_.CreateAlignedLoad(rt, ptr, llvm::Align(4)));
        else bind(result, b_.CreateLoad(rt, ptr));
      }
      return;
    }
    case spv::OpStore: {
      if (inst.operands.size() < 2) return;
      llvm::Value* val = v(1);
      if (!val) return;
      if (inst.operands[0].value.kind == ValueKind::GlobalVar) {
        auto stage = stageIO_.globals.find(inst.operands[0].value.a);
        if (stage != stageIO_.globals.end()) {
          if (!stage->second.output) error(loc, "a store to a shader input");
          else storeStageOutput(stage->second, val, loc);
          return;
        }
      }
      if (const SymbolicPtr* p = symbolic(inst.operands[0].value)) {
        storeSymbolic(*p, ir_.typeOf(*fn_, inst.operands[1].value), val, loc);
        return;
      }
      if (llvm::Value* ptr = v(0)) {
        if (llvm::isa<llvm::TargetExtType>(val->getType())) b_.CreateAlignedStore(val, ptr, llvm::Align(4));
        else b_.CreateStore(val, ptr);
      }
      return;
    }
    case spv::OpControlBarrier:
    case spv::OpMemoryBarrier: {
      // DXIL barrier mode (dxil.md §3): SyncThreadGroup 1, UAVFenceGlobal 2, UAVFenceThreadGroup 4,
      // TGSMFence 8; from the SPIR-V scopes and semantics DXC itself emits for each HLSL barrier.
      bool control = op == spv::OpControlBarrier;
      auto immOf = [&](size_t i) -> uint32_t {
        if (i >= inst.operands.size()) return 0;
        const Operand& o = inst.operands[i];
        return o.isImm ? o.imm : uint32_t(cx_.def(o.value.asConst()).bits);
      };
      uint32_t memScope = immOf(control ? 1 : 0);
      uint32_t sem = immOf(control ? 2 : 1);
      uint32_t mode = control ? 1 : 0;
      if (sem & spv::MemorySemanticsWorkgroupMemoryMask) mode |= 8;
      if (sem & (spv::MemorySemanticsUniformMemoryMask | spv::MemorySemanticsImageMemoryMask))
        mode |= memScope == spv::ScopeDevice ? 2 : 4;
      if (mode == 9) {
        b_.CreateCall(decl(dxi::kGroupMemoryBarrierWithGroupSync, b_.getVoidTy(), {}));
      } else {
        b_.CreateCall(decl(dxi::kBarrier, b_.getVoidTy(), {b_.getInt32Ty()}), {b_.getInt32(mode)});
      }
      return;
    }
    case spv::OpAtomicIAdd:
    case spv::OpAtomicISub:
    case spv::OpAtomicUMin:
    case spv::OpAtomicUMax:
    case spv::OpAtomicSMin:
    case spv::OpAtomicSMax:
    case spv::OpAtomicAnd:
    case spv::OpAtomicOr:
    case spv::OpAtomicXor:
    case spv::OpAtomicExchange: {
      if (inst.operands.size() < 4) return;
      if (const SymbolicPtr* sp = symbolic(inst.operands[0].value)) {
        const uint32_t code = *atomicBinOpCode(op);  // every opcode of this case has one
        llvm::Value* val = v(3);
        if (!val || sp->kind != SymbolicPtr::Resource) {
          if (val) error(loc, "atomic on a constant buffer or system value");
          return;
        }
        if (op == spv::OpAtomicISub) val = b_.CreateNeg(val);  // DXIL has no atomic subtract
        llvm::Value* index = sp->rawBuffer ? rawAddress(*sp) : sp->index;
        llvm::Value* poison = llvm::PoisonValue::get(b_.getInt32Ty());
        bind(result, atomicBinOp(sp->handle, code, index, sp->rawBuffer ? poison : sp->offset, poison, val));
        return;
      }
      llvm::Value* ptr = v(0);
      llvm::Value* val = v(3);
      if (!ptr || !val) return;
      llvm::AtomicRMWInst::BinOp bop = llvm::AtomicRMWInst::Add;
      switch (op) {
        case spv::OpAtomicISub: bop = llvm::AtomicRMWInst::Sub; break;
        case spv::OpAtomicUMin: bop = llvm::AtomicRMWInst::UMin; break;
        case spv::OpAtomicUMax: bop = llvm::AtomicRMWInst::UMax; break;
        case spv::OpAtomicSMin: bop = llvm::AtomicRMWInst::Min; break;
        case spv::OpAtomicSMax: bop = llvm::AtomicRMWInst::Max; break;
        case spv::OpAtomicAnd: bop = llvm::AtomicRMWInst::And; break;
        case spv::OpAtomicOr: bop = llvm::AtomicRMWInst::Or; break;
        case spv::OpAtomicXor: bop = llvm::AtomicRMWInst::Xor; break;
        case spv::OpAtomicExchange: bop = llvm::AtomicRMWInst::Xchg; break;
        default: break;
      }
      bind(result, b_.CreateAtomicRMW(bop, ptr, val, llvm::MaybeAlign(4), llvm::AtomicOrdering::SequentiallyConsistent));
      return;
    }
    case spv::OpAtomicCompareExchange: {
      // (pointer, scope, equal semantics, unequal semantics, value, comparator) -> original.
      if (inst.operands.size() < 6) return;
      llvm::Value* val = v(4);
      llvm::Value* cmp = v(5);
      if (!val || !cmp) return;
      if (const SymbolicPtr* sp = symbolic(inst.operands[0].value)) {
        if (sp->kind != SymbolicPtr::Resource) {
          error(loc, "atomic on a constant buffer or system value");
          return;
        }
        llvm::Value* index = sp->rawBuffer ? rawAddress(*sp) : sp->index;
        llvm::Value* poison = llvm::PoisonValue::get(b_.getInt32Ty());
        bind(result, atomicCompareExchange(sp->handle, index, sp->rawBuffer ? poison : sp->offset, poison, cmp, val));
        return;
      }
      llvm::Value* ptr = v(0);
      if (!ptr) return;
      // groupshared (and other plain memory): LLVM's cmpxchg, as DXC emits it.
      llvm::Value* pair = b_.CreateAtomicCmpXchg(ptr, cmp, val, llvm::MaybeAlign(4), llvm::AtomicOrdering::SequentiallyConsistent,
                                                 llvm::AtomicOrdering::SequentiallyConsistent);
      bind(result, b_.CreateExtractValue(pair, {0}));
      return;
    }
    case spv::OpDPdx:
    case spv::OpDPdxCoarse: one([&](auto a) { return derivative(dxi::kDdxCoarse, a); }); return;
    case spv::OpDPdy:
    case spv::OpDPdyCoarse: one([&](auto a) { return derivative(dxi::kDdyCoarse, a); }); return;
    case spv::OpDPdxFine: one([&](auto a) { return derivative(dxi::kDdxFine, a); }); return;
    case spv::OpDPdyFine: one([&](auto a) { return derivative(dxi::kDdyFine, a); }); return;
    case spv::OpFwidth:
      // DXC: fwidth(x) = abs(ddx(x)) + abs(ddy(x)), coarse derivatives.
      one([&](auto a) {
        llvm::Value* dx = b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, derivative(dxi::kDdxCoarse, a));
        llvm::Value* dy = b_.CreateUnaryIntrinsic(llvm::Intrinsic::fabs, derivative(dxi::kDdyCoarse, a));
        return b_.CreateFAdd(dx, dy);
      });
      return;
    case spv::OpTranspose: case spv::OpMatrixTimesScalar: case spv::OpVectorTimesMatrix:
    case spv::OpMatrixTimesVector: case spv::OpMatrixTimesMatrix: case spv::OpOuterProduct: {
      llvm::Value* a = v(0);
      llvm::Value* c = op == spv::OpTranspose ? a : v(1);
      if (!a || !c) return;
      if (llvm::Value* r = emitMatrixOp(b_, *m_, op, a, c)) bind(result, r);
      else error(loc, opcodeName(inst.op) + ": operands the DXIL back end cannot expand");
      return;
    }
    default:
      if (isWaveOp(op)) {
        emitWave(result, inst);
        return;
      }
      error(loc, opcodeName(inst.op) + " has no DXIL form yet");
      return;
  }
}

}  // namespace sl::dxil::emit
