// Function bodies of the SPIR-V reader: basic blocks are regrouped into the IR's structured
// Regions and Nodes, following the merge and continue targets that structured SPIR-V declares.
//
// Walk: a region is read block after block until control reaches a block that means an exit
// for it (the construct's merge or continue target, an enclosing loop's merge or continue
// target, the next switch case). A selection header starts a Select node whose cases are read
// as nested regions, then reading resumes at the merge block; a loop header starts a Loop node
// (header and body = body region, continue construct = continuing region). OpPhis become node
// outputs (at merges), loop body inputs (at the header) or continuing inputs (at the continue
// target); each exit carries the values its edge feeds to those phis.
#include "core/ir/SpirvGrammar.h"
#include "core/ir/Verifier.h"
#include "core/spirv/reader/ReaderState.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <optional>
#include <unordered_set>

namespace sl::spirv::detail {
namespace {

using namespace sl::ir;
namespace g = sl::ir::grammar;

struct BlockInfo {
  uint32_t label = 0;
  RawInst labelInst;
  std::vector<RawInst> phis;
  std::vector<RawInst> body;
  std::vector<DebugLoc> bodyLocs;
  const RawInst* merge = nullptr;  // OpSelectionMerge / OpLoopMerge
  RawInst terminator;
  DebugLoc terminatorLoc;
  bool hasTerminator = false;
};

enum class FrameKind { Body, IfCase, SwitchCase, LoopBody, Continuing };

struct Frame {
  FrameKind kind;
  NodeId node;
  uint32_t merge = 0;     // the construct's merge block
  uint32_t cont = 0;      // LoopBody / Continuing: continue target
  uint32_t header = 0;    // LoopBody / Continuing: loop header
  uint32_t nextCase = 0;  // SwitchCase: the next case's first block (fall-through)
};

struct ExitChoice {
  bool isExit = false;
  Exit exit;
};

class FunctionReader {
 public:
  FunctionReader(ModuleState& st, std::span<const RawInst> insts, FuncId f)
      : st_(st), cx_(*st.cx), insts_(insts), fn_(st.module->function(f)) {}

  void run() {
    const RawInst& fnInst = insts_[0];
    const Type fnType = st_.type(fnInst, operand(fnInst, 3));
    if (cx_.def(fnType).kind != TypeKind::Function) fail(fnInst, "function type is not OpTypeFunction");
    fn_.body = newRegion(NodeId(), {});
    size_t i = 1;
    uint32_t paramIndex = 0;
    for (; i < insts_.size() && insts_[i].opcode == spv::OpFunctionParameter; ++i) {
      const RawInst& p = insts_[i];
      const Type t = st_.type(p, operand(p, 0));
      RegionDef& body = fn_.region(fn_.body);
      body.inputTypes.push_back(t);
      Attrs a;
      a.name = nameOf(operand(p, 1));
      a.decorations = st_.decorationsOf(operand(p, 1));
      body.inputAttrs.push_back(std::move(a));
      define(p, operand(p, 1), Value::regionInput(fn_.body, paramIndex++));
    }
    st_.debugInfo.beginFunction();
    splitBlocks(i);
    if (blocks_.empty()) return;  // a declaration (imported function)
    walkRegion(blocks_[0].label, 0, fn_.body, Frame{FrameKind::Body, NodeId()});
  }

 private:
  // ------------------------------------------------------------------ blocks
  void splitBlocks(size_t i) {
    DebugLoc loc;
    BlockInfo* cur = nullptr;
    for (; i < insts_.size(); ++i) {
      const RawInst& in = insts_[i];
      if (in.opcode == spv::OpLine) {
        const DebugLoc line = lineLoc(in);
        loc = DebugLoc{line.file, line.line, line.column, loc.scope};
        continue;
      }
      if (in.opcode == spv::OpNoLine) { loc = DebugLoc{.scope = loc.scope}; continue; }
      // Debug scopes and lines say where what follows is; DebugDeclare/DebugValue are read as
      // instructions (in a block: elsewhere they are dropped).
      if (st_.debugInfo.isDebugInfo(in) && (st_.debugInfo.trackLocation(st_, in, loc, fn_) || !cur || cur->hasTerminator))
        continue;
      if (in.opcode == spv::OpFunctionEnd) break;
      if (in.opcode == spv::OpLabel) {
        if (cur && !cur->hasTerminator) fail(in, "block without a terminator");
        loc = DebugLoc{.scope = loc.scope};  // a line ends with its block
        BlockInfo b;
        b.label = operand(in, 0);
        b.labelInst = in;
        if (blockIndex_.count(b.label)) fail(in, "label defined twice");
        blockIndex_[b.label] = blocks_.size();
        blocks_.push_back(std::move(b));
        cur = &blocks_.back();
        continue;
      }
      if (!cur || cur->hasTerminator) fail(in, "instruction outside a block");
      switch (in.opcode) {
        case spv::OpPhi: cur->phis.push_back(in); break;
        case spv::OpSelectionMerge: case spv::OpLoopMerge: cur->merge = &in; break;
        case spv::OpBranch: case spv::OpBranchConditional: case spv::OpSwitch: case spv::OpReturn:
        case spv::OpReturnValue: case spv::OpKill: case spv::OpUnreachable: case spv::OpTerminateInvocation:
          cur->terminator = in;
          cur->terminatorLoc = loc;
          cur->hasTerminator = true;
          break;
        default:
          cur->body.push_back(in);
          cur->bodyLocs.push_back(loc);
      }
    }
    if (cur && !cur->hasTerminator) fail(insts_.back(), "last block without a terminator");
  }

