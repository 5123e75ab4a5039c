#include "core/passes/heaps/HeapLegalize.h"

#include "core/ir/Rewrite.h"
#include "core/passes/heaps/HeapTypes.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace sl::passes::heaps {

using ir::FunctionDef;
using ir::HlslOp;
using ir::InstDef;
using ir::InstId;
using ir::Opcode;
using ir::Operand;
using ir::Type;
using ir::Value;

const char* heapKindName(HeapKind kind) {
  switch (kind) {
    case HeapKind::Resource: return "resource";
    case HeapKind::Sampler: return "sampler";
    case HeapKind::Counter: return "counter";
  }
  return "?";
}

const char* descriptorClassName(DescriptorClass c) {
  switch (c) {
    case DescriptorClass::StorageBuffer: return "STORAGE_BUFFER";
    case DescriptorClass::UniformBuffer: return "UNIFORM_BUFFER";
    case DescriptorClass::UniformTexelBuffer: return "UNIFORM_TEXEL_BUFFER";
    case DescriptorClass::StorageTexelBuffer: return "STORAGE_TEXEL_BUFFER";
    case DescriptorClass::SampledImage: return "SAMPLED_IMAGE";
    case DescriptorClass::StorageImage: return "STORAGE_IMAGE";
    case DescriptorClass::Sampler: return "SAMPLER";
  }
  return "?";
}

namespace {

bool isHeapOp(const InstDef& inst) {
  return inst.op.isHlsl(HlslOp::HandleFromHeap) || inst.op.isHlsl(HlslOp::CounterHandleFromHeap);
}

class HeapLegalizer {
 public:
  HeapLegalizer(ir::Module& m, const HeapOptions& o) : m_(m), cx_(m.cx()), o_(o) {}

  HeapLegalizeResult run() {
    collectUsedBindings();
    // Pass 1: shapes of every heap handle, so the groups in use (and thus bindings) are known
    // before any variable is made.
    for (uint32_t f = 0; f < m_.functions.size(); ++f) {
      FunctionDef& fn = m_.functions[f];
      for (InstId id : ir::instsInProgramOrder(fn)) {
        const InstDef& inst = fn.inst(id);
        if (!isHeapOp(inst)) continue;
        HeapShape shape = shapeOf(cx_, inst.resultType, inst.op.isHlsl(HlslOp::CounterHandleFromHeap), o_);
        if (!shape.error.empty()) {
          error(fn, inst.attrs.loc, shape.error);
          continue;
        }
        groupsUsed_.insert(shape.heap);
        classesUsed_.insert({shape.heap, shape.descriptorClass});
      }
    }
    if (!r_.ok()) return std::move(r_);
    assignBindings();
    for (uint32_t f = 0; f < m_.functions.size(); ++f) legalizeFunction(m_.functions[f]);
    r_.usesResourceHeap = groupsUsed_.count(HeapKind::Resource) > 0;
    r_.usesSamplerHeap = groupsUsed_.count(HeapKind::Sampler) > 0;
    r_.usesCounters = groupsUsed_.count(HeapKind::Counter) > 0;
    return std::move(r_);
  }

 private:
  // ---- diagnostics ----
  SourceLoc sourceLoc(const ir::DebugLoc& loc) const {
    SourceLoc s;
    if (loc.valid() && loc.file < m_.debugFiles.size()) s.file = m_.debugFiles[loc.file].path;
    s.line = loc.line;
    s.column = loc.column;
    return s;
  }
  void error(const FunctionDef& fn, const ir::DebugLoc& loc, const std::string& message) {
    r_.diagnostics.push_back(Diagnostic::error(sourceLoc(loc), "in '" + fn.name() + "': " + message));
  }

  // ---- bindings ----
  void collectUsedBindings() {
    for (const ir::GlobalVarDef& g : m_.globals) {
      const ir::Decoration* set = g.attrs.findDecoration(spv::DecorationDescriptorSet);
      const ir::Decoration* binding = g.attrs.findDecoration(spv::DecorationBinding);
      if (binding && !binding->operands.empty())
        used_.insert({set && !set->operands.empty() ? set->operands[0] : 0, binding->operands[0]});
    }
    // Handles not yet lowered by the ordinary pass still claim their explicit bindings.
    for (const FunctionDef& fn : m_.functions)
      for (const InstDef& inst : fn.insts)
        if (inst.op.isHlsl(HlslOp::HandleFromBinding) && inst.operands.size() >= 2 && inst.operands[1].isImm &&
            inst.operands[1].imm != UINT32_MAX)
          used_.insert({inst.operands[0].imm, inst.operands[1].imm});
  }

