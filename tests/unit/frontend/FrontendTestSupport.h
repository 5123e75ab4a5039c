// Helpers for front-end unit tests: preprocess + parse + Sema a snippet and look at the result.
#pragma once

#include "core/frontend/ASTPrinter.h"
#include "core/frontend/Frontend.h"
#include "core/frontend/Preprocessor.h"

#include <memory>
#include <string>

namespace sl::frontend::test {

struct Compiled {
  std::unique_ptr<PreprocessedUnit> pp;
  FrontendResult fe;
  std::string ast;

  // All diagnostics rendered Clang-style.
  std::string diagnostics() const { return renderDiagnostics(fe.diagnostics); }
  bool ok() const { return !pp->hasErrors() && !fe.hasErrors(); }
  size_t count(Severity severity) const {
    size_t n = 0;
    for (const Diagnostic& d : fe.diagnostics)
      if (d.severity == severity) ++n;
    return n;
  }
  bool hasMessage(const std::string& text) const { return diagnostics().find(text) != std::string::npos; }
};

inline Compiled compile(const std::string& source, FrontendOptions options = {}, PreprocessOptions pp = {}) {
  Compiled c;
  pp.enable16BitTypes = options.enable16BitTypes;
  c.pp = preprocess("test.hlsl", source, pp);
  c.fe = parseAndAnalyze(*c.pp, options);
  c.ast = printAST(*c.fe.unit, *c.pp).text;
  return c;
}

// Wraps statements in a compute entry point with a few locals of common types.
inline std::string inMain(const std::string& body, const std::string& globals = "") {
  return globals + "\n[numthreads(1,1,1)] void main() {\n"
                   "  float f = 1; int i = 2; uint u = 3u; float2 f2 = 0; float3 f3 = 0; float4 f4 = 0;\n"
                   "  float2x2 m22 = 0; float4x4 m44 = 0; double d = 0; bool b = true;\n" +
         body + "\n}\n";
}

// The first line of `ast` containing `needle`, or "".
inline std::string lineWith(const std::string& ast, const std::string& needle) {
  size_t at = ast.find(needle);
  if (at == std::string::npos) return "";
  size_t begin = ast.rfind('\n', at);
  begin = begin == std::string::npos ? 0 : begin + 1;
  size_t end = ast.find('\n', at);
  return ast.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

}  // namespace sl::frontend::test