  DebugLoc lineLoc(const RawInst& in) {
    const uint32_t file = operand(in, 0);
    auto it = st_.debugFileOf.find(file);
    if (it == st_.debugFileOf.end()) {
      auto s = st_.strings.find(file);
      if (s == st_.strings.end()) fail(in, "OpLine file is not an OpString");
      it = st_.debugFileOf.emplace(file, st_.module->addDebugFile(s->second)).first;
    }
    return {it->second, operand(in, 1), operand(in, 2)};
  }

  BlockInfo& block(const RawInst& from, uint32_t label) {
    auto it = blockIndex_.find(label);
    if (it == blockIndex_.end()) fail(from, "branch to %" + std::to_string(label) + ", which is no block of this function");
    return blocks_[it->second];
  }

  // ------------------------------------------------------------------ values
  std::string nameOf(uint32_t id) const {
    auto it = st_.names.find(id);
    return it == st_.names.end() ? std::string() : it->second;
  }

  void define(const RawInst& in, uint32_t id, Value v) {
    if (values_.count(id) || st_.consts.count(id) || st_.globals.count(id) || st_.types.count(id))
      fail(in, "id %" + std::to_string(id) + " defined twice");
    values_[id] = v;
  }

  Value valueOf(const RawInst& in, uint32_t id) {
    if (auto it = values_.find(id); it != values_.end()) return curRegion_.valid() ? visibleIn(it->second, curRegion_) : it->second;
    if (auto it = st_.consts.find(id); it != st_.consts.end()) return Value::constant(it->second);
    if (auto it = st_.globals.find(id); it != st_.globals.end()) return Value::global(it->second);
    fail(in, "use of %" + std::to_string(id) + " before its definition (or not a value)");
  }

  // The value of `id` for a debug instruction: only one the IR lets it see where it is (no
  // scoping repair: debug info must not change the code), else nothing.
  std::optional<Value> debugOperand(uint32_t id) {
    if (auto it = values_.find(id); it != values_.end()) {
      if (curRegion_.valid() && !encloses(defRegion(it->second), curRegion_)) return std::nullopt;
      return it->second;
    }
    if (auto it = st_.consts.find(id); it != st_.consts.end()) return Value::constant(it->second);
    if (auto it = st_.globals.find(id); it != st_.globals.end()) return Value::global(it->second);
    return std::nullopt;
  }

  // ------------------------------------------------------------------ regions and nodes
  RegionId newRegion(NodeId parent, std::vector<Type> inputs) {
    RegionDef r;
    r.parent = parent;
    r.inputAttrs.resize(inputs.size());
    r.inputTypes = std::move(inputs);
    fn_.regions.push_back(std::move(r));
    return RegionId(uint32_t(fn_.regions.size() - 1));
  }

  NodeId newNode(RegionId region, NodeKind kind) {
    NodeDef n;
    n.kind = kind;
    n.parent = region;
    fn_.nodes.push_back(std::move(n));
    const NodeId id(uint32_t(fn_.nodes.size() - 1));
    fn_.region(region).nodes.push_back(id);
    return id;
  }

  NodeId blockNode(RegionId region) {
    RegionDef& r = fn_.region(region);
    if (!r.nodes.empty() && fn_.node(r.nodes.back()).kind == NodeKind::Block) return r.nodes.back();
    return newNode(region, NodeKind::Block);
  }

  InstId addInst(RegionId region, InstDef inst) {
    inst.block = blockNode(region);
    fn_.insts.push_back(std::move(inst));
    const InstId id(uint32_t(fn_.insts.size() - 1));
    fn_.node(fn_.insts.back().block).insts.push_back(id);
    return id;
  }

  // Values that the edge pred -> target feeds into target's phis.
  std::vector<Value> phiValues(const RawInst& from, uint32_t target, uint32_t pred) {
    std::vector<Value> out;
    const BlockInfo& b = block(from, target);
    for (const RawInst& phi : b.phis) {
      bool found = false;
      for (size_t k = 2; k + 1 < phi.ops.size(); k += 2)
        if (phi.ops[k + 1] == pred) {
          out.push_back(valueOf(phi, phi.ops[k]));
          found = true;
          break;
        }
      if (!found) fail(phi, "no incoming value for predecessor %" + std::to_string(pred));
    }
    return out;
  }

