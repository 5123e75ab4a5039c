// The SPIR-V side of the pipeline after the "ast" stage: irgen -> "ir" -> LegalizeBindings ->
// "ir.bound" -> descriptor heaps (core/passes/heaps, HeapStage.h) -> "ir.heaps" -> writer ->
// "spirv" (validated in-process with the -fspv-target-env environment) -> "reflection". Each stage appends its artifact to the CompileResult; a verifier or validator
// failure is an internal-error diagnostic, never a crash and never silently invalid output.
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Preprocessor.h"
#include "core/pipeline/CompileOptions.h"
#include "core/pipeline/Pipeline.h"

#include <functional>
#include <string>
#include <vector>

namespace sl {

// `stageDone` is called after each stage (the pipeline's ShownStagesReady check).
// Runs the SPIR-V stages up to stages[lastStage] (the names stagesFor() gives). Sets
// result.object to the SPIR-V module bytes when the "spirv" stage succeeds.
void runSpirvBackend(const frontend::TranslationUnit& unit, const frontend::PreprocessedUnit& source,
                     const CompileOptions& options, const std::vector<std::string>& stages, size_t lastStage,
                     CompileResult& result, const std::function<void()>& stageDone);

}  // namespace sl
