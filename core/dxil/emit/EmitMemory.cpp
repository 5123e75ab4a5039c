// Pointers the LLVM module has no pointer for (SymbolicPtr): buffer elements, constant-buffer rows
// and compute builtins, loaded, stored and indexed (Emitter.h).
#include "core/dxil/emit/Emitter.h"

namespace sl::dxil::emit {

llvm::Value* Emitter::builtinComponent(uint32_t builtin, llvm::Value* component, DebugLoc loc) {
  std::string_view name;
  switch (builtin) {
    case spv::BuiltInGlobalInvocationId: name = dxi::kThreadId; break;
    case spv::BuiltInWorkgroupId: name = dxi::kGroupId; break;
    case spv::BuiltInLocalInvocationId: name = dxi::kThreadIdInGroup; break;
    case spv::BuiltInLocalInvocationIndex:
      return b_.CreateCall(decl(dxi::kFlattenedThreadIdInGroup, b_.getInt32Ty(), {}));
    case spv::BuiltInSubgroupLocalInvocationId: return emitLaneIndex(b_, *m_);
    case spv::BuiltInSubgroupSize: return emitLaneCount(b_, *m_);
    default:
      error(loc, "system value (BuiltIn " + std::to_string(builtin) + ") has no DXIL form yet");
      return nullptr;
  }
  return b_.CreateCall(decl(name, b_.getInt32Ty(), {b_.getInt32Ty()}), {component});
}

llvm::Value* Emitter::loadSymbolic(const SymbolicPtr& p, Type t, DebugLoc loc) {
  llvm::Type* lt = type(t);
  if (!lt) {
    error(loc, "load of a type with no DXIL form");
    return nullptr;
  }
  if (p.kind == SymbolicPtr::Stage) return accessStagePart(p, lt, nullptr, loc);
  if (p.kind == SymbolicPtr::Builtin) {
    if (p.component) {
      if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(p.component)) return builtinComponent(p.builtin, ci, loc);
      llvm::Value* all = loadSymbolic(SymbolicPtr{SymbolicPtr::Builtin, nullptr, nullptr, nullptr, false,
                                                  cx_.vectorType(t, 3), p.builtin, nullptr},
                                      cx_.vectorType(t, 3), loc);
      return all ? b_.CreateExtractElement(all, p.component) : nullptr;
    }
    if (p.builtin == spv::BuiltInLocalInvocationIndex || p.builtin == spv::BuiltInSubgroupLocalInvocationId ||
        p.builtin == spv::BuiltInSubgroupSize)
      return builtinComponent(p.builtin, nullptr, loc);
    llvm::Value* v = llvm::PoisonValue::get(lt);
    uint32_t n = cx_.componentCount(t);
    for (uint32_t i = 0; i < n; ++i) {
      llvm::Value* c = builtinComponent(p.builtin, b_.getInt32(i), loc);
      if (!c) return nullptr;
      v = n == 1 ? c : b_.CreateInsertElement(v, c, b_.getInt32(i));
    }
    return v;
  }
  const TypeDef& d = cx_.def(t);
  if (d.kind == TypeKind::Struct || d.kind == TypeKind::Array || d.kind == TypeKind::Matrix) {
    // Aggregates load leaf by leaf, as DXC's rawBufferLoad splitting does.
    llvm::Value* agg = llvm::PoisonValue::get(lt);
    uint32_t n = d.kind == TypeKind::Struct ? uint32_t(d.members.size()) : uint32_t(lt->getArrayNumElements());
    for (uint32_t i = 0; i < n; ++i) {
      Type et = d.kind == TypeKind::Struct ? d.members[i].type : d.element;
      const bool cb = p.kind == SymbolicPtr::CBuffer;
      uint32_t off = d.kind == TypeKind::Struct ? memberOffset(t, i, cb) : i * elementStride(t, cb);
      SymbolicPtr q = p;
      q.offset = b_.CreateAdd(p.offset, b_.getInt32(off));
      q.pointee = et;
      llvm::Value* e = loadSymbolic(q, et, loc);
      if (!e) return nullptr;
      agg = b_.CreateInsertValue(agg, e, {i});
    }
    return agg;
  }
  if (p.kind == SymbolicPtr::CBuffer) return loadCBufferLeaf(p, t, lt, loc);
  // Bools live in buffers as i32.
  llvm::Type* memType = lt;
  if (lt->isIntOrIntVectorTy(1)) {
    memType = lt->isVectorTy() ? (llvm::Type*)llvm::FixedVectorType::get(b_.getInt32Ty(), cx_.componentCount(t))
                               : (llvm::Type*)b_.getInt32Ty();
  }
  llvm::Type* ret = llvm::StructType::get(ctx_, {memType, b_.getInt1Ty()});
  llvm::Value* index = p.index;
  llvm::Value* offset = p.offset;
  if (p.rawBuffer) {
    index = rawAddress(p);
    offset = llvm::PoisonValue::get(b_.getInt32Ty());
  }
  std::string suffix = mangleTypeSuffix(ret) + "." + mangleTypeSuffix(p.handle->getType());
  llvm::Value* r = b_.CreateCall(decl(dxi::kLoadRawBuffer, ret, {p.handle->getType(), b_.getInt32Ty(), b_.getInt32Ty()}, suffix),
                                 {p.handle, index, offset});
  llvm::Value* v = b_.CreateExtractValue(r, {0});
  if (memType != lt) v = b_.CreateICmpNE(v, llvm::Constant::getNullValue(memType));
  return v;
}

