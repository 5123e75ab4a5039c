#include "core/passes/qptr/QptrAnalyze.h"

#include "core/ir/Printer.h"

#include <unordered_map>

namespace sl::qptr {
namespace {

using namespace sl::ir;

class Analyzer {
 public:
  Analyzer(Module& m, QptrState& st) : m_(m), cx_(m.cx()), st_(st), layouts_(m.cx(), st.layout) {}

  void run(AnalysisResult& out) {
    out.globals.assign(m_.globals.size(), std::nullopt);
    out.params.assign(m_.functions.size(), {});
    out.instRoots.assign(m_.functions.size(), {});
    out_ = &out;
    state_.assign(m_.functions.size(), State::NotStarted);
    globalErrors_.assign(m_.globals.size(), {});
    for (uint32_t f = 0; f < m_.functions.size(); ++f) analyzeFunction(FuncId(f));
    // Interface globals nobody uses still get a usage, so lift can type them.
    for (uint32_t g = 0; g < m_.globals.size(); ++g) {
      GlobalVarDef& gv = m_.globals[g];
      if (!out.globals[g]) {
        const GlobalState& gs = st_.globals[g];
        if (gs.shape == GlobalState::Shape::Handles && layouts_.isHandle(gv.type)) out.globals[g] = Usage::handle(gv.type);
        else if (gs.shape == GlobalState::Shape::Handles && layouts_.isBufferBlock(gv.type)) out.globals[g] = Usage::buffer(Usage::unused());
        else out.globals[g] = Usage::unused();
      }
      gv.attrs.qptrUsage = printUsage(cx_, *out.globals[g]);
      for (const std::string& e : globalErrors_[g]) reportError(st_, m_, gv.attrs, "qptr.analyze", e);
    }
  }

 private:
  enum class State { NotStarted, InProgress, Done };

  void analyzeFunction(FuncId f) {
    if (state_[f.index] != State::NotStarted) return;
    state_[f.index] = State::InProgress;
    FunctionDef* saveFn = fn_;
    FuncId saveId = fid_;
    auto savePending = std::move(pending_);
    pending_.clear();
    fn_ = &m_.function(f);
    fid_ = f;
    walkRegion(fn_->body);
    // Parameters are roots for this function and summaries for its callers.
    RegionDef& body = fn_->region(fn_->body);
    auto& params = out_->params[f.index];
    params.assign(body.inputTypes.size(), std::nullopt);
    for (uint32_t i = 0; i < body.inputTypes.size(); ++i) {
      if (!isQptrType(cx_, body.inputTypes[i])) continue;
      auto it = pending_.find(valueKey(Value::regionInput(fn_->body, i)));
      params[i] = it != pending_.end() ? it->second : Usage::unused();
      body.inputAttrs[i].qptrUsage = printUsage(cx_, *params[i]);
    }
    state_[f.index] = State::Done;
    fn_ = saveFn;
    fid_ = saveId;
    pending_ = std::move(savePending);
  }

  // Adds `u` to what is known about pointer `v`; errors go to the root `v` reaches.
  void generate(const Value& v, Usage u, Attrs* site) {
    std::vector<std::string> errors;
    if (v.kind == ValueKind::GlobalVar) {
      auto& slot = out_->globals[v.a];
      slot = slot ? mergeUsage(cx_, layouts_, std::move(*slot), std::move(u), errors) : std::move(u);
      for (auto& e : errors) {
        if (e.rfind(kPunningPrefix, 0) == 0) reportWarning(st_, m_, m_.globals[v.a].attrs, "qptr.analyze", e);
        else globalErrors_[v.a].push_back(e);
      }
      return;
    }
    if (v.kind == ValueKind::Const) {
      if (site) reportError(st_, m_, *site, "qptr.analyze", "pointer constant other than a global variable");
      return;
    }
    const uint64_t key = valueKey(v);
    auto it = pending_.find(key);
    if (it == pending_.end()) pending_.emplace(key, std::move(u));
    else it->second = mergeUsage(cx_, layouts_, std::move(it->second), std::move(u), errors);
    for (auto& e : errors) {
      Attrs* where = site;
      if (v.kind == ValueKind::InstResult) where = &fn_->inst(v.asInst()).attrs;
      if (!where) continue;
      if (e.rfind(kPunningPrefix, 0) == 0) reportWarning(st_, m_, *where, "qptr.analyze", e);
      else reportError(st_, m_, *where, "qptr.analyze", e);
    }
  }

  std::optional<Usage> take(const Value& v) {
    auto it = pending_.find(valueKey(v));
    if (it == pending_.end()) return std::nullopt;
    Usage u = std::move(it->second);
    pending_.erase(it);
    return u;
  }

  Type typeOf(const Value& v) const { return m_.typeOf(*fn_, v); }
  bool isQptrValue(const Value& v) const { return isQptrType(cx_, typeOf(v)); }

