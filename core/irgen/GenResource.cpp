// Resource access in stage "ir": `hlsl.handle_from_binding` names the declared resource (attrs:
// name, hlsl.resource = its global's index), `hlsl.resource_element_ptr` addresses buffer data
// (structured/byte-address elements, cbuffer blocks), `hlsl.resource_load/store` typed elements,
// `hlsl.resource_dimensions` sizes and `hlsl.counter_increment/decrement` the hidden counters.
// Heap resources (`ResourceDescriptorHeap[i]`, docs/heaps.md) use `hlsl.handle_from_heap(i)` /
// `hlsl.counter_handle_from_heap(i)` typed by the resource instead of handle_from_binding.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

using ir::Operand;
using ir::Value;

static const fe::Expr* stripNoOps(const fe::Expr* e) {
  while ((e->kind == fe::ExprKind::ImplicitCast || e->kind == fe::ExprKind::ExplicitCast) &&
         static_cast<const fe::CastExpr*>(e)->castKind == fe::CastKind::NoOp)
    e = static_cast<const fe::CastExpr*>(e)->operand;
  return e;
}

int Gen::heapEntry(HeapKind heap, const fe::Type* resourceType) {
  for (size_t i = 0; i < resources_.size(); ++i)
    if (resources_[i].heap == heap && resources_[i].type == resourceType) return static_cast<int>(i);
  ResourceInfo info;
  info.heap = heap;
  info.type = resourceType;
  info.name = heap == HeapKind::Sampler ? "SamplerDescriptorHeap" : "ResourceDescriptorHeap";
  resources_.push_back(std::move(info));
  return static_cast<int>(resources_.size() - 1);
}

// `heapIndexExpr` is the operand of a HeapToResource conversion: ResourceDescriptorHeap[i] or
// SamplerDescriptorHeap[i] (a ResourceIndex on the heap global, typed heap_*_info).
ResourceRef Gen::heapResource(const fe::Expr* heapIndexExpr, const fe::Type* resourceType) {
  const fe::Expr* e = stripNoOps(heapIndexExpr);
  if (e->kind != fe::ExprKind::ResourceIndex || !resourceType->isResource()) {
    error(heapIndexExpr->loc, "cannot determine which descriptor heap element this expression refers to");
    return {};
  }
  auto* ri = static_cast<const fe::ResourceIndexExpr*>(e);
  const bool sampler = e->type->isStruct() && e->type->record && e->type->record->name == "heap_sampler_info";
  ResourceRef ref;
  ref.heap = sampler ? HeapKind::Sampler : HeapKind::Resource;
  ref.index = rvalue(ri->index);
  ref.resource = heapEntry(ref.heap, resourceType);
  ref.heapExpr = ri->base && ri->base->loc.isValid() ? static_cast<const fe::Node*>(ri->base) : ri;
  return ref;
}

ResourceRef Gen::resourceOf(const fe::Expr* expr) {
  ResourceRef r = resolveResource(expr);
  if (r.valid()) ensureDeclared(r.resource);
  return r;
}

ResourceRef Gen::resolveResource(const fe::Expr* expr) {
  expr = stripNoOps(expr);
  if (expr->kind == fe::ExprKind::ImplicitCast &&
      static_cast<const fe::CastExpr*>(expr)->castKind == fe::CastKind::HeapToResource)
    return heapResource(static_cast<const fe::CastExpr*>(expr)->operand, expr->type);
  if (expr->kind == fe::ExprKind::DeclRef) {
    auto* ref = static_cast<const fe::DeclRefExpr*>(expr);
    if (ref->decl->kind == fe::DeclKind::Var) {
      auto* var = static_cast<const fe::VarDecl*>(ref->decl);
      if (auto it = locals_.find(var); it != locals_.end() && it->second.slotCount == 1 && var->type->isResource())
        return readSlot(it->second.firstSlot, expr);
      if (!locals_.count(var) && staticResources_.count(var)) {
        // Static inits run before the entry; what they index (cbuffer values, constants) is the
        // same at every use, so evaluating the initializer at the use is equivalent.
        return resourceOf(var->init);
      }
      if (auto it = locals_.find(var); it != locals_.end() && it->second.kind == VarInfo::Kind::Resource &&
                                       it->second.resource.valid())
        return it->second.resource;
      if (auto it = globals_.find(var); it != globals_.end() && it->second.kind == VarInfo::Kind::Resource &&
                                        it->second.resource.valid())
        return it->second.resource;
    }
  } else {
    const size_t before = errors_ + poisonedReads_;
    if (ResourceRef r = resourceElement(expr); r.valid()) return r;
    if (errors_ + poisonedReads_ > before) return {};  // resourceElement (or an earlier error) said why
  }
  error(expr->loc, "cannot determine which resource this expression refers to");
  return {};
}

