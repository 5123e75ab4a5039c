#include "core/passes/qptr/QptrLower.h"

#include "core/ir/Printer.h"
#include "core/ir/SpirvGrammar.h"

#include <climits>
#include <spirv/unified1/spirv.hpp>

#include <unordered_map>

namespace sl::qptr {
namespace {

using namespace sl::ir;

bool isBufferStorageClass(uint32_t sc) {
  return sc == spv::StorageClassUniform || sc == spv::StorageClassStorageBuffer ||
         sc == spv::StorageClassPushConstant || sc == spv::StorageClassShaderRecordBufferKHR;
}

bool isInterfaceStorageClass(uint32_t sc) {
  return sc == spv::StorageClassInput || sc == spv::StorageClassOutput ||
         sc == spv::StorageClassIncomingRayPayloadKHR || sc == spv::StorageClassIncomingCallableDataKHR ||
         sc == spv::StorageClassHitAttributeKHR || sc == spv::StorageClassRayPayloadKHR ||
         sc == spv::StorageClassCallableDataKHR;
}

class Lowerer {
 public:
  Lowerer(Module& m, QptrState& st) : m_(m), cx_(m.cx()), st_(st), layouts_(m.cx(), st.layout) {}

  void run() {
    st_.globals.assign(m_.globals.size(), {});
    st_.functions.assign(m_.functions.size(), {});
    for (uint32_t f = 0; f < m_.functions.size(); ++f) lowerFunction(FuncId(f));
    for (uint32_t g = 0; g < m_.globals.size(); ++g) lowerGlobal(GlobalVarId(g));
    for (uint32_t f = 0; f < m_.functions.size(); ++f) erasePointerTypes(m_.function(FuncId(f)));
    st_.lowered = true;
  }

 private:
  // ---------------------------------------------------------------- globals
  void lowerGlobal(GlobalVarId g) {
    GlobalVarDef& gv = m_.global(g);
    GlobalState& gs = st_.globals[g.index];
    gs.storageClass = gv.storageClass;
    gs.refType = gv.refType;
    const TypeLayout& l = layouts_.layoutOf(gv.type);
    std::string shape;
    if (l.shape == TypeLayout::Shape::Handle) {
      gs.shape = GlobalState::Shape::Handles;
      shape = "handle";
    } else if (l.shape == TypeLayout::Shape::HandleArray) {
      gs.shape = GlobalState::Shape::Handles;
      shape = l.count ? "[" + std::to_string(l.count) + " x handle]" : "[handle]";
    } else if (layouts_.isBufferBlock(gv.type) && isBufferStorageClass(gv.storageClass)) {
      gs.shape = GlobalState::Shape::Handles;
      const TypeLayout& bl = layouts_.layoutOf(gv.type);
      shape = "buffer(" + std::to_string(bl.size) + ", align: " + std::to_string(bl.align) + ")";
    } else if (isInterfaceStorageClass(gv.storageClass)) {
      // Input/Output blocks such as gl_PerVertex keep their exact type (and BuiltIn members):
      // SPIR-T treats every Block struct as a buffer, which breaks them.
      gs.shape = GlobalState::Shape::TypedInterface;
      shape = "typed_interface";
    } else {
      gs.shape = GlobalState::Shape::UntypedData;
      shape = "layout(size: " + std::to_string(l.size) + ", align: " + std::to_string(l.align) + ")";
    }
    if (gs.shape == GlobalState::Shape::Handles) gv.storageClass = kHandlesAddrSpace;
    gv.refType = cx_.qptrType();
    gv.attrs.extra.push_back({"qptr.shape", shape});
  }

  // ---------------------------------------------------------------- functions
  void lowerFunction(FuncId f) {
    fn_ = &m_.function(f);
    fs_ = &st_.functions[f.index];
    matrices_.clear();
    const size_t count = fn_->insts.size();  // new step instructions are appended; skip them
    // The instructions still in a block (erased ones keep their arena slot), found once: a
    // search of the block per instruction was quadratic. Lowering erases nothing.
    std::vector<bool> inBlock(count, false);
    for (uint32_t n = 0; n < fn_->nodes.size(); ++n)
      for (InstId x : fn_->nodes[n].insts)
        if (x.index < count && fn_->inst(x).block.index == n) inBlock[x.index] = true;
    for (uint32_t i = 0; i < count; ++i) {
      if (!inBlock[i]) continue;
      lowerInst(InstId(i));
    }
  }

