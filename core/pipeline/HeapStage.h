// The "ir.heaps" stage's glue (docs/heaps.md): compile options -> the heap pass's options, the
// stage text's first line naming the form, the pass's diagnostics completed with their source
// lines, and the heap part of the `reflection` stage (the virtual binding table).
#pragma once

#include "core/ir/Module.h"
#include "core/passes/heaps/HeapLegalize.h"
#include "core/pipeline/CompileOptions.h"
#include "core/support/Diagnostic.h"

#include <string>
#include <vector>

namespace sl {

passes::heaps::HeapOptions heapOptionsFor(const CompileOptions& options, uint32_t spirvMinor);

// "; descriptor heaps: proposal form (...)" / "portable form (...)" / "none used", with newline.
std::string heapStageHeader(const passes::heaps::HeapOptions& options, const passes::heaps::HeapLegalizeResult& result);

// Fills Diagnostic::sourceLine from `source` (the file being compiled) or the included file.
void attachSourceLines(std::vector<Diagnostic>& diagnostics, const std::string& fileName, const std::string& source);

// Heap arrays, status block and access sites (line:column, function, heap, type, index kind).
std::string heapReflectionText(const ir::Module& module, const passes::heaps::HeapOptions& options,
                               const passes::heaps::HeapLegalizeResult& result, const std::string& mainFile);

}  // namespace sl