  uint32_t firstFree(uint32_t set) {
    uint32_t b = 0;
    while (used_.count({set, b})) ++b;
    return b;
  }

  void assignBindings() {
    if (o_.form == HeapForm::Proposal) {
      // Pinned heaps are reserved first, then groups take the lowest free binding in order.
      const std::pair<HeapKind, const std::optional<SetBinding>*> groups[] = {
          {HeapKind::Resource, &o_.resourceHeap}, {HeapKind::Sampler, &o_.samplerHeap}, {HeapKind::Counter, &o_.counterHeap}};
      for (const auto& [kind, pin] : groups)
        if (groupsUsed_.count(kind) && pin->has_value()) used_.insert({(*pin)->set, (*pin)->binding});
      for (const auto& [kind, pin] : groups) {
        if (!groupsUsed_.count(kind)) continue;
        SetBinding sb = pin->has_value() ? **pin : SetBinding{o_.defaultSet, firstFree(o_.defaultSet)};
        used_.insert({sb.set, sb.binding});
        groupBinding_[kind] = sb;
      }
      return;
    }
    uint32_t next = o_.portableFirstBinding;
    for (const auto& key : classesUsed_) {
      while (used_.count({o_.portableSet, next})) ++next;
      classBinding_[key] = {o_.portableSet, next++};
    }
    while (used_.count({o_.portableSet, next})) ++next;
    r_.status = HeapStatusBlock{{o_.portableSet, next}, o_.portableSlots};
  }

  // ---- module-level variables ----
  Value u32(uint32_t v) { return Value::constant(cx_.u32(v)); }

  ir::GlobalVarId arrayFor(const HeapShape& shape, Type resourceType) {
    const bool portable = o_.form == HeapForm::Portable;
    const auto key = std::make_pair(static_cast<int>(shape.heap), shape.descriptorType.index);
    auto it = arrays_.find(key);
    if (it != arrays_.end()) return it->second;
    const Type arrayType = portable ? cx_.arrayType(shape.descriptorType, classSlots(shape) + 1)
                                    : cx_.runtimeArrayType(shape.descriptorType);
    SetBinding sb = portable ? classBinding_[{shape.heap, shape.descriptorClass}] : groupBinding_[shape.heap];
    const char* base = shape.heap == HeapKind::Sampler   ? "SamplerDescriptorHeap"
                       : shape.heap == HeapKind::Counter ? "CounterDescriptorHeap"
                                                         : "ResourceDescriptorHeap";
    std::string name = std::string(base) + "." + (shape.heap == HeapKind::Counter ? "counter" : resourceTypeName(cx_, resourceType));
    ir::GlobalVarId g = m_.addGlobal(name, arrayType, shape.storageClass);
    m_.global(g).attrs.decorations.push_back({spv::DecorationDescriptorSet, {sb.set}});
    m_.global(g).attrs.decorations.push_back({spv::DecorationBinding, {sb.binding}});
    arrays_[key] = g;
    HeapArray a;
    a.heap = shape.heap;
    a.descriptorClass = shape.descriptorClass;
    a.resourceType = shape.heap == HeapKind::Counter ? "counter" : resourceTypeName(cx_, resourceType);
    a.binding = sb;
    a.arraySize = portable ? classSlots(shape) + 1 : 0;
    a.variable = name;
    r_.arrays.push_back(a);
    return g;
  }

  uint32_t classSlots(const HeapShape& shape) const {
    return shape.descriptorClass == DescriptorClass::UniformBuffer ? std::min(o_.portableSlots, o_.portableUniformBufferSlots)
                                                                    : o_.portableSlots;
  }

  ir::GlobalVarId statusVar() {
    if (status_.valid()) return status_;
    std::vector<ir::StructMember> members;
    const char* names[] = {"resourceSlots", "samplerSlots", "badResourceIndex", "badSamplerIndex"};
    for (uint32_t i = 0; i < 4; ++i) members.push_back({names[i], cx_.u32(), {{spv::DecorationOffset, {4 * i}}}});
    const uint32_t blockDecoration = o_.storageBufferClass ? spv::DecorationBlock : spv::DecorationBufferBlock;
    Type t = cx_.structType("type_HeapStatus", members, {{blockDecoration, {}}});
    status_ = m_.addGlobal("HeapStatus", t, o_.storageBufferClass ? spv::StorageClassStorageBuffer : spv::StorageClassUniform);
    m_.global(status_).attrs.decorations.push_back({spv::DecorationDescriptorSet, {r_.status->binding.set}});
    m_.global(status_).attrs.decorations.push_back({spv::DecorationBinding, {r_.status->binding.binding}});
    return status_;
  }