  Type typeOf(const Value& v) const { return m_.typeOf(*fn_, v); }
  Type pointee(const Value& v) const {
    const Type t = typeOf(v);
    return isPointerType(cx_, t) ? cx_.def(t).element : Type();
  }
  uint32_t storageClassOf(const Value& v) const {
    const Type t = typeOf(v);
    return isPointerType(cx_, t) ? cx_.def(t).storageClass : 0;
  }

  void lowerInst(InstId id) {
    InstDef& in = fn_->inst(id);
    if (in.op.family == OpFamily::Call || in.op.family == OpFamily::Qptr) return;
    // A dbg.declare says where a variable lives, it does not access it: no usage (debug info
    // must not change the code); qptr.lift points it at the lifted variable.
    if (in.op.isDebug(DebugOp::Declare) || in.op.isDebug(DebugOp::Value)) return;
    if (in.op.family == OpFamily::Spv) {
      switch (in.op.code) {
        case spv::OpVariable: {
          const Type t = cx_.def(in.resultType).element;
          const TypeLayout& l = layouts_.layoutOf(t);
          if (l.shape == TypeLayout::Shape::Invalid || l.shape == TypeLayout::Shape::Handle ||
              l.shape == TypeLayout::Shape::HandleArray) break;
          std::vector<Operand> ops{Operand::i(l.size), Operand::i(l.align)};
          if (in.operands.size() > 1) ops.push_back(in.operands[1]);
          in.op = Opcode::qptr(QptrOp::FuncLocalVar);
          in.operands = std::move(ops);
          fs_->localTypes[id.index] = t;
          return;
        }
        case spv::OpLoad:
          if (in.operands.size() != 1) break;  // memory operands: kept strictly typed
          in.op = Opcode::qptr(QptrOp::Load);
          noteMatrixAccess(id, in.operands[0].value);
          return;
        case spv::OpStore:
          if (in.operands.size() != 2) break;
          in.op = Opcode::qptr(QptrOp::Store);
          noteMatrixAccess(id, in.operands[0].value);
          return;
        case spv::OpBitcast:
          if (isPointerType(cx_, in.resultType) && isPointerType(cx_, typeOf(in.operands[0].value))) {
            in.op = Opcode::qptr(QptrOp::Offset);
            in.operands = {in.operands[0], Operand::i(0)};
            return;
          }
          break;
        case spv::OpArrayLength:
          if (lowerArrayLength(id)) return;
          break;
        case spv::OpAccessChain: case spv::OpInBoundsAccessChain:
        case spv::OpPtrAccessChain: case spv::OpInBoundsPtrAccessChain: {
          std::string why;
          const ChainResult r = lowerAccessChain(id, why);
          if (r == ChainResult::Lowered) return;
          fallback(id);
          if (r == ChainResult::KeepWhole) return;
          reportError(st_, m_, fn_->inst(id).attrs, "qptr.lower", why + " (kept as " + opcodeName(fn_->inst(id).op) + ")");
          return;
        }
        default: break;
      }
    }
    fallback(id);
  }

  // Records pointer operands/results of an instruction lowering leaves alone.
  void fallback(InstId id) {
    InstDef& in = fn_->inst(id);
    FallbackInfo info;
    for (uint32_t k = 0; k < in.operands.size(); ++k) {
      if (in.operands[k].isImm) continue;
      const Value v = in.operands[k].value;
      if (v.kind == ValueKind::Func) continue;
      const Type t = typeOf(v);
      if (!isPointerType(cx_, t)) continue;
      info.inputs.push_back({k, cx_.def(t).element});
      in.attrs.extra.push_back({"qptr.to_spv_ptr_input", "input_idx: " + std::to_string(k) + ", " + printType(cx_, cx_.def(t).element)});
    }
    if (isPointerType(cx_, in.resultType)) {
      info.hasOutput = true;
      info.outputStorageClass = cx_.def(in.resultType).storageClass;
      info.outputPointee = cx_.def(in.resultType).element;
      in.attrs.extra.push_back({"qptr.from_spv_ptr_output", std::string(grammar::enumerantName(grammar::Kind::StorageClass, info.outputStorageClass)) + ", " + printType(cx_, info.outputPointee)});
    }
    if (!info.inputs.empty() || info.hasOutput) fs_->fallbacks[id.index] = std::move(info);
  }

