#include "core/frontend/Preprocessor.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Basic/FileManager.h>
#include <clang/Basic/LangOptions.h>
#include <clang/Basic/LangStandard.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Basic/TargetInfo.h>
#include <clang/Basic/TargetOptions.h>
#include <clang/Lex/HeaderSearch.h>
#include <clang/Lex/HeaderSearchOptions.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/MacroArgs.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/ModuleLoader.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/VirtualFileSystem.h>
#include <llvm/TargetParser/Triple.h>

namespace sl::frontend {

namespace {

struct ProfileInfo {
  int stage = 5;  // DXIL::ShaderKind
  int major = 6, minor = 0;
};

ProfileInfo parseProfile(const std::string& profile) {
  ProfileInfo info;
  static const std::pair<const char*, int> kStages[] = {{"ps", 0}, {"vs", 1}, {"gs", 2}, {"hs", 3}, {"ds", 4},
                                                        {"cs", 5}, {"lib", 6}, {"ms", 13}, {"as", 14}};
  size_t underscore = profile.find('_');
  std::string prefix = profile.substr(0, underscore);
  for (auto& [name, kind] : kStages)
    if (prefix == name) info.stage = kind;
  if (underscore != std::string::npos) {
    std::string rest = profile.substr(underscore + 1);
    size_t second = rest.find('_');
    if (second != std::string::npos) {
      info.major = std::atoi(rest.substr(0, second).c_str());
      std::string minor = rest.substr(second + 1);
      info.minor = minor == "x" ? 15 : std::atoi(minor.c_str());
    }
  }
  return info;
}

// Macros that double at each level (#define M1 M0 M0 ... M40, or F1(a) F0(a a)) grow without
// bound: the preprocessed source, and the tokens macro expansions copy (Clang collects a
// macro's arguments before it hands out any token), are capped. Far above real shaders: the
// most macro work in ../shared/corpus is 1,899 tokens (WickedEngine's blur_gaussian_float4CS).
constexpr size_t kMaxPreprocessedTokens = size_t(4) << 20;
constexpr uint64_t kMaxMacroExpansionWork = uint64_t(2) << 20;

// Counts the tokens macro expansions copy (replacement lists and arguments); past the budget it
// redefines every macro as empty, so what is already expanded runs out and nothing grows again.
class ExpansionBudget : public clang::PPCallbacks {
 public:
  explicit ExpansionBudget(clang::Preprocessor& pp) : pp_(pp) {}
  void MacroExpands(const clang::Token& name, const clang::MacroDefinition& definition, clang::SourceRange range,
                    const clang::MacroArgs* args) override {
    if (exceeded) return;
    if (const clang::MacroInfo* info = definition.getMacroInfo()) work_ += info->getNumTokens();
    if (args)
      for (unsigned i = 0; i < args->getNumMacroArguments(); ++i)
        work_ += clang::MacroArgs::getArgLength(args->getUnexpArgument(i));
    if (work_ <= kMaxMacroExpansionWork) return;
    exceeded = true;
    where = name.getLocation().isValid() ? name.getLocation() : range.getBegin();
    std::vector<clang::IdentifierInfo*> defined;
    for (const auto& [identifier, state] : pp_.macros()) defined.push_back(const_cast<clang::IdentifierInfo*>(identifier));
    for (clang::IdentifierInfo* identifier : defined)
      if (pp_.getMacroInfo(identifier)) pp_.appendDefMacroDirective(identifier, pp_.AllocateMacroInfo(where), where);
  }
  bool exceeded = false;
  clang::SourceLocation where;

