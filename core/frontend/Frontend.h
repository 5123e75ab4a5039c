// Entry point of the HLSL front end after preprocessing: parse + Sema over a PreprocessedUnit.
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Preprocessor.h"
#include "core/frontend/Sema.h"
#include "core/support/Diagnostic.h"

#include <memory>
#include <vector>

namespace sl::frontend {

struct FrontendResult {
  std::unique_ptr<TranslationUnit> unit;  // never null; partial when there are errors
  std::vector<Diagnostic> diagnostics;    // parser and Sema diagnostics, in report order
  bool hasErrors() const { return sl::hasErrors(diagnostics); }
};

// Parses and analyses the preprocessed tokens of `unit`. Never throws; errors are diagnostics,
// and the parser recovers at statement and declaration boundaries to report as many as it can.
FrontendResult parseAndAnalyze(PreprocessedUnit& unit, const FrontendOptions& options);

}  // namespace sl::frontend