  bool lowerArrayLength(InstId id) {
    InstDef& in = fn_->inst(id);
    if (in.operands.size() != 2 || !in.operands[1].isImm) return false;
    const Type block = pointee(in.operands[0].value);
    if (!block.valid() || !layouts_.isBufferBlock(block)) return false;
    const TypeLayout& l = layouts_.layoutOf(block);
    const uint32_t member = in.operands[1].imm;
    if (member >= l.fieldTypes.size() || cx_.def(l.fieldTypes[member]).kind != TypeKind::RuntimeArray) return false;
    const TypeLayout& al = layouts_.layoutOf(l.fieldTypes[member]);
    in.op = Opcode::qptr(QptrOp::BufferDynLen);
    in.operands = {in.operands[0], Operand::i(l.offsets[member]), Operand::i(al.stride)};
    return true;
  }

  struct Step {
    QptrOp op;
    Value index;        // HandleArrayIndex / DynOffset
    int64_t offset = 0; // Offset
    uint32_t stride = 0;
    uint32_t count = 0;  // DynOffset bounds (0 = unbounded)
  };

  bool constIndex(const Value& v, int64_t& out) const {
    if (v.kind != ValueKind::Const) return false;
    const ConstDef& c = cx_.def(v.asConst());
    if (c.kind != ConstKind::Scalar) return false;
    const TypeDef& t = cx_.def(c.type);
    out = t.isSigned && t.width == 32 ? int64_t(int32_t(uint32_t(c.bits))) : int64_t(c.bits);
    return true;
  }

  enum class ChainResult : uint8_t { Lowered, KeepWhole, Failed };

  // A load or store through a pointer to a matrix member keeps the member's layout for
  // qptr.analyze (the loaded type alone does not say how many bytes a RowMajor matrix spans).
  void noteMatrixAccess(InstId access, const Value& ptr) {
    if (ptr.kind != ValueKind::InstResult) return;
    auto it = matrices_.find(ptr.asInst().index);
    if (it != matrices_.end()) fs_->matrixAccesses[access.index] = it->second;
  }

