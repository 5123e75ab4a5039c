// qptr.analyze: per-function backwards usage analysis (design/qptr.md §7). Walking each function
// in reverse program order, every qptr value collects the usage of everything derived from it;
// usages flow back through offsets, buffer_data, handle_array_index, calls (memoized callee
// parameter summaries), select/loop outputs (pointer "phis", which SPIR-T rejects) and fallback
// instructions, down to the roots: global variables, function parameters, func_local_var and
// fallback results. Each root gets a `qptr.usage` attribute; conflicts become diagnostics and
// `qptr.error` attributes on the root, never aborts.
#pragma once

#include "core/passes/qptr/QptrState.h"
#include "core/passes/qptr/QptrUsage.h"

namespace sl::qptr {

struct AnalysisResult {
  std::vector<std::optional<Usage>> globals;                    // per global
  std::vector<std::vector<std::optional<Usage>>> params;        // per function, per parameter
  std::vector<std::unordered_map<uint32_t, Usage>> instRoots;   // per function: root inst -> usage
};

// Requires lowerToQptr() first. Returns false if any error was reported.
bool analyzeQptr(ir::Module& module, QptrState& state, AnalysisResult* result = nullptr);

}  // namespace sl::qptr