  // ---- instruction helpers ----
  Value emit(FunctionDef& fn, InstId before, uint32_t opcode, Type type, std::vector<Operand> ops,
             const ir::DebugLoc& loc, bool nonUniform = false) {
    InstDef inst;
    inst.op = Opcode::spv(opcode);
    inst.resultType = type;
    inst.operands = std::move(ops);
    inst.attrs.loc = loc;
    if (nonUniform) inst.attrs.decorations.push_back({spv::DecorationNonUniform, {}});
    return Value::inst(ir::insertInstBefore(fn, before, std::move(inst)));
  }

  // ---- the rewrite ----
  struct Lowered {
    HeapShape shape;
    Value handle;     // block pointer or loaded image/sampler
    bool nonUniform = false;
    Value array;      // the descriptor array variable and the (checked) index into it, so element
    Value index;      // pointers are one access chain, as DXC emits them
  };

  void legalizeFunction(FunctionDef& fn) {
    std::vector<InstId> order = ir::instsInProgramOrder(fn);
    std::unordered_map<uint32_t, Lowered> lowered;  // heap op inst -> its replacement
    for (InstId id : order) {
      if (!isHeapOp(fn.inst(id))) continue;
      const InstDef inst = fn.inst(id);
      const bool counter = inst.op.isHlsl(HlslOp::CounterHandleFromHeap);
      HeapShape shape = shapeOf(cx_, inst.resultType, counter, o_);
      if (inst.operands.size() != 1 || inst.operands[0].isImm) {
        error(fn, inst.attrs.loc, "hlsl.handle_from_heap takes one index value");
        continue;
      }
      Value index = inst.operands[0].value;
      HeapAccessSite site;
      site.loc = inst.attrs.loc;
      site.function = fn.name();
      site.heap = shape.heap;
      site.resourceType = counter ? "counter of " + resourceTypeName(cx_, inst.resultType) : resourceTypeName(cx_, inst.resultType);
      if (index.kind == ir::ValueKind::InstResult) {
        const InstDef& def = fn.inst(index.asInst());
        site.nonUniform = def.op.isSpv(spv::OpCopyObject) && def.attrs.hasDecoration(spv::DecorationNonUniform);
      } else if (index.kind == ir::ValueKind::Const) {
        site.constantIndex = static_cast<uint32_t>(cx_.def(index.asConst()).bits);
      }
      r_.sites.push_back(site);

      Value safe = index;
      if (o_.form == HeapForm::Portable) {
        if (site.nonUniform) {
          error(fn, inst.attrs.loc, "NonUniformResourceIndex on a heap index needs descriptor indexing; the portable heap "
                                    "form only supports dynamically uniform indices");
          continue;
        }
        if (shape.opaque && !site.constantIndex) {
          error(fn, inst.attrs.loc, site.resourceType + " from the " + heapKindName(shape.heap) +
                                        " heap needs a constant index in the portable heap form (devices without "
                                        "descriptor indexing cannot index image or sampler arrays dynamically)");
          continue;
        }
        if (site.constantIndex && *site.constantIndex >= classSlots(shape)) {
          error(fn, inst.attrs.loc, "heap index " + std::to_string(*site.constantIndex) + " is past the " +
                                        std::to_string(classSlots(shape)) + " slots the portable heap form gives " +
                                        descriptorClassName(shape.descriptorClass) + " descriptors");
          continue;
        }
        if (!shape.opaque) safe = boundsCheck(fn, id, index, shape.heap, classSlots(shape), inst.attrs.loc);
      }
      ir::GlobalVarId g = arrayFor(shape, inst.resultType);
      Type ptrType = cx_.pointerType(shape.storageClass, shape.descriptorType);
      const bool nu = site.nonUniform;
      Value handle = emit(fn, id, spv::OpAccessChain, ptrType, {Operand::v(Value::global(g)), Operand::v(safe)}, inst.attrs.loc, nu);
      if (shape.opaque) handle = emit(fn, id, spv::OpLoad, shape.descriptorType, {Operand::v(handle)}, inst.attrs.loc, nu);
      lowered[id.index] = {shape, handle, nu, Value::global(g), safe};
    }
    if (lowered.empty()) return;

    // Users of the handles.
    std::unordered_map<uint64_t, Type> retyped;  // values whose pointee now is a laid-out type
    for (InstId id : order) {
      InstDef& inst = fn.inst(id);
      if (isHeapOp(inst)) continue;
      int handleOperand = -1;
      for (size_t i = 0; i < inst.operands.size(); ++i)
        if (!inst.operands[i].isImm && inst.operands[i].value.kind == ir::ValueKind::InstResult &&
            lowered.count(inst.operands[i].value.a))
          handleOperand = static_cast<int>(i);
      if (handleOperand < 0) {
        retypeIfNeeded(fn, id, retyped);
        continue;
      }
      const Lowered& h = lowered[inst.operands[handleOperand].value.a];
      if (handleOperand != 0 || inst.op.family != ir::OpFamily::Hlsl) {
        error(fn, inst.attrs.loc, "a heap handle is used by '" + ir::opcodeName(inst.op) +
                                      "'; only resource accesses are supported (calls taking resources must be inlined first)");
        continue;
      }
      Value replacement = lowerUse(fn, id, h);
      const InstDef& after = fn.inst(id);
      if (after.resultType.valid() && replacement.valid()) {
        ir::replaceAllUses(fn, Value::inst(id), replacement);
        Type newType = m_.typeOf(fn, replacement);
        if (newType != after.resultType) retyped[ir::valueKey(replacement)] = newType;
      }
      ir::eraseInst(fn, id);
    }
    for (const auto& [index, l] : lowered) {
      if (ir::countUses(fn, Value::inst(InstId(index))) == 0) ir::eraseInst(fn, InstId(index));
      // A block pointer nobody uses any more (element accesses chain from the array directly).
      if (!l.shape.opaque && l.handle.kind == ir::ValueKind::InstResult && ir::countUses(fn, l.handle) == 0)
        ir::eraseInst(fn, l.handle.asInst());
    }
  }

