// qptr.lift: qptr values and qptr.* ops back to SPIR-V pointer types and instructions
// (design/qptr.md §8). Storage classes flow from the roots (global variables, local variables,
// fallback results) through every derived pointer; byte offsets become access-chain indices
// again. Unlike SPIR-T, pointer arguments of calls, pointer select/phi outputs, OpPtrAccessChain
// to a neighbouring element and type punning (an access whose type differs from the memory's
// but has the same size) are lifted too. See docs/qptr.md for how pointee types are chosen.
#pragma once

#include "core/passes/qptr/QptrAnalyze.h"
#include "core/passes/qptr/QptrState.h"

namespace sl::qptr {

// Requires analyzeQptr() first. Returns false if any error was reported (the module may then
// still contain qptr values; the SPIR-V writer refuses those).
bool liftFromQptr(ir::Module& module, QptrState& state, const AnalysisResult& analysis);

}  // namespace sl::qptr
