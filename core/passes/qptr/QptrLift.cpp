#include "core/passes/qptr/QptrLift.h"

#include "core/ir/Printer.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace sl::qptr {
namespace {

using namespace sl::ir;

// A lifted pointer: a SPIR-V pointer `base` plus access-chain indices, and a byte offset not yet
// turned into indices (qptr.offset is resolved lazily, once the accessed type is known).
struct PtrRef {
  bool valid = false;
  Value base;
  uint32_t sc = 0;
  Type cur;  // pointee type after `indices`
  std::vector<Value> indices;
  struct Level {
    bool array = false;
    uint32_t stride = 0;
  };
  std::vector<Level> levels;  // one per index
  uint32_t pending = 0;
  uint32_t matrixStride = 0;  // decorations of the struct member `cur` is (for matrices)
  bool rowMajor = false;
};

class Lifter {
 public:
  Lifter(Module& m, QptrState& st, const AnalysisResult& a)
      : m_(m), cx_(m.cx()), st_(st), analysis_(a), layouts_(m.cx(), st.layout) {}

  void run() {
    if (st_.synthesizeBufferTypes)
      for (uint32_t g = 0; g < m_.globals.size(); ++g) synthesizeBufferType(GlobalVarId(g));
    done_.assign(m_.functions.size(), false);
    paramRefs_.assign(m_.functions.size(), {});
    for (const EntryPoint& ep : m_.entryPoints)
      if (ep.function.valid() && ep.function.index < m_.functions.size()) liftFunction(ep.function);
    for (uint32_t f = 0; f < m_.functions.size(); ++f) liftFunction(FuncId(f));
    for (uint32_t g = 0; g < m_.globals.size(); ++g) {
      GlobalVarDef& gv = m_.globals[g];
      gv.storageClass = st_.globals[g].storageClass;
      gv.refType = st_.globals[g].refType;
      gv.attrs.qptrUsage.clear();
      std::erase_if(gv.attrs.extra, [](const auto& kv) { return kv.first == "qptr.shape"; });
    }
  }

 private:
  void error(Attrs& attrs, const std::string& msg) { reportError(st_, m_, attrs, "qptr.lift", msg); }

  uint32_t sizeOf(Type t, const PtrRef* r = nullptr) const {
    return layouts_.layoutOf(t, r ? r->matrixStride : 0, r ? r->rowMajor : false).size;
  }

  // ------------------------------------------------------------------ functions
  void liftFunction(FuncId f) {
    if (done_[f.index]) return;
    done_[f.index] = true;
    FunctionDef* saveFn = fn_;
    FuncId saveId = fid_;
    auto saveRefs = std::move(refs_);
    refs_.clear();
    auto saveDetached = std::move(detached_);
    detached_.clear();
    fn_ = &m_.function(f);
    fid_ = f;
    RegionDef& body = fn_->region(fn_->body);
    for (uint32_t i = 0; i < body.inputTypes.size(); ++i) {
      if (!isQptrType(cx_, body.inputTypes[i])) continue;
      auto it = paramRefs_[f.index].find(i);
      if (it == paramRefs_[f.index].end()) {
        error(body.inputAttrs[i], "pointer parameter of a function never called with a pointer argument");
        continue;
      }
      body.inputTypes[i] = cx_.pointerType(it->second.sc, it->second.cur);
      body.inputAttrs[i].qptrUsage.clear();
      refs_[valueKey(Value::regionInput(fn_->body, i))] = it->second;
    }
    walkRegion(fn_->body);
    // Lifted steps leave their blocks all at once, and what is left is found in one walk (an
    // erase or a search of the block per instruction was quadratic in the block's length).
    std::vector<bool> detached(fn_->insts.size(), false), attached(fn_->insts.size(), false);
    for (InstId id : detached_) detached[id.index] = true;
    for (uint32_t n = 0; n < fn_->nodes.size(); ++n) {
      std::vector<InstId>& list = fn_->nodes[n].insts;
      if (!detached_.empty())
        list.erase(std::remove_if(list.begin(), list.end(), [&](InstId x) { return x.index < detached.size() && detached[x.index]; }),
                   list.end());
      for (InstId x : list)
        if (x.index < attached.size() && fn_->inst(x).block.index == n) attached[x.index] = true;
    }
    for (uint32_t i = 0; i < fn_->insts.size(); ++i) {
      InstDef& in = fn_->insts[i];
      in.attrs.qptrUsage.clear();
      if (isQptrType(cx_, in.resultType) && attached[i])
        error(in.attrs, "qptr value left unlifted (" + opcodeName(in.op) + ")");
    }
    fn_ = saveFn;
    fid_ = saveId;
    refs_ = std::move(saveRefs);
    detached_ = std::move(saveDetached);
  }