 private:
  clang::Preprocessor& pp_;
  uint64_t work_ = 0;
};

}  // namespace

std::string predefinedMacros(const PreprocessOptions& options) {
  ProfileInfo profile = parseProfile(options.profile);
  std::string out;
  auto define = [&](const std::string& name, const std::string& value) {
    out += "#define " + name + " " + value + "\n";
  };
  define("__hlsl_dx_compiler", "1");
  define("__HLSL_VERSION", std::to_string(options.hlslVersion));
  define("__SHADER_STAGE_PIXEL", "0");
  define("__SHADER_STAGE_VERTEX", "1");
  define("__SHADER_STAGE_GEOMETRY", "2");
  define("__SHADER_STAGE_HULL", "3");
  define("__SHADER_STAGE_DOMAIN", "4");
  define("__SHADER_STAGE_COMPUTE", "5");
  define("__SHADER_STAGE_LIBRARY", "6");
  define("__SHADER_STAGE_MESH", "13");
  define("__SHADER_STAGE_AMPLIFICATION", "14");
  define("__SHADER_TARGET_STAGE", std::to_string(profile.stage));
  define("__SHADER_TARGET_MAJOR", std::to_string(profile.major));
  define("__SHADER_TARGET_MINOR", std::to_string(profile.minor));
  if (options.enable16BitTypes) define("__HLSL_ENABLE_16_BIT", "1");
  if (options.spirv) {
    define("__spirv__", "1");
    define("__SPIRV_MAJOR_VERSION__", std::to_string(options.spirvMajor));
    define("__SPIRV_MINOR_VERSION__", std::to_string(options.spirvMinor));
  }
  for (const auto& [name, value] : options.defines) define(name, value.empty() ? "1" : value);
  return out;
}

// The line presumedLoc resolved last. Tokens and IR locations are asked for in source order,
// many to a line, so the next column asked for is mostly on it: its start and presumed file and
// line are reused (irgen asks for every instruction it emits).
struct PresumedLineCache {
  clang::FileID fid;
  unsigned line = 0;  // spelling line in fid
  unsigned lineStartOffset = 0;
  const char* file = nullptr;  // null: nothing cached
  unsigned presumedLine = 0;
};

struct PreprocessedUnit::Impl : public clang::DiagnosticConsumer {
  PreprocessedUnit* owner = nullptr;
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> memoryFs;
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> overlayFs;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticIDs> diagIds;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> diagOptions;
  std::unique_ptr<clang::DiagnosticsEngine> diags;
  std::unique_ptr<clang::FileManager> fileManager;
  std::unique_ptr<clang::SourceManager> sourceManager;
  clang::LangOptions langOptions;
  std::shared_ptr<clang::TargetOptions> targetOptions;
  llvm::IntrusiveRefCntPtr<clang::TargetInfo> target;
  std::shared_ptr<clang::HeaderSearchOptions> headerSearchOptions;
  std::unique_ptr<clang::HeaderSearch> headerSearch;
  std::shared_ptr<clang::PreprocessorOptions> ppOptions;
  // Modules are not part of HLSL; `import` never reaches this loader.
  clang::TrivialModuleLoader moduleLoader;
  std::unique_ptr<clang::Preprocessor> pp;
  std::vector<clang::Token> tokens;
  PresumedLineCache presumedCache;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    llvm::SmallString<128> message;
    info.FormatDiagnostic(message);
    Severity severity = Severity::Error;
    switch (level) {
      case clang::DiagnosticsEngine::Ignored: return;
      case clang::DiagnosticsEngine::Note: severity = Severity::Note; break;
      case clang::DiagnosticsEngine::Remark: severity = Severity::Remark; break;
      case clang::DiagnosticsEngine::Warning: severity = Severity::Warning; break;
      case clang::DiagnosticsEngine::Error:
      case clang::DiagnosticsEngine::Fatal: severity = Severity::Error; break;
    }
    Diagnostic d = owner->makeDiagnostic(severity, info.getLocation(), std::string(message.str()));
    // Clang emits notes right after the diagnostic they belong to.
    if (severity == Severity::Note && !owner->diagnostics_.empty())
      owner->diagnostics_.back().notes.push_back(std::move(d));
    else
      owner->diagnostics_.push_back(std::move(d));
  }
};

PreprocessedUnit::PreprocessedUnit() : impl_(std::make_unique<Impl>()) { impl_->owner = this; }
PreprocessedUnit::~PreprocessedUnit() = default;

const std::vector<clang::Token>& PreprocessedUnit::tokens() const { return impl_->tokens; }
clang::Preprocessor& PreprocessedUnit::preprocessor() const { return *impl_->pp; }
clang::SourceManager& PreprocessedUnit::sourceManager() const { return *impl_->sourceManager; }