  // Usage of the values an exit passes on, from the usage of the outputs/inputs they feed.
  void exitValues(const std::vector<Value>& values, const std::vector<Value>& destinations) {
    for (size_t k = 0; k < values.size() && k < destinations.size(); ++k) {
      if (!isQptrValue(values[k])) continue;
      auto it = pending_.find(valueKey(destinations[k]));
      if (it != pending_.end()) generate(values[k], it->second, nullptr);
    }
  }

  std::vector<Value> outputsOf(NodeId n) const {
    std::vector<Value> v;
    for (uint32_t k = 0; k < fn_->node(n).outputTypes.size(); ++k) v.push_back(Value::nodeOutput(n, k));
    return v;
  }

  void walkRegion(RegionId r) {
    const RegionDef& region = fn_->region(r);
    const Exit& e = region.exit;
    // The exit's values are used last.
    if (e.kind == ExitKind::Break && e.target.valid()) exitValues(e.values, outputsOf(e.target));
    if (e.kind == ExitKind::Yield && region.parent.valid() && fn_->node(region.parent).kind == NodeKind::Select)
      exitValues(e.values, outputsOf(region.parent));
    if (e.kind == ExitKind::BreakIf) exitValues(e.exitValues, outputsOf(region.parent));
    // Loop-carried pointers (body inputs / continuing inputs) are not followed: report them.
    const std::vector<NodeId> nodes = region.nodes;
    for (size_t i = nodes.size(); i-- > 0;) walkNode(nodes[i]);
  }

  void walkNode(NodeId n) {
    NodeDef& node = fn_->node(n);
    switch (node.kind) {
      case NodeKind::Block: {
        const std::vector<InstId> insts = node.insts;
        for (size_t i = insts.size(); i-- > 0;) walkInst(insts[i]);
        break;
      }
      case NodeKind::Select: {
        for (size_t c = node.cases.size(); c-- > 0;) walkRegion(fn_->node(n).cases[c]);
        recordOutputUsages(n);
        break;
      }
      case NodeKind::Loop: {
        walkRegion(node.continuing);
        walkRegion(fn_->node(n).body);
        NodeDef& loop = fn_->node(n);
        RegionDef& body = fn_->region(loop.body);
        for (uint32_t k = 0; k < body.inputTypes.size(); ++k) {
          if (!isQptrType(cx_, body.inputTypes[k])) continue;
          auto u = take(Value::regionInput(loop.body, k));
          if (u) reportError(st_, m_, body.inputAttrs[k], "qptr.analyze", "loop-carried pointer (a pointer phi at a loop header) is not supported");
        }
        recordOutputUsages(n);
        break;
      }
    }
  }

  // Pointer node outputs: their usage was handed to the exits feeding them; keep it printed.
  void recordOutputUsages(NodeId n) {
    NodeDef& node = fn_->node(n);
    for (uint32_t k = 0; k < node.outputTypes.size(); ++k) {
      if (!isQptrType(cx_, node.outputTypes[k])) continue;
      auto u = take(Value::nodeOutput(n, k));
      if (u) node.outputAttrs[k].qptrUsage = printUsage(cx_, *u);
    }
  }