  std::vector<Type> phiTypes(const BlockInfo& b) {
    std::vector<Type> types;
    for (const RawInst& phi : b.phis) types.push_back(st_.type(phi, operand(phi, 0)));
    return types;
  }

  // ------------------------------------------------------------------ exits
  // What reaching `target` from `pred` means inside the region of frame stack top.
  ExitChoice exitFor(const RawInst& from, uint32_t target, uint32_t pred) {
    ExitChoice c;
    auto make = [&](ExitKind k, NodeId node, std::vector<Value> values) {
      c.isExit = true;
      c.exit.kind = k;
      c.exit.target = node;
      c.exit.values = std::move(values);
      return c;
    };
    bool crossedSwitch = false;
    for (size_t i = frames_.size(); i-- > 0;) {
      const Frame& f = frames_[i];
      const bool top = i + 1 == frames_.size();
      switch (f.kind) {
        case FrameKind::Body: break;
        case FrameKind::IfCase:
          if (target == f.merge) {
            if (!top) fail(from, "branch to the merge block of an enclosing selection from a nested construct is not supported");
            return make(ExitKind::Yield, NodeId(), phiValues(from, target, pred));
          }
          break;
        case FrameKind::SwitchCase:
          if (target == f.merge) return make(top ? ExitKind::Yield : ExitKind::Break, f.node, phiValues(from, target, pred));
          if (target == f.nextCase && f.nextCase) {
            if (!top) fail(from, "switch fall-through from a nested construct is not supported");
            return make(ExitKind::FallThrough, f.node, {});
          }
          crossedSwitch = true;
          break;
        case FrameKind::LoopBody:
          if (target == f.cont) return make(top ? ExitKind::Yield : ExitKind::Continue, f.node, phiValues(from, target, pred));
          if (target == f.merge) {
            if (crossedSwitch) fail(from, "breaking out of a loop from inside a switch is not supported");
            return make(ExitKind::Break, f.node, phiValues(from, target, pred));
          }
          if (target == f.header) fail(from, "back edge to the loop header from outside its continue construct");
          return c;  // an outer loop's targets are not reachable from here
        case FrameKind::Continuing:
          if (target == f.header) {
            if (!top) fail(from, "back edge from inside a nested construct of a continue construct");
            return make(ExitKind::Yield, NodeId(), phiValues(from, target, pred));
          }
          if (target == f.merge) fail(from, "loop exit from a continue construct must be its final conditional branch");
          return c;
      }
    }
    return c;
  }

  void setExit(RegionId region, Exit exit, DebugLoc loc) {
    exit.loc = loc;
    fn_.region(region).exit = std::move(exit);
  }


  // ------------------------------------------------------------------ scoping repair
  // SPIR-V lets a value defined in a loop header be used in the continue construct or after the
  // loop (dominance); the IR only lets values leave a construct as node outputs and enter the
  // continuing region as its inputs. visibleIn() threads such a value through the boundaries it
  // crosses, adding outputs/inputs and the matching exit values.
  RegionId defRegion(const Value& v) const {
    switch (v.kind) {
      case ValueKind::InstResult: return fn_.node(fn_.inst(v.asInst()).block).parent;
      case ValueKind::RegionInput: return v.region();
      case ValueKind::NodeOutput: return fn_.node(v.node()).parent;
      default: return RegionId();
    }
  }

  bool encloses(RegionId outer, RegionId r) const {
    while (r.valid()) {
      if (r == outer) return true;
      const NodeId n = fn_.region(r).parent;
      if (!n.valid()) return false;
      r = fn_.node(n).parent;
    }
    return false;
  }

  Value visibleIn(Value v, RegionId use) {
    for (int guard = 0; guard < 64; ++guard) {
      const RegionId d = defRegion(v);
      if (!d.valid() || encloses(d, use)) return v;
      // The outermost construct around the definition that does not contain the use.
      RegionId r = d;
      NodeId construct;
      while (true) {
        const NodeId n = fn_.region(r).parent;
        if (!n.valid()) return v;  // unrelated regions: the verifier reports it
        if (encloses(fn_.node(n).parent, use) || (fn_.node(n).kind == NodeKind::Loop && encloses(fn_.node(n).continuing, use) && encloses(fn_.node(n).body, d))) {
          construct = n;
          break;
        }
        r = fn_.node(n).parent;
      }
      NodeDef& n = fn_.node(construct);
      if (n.kind == NodeKind::Loop && encloses(n.continuing, use) && encloses(n.body, d)) v = addContinuingInput(construct, v);
      else v = addOutput(construct, v);
    }
    return v;
  }