  // Portable form: out-of-range indices go to the trap element (a null descriptor) and are
  // recorded in the status block: no control flow, one atomic per access.
  Value boundsCheck(FunctionDef& fn, InstId before, Value index, HeapKind heap, uint32_t arraySlots, const ir::DebugLoc& loc) {
    const uint32_t member = heap == HeapKind::Sampler ? 1 : 0;
    const uint32_t sc = o_.storageBufferClass ? spv::StorageClassStorageBuffer : spv::StorageClassUniform;
    Type ptrU32 = cx_.pointerType(sc, cx_.u32());
    Value status = Value::global(statusVar());
    Value slotsPtr = emit(fn, before, spv::OpAccessChain, ptrU32, {Operand::v(status), Operand::v(u32(member))}, loc);
    Value capacity = emit(fn, before, spv::OpLoad, cx_.u32(), {Operand::v(slotsPtr)}, loc);
    Value small = emit(fn, before, spv::OpULessThan, cx_.boolType(), {Operand::v(capacity), Operand::v(u32(arraySlots))}, loc);
    Value slots = emit(fn, before, spv::OpSelect, cx_.u32(), {Operand::v(small), Operand::v(capacity), Operand::v(u32(arraySlots))}, loc);
    if (m_.typeOf(fn, index) != cx_.u32()) index = emit(fn, before, spv::OpBitcast, cx_.u32(), {Operand::v(index)}, loc);
    Value oob = emit(fn, before, spv::OpUGreaterThanEqual, cx_.boolType(), {Operand::v(index), Operand::v(slots)}, loc);
    Value plusOne = emit(fn, before, spv::OpIAdd, cx_.u32(), {Operand::v(index), Operand::v(u32(1))}, loc);
    Value bad = emit(fn, before, spv::OpSelect, cx_.u32(), {Operand::v(oob), Operand::v(plusOne), Operand::v(u32(0))}, loc);
    Value badPtr = emit(fn, before, spv::OpAccessChain, ptrU32, {Operand::v(status), Operand::v(u32(member + 2))}, loc);
    emit(fn, before, spv::OpAtomicUMax, cx_.u32(),
         {Operand::v(badPtr), Operand::v(u32(spv::ScopeDevice)), Operand::v(u32(0)), Operand::v(bad)}, loc);
    return emit(fn, before, spv::OpSelect, cx_.u32(), {Operand::v(oob), Operand::v(u32(arraySlots)), Operand::v(index)}, loc);
  }