// A scalar or vector at a constant byte offset of a constant buffer: its 16-byte row, then the
// components (a leaf never straddles rows in the cbuffer layout).
llvm::Value* Emitter::loadCBufferLeaf(const SymbolicPtr& p, Type t, llvm::Type* lt, DebugLoc loc) {
  llvm::Type* scalar = lt->getScalarType();
  llvm::Type* rowType = scalar->isIntegerTy(1) ? b_.getInt32Ty() : scalar;
  uint32_t size = rowType->getPrimitiveSizeInBits() / 8;
  if (size != 2 && size != 4 && size != 8) {
    error(loc, "constant buffer members of this type have no DXIL form yet");
    return nullptr;
  }
  uint32_t n = cx_.componentCount(t);
  // A 16-byte row holds 8 16-bit, 4 32-bit or 2 64-bit values (cbufferLoadLegacy's CBufRet).
  const uint32_t perRow = 16 / size;
  llvm::Type* ret = llvm::StructType::get(ctx_, std::vector<llvm::Type*>(perRow, rowType));
  std::string suffix = mangleTypeSuffix(ret) + "." + mangleTypeSuffix(p.handle->getType());
  const std::string_view intrinsic = perRow == 2 ? dxi::kLoadCBufferRow2 : perRow == 8 ? dxi::kLoadCBufferRow8 : dxi::kLoadCBufferRow;
  llvm::FunctionCallee loadRow = decl(intrinsic, ret, {p.handle->getType(), b_.getInt32Ty()}, suffix);
  auto component = [&](llvm::Value* c) { return scalar->isIntegerTy(1) ? b_.CreateICmpNE(c, b_.getInt32(0)) : c; };
  llvm::Value* v = llvm::PoisonValue::get(lt);
  auto* off = llvm::dyn_cast<llvm::ConstantInt>(p.offset);
  if (off) {
    // Component by component: a member may continue in the next row (a double3 at offset 16,
    // or any layout that packs across rows), which is read as well.
    const uint32_t byte = uint32_t(off->getZExtValue());
    llvm::Value* row = nullptr;
    uint32_t rowIndex = UINT32_MAX;
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t at = byte + i * size;
      if (at / 16 != rowIndex) {
        rowIndex = at / 16;
        row = b_.CreateCall(loadRow, {p.handle, b_.getInt32(rowIndex)});
      }
      llvm::Value* c = component(b_.CreateExtractValue(row, {(at % 16) / size}));
      v = n == 1 && !lt->isVectorTy() ? c : b_.CreateInsertElement(v, c, b_.getInt32(i));
    }
    return v;
  }
  // A dynamically indexed array: the row and the first component are computed (the legacy
  // layout never lets a member straddle rows); the row's components become a vector to index.
  llvm::Value* byte = b_.CreateZExtOrTrunc(p.offset, b_.getInt32Ty());
  llvm::Value* rowIndex = b_.CreateLShr(byte, b_.getInt32(4));
  llvm::Value* within = b_.CreateAnd(byte, b_.getInt32(15));
  llvm::Value* first = b_.CreateUDiv(within, b_.getInt32(size));
  llvm::Value* row = b_.CreateCall(loadRow, {p.handle, rowIndex});
  llvm::Value* lanes = llvm::PoisonValue::get(llvm::FixedVectorType::get(rowType, perRow));
  for (uint32_t i = 0; i < perRow; ++i) {
    llvm::Value* c = b_.CreateExtractValue(row, {i});
    lanes = b_.CreateInsertElement(lanes, c, b_.getInt32(i));
  }
  for (uint32_t i = 0; i < n; ++i) {
    llvm::Value* lane = b_.CreateAdd(first, b_.getInt32(i));
    llvm::Value* c = component(b_.CreateExtractElement(lanes, lane));
    v = n == 1 && !lt->isVectorTy() ? c : b_.CreateInsertElement(v, c, b_.getInt32(i));
  }
  return v;
}

