#include "core/passes/heaps/HeapLegalize.h"

#include "core/ir/Rewrite.h"
#include "core/passes/heaps/HeapTypes.h"
#include "core/passes/heaps/SwitchSplit.h"

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
        // A counter belongs to a resource from the resource heap: DXC reserves that group's
        // binding (before the counters') even when only the counter is used.
        if (shape.heap == HeapKind::Counter) groupsUsed_.insert(HeapKind::Resource);
        classesUsed_.insert({shape.heap, shape.descriptorClass});
      }
    }
    if (!r_.ok()) return std::move(r_);
    assignBindings();
    // The runtime binds the status block whenever heap arrays exist (it writes the capacities),
    // so it is declared even when every access is constant-indexed and never checks it.
    if (o_.form == HeapForm::Portable && !groupsUsed_.empty()) statusVar();
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
    Value handle;     // block pointer or loaded image/sampler (invalid when deferred)
    bool nonUniform = false;
    Value array;      // the descriptor array variable and the (checked) index into it, so element
    Value index;      // pointers are one access chain, as DXC emits them
    // Portable form, image/sampler with a non-constant index: no handle is made here; each use
    // becomes a switch over the slots with a constant index per case (switchOverSlots).
    bool deferred = false;
    HeapKind heap = HeapKind::Resource;
  };

  static bool isSamplingOp(const InstDef& inst) {
    return inst.op.isHlsl(HlslOp::ResourceSample) || inst.op.isHlsl(HlslOp::ResourceGather) ||
           inst.op.isHlsl(HlslOp::ResourceCalculateLod);
  }

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
      bool deferred = false;
      if (o_.form == HeapForm::Portable) {
        if (site.constantIndex && *site.constantIndex >= classSlots(shape)) {
          error(fn, inst.attrs.loc, "heap index " + std::to_string(*site.constantIndex) + " is past the " +
                                        std::to_string(classSlots(shape)) + " slots the portable heap form gives " +
                                        descriptorClassName(shape.descriptorClass) + " descriptors (-fspv-heap-slots)");
          continue;
        }
        if (shape.opaque && !site.constantIndex) {
          // Image and sampler arrays take only constant indices on these devices: each use
          // becomes a switch over the slots (uniform or not, each case is a constant index).
          deferred = true;
        } else if (site.nonUniform) {
          error(fn, inst.attrs.loc, "NonUniformResourceIndex on a heap buffer index needs descriptor indexing; the "
                                    "portable heap form indexes buffer arrays only with dynamically uniform values");
          continue;
        }
        if (!shape.opaque) safe = boundsCheck(fn, id, index, shape.heap, classSlots(shape), inst.attrs.loc);
      }
      ir::GlobalVarId g = arrayFor(shape, inst.resultType);
      if (deferred) {
        Lowered l;
        l.shape = shape;
        l.array = Value::global(g);
        l.index = index;
        l.deferred = true;
        l.heap = shape.heap;
        lowered[id.index] = l;
        continue;
      }
      const bool nu = site.nonUniform;
      Value handle = materialize(fn, id, shape, Value::global(g), safe, inst.attrs.loc, nu);
      lowered[id.index] = {shape, handle, nu, Value::global(g), safe, false, shape.heap};
    }
    if (lowered.empty()) return;

    // Users of the handles.
    std::unordered_map<uint64_t, Type> retyped;  // values whose pointee now is a laid-out type
    for (InstId id : order) {
      const InstDef& inst = fn.inst(id);
      if (isHeapOp(inst)) continue;
      std::vector<size_t> heapOperands;
      for (size_t i = 0; i < inst.operands.size(); ++i)
        if (!inst.operands[i].isImm && inst.operands[i].value.kind == ir::ValueKind::InstResult &&
            lowered.count(inst.operands[i].value.a))
          heapOperands.push_back(i);
      if (heapOperands.empty()) {
        retypeIfNeeded(fn, id, retyped);
        continue;
      }
      // Handles are the first operand of resource ops; sampling ops take image and sampler.
      bool supported = inst.op.family == ir::OpFamily::Hlsl;
      for (size_t i : heapOperands) supported &= i == 0 || (i == 1 && isSamplingOp(inst));
      if (!supported) {
        error(fn, inst.attrs.loc, "a heap handle is used by '" + ir::opcodeName(inst.op) +
                                      "'; only resource accesses are supported (calls taking resources must be inlined first)");
        continue;
      }
      auto heapAt = [&](size_t i) -> const Lowered* {
        if (i >= inst.operands.size() || inst.operands[i].isImm) return nullptr;
        const Value& v = inst.operands[i].value;
        if (v.kind != ir::ValueKind::InstResult) return nullptr;
        auto it = lowered.find(v.a);
        return it == lowered.end() ? nullptr : &it->second;
      };
      const Lowered* h0 = heapAt(0);
      const Lowered* h1 = isSamplingOp(inst) ? heapAt(1) : nullptr;
      const Type resultType = inst.resultType;
      Value replacement = (h0 && h0->deferred) || (h1 && h1->deferred) ? switchOverSlots(fn, id, h0, h1)
                                                                      : lowerUse(fn, id, fn.inst(id), h0, h1);
      if (resultType.valid() && replacement.valid()) {
        ir::replaceAllUses(fn, Value::inst(id), replacement);
        Type newType = m_.typeOf(fn, replacement);
        if (newType != resultType) retyped[ir::valueKey(replacement)] = newType;
      }
      ir::eraseInst(fn, id);
    }
    for (const auto& [index, l] : lowered) {
      if (ir::countUses(fn, Value::inst(InstId(index))) == 0) ir::eraseInst(fn, InstId(index));
      // A block pointer nobody uses any more (element accesses chain from the array directly).
      if (!l.deferred && !l.shape.opaque && l.handle.kind == ir::ValueKind::InstResult && ir::countUses(fn, l.handle) == 0)
        ir::eraseInst(fn, l.handle.asInst());
    }
    // Image loads whose only users took the descriptor's pointer instead (texel pointers).
    for (uint32_t load : pointerTakenLoads_)
      if (ir::countUses(fn, Value::inst(InstId(load))) == 0) ir::eraseInst(fn, InstId(load));
    pointerTakenLoads_.clear();
  }

  // The handle of element `index` of a heap array: the block pointer, or the loaded image/sampler.
  Value materialize(FunctionDef& fn, InstId before, const HeapShape& shape, Value array, Value index,
                    const ir::DebugLoc& loc, bool nonUniform) {
    Type ptrType = cx_.pointerType(shape.storageClass, shape.descriptorType);
    Value handle = emit(fn, before, spv::OpAccessChain, ptrType, {Operand::v(array), Operand::v(index)}, loc, nonUniform);
    if (shape.opaque) handle = emit(fn, before, spv::OpLoad, shape.descriptorType, {Operand::v(handle)}, loc, nonUniform);
    return handle;
  }

  // Portable form, an image or sampler from the heap with a non-constant index: the access is
  // repeated in each case of a switch over the reachable slots, with that slot's constant index;
  // with both image and sampler deferred, over every (image slot, sampler slot) pair. Indices
  // out of range are recorded in the status block (boundsCheck) and take the default case, which
  // touches no descriptor and yields zero. Cost: slots (or slots x slots) copies of the access.
  Value switchOverSlots(FunctionDef& fn, InstId id, const Lowered* h0, const Lowered* h1) {
    const InstDef inst = fn.inst(id);
    const ir::DebugLoc& loc = inst.attrs.loc;
    struct Axis {
      const Lowered* l;
      uint32_t slots;
      Value safe;
    };
    std::vector<Axis> axes;
    for (const Lowered* l : {h0, h1})
      if (l && l->deferred) {
        const uint32_t n = classSlots(l->shape);
        axes.push_back({l, n, boundsCheck(fn, id, l->index, l->heap, n, loc)});
      }
    uint64_t cases64 = 1;
    for (const Axis& a : axes) cases64 *= a.slots;
    // Every case repeats the access: beyond this the shader would only grow, never run well.
    constexpr uint64_t kMaxCases = 4096;
    if (cases64 > kMaxCases) {
      error(fn, loc, "this access needs a switch over " + std::to_string(cases64) + " heap slot" +
                         (axes.size() > 1 ? " pairs" : "s") + " in the portable heap form (more than " +
                         std::to_string(kMaxCases) + "); lower -fspv-heap-slots or use constant indices");
      return inst.resultType.valid() ? Value::constant(cx_.undef(inst.resultType)) : Value();
    }
    const uint32_t cases = static_cast<uint32_t>(cases64);
    // In range: the slot (or slot pair) number; out of range: UINT32_MAX, the default case.
    Value inRange, combined;
    for (const Axis& a : axes) {
      Value ok = emit(fn, id, spv::OpULessThan, cx_.boolType(), {Operand::v(a.safe), Operand::v(u32(a.slots))}, loc);
      inRange = inRange.valid() ? emit(fn, id, spv::OpLogicalAnd, cx_.boolType(), {Operand::v(inRange), Operand::v(ok)}, loc) : ok;
      combined = combined.valid()
                     ? emit(fn, id, spv::OpIAdd, cx_.u32(),
                            {Operand::v(emit(fn, id, spv::OpIMul, cx_.u32(), {Operand::v(combined), Operand::v(u32(a.slots))}, loc)),
                             Operand::v(a.safe)},
                            loc)
                     : a.safe;
    }
    Value selector = emit(fn, id, spv::OpSelect, cx_.u32(), {Operand::v(inRange), Operand::v(combined), Operand::v(u32(UINT32_MAX))}, loc);
    std::vector<uint32_t> literals(cases);
    for (uint32_t c = 0; c < cases; ++c) literals[c] = c;
    std::vector<Type> outputs;
    if (inst.resultType.valid()) outputs.push_back(inst.resultType);
    ir::InsertedSwitch sw = ir::insertSwitchBefore(fn, id, selector, literals, outputs);
    for (uint32_t c = 0; c <= cases; ++c) {
      const InstId placeholder = sw.placeholders[c];
      Value result;
      if (c == cases) {
        if (inst.resultType.valid()) result = Value::constant(cx_.null(inst.resultType));
      } else {
        // Case c = ((k0 * slots1) + k1): the last axis varies fastest.
        std::vector<Lowered> fixed(axes.size());
        uint32_t rest = c;
        for (size_t a = axes.size(); a-- > 0;) {
          const uint32_t k = rest % axes[a].slots;
          rest /= axes[a].slots;
          fixed[a] = *axes[a].l;
          fixed[a].deferred = false;
          fixed[a].index = u32(k);
          fixed[a].handle = materialize(fn, placeholder, fixed[a].shape, fixed[a].array, u32(k), loc, false);
        }
        const Lowered* c0 = h0;
        const Lowered* c1 = h1;
        for (size_t a = 0; a < axes.size(); ++a) {
          if (axes[a].l == h0) c0 = &fixed[a];
          if (axes[a].l == h1) c1 = &fixed[a];
        }
        result = lowerUse(fn, placeholder, fn.inst(placeholder), c0, c1);
      }
      ir::eraseInst(fn, placeholder);
      if (result.valid()) fn.region(sw.cases[c]).exit.values = {result};
    }
    return inst.resultType.valid() ? Value::nodeOutput(sw.select, 0) : Value();
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

  // Lowers one resource op whose operand 0 (and, for sampling ops, operand 1) may be a heap
  // handle (`h0`, `h1`: null when that operand is an ordinary, already lowered handle). New
  // instructions go before `anchor`; `inst` is the op.
  Value lowerUse(FunctionDef& fn, InstId anchor, const InstDef& inst, const Lowered* h0, const Lowered* h1) {
    const InstId id = anchor;
    const ir::DebugLoc& loc = inst.attrs.loc;
    auto operand = [&](size_t i) { return inst.operands[i].value; };
    const bool isOp = inst.op.family == ir::OpFamily::Hlsl;
    const auto op = static_cast<HlslOp>(inst.op.code);
    auto fail = [&](const std::string& what) {
      error(fn, loc, what);
      return Value::constant(cx_.undef(inst.resultType.valid() ? inst.resultType : cx_.u32()));
    };
    if (!isOp) return fail("unexpected use of a heap handle");
    if (op == HlslOp::ResourceSample || op == HlslOp::ResourceGather || op == HlslOp::ResourceCalculateLod) {
      Value image = h0 ? h0->handle : operand(0);
      Value sampler = h1 ? h1->handle : operand(1);
      return lowerSampling(fn, id, inst, image, sampler);
    }
    if (!h0) return fail("unexpected use of a heap handle");
    const Lowered& h = *h0;
    const HeapShape& s = h.shape;
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
      case HlslOp::ResourceLoad: {
        if (s.typedAsStorage) {
          Value p = dataPtr(operand(1));
          return emit(fn, id, spv::OpLoad, cx_.def(m_.typeOf(fn, p)).element, {Operand::v(p)}, loc);
        }
        const uint32_t flags = inst.operands.size() > 2 && inst.operands[2].isImm ? inst.operands[2].imm : 0;
        if (flags & ~ir::LoadFlag::MipInCoord) return fail("Load with a sample index or offset on a heap texture is not supported yet");
        Type vec4 = cx_.vectorType(cx_.scalarOf(inst.resultType), 4);
        if (s.descriptorClass == DescriptorClass::StorageTexelBuffer || s.descriptorClass == DescriptorClass::StorageImage) {
          Value coord = operand(1);
          if (flags & ir::LoadFlag::MipInCoord) coord = dropLastComponent(fn, id, coord, loc);
          Value v = emit(fn, id, spv::OpImageRead, vec4, {Operand::v(h.handle), Operand::v(coord)}, loc);
          return reduceTexel(fn, id, v, inst.resultType, loc);
        }
        if (s.descriptorClass == DescriptorClass::UniformTexelBuffer || s.descriptorClass == DescriptorClass::SampledImage) {
          std::vector<Operand> ops{Operand::v(h.handle), Operand::v(operand(1))};
          if (flags & ir::LoadFlag::MipInCoord) {
            ops[1] = Operand::v(dropLastComponent(fn, id, operand(1), loc));
            ops.push_back(Operand::i(spv::ImageOperandsLodMask));
            ops.push_back(Operand::v(lastComponent(fn, id, operand(1), loc)));
          } else if (s.descriptorClass == DescriptorClass::SampledImage) {
            ops.push_back(Operand::i(spv::ImageOperandsLodMask));
            ops.push_back(Operand::v(Value::constant(cx_.s32(0))));
          }
          Value v = emit(fn, id, spv::OpImageFetch, vec4, ops, loc);
          return reduceTexel(fn, id, v, inst.resultType, loc);
        }
        return fail("Load on " + std::string(descriptorClassName(s.descriptorClass)) + " heap resources is not supported yet");
      }
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
        if (s.descriptorClass == DescriptorClass::SampledImage || s.descriptorClass == DescriptorClass::StorageImage)
          return imageDimensions(fn, id, inst, h.handle, s.descriptorClass == DescriptorClass::SampledImage, which);
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
      case HlslOp::ResourceAtomic: {
        if (inst.operands.size() < 4 || !inst.operands[2].isImm) return fail("malformed hlsl.resource_atomic");
        const uint32_t atomicOp = inst.operands[2].imm;
        const bool compare = atomicOp == spv::OpAtomicCompareExchange;
        if (inst.operands.size() != (compare ? 5u : 4u)) return fail("malformed hlsl.resource_atomic");
        Value element;
        if (s.typedAsStorage) {
          element = dataPtr(operand(1));
        } else if (s.descriptorClass == DescriptorClass::StorageTexelBuffer || s.descriptorClass == DescriptorClass::StorageImage) {
          // The texel pointer needs the descriptor's pointer, not the loaded image.
          element = emit(fn, id, spv::OpImageTexelPointer, cx_.pointerType(spv::StorageClassImage, inst.resultType),
                         {Operand::v(descriptorPointer(fn, id, h, loc)), Operand::v(operand(1)), Operand::v(u32(0))}, loc,
                         h.nonUniform);
        } else {
          return fail("atomic operations need a writable typed buffer or texture");
        }
        std::optional<Value> comparator;
        if (compare) comparator = operand(4);
        return emit(fn, id, atomicOp, inst.resultType, ir::deviceAtomicOperands(cx_, element, operand(3), comparator), loc);
      }
      default:
        return fail("'" + ir::opcodeName(inst.op) + "' on a heap handle is not supported");
    }
  }

  // The pointer an opaque handle was loaded from (materialize's access chain), or a new access
  // chain to the same element.
  Value descriptorPointer(FunctionDef& fn, InstId before, const Lowered& h, const ir::DebugLoc& loc) {
    if (h.handle.kind == ir::ValueKind::InstResult) {
      const InstDef& load = fn.inst(h.handle.asInst());
      if (load.op.isSpv(spv::OpLoad) && !load.operands.empty()) {
        pointerTakenLoads_.insert(h.handle.asInst().index);
        return load.operands[0].value;
      }
    }
    return emit(fn, before, spv::OpAccessChain, cx_.pointerType(h.shape.storageClass, h.shape.descriptorType),
                {Operand::v(h.array), Operand::v(h.index)}, loc, h.nonUniform);
  }

  uint32_t componentsOf(Type t) { return cx_.componentCount(t); }
  Value lastComponent(FunctionDef& fn, InstId id, Value v, const ir::DebugLoc& loc) {
    Type t = m_.typeOf(fn, v);
    const uint32_t n = componentsOf(t);
    return emit(fn, id, spv::OpCompositeExtract, cx_.scalarOf(t), {Operand::v(v), Operand::i(n - 1)}, loc);
  }
  Value dropLastComponent(FunctionDef& fn, InstId id, Value v, const ir::DebugLoc& loc) {
    Type t = m_.typeOf(fn, v);
    const uint32_t n = componentsOf(t);
    if (n <= 2) return emit(fn, id, spv::OpCompositeExtract, cx_.scalarOf(t), {Operand::v(v), Operand::i(0)}, loc);
    std::vector<Operand> ops{Operand::v(v), Operand::v(v)};
    for (uint32_t i = 0; i + 1 < n; ++i) ops.push_back(Operand::i(i));
    return emit(fn, id, spv::OpVectorShuffle, cx_.vectorType(cx_.scalarOf(t), n - 1), ops, loc);
  }

  // GetDimensions on a heap texture: size (of mip `lod`, default 0, for sampled images), mip count.
  Value imageDimensions(FunctionDef& fn, InstId id, const InstDef& inst, Value image, bool sampled, uint32_t which) {
    const ir::DebugLoc& loc = inst.attrs.loc;
    if (which == 2 && sampled) return emit(fn, id, spv::OpImageQueryLevels, inst.resultType, {Operand::v(image)}, loc);
    if (which != 0) {
      error(fn, loc, "this GetDimensions query on a heap texture is not supported yet");
      return Value::constant(cx_.undef(inst.resultType));
    }
    if (!sampled) return emit(fn, id, spv::OpImageQuerySize, inst.resultType, {Operand::v(image)}, loc);
    Value lod = inst.operands.size() > 2 && !inst.operands[2].isImm ? inst.operands[2].value : Value::constant(cx_.u32(0));
    return emit(fn, id, spv::OpImageQuerySizeLod, inst.resultType, {Operand::v(image), Operand::v(lod)}, loc);
  }

  // hlsl.resource_sample / _gather / _calculate_lod on loaded image and sampler values.
  Value lowerSampling(FunctionDef& fn, InstId id, const InstDef& inst, Value image, Value sampler) {
    const ir::DebugLoc& loc = inst.attrs.loc;
    const auto op = static_cast<HlslOp>(inst.op.code);
    Type imageType = m_.typeOf(fn, image);
    if (!imageType.valid() || cx_.def(imageType).kind != ir::TypeKind::Image) {
      error(fn, loc, "sampling needs a texture (the first operand is not an image)");
      return Value::constant(cx_.undef(inst.resultType.valid() ? inst.resultType : cx_.f32()));
    }
    Value combinedImage = emit(fn, id, spv::OpSampledImage, cx_.sampledImageType(imageType),
                               {Operand::v(image), Operand::v(sampler)}, loc);
    Value coords = inst.operands[2].value;
    Type texel = cx_.def(imageType).element;
    if (op == HlslOp::ResourceCalculateLod) {
      // As for bound textures (LegalizeBindings): OpImageQueryLod's (clamped, unclamped) pair.
      Value lods = emit(fn, id, spv::OpImageQueryLod, cx_.vectorType(cx_.f32(), 2),
                        {Operand::v(combinedImage), Operand::v(coords)}, loc);
      const uint32_t unclamped = inst.operands.size() > 3 && inst.operands[3].isImm ? inst.operands[3].imm : 0;
      return emit(fn, id, spv::OpCompositeExtract, cx_.f32(), {Operand::v(lods), Operand::i(unclamped ? 1 : 0)}, loc);
    }
    size_t next = op == HlslOp::ResourceGather ? 5 : 4;
    const uint32_t component = op == HlslOp::ResourceGather ? inst.operands[3].imm : 0;
    const uint32_t flags = inst.operands[next - 1].imm;
    auto take = [&]() { return next < inst.operands.size() ? inst.operands[next++].value : Value(); };
    Value dref = flags & ir::SampleFlag::Cmp ? take() : Value();
    Value lodOrBias = flags & (ir::SampleFlag::Lod | ir::SampleFlag::Bias) ? take() : Value();
    Value ddx, ddy;
    if (flags & ir::SampleFlag::Grad) {
      ddx = take();
      ddy = take();
    }
    Value offset = flags & ir::SampleFlag::Offset ? take() : Value();
    Value minLod = flags & ir::SampleFlag::Clamp ? take() : Value();
    // Image operands, in SPIR-V's bit order.
    uint32_t mask = 0;
    std::vector<Operand> extra;
    if (flags & ir::SampleFlag::Bias) mask |= spv::ImageOperandsBiasMask, extra.push_back(Operand::v(lodOrBias));
    if (flags & ir::SampleFlag::Lod) mask |= spv::ImageOperandsLodMask, extra.push_back(Operand::v(lodOrBias));
    if (flags & ir::SampleFlag::Grad) mask |= spv::ImageOperandsGradMask, extra.push_back(Operand::v(ddx)), extra.push_back(Operand::v(ddy));
    if (offset.valid()) {
      mask |= offset.kind == ir::ValueKind::Const ? spv::ImageOperandsConstOffsetMask : spv::ImageOperandsOffsetMask;
      extra.push_back(Operand::v(offset));
    }
    if (minLod.valid()) mask |= spv::ImageOperandsMinLodMask, extra.push_back(Operand::v(minLod));
    std::vector<Operand> ops{Operand::v(combinedImage), Operand::v(coords)};
    uint32_t opcode;
    Type resultType = cx_.vectorType(texel, 4);
    if (op == HlslOp::ResourceGather) {
      if (dref.valid()) {
        opcode = spv::OpImageDrefGather;
        ops.push_back(Operand::v(dref));
      } else {
        opcode = spv::OpImageGather;
        ops.push_back(Operand::v(u32(component)));
      }
    } else if (dref.valid()) {
      opcode = (flags & (ir::SampleFlag::Lod | ir::SampleFlag::Grad)) ? spv::OpImageSampleDrefExplicitLod : spv::OpImageSampleDrefImplicitLod;
      ops.push_back(Operand::v(dref));
      resultType = texel;
    } else {
      opcode = (flags & (ir::SampleFlag::Lod | ir::SampleFlag::Grad)) ? spv::OpImageSampleExplicitLod : spv::OpImageSampleImplicitLod;
    }
    if (mask) {
      ops.push_back(Operand::i(mask));
      ops.insert(ops.end(), extra.begin(), extra.end());
    }
    Value v = emit(fn, id, opcode, resultType, ops, loc);
    if (resultType == texel || !inst.resultType.valid()) return v;
    return reduceTexel(fn, id, v, inst.resultType, loc);
  }
  ir::Module& m_;
  ir::Context& cx_;
  const HeapOptions& o_;
  HeapLegalizeResult r_;
  std::set<std::pair<uint32_t, uint32_t>> used_;
  std::set<uint32_t> pointerTakenLoads_;  // see descriptorPointer
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