  void walkRegion(RegionId r) {
    const std::vector<NodeId> nodes = fn_->region(r).nodes;
    for (NodeId n : nodes) walkNode(n);
    Exit& e = fn_->region(r).exit;
    for (Value& v : e.values)
      if (isQptrType(cx_, m_.typeOf(*fn_, v)) && !isPointerOutputExit(r))
        error(fn_->attrs, std::string("pointer passed through a ") + exitKindName(e.kind) + " is not supported");
  }

  // Exits that feed a select's pointer outputs are handled by the select.
  bool isPointerOutputExit(RegionId r) const {
    const Exit& e = fn_->region(r).exit;
    if (e.kind == ExitKind::Break) return e.target.valid() && fn_->node(e.target).kind == NodeKind::Select;
    const NodeId p = fn_->region(r).parent;
    return e.kind == ExitKind::Yield && p.valid() && fn_->node(p).kind == NodeKind::Select;
  }

  void walkNode(NodeId n) {
    switch (fn_->node(n).kind) {
      case NodeKind::Block: {
        const std::vector<InstId> insts = fn_->node(n).insts;
        for (InstId i : insts) liftInst(i);
        break;
      }
      case NodeKind::Select: {
        const std::vector<RegionId> cases = fn_->node(n).cases;
        for (RegionId c : cases) walkRegion(c);
        liftSelectOutputs(n);
        break;
      }
      case NodeKind::Loop: {
        walkRegion(fn_->node(n).body);
        walkRegion(fn_->node(n).continuing);
        NodeDef& node = fn_->node(n);
        for (uint32_t k = 0; k < node.outputTypes.size(); ++k)
          if (isQptrType(cx_, node.outputTypes[k])) error(node.attrs, "pointer output of a loop is not supported");
        for (Type t : fn_->region(node.body).inputTypes)
          if (isQptrType(cx_, t)) error(node.attrs, "loop-carried pointer is not supported");
        break;
      }
    }
  }

  // Pointer "phis": every incoming pointer is materialized at the end of its region; all must
  // agree on the SPIR-V pointer type (the input needed VariablePointers for this anyway).
  void liftSelectOutputs(NodeId n) {
    NodeDef& node = fn_->node(n);  // materializeAtEnd may add nodes; the tables never move an element
    for (uint32_t k = 0; k < node.outputTypes.size(); ++k) {
      if (!isQptrType(cx_, node.outputTypes[k])) continue;
      Type ptrType;
      PtrRef outRef;
      for (uint32_t r = 0; r < fn_->regions.size(); ++r) {
        RegionDef& reg = fn_->regions[r];
        const bool feeds = (reg.exit.kind == ExitKind::Yield && reg.parent == n && !reg.exit.values.empty()) ||
                           (reg.exit.kind == ExitKind::Break && reg.exit.target == n);
        if (!feeds || k >= reg.exit.values.size()) continue;
        PtrRef ref = refOf(reg.exit.values[k]);
        if (!ref.valid) { error(node.attrs, "select output " + std::to_string(k) + ": incoming value is not a lifted pointer"); continue; }
        if (!resolveWhole(ref, node.attrs)) continue;
        reg.exit.values[k] = materializeAtEnd(RegionId(r), ref);
        const Type t = cx_.pointerType(ref.sc, ref.cur);
        if (ptrType.valid() && t != ptrType) {
          error(node.attrs, "select output " + std::to_string(k) + " merges pointers of different types (" +
                                printType(cx_, ptrType) + " vs " + printType(cx_, t) + ")");
          continue;
        }
        ptrType = t;
        outRef = ref;
      }
      if (!ptrType.valid()) continue;
      node.outputTypes[k] = ptrType;
      node.outputAttrs[k].qptrUsage.clear();
      PtrRef r;
      r.valid = true;
      r.base = Value::nodeOutput(n, k);
      r.sc = outRef.sc;
      r.cur = outRef.cur;
      refs_[valueKey(r.base)] = r;
    }
  }


  // ------------------------------------------------------------------ types from usage
  // A buffer's Block struct rebuilt from its usage: one member per used range, explicit Offset /
  // ArrayStride, matrix members taking MatrixStride and Row/ColMajor from the declaration (which
  // SPIR-T loses). Anything the usage cannot express keeps the declared type (with a warning).
  void synthesizeBufferType(GlobalVarId g) {
    GlobalVarDef& gv = m_.global(g);
    if (st_.globals[g.index].shape != GlobalState::Shape::Handles || g.index >= analysis_.globals.size() ||
        !analysis_.globals[g.index])
      return;
    const Usage& u = *analysis_.globals[g.index];
    if (u.kind != Usage::Kind::Buffer || !u.element || u.element->kind == Usage::Kind::Unused) return;
    const TypeDef& dd = cx_.def(gv.type);  // blockFor interns types; the type table never moves one
    const bool array = dd.kind == TypeKind::Array || dd.kind == TypeKind::RuntimeArray;
    const Type block = array ? dd.element : gv.type;
    if (!layouts_.isBufferBlock(block)) return;
    std::string why;
    const Type data = blockFor(*u.element, block, why);
    if (!data.valid()) {
      if (why.rfind("usage _", 0) == 0) return;  // addresses computed but nothing accessed there
      reportWarning(st_, m_, gv.attrs, "qptr.lift", "kept the declared type: " + why);
      return;
    }
    Type t = data;
    if (array) t = dd.kind == TypeKind::Array ? cx_.arrayType(data, dd.count) : cx_.runtimeArrayType(data);
    gv.type = t;
    st_.globals[g.index].refType = cx_.pointerType(st_.globals[g.index].storageClass, t);
  }