namespace {

struct FastPresumed {
  const char* file = nullptr;  // null: invalid
  uint32_t line = 0, column = 0;
};

// SourceManager::getPresumedLoc of a file location in time independent of its column:
// getColumnNumber scans back to the start of the line, so asking for every token of a long line
// (a minified shader: one line, megabytes) is quadratic. The line comes from the cached line
// table, the column from the line's start, and #line directives apply to the line's start as to
// any column of it.
FastPresumed presumedLoc(clang::SourceManager& sm, clang::SourceLocation fileLoc, PresumedLineCache& cache) {
  FastPresumed result;
  auto [fid, offset] = sm.getDecomposedLoc(fileLoc);
  bool invalid = false;
  const unsigned line = sm.getLineNumber(fid, offset, &invalid);
  if (!invalid && cache.file && cache.fid == fid && cache.line == line && cache.lineStartOffset <= offset) {
    result.file = cache.file;
    result.line = cache.presumedLine;
    result.column = offset - cache.lineStartOffset + 1;
    return result;
  }
  clang::SourceLocation lineStart = invalid ? clang::SourceLocation() : sm.translateLineCol(fid, line, 1);
  clang::PresumedLoc presumed;
  if (lineStart.isValid() && sm.getFileOffset(lineStart) <= offset) {
    presumed = sm.getPresumedLoc(lineStart);
    if (presumed.isInvalid()) return result;
    result.column = offset - sm.getFileOffset(lineStart) + 1;
    cache = {fid, line, sm.getFileOffset(lineStart), presumed.getFilename(), presumed.getLine()};
  } else {
    presumed = sm.getPresumedLoc(fileLoc);
    if (presumed.isInvalid()) return result;
    result.column = presumed.getColumn();
  }
  result.file = presumed.getFilename();
  result.line = presumed.getLine();
  return result;
}

}  // namespace

SourceLoc PreprocessedUnit::location(clang::SourceLocation loc) const {
  SourceLoc result;
  if (loc.isInvalid()) return result;
  clang::SourceManager& sm = *impl_->sourceManager;
  FastPresumed presumed = presumedLoc(sm, sm.getExpansionLoc(loc), impl_->presumedCache);
  if (!presumed.file) return result;
  result.file = presumed.file;
  result.line = presumed.line;
  result.column = presumed.column;
  return result;
}

Diagnostic PreprocessedUnit::makeDiagnostic(Severity severity, clang::SourceLocation loc, std::string message,
                                            uint32_t lengthInColumns) const {
  Diagnostic d;
  d.severity = severity;
  d.message = std::move(message);
  if (loc.isInvalid()) return d;
  clang::SourceManager& sm = *impl_->sourceManager;
  clang::SourceLocation expansion = sm.getExpansionLoc(loc);
  d.range.begin = location(expansion);
  if (lengthInColumns > 1) d.range.endColumn = d.range.begin.column + lengthInColumns;
  bool invalid = false;
  llvm::StringRef buffer = sm.getBufferData(sm.getFileID(expansion), &invalid);
  if (!invalid) d.sourceLine = std::string(lineOfText(buffer, sm.getSpellingLineNumber(expansion)));
  if (loc.isMacroID()) {
    // Point at the macro's body too, as Clang does: the error is in the expansion of that text.
    clang::SourceLocation spelling = sm.getSpellingLoc(loc);
    llvm::StringRef macroName = clang::Lexer::getImmediateMacroName(loc, sm, impl_->langOptions);
    Diagnostic note;
    note.severity = Severity::Note;
    note.message = "expanded from macro '" + macroName.str() + "'";
    note.range.begin = location(spelling);
    bool noteInvalid = false;
    llvm::StringRef noteBuffer = sm.getBufferData(sm.getFileID(spelling), &noteInvalid);
    if (!noteInvalid) note.sourceLine = std::string(lineOfText(noteBuffer, sm.getSpellingLineNumber(spelling)));
    d.notes.push_back(std::move(note));
  }
  return d;
}

