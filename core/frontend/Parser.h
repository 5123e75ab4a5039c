// Recursive-descent parser for HLSL 2021 over Clang's preprocessed tokens. It asks Sema to build
// every node as it goes (name lookup decides casts vs parenthesized expressions and declarations vs
// expressions), recovers at statement and declaration boundaries, and instantiates templates by
// replaying their tokens with the arguments bound.
#pragma once

#include "core/frontend/Sema.h"

#include <clang/Basic/TokenKinds.h>

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace sl::frontend {

// Limits on how deeply input may nest. Every later walk over the AST, the IR and the back ends'
// input is recursive (Sema's folding, irgen, the printers, region nesting), so the parser, the one
// place all input passes first, bounds the depth of what it builds; past a limit it reports one
// located error and stops (as Clang's bracket-depth error does). The limits leave room on an 8 MB
// stack (the main thread's, and the compile worker's) for the deepest walk: docs/frontend.md.
inline constexpr int kMaxBracketDepth = 256;        // parser recursion: ( [ { nesting, unary/cast chains, namespaces
inline constexpr unsigned kMaxExpressionDepth = 2048;  // height of an expression tree (a chain of 2048 `+` is 2048)
inline constexpr int kMaxStatementDepth = 2048;     // statements in statements, each `else if` of a chain one level
inline constexpr unsigned kMaxTypeDepth = 128;      // arrays of arrays, structs in structs (SPIR-V allows 255 structs)

class Parser {
public:
  Parser(PreprocessedUnit& unit, Sema& sema);
  void parseTranslationUnit();

private:
  struct Token {
    clang::tok::TokenKind kind = clang::tok::eof;
    std::string text;
    clang::SourceLocation loc;
    bool word = false;  // identifier or keyword
  };
  struct DeclSpec {
    bool isStatic = false, isConst = false, isUniform = false, isGroupShared = false, isExtern = false;
    bool isInline = false, isExport = false, isTypedef = false;
    bool hasDirection = false;
    ParamDirection direction = ParamDirection::In;
    MatrixLayout layout = MatrixLayout::Default;
    std::vector<std::string> modifiers;
    std::vector<clang::SourceLocation> modifierLocs;  // parallel to modifiers
    std::vector<Attribute> attributes;
    const Type* type = nullptr;
    clang::SourceLocation loc;
    Decl* definedType = nullptr;  // struct/enum defined inline in the specifier
    const TypedefDecl* typedefName = nullptr;  // the declared typedef `type` was named by, if any
  };

  // Words that modify a declaration (static, const, in, row_major, ...); the contextual ones are
  // also ordinary identifiers (`float3 center; center = x;`): modifiers only when a word follows.
  static bool isTypeModifierWord(const std::string& w);
  static bool isContextualModifierWord(const std::string& w);

  // ---- tokens
  const Token& cur() const;
  const Token& peek(size_t n) const;
  bool is(clang::tok::TokenKind kind) const;
  bool isWord(const char* word) const;
  bool peekIs(size_t n, clang::tok::TokenKind kind) const;
  void consume();
  bool tryConsume(clang::tok::TokenKind kind);
  bool tryConsumeWord(const char* word);
  bool expect(clang::tok::TokenKind kind, const char* what);
  bool expectGreater();
  void skipUntil(std::initializer_list<clang::tok::TokenKind> stops, bool consumeStop);
  void skipBalanced();  // skips one token or a whole (), [], {} group
  void errorHere(const std::string& message);
  // Reports a depth limit at `loc` and ends the parse there: every later token reads as end of
  // file, and diagnostics the unwinding produces are dropped, so deep input gives one error.
  void stopParsing(clang::SourceLocation loc, const std::string& message);
  // Height of an expression tree the parser built (1 for leaves and for nodes it did not record).
  unsigned depthOf(const Expr* e) const;
  // Records `e` as one level above its operands; past kMaxExpressionDepth stops the parse.
  Expr* nested(Expr* e, std::initializer_list<const Expr*> operands);
  Expr* nested(Expr* e, const Expr* first, const std::vector<Expr*>& rest);
  // Enters one level of parser recursion; false (the parse stopped) past kMaxBracketDepth.
  bool enterBracket(const char* what);
  // Levels of arrays and structs (fields and bases) in `t`; memoized.
  unsigned typeDepth(const Type* t);
  unsigned recordDepth(const StructDecl* s);
  unsigned tokenLength(const Token& t) const { return unsigned(t.text.size()); }

  // ---- declarations
  void parseExternalDeclaration(std::vector<Decl*>& out, bool inNamespace);
  void parseNamespace(std::vector<Decl*>& out);
  void parseCBuffer(std::vector<Decl*>& out, std::vector<Attribute> attributes = {});
  void parseTemplateDeclaration(std::vector<Decl*>& out);
  Decl* parseEnum();
  StructDecl* parseStruct(const std::string& nameOverride = "");
  void parseTypedef(std::vector<Decl*>& out);
  void parseUsing(std::vector<Decl*>& out);
  bool parseDeclSpec(DeclSpec& spec, bool allowDefinitions);
  bool sameParams(const FunctionDecl* a, const FunctionDecl* b) const;
  void parseDeclarators(DeclSpec& spec, std::vector<Decl*>& out, StorageClass storage, CBufferDecl* cbuffer,
                        StructDecl* record);
  FunctionDecl* parseFunctionRest(DeclSpec& spec, const std::string& name, clang::SourceLocation nameLoc,
                                  StructDecl* record);
  // `T S::f(...) {...}` and `T S::x = ...;`: members defined outside their struct.
  void parseOutOfLineMember(DeclSpec& spec, StructDecl* record, const std::string& name, clang::SourceLocation nameLoc);
  Expr* parseSizeof(clang::SourceLocation loc);
  VarDecl* parseParameter();
  const Type* parseArrayDims(const Type* type, bool allowUnsized, std::vector<clang::SourceLocation>* unsizedAt = nullptr);
  // `all`, when given, receives every register() annotation in order.
  void parsePostDeclarator(std::string& semantic, RegisterBinding& binding, std::string& packOffset,
                           std::vector<RegisterBinding>* all = nullptr);
  Expr* parseInitializer(const Type* type);
  Expr* parseInitializerItem();
  void parseAttributes(std::vector<Attribute>& out);
  bool atAttribute() const;
  void parseBracketAttribute(std::vector<Attribute>& out);
  void parseDoubleBracketAttribute(std::vector<Attribute>& out);
  void finishAttribute(Attribute& a);

  // ---- types
  const Type* parseType(bool allowDefinitions, DeclSpec* spec = nullptr);
  // If the tokens at `at` spell a type name, returns the index just past it (0 otherwise).
  size_t scanTypeName(size_t at) const;
  bool startsDeclaration() const;
  bool startsTypeForCast() const;
  const Type* parseTemplateArgumentType();
  bool parseTemplateArguments(std::vector<const Type*>& typesOut, std::vector<int64_t>& valuesOut,
                              std::vector<bool>& isType);
  const Type* instantiateStructTemplate(TemplateDecl* tmpl, const std::vector<const Type*>& typeArgs,
                                        const std::vector<int64_t>& valueArgs, const std::vector<bool>& isType,
                                        clang::SourceLocation loc);
  FunctionDecl* instantiateFunctionTemplate(TemplateDecl* tmpl, std::vector<const Type*> typeArgs,
                                            std::vector<int64_t> valueArgs, std::vector<bool> isType,
                                            const std::vector<Expr*>& callArgs, clang::SourceLocation loc);
  static std::string templateKeyOf(const std::vector<const Type*>& typeArgs, const std::vector<int64_t>& valueArgs,
                                   const std::vector<bool>& isType);
  Decl* replayTemplate(TemplateDecl* tmpl, const std::vector<const Type*>& typeArgs,
                       const std::vector<int64_t>& valueArgs, const std::vector<bool>& isType,
                       const std::string& key);

  // ---- statements
  Stmt* parseStatement();
  CompoundStmt* parseCompound();
  Stmt* parseDeclarationStatement();
  Stmt* parseIf(std::vector<Attribute> attrs);
  Stmt* parseFor(std::vector<Attribute> attrs);
  Stmt* parseWhile(std::vector<Attribute> attrs);
  Stmt* parseDo(std::vector<Attribute> attrs);
  Stmt* parseSwitch(std::vector<Attribute> attrs);
  Stmt* parseReturn();
  Expr* parseCondition(const char* what);

  // ---- expressions
  Expr* parseExpression();            // includes the comma operator
  Expr* parseAssignment();
  Expr* parseConditional();
  Expr* parseBinary(int minPrecedence);
  Expr* parseUnary();
  Expr* parsePostfix(Expr* e);
  Expr* parsePrimary();
  Expr* parseNumber();
  Expr* parseNameExpression();
  std::vector<Expr*> parseCallArguments();
  int binaryPrecedence(clang::tok::TokenKind kind) const;

  PreprocessedUnit& unit_;
  Sema& sema_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  bool splitGreater_ = false;  // the current `>>` has had its first `>` consumed
  int templateDepth_ = 0;
  int bracketDepth_ = 0;    // parser recursion (expressions, types, namespaces, initializer lists)
  int statementDepth_ = 0;  // statement nesting, else-if chains included
  int typeNesting_ = 0;     // template arguments in template arguments
  const TypedefDecl* namedTypedef_ = nullptr;  // the last declared typedef a type name resolved to
  std::unordered_map<const Expr*, unsigned> exprDepth_;
  std::unordered_map<const void*, unsigned> typeDepth_;  // types and complete structs
  bool stopped_ = false;
  size_t stopMark_ = 0;  // diagnostics before the stop
  clang::SourceLocation stopLoc_;
  std::string stopMessage_;
  std::vector<std::pair<FunctionDecl*, std::pair<size_t, size_t>>> pendingMethodBodies_;
  std::map<NamespaceDecl*, bool> namespaces_;
};

}  // namespace sl::frontend
