// HLSL preprocessing with Clang's Preprocessor as a library (DXC's preprocessor is Clang's).
// The result keeps Clang's tokens (the parser's input) and the SourceManager that gives them
// meaning, plus the canonical preprocessed text for the "preprocessed" stage.
#pragma once

#include "core/support/Diagnostic.h"

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
class SourceLocation;
class Token;
}  // namespace clang

namespace sl::frontend {

struct PreprocessOptions {
  // `-D NAME` or `-D NAME=VALUE`, in command-line order.
  std::vector<std::pair<std::string, std::string>> defines;
  std::vector<std::string> includeDirs;
  int hlslVersion = 2021;
  // Shader profile such as "cs_6_6"; sets __SHADER_TARGET_STAGE/MAJOR/MINOR.
  std::string profile = "cs_6_6";
  bool enable16BitTypes = false;
  bool spirv = false;
  // SPIR-V version implied by -fspv-target-env (vulkan1.3 -> 1.6), for __SPIRV_*_VERSION__.
  int spirvMajor = 1, spirvMinor = 6;
};

// Maps one line of the preprocessed text back to the source.
struct PreprocessedLine {
  std::string file;
  uint32_t line = 0;
};

class PreprocessedUnit {
public:
  ~PreprocessedUnit();
  PreprocessedUnit(const PreprocessedUnit&) = delete;
  PreprocessedUnit& operator=(const PreprocessedUnit&) = delete;

  // All tokens of the translation unit after macro expansion, ending with tok::eof.
  const std::vector<clang::Token>& tokens() const;
  clang::Preprocessor& preprocessor() const;
  clang::SourceManager& sourceManager() const;

  // The stage text: tokens re-spaced like `clang -E`, with `#line` markers where the source jumps.
  const std::string& text() const { return text_; }
  // Entry i describes line i+1 of text().
  const std::vector<PreprocessedLine>& lineMap() const { return lineMap_; }
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  bool hasErrors() const { return sl::hasErrors(diagnostics_); }

  // The user-visible location (expansion point, honoring #line) of a token or AST node.
  SourceLoc location(clang::SourceLocation loc) const;
  // Builds a diagnostic at `loc`, with the source line captured and, when `loc` is inside a
  // macro expansion, a note pointing at the macro's definition ("expanded from macro 'X'").
  Diagnostic makeDiagnostic(Severity severity, clang::SourceLocation loc, std::string message,
                            uint32_t lengthInColumns = 0) const;
  // Text of the token as written (after expansion: the spelling of the token itself).
  std::string spelling(const clang::Token& token) const;

  // Appends a diagnostic made by a later stage (parser, Sema) to this unit's list.
  void report(Diagnostic diagnostic) { diagnostics_.push_back(std::move(diagnostic)); }

private:
  friend std::unique_ptr<PreprocessedUnit> preprocess(const std::string&, std::string_view,
                                                      const PreprocessOptions&);
  PreprocessedUnit();
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::string text_;
  std::vector<PreprocessedLine> lineMap_;
  std::vector<Diagnostic> diagnostics_;
};

// Preprocesses `source` as if it were the contents of `fileName` (which need not exist on disk:
// the editor's unsaved buffer is overlaid on the real file system, so quoted includes still
// resolve relative to the file's directory). Never returns null; errors are in diagnostics().
std::unique_ptr<PreprocessedUnit> preprocess(const std::string& fileName, std::string_view source,
                                             const PreprocessOptions& options);

// The macros DXC predefines for these options, as `#define` lines (shown in docs and tests).
std::string predefinedMacros(const PreprocessOptions& options);

}  // namespace sl::frontend