  Type blockFor(const Usage& u, Type declared, std::string& why) {
    std::vector<StructMember> members;
    if (u.kind == Usage::Kind::OffsetBase) {
      for (const auto& [o, e] : u.entries)
        if (!member(e, o, declared, members, why)) return {};
    } else if (!member(u, 0, declared, members, why)) {
      return {};
    }
    return cx_.structType(cx_.def(declared).name, std::move(members), cx_.def(declared).decorations);
  }

  // The declared struct member that starts at `offset` of `declared`, for its name.
  const StructMember* declaredMemberAt(Type declared, uint32_t offset) {
    if (!declared.valid() || cx_.def(declared).kind != TypeKind::Struct) return nullptr;
    const TypeLayout& l = layouts_.layoutOf(declared);
    const TypeDef& d = cx_.def(declared);
    for (size_t i = 0; i < l.offsets.size() && i < d.members.size(); ++i)
      if (l.offsets[i] == offset) return &d.members[i];
    return nullptr;
  }

  bool member(const Usage& u, uint32_t offset, Type declared, std::vector<StructMember>& out, std::string& why) {
    StructMember m;
    // Names survive where the rebuilt member starts where a declared one did (readability of the
    // emitted SPIR-V and of the cross views; a union-like member keeps the first name).
    const StructMember* original = declaredMemberAt(declared, offset);
    if (original) m.name = original->name;
    m.type = typeFor(u, declared, offset, why);
    if (!m.type.valid()) return false;
    m.decorations.push_back({spv::DecorationOffset, {offset}});
    // Read-only buffers (StructuredBuffer, ByteAddressBuffer, tbuffer) stay read-only.
    if (original)
      for (const Decoration& d : original->decorations)
        if (d.kind == spv::DecorationNonWritable) m.decorations.push_back(d);
    if (cx_.def(m.type).kind == TypeKind::Matrix) {
      auto decs = matrixDecorations(declared, offset, m.type);
      if (!decs) {
        why = "no declared matrix at offset " + std::to_string(offset);
        return false;
      }
      for (Decoration& d : *decs) m.decorations.push_back(std::move(d));
    }
    out.push_back(std::move(m));
    return true;
  }

  // `declared`/`offset` locate the usage in the declared type (for matrix decorations).
  Type typeFor(const Usage& u, Type declared, uint32_t offset, std::string& why) {
    switch (u.kind) {
      case Usage::Kind::StrictlyTyped: case Usage::Kind::DirectAccess: return u.type;
      case Usage::Kind::OffsetBase: {
        std::vector<StructMember> members;
        for (const auto& [o, e] : u.entries)
          if (!member(e, o, elementAt(declared, offset), members, why)) return {};
        const Type original = elementAt(declared, offset);
        const bool named = original.valid() && cx_.def(original).kind == TypeKind::Struct;
        return cx_.structType(named ? cx_.def(original).name : "", std::move(members));
      }
      case Usage::Kind::DynOffsetBase: {
        const Type elem = typeFor(*u.element, arrayElementAt(declared, offset), 0, why);
        if (!elem.valid()) return {};
        if (cx_.def(elem).kind == TypeKind::Matrix) {
          why = "array of matrices needs MatrixStride on an array element";
          return {};
        }
        if (u.maxSize) return cx_.arrayType(elem, *u.maxSize / u.stride, u.stride);
        return cx_.runtimeArrayType(elem, u.stride);
      }
      default:
        why = "usage " + printUsage(cx_, u) + " has no memory type";
        return {};
    }
  }

  // The field of a struct layout that contains `offset` (offsets.size() when none does).
  static size_t fieldAt(const TypeLayout& l, uint32_t offset) {
    size_t f = l.offsets.size();
    for (size_t i = 0; i < l.offsets.size(); ++i)
      if (l.offsets[i] <= offset) f = i;
    return f;
  }

  // One step down the declared type `t` toward `offset`: into the field containing it, or the
  // array element (matrices are not entered: their columns are not declared types of their own).
  // False when there is nothing to step into.
  bool stepInto(Type& t, uint32_t& offset) { return stepInto(t, offset, layouts_.layoutOf(t)); }
  // The same with `t`'s layout already at hand.
  bool stepInto(Type& t, uint32_t& offset, const TypeLayout& l) {
    if (l.shape == TypeLayout::Shape::Fields) {
      const size_t f = fieldAt(l, offset);
      if (f == l.offsets.size()) return false;
      offset -= l.offsets[f];
      t = l.fieldTypes[f];
      return true;
    }
    if (l.shape == TypeLayout::Shape::Elements && l.stride && cx_.def(t).kind != TypeKind::Matrix) {
      offset %= l.stride;
      t = l.element;
      return true;
    }
    return false;
  }