std::string PreprocessedUnit::spelling(const clang::Token& token) const { return impl_->pp->getSpelling(token); }

static std::string absolutePath(const std::string& fileName) {
  llvm::SmallString<256> path(fileName);
  llvm::sys::fs::make_absolute(path);
  llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
  return std::string(path.str());
}

// Rebuilds text from tokens the way `clang -E` does: same line structure where possible,
// `#line` markers where the presumed location jumps (includes, #line, long gaps).
static void printTokens(PreprocessedUnit& unit, const std::vector<clang::Token>& tokens, std::string& text,
                        std::vector<PreprocessedLine>& lineMap) {
  clang::SourceManager& sm = unit.sourceManager();
  PresumedLineCache cache;
  std::string currentFile;
  uint32_t currentLine = 0;
  bool lineHasText = false;
  auto newline = [&] {
    text += '\n';
    lineMap.push_back({currentFile, currentLine});
    ++currentLine;
    lineHasText = false;
  };
  for (const clang::Token& token : tokens) {
    if (token.is(clang::tok::eof)) break;
    FastPresumed presumed = presumedLoc(sm, sm.getExpansionLoc(token.getLocation()), cache);
    if (!presumed.file) continue;
    std::string file = presumed.file;
    uint32_t line = presumed.line;
    if (file != currentFile || line < currentLine || line > currentLine + 8) {
      if (lineHasText) newline();
      currentFile = file;
      currentLine = line;
      text += "#line " + std::to_string(line) + " \"" + file + "\"";
      lineMap.push_back({currentFile, line});
      text += '\n';
    } else if (line > currentLine || (token.isAtStartOfLine() && lineHasText)) {
      while (currentLine < line) newline();
      if (lineHasText) newline();
    }
    if (!lineHasText) {
      uint32_t column = presumed.column;
      if (column > 1) text.append(column - 1, ' ');
    } else if (token.hasLeadingSpace()) {
      text += ' ';
    }
    text += unit.spelling(token);
    lineHasText = true;
  }
  if (lineHasText) newline();
}

