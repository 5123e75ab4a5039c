// The canonical text of the "ast" stage: one node per line, indented by depth, each line ending
// with the node's HLSL location, expressions showing their type and value category. Stable and
// diff-friendly: no addresses, no timings.
#pragma once

#include "core/frontend/AST.h"
#include "core/frontend/Preprocessor.h"
#include "core/support/Diagnostic.h"

#include <string>
#include <vector>

namespace sl::frontend {

struct PrintedAST {
  std::string text;
  std::vector<SourceLoc> lineSources;  // entry i: the HLSL location of line i+1
};

PrintedAST printAST(const TranslationUnit& tu, const PreprocessedUnit& unit);

}  // namespace sl::frontend