  // The declared type found at `offset` of `t` when it is a struct or array start (best effort:
  // only used to look up matrix decorations).
  Type elementAt(Type t, uint32_t offset) {
    for (int guard = 0; guard < 16 && t.valid(); ++guard) {
      if (offset == 0) return t;
      if (!stepInto(t, offset)) return {};
    }
    return {};
  }

  // The element type of the declared array starting at `offset` of `t`, looking through the
  // structs that start there too (a buffer block starts where its runtime array does: naming the
  // elements after the block's members would give them the block's name and NonWritable).
  Type arrayElementAt(Type t, uint32_t offset) {
    for (int guard = 0; guard < 16 && t.valid(); ++guard) {
      const TypeDef& d = cx_.def(t);
      if (offset == 0 && (d.kind == TypeKind::Array || d.kind == TypeKind::RuntimeArray)) return d.element;
      if (!stepInto(t, offset)) return {};
    }
    return {};
  }

  // Whether `offset` of the declared type `t` is where a `matrix` starts: `t` itself, or an element
  // of a (nested) array of them, whose member decorations describe every element.
  bool isMatrixStartIn(Type t, uint32_t offset, Type matrix) {
    for (int guard = 0; guard < 16 && t != matrix; ++guard) {
      const TypeDef& d = cx_.def(t);
      if (d.kind != TypeKind::Array && d.kind != TypeKind::RuntimeArray) return false;
      const uint32_t stride = layouts_.layoutOf(t).stride;
      if (!stride) return false;
      offset %= stride;
      t = d.element;
    }
    return t == matrix && offset == 0;
  }

  std::optional<std::vector<Decoration>> matrixDecorations(Type t, uint32_t offset, Type matrix) {
    for (int guard = 0; guard < 16 && t.valid(); ++guard) {
      const TypeLayout& l = layouts_.layoutOf(t);
      if (l.shape == TypeLayout::Shape::Fields) {
        const size_t f = fieldAt(l, offset);
        if (f < l.offsets.size() && isMatrixStartIn(l.fieldTypes[f], offset - l.offsets[f], matrix)) {
          std::vector<Decoration> out;
          for (const Decoration& dec : cx_.def(t).members[f].decorations)
            if (dec.kind == spv::DecorationMatrixStride || dec.kind == spv::DecorationRowMajor || dec.kind == spv::DecorationColMajor)
              out.push_back(dec);
          return out;
        }
      }
      if (!stepInto(t, offset, l)) return std::nullopt;
    }
    return std::nullopt;
  }

  // ------------------------------------------------------------------ pointer references
  PtrRef refOf(const Value& v) {
    if (v.kind == ValueKind::GlobalVar) {
      PtrRef r;
      r.valid = true;
      r.base = v;
      r.sc = st_.globals[v.a].storageClass;
      r.cur = m_.global(v.asGlobal()).type;
      return r;
    }
    auto it = refs_.find(valueKey(v));
    return it == refs_.end() ? PtrRef{} : it->second;
  }

  Value constU32(uint32_t v) { return Value::constant(cx_.u32(v)); }

  // A member's MatrixStride / RowMajor still describe the elements of an array of matrices, but
  // not the columns of a matrix.
  static void keepMatrixInfoOnlyForArrays(PtrRef& ref, TypeKind stepped) {
    if (stepped == TypeKind::Array || stepped == TypeKind::RuntimeArray) return;
    ref.matrixStride = 0;
    ref.rowMajor = false;
  }

  // One step down from ref.cur towards ref.pending; false if there is no component there.
  bool descend(PtrRef& ref) {
    const TypeLayout& l = layouts_.layoutOf(ref.cur, ref.matrixStride, ref.rowMajor);
    const TypeKind kind = cx_.def(ref.cur).kind;
    if (l.shape == TypeLayout::Shape::Elements || (kind == TypeKind::Matrix && l.stride)) {
      if (kind == TypeKind::Matrix && ref.rowMajor) return false;
      if (!l.stride || (l.count && ref.pending >= l.stride * l.count)) return false;
      ref.indices.push_back(constU32(ref.pending / l.stride));
      ref.levels.push_back({true, l.stride});
      ref.pending %= l.stride;
      ref.cur = l.element;
      keepMatrixInfoOnlyForArrays(ref, kind);
      return true;
    }
    if (l.shape == TypeLayout::Shape::Fields) {
      for (size_t f = 0; f < l.offsets.size(); ++f) {
        const uint32_t fs = layouts_.layoutOf(l.fieldTypes[f]).size;
        const bool unsized = cx_.def(l.fieldTypes[f]).kind == TypeKind::RuntimeArray;
        if (ref.pending < l.offsets[f] || (!unsized && ref.pending >= l.offsets[f] + fs)) continue;
        ref.matrixStride = 0;
        ref.rowMajor = false;
        for (const Decoration& dec : cx_.def(ref.cur).members[f].decorations) {
          if (dec.kind == spv::DecorationMatrixStride && !dec.operands.empty()) ref.matrixStride = dec.operands[0];
          if (dec.kind == spv::DecorationRowMajor) ref.rowMajor = true;
        }
        ref.indices.push_back(constU32(uint32_t(f)));
        ref.levels.push_back({false, 0});
        ref.pending -= l.offsets[f];
        ref.cur = l.fieldTypes[f];
        return true;
      }
    }
    return false;
  }

