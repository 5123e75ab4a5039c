#include "core/pipeline/RootSignatureSource.h"

#include "core/dxil/rootsig/RootSignatureParser.h"
#include "core/dxil/rootsig/RootSignatureValidator.h"
#include "core/dxil/rootsig/RootSignatureWriter.h"
#include "core/frontend/AST.h"
#include "core/frontend/Preprocessor.h"

#include <clang/Basic/IdentifierTable.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/Preprocessor.h>

namespace sl {
namespace {

namespace rootsig = dxil::rootsig;

// The root-signature text and where each of its pieces was written: a string-literal token's
// text starts at `offset` in `text` and one character after `loc` (its opening quote).
struct LocatedText {
  std::string text;
  std::vector<frontend::StringLiteralExpr::Piece> pieces;
  clang::SourceLocation fallback;  // for errors at the very end, or with no pieces
};

clang::SourceLocation locationOf(const LocatedText& t, uint32_t offset) {
  for (size_t i = t.pieces.size(); i-- > 0;)
    if (t.pieces[i].offset <= offset) return t.pieces[i].loc.getLocWithOffset(int(1 + offset - t.pieces[i].offset));
  return t.fallback;
}

CompiledRootSignature compile(const LocatedText& located, const frontend::PreprocessedUnit& source,
                              const CompileOptions& options) {
  CompiledRootSignature result;
  rootsig::ParsedRootSignature parsed = rootsig::parseRootSignature(located.text, rootSignatureVersion(options));
  // DXC checks the signature's rules before serializing it; the error points at the clause.
  if (parsed.ok()) parsed.error = rootsig::validateRootSignature(parsed.signature);
  if (!parsed.ok()) {
    // An error at the end of the string points at the last character (the closing quote).
    uint32_t offset = parsed.error->offset;
    if (offset >= located.text.size() && !located.text.empty()) offset = uint32_t(located.text.size());
    result.diagnostics.push_back(source.makeDiagnostic(Severity::Error, locationOf(located, offset),
                                                       "root signature error - " + parsed.error->message,
                                                       parsed.error->length));
    return result;
  }
  result.serialized = rootsig::serializeRootSignature(parsed.signature);
  result.signature = std::move(parsed.signature);
  return result;
}

// Appends the string literals an object-like macro expands to; false (with `why`) for anything
// else, as DXC wants a root signature define to be string literals only.
bool expandMacro(const frontend::PreprocessedUnit& source, const clang::MacroInfo& macro, const std::string& name,
                 LocatedText& out, std::string& why, int depth) {
  clang::Preprocessor& pp = source.preprocessor();
  if (depth > 32) {
    why = "root signature define '" + name + "' nests macros too deeply";
    return false;
  }
  if (macro.isFunctionLike()) {
    why = "root signature define '" + name + "' is a function-like macro";
    return false;
  }
  for (const clang::Token& token : macro.tokens()) {
    if (token.is(clang::tok::string_literal)) {
      std::string spelling = pp.getSpelling(token);
      out.pieces.push_back({uint32_t(out.text.size()), token.getLocation()});
      if (spelling.size() >= 2) out.text += spelling.substr(1, spelling.size() - 2);
      continue;
    }
    if (clang::IdentifierInfo* id = token.getIdentifierInfo()) {
      if (const clang::MacroInfo* inner = pp.getMacroInfo(id)) {
        if (!expandMacro(source, *inner, id->getName().str(), out, why, depth + 1)) return false;
        continue;
      }
    }
    why = "root signature define '" + name + "' must expand to string literals, not '" + pp.getSpelling(token) + "'";
    return false;
  }
  return true;
}

CompiledRootSignature compileDefine(const std::string& name, const frontend::PreprocessedUnit& source,
                                    const CompileOptions& options, clang::SourceLocation use) {
  CompiledRootSignature result;
  clang::Preprocessor& pp = source.preprocessor();
  const clang::MacroInfo* macro = pp.getMacroInfo(pp.getIdentifierInfo(name));
  if (!macro) {
    result.diagnostics.push_back(source.makeDiagnostic(Severity::Error, use, "root signature define '" + name +
                                                                              "' is not defined (a #define in the source or -D)"));
    return result;
  }
  LocatedText located;
  located.fallback = macro->getDefinitionLoc();
  std::string why;
  if (!expandMacro(source, *macro, name, located, why, 0)) {
    result.diagnostics.push_back(source.makeDiagnostic(Severity::Error, macro->getDefinitionLoc(), why));
    return result;
  }
  return compile(located, source, options);
}

bool isRootSignatureAttribute(const frontend::Attribute& a) {
  static constexpr std::string_view kName = "rootsignature";
  if (a.name.size() != kName.size()) return false;
  for (size_t i = 0; i < kName.size(); ++i)
    if (char(std::tolower(static_cast<unsigned char>(a.name[i]))) != kName[i]) return false;
  return true;
}

}  // namespace

dxil::rootsig::Version rootSignatureVersion(const CompileOptions& options) {
  if (auto v = rootsig::rootSignatureVersionFromProfile(options.profile)) return *v;
  if (auto v = rootsig::rootSignatureVersionFromProfile(options.forceRootSignatureVersion)) return *v;
  return rootsig::Version::V1_1;
}

CompiledRootSignature entryRootSignature(const frontend::FunctionDecl* entry, const frontend::PreprocessedUnit& source,
                                         const CompileOptions& options) {
  if (!options.rootSignatureDefine.empty()) return compileDefine(options.rootSignatureDefine, source, options, {});
  CompiledRootSignature none;
  if (!entry) return none;
  const frontend::Attribute* attribute = nullptr;
  for (const frontend::FunctionDecl* decl : {entry, static_cast<const frontend::FunctionDecl*>(entry->definition)})
    if (decl)
      for (const frontend::Attribute& a : decl->attributes)
        if (isRootSignatureAttribute(a)) attribute = &a;
  if (!attribute) return none;
  const auto* literal = attribute->args.size() == 1 && attribute->args[0]->kind == frontend::ExprKind::StringLiteral
                            ? static_cast<const frontend::StringLiteralExpr*>(attribute->args[0])
                            : nullptr;
  if (!literal || literal->pieces.empty()) {
    none.diagnostics.push_back(source.makeDiagnostic(
        Severity::Error, attribute->loc, "'RootSignature' attribute takes one string literal (or a macro of string literals)"));
    return none;
  }
  LocatedText located{literal->value, literal->pieces, literal->loc};
  return compile(located, source, options);
}

CompiledRootSignature defineRootSignature(const std::string& name, const frontend::PreprocessedUnit& source,
                                          const CompileOptions& options) {
  return compileDefine(name, source, options, {});
}

}  // namespace sl
