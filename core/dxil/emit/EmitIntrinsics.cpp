// Wave, GLSL.std.450 and hlsl.* instructions as llvm.dx.* calls (Emitter.h).
#include "core/dxil/emit/Emitter.h"

#include "core/ir/Rewrite.h"

namespace sl::dxil::emit {

// Whether every use of a ballot is a bit count: DXIL counts the condition's bits itself, so such
// a ballot is never made (as in DXC's output).
bool Emitter::onlyBitCounted(Value ballot) const {
  size_t counted = 0;
  for (InstId i : ir::instsInProgramOrder(*fn_)) {
    const InstDef& use = fn_->inst(i);
    if (use.op.isSpv(spv::OpGroupNonUniformBallotBitCount) && use.operands.size() > 2 && !use.operands[2].isImm &&
        use.operands[2].value == ballot)
      ++counted;
    // WaveMultiPrefixCountBits: the ballot ANDed with a mask, only ever counted.
    if (use.op.isSpv(spv::OpBitwiseAnd) && use.operands.size() == 2 && !use.operands[0].isImm &&
        use.operands[0].value == ballot && onlyBitCounted(Value::inst(i)))
      ++counted;
  }
  return counted && counted == ir::countUses(*fn_, ballot);
}

// OpGroupNonUniform* (scope first): the operand, a group operation (an immediate) where the op
// has one, and a lane or direction (WaveOps.h).
void Emitter::emitWave(Value result, const InstDef& inst) {
  const uint32_t op = inst.op.code;
  const bool grouped = op == spv::OpGroupNonUniformBallotBitCount ||
                       (op >= spv::OpGroupNonUniformIAdd && op <= spv::OpGroupNonUniformLogicalXor);
  if (op == spv::OpGroupNonUniformBallot && onlyBitCounted(result)) {  // see BallotBitCount
    bind(result, llvm::PoisonValue::get(llvm::FixedVectorType::get(b_.getInt32Ty(), 4)));
    return;
  }
  WaveOpInput in;
  in.opcode = op;
  if (op == spv::OpGroupNonUniformPartitionNV) {  // WaveMatch: no scope, only the value
    if (inst.operands.empty()) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    if (!(in.value = operand(inst, 0))) return;
    std::string why;
    if (llvm::Value* r = emitWaveOp(b_, *m_, in, why)) bind(result, r);
    else error(inst.attrs.loc, opcodeName(inst.op) + ": " + why);
    return;
  }
  size_t next = 1;  // after the scope
  if (grouped) {
    if (inst.operands.size() <= next || !inst.operands[next].isImm) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    in.groupOperation = inst.operands[next++].imm;
  }
  if (op != spv::OpGroupNonUniformElect) {
    if (inst.operands.size() <= next) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    if (op == spv::OpGroupNonUniformBallotBitCount) {
      // DXIL counts the condition's bits directly (WaveActiveCountBits/WavePrefixCountBits):
      // look through the ballot irgen made of it.
      const Value& ballot = inst.operands[next].value;
      const InstDef* def = ballot.kind == ir::ValueKind::InstResult ? &fn_->inst(ballot.asInst()) : nullptr;
      if (def && def->op.isSpv(spv::OpBitwiseAnd) && def->operands.size() == 2) {
        // WaveMultiPrefixCountBits: a ballot ANDed with the partition mask (irgen's form).
        const Value& inner = def->operands[0].value;
        const InstDef* ballotDef = inner.kind == ir::ValueKind::InstResult ? &fn_->inst(inner.asInst()) : nullptr;
        if (ballotDef && ballotDef->op.isSpv(spv::OpGroupNonUniformBallot)) {
          if (!(in.mask = operand(*def, 1))) return;
          def = ballotDef;
        }
      }
      if (!def || !def->op.isSpv(spv::OpGroupNonUniformBallot) || def->operands.size() < 2)
        return error(inst.attrs.loc, "a ballot bit count of anything but a WaveActiveBallot has no DXIL form");
      in.value = value(def->operands[1].value, inst.attrs.loc);
    } else {
      in.value = operand(inst, next);
    }
    if (!in.value) return;
    ++next;
  }
  if (op == spv::OpGroupNonUniformBroadcast || op == spv::OpGroupNonUniformShuffle ||
      op == spv::OpGroupNonUniformQuadBroadcast || op == spv::OpGroupNonUniformQuadSwap) {
    in.lane = operand(inst, next);
    if (!in.lane) return;
  }
  if (in.groupOperation == spv::GroupOperationPartitionedExclusiveScanNV) {
    if (inst.operands.size() <= next) return error(inst.attrs.loc, "malformed " + opcodeName(inst.op));
    if (!(in.mask = operand(inst, next))) return;
  }
  if (op == spv::OpGroupNonUniformIAdd || op == spv::OpGroupNonUniformIMul) {
    const TypeDef& t = cx_.def(cx_.scalarOf(inst.resultType));
    in.isUnsigned = t.kind == TypeKind::Int && !t.isSigned;
  }
  std::string why;
  if (llvm::Value* r = emitWaveOp(b_, *m_, in, why)) bind(result, r);
  else error(inst.attrs.loc, opcodeName(inst.op) + ": " + why);
}

void Emitter::emitGlsl(InstId id, const InstDef& inst) {
  std::vector<llvm::Value*> args;
  for (size_t i = 0; i < inst.operands.size(); ++i) {
    llvm::Value* a = operand(inst, i);
    if (!a) return;
    args.push_back(a);
  }
  if (llvm::Value* r = emitGlslOp(b_, *m_, inst.op.code, args)) bind(Value::inst(id), r);
  else error(inst.attrs.loc, opcodeName(inst.op) + " has no DXIL form yet");
}

void Emitter::emitHlsl(InstId id, const InstDef& inst) {
  const Value result = Value::inst(id);
  const DebugLoc loc = inst.attrs.loc;
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  auto imm = [&](size_t i) -> uint32_t {
    return i < inst.operands.size() && inst.operands[i].isImm ? inst.operands[i].imm : 0;
  };
  switch (HlslOp(inst.op.code)) {
    case HlslOp::ResourceSample:
    case HlslOp::ResourceGather:
    case HlslOp::ResourceCalculateLod:
      emitTextureSample(id, inst);
      return;
    case HlslOp::HandleFromBinding: {
      if (inst.resultType.valid() && cx_.def(inst.resultType).kind == TypeKind::HlslResource &&
          cx_.def(inst.resultType).resource == ir::ResourceKind::VkSampledTexture2D) {
        error(loc, "vk::SampledTexture2D is a Vulkan combined image-sampler: it needs the SPIR-V target (-spirv)");
        return;
      }
      if (!rt || !llvm::isa<llvm::TargetExtType>(rt) || inst.operands.size() < 3) {
        error(loc, "hlsl.handle_from_binding: malformed or unsupported resource type");
        return;
      }
      if (resourceHasAttr(inst, "hlsl.rasterizer_ordered")) rt = withRasterizerOrdered(llvm::cast<llvm::TargetExtType>(rt));
      uint32_t space = imm(0), binding = imm(1), range = imm(2);
      if (isCounterHandle(inst)) {
        // DXIL keeps a structured buffer's counter in the resource itself: the counter handle
        // irgen makes for SPIR-V (a separate RWByteAddressBuffer) is the resource's handle here.
        if (!counterResource(inst, rt, space, binding)) {
          error(loc, "counter handle without its resource");
          return;
        }
      }
      llvm::Value* index = inst.operands.size() > 3 ? operand(inst, 3) : b_.getInt32(0);
      if (!index) return;
      llvm::Value* rangeValue = b_.getInt32(range == 0 ? 0xFFFFFFFFu : range);
      llvm::Value* nonUniform = b_.getFalse();
      std::string suffix = mangleTypeSuffix(rt);
      auto i32 = b_.getInt32Ty();
      llvm::CallInst* handle = nullptr;
      if (binding == UINT32_MAX) {
        // The order id names the resource (irgen's "hlsl.resource" attr: its global's index), so
        // all handles of one resource share its registers and the order follows the declarations.
        const uint32_t order = resourceIndex(inst).value_or(id.index);
        handle = b_.CreateCall(decl(dxi::kHandleFromImplicitBinding, rt, {i32, i32, i32, i32, b_.getInt1Ty()}, suffix),
                               {b_.getInt32(order), b_.getInt32(resourceHasAttr(inst, "hlsl.space") ? space : opts_.autoBindingSpace),
                                rangeValue, index, nonUniform});
      } else {
        handle = b_.CreateCall(decl(dxi::kHandleFromBinding, rt, {i32, i32, i32, i32, b_.getInt1Ty()}, suffix),
                               {b_.getInt32(space), b_.getInt32(binding), rangeValue, index, nonUniform});
      }
      if (resourceHasAttr(inst, "hlsl.globallycoherent")) handle->setMetadata(kGloballyCoherentMetadata, llvm::MDNode::get(ctx_, {}));
      bind(result, handle);
      return;
    }
    case HlslOp::HandleFromHeap:
    case HlslOp::CounterHandleFromHeap: {
      // DXIL has no separate counter handle: the counter lives in the resource (dxil.md §6.1).
      if (!rt || !llvm::isa<llvm::TargetExtType>(rt)) {
        error(loc, "hlsl.handle_from_heap: unsupported resource type");
        return;
      }
      llvm::Value* index = operand(inst, 0);
      if (!index) return;
      bind(result, b_.CreateCall(decl(dxi::kHandleFromHeap, rt, {b_.getInt32Ty()}, mangleTypeSuffix(rt)), {index}));
      return;
    }
    case HlslOp::ResourceElementPtr: {
      llvm::Value* handle = operand(inst, 0);
      if (!handle) return;
      Type handleType = ir_.typeOf(*fn_, inst.operands[0].value);
      const TypeDef& hd = cx_.def(handleType);
      if (hd.kind != TypeKind::HlslResource) return;
      if (hd.resource == ir::ResourceKind::ConstantBuffer) {
        // The whole block: members are read row by row (cbufferLoadLegacy).
        SymbolicPtr p;
        p.kind = SymbolicPtr::CBuffer;
        p.handle = handle;
        p.index = b_.getInt32(0);
        p.offset = b_.getInt32(0);
        p.pointee = cx_.def(inst.resultType).element;
        symbolic_[valueKey(result)] = p;
        return;
      }
      llvm::Value* index = operand(inst, 1);
      if (!index) return;
      SymbolicPtr p;
      p.handle = handle;
      p.index = b_.CreateZExtOrTrunc(index, b_.getInt32Ty());
      p.offset = b_.getInt32(0);
      p.rawBuffer = hd.resource == ir::ResourceKind::ByteAddressBuffer ||
                    hd.resource == ir::ResourceKind::RWByteAddressBuffer;
      p.pointee = cx_.def(inst.resultType).element;
      symbolic_[valueKey(result)] = p;
      return;
    }
    case HlslOp::ResourceLoad:
    case HlslOp::ResourceStore: {
      llvm::Value* handle = operand(inst, 0);
      llvm::Value* index = operand(inst, 1);
      if (!handle || !index) return;
      auto* tt = llvm::dyn_cast<llvm::TargetExtType>(handle->getType());
      if (tt && tt->getName() == "dx.Texture") {
        emitTextureAccess(id, inst, tt);
        return;
      }
      if (!tt || tt->getName() != "dx.TypedBuffer") {
        error(loc, opcodeName(inst.op) + ": unsupported resource type for the DXIL back end");
        return;
      }
      index = b_.CreateZExtOrTrunc(index, b_.getInt32Ty());
      llvm::Type* element = tt->getTypeParameter(0);
      if (HlslOp(inst.op.code) == HlslOp::ResourceLoad) {
        llvm::Type* ret = llvm::StructType::get(ctx_, {element, b_.getInt1Ty()});
        std::string suffix = mangleTypeSuffix(ret) + "." + mangleTypeSuffix(tt);
        llvm::Value* r = b_.CreateCall(decl(dxi::kLoadTypedBuffer, ret, {tt, b_.getInt32Ty()}, suffix), {handle, index});
        bind(result, b_.CreateExtractValue(r, {0}));
      } else {
        llvm::Value* val = operand(inst, 2);
        if (!val) return;
        std::string suffix = mangleTypeSuffix(tt) + "." + mangleTypeSuffix(val->getType());
        b_.CreateCall(decl(dxi::kStoreTypedBuffer, b_.getVoidTy(), {tt, b_.getInt32Ty(), val->getType()}, suffix),
                      {handle, index, val});
      }
      return;
    }
    case HlslOp::ResourceDimensions: {
      // imm 0: element count (32-bit words for byte-address buffers, as irgen expects);
      // imm 1: structured-buffer stride.
      llvm::Value* handle = operand(inst, 0);
      if (!handle) return;
      if (auto* tt = llvm::dyn_cast<llvm::TargetExtType>(handle->getType()); tt && tt->getName() == "dx.Texture") {
        emitTextureDimensions(id, inst, tt);
        return;
      }
      if (!rt || !rt->isIntegerTy(32)) {
        error(loc, opcodeName(inst.op) + ": unsupported resource type for the DXIL back end");
        return;
      }
      Type handleType = ir_.typeOf(*fn_, inst.operands[0].value);
      const TypeDef& hd = cx_.def(handleType);
      if (imm(1) == 1) {
        bind(result, b_.getInt32(hd.element.valid() ? layoutSize(hd.element) : 0));
        return;
      }
      llvm::Value* n = b_.CreateCall(decl(dxi::kGetDimensionsX, b_.getInt32Ty(), {handle->getType()},
                                          mangleTypeSuffix(handle->getType())),
                                     {handle});
      if (hd.resource == ir::ResourceKind::ByteAddressBuffer || hd.resource == ir::ResourceKind::RWByteAddressBuffer)
        n = b_.CreateLShr(n, b_.getInt32(2));
      bind(result, n);
      return;
    }
    case HlslOp::ResourceAtomic: {
      // dx.op.atomicBinOp / atomicCompareExchange on a typed buffer element (c0 = index) or a
      // texel (c0, c1, c2: x, y, and z or the array layer).
      llvm::Value* handle = operand(inst, 0);
      llvm::Value* coords = operand(inst, 1);
      llvm::Value* val = inst.operands.size() > 3 ? operand(inst, 3) : nullptr;
      if (!handle || !coords || !val || !inst.operands[2].isImm) return;
      const bool compare = inst.operands[2].imm == spv::OpAtomicCompareExchange;
      const std::optional<uint32_t> code = atomicBinOpCode(inst.operands[2].imm);
      if ((!code && !compare) || inst.operands[2].imm == spv::OpAtomicISub) {
        error(loc, "hlsl.resource_atomic: unexpected atomic opcode " + std::to_string(inst.operands[2].imm));
        return;
      }
      llvm::Value* comparator = compare && inst.operands.size() > 4 ? operand(inst, 4) : nullptr;
      if (compare && !comparator) return;
      llvm::Value* c[3] = {coords, nullptr, nullptr};
      if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(coords->getType()))
        for (unsigned k = 0; k < 3; ++k) c[k] = k < vt->getNumElements() ? b_.CreateExtractElement(coords, b_.getInt32(k)) : nullptr;
      for (llvm::Value*& x : c) x = x ? b_.CreateZExtOrTrunc(x, b_.getInt32Ty()) : llvm::PoisonValue::get(b_.getInt32Ty());
      bind(result, compare ? atomicCompareExchange(handle, c[0], c[1], c[2], comparator, val)
                           : atomicBinOp(handle, *code, c[0], c[1], c[2], val));
      return;
    }
    case HlslOp::CounterIncrement:
    case HlslOp::CounterDecrement: {
      llvm::Value* handle = operand(inst, 0);
      if (!handle) return;
      const bool inc = HlslOp(inst.op.code) == HlslOp::CounterIncrement;
      llvm::Value* r = b_.CreateCall(decl(dxi::kUpdateCounter, b_.getInt32Ty(), {handle->getType(), b_.getInt8Ty()},
                                          mangleTypeSuffix(handle->getType())),
                                     {handle, b_.getInt8(uint8_t(inc ? 1 : -1))});
      // The IR op yields the value before the update; DXIL's decrement yields the one after.
      bind(result, inc ? r : b_.CreateAdd(r, b_.getInt32(1)));
      return;
    }
  }
  error(loc, opcodeName(inst.op) + " has no DXIL form yet");
}