  Type typeOfValue(const Value& v) const { return st_.module->typeOf(fn_, v); }

  // `v` as the value an exit in `at` can pass on: itself when visible, else undef (the exit is
  // on a path that never reaches the use, as dominance in the input guarantees).
  Value exitValue(const Value& v, RegionId at) {
    if (encloses(defRegion(v), at)) return v;
    return Value::constant(cx_.undef(typeOfValue(v)));
  }

  Value addContinuingInput(NodeId loop, Value v) {
    const RegionId c = fn_.node(loop).continuing;
    const Type t = typeOfValue(v);
    fn_.region(c).inputTypes.push_back(t);
    fn_.region(c).inputAttrs.emplace_back();
    const uint32_t idx = uint32_t(fn_.region(c).inputTypes.size() - 1);
    const RegionId body = fn_.node(loop).body;
    for (uint32_t r = 0; r < fn_.regions.size(); ++r) {
      Exit& e = fn_.regions[r].exit;
      const bool bodyYield = RegionId(r) == body && e.kind == ExitKind::Yield;
      const bool cont = e.kind == ExitKind::Continue && e.target == loop;
      if (bodyYield || cont) e.values.push_back(exitValue(v, RegionId(r)));
    }
    return Value::regionInput(c, idx);
  }

  Value addOutput(NodeId node, Value v) {
    const Type t = typeOfValue(v);
    NodeDef& n = fn_.node(node);
    n.outputTypes.push_back(t);
    n.outputAttrs.emplace_back();
    const uint32_t idx = uint32_t(n.outputTypes.size() - 1);
    const bool loop = n.kind == NodeKind::Loop;
    const RegionId cont = n.continuing;
    const std::vector<RegionId> cases = n.cases;
    for (uint32_t r = 0; r < fn_.regions.size(); ++r) {
      Exit& e = fn_.regions[r].exit;
      const RegionId rid(r);
      if (e.kind == ExitKind::Break && e.target == node) {
        e.values.push_back(exitValue(v, rid));
      } else if (!loop && e.kind == ExitKind::Yield && std::find(cases.begin(), cases.end(), rid) != cases.end()) {
        e.values.push_back(exitValue(v, rid));
      } else if (loop && rid == cont && e.kind == ExitKind::BreakIf) {
        Value inCont = encloses(defRegion(v), rid) ? v : visibleIn(v, rid);
        fn_.regions[r].exit.exitValues.push_back(exitValue(inCont, rid));
      }
    }
    return Value::nodeOutput(node, idx);
  }

  // ------------------------------------------------------------------ the walk
  // Reads blocks from `start` (entered from `pred`; 0 = via a merge whose phis are mapped) into
  // `region` until an exit; `frame` describes the region.
  void walkRegion(uint32_t start, uint32_t pred, RegionId region, Frame frame) {
    frames_.push_back(frame);
    uint32_t cur = start;
    const RawInst* from = &insts_[0];
    DebugLoc fromLoc;  // the branch's location: an exit it makes keeps it
    while (true) {
      curRegion_ = region;
      ExitChoice ex = exitFor(*from, cur, pred);
      if (ex.isExit) {
        setExit(region, ex.exit, fromLoc);
        break;
      }
      BlockInfo& b = block(*from, cur);
      if (!visited_.insert(cur).second) fail(b.labelInst, "block reached twice: the control flow is not structured");
      if (b.merge && b.merge->opcode == spv::OpLoopMerge) {
        readLoop(b, pred, region);
        pred = 0;
        cur = operand(*b.merge, 0);
        from = b.merge;
        fromLoc = {};
        continue;
      }
      if (pred != 0) {
        // A plain block: its phis can only see the edge we came by.
        std::vector<Value> vals = phiValues(b.labelInst, cur, pred);
        for (size_t k = 0; k < b.phis.size(); ++k) define(b.phis[k], operand(b.phis[k], 1), vals[k]);
      } else if (!b.phis.empty() && !mergePhisMapped_.count(cur)) {
        fail(b.phis[0], "phi in a block entered other than by a branch");
      }
      readBody(b, region);
      uint32_t next = 0;
      if (!readTerminator(b, region, next)) break;
      pred = next == 0 ? 0 : b.label;
      if (next == 0) {
        // After a construct: continue at its merge.
        next = pendingMerge_;
      }
      from = &b.terminator;
      // Only a plain branch is this exit's own; after a construct the merge is reached from it.
      fromLoc = b.terminator.opcode == spv::OpBranch ? b.terminatorLoc : DebugLoc{};
      cur = next;
    }
    frames_.pop_back();
  }

  void readBody(const BlockInfo& b, RegionId region) {
    curRegion_ = region;
    for (size_t k = 0; k < b.body.size(); ++k) readInst(b.body[k], b.bodyLocs[k], region);
  }

