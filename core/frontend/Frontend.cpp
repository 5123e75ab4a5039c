#include "core/frontend/Frontend.h"

#include "core/frontend/Parser.h"

namespace sl::frontend {

FrontendResult parseAndAnalyze(PreprocessedUnit& unit, const FrontendOptions& options) {
  FrontendResult result;
  result.unit = std::make_unique<TranslationUnit>();
  result.unit->context = std::make_unique<ASTContext>();
  Sema sema(unit, options, *result.unit);
  Parser parser(unit, sema);
  parser.parseTranslationUnit();
  result.diagnostics = std::move(sema.diagnostics());
  return result;
}

}  // namespace sl::frontend
