// The DXIL side of the pipeline after the "ast" stage: irgen -> "ir" -> LLVM IR with llvm.dx.*
// intrinsics ("llvm") -> our DXIL lowering ("dxil") -> our validator ("dxil.validate") -> "signatures"
// -> DXContainer ("container").
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
// Runs the DXIL stages up to stages[lastStage]. Sets result.object to the container bytes.
void runDxilBackend(const frontend::TranslationUnit& unit, const frontend::PreprocessedUnit& source,
                    const CompileOptions& options, const std::vector<std::string>& stages, size_t lastStage,
                    CompileResult& result, const std::function<void()>& stageDone);

// -T rootsig_1_0|1_1 after the "preprocessed" stage: the root signature in the macro -E names,
// as a "container" stage holding only RTS0 (result.object), as DXC compiles a root signature.
void runRootSignatureTarget(const frontend::PreprocessedUnit& source, const CompileOptions& options,
                            CompileResult& result);

}  // namespace sl