  // Returns false when the region ended (exit set). Otherwise `next` is the block to read next
  // in the same region (0: after a construct, the merge block in pendingMerge_).
  bool readTerminator(BlockInfo& b, RegionId region, uint32_t& next) {
    const RawInst& t = b.terminator;
    const DebugLoc loc = b.terminatorLoc;
    curRegion_ = region;
    switch (t.opcode) {
      case spv::OpReturn: setExit(region, {ExitKind::Return}, loc); return false;
      case spv::OpReturnValue: {
        Exit e{ExitKind::Return};
        e.values.push_back(valueOf(t, operand(t, 0)));
        setExit(region, e, loc);
        return false;
      }
      case spv::OpKill: case spv::OpTerminateInvocation: setExit(region, {ExitKind::Kill}, loc); return false;
      case spv::OpUnreachable: setExit(region, {ExitKind::Unreachable}, loc); return false;
      case spv::OpBranch:
        next = operand(t, 0);
        return true;
      case spv::OpBranchConditional: return readConditional(b, region, next);
      case spv::OpSwitch: return readSwitch(b, region, next);
      default: fail(t, "unexpected terminator");
    }
  }

  bool readConditional(BlockInfo& b, RegionId region, uint32_t& next) {
    const RawInst& t = b.terminator;
    curRegion_ = region;
    const Value cond = valueOf(t, operand(t, 0));
    const uint32_t tt = operand(t, 1), ff = operand(t, 2);
    const Frame& top = frames_.back();
    if (top.kind == FrameKind::Continuing && !b.merge &&
        ((tt == top.header && ff == top.merge) || (tt == top.merge && ff == top.header))) {
      Exit e{ExitKind::BreakIf};
      e.target = top.node;
      e.condition = cond;
      if (tt == top.header) {
        InstDef inv;
        inv.op = Opcode::spv(spv::OpLogicalNot);
        inv.resultType = cx_.boolType();
        inv.operands = {Operand::v(cond)};
        inv.attrs.loc = b.terminatorLoc;
        e.condition = Value::inst(addInst(region, std::move(inv)));
      }
      e.values = phiValues(t, top.header, b.label);
      e.exitValues = phiValues(t, top.merge, b.label);
      setExit(region, e, b.terminatorLoc);
      return false;
    }
    if (b.merge && b.merge->opcode == spv::OpSelectionMerge) {
      const uint32_t merge = operand(*b.merge, 0);
      const NodeId node = newNode(region, NodeKind::Select);
      fn_.node(node).selectKind = SelectKind::If;
      fn_.node(node).condition = cond;
      fn_.node(node).selectionControl = operand(*b.merge, 1);
      fn_.node(node).attrs.loc = b.terminatorLoc;
      const BlockInfo& mb = block(*b.merge, merge);
      fn_.node(node).outputTypes = phiTypes(mb);
      fn_.node(node).outputAttrs.resize(mb.phis.size());
      for (uint32_t target : {tt, ff}) {
        const RegionId r = newRegion(node, {});
        fn_.node(node).cases.push_back(r);
        walkRegion(target, b.label, r, Frame{FrameKind::IfCase, node, merge});
      }
      mapMergePhis(mb, node);
      pendingMerge_ = merge;
      next = 0;
      return true;
    }
    // No merge: one side must leave the construct (a `break`, `continue`, ...). That side becomes
    // an `if` whose case holds just the exit; reading continues with the other side.
    const ExitChoice et = exitFor(t, tt, b.label), ef = exitFor(t, ff, b.label);
    if (!et.isExit && !ef.isExit) fail(t, "conditional branch without OpSelectionMerge to two ordinary blocks");
    const NodeId node = newNode(region, NodeKind::Select);
    fn_.node(node).selectKind = SelectKind::If;
    fn_.node(node).condition = cond;
    fn_.node(node).attrs.loc = b.terminatorLoc;
    for (const ExitChoice* e : {&et, &ef}) {
      const RegionId r = newRegion(node, {});
      fn_.node(node).cases.push_back(r);
      Exit exit = e->isExit ? e->exit : Exit{ExitKind::Yield};
      // A Yield chosen for the enclosing region means "leave it": from inside the `if` that is a
      // break/continue of the same construct, never a yield of the `if` itself.
      if (e->isExit && exit.kind == ExitKind::Yield) exit = promoteYield(t, exit);
      setExit(r, exit, b.terminatorLoc);
    }
    if (et.isExit && ef.isExit) {
      setExit(region, {ExitKind::Unreachable}, b.terminatorLoc);
      return false;
    }
    next = et.isExit ? ff : tt;
    return true;
  }