  // An offset past the end of the current element moves to a later element of the innermost
  // enclosing array (OpPtrAccessChain %p 1 and friends): index + pending / stride.
  bool carryIntoNextElement(PtrRef& ref, InstId at) {
    const uint32_t size = sizeOf(ref.cur, &ref);
    if (!size || ref.pending < size) return false;
    for (size_t k = ref.levels.size(); k-- > 0;) {
      if (!ref.levels[k].array) continue;
      // Pop back to that array's element.
      const uint32_t stride = ref.levels[k].stride;
      uint32_t offsetInElem = ref.pending;
      // Re-add the offsets of the levels below k (they were constant indices).
      for (size_t j = ref.levels.size(); j-- > k + 1;) {
        const Value idx = ref.indices[j];
        if (idx.kind != ValueKind::Const) return false;
        const uint32_t c = uint32_t(cx_.def(idx.asConst()).bits);
        offsetInElem += ref.levels[j].array ? c * ref.levels[j].stride : memberOffset(ref, j, c);
      }
      const uint32_t steps = offsetInElem / stride;
      ref.indices.resize(k + 1);
      ref.levels.resize(k + 1);
      ref.indices[k] = addIndex(ref.indices[k], steps, at);
      ref.pending = offsetInElem % stride;
      ref.cur = elementTypeAt(ref, k);
      ref.matrixStride = 0;
      ref.rowMajor = false;
      return true;
    }
    return false;
  }

  // The type reached after indices[0..k] (re-walked from the base type).
  Type elementTypeAt(const PtrRef& ref, size_t k) {
    Type t = baseTypeOf(ref);
    for (size_t j = 0; j <= k; ++j) {
      const TypeDef& d = cx_.def(t);
      if (d.kind == TypeKind::Struct && ref.indices[j].kind == ValueKind::Const) t = d.members[cx_.def(ref.indices[j].asConst()).bits].type;
      else t = d.element;
    }
    return t;
  }

  Type baseTypeOf(const PtrRef& ref) const {
    const Type bt = m_.typeOf(*fn_, ref.base);
    if (ref.base.kind == ValueKind::GlobalVar) return m_.global(ref.base.asGlobal()).type;
    return isPointerType(cx_, bt) ? cx_.def(bt).element : Type();
  }

  uint32_t memberOffset(const PtrRef& ref, size_t level, uint32_t member) {
    Type t = baseTypeOf(ref);
    for (size_t j = 0; j < level; ++j) {
      const TypeDef& d = cx_.def(t);
      t = d.kind == TypeKind::Struct ? d.members[cx_.def(ref.indices[j].asConst()).bits].type : d.element;
    }
    const TypeLayout& l = layouts_.layoutOf(t);
    return member < l.offsets.size() ? l.offsets[member] : 0;
  }

  Value addIndex(const Value& index, uint32_t steps, InstId at) {
    if (steps == 0) return index;
    if (index.kind == ValueKind::Const && cx_.def(index.asConst()).kind == ConstKind::Scalar) {
      const ConstDef& c = cx_.def(index.asConst());
      return Value::constant(cx_.intConst(c.type, c.bits + steps));
    }
    const Type t = m_.typeOf(*fn_, index);
    InstDef add;
    add.op = Opcode::spv(spv::OpIAdd);
    add.resultType = t;
    add.operands = {Operand::v(index), Operand::v(Value::constant(cx_.intConst(t, steps)))};
    return Value::inst(insertBefore(*fn_, at, std::move(add)));
  }

  bool canPun(Type a, Type b) const {
    auto numeric = [&](Type t) { return cx_.isNumericScalarOrVector(t); };
    return numeric(a) && numeric(b) && layouts_.layoutOf(a).size == layouts_.layoutOf(b).size;
  }