Value Gen::handle(const ResourceRef& ref, bool counter) {
  ensureDeclared(ref.resource);
  const ResourceInfo& r = resources_[ref.resource];
  if (ref.fromHeap()) {
    // The counter handle has the buffer's type too: passes/heaps tells the two apart by the op.
    Value h = b_->hlsl(counter ? ir::HlslOp::CounterHandleFromHeap : ir::HlslOp::HandleFromHeap, lowerResource(r.type),
                       {Operand::v(ref.index)});
    b_->instOf(h).attrs.name = counter ? "counter_" + r.name : r.name;
    if (ref.heapExpr) {
      const ir::DebugLoc use = b_->loc();
      setLoc(ref.heapExpr);
      b_->instOf(h).attrs.loc = b_->loc();
      b_->setLoc(use);
    }
    return h;
  }
  const ir::GlobalVarDef& g = module_->global(r.global);
  ir::Type t = g.type;
  const ir::TypeDef& d = cx_->def(t);
  if (d.kind == ir::TypeKind::Array || d.kind == ir::TypeKind::RuntimeArray) t = d.element;
  uint32_t space = 0, binding = UINT32_MAX;
  for (const auto& [key, value] : g.attrs.extra) {
    if (key == attr::kSpace) space = static_cast<uint32_t>(std::stoul(value));
    if (key == attr::kRegister && value.size() > 1 && value[0] != 'c') binding = static_cast<uint32_t>(std::stoul(value.substr(1)));
  }
  if (counter) {
    t = cx_->hlslResourceType(ir::ResourceKind::RWByteAddressBuffer, cx_->s32());
    binding = UINT32_MAX;
  }
  std::vector<Operand> ops{Operand::i(space), Operand::i(binding), Operand::i(r.isArray ? r.arraySize : 1)};
  if (ref.index.valid()) ops.push_back(Operand::v(ref.index));
  Value h = b_->hlsl(ir::HlslOp::HandleFromBinding, t, ops);
  ir::InstDef& inst = b_->instOf(h);
  inst.attrs.name = counter ? "counter_var_" + r.name : r.name;
  inst.attrs.extra.push_back({attr::kResourceId, std::to_string(r.global.index)});
  if (counter) inst.attrs.extra.push_back({attr::kCounter, "1"});
  return h;
}

static uint32_t storageClassFor(const ir::GlobalVarDef* g, ir::ResourceKind kind) {
  if (g)
    for (const auto& [key, value] : g->attrs.extra)
      if (key == attr::kPushConstant) return spv::StorageClassPushConstant;
  if (kind == ir::ResourceKind::ConstantBuffer) return spv::StorageClassUniform;
  return spv::StorageClassStorageBuffer;
}

Value Gen::elementPtr(const ResourceRef& ref, Value index, const fe::Type* elementType) {
  (void)elementType;
  Value h = handle(ref);
  ir::Type ht = module_->typeOf(b_->function(), h);
  const ir::TypeDef& d = cx_->def(ht);
  const ResourceInfo& r = resources_[ref.resource];
  const uint32_t sc = storageClassFor(r.global.valid() ? &module_->global(r.global) : nullptr, d.resource);
  ir::Type ptr = cx_->pointerType(sc, d.element.valid() ? d.element : cx_->u32());
  std::vector<Operand> ops{Operand::v(h)};
  if (index.valid()) ops.push_back(Operand::v(index));
  return b_->hlsl(ir::HlslOp::ResourceElementPtr, ptr, ops);
}

Value Gen::cbufferPtr(int resourceIndex) {
  ResourceRef ref;
  ref.resource = resourceIndex;
  return elementPtr(ref, {}, nullptr);
}

// Byte-address buffer word pointer for `address + 4 * word`.
static Value wordPtr(Gen& g, const ResourceRef& ref, Value address, uint32_t word) {
  ir::Builder& b = *g.b_;
  Value index = b.shr(address, b.constU32(2));
  if (word) index = b.iadd(index, b.constU32(word));
  return g.elementPtr(ref, index, nullptr);
}