  void walkInst(InstId id) {
    InstDef& in = fn_->inst(id);
    const Value self = Value::inst(id);
    auto out = [&]() { return take(self); };
    auto memOut = [&](std::optional<Usage> u) -> std::optional<Usage> {
      if (!u) return Usage::unused();
      if (!u->isMemory()) {
        reportError(st_, m_, in.attrs, "qptr.analyze", "memory pointer used as a handle: " + printUsage(cx_, *u));
        return std::nullopt;
      }
      return u;
    };
    auto op0 = [&]() { return in.operands[0].value; };
    if (in.op.family == OpFamily::Qptr) {
      switch (static_cast<QptrOp>(in.op.code)) {
        case QptrOp::FuncLocalVar: {
          Usage u = out().value_or(Usage::unused());
          out_->instRoots[fid_.index][id.index] = u;
          fn_->inst(id).attrs.qptrUsage = printUsage(cx_, u);
          return;
        }
        case QptrOp::HandleArrayIndex: {
          auto u = out();
          if (!u) return;
          generate(op0(), std::move(*u), &in.attrs);
          return;
        }
        case QptrOp::BufferData: {
          auto u = memOut(out());
          if (u) generate(op0(), Usage::buffer(std::move(*u)), &in.attrs);
          return;
        }
        case QptrOp::BufferDynLen: {
          const uint32_t fixed = in.operands[1].imm, stride = in.operands[2].imm;
          generate(op0(), Usage::buffer(Usage::offsetBase(fixed, Usage::dynOffsetBase(Usage::unused(), stride, 0))), &in.attrs);
          return;
        }
        case QptrOp::Offset: {
          auto u = memOut(out());
          if (!u) return;
          const int32_t o = int32_t(in.operands[1].imm);
          if (o < 0) {
            reportError(st_, m_, in.attrs, "qptr.analyze", "negative offset " + std::to_string(o));
            return;
          }
          generate(op0(), Usage::offsetBase(uint32_t(o), std::move(*u)), &in.attrs);
          return;
        }
        case QptrOp::DynOffset: {
          auto u = memOut(out());
          if (!u) return;
          const uint32_t stride = in.operands[2].imm;
          const uint32_t count = in.operands.size() > 4 ? in.operands[4].imm : 0;
          if (!u->maxSize) {
            reportError(st_, m_, in.attrs, "qptr.analyze", "dyn_offset of an unsized element");
            return;
          }
          if (*u->maxSize > stride) {
            // SPIR-T rejects this (OpPtrAccessChain to a neighbouring element). The access lands in
            // another element at a constant distance: describe it relative to one element.
            u = Usage::offsetBase(0, std::move(*u));
            Usage wrapped = Usage::dynOffsetBase(Usage::unused(), stride, count);
            std::vector<std::string> errors;
            Usage merged = mergeUsage(cx_, layouts_, std::move(wrapped), std::move(*u), errors);
            for (auto& e : errors) reportError(st_, m_, in.attrs, "qptr.analyze", e);
            generate(op0(), std::move(merged), &in.attrs);
            return;
          }
          generate(op0(), Usage::dynOffsetBase(std::move(*u), stride, count), &in.attrs);
          return;
        }
        case QptrOp::Load: case QptrOp::Store: {
          const Type t = in.op.isQptr(QptrOp::Load) ? in.resultType : typeOf(in.operands[1].value);
          const auto& matrices = st_.functions[fid_.index].matrixAccesses;
          const auto matrix = matrices.find(id.index);
          generate(op0(), matrix == matrices.end() ? accessUsage(t, false, in.attrs)
                                                   : accessUsage(t, false, in.attrs, matrix->second),
                   &in.attrs);
          return;
        }
      }
      return;
    }
    if (in.op.family == OpFamily::Call) {
      const FuncId callee = in.operands[0].value.asFunc();
      if (state_[callee.index] == State::InProgress) {
        reportError(st_, m_, in.attrs, "qptr.analyze", "recursive call with pointer arguments is not supported");
        return;
      }
      analyzeFunction(callee);
      const auto& params = out_->params[callee.index];
      for (size_t k = 1; k < in.operands.size(); ++k)
        if (k - 1 < params.size() && params[k - 1]) generate(in.operands[k].value, *params[k - 1], &in.attrs);
      return;
    }
    // Fallback instructions.
    auto fb = st_.functions[fid_.index].fallbacks.find(id.index);
    if (fb == st_.functions[fid_.index].fallbacks.end()) return;
    if (fb->second.hasOutput) {
      Usage u = out().value_or(Usage::unused());
      out_->instRoots[fid_.index][id.index] = u;
      fn_->inst(id).attrs.qptrUsage = printUsage(cx_, u);
    }
    for (const auto& [idx, t] : fb->second.inputs) generate(fn_->inst(id).operands[idx].value, accessUsage(t, true, fn_->inst(id).attrs), &fn_->inst(id).attrs);
  }

  Usage accessUsage(Type t, bool strict, Attrs& attrs, MatrixAccess matrix = {}) {
    if (layouts_.isHandle(t)) return Usage::handle(t);
    const TypeLayout& l = layouts_.layoutOf(t, matrix.stride, matrix.rowMajor);
    if (layouts_.isBufferBlock(t)) {
      reportError(st_, m_, attrs, "qptr.analyze", "cannot access a whole buffer");
      return Usage::unused();
    }
    Usage u = Usage::typed(t, l.size, strict);
    if (cx_.def(t).kind == TypeKind::RuntimeArray) u.maxSize = std::nullopt;
    return u;
  }

  Module& m_;
  Context& cx_;
  QptrState& st_;
  Layouts layouts_;
  AnalysisResult* out_ = nullptr;
  std::vector<State> state_;
  std::vector<std::vector<std::string>> globalErrors_;
  std::unordered_map<uint64_t, Usage> pending_;
  FunctionDef* fn_ = nullptr;
  FuncId fid_;
};

}  // namespace

bool analyzeQptr(Module& module, QptrState& state, AnalysisResult* result) {
  AnalysisResult local;
  const size_t before = state.diagnostics.size();
  Analyzer(module, state).run(result ? *result : local);
  for (size_t i = before; i < state.diagnostics.size(); ++i)
    if (state.diagnostics[i].severity == Severity::Error) return false;
  return true;
}

}  // namespace sl::qptr
