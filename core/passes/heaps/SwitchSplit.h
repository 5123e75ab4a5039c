// Structured "switch over slots" for the portable heap form: splits the block holding an
// instruction just before it and puts a switch node there, so an access whose descriptor index
// the device cannot use dynamically can be repeated once per slot with a constant index
// (docs/heaps.md). Values leave the switch through its outputs (each case yields them).
#pragma once

#include "core/ir/Module.h"

#include <cstdint>
#include <vector>

namespace sl::ir {

struct InsertedSwitch {
  NodeId select;
  std::vector<RegionId> cases;      // one per literal, then the default case last
  std::vector<InstId> placeholders; // per case: a copy of `at` inside the case's block, to insert
                                    // before and then erase
};

// `at` and everything after it in its block move to a new block after the switch. The switch
// selects on `selector` (a 32-bit integer) with one case per literal plus a default; every case
// region yields nothing until the caller sets its exit values (outputs of `outputTypes`).
InsertedSwitch insertSwitchBefore(FunctionDef& fn, InstId at, Value selector, const std::vector<uint32_t>& literals,
                                  std::vector<Type> outputTypes);

}  // namespace sl::ir
