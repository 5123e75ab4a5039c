#include "core/ir/Rewrite.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>

namespace sl::ir {
namespace {

// Calls `fn` on every value slot of the function body that can hold a use.
template <class F>
void forEachUseSlot(FunctionDef& func, F&& fn) {
  for (RegionId r : regionsInProgramOrder(func)) {
    RegionDef& rd = func.region(r);
    for (NodeId n : rd.nodes) {
      NodeDef& nd = func.node(n);
      if (nd.kind == NodeKind::Block) {
        for (InstId i : nd.insts)
          for (Operand& o : func.inst(i).operands)
            if (!o.isImm) fn(o.value);
      } else {
        if (nd.condition.valid()) fn(nd.condition);
        for (Value& v : nd.initialInputs) fn(v);
      }
    }
    for (Value& v : rd.exit.values) fn(v);
    if (rd.exit.condition.valid()) fn(rd.exit.condition);
    for (Value& v : rd.exit.exitValues) fn(v);
  }
}

void collectRegions(const FunctionDef& func, RegionId r, std::vector<RegionId>& out) {
  if (!r.valid() || r.index >= func.regions.size()) return;
  out.push_back(r);
  for (NodeId n : func.region(r).nodes) {
    if (n.index >= func.nodes.size()) continue;
    const NodeDef& nd = func.node(n);
    for (RegionId c : nd.cases) collectRegions(func, c, out);
    if (nd.kind == NodeKind::Loop) {
      collectRegions(func, nd.body, out);
      collectRegions(func, nd.continuing, out);
    }
  }
}

void collectInsts(const FunctionDef& func, RegionId r, std::vector<InstId>& out) {
  if (!r.valid() || r.index >= func.regions.size()) return;
  for (NodeId n : func.region(r).nodes) {
    if (n.index >= func.nodes.size()) continue;
    const NodeDef& nd = func.node(n);
    for (InstId i : nd.insts) out.push_back(i);
    for (RegionId c : nd.cases) collectInsts(func, c, out);
    if (nd.kind == NodeKind::Loop) {
      collectInsts(func, nd.body, out);
      collectInsts(func, nd.continuing, out);
    }
  }
}

InstId insertAt(FunctionDef& func, InstId anchor, InstDef inst, size_t offset) {
  const NodeId block = func.inst(anchor).block;
  inst.block = block;
  func.insts.push_back(std::move(inst));
  const InstId id(static_cast<uint32_t>(func.insts.size() - 1));
  auto& list = func.node(block).insts;
  auto it = std::find(list.begin(), list.end(), anchor);
  list.insert(it == list.end() ? list.end() : it + offset, id);
  return id;
}

}  // namespace

std::vector<RegionId> regionsInProgramOrder(const FunctionDef& func) {
  std::vector<RegionId> out;
  collectRegions(func, func.body, out);
  return out;
}

std::vector<InstId> instsInProgramOrder(const FunctionDef& func) {
  std::vector<InstId> out;
  collectInsts(func, func.body, out);
  return out;
}

size_t replaceAllUses(FunctionDef& func, const Value& from, const Value& to) {
  size_t count = 0;
  forEachUseSlot(func, [&](Value& v) {
    if (v == from) {
      v = to;
      ++count;
    }
  });
  return count;
}

Value resolveReplacement(const InstReplacements& byInst, Value v) {
  // Bounded: a cycle (never made by a pass) ends after as many steps as there are entries.
  for (size_t steps = 0; v.kind == ValueKind::InstResult && steps <= byInst.size(); ++steps) {
    auto it = byInst.find(v.a);
    if (it == byInst.end()) break;
    v = it->second;
  }
  return v;
}

size_t replaceAllUses(FunctionDef& func, const InstReplacements& byInst) {
  if (byInst.empty()) return 0;
  size_t count = 0;
  forEachUseSlot(func, [&](Value& v) {
    if (v.kind != ValueKind::InstResult || !byInst.count(v.a)) return;
    v = resolveReplacement(byInst, v);
    ++count;
  });
  return count;
}

std::vector<uint32_t> instUseCounts(const FunctionDef& func) {
  std::vector<uint32_t> counts(func.insts.size(), 0);
  forEachUseSlot(const_cast<FunctionDef&>(func), [&](Value& use) {
    if (use.kind == ValueKind::InstResult && use.a < counts.size()) ++counts[use.a];
  });
  return counts;
}

std::vector<Operand> deviceAtomicOperands(Context& cx, Value pointer, Value value, std::optional<Value> comparator) {
  const Value relaxed = Value::constant(cx.u32(0));
  std::vector<Operand> ops{Operand::v(pointer), Operand::v(Value::constant(cx.u32(spv::ScopeDevice))), Operand::v(relaxed)};
  if (comparator) ops.push_back(Operand::v(relaxed));
  ops.push_back(Operand::v(value));
  if (comparator) ops.push_back(Operand::v(*comparator));
  return ops;
}

size_t countUses(const FunctionDef& func, const Value& v) {
  size_t count = 0;
  // forEachUseSlot only reads through the references here.
  forEachUseSlot(const_cast<FunctionDef&>(func), [&](Value& use) { count += use == v; });
  return count;
}

InstId insertInstBefore(FunctionDef& func, InstId anchor, InstDef inst) {
  return insertAt(func, anchor, std::move(inst), 0);
}

InstId insertInstAfter(FunctionDef& func, InstId anchor, InstDef inst) {
  return insertAt(func, anchor, std::move(inst), 1);
}

void eraseInst(FunctionDef& func, InstId inst) {
  auto& list = func.node(func.inst(inst).block).insts;
  list.erase(std::remove(list.begin(), list.end(), inst), list.end());
}

}  // namespace sl::ir