std::unique_ptr<PreprocessedUnit> preprocess(const std::string& fileName, std::string_view source,
                                             const PreprocessOptions& options) {
  std::unique_ptr<PreprocessedUnit> unit(new PreprocessedUnit());
  PreprocessedUnit::Impl& impl = *unit->impl_;
  std::string mainPath = absolutePath(fileName);

  impl.memoryFs = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  impl.overlayFs = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(llvm::vfs::getRealFileSystem());
  impl.overlayFs->pushOverlay(impl.memoryFs);
  impl.memoryFs->addFile(mainPath, 0, llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(source.data(), source.size()), mainPath));

  impl.diagIds = llvm::makeIntrusiveRefCnt<clang::DiagnosticIDs>();
  impl.diagOptions = llvm::makeIntrusiveRefCnt<clang::DiagnosticOptions>();
  impl.diags = std::make_unique<clang::DiagnosticsEngine>(impl.diagIds, impl.diagOptions, &impl, /*ShouldOwnClient=*/false);
  impl.fileManager = std::make_unique<clang::FileManager>(clang::FileSystemOptions{}, impl.overlayFs);
  impl.sourceManager = std::make_unique<clang::SourceManager>(*impl.diags, *impl.fileManager);

  ProfileInfo profile = parseProfile(options.profile);
  // Clang is only the preprocessor here (the shader model macros are ours, above), but building
  // its target parses the triple, and LLVM 19's parser knows shader models 6.0-6.8 only: any
  // other (6.9, lib_6_x's offline 6.15, a profile no one checked) was report_fatal_error.
  const int tripleMajor = 6, tripleMinor = profile.major == 6 && profile.minor >= 0 && profile.minor <= 8 ? profile.minor : 8;
  llvm::Triple triple("dxil-pc-shadermodel" + std::to_string(tripleMajor) + "." + std::to_string(tripleMinor) +
                      "-compute");
  std::vector<std::string> noIncludes;
  clang::LangOptions::setLangDefaults(impl.langOptions, clang::Language::HLSL, triple, noIncludes,
                                      clang::LangStandard::lang_hlsl2021);
  // DXC accepts `//` comments, `#pragma once`, and treats unknown pragmas as no-ops.
  impl.langOptions.LineComment = true;
  impl.targetOptions = std::make_shared<clang::TargetOptions>();
  impl.targetOptions->Triple = triple.str();
  impl.target = clang::TargetInfo::CreateTargetInfo(*impl.diags, impl.targetOptions);

  impl.headerSearchOptions = std::make_shared<clang::HeaderSearchOptions>();
  impl.headerSearch = std::make_unique<clang::HeaderSearch>(impl.headerSearchOptions, *impl.sourceManager, *impl.diags,
                                                            impl.langOptions, impl.target.get());
  std::vector<clang::DirectoryLookup> lookups;
  for (const std::string& dir : options.includeDirs) {
    if (auto ref = impl.fileManager->getOptionalDirectoryRef(dir))
      lookups.emplace_back(*ref, clang::SrcMgr::C_User, /*isFramework=*/false);
  }
  // -I directories serve both "" and <> includes, as in DXC.
  impl.headerSearch->SetSearchPaths(lookups, /*angledDirIdx=*/0, /*systemDirIdx=*/static_cast<unsigned>(lookups.size()),
                                     llvm::DenseMap<unsigned, unsigned>());

  impl.ppOptions = std::make_shared<clang::PreprocessorOptions>();
  // `#pragma clang __debug crash` (SIGILL), `overflow_stack`, `llvm_fatal_error`, `assert` and
  // `llvm_unreachable` are Clang's own test hooks: in a shader they only take the app down.
  impl.ppOptions->DisablePragmaDebugCrash = true;
  impl.pp = std::make_unique<clang::Preprocessor>(impl.ppOptions, *impl.diags, impl.langOptions, *impl.sourceManager,
                                                  *impl.headerSearch, impl.moduleLoader, nullptr,
                                                  /*OwnsHeaderSearch=*/false, clang::TU_Complete);
  impl.pp->Initialize(*impl.target);
  impl.pp->setPredefines(predefinedMacros(options));

  auto mainEntry = impl.fileManager->getFileRef(mainPath);
  if (!mainEntry) {
    unit->diagnostics_.push_back(Diagnostic::error({fileName, 0, 0}, "cannot open source file"));
    impl.tokens.emplace_back();
    impl.tokens.back().startToken();
    impl.tokens.back().setKind(clang::tok::eof);
    return unit;
  }
  impl.sourceManager->setMainFileID(impl.sourceManager->createFileID(*mainEntry, clang::SourceLocation(), clang::SrcMgr::C_User));
  impl.diags->getClient()->BeginSourceFile(impl.langOptions, impl.pp.get());
  auto budget = std::make_unique<ExpansionBudget>(*impl.pp);
  ExpansionBudget* expansions = budget.get();
  impl.pp->addPPCallbacks(std::move(budget));
  impl.pp->EnterMainSourceFile();
  clang::Token token;
  bool reported = false;
  auto overBudget = [&](clang::SourceLocation at, const std::string& what) {
    unit->diagnostics_.push_back(unit->makeDiagnostic(Severity::Error, at, what + " (a macro that expands without bound?)"));
    reported = true;
  };
  do {
    impl.pp->Lex(token);
    // Over a budget the source ends here: what follows is the runaway expansion.
    if (expansions->exceeded && !reported)
      overBudget(expansions->where, "macro expansion copies more than " + std::to_string(kMaxMacroExpansionWork) + " tokens");
    if (impl.tokens.size() >= kMaxPreprocessedTokens && !reported)
      overBudget(token.getLocation(), "the preprocessed source has more than " + std::to_string(kMaxPreprocessedTokens) + " tokens");
    if (reported) {
      token.startToken();
      token.setKind(clang::tok::eof);
    }
    impl.tokens.push_back(token);
  } while (token.isNot(clang::tok::eof));
  impl.diags->getClient()->EndSourceFile();
  printTokens(*unit, impl.tokens, unit->text_, unit->lineMap_);
  return unit;
}

}  // namespace sl::frontend