// DXC emits IMad/UMad (dx.op.tertiary 48/49) for mad(), integer dot() and mul(); irgen marks
// those adds, as SPIR-V has no integer multiply-add. The OpIMul's own mul is left to DCE.
llvm::Value* Emitter::integerMultiplyAdd(const InstDef& add) {
  bool marked = false;
  for (const auto& [key, value] : add.attrs.extra) marked |= key == "hlsl.mad";
  if (!marked || add.operands.size() != 2 || add.operands[0].isImm) return nullptr;
  const Value product = add.operands[0].value;
  if (product.kind != ValueKind::InstResult) return nullptr;
  const InstDef& mul = fn_->inst(product.asInst());
  if (!mul.op.isSpv(spv::OpIMul) || mul.operands.size() != 2) return nullptr;
  llvm::Value* a = operand(mul, 0);
  llvm::Value* c = operand(mul, 1);
  llvm::Value* addend = operand(add, 1);
  if (!a || !c || !addend || a->getType() != addend->getType()) return nullptr;
  llvm::Type* t = addend->getType();
  const std::string_view name = isSignedInt(add.resultType) ? dxi::kIMad : dxi::kUMad;
  return b_.CreateCall(declareIntrinsic(*m_, name, t, {t, t, t}, mangleTypeSuffix(t), IntrinsicEffects::NoMemory),
                       {a, c, addend});
}

}  // namespace sl::dxil::emit