  // Access chains on a value whose pointee changed to its laid-out twin get their result type
  // recomputed; loading a whole laid-out aggregate is not supported (it would need OpCopyLogical).
  void retypeIfNeeded(FunctionDef& fn, InstId id, std::unordered_map<uint64_t, Type>& retyped) {
    InstDef& inst = fn.inst(id);
    if (inst.operands.empty() || inst.operands[0].isImm) return;
    auto it = retyped.find(ir::valueKey(inst.operands[0].value));
    if (it == retyped.end()) return;
    const ir::TypeDef ptr = cx_.def(it->second);
    if (inst.op.isSpv(spv::OpAccessChain) || inst.op.isSpv(spv::OpInBoundsAccessChain)) {
      Type t = ptr.element;
      for (size_t i = 1; i < inst.operands.size() && t.valid(); ++i) {
        const ir::TypeDef d = cx_.def(t);
        if (d.kind == ir::TypeKind::Struct) {
          const Value& v = inst.operands[i].value;
          const uint32_t member = v.kind == ir::ValueKind::Const ? static_cast<uint32_t>(cx_.def(v.asConst()).bits) : UINT32_MAX;
          t = member < d.members.size() ? d.members[member].type : Type();
        } else {
          t = d.element;
        }
      }
      if (!t.valid()) return;
      Type result = cx_.pointerType(ptr.storageClass, t);
      if (result != inst.resultType) {
        inst.resultType = result;
        retyped[ir::valueKey(Value::inst(id))] = result;
      }
    } else if (inst.op.isSpv(spv::OpLoad) && inst.resultType != ptr.element) {
      error(fn, inst.attrs.loc, "loading a whole struct or array from a heap buffer is not supported yet; load its members");
    } else if (inst.op.isSpv(spv::OpStore) && m_.typeOf(fn, inst.operands[1].value) != ptr.element) {
      error(fn, inst.attrs.loc, "storing a whole struct or array to a heap buffer is not supported yet; store its members");
    }
  }

  Value reduceTexel(FunctionDef& fn, InstId before, Value vec4, Type want, const ir::DebugLoc& loc) {
    const uint32_t n = cx_.componentCount(want);
    if (n == 4) return vec4;
    if (n == 1) return emit(fn, before, spv::OpCompositeExtract, want, {Operand::v(vec4), Operand::i(0)}, loc);
    std::vector<Operand> ops{Operand::v(vec4), Operand::v(vec4)};
    for (uint32_t i = 0; i < n; ++i) ops.push_back(Operand::i(i));
    return emit(fn, before, spv::OpVectorShuffle, want, ops, loc);
  }

