#include "core/passes/heaps/SwitchSplit.h"

#include <algorithm>

namespace sl::ir {

namespace {

NodeId addNode(FunctionDef& fn, NodeKind kind, RegionId parent) {
  NodeDef n;
  n.kind = kind;
  n.parent = parent;
  fn.nodes.push_back(std::move(n));
  return NodeId(static_cast<uint32_t>(fn.nodes.size() - 1));
}

RegionId addRegion(FunctionDef& fn, NodeId parent, const DebugLoc& loc) {
  RegionDef r;
  r.parent = parent;
  r.exit.kind = ExitKind::Yield;
  r.exit.loc = loc;
  fn.regions.push_back(std::move(r));
  return RegionId(static_cast<uint32_t>(fn.regions.size() - 1));
}

}  // namespace

InsertedSwitch insertSwitchBefore(FunctionDef& fn, InstId at, Value selector, const std::vector<uint32_t>& literals,
                                  std::vector<Type> outputTypes) {
  InsertedSwitch out;
  const NodeId block = fn.inst(at).block;
  const RegionId region = fn.node(block).parent;
  const DebugLoc loc = fn.inst(at).attrs.loc;

  // The tail of the block (from `at` on) becomes a block of its own after the switch.
  const NodeId tail = addNode(fn, NodeKind::Block, region);
  {
    std::vector<InstId>& insts = fn.node(block).insts;
    auto pos = std::find(insts.begin(), insts.end(), at);
    std::vector<InstId> moved(pos, insts.end());
    insts.erase(pos, insts.end());
    for (InstId i : moved) fn.inst(i).block = tail;
    fn.node(tail).insts = std::move(moved);
  }
  out.select = addNode(fn, NodeKind::Select, region);
  {
    NodeDef& s = fn.node(out.select);
    s.selectKind = SelectKind::Switch;
    s.condition = selector;
    s.outputAttrs.resize(outputTypes.size());
    s.outputTypes = std::move(outputTypes);
    s.attrs.loc = loc;
  }
  {
    std::vector<NodeId>& nodes = fn.region(region).nodes;
    auto pos = std::find(nodes.begin(), nodes.end(), block);
    nodes.insert(pos + 1, {out.select, tail});
  }
  const InstDef original = fn.inst(at);
  for (size_t c = 0; c <= literals.size(); ++c) {
    const RegionId r = addRegion(fn, out.select, loc);
    const NodeId b = addNode(fn, NodeKind::Block, r);
    fn.region(r).nodes.push_back(b);
    InstDef copy = original;
    copy.block = b;
    fn.insts.push_back(std::move(copy));
    const InstId placeholder(static_cast<uint32_t>(fn.insts.size() - 1));
    fn.node(b).insts.push_back(placeholder);
    NodeDef& s = fn.node(out.select);
    s.cases.push_back(r);
    if (c < literals.size()) s.switchCases.push_back({{literals[c]}, false});
    else s.switchCases.push_back({{}, true});
    out.cases.push_back(r);
    out.placeholders.push_back(placeholder);
  }
  return out;
}

}  // namespace sl::ir
