// Walking and editing function bodies in place, for passes (qptr lower/lift, legalization):
// visit instructions in program order, replace every use of a value, insert and erase
// instructions next to an existing one. Arena slots are never reused, so ids stay stable.
#pragma once

#include "core/ir/Module.h"

#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

namespace sl::ir {

// Every instruction reachable from the body, in program order (region by region, depth first;
// a loop's body before its continuing region).
std::vector<InstId> instsInProgramOrder(const FunctionDef& func);

// Every region reachable from the body, parents before children.
std::vector<RegionId> regionsInProgramOrder(const FunctionDef& func);

// Replaces `from` by `to` in instruction operands, select conditions, loop initial inputs and
// exit values/conditions. Returns the number of uses replaced.
size_t replaceAllUses(FunctionDef& func, const Value& from, const Value& to);

// Number of uses of `v` (same places as replaceAllUses looks at).
size_t countUses(const FunctionDef& func, const Value& v);

// Many replacements in one walk (a pass that replaced each use as it went was quadratic:
// 10,000 buffer stores took 13 s). `byInst` maps an instruction's index to the value replacing
// its result; chains (a -> b -> c) are followed. Returns the number of uses replaced.
using InstReplacements = std::unordered_map<uint32_t, Value>;
Value resolveReplacement(const InstReplacements& byInst, Value v);
size_t replaceAllUses(FunctionDef& func, const InstReplacements& byInst);

// The number of uses of every instruction's result, indexed by instruction, in one walk.
std::vector<uint32_t> instUseCounts(const FunctionDef& func);

// Inserts a new instruction into the same block as `anchor`, before or after it.
InstId insertInstBefore(FunctionDef& func, InstId anchor, InstDef inst);
InstId insertInstAfter(FunctionDef& func, InstId anchor, InstDef inst);

// The operands of a relaxed OpAtomic* on `pointer` at device scope: (pointer, scope, semantics,
// value), or for OpAtomicCompareExchange (pointer, scope, equal and unequal semantics, value,
// comparator).
std::vector<Operand> deviceAtomicOperands(Context& cx, Value pointer, Value value, std::optional<Value> comparator = {});

// Removes an instruction from its block (its arena slot stays, unreferenced). The caller makes
// sure its result has no uses left; the verifier reports any that remain.
void eraseInst(FunctionDef& func, InstId inst);

}  // namespace sl::ir