void Emitter::storeSymbolic(const SymbolicPtr& p, Type t, llvm::Value* v, DebugLoc loc) {
  if (p.kind == SymbolicPtr::Stage) {
    accessStagePart(p, v->getType(), v, loc);
    return;
  }
  if (p.kind == SymbolicPtr::Builtin || p.kind == SymbolicPtr::CBuffer) {
    error(loc, p.kind == SymbolicPtr::CBuffer ? "store to a constant buffer" : "store to a compute system value");
    return;
  }
  const TypeDef& d = cx_.def(t);
  if (d.kind == TypeKind::Struct || d.kind == TypeKind::Array || d.kind == TypeKind::Matrix) {
    uint32_t n = d.kind == TypeKind::Struct ? uint32_t(d.members.size()) : uint32_t(v->getType()->getArrayNumElements());
    for (uint32_t i = 0; i < n; ++i) {
      Type et = d.kind == TypeKind::Struct ? d.members[i].type : d.element;
      uint32_t off = d.kind == TypeKind::Struct ? memberOffset(t, i) : i * elementStride(t);
      SymbolicPtr q = p;
      q.offset = b_.CreateAdd(p.offset, b_.getInt32(off));
      storeSymbolic(q, et, b_.CreateExtractValue(v, {i}), loc);
    }
    return;
  }
  if (v->getType()->isIntOrIntVectorTy(1)) {
    llvm::Type* mt = v->getType()->isVectorTy()
                         ? llvm::FixedVectorType::get(b_.getInt32Ty(), cx_.componentCount(t))
                         : (llvm::Type*)b_.getInt32Ty();
    v = b_.CreateZExt(v, mt);
  }
  llvm::Value* index = p.index;
  llvm::Value* offset = p.offset;
  if (p.rawBuffer) {
    index = rawAddress(p);
    offset = llvm::PoisonValue::get(b_.getInt32Ty());
  }
  std::string suffix = mangleTypeSuffix(p.handle->getType()) + "." + mangleTypeSuffix(v->getType());
  b_.CreateCall(decl(dxi::kStoreRawBuffer, b_.getVoidTy(),
                     {p.handle->getType(), b_.getInt32Ty(), b_.getInt32Ty(), v->getType()}, suffix),
                {p.handle, index, offset, v});
}

SymbolicPtr Emitter::chainSymbolic(SymbolicPtr p, const InstDef& inst, DebugLoc loc) {
  for (size_t i = 1; i < inst.operands.size(); ++i) {
    llvm::Value* idx = operand(inst, i);
    if (!idx) return p;
    if (p.kind == SymbolicPtr::Stage) {
      // Array (or matrix) element first, then a vector component.
      const TypeDef& d = cx_.def(p.pointee);
      if ((d.kind == TypeKind::Array || d.kind == TypeKind::Matrix) && !p.index && !p.component) {
        p.index = b_.CreateZExtOrTrunc(idx, b_.getInt32Ty());
        p.pointee = d.element;
      } else if (d.kind == TypeKind::Vector && !p.component) {
        p.component = idx;
        p.pointee = d.element;
      } else {
        error(loc, "access chain into a shader input/output goes deeper than element and component");
        return p;
      }
      continue;
    }
    if (p.kind == SymbolicPtr::Builtin) {
      p.component = idx;
      p.pointee = cx_.scalarOf(p.pointee);
      continue;
    }
    const TypeDef& d = cx_.def(p.pointee);
    if (d.kind == TypeKind::Struct) {
      auto* ci = llvm::dyn_cast<llvm::ConstantInt>(idx);
      if (!ci || ci->getZExtValue() >= d.members.size()) {
        error(loc, "struct member index must be a constant in range");
        return p;
      }
      uint32_t m = uint32_t(ci->getZExtValue());
      p.offset = b_.CreateAdd(p.offset, b_.getInt32(memberOffset(p.pointee, m, p.kind == SymbolicPtr::CBuffer)));
      p.pointee = d.members[m].type;
    } else if (d.kind == TypeKind::Array || d.kind == TypeKind::RuntimeArray || d.kind == TypeKind::Matrix ||
               d.kind == TypeKind::Vector) {
      const bool cb = p.kind == SymbolicPtr::CBuffer;
      uint32_t stride = d.kind == TypeKind::Vector ? layoutSize(d.element, cb) : elementStride(p.pointee, cb);
      llvm::Value* i32 = b_.CreateZExtOrTrunc(idx, b_.getInt32Ty());
      p.offset = b_.CreateAdd(p.offset, b_.CreateMul(i32, b_.getInt32(stride)));
      p.pointee = d.element;
    } else {
      error(loc, "access chain indexes into a scalar");
      return p;
    }
  }
  return p;
}

}  // namespace sl::dxil::emit