Value Gen::resourceMethod(const fe::IntrinsicCallExpr* call) {
  ResourceRef ref = resourceOf(call->object);
  if (!ref.valid()) return Value::constant(cx_->undef(lower(call->type)));
  if (std::optional<Value> v = textureMethod(call, ref)) return *v;
  const fe::Type* rt = resource(ref).type;
  const std::string& name = call->name;
  using RK = fe::ResourceKind;
  const bool structured = rt->resource == RK::StructuredBuffer || rt->resource == RK::RWStructuredBuffer ||
                          rt->resource == RK::AppendStructuredBuffer || rt->resource == RK::ConsumeStructuredBuffer;
  const bool raw = rt->resource == RK::ByteAddressBuffer || rt->resource == RK::RWByteAddressBuffer;
  auto arg = [&](size_t i) { return rvalue(call->args[i]); };
  auto undefResult = [&]() { return Value::constant(cx_->undef(lower(call->type))); };

  if (name == "GetDimensions") {
    if (structured || raw || rt->resource == RK::Buffer || rt->resource == RK::RWBuffer) {
      Value h = handle(ref);
      Value count = b_->hlsl(ir::HlslOp::ResourceDimensions, cx_->u32(), {Operand::v(h), Operand::i(0)});
      if (raw) count = b_->imul(count, b_->constU32(4));
      if (!call->args.empty())
        store(lvalue(call->args[0]), convertValue(count, unit_.context->types.uintType(), call->args[0]->type));
      if (structured && call->args.size() > 1) {
        Value stride = b_->hlsl(ir::HlslOp::ResourceDimensions, cx_->u32(), {Operand::v(h), Operand::i(1)});
        store(lvalue(call->args[1]), convertValue(stride, unit_.context->types.uintType(), call->args[1]->type));
      }
      return undefResult();
    }
    error(call->loc, "GetDimensions on " + std::string(fe::resourceKindName(rt->resource)) + " is not supported yet");
    return undefResult();
  }
  if (structured) {
    if (name == "Load") return loadMemory(elementPtr(ref, arg(0), rt->element), rt->element);
    if (name == "IncrementCounter" || name == "DecrementCounter") {
      const bool inc = name == "IncrementCounter";
      Value old = b_->hlsl(inc ? ir::HlslOp::CounterIncrement : ir::HlslOp::CounterDecrement, cx_->s32(),
                           {Operand::v(handle(ref, true))});
      if (!inc) old = b_->isub(old, b_->constS32(1));
      return b_->bitcast(cx_->u32(), old);
    }
    if (name == "Append") {
      Value old = b_->hlsl(ir::HlslOp::CounterIncrement, cx_->s32(), {Operand::v(handle(ref, true))});
      Value index = b_->bitcast(cx_->u32(), old);
      storeMemory(elementPtr(ref, index, rt->element), rt->element, arg(0));
      return undefResult();
    }
    if (name == "Consume") {
      Value old = b_->hlsl(ir::HlslOp::CounterDecrement, cx_->s32(), {Operand::v(handle(ref, true))});
      Value index = b_->bitcast(cx_->u32(), b_->isub(old, b_->constS32(1)));
      return loadMemory(elementPtr(ref, index, rt->element), rt->element);
    }
  }
  if (raw) {
    // Leaves are packed (hlsl-spirv.md §3.5): 16-bit values share words, 64-bit values span two;
    // only a struct mixing widths gets padding, from the alignment below.
    auto leafWidth = [&](const fe::Type* t) { return t->scalar == fe::ScalarKind::Bool ? 32u : scalarWidth(t->scalar); };
    // Numbers, and arrays and structs of them. Each leaf sits at its natural (scalar-size)
    // alignment, the D3D structured-buffer layout.
    auto supported = [&](const fe::Type* t) {
      std::vector<const fe::Type*> leafTypes;
      fe::flattenLeaves(t, leafTypes, unit_.context->types);
      for (const fe::Type* lt : leafTypes)
        if (!lt->isNumeric()) return false;
      return !leafTypes.empty();
    };
    auto alignLeaf = [](uint32_t offset, uint32_t width) { return (offset + width / 8 - 1) / (width / 8) * (width / 8); };
    auto byteAddress = [&](Value address, uint32_t offset) { return offset ? b_->iadd(address, b_->constU32(offset)) : address; };
    auto loadWords = [&](Value address, const fe::Type* t) -> Value {
      if (!supported(t)) {
        error(call->loc, "Load<" + fe::typeName(t) + "> from a byte-address buffer is not supported yet");
        return Value::constant(cx_->undef(lower(t)));
      }
      std::vector<const fe::Type*> leafTypes;
      fe::flattenLeaves(t, leafTypes, unit_.context->types);
      std::vector<Value> leaves;
      uint32_t offset = 0;
      for (const fe::Type* lt : leafTypes) {
        const uint32_t width = leafWidth(lt);
        offset = alignLeaf(offset, width);
        Value at = byteAddress(address, offset);
        ir::Type ltType = lower(lt);
        Value w = b_->load(wordPtr(*this, ref, at, 0));
        Value v;
        if (width == 16) {
          Value shift = b_->imul(b_->bitAnd(at, b_->constU32(3)), b_->constU32(8));
          Value h = b_->convert(spv::OpUConvert, cx_->intType(16, false), b_->shr(w, shift));
          v = ltType == cx_->intType(16, false) ? h : b_->bitcast(ltType, h);
        } else if (width == 64) {
          Value hi = b_->load(wordPtr(*this, ref, at, 1));
          ir::Type u64 = cx_->intType(64, false);
          Value lo64 = b_->convert(spv::OpUConvert, u64, w);
          Value hi64 = b_->shl(b_->convert(spv::OpUConvert, u64, hi), Value::constant(cx_->intConst(u64, 32)));
          Value both = b_->bitOr(lo64, hi64);
          v = ltType == u64 ? both : b_->bitcast(ltType, both);
        } else if (isBool(lt)) {
          v = b_->ine(w, b_->constU32(0));
        } else {
          v = ltType == cx_->u32() ? w : b_->bitcast(ltType, w);
        }
        leaves.push_back(v);
        offset += width / 8;
      }
      size_t next = 0;
      return buildFromLeaves(t, leaves, next);
    };
    auto storeWords = [&](Value address, const fe::Type* t, Value value) {
      if (!supported(t)) {
        error(call->loc, "Store<" + fe::typeName(t) + "> to a byte-address buffer is not supported yet");
        return;
      }
      std::vector<const fe::Type*> leafTypes;
      fe::flattenLeaves(t, leafTypes, unit_.context->types);
      std::vector<Value> leaves = flattenValue(value, t);
      uint32_t offset = 0;
      for (size_t i = 0; i < leafTypes.size() && i < leaves.size(); ++i) {
        const fe::Type* lt = leafTypes[i];
        const uint32_t width = leafWidth(lt);
        offset = alignLeaf(offset, width);
        Value at = byteAddress(address, offset);
        ir::Type ltType = lower(lt);
        if (width == 16) {
          // Clear, then set, this half of the containing word with two atomics: invocations that
          // store the other half of the same word at the same time must not be clobbered (a plain
          // read-modify-write, as DXC emits, loses their value).
          ir::Type u16 = cx_->intType(16, false);
          Value bits = ltType == u16 ? leaves[i] : b_->bitcast(u16, leaves[i]);
          Value shift = b_->imul(b_->bitAnd(at, b_->constU32(3)), b_->constU32(8));
          Value ptr = wordPtr(*this, ref, at, 0);
          Value mask = b_->unary(spv::OpNot, b_->shl(b_->constU32(0xFFFF), shift));
          Value part = b_->shl(b_->convert(spv::OpUConvert, cx_->u32(), bits), shift);
          b_->atomic(spv::OpAtomicAnd, ptr, spv::ScopeDevice, 0, mask);
          b_->atomic(spv::OpAtomicOr, ptr, spv::ScopeDevice, 0, part);
        } else if (width == 64) {
          ir::Type u64 = cx_->intType(64, false);
          Value bits = ltType == u64 ? leaves[i] : b_->bitcast(u64, leaves[i]);
          Value lo = b_->convert(spv::OpUConvert, cx_->u32(), bits);
          Value hi = b_->convert(spv::OpUConvert, cx_->u32(), b_->shr(bits, Value::constant(cx_->intConst(u64, 32))));
          b_->store(wordPtr(*this, ref, at, 0), lo);
          b_->store(wordPtr(*this, ref, at, 1), hi);
        } else {
          Value w = isBool(lt) ? b_->select(leaves[i], b_->constU32(1), b_->constU32(0))
                    : ltType == cx_->u32() ? leaves[i]
                                           : b_->bitcast(cx_->u32(), leaves[i]);
          b_->store(wordPtr(*this, ref, at, 0), w);
        }
        offset += width / 8;
      }
    };
    if (name == "Load" || name == "Load2" || name == "Load3" || name == "Load4") {
      const fe::Type* t = call->templateArg ? call->templateArg : call->type;
      return loadWords(arg(0), t);
    }
    if (name == "Store" || name == "Store2" || name == "Store3" || name == "Store4") {
      const fe::Type* t = call->args[1]->type;
      storeWords(arg(0), t, arg(1));
      return undefResult();
    }
    if (name.rfind("Interlocked", 0) == 0 && name.size() > 2 && name.compare(name.size() - 2, 2, "64") == 0 &&
        !ref.fromHeap()) {
      // 64-bit atomics on a declared buffer: a u64 element of the buffer (LegalizeBindings gives
      // the binding a second, u64 view). The pointer keeps the word index, like every raw access.
      const fe::Type* u64Type = unit_.context->types.scalar(fe::ScalarKind::UInt64);
      LValue dest;
      dest.type = u64Type;
      Value h = handle(ref);
      const ir::TypeDef& hd = cx_->def(module_->typeOf(b_->function(), h));
      const ResourceInfo& r = resources_[ref.resource];
      const uint32_t sc = storageClassFor(r.global.valid() ? &module_->global(r.global) : nullptr, hd.resource);
      Value wordIndex = b_->shr(arg(0), b_->constU32(2));
      dest.ptr = b_->hlsl(ir::HlslOp::ResourceElementPtr, cx_->pointerType(sc, cx_->intType(64, false)),
                          {Operand::v(h), Operand::v(wordIndex)});
      // Min/max compare as the value's type says (the table's any_int64), not as the u64 view.
      int signedness = -1;
      if (name == "InterlockedMin64" || name == "InterlockedMax64") signedness = isSigned(call->args[1]->type) ? 1 : 0;
      return interlocked(call, dest, 1, signedness);
    }
    if (name == "InterlockedAnd64" || name == "InterlockedOr64" || name == "InterlockedXor64" ||
        name == "InterlockedAdd64") {
      // A byte-address buffer from a descriptor heap has no u64 view yet (passes/heaps), so each
      // 32-bit half gets its own atomic. The memory result is exact for these operations (bitwise
      // ops act per bit; the add carries out of the low half into the high one); the original
      // value handed back is per half, not one 64-bit snapshot. Exchange, compare and min/max
      // cannot be split.
      const fe::Type* u64Type = unit_.context->types.scalar(fe::ScalarKind::UInt64);
      ir::Type u64 = cx_->intType(64, false), u32 = cx_->u32();
      const uint32_t op = name == "InterlockedAnd64" ? spv::OpAtomicAnd
                          : name == "InterlockedOr64" ? spv::OpAtomicOr
                          : name == "InterlockedXor64" ? spv::OpAtomicXor
                                                       : spv::OpAtomicIAdd;
      Value address = arg(0);
      Value value = convertValue(arg(1), call->args[1]->type, u64Type);
      Value lo = b_->convert(spv::OpUConvert, u32, value);
      Value hi = b_->convert(spv::OpUConvert, u32, b_->shr(value, Value::constant(cx_->intConst(u64, 32))));
      Value oldLo = b_->atomic(op, wordPtr(*this, ref, address, 0), spv::ScopeDevice, 0, lo);
      if (op == spv::OpAtomicIAdd)
        hi = b_->iadd(hi, b_->select(b_->ult(b_->iadd(oldLo, lo), oldLo), b_->constU32(1), b_->constU32(0)));
      Value oldHi = b_->atomic(op, wordPtr(*this, ref, address, 1), spv::ScopeDevice, 0, hi);
      if (call->args.size() > 2) {
        Value old = b_->bitOr(b_->convert(spv::OpUConvert, u64, oldLo),
                              b_->shl(b_->convert(spv::OpUConvert, u64, oldHi), Value::constant(cx_->intConst(u64, 32))));
        store(lvalue(call->args[2]), convertValue(old, u64Type, call->args[2]->type));
      }
      return undefResult();
    }
    if (name.rfind("Interlocked", 0) == 0 && name.compare(name.size() - 2, 2, "64") == 0) {
      error(call->loc, name + " on a byte-address buffer from a descriptor heap is not supported by the SPIR-V back "
                              "end yet (declare the buffer with a binding)");
      return undefResult();
    }
    if (name.rfind("Interlocked", 0) == 0) {
      LValue dest;
      dest.type = unit_.context->types.uintType();
      Value address = arg(0);
      dest.ptr = wordPtr(*this, ref, address, 0);
      return interlocked(call, dest, 1);
    }
  }
  // Texture Load is textureMethod's (GenTexture.cpp).
  if (rt->resource == RK::Buffer || rt->resource == RK::RWBuffer) {
    if (name == "Load") {
      Value h = handle(ref);
      return b_->hlsl(ir::HlslOp::ResourceLoad, lower(call->type), {Operand::v(h), Operand::v(arg(0))});
    }
  }
  error(call->loc, "the method '" + name + "' of " + std::string(fe::resourceKindName(rt->resource)) +
                       " is not supported by the SPIR-V back end yet");
  return undefResult();
}

}  // namespace sl::irgen