  // Steps down until the pointee is `want` (or, failing that, a same-sized numeric type the
  // access can be bitcast from). `allowPun` false: the exact type is required. Errors are
  // reported on `at`.
  bool resolveAccess(PtrRef& ref, Type want, bool allowPun, InstId at) {
    for (int guard = 0; guard < 64; ++guard) {
      if (ref.pending == 0 && ref.cur == want) return true;
      if (carryIntoNextElement(ref, at)) continue;
      if (ref.pending == 0 && allowPun && canPun(ref.cur, want)) return true;
      if (!descend(ref)) break;
    }
    error(fn_->inst(at).attrs, "no " + printType(cx_, want) + " at offset " + std::to_string(ref.pending) + " in " + printType(cx_, ref.cur) +
                     (ref.rowMajor ? " (row-major matrix)" : ""));
    return false;
  }

  // For pointers passed on whole (call arguments, phis): only a zero pending offset is needed.
  bool resolveWhole(PtrRef& ref, Attrs& attrs) {
    for (int guard = 0; guard < 64 && ref.pending != 0; ++guard)
      if (!descend(ref)) break;
    if (ref.pending != 0) {
      error(attrs, "pointer at offset " + std::to_string(ref.pending) + " into " + printType(cx_, ref.cur) + " has no component there");
      return false;
    }
    return true;
  }

  // Until `ref.cur` is an array-like type of stride `stride` containing the pending offset.
  // Errors are reported on `at`.
  bool resolveArray(PtrRef& ref, uint32_t stride, InstId at) {
    for (int guard = 0; guard < 64; ++guard) {
      const TypeLayout& l = layouts_.layoutOf(ref.cur, ref.matrixStride, ref.rowMajor);
      const bool arrayLike = l.shape == TypeLayout::Shape::Elements && l.stride == stride;
      if (arrayLike && (l.count == 0 || ref.pending < l.size)) return true;
      if (carryIntoNextElement(ref, at)) continue;
      if (!descend(ref)) break;
    }
    error(fn_->inst(at).attrs, "no array of stride " + std::to_string(stride) + " at offset " + std::to_string(ref.pending) +
                                   " in " + printType(cx_, ref.cur));
    return false;
  }

  Value materialize(const PtrRef& ref, InstId at) {
    if (ref.indices.empty()) return ref.base;
    InstDef ac;
    ac.op = Opcode::spv(spv::OpAccessChain);
    ac.resultType = cx_.pointerType(ref.sc, ref.cur);
    ac.operands.push_back(Operand::v(ref.base));
    for (const Value& i : ref.indices) ac.operands.push_back(Operand::v(i));
    return Value::inst(insertBefore(*fn_, at, std::move(ac)));
  }

  Value materializeAtEnd(RegionId r, const PtrRef& ref) {
    if (ref.indices.empty()) return ref.base;
    RegionDef& reg = fn_->region(r);
    NodeId block;
    if (!reg.nodes.empty() && fn_->node(reg.nodes.back()).kind == NodeKind::Block) {
      block = reg.nodes.back();
    } else {
      NodeDef nd;
      nd.kind = NodeKind::Block;
      nd.parent = r;
      fn_->nodes.push_back(std::move(nd));
      block = NodeId(uint32_t(fn_->nodes.size() - 1));
      fn_->region(r).nodes.push_back(block);
    }
    InstDef ac;
    ac.op = Opcode::spv(spv::OpAccessChain);
    ac.resultType = cx_.pointerType(ref.sc, ref.cur);
    ac.operands.push_back(Operand::v(ref.base));
    for (const Value& i : ref.indices) ac.operands.push_back(Operand::v(i));
    ac.block = block;
    fn_->insts.push_back(std::move(ac));
    const InstId id(uint32_t(fn_->insts.size() - 1));
    fn_->node(block).insts.push_back(id);
    return Value::inst(id);
  }