  // Turns a "top-level" yield of the current frame into the equivalent exit usable one level
  // deeper (inside the `if` made for a merge-less conditional branch).
  Exit promoteYield(const RawInst& from, Exit e) {
    const Frame& f = frames_.back();
    switch (f.kind) {
      case FrameKind::LoopBody: e.kind = ExitKind::Continue; e.target = f.node; return e;
      case FrameKind::SwitchCase: e.kind = ExitKind::Break; e.target = f.node; return e;
      default: fail(from, "merge-less conditional branch to the end of a selection or continue construct is not supported");
    }
  }

  bool readSwitch(BlockInfo& b, RegionId region, uint32_t& next) {
    const RawInst& t = b.terminator;
    if (!b.merge || b.merge->opcode != spv::OpSelectionMerge) fail(t, "OpSwitch without OpSelectionMerge");
    const uint32_t merge = operand(*b.merge, 0);
    const Value sel = valueOf(t, operand(t, 0));
    const Type selType = st_.module->typeOf(fn_, sel);
    if (!selType.valid() || cx_.def(selType).kind != TypeKind::Int) fail(t, "switch selector is not an integer");
    const uint32_t litWords = cx_.def(selType).width == 64 ? 2 : 1;
    const uint32_t def = operand(t, 1);
    // Distinct targets in block order, so fall-through goes to the next case listed.
    std::vector<uint32_t> targets;
    std::map<uint32_t, SwitchCase> cases;
    auto note = [&](uint32_t target) {
      if (std::find(targets.begin(), targets.end(), target) == targets.end()) targets.push_back(target);
    };
    if (def != merge) {
      note(def);
      cases[def].isDefault = true;
    }
    block(t, def);
    for (size_t k = 2; k < t.ops.size(); k += litWords + 1) {
      if (k + litWords >= t.ops.size()) fail(t, "truncated switch case");
      block(t, t.ops[k + litWords]);
      uint64_t lit = t.ops[k];
      if (litWords == 2) lit |= uint64_t(t.ops[k + 1]) << 32;
      const uint32_t target = t.ops[k + litWords];
      note(target);
      cases[target].literals.push_back(lit);
    }
    std::sort(targets.begin(), targets.end(), [&](uint32_t a, uint32_t c) {
      // The merge (literals that skip every case) goes last.
      const size_t ia = a == merge ? SIZE_MAX : blockIndex_.at(a);
      const size_t ic = c == merge ? SIZE_MAX : blockIndex_.at(c);
      return ia < ic;
    });
    const NodeId node = newNode(region, NodeKind::Select);
    fn_.node(node).selectKind = SelectKind::Switch;
    fn_.node(node).condition = sel;
    fn_.node(node).selectionControl = operand(*b.merge, 1);
    fn_.node(node).attrs.loc = b.terminatorLoc;
    const BlockInfo& mb = block(*b.merge, merge);
    fn_.node(node).outputTypes = phiTypes(mb);
    fn_.node(node).outputAttrs.resize(mb.phis.size());
    for (size_t k = 0; k < targets.size(); ++k) {
      const RegionId r = newRegion(node, {});
      fn_.node(node).cases.push_back(r);
      fn_.node(node).switchCases.push_back(cases[targets[k]]);
      const uint32_t nextCase = k + 1 < targets.size() && targets[k + 1] != merge ? targets[k + 1] : 0;
      walkRegion(targets[k], b.label, r, Frame{FrameKind::SwitchCase, node, merge, 0, 0, nextCase});
    }
    if (def == merge && !mb.phis.empty()) {
      // The default edge goes straight to the merge: make it a case that yields its phi values.
      const RegionId r = newRegion(node, {});
      fn_.node(node).cases.push_back(r);
      SwitchCase dc;
      dc.isDefault = true;
      fn_.node(node).switchCases.push_back(dc);
      curRegion_ = region;
      Exit e{ExitKind::Yield};
      e.values = phiValues(t, merge, b.label);
      setExit(r, e, b.terminatorLoc);
    }
    mapMergePhis(mb, node);
    pendingMerge_ = merge;
    next = 0;
    return true;
  }

  void mapMergePhis(const BlockInfo& mb, NodeId node) {
    for (size_t k = 0; k < mb.phis.size(); ++k)
      define(mb.phis[k], operand(mb.phis[k], 1), Value::nodeOutput(node, uint32_t(k)));
    mergePhisMapped_.insert(mb.label);
  }