  Value lowerUse(FunctionDef& fn, InstId id, const Lowered& h) {
    const InstDef inst = fn.inst(id);
    const ir::DebugLoc& loc = inst.attrs.loc;
    const HeapShape& s = h.shape;
    auto operand = [&](size_t i) { return inst.operands[i].value; };
    const bool isOp = inst.op.family == ir::OpFamily::Hlsl;
    const auto op = static_cast<HlslOp>(inst.op.code);
    auto fail = [&](const std::string& what) {
      error(fn, loc, what);
      return Value::constant(cx_.undef(inst.resultType.valid() ? inst.resultType : cx_.u32()));
    };
    if (!isOp) return fail("unexpected use of a heap handle");
    const bool block = !s.opaque;
    const uint32_t sc = s.storageClass;
    // Element pointer into a block's runtime array.
    auto dataPtr = [&](Value index) {
      const ir::TypeDef& blockDef = cx_.def(s.descriptorType);
      Type element = cx_.def(blockDef.members[0].type).element;
      return emit(fn, id, spv::OpAccessChain, cx_.pointerType(sc, element),
                  {Operand::v(h.array), Operand::v(h.index), Operand::v(u32(0)), Operand::v(index)}, loc, h.nonUniform);
    };
    switch (op) {
      case HlslOp::ResourceElementPtr:
        if (!block || s.heap == HeapKind::Counter) return fail("element pointers need a buffer resource");
        if (s.descriptorClass == DescriptorClass::UniformBuffer) {
          if (inst.operands.size() > 1) return fail("constant buffers take no element index");
          return h.handle;
        }
        if (inst.operands.size() != 2) return fail("buffer element pointers take one index");
        return dataPtr(operand(1));
      case HlslOp::ResourceLoad:
        if (s.typedAsStorage) {
          Value p = dataPtr(operand(1));
          return emit(fn, id, spv::OpLoad, cx_.def(m_.typeOf(fn, p)).element, {Operand::v(p)}, loc);
        }
        if (s.descriptorClass == DescriptorClass::StorageTexelBuffer || s.descriptorClass == DescriptorClass::StorageImage) {
          Type vec4 = cx_.vectorType(cx_.scalarOf(inst.resultType), 4);
          Value v = emit(fn, id, spv::OpImageRead, vec4, {Operand::v(h.handle), Operand::v(operand(1))}, loc);
          return reduceTexel(fn, id, v, inst.resultType, loc);
        }
        if (s.descriptorClass == DescriptorClass::UniformTexelBuffer) {
          Type vec4 = cx_.vectorType(cx_.scalarOf(inst.resultType), 4);
          Value v = emit(fn, id, spv::OpImageFetch, vec4, {Operand::v(h.handle), Operand::v(operand(1))}, loc);
          return reduceTexel(fn, id, v, inst.resultType, loc);
        }
        return fail("Load on " + std::string(descriptorClassName(s.descriptorClass)) + " heap resources is not supported yet");
      case HlslOp::ResourceStore:
        if (s.typedAsStorage) {
          emit(fn, id, spv::OpStore, Type(), {Operand::v(dataPtr(operand(1))), Operand::v(operand(2))}, loc);
          return {};
        }
        if (s.descriptorClass == DescriptorClass::StorageTexelBuffer || s.descriptorClass == DescriptorClass::StorageImage) {
          emit(fn, id, spv::OpImageWrite, Type(), {Operand::v(h.handle), Operand::v(operand(1)), Operand::v(operand(2))}, loc);
          return {};
        }
        return fail("stores need a writable buffer or texture");
      case HlslOp::ResourceDimensions: {
        const uint32_t which = inst.operands.size() > 1 && inst.operands[1].isImm ? inst.operands[1].imm : 0;
        if (!block || s.descriptorClass == DescriptorClass::UniformBuffer || s.heap == HeapKind::Counter)
          return fail("GetDimensions on this heap resource is not supported yet");
        if (which == 1) return u32(s.stride);
        return emit(fn, id, spv::OpArrayLength, cx_.u32(), {Operand::v(h.handle), Operand::i(0)}, loc);
      }
      case HlslOp::CounterIncrement:
      case HlslOp::CounterDecrement: {
        if (s.heap != HeapKind::Counter) return fail("counter operations need a counter handle");
        Value p = emit(fn, id, spv::OpAccessChain, cx_.pointerType(sc, cx_.s32()), {Operand::v(h.handle), Operand::v(u32(0))},
                       loc, h.nonUniform);
        const uint32_t atomicOp = op == HlslOp::CounterIncrement ? spv::OpAtomicIAdd : spv::OpAtomicISub;
        Value old = emit(fn, id, atomicOp, cx_.s32(),
                         {Operand::v(p), Operand::v(u32(spv::ScopeDevice)), Operand::v(u32(0)),
                          Operand::v(Value::constant(cx_.s32(1)))},
                         loc);
        if (inst.resultType.valid() && inst.resultType != cx_.s32())
          old = emit(fn, id, spv::OpBitcast, inst.resultType, {Operand::v(old)}, loc);
        return old;
      }
      default:
        return fail("'" + ir::opcodeName(inst.op) + "' on a heap handle is not supported");
    }
  }

  ir::Module& m_;
  ir::Context& cx_;
  const HeapOptions& o_;
  HeapLegalizeResult r_;
  std::set<std::pair<uint32_t, uint32_t>> used_;
  std::set<HeapKind> groupsUsed_;
  std::set<std::pair<HeapKind, DescriptorClass>> classesUsed_;
  std::map<HeapKind, SetBinding> groupBinding_;
  std::map<std::pair<HeapKind, DescriptorClass>, SetBinding> classBinding_;
  std::map<std::pair<int, uint32_t>, ir::GlobalVarId> arrays_;
  ir::GlobalVarId status_;
};

}  // namespace

HeapLegalizeResult legalizeHeaps(ir::Module& module, const HeapOptions& options) {
  return HeapLegalizer(module, options).run();
}

}  // namespace sl::passes::heaps