  ChainResult lowerAccessChain(InstId id, std::string& why) {
    InstDef& in = fn_->inst(id);
    const Value base = in.operands[0].value;
    const uint32_t sc = storageClassOf(base);
    Type cur = pointee(base);
    if (!cur.valid()) { why = "base is not a pointer"; return ChainResult::Failed; }
    std::vector<Step> steps;
    size_t k = 1;
    const bool ptrChain = in.op.isSpv(spv::OpPtrAccessChain) || in.op.isSpv(spv::OpInBoundsPtrAccessChain);
    if (ptrChain) {
      // The first index steps over whole pointees: the pointer type's ArrayStride, or the size.
      const Type pt = typeOf(base);
      uint32_t stride = cx_.def(pt).arrayStride;
      if (!stride) stride = layouts_.layoutOf(cur).size;
      if (!stride) { why = "OpPtrAccessChain over a zero-sized or unsized pointee"; return ChainResult::Failed; }
      steps.push_back({QptrOp::DynOffset, in.operands[1].value, 0, stride, 0});
      k = 2;
    }
    MatrixAccess mat;
    if (base.kind == ValueKind::InstResult) {
      auto it = matrices_.find(base.asInst().index);
      if (it != matrices_.end()) mat = it->second;
    }
    bool first = !ptrChain;
    for (; k <= in.operands.size(); ++k) {
      const TypeDef& cd = cx_.def(cur);
      // A chain ending at a buffer's Block struct yields the buffer (a handle pointer, as used by
      // OpArrayLength or a later access chain); indexing further enters its data first.
      if (k == in.operands.size()) break;
      if (first && layouts_.isBufferBlock(cur) && isBufferStorageClass(sc)) steps.push_back({QptrOp::BufferData, {}});
      first = false;
      const Value idx = in.operands[k].value;
      if (mat.rowMajor && cd.kind == TypeKind::Matrix) {
        // A RowMajor matrix's columns are not contiguous, so indexing into it has no byte-offset
        // form: the rest of the chain stays a SPIR-V access chain on a pointer to the whole matrix
        // (a strictly typed use), which qptr.lift rebuilds with the member's decorations.
        if (steps.empty()) return ChainResult::KeepWhole;
        splitBeforeMatrix(id, steps, k, cur, sc);
        return ChainResult::KeepWhole;
      }
      const TypeLayout& l = layouts_.layoutOf(cur, mat.stride, mat.rowMajor);
      const bool keepMatrixInfo = cd.kind == TypeKind::Array || cd.kind == TypeKind::RuntimeArray;
      if (!keepMatrixInfo) mat = {};
      switch (l.shape) {
        case TypeLayout::Shape::HandleArray:
          steps.push_back({QptrOp::HandleArrayIndex, idx});
          cur = l.element;
          first = true;  // the element may be a buffer
          break;
        case TypeLayout::Shape::Elements:
          steps.push_back({QptrOp::DynOffset, idx, 0, l.stride, l.count});
          cur = l.element;
          break;
        case TypeLayout::Shape::Fields: {
          int64_t f = 0;
          if (!constIndex(idx, f)) { why = "non-constant struct member index"; return ChainResult::Failed; }
          if (f < 0 || size_t(f) >= l.offsets.size()) { why = "struct member index " + std::to_string(f) + " out of range"; return ChainResult::Failed; }
          steps.push_back({QptrOp::Offset, {}, l.offsets[f], 0, 0});
          const StructMember& mem = cd.members[f];
          for (const Decoration& d : mem.decorations) {
            if (d.kind == spv::DecorationMatrixStride && !d.operands.empty()) mat.stride = d.operands[0];
            if (d.kind == spv::DecorationRowMajor) mat.rowMajor = true;
          }
          cur = l.fieldTypes[f];
          break;
        }
        case TypeLayout::Shape::Invalid: why = "no layout for " + printType(cx_, cur) + ": " + l.error; return ChainResult::Failed;
        default: why = printType(cx_, cur) + " has no components to index"; return ChainResult::Failed;
      }
    }
    emitSteps(id, base, fold(steps), /*replaceSelf=*/true);
    if (mat.stride || mat.rowMajor) matrices_[id.index] = mat;
    return ChainResult::Lowered;
  }

  // Fold constant dynamic offsets and merge consecutive offsets. Offsets are 31-bit (qptr.offset
  // is signed): a constant index whose byte offset would not fit (a valid module may index a
  // runtime array with %uint_4294967294) stays a dynamic offset.
  std::vector<Step> fold(const std::vector<Step>& steps) const {
    constexpr int64_t kMaxOffset = INT32_MAX;
    std::vector<Step> folded;
    for (Step s : steps) {
      int64_t c = 0;
      if (s.op == QptrOp::DynOffset && constIndex(s.index, c) && c >= 0 && (s.count == 0 || c < int64_t(s.count)) &&
          c <= kMaxOffset / std::max<int64_t>(1, s.stride)) {
        s = {QptrOp::Offset, {}, c * int64_t(s.stride), 0, 0};
      }
      if (s.op == QptrOp::Offset) {
        if (s.offset == 0) continue;
        if (!folded.empty() && folded.back().op == QptrOp::Offset && folded.back().offset + s.offset <= kMaxOffset) {
          folded.back().offset += s.offset;
          continue;
        }
      }
      folded.push_back(s);
    }
    if (folded.empty()) folded.push_back({QptrOp::Offset, {}, 0, 0, 0});
    return folded;
  }