  // ------------------------------------------------------------------ instructions
  void liftInst(InstId id) {
    InstDef& in = fn_->inst(id);
    const Value self = Value::inst(id);
    if (in.op.family == OpFamily::Qptr) {
      const QptrOp op = static_cast<QptrOp>(in.op.code);
      if (op == QptrOp::FuncLocalVar) {
        auto it = st_.functions[fid_.index].localTypes.find(id.index);
        if (it == st_.functions[fid_.index].localTypes.end()) {
          error(in.attrs, "func_local_var without a recorded type");
          return;
        }
        std::vector<Operand> ops{Operand::i(spv::StorageClassFunction)};
        if (in.operands.size() > 2) ops.push_back(in.operands[2]);
        in.op = Opcode::spv(spv::OpVariable);
        in.operands = std::move(ops);
        in.resultType = cx_.pointerType(spv::StorageClassFunction, it->second);
        in.attrs.qptrUsage.clear();
        PtrRef r;
        r.valid = true;
        r.base = self;
        r.sc = spv::StorageClassFunction;
        r.cur = it->second;
        refs_[valueKey(self)] = r;
        return;
      }
      PtrRef ref = refOf(in.operands[0].value);
      if (!ref.valid) {
        error(in.attrs, std::string("qptr.") + qptrOpName(op) + " of a pointer that was not lifted");
        return;
      }
      switch (op) {
        case QptrOp::BufferData:  // the Block struct is the buffer's data: nothing to emit
          refs_[valueKey(self)] = ref;
          detached_.push_back(id);
          return;
        case QptrOp::HandleArrayIndex: {
          const TypeDef& d = cx_.def(ref.cur);
          if (d.kind != TypeKind::Array && d.kind != TypeKind::RuntimeArray) {
            error(in.attrs, "handle_array_index of a non-array " + printType(cx_, ref.cur));
            return;
          }
          ref.indices.push_back(in.operands[1].value);
          ref.levels.push_back({false, 0});  // handle arrays have no byte stride
          ref.cur = d.element;
          refs_[valueKey(self)] = ref;
          detached_.push_back(id);
          return;
        }
        case QptrOp::Offset:
          ref.pending += in.operands[1].imm;
          refs_[valueKey(self)] = ref;
          detached_.push_back(id);
          return;
        case QptrOp::DynOffset: {
          const uint32_t stride = in.operands[2].imm;
          const Value dynamicIndex = in.operands[1].value;
          if (!resolveArray(ref, stride, id)) return;
          const Type arrayType = ref.cur;
          const TypeLayout& l = layouts_.layoutOf(ref.cur, ref.matrixStride, ref.rowMajor);
          const Value index = addIndex(dynamicIndex, ref.pending / stride, id);
          ref.indices.push_back(index);
          ref.levels.push_back({true, stride});
          ref.pending %= stride;
          ref.cur = l.element;
          keepMatrixInfoOnlyForArrays(ref, cx_.def(arrayType).kind);
          refs_[valueKey(self)] = ref;
          detached_.push_back(id);
          return;
        }
        case QptrOp::BufferDynLen: {
          const TypeLayout& l = layouts_.layoutOf(ref.cur);
          const uint32_t fixed = in.operands[1].imm;
          uint32_t member = UINT32_MAX;
          for (uint32_t f = 0; f < l.offsets.size(); ++f)
            if (l.offsets[f] == fixed && cx_.def(l.fieldTypes[f]).kind == TypeKind::RuntimeArray) member = f;
          if (member == UINT32_MAX || ref.pending != 0) {
            error(in.attrs, "buffer_dyn_len: no runtime array at offset " + std::to_string(fixed) + " of " + printType(cx_, ref.cur));
            return;
          }
          const Value p = materialize(ref, id);
          InstDef& self2 = fn_->inst(id);
          self2.op = Opcode::spv(spv::OpArrayLength);
          self2.operands = {Operand::v(p), Operand::i(member)};
          return;
        }
        case QptrOp::Load: {
          const Type want = in.resultType;
          if (!resolveAccess(ref, want, true, id)) return;
          const Value p = materialize(ref, id);
          InstDef& ld = fn_->inst(id);
          if (ref.cur == want) {
            ld.op = Opcode::spv(spv::OpLoad);
            ld.operands = {Operand::v(p)};
            return;
          }
          InstDef raw;
          raw.op = Opcode::spv(spv::OpLoad);
          raw.resultType = ref.cur;
          raw.operands = {Operand::v(p)};
          const InstId rawId = insertBefore(*fn_, id, std::move(raw));
          InstDef& cast = fn_->inst(id);
          cast.op = Opcode::spv(spv::OpBitcast);
          cast.operands = {Operand::v(Value::inst(rawId))};
          reportWarning(st_, m_, cast.attrs, "qptr.lift",
                        "load of " + printType(cx_, want) + " from " + printType(cx_, ref.cur) + " memory: bitcast");
          return;
        }
        case QptrOp::Store: {
          Value v = in.operands[1].value;
          const Type vt = m_.typeOf(*fn_, v);
          if (!resolveAccess(ref, vt, true, id)) return;
          const Value p = materialize(ref, id);
          if (ref.cur != vt) {
            InstDef cast;
            cast.op = Opcode::spv(spv::OpBitcast);
            cast.resultType = ref.cur;
            cast.operands = {Operand::v(v)};
            v = Value::inst(insertBefore(*fn_, id, std::move(cast)));
            reportWarning(st_, m_, fn_->inst(id).attrs, "qptr.lift",
                          "store of " + printType(cx_, vt) + " to " + printType(cx_, ref.cur) + " memory: bitcast");
          }
          InstDef& stI = fn_->inst(id);
          stI.op = Opcode::spv(spv::OpStore);
          stI.operands = {Operand::v(p), Operand::v(v)};
          return;
        }
        default: return;
      }
    }
    if (in.op.family == OpFamily::Call) {
      const FuncId callee = in.operands[0].value.asFunc();
      for (size_t k = 1; k < fn_->inst(id).operands.size(); ++k) {
        const Value a = fn_->inst(id).operands[k].value;
        // Already-lifted roots (local variables) are no longer qptr-typed: look them up too.
        if (!isQptrType(cx_, m_.typeOf(*fn_, a)) && !refs_.count(valueKey(a))) continue;
        PtrRef ref = refOf(a);
        if (!ref.valid) {
          error(fn_->inst(id).attrs, "pointer argument " + std::to_string(k - 1) + " was not lifted");
          continue;
        }
        if (!resolveWhole(ref, fn_->inst(id).attrs)) continue;
        const Value p = materialize(ref, id);
        fn_->inst(id).operands[k] = Operand::v(p);
        PtrRef param;
        param.valid = true;
        param.sc = ref.sc;
        param.cur = ref.cur;
        param.base = Value::regionInput(m_.function(callee).body, uint32_t(k - 1));
        auto& known = paramRefs_[callee.index];
        auto it = known.find(uint32_t(k - 1));
        if (it == known.end()) {
          if (done_[callee.index]) {
            error(fn_->inst(id).attrs, "pointer argument " + std::to_string(k - 1) + " of a call to an already lifted (recursive) function");
            continue;
          }
          known.emplace(uint32_t(k - 1), param);
        } else if (it->second.sc != param.sc || it->second.cur != param.cur) {
          error(fn_->inst(id).attrs, "pointer argument " + std::to_string(k - 1) + " differs in type between calls (" +
                                         printType(cx_, cx_.pointerType(it->second.sc, it->second.cur)) + " vs " +
                                         printType(cx_, cx_.pointerType(param.sc, param.cur)) + ")");
        }
      }
      // The callee's parameter types are now known: lift it (once).
      liftFunction(callee);
      fn_->inst(id).resultType = m_.function(callee).returnType;
      return;
    }
    if (in.op.isDebug(DebugOp::Declare) || in.op.isDebug(DebugOp::Value)) return liftDebugOp(id);
    auto fb = st_.functions[fid_.index].fallbacks.find(id.index);
    if (fb == st_.functions[fid_.index].fallbacks.end()) {
      for (const Operand& o : in.operands)
        if (!o.isImm && o.value.kind != ValueKind::Func && isQptrType(cx_, m_.typeOf(*fn_, o.value))) {
          error(in.attrs, opcodeName(in.op) + " uses a pointer but was not recorded by qptr.lower");
          return;
        }
      return;
    }
    const FallbackInfo info = fb->second;
    for (const auto& [idx, t] : info.inputs) {
      PtrRef ref = refOf(fn_->inst(id).operands[idx].value);
      if (!ref.valid) {
        error(fn_->inst(id).attrs, "pointer input " + std::to_string(idx) + " was not lifted");
        continue;
      }
      if (!resolveAccess(ref, t, false, id)) continue;
      fn_->inst(id).operands[idx] = Operand::v(materialize(ref, id));
    }
    if (info.hasOutput) {
      InstDef& o = fn_->inst(id);
      o.resultType = cx_.pointerType(info.outputStorageClass, info.outputPointee);
      o.attrs.qptrUsage.clear();
      PtrRef r;
      r.valid = true;
      r.base = self;
      r.sc = info.outputStorageClass;
      r.cur = info.outputPointee;
      refs_[valueKey(self)] = r;
    }
    std::erase_if(fn_->inst(id).attrs.extra, [](const auto& kv) {
      return kv.first == "qptr.to_spv_ptr_input" || kv.first == "qptr.from_spv_ptr_output";
    });
  }