  void readLoop(BlockInfo& h, uint32_t pred, RegionId region) {
    const RawInst& lm = *h.merge;
    const uint32_t merge = operand(lm, 0), cont = operand(lm, 1);
    if (cont == h.label) fail(lm, "a loop header that is its own continue target is not supported");
    if (pred == 0 && !h.phis.empty()) fail(lm, "loop header with phis entered through a merge block");
    BlockInfo& cb = block(lm, cont);
    const BlockInfo& mb = block(lm, merge);
    const NodeId node = newNode(region, NodeKind::Loop);
    NodeDef& n = fn_.node(node);
    n.loopControl = operand(lm, 2);
    n.attrs.loc = h.terminatorLoc;
    n.initialInputs = phiValues(lm, h.label, pred);
    n.outputTypes = phiTypes(mb);
    n.outputAttrs.resize(mb.phis.size());
    const RegionId body = newRegion(node, phiTypes(h));
    const RegionId contRegion = newRegion(node, phiTypes(cb));
    fn_.node(node).body = body;
    fn_.node(node).continuing = contRegion;
    for (size_t k = 0; k < h.phis.size(); ++k) {
      define(h.phis[k], operand(h.phis[k], 1), Value::regionInput(body, uint32_t(k)));
      fn_.region(body).inputAttrs[k].name = nameOf(operand(h.phis[k], 1));
    }
    for (size_t k = 0; k < cb.phis.size(); ++k) {
      define(cb.phis[k], operand(cb.phis[k], 1), Value::regionInput(contRegion, uint32_t(k)));
      fn_.region(contRegion).inputAttrs[k].name = nameOf(operand(cb.phis[k], 1));
    }
    mergePhisMapped_.insert(cont);
    mapMergePhis(mb, node);
    // Body: the header's own instructions and terminator, then whatever follows.
    frames_.push_back(Frame{FrameKind::LoopBody, node, merge, cont, h.label});
    readBody(h, body);
    uint32_t next = 0;
    const RawInst* savedMerge = h.merge;
    h.merge = nullptr;  // the header's merge instruction is consumed by the Loop node
    bool open = readTerminator(h, body, next);
    h.merge = savedMerge;
    frames_.pop_back();
    if (open) {
      const uint32_t start = next == 0 ? pendingMerge_ : next;
      walkRegion(start, next == 0 ? 0 : h.label, body, Frame{FrameKind::LoopBody, node, merge, cont, h.label});
    }
    // Continue construct.
    if (!visited_.insert(cont).second) fail(cb.labelInst, "continue target reached twice");
    frames_.push_back(Frame{FrameKind::Continuing, node, merge, cont, h.label});
    readBody(cb, contRegion);
    uint32_t cnext = 0;
    bool copen = readTerminator(cb, contRegion, cnext);
    frames_.pop_back();
    if (copen) {
      const uint32_t start = cnext == 0 ? pendingMerge_ : cnext;
      walkRegion(start, cnext == 0 ? 0 : cb.label, contRegion, Frame{FrameKind::Continuing, node, merge, cont, h.label});
    }
  }

  // ------------------------------------------------------------------ instructions

  void readInst(const RawInst& in, DebugLoc loc, RegionId region) {
    curRegion_ = region;
    const g::Instruction* gi = g::findInstruction(in.opcode);
    if (!gi) fail(in, "unknown opcode");
    InstDef inst;
    inst.attrs.loc = loc;
    size_t w = 0;
    uint32_t resultId = 0;
    if (gi->hasResultType) inst.resultType = st_.type(in, operand(in, w++));
    if (gi->hasResult) resultId = operand(in, w++);
    if (resultId) {
      inst.attrs.name = nameOf(resultId);
      inst.attrs.decorations = st_.decorationsOf(resultId);
    }
    switch (in.opcode) {
      case spv::OpNop: return;
      case spv::OpVariable: {
        if (operand(in, 2) != spv::StorageClassFunction) fail(in, "non-Function variable inside a function");
        inst.op = Opcode::spv(spv::OpVariable);
        inst.operands.push_back(Operand::i(spv::StorageClassFunction));
        if (in.ops.size() > 3) inst.operands.push_back(Operand::v(valueOf(in, in.ops[3])));
        break;
      }
      case spv::OpFunctionCall: {
        auto it = st_.funcs.find(operand(in, 2));
        if (it == st_.funcs.end()) fail(in, "callee is not a function");
        inst.op = Opcode::call();
        inst.operands.push_back(Operand::v(Value::func(it->second)));
        for (size_t k = 3; k < in.ops.size(); ++k) inst.operands.push_back(Operand::v(valueOf(in, in.ops[k])));
        break;
      }
      case spv::OpExtInst: {
        if (st_.debugInfo.isDebugInfo(in)) {
          std::optional<InstDef> op = st_.debugInfo.variableOp(
              st_, in, loc, [&](uint32_t id) { return debugOperand(id); },
              [&](const Value& v) { return typeOfValue(v); });
          if (op) addInst(region, std::move(*op));
          return;
        }
        const uint32_t set = operand(in, 2);
        if (std::find(st_.ignoredSets.begin(), st_.ignoredSets.end(), set) != st_.ignoredSets.end()) return;
        if (set == st_.printfSet && set != 0) {
          // DebugPrintf (1): Format (an OpString), then the values.
          if (operand(in, 3) != 1 || in.ops.size() < 5) fail(in, "NonSemantic.DebugPrintf has only DebugPrintf (1), with a format");
          auto format = st_.strings.find(operand(in, 4));
          if (format == st_.strings.end()) fail(in, "DebugPrintf's format is not an OpString");
          inst.op = Opcode::debug(DebugOp::Printf);
          inst.resultType = Type();
          st_.module->printfFormats.push_back(format->second);
          inst.operands.push_back(Operand::i(uint32_t(st_.module->printfFormats.size() - 1)));
          for (size_t k = 5; k < in.ops.size(); ++k) inst.operands.push_back(Operand::v(valueOf(in, in.ops[k])));
          break;
        }
        if (set != st_.glslSet || set == 0) fail(in, "extended instruction of an unsupported set");
        inst.op = Opcode::glsl(operand(in, 3));
        for (size_t k = 4; k < in.ops.size(); ++k) inst.operands.push_back(Operand::v(valueOf(in, in.ops[k])));
        break;
      }
      default:
        inst.op = Opcode::spv(in.opcode);
        genericOperands(in, *gi, w, inst.operands);
    }
    const InstId id = addInst(region, std::move(inst));
    if (resultId) define(in, resultId, Value::inst(id));
  }

