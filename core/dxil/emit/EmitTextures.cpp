// Texture sample/gather/LOD, load/store and dimensions as llvm.dx.* calls (Emitter.h).
#include "core/dxil/emit/Emitter.h"

namespace sl::dxil::emit {

// ------------------------------------------------------------------ textures

void Emitter::emitTextureSample(InstId id, const InstDef& inst) {
  const DebugLoc loc = inst.attrs.loc;
  const HlslOp op = HlslOp(inst.op.code);
  llvm::Value* tex = operand(inst, 0);
  llvm::Value* smp = operand(inst, 1);
  llvm::Value* coords = operand(inst, 2);
  if (!tex || !smp || !coords) return;
  auto* tt = llvm::dyn_cast<llvm::TargetExtType>(tex->getType());
  auto* st = llvm::dyn_cast<llvm::TargetExtType>(smp->getType());
  if (!tt || tt->getName() != "dx.Texture" || tt->getNumIntParameters() < 4 || !st || st->getName() != "dx.Sampler") {
    error(loc, opcodeName(inst.op) + ": the DXIL back end samples only Texture* objects with a sampler");
    return;
  }
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  if (!rt) return;
  const auto kind = ResourceKind(tt->getIntParameter(3));
  const Value result = Value::inst(id);
  std::string suffix = mangleTypeSuffix(rt) + "." + mangleTypeSuffix(tt) + "." + mangleTypeSuffix(st) + "." +
                       mangleTypeSuffix(coords->getType());
  auto call = [&](std::string_view name, std::vector<llvm::Value*> args) {
    std::vector<llvm::Type*> params;
    for (llvm::Value* a : args) params.push_back(a->getType());
    bind(result, b_.CreateCall(decl(name, rt, params, suffix), args));
  };
  auto imm = [&](size_t i) -> uint32_t {
    return i < inst.operands.size() && inst.operands[i].isImm ? inst.operands[i].imm : 0;
  };
  if (op == HlslOp::ResourceCalculateLod) {
    call(dxi::kCalculateLod, {tex, smp, coords, b_.getInt1(imm(3) == 0)});
    return;
  }
  const bool gather = op == HlslOp::ResourceGather;
  const uint32_t channel = gather ? imm(3) : 0;
  const uint32_t flags = gather ? imm(4) : imm(3);
  size_t next = gather ? 5 : 4;
  bool missing = false;
  auto take = [&]() -> llvm::Value* {
    llvm::Value* v = operand(inst, next++);
    missing |= v == nullptr;
    return v;
  };
  using namespace ir::SampleFlag;
  llvm::Value *dref = nullptr, *lod = nullptr, *bias = nullptr, *ddx = nullptr, *ddy = nullptr, *offset = nullptr,
              *clamp = nullptr;
  if (flags & Cmp) dref = take();
  if (flags & Lod) lod = take();
  else if (flags & Bias) bias = take();
  if (flags & Grad) {
    ddx = take();
    ddy = take();
  }
  if (flags & Offset) offset = take();
  if (flags & Clamp) clamp = take();
  if (missing) return;
  const unsigned offsetCount = textureOffsetCount(kind);
  if (!offset) {
    llvm::Type* ot = offsetCount > 1 ? static_cast<llvm::Type*>(llvm::FixedVectorType::get(b_.getInt32Ty(), offsetCount)) : b_.getInt32Ty();
    offset = offsetCount ? llvm::Constant::getNullValue(ot) : llvm::PoisonValue::get(ot);
  }
  suffix += "." + mangleTypeSuffix(offset->getType());
  if (!clamp) clamp = llvm::PoisonValue::get(b_.getFloatTy());
  if (gather) {
    if (dref) call(dxi::kGatherCmp, {tex, smp, coords, offset, b_.getInt32(channel), dref});
    else call(dxi::kGather, {tex, smp, coords, offset, b_.getInt32(channel)});
    return;
  }
  if (dref) {
    if (!lod) {
      call(dxi::kSampleCmp, {tex, smp, coords, offset, dref, clamp});
    } else if (auto* c = llvm::dyn_cast<llvm::ConstantFP>(lod); c && c->isZero()) {
      call(dxi::kSampleCmpLevelZero, {tex, smp, coords, offset, dref});
    } else {
      if (opts_.shaderModelMajor == 6 && opts_.shaderModelMinor < 7) {
        error(loc, "SampleCmpLevel with a non-zero level needs shader model 6.7 (dx.op.sampleCmpLevel)");
        return;
      }
      call(dxi::kSampleCmpLevel, {tex, smp, coords, offset, dref, lod});
    }
  } else if (lod) {
    call(dxi::kSampleLevel, {tex, smp, coords, offset, lod});
  } else if (bias) {
    call(dxi::kSampleBias, {tex, smp, coords, offset, bias, clamp});
  } else if (ddx) {
    call(dxi::kSampleGrad, {tex, smp, coords, offset, ddx, ddy, clamp});
  } else {
    call(dxi::kSample, {tex, smp, coords, offset, clamp});
  }
}

void Emitter::emitTextureAccess(InstId id, const InstDef& inst, llvm::TargetExtType* tt) {
  llvm::Value* tex = operand(inst, 0);
  llvm::Value* coords = operand(inst, 1);
  if (!tex || !coords) return;
  const bool rw = tt->getNumIntParameters() > 0 && tt->getIntParameter(0) != 0;
  if (HlslOp(inst.op.code) == HlslOp::ResourceStore) {
    llvm::Value* value = operand(inst, 2);
    if (!value) return;
    std::string suffix = mangleTypeSuffix(tt) + "." + mangleTypeSuffix(coords->getType()) + "." +
                         mangleTypeSuffix(value->getType());
    b_.CreateCall(decl(dxi::kStoreTexture, b_.getVoidTy(), {tt, coords->getType(), value->getType()}, suffix),
                  {tex, coords, value});
    return;
  }
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  if (!rt) return;
  auto imm = [&](size_t i) -> uint32_t {
    return i < inst.operands.size() && inst.operands[i].isImm ? inst.operands[i].imm : 0;
  };
  const uint32_t flags = imm(2);
  const auto kind = ResourceKind(tt->getIntParameter(3));
  const bool ms = kind == ResourceKind::Texture2DMS || kind == ResourceKind::Texture2DMSArray;
  // operator[] on a sampled texture reads mip 0 (as DXC does); RW textures have no mips.
  llvm::Value* level = (rw || ms) ? static_cast<llvm::Value*>(llvm::PoisonValue::get(b_.getInt32Ty())) : b_.getInt32(0);
  if (flags & ir::LoadFlag::MipInCoord) {
    // Texture*.Load(int3): the last coordinate is the mip level.
    auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(coords->getType());
    if (!vt || vt->getNumElements() < 2) {
      error(inst.attrs.loc, "texture Load: the coordinates lack the mip level");
      return;
    }
    unsigned n = vt->getNumElements();
    level = b_.CreateExtractElement(coords, b_.getInt32(n - 1));
    if (n == 2) {
      coords = b_.CreateExtractElement(coords, b_.getInt32(0));
    } else {
      std::vector<int> mask;
      for (unsigned i = 0; i + 1 < n; ++i) mask.push_back(int(i));
      coords = b_.CreateShuffleVector(coords, mask);
    }
  }
  size_t next = 3;
  if (flags & ir::LoadFlag::SampleIndex) {
    level = operand(inst, next++);
    if (!level) return;
  }
  llvm::Value* offset = nullptr;
  if (flags & ir::LoadFlag::Offset) {
    offset = operand(inst, next++);
    if (!offset) return;
  }
  // Without an offset DXC leaves textureLoad's offset operands undef (Sample* get zeros).
  if (!offset) offset = llvm::PoisonValue::get(b_.getInt32Ty());
  level = b_.CreateZExtOrTrunc(level, b_.getInt32Ty());
  std::string suffix = mangleTypeSuffix(rt) + "." + mangleTypeSuffix(tt) + "." + mangleTypeSuffix(coords->getType()) +
                       "." + mangleTypeSuffix(offset->getType());
  bind(Value::inst(id),
       b_.CreateCall(decl(dxi::kLoadTexture, rt, {tt, coords->getType(), b_.getInt32Ty(), offset->getType()}, suffix),
                     {tex, coords, level, offset}));
}

void Emitter::emitTextureDimensions(InstId id, const InstDef& inst, llvm::TargetExtType* tt) {
  llvm::Value* tex = operand(inst, 0);
  llvm::Type* rt = inst.resultType.valid() ? type(inst.resultType) : nullptr;
  if (!tex || !rt || !rt->getScalarType()->isIntegerTy(32)) {
    error(inst.attrs.loc, "texture dimensions: unexpected result type");
    return;
  }
  const uint32_t what = inst.operands.size() > 1 && inst.operands[1].isImm ? inst.operands[1].imm : 0;
  const bool rw = tt->getNumIntParameters() > 0 && tt->getIntParameter(0) != 0;
  const auto kind = ResourceKind(tt->getIntParameter(3));
  const bool ms = kind == ResourceKind::Texture2DMS || kind == ResourceKind::Texture2DMSArray;
  llvm::Value* level = (rw || ms) ? static_cast<llvm::Value*>(llvm::PoisonValue::get(b_.getInt32Ty())) : b_.getInt32(0);
  if (inst.operands.size() > 2 && !inst.operands[2].isImm) {
    level = operand(inst, 2);
    if (!level) return;
    level = b_.CreateZExtOrTrunc(level, b_.getInt32Ty());
  }
  llvm::Type* i32 = b_.getInt32Ty();
  llvm::Type* dims = llvm::StructType::get(ctx_, {i32, i32, i32, i32});
  llvm::Value* d = b_.CreateCall(decl(dxi::kGetDimensionsTexture, dims, {tt, i32}, mangleTypeSuffix(tt)), {tex, level});
  if (what == 2 || what == 3) {  // mip levels / sample count: the fourth field
    bind(Value::inst(id), b_.CreateExtractValue(d, {3}));
    return;
  }
  auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(rt);
  if (!vt) {
    bind(Value::inst(id), b_.CreateExtractValue(d, {0}));
    return;
  }
  llvm::Value* v = llvm::PoisonValue::get(rt);
  for (unsigned i = 0; i < vt->getNumElements() && i < 3; ++i)
    v = b_.CreateInsertElement(v, b_.CreateExtractValue(d, {i}), b_.getInt32(i));
  bind(Value::inst(id), v);
}

}  // namespace sl::dxil::emit