  // dbg.declare / dbg.value of a pointer: the lifted pointer when it is a whole root (the local
  // variable or pointer parameter SPIR-V's DebugDeclare takes); any other is dropped rather
  // than given an access chain of its own (debug info must not add code).
  void liftDebugOp(InstId id) {
    InstDef& in = fn_->inst(id);
    for (Operand& o : in.operands) {
      if (o.isImm || o.value.kind == ValueKind::Func) continue;
      if (!isQptrType(cx_, m_.typeOf(*fn_, o.value)) && !refs_.count(valueKey(o.value))) continue;
      const PtrRef ref = refOf(o.value);
      if (!ref.valid || !ref.indices.empty() || ref.pending != 0) {
        detached_.push_back(id);
        return;
      }
      o.value = ref.base;
    }
  }

  Module& m_;
  Context& cx_;
  QptrState& st_;
  const AnalysisResult& analysis_;
  Layouts layouts_;
  std::vector<bool> done_;
  std::vector<std::unordered_map<uint32_t, PtrRef>> paramRefs_;
  std::unordered_map<uint64_t, PtrRef> refs_;
  std::vector<InstId> detached_;  // this function's lifted steps, taken out of their blocks at its end
  FunctionDef* fn_ = nullptr;
  FuncId fid_;
};

}  // namespace

bool liftFromQptr(Module& module, QptrState& state, const AnalysisResult& analysis) {
  const size_t before = state.diagnostics.size();
  Lifter(module, state, analysis).run();
  for (size_t i = before; i < state.diagnostics.size(); ++i)
    if (state.diagnostics[i].severity == Severity::Error) return false;
  return true;
}

}  // namespace sl::qptr