  void genericOperands(const RawInst& in, const g::Instruction& gi, size_t w, std::vector<Operand>& out) {
    size_t d = gi.hasResultType + gi.hasResult;
    auto idOperand = [&]() {
      out.push_back(Operand::v(valueOf(in, operand(in, w++))));
    };
    while (d < gi.operands.size()) {
      const g::OperandDesc& desc = gi.operands[d];
      if (w >= in.ops.size()) {
        if (desc.quantifier == g::Quantifier::One) fail(in, "missing operand");
        break;
      }
      const std::string_view kind = desc.kind->name;
      switch (desc.kind->category) {
        case g::OperandCategory::Id: idOperand(); break;
        case g::OperandCategory::Literal:
          if (kind == "LiteralString") {
            size_t after = 0;
            literalString(in, w, &after);
            while (w < after) out.push_back(Operand::i(in.ops[w++]));
          } else if (kind == "LiteralContextDependentNumber") {
            fail(in, "context-dependent literal in a function instruction");
          } else {
            out.push_back(Operand::i(in.ops[w++]));
          }
          break;
        case g::OperandCategory::ValueEnum: {
          const uint32_t v = in.ops[w++];
          out.push_back(Operand::i(v));
          break;
        }
        case g::OperandCategory::BitEnum: {
          const uint32_t mask = in.ops[w++];
          out.push_back(Operand::i(mask));
          const bool image = kind == "ImageOperands";
          const bool memory = kind == "MemoryAccess";
          for (uint32_t bit = 0; bit < 32; ++bit) {
            if (!(mask & (1u << bit))) continue;
            uint32_t params = 0;
            if (image) params = (1u << bit) == spv::ImageOperandsGradMask ? 2 : ((1u << bit) & (0x3FFu | 0x10000u) ? 1 : 0);
            else if (memory) params = (1u << bit) == spv::MemoryAccessAlignedMask || (1u << bit) == spv::MemoryAccessMakePointerAvailableMask || (1u << bit) == spv::MemoryAccessMakePointerVisibleMask ? 1 : 0;
            else if (kind != "FunctionControl" && kind != "SelectionControl" && kind != "FPFastMathMode")
              fail(in, "bit mask operand " + std::string(kind) + " with parameters is not supported");
            for (uint32_t p = 0; p < params; ++p) {
              if (memory && (1u << bit) == spv::MemoryAccessAlignedMask) out.push_back(Operand::i(operand(in, w++)));
              else idOperand();
            }
          }
          break;
        }
        case g::OperandCategory::Composite: fail(in, "instruction with paired operands is not supported here");
      }
      if (desc.quantifier != g::Quantifier::Variadic) ++d;
    }
    if (w < in.ops.size()) fail(in, "too many operands");
  }

  ModuleState& st_;
  Context& cx_;
  std::span<const RawInst> insts_;
  FunctionDef& fn_;
  std::vector<BlockInfo> blocks_;
  std::unordered_map<uint32_t, size_t> blockIndex_;
  std::unordered_map<uint32_t, Value> values_;
  std::unordered_set<uint32_t> visited_;
  std::unordered_set<uint32_t> mergePhisMapped_;
  std::vector<Frame> frames_;
  uint32_t pendingMerge_ = 0;
  RegionId curRegion_;
};

}  // namespace

void readFunction(ModuleState& state, std::span<const RawInst> insts, FuncId f) {
  FunctionReader reader(state, insts, f);
  reader.run();
}

}  // namespace sl::spirv::detail