  // Emits `steps` from `base` before `id`. With `replaceSelf` the last step becomes `id` itself
  // (keeping its attributes); otherwise every step is new and the last one's value is returned,
  // typed `resultType` (erased to qptr later).
  Value emitSteps(InstId id, Value base, const std::vector<Step>& steps, bool replaceSelf, Type resultType = {}) {
    Value prev = base;
    const Attrs attrs = fn_->inst(id).attrs;
    if (!resultType.valid()) resultType = fn_->inst(id).resultType;
    for (size_t s = 0; s < steps.size(); ++s) {
      const Step& st = steps[s];
      std::vector<Operand> ops{Operand::v(prev)};
      switch (st.op) {
        case QptrOp::HandleArrayIndex: ops.push_back(Operand::v(st.index)); break;
        case QptrOp::DynOffset:
          ops.push_back(Operand::v(st.index));
          ops.push_back(Operand::i(st.stride));
          if (st.count) { ops.push_back(Operand::i(0)); ops.push_back(Operand::i(st.count)); }
          break;
        case QptrOp::Offset: ops.push_back(Operand::i(uint32_t(int32_t(st.offset)))); break;
        default: break;
      }
      if (replaceSelf && s + 1 == steps.size()) {
        InstDef& last = fn_->inst(id);
        last.op = Opcode::qptr(st.op);
        last.operands = std::move(ops);
        prev = Value::inst(id);
      } else {
        InstDef step;
        step.op = Opcode::qptr(st.op);
        step.resultType = resultType;  // any pointer type: erased to qptr below
        step.operands = std::move(ops);
        step.attrs.loc = attrs.loc;
        prev = Value::inst(insertBefore(*fn_, id, std::move(step)));
      }
    }
    return prev;
  }

  // The chain `id` reaches a RowMajor matrix of type `matrix` after `steps`, and operand `k`
  // indexes into it: the steps become qptr ops yielding a pointer to the whole matrix, and `id`
  // keeps only the indices from `k` on, as a plain access chain on that pointer.
  void splitBeforeMatrix(InstId id, const std::vector<Step>& steps, size_t k, Type matrix, uint32_t sc) {
    const Value base = fn_->inst(id).operands[0].value;
    const Value matrixPtr = emitSteps(id, base, fold(steps), /*replaceSelf=*/false, cx_.pointerType(sc, matrix));
    InstDef& in = fn_->inst(id);
    const bool inBounds = in.op.isSpv(spv::OpInBoundsAccessChain) || in.op.isSpv(spv::OpInBoundsPtrAccessChain);
    std::vector<Operand> ops{Operand::v(matrixPtr)};
    for (size_t j = k; j < in.operands.size(); ++j) ops.push_back(in.operands[j]);
    in.op = Opcode::spv(inBounds ? spv::OpInBoundsAccessChain : spv::OpAccessChain);
    in.operands = std::move(ops);
  }

  // Shallow erasure: every pointer-typed value becomes a qptr.
  void erasePointerTypes(FunctionDef& fn) {
    const Type q = cx_.qptrType();
    for (InstDef& in : fn.insts)
      if (isPointerType(cx_, in.resultType)) in.resultType = q;
    for (RegionDef& r : fn.regions)
      for (Type& t : r.inputTypes)
        if (isPointerType(cx_, t)) t = q;
    for (NodeDef& n : fn.nodes)
      for (Type& t : n.outputTypes)
        if (isPointerType(cx_, t)) t = q;
  }

  Module& m_;
  Context& cx_;
  QptrState& st_;
  Layouts layouts_;
  FunctionDef* fn_ = nullptr;
  FunctionState* fs_ = nullptr;
  // What a pointer to a matrix (or an array of matrices) knows from the struct member that holds
  // it. An access chain often stops at the matrix and a second one indexes into it (DXC does
  // this), so the member's MatrixStride / RowMajor follow the pointer value; loads and stores
  // through it hand them on to qptr.analyze (noteMatrixAccess).
  std::unordered_map<uint32_t, MatrixAccess> matrices_;  // pointer-producing inst -> its matrix member
};

}  // namespace

bool lowerToQptr(Module& module, QptrState& state) {
  const size_t before = state.diagnostics.size();
  Lowerer(module, state).run();
  for (size_t i = before; i < state.diagnostics.size(); ++i)
    if (state.diagnostics[i].severity == Severity::Error) return false;
  return true;
}

}  // namespace sl::qptr
