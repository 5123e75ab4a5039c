// Parser: token access, declarations, types, attributes and templates.
#include "core/frontend/Parser.h"

#include <clang/Lex/Token.h>

#include <algorithm>
#include <charconv>

namespace sl::frontend {

using clang::tok::TokenKind;
namespace tok = clang::tok;

namespace {
constexpr int kMaxTemplateDepth = 16;

bool isTypeModifierWord(const std::string& w) {
  static const char* kWords[] = {"static", "const", "uniform", "groupshared", "extern", "inline", "export",
                                 "precise", "row_major", "column_major", "snorm", "unorm", "nointerpolation",
                                 "linear", "centroid", "sample", "noperspective", "center", "globallycoherent", "volatile",
                                 "in", "out", "inout", "shared", "reordercoherent", "indices", "vertices",
                                 "primitives", "payload"};
  for (const char* k : kWords)
    if (w == k) return true;
  return false;
}

// Modifier words that are also ordinary identifiers (`float3 center; center = x;`): they are
// modifiers only when another word follows.
bool isContextualModifierWord(const std::string& w) {
  return w == "sample" || w == "linear" || w == "centroid" || w == "center" || w == "noperspective" || w == "indices" ||
         w == "vertices" || w == "primitives" || w == "payload" || w == "shared";
}
}  // namespace

Parser::Parser(PreprocessedUnit& unit, Sema& sema) : unit_(unit), sema_(sema) {
  for (const clang::Token& t : unit.tokens()) {
    Token token;
    token.kind = t.getKind();
    token.loc = t.getLocation();
    if (t.is(tok::eof)) {
      tokens_.push_back(token);
      break;
    }
    token.word = t.getIdentifierInfo() != nullptr;
    token.text = unit.spelling(t);
    tokens_.push_back(std::move(token));
  }
  if (tokens_.empty() || tokens_.back().kind != tok::eof) tokens_.emplace_back();
}

// ---------------------------------------------------------------------------------------------
// Tokens

const Parser::Token& Parser::cur() const {
  if (stopped_) return tokens_.back();  // eof
  return tokens_[std::min(pos_, tokens_.size() - 1)];
}
const Parser::Token& Parser::peek(size_t n) const {
  if (stopped_) return tokens_.back();
  return tokens_[std::min(pos_ + n, tokens_.size() - 1)];
}

bool Parser::is(TokenKind kind) const {
  if (splitGreater_) return kind == tok::greater;
  return cur().kind == kind;
}
bool Parser::peekIs(size_t n, TokenKind kind) const { return peek(n).kind == kind; }
bool Parser::isWord(const char* word) const { return !splitGreater_ && cur().word && cur().text == word; }

void Parser::consume() {
  splitGreater_ = false;
  // Not inside a template's body: its errors are deferred to an instantiation that may not come.
  if (templateDepth_ == 0 && sema_.errorLimitReached() && !stopped_)
    stopParsing(cur().loc, "too many errors emitted, stopping now [-ferror-limit=" +
                               std::to_string(sema_.options().errorLimit) + "]");
  if (pos_ + 1 < tokens_.size()) ++pos_;
}

bool Parser::tryConsume(TokenKind kind) {
  if (!is(kind)) return false;
  consume();
  return true;
}

bool Parser::tryConsumeWord(const char* word) {
  if (!isWord(word)) return false;
  consume();
  return true;
}

void Parser::stopParsing(clang::SourceLocation loc, const std::string& message) {
  if (stopped_) return;
  stopped_ = true;
  splitGreater_ = false;
  stopMark_ = sema_.diagnostics().size();
  stopLoc_ = loc;
  stopMessage_ = message;
}

bool Parser::enterBracket(const char* what) {
  if (stopped_) return false;
  if (bracketDepth_ >= kMaxBracketDepth) {
    stopParsing(cur().loc, std::string(what) + " nested too deeply (limit " + std::to_string(kMaxBracketDepth) + ")");
    return false;
  }
  ++bracketDepth_;
  return true;
}

unsigned Parser::recordDepth(const StructDecl* s) {
  if (auto it = typeDepth_.find(s); it != typeDepth_.end()) return it->second;
  unsigned depth = 0;
  if (s->base) depth = recordDepth(s->base);
  for (const VarDecl* f : s->fields) depth = std::max(depth, typeDepth(f->type));
  if (s->complete) typeDepth_[s] = depth + 1;
  return depth + 1;
}

unsigned Parser::typeDepth(const Type* t) {
  if (!t) return 0;
  if (t->isStruct()) return t->record ? recordDepth(t->record) : 1;
  if (!t->isArray()) return 1;
  if (auto it = typeDepth_.find(t); it != typeDepth_.end()) return it->second;
  unsigned depth = typeDepth(t->element) + 1;
  typeDepth_[t] = depth;
  return depth;
}

unsigned Parser::depthOf(const Expr* e) const {
  auto it = exprDepth_.find(e);
  return it == exprDepth_.end() ? 1 : it->second;
}

Expr* Parser::nested(Expr* e, std::initializer_list<const Expr*> operands) {
  unsigned depth = 0;
  for (const Expr* o : operands)
    if (o) depth = std::max(depth, depthOf(o));
  if (depth + 1 > kMaxExpressionDepth) {
    stopParsing(e->loc, "expression nested too deeply (limit " + std::to_string(kMaxExpressionDepth) + ")");
    return sema_.errorExpr(e->loc);
  }
  if (depth + 1 > 1) exprDepth_[e] = depth + 1;
  return e;
}

Expr* Parser::nested(Expr* e, const Expr* first, const std::vector<Expr*>& rest) {
  unsigned depth = first ? depthOf(first) : 0;
  for (const Expr* o : rest) depth = std::max(depth, depthOf(o));
  if (depth + 1 > kMaxExpressionDepth) {
    stopParsing(e->loc, "expression nested too deeply (limit " + std::to_string(kMaxExpressionDepth) + ")");
    return sema_.errorExpr(e->loc);
  }
  if (depth + 1 > 1) exprDepth_[e] = depth + 1;
  return e;
}

void Parser::errorHere(const std::string& message) {
  if (cur().kind == tok::eof) sema_.error(cur().loc, message);
  else sema_.error(cur().loc, message, tokenLength(cur()));
}

bool Parser::expect(TokenKind kind, const char* what) {
  if (tryConsume(kind)) return true;
  std::string found = cur().kind == tok::eof ? "end of file" : "'" + cur().text + "'";
  // Point just past the previous token for a missing ';' as Clang does.
  if (kind == tok::semi && pos_ > 0) {
    const Token& prev = tokens_[pos_ - 1];
    sema_.error(prev.loc.getLocWithOffset(int(prev.text.size())), std::string("expected ") + what);
    return false;
  }
  errorHere(std::string("expected ") + what + " before " + found);
  return false;
}

bool Parser::expectGreater() {
  if (splitGreater_) {
    consume();
    return true;
  }
  if (cur().kind == tok::greater) {
    consume();
    return true;
  }
  if (cur().kind == tok::greatergreater) {
    splitGreater_ = true;
    return true;
  }
  errorHere("expected '>'");
  return false;
}

void Parser::skipBalanced() {
  TokenKind open = cur().kind;
  TokenKind close;
  if (open == tok::l_paren) close = tok::r_paren;
  else if (open == tok::l_square) close = tok::r_square;
  else if (open == tok::l_brace) close = tok::r_brace;
  else {
    consume();
    return;
  }
  int depth = 0;
  while (cur().kind != tok::eof) {
    if (cur().kind == open) ++depth;
    else if (cur().kind == close && --depth == 0) {
      consume();
      return;
    }
    consume();
  }
}

void Parser::skipUntil(std::initializer_list<TokenKind> stops, bool consumeStop) {
  while (cur().kind != tok::eof) {
    for (TokenKind s : stops)
      if (cur().kind == s) {
        if (consumeStop) consume();
        return;
      }
    if (cur().kind == tok::r_brace) return;  // never skip out of the enclosing block
    skipBalanced();
  }
}

// ---------------------------------------------------------------------------------------------
// Translation unit

void Parser::parseTranslationUnit() {
  while (cur().kind != tok::eof) {
    size_t before = pos_;
    parseExternalDeclaration(sema_.tu().decls, false);
    if (pos_ == before) {
      errorHere("expected a declaration");
      skipBalanced();
    }
  }
  sema_.finishTranslationUnit();
  if (stopped_) {
    // What the unwinding and the checks of a partial translation unit said is noise.
    sema_.takeDiagnosticsSince(stopMark_);
    sema_.finalError(stopLoc_, stopMessage_);
  }
}

void Parser::parseExternalDeclaration(std::vector<Decl*>& out, bool inNamespace) {
  (void)inNamespace;
  if (tryConsume(tok::semi)) return;
  if (is(tok::r_brace)) {
    errorHere("extraneous closing brace ('}')");
    consume();
    return;
  }
  if (isWord("namespace")) return parseNamespace(out);
  std::vector<Attribute> leading;
  if (atAttribute()) parseAttributes(leading);
  if (isWord("cbuffer") || isWord("tbuffer")) return parseCBuffer(out, std::move(leading));
  if (isWord("template")) return parseTemplateDeclaration(out);
  if (isWord("typedef")) return parseTypedef(out);
  if (isWord("using")) return parseUsing(out);
  if (isWord("export") && peekIs(1, tok::l_brace)) {
    consume();
    consume();
    while (!is(tok::r_brace) && !is(tok::eof)) {
      size_t before = pos_;
      parseExternalDeclaration(out, inNamespace);
      if (pos_ == before) skipBalanced();
    }
    expect(tok::r_brace, "'}'");
    return;
  }
  DeclSpec spec;
  spec.attributes = std::move(leading);
  size_t start = pos_;
  if (!parseDeclSpec(spec, true)) {
    if (pos_ == start) {
      errorHere(cur().word ? "unknown type name '" + cur().text + "'" : "expected a declaration");
      consume();
    }
    skipUntil({tok::semi}, true);
    return;
  }
  if (spec.definedType) out.push_back(spec.definedType);
  if (tryConsume(tok::semi)) return;  // `struct S { ... };`
  parseDeclarators(spec, out, spec.isStatic ? StorageClass::Static
                              : spec.isGroupShared ? StorageClass::GroupShared
                                                   : StorageClass::Uniform,
                   nullptr, nullptr);
}

void Parser::parseNamespace(std::vector<Decl*>& out) {
  clang::SourceLocation loc = cur().loc;
  consume();
  if (!cur().word) {
    errorHere("expected namespace name");
    skipUntil({tok::semi}, true);
    return;
  }
  std::string name = cur().text;
  consume();
  if (is(tok::coloncolon)) {
    errorHere("nested namespace definition must define each namespace separately");
    skipUntil({tok::l_brace}, false);
    skipBalanced();
    return;
  }
  NamespaceDecl* ns = nullptr;
  for (Decl* d : sema_.currentScope()->names[name])
    if (d->kind == DeclKind::Namespace) ns = static_cast<NamespaceDecl*>(d);
  if (!ns) {
    ns = sema_.ast().make<NamespaceDecl>();
    ns->name = name;
    ns->loc = loc;
    sema_.checkRedeclaration(ns);
    sema_.declare(ns);
    out.push_back(ns);
  }
  if (!expect(tok::l_brace, "'{'")) return;
  if (!enterBracket("namespace")) return;
  struct DepthGuard {
    int& d;
    ~DepthGuard() { --d; }
  } guard{bracketDepth_};
  Scope* scope = sema_.pushScope(Scope::Kind::Namespace);
  scope->ns = ns;
  scope->prefix += name + "::";
  for (Decl* d : ns->decls) sema_.declare(d, scope);
  while (!is(tok::r_brace) && !is(tok::eof)) {
    size_t before = pos_;
    std::vector<Decl*> decls;
    parseExternalDeclaration(decls, true);
    // Most declarations register themselves with the namespace; add the rest (cbuffers, ...).
    for (Decl* d : decls)
      if (std::find(ns->decls.begin(), ns->decls.end(), d) == ns->decls.end()) ns->decls.push_back(d);
    if (pos_ == before) skipBalanced();
  }
  sema_.popScope();
  expect(tok::r_brace, "'}'");
}

void Parser::parseCBuffer(std::vector<Decl*>& out, std::vector<Attribute> attributes) {
  auto* cb = sema_.ast().make<CBufferDecl>();
  cb->attributes = std::move(attributes);
  cb->isTBuffer = isWord("tbuffer");
  cb->loc = cur().loc;
  consume();
  if (cur().word) {
    cb->name = cur().text;
    cb->loc = cur().loc;
    consume();
  }
  std::string semantic, packOffset;
  parsePostDeclarator(semantic, cb->binding, packOffset);
  if (!expect(tok::l_brace, "'{'")) {
    skipUntil({tok::semi}, true);
    return;
  }
  out.push_back(cb);
  while (!is(tok::r_brace) && !is(tok::eof)) {
    size_t before = pos_;
    DeclSpec spec;
    if (!parseDeclSpec(spec, true)) {
      if (pos_ == before) {
        errorHere(cur().word ? "unknown type name '" + cur().text + "'" : "expected a member declaration");
        consume();
      }
      skipUntil({tok::semi}, true);
      continue;
    }
    if (tryConsume(tok::semi)) continue;
    std::vector<Decl*> members;
    parseDeclarators(spec, members, StorageClass::CBufferMember, cb, nullptr);
    for (Decl* d : members)
      if (d->kind == DeclKind::Var) cb->members.push_back(static_cast<VarDecl*>(d));
  }
  expect(tok::r_brace, "'}'");
  tryConsume(tok::semi);
}

void Parser::parseTypedef(std::vector<Decl*>& out) {
  consume();
  DeclSpec spec;
  if (!parseDeclSpec(spec, true)) {
    skipUntil({tok::semi}, true);
    return;
  }
  if (spec.definedType) out.push_back(spec.definedType);
  do {
    if (!cur().word) {
      errorHere("expected a typedef name");
      skipUntil({tok::semi}, true);
      return;
    }
    auto* td = sema_.ast().make<TypedefDecl>();
    td->name = cur().text;
    td->loc = cur().loc;
    consume();
    td->type = parseArrayDims(spec.type, false);
    td->declared = true;
    if (td->type == spec.type) td->aliasOf = spec.typedefName;
    if (sema_.currentScope()->kind == Scope::Kind::Struct)
      sema_.error(td->loc, "nested typedefs are not supported in HLSL");
    sema_.checkRedeclaration(td);
    sema_.declare(td);
    if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(td);
    out.push_back(td);
  } while (tryConsume(tok::comma));
  expect(tok::semi, "';' after typedef");
}

void Parser::parseUsing(std::vector<Decl*>& out) {
  consume();
  if (tryConsumeWord("namespace")) {
    if (cur().word) {
      if (Decl* d = sema_.lookupNamespaceOrType(cur().text); d && d->kind == DeclKind::Namespace)
        for (Decl* member : static_cast<NamespaceDecl*>(d)->decls) sema_.declare(member);
      else errorHere("expected namespace name");
      consume();
    }
    expect(tok::semi, "';'");
    return;
  }
  if (!cur().word || !peekIs(1, tok::equal)) {
    errorHere("expected an alias declaration ('using Name = Type;')");
    skipUntil({tok::semi}, true);
    return;
  }
  auto* td = sema_.ast().make<TypedefDecl>();
  td->name = cur().text;
  td->loc = cur().loc;
  consume();
  consume();
  namedTypedef_ = nullptr;
  td->type = parseType(false);
  td->declared = true;
  if (namedTypedef_ && namedTypedef_->type == td->type) td->aliasOf = namedTypedef_;
  if (!td->type) {
    errorHere("expected a type");
    skipUntil({tok::semi}, true);
    return;
  }
  if (const Type* withDims = parseArrayDims(td->type, false); withDims != td->type) {
    td->type = withDims;
    td->aliasOf = nullptr;
  }
  sema_.checkRedeclaration(td);
  sema_.declare(td);
  if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(td);
  out.push_back(td);
  expect(tok::semi, "';'");
}

Decl* Parser::parseEnum() {
  clang::SourceLocation loc = cur().loc;
  consume();
  auto* e = sema_.ast().make<EnumDecl>();
  e->loc = loc;
  if (tryConsumeWord("class") || tryConsumeWord("struct")) e->scoped = true;
  if (cur().word) {
    e->name = cur().text;
    e->loc = cur().loc;
    consume();
  }
  e->qualifiedName = sema_.currentScope()->prefix + e->name;
  e->underlying = sema_.types().intType();
  if (tryConsume(tok::colon)) {
    const Type* t = parseType(false);
    if (t && t->isScalar() && isIntKind(t->scalar)) e->underlying = t;
    else errorHere("expected an integer type");
  }
  sema_.checkRedeclaration(e);
  sema_.declare(e);
  if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(e);
  if (!expect(tok::l_brace, "'{'")) return e;
  int64_t next = 0;
  while (!is(tok::r_brace) && !is(tok::eof)) {
    if (!cur().word) {
      errorHere("expected an enumerator name");
      skipUntil({tok::comma, tok::r_brace}, false);
      if (!tryConsume(tok::comma)) break;
      continue;
    }
    auto* c = sema_.ast().make<EnumConstantDecl>();
    c->name = cur().text;
    c->loc = cur().loc;
    c->parent = e;
    consume();
    if (tryConsume(tok::equal)) {
      c->init = parseConditional();
      if (auto v = sema_.evaluateInt(c->init, c->init->loc, "enumerator value")) next = *v;
    }
    c->value = next++;
    e->constants.push_back(c);
    if (!e->scoped) {
      sema_.declare(c);
      if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(c);
    }
    if (!tryConsume(tok::comma)) break;
  }
  expect(tok::r_brace, "'}'");
  return e;
}

StructDecl* Parser::parseStruct(const std::string& nameOverride) {
  bool isClass = isWord("class");
  clang::SourceLocation loc = cur().loc;
  consume();
  std::vector<Attribute> ignored;
  if (atAttribute()) parseAttributes(ignored);
  std::string name;
  if (cur().word && !isWord("{")) {
    name = cur().text;
    loc = cur().loc;
    consume();
  }
  if (!nameOverride.empty()) {
    name = nameOverride;
    if (is(tok::less)) {
      // The argument list of an explicit specialization being replayed.
      int depth = 0;
      while (!is(tok::eof)) {
        if (is(tok::less)) ++depth;
        if (is(tok::greater)) --depth;
        if (is(tok::greatergreater)) depth -= 2;
        consume();
        if (depth <= 0) break;
      }
    }
  }
  // A reference to an existing struct (`struct S s;`).
  if (!is(tok::l_brace) && !is(tok::colon)) {
    for (Decl* d : sema_.lookup(name))
      if (d->kind == DeclKind::Struct) return static_cast<StructDecl*>(d);
    auto* fwd = sema_.ast().make<StructDecl>();
    fwd->name = name;
    fwd->loc = loc;
    fwd->isClass = isClass;
    fwd->qualifiedName = sema_.currentScope()->prefix + name;
    sema_.declare(fwd);
    return fwd;
  }
  StructDecl* s = nullptr;
  // Complete an earlier forward declaration in the same scope.
  for (Decl* d : sema_.currentScope()->names[name])
    if (d->kind == DeclKind::Struct && !static_cast<StructDecl*>(d)->complete) s = static_cast<StructDecl*>(d);
  if (!s) {
    s = sema_.ast().make<StructDecl>();
    s->name = name;
    s->anonymous = name.empty();
    s->qualifiedName = sema_.currentScope()->prefix + name;
    if (name.empty()) s->qualifiedName = "(anonymous struct)";
    s->loc = loc;
    s->isClass = isClass;
    sema_.checkRedeclaration(s);
    sema_.declare(s);
    if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(s);
    if (sema_.currentScope()->record) sema_.currentScope()->record->nestedTypes.push_back(s);
  }
  if (tryConsume(tok::colon)) {
    if (isWord("public") || isWord("private") || isWord("protected")) {
      errorHere("base class access specifiers are not supported in HLSL");
      consume();
    }
    const clang::SourceLocation baseLoc = cur().loc;
    const Type* base = parseType(false);
    if (base && base->isStruct() && !base->record->complete)
      // Deriving from a struct still being defined (e.g. its enclosing struct) would make it
      // contain itself.
      sema_.error(baseLoc, "base class has incomplete type '" + base->record->qualifiedName + "'");
    else if (base && base->isStruct()) s->base = base->record;
    else errorHere("expected a base struct");
  }
  if (!expect(tok::l_brace, "'{'")) return s;
  Scope* scope = sema_.pushScope(Scope::Kind::Struct);
  scope->record = s;
  scope->prefix = s->qualifiedName + "::";
  size_t bodiesBefore = pendingMethodBodies_.size();
  while (!is(tok::r_brace) && !is(tok::eof)) {
    size_t before = pos_;
    if (tryConsume(tok::semi)) continue;
    if (isWord("public") || isWord("private") || isWord("protected")) {
      consume();
      expect(tok::colon, "':'");
      continue;
    }
    if (isWord("typedef")) {
      std::vector<Decl*> tds;
      parseTypedef(tds);
      for (Decl* d : tds) s->nestedTypes.push_back(d);
      continue;
    }
    if (isWord("enum")) {
      s->nestedTypes.push_back(parseEnum());
      tryConsume(tok::semi);
      continue;
    }
    if (isWord("template")) {
      std::vector<Decl*> templates;
      parseTemplateDeclaration(templates);
      for (Decl* d : templates) s->nestedTypes.push_back(d);
      continue;
    }
    if (isWord("using") && !peekIs(2, tok::equal)) {
      // `using Base::member;` re-exposes a base member; lookup already reaches base members.
      skipUntil({tok::semi}, true);
      continue;
    }
    if (isWord("using")) {
      std::vector<Decl*> aliases;
      parseUsing(aliases);
      for (Decl* d : aliases) s->nestedTypes.push_back(d);
      continue;
    }
    DeclSpec spec;
    if (!parseDeclSpec(spec, true)) {
      if (pos_ == before) {
        errorHere(cur().word ? "unknown type name '" + cur().text + "'" : "expected a member declaration");
        consume();
      }
      skipUntil({tok::semi}, true);
      continue;
    }
    if (tryConsume(tok::semi)) continue;
    std::vector<Decl*> members;
    parseDeclarators(spec, members, spec.isStatic ? StorageClass::StaticField : StorageClass::Field, nullptr, s);
  }
  s->complete = true;
  if (recordDepth(s) > kMaxTypeDepth)
    stopParsing(s->loc, "type nested too deeply (limit " + std::to_string(kMaxTypeDepth) + ")");
  expect(tok::r_brace, "'}'");
  // Method bodies see every member, so they are parsed after the closing brace.
  std::vector<std::pair<FunctionDecl*, std::pair<size_t, size_t>>> bodies(pendingMethodBodies_.begin() + long(bodiesBefore),
                                                                          pendingMethodBodies_.end());
  pendingMethodBodies_.resize(bodiesBefore);
  size_t resume = pos_;
  bool resumeSplit = splitGreater_;
  for (auto& [fn, range] : bodies) {
    pos_ = range.first;
    splitGreater_ = false;
    Scope* fnScope = sema_.pushScope(Scope::Kind::Function);
    fnScope->function = fn;
    for (VarDecl* p : fn->params) sema_.declare(p);
    size_t mark = sema_.diagnostics().size();
    size_t errorsBefore = sema_.errorCount();
    fn->body = parseCompound();
    if (templateDepth_ > 0 && sema_.errorCount() > errorsBefore) fn->deferredDiagnostics = sema_.takeDiagnosticsSince(mark);
    sema_.popScope();
  }
  pos_ = resume;
  splitGreater_ = resumeSplit;
  sema_.popScope();
  return s;
}

// ---------------------------------------------------------------------------------------------
// Declaration specifiers and declarators

bool Parser::parseDeclSpec(DeclSpec& spec, bool allowDefinitions) {
  spec.loc = cur().loc;
  while (true) {
    if (atAttribute()) {
      parseAttributes(spec.attributes);
      continue;
    }
    if (!cur().word || splitGreater_) break;
    const std::string& w = cur().text;
    if (!isTypeModifierWord(w)) break;
    // `sample`, `linear`, ... are also ordinary identifiers; they are modifiers only before a type.
    if (isContextualModifierWord(w) && !peek(1).word) break;
    if (w == "static") spec.isStatic = true;
    else if (w == "const") spec.isConst = true;
    else if (w == "uniform") spec.isUniform = true;
    else if (w == "groupshared") spec.isGroupShared = true;
    else if (w == "extern") spec.isExtern = true;
    else if (w == "inline") spec.isInline = true;
    else if (w == "export") spec.isExport = true;
    else if (w == "row_major") spec.layout = MatrixLayout::RowMajor;
    else if (w == "column_major") spec.layout = MatrixLayout::ColumnMajor;
    else if (w == "in" || w == "out" || w == "inout") {
      ParamDirection d = w == "in" ? ParamDirection::In : w == "out" ? ParamDirection::Out : ParamDirection::InOut;
      if (spec.hasDirection && !(spec.direction == ParamDirection::In && d == ParamDirection::Out) &&
          !(spec.direction == ParamDirection::Out && d == ParamDirection::In))
        errorHere("duplicate parameter qualifier '" + w + "'");
      if (spec.hasDirection && d != spec.direction) d = ParamDirection::InOut;
      spec.direction = d;
      spec.hasDirection = true;
    } else {
      spec.modifiers.push_back(w);
      spec.modifierLocs.push_back(cur().loc);
    }
    consume();
  }
  if (isWord("struct") || isWord("class")) {
    if (!allowDefinitions && (peekIs(2, tok::l_brace) || peekIs(1, tok::l_brace))) {
      errorHere("struct definitions are not allowed here");
    }
    size_t at = pos_;
    bool defines = peekIs(1, tok::l_brace) || peekIs(2, tok::l_brace) || peekIs(2, tok::colon);
    StructDecl* s = parseStruct();
    if (!s) return false;
    if (defines && at != pos_) spec.definedType = s;
    spec.type = sema_.types().structType(s);
  } else if (isWord("interface")) {
    errorHere("interfaces are not supported");
    return false;
  } else if (isWord("enum")) {
    Decl* e = parseEnum();
    spec.definedType = e;
    spec.type = sema_.types().enumType(static_cast<EnumDecl*>(e));
  } else {
    size_t before = pos_;
    namedTypedef_ = nullptr;
    spec.type = parseType(allowDefinitions, &spec);
    // Only when the whole specifier is the typedef (not a template argument inside it).
    if (namedTypedef_ && namedTypedef_->type == spec.type) spec.typedefName = namedTypedef_;
    if (!spec.type) {
      if (pos_ != before) return false;
      return false;
    }
  }
  // Modifiers after the type are an error in HLSL (`float const x` is accepted by Clang's C++ rules).
  while (cur().word && (cur().text == "const")) {
    spec.isConst = true;
    consume();
  }
  return true;
}

const Type* Parser::parseArrayDims(const Type* type, bool allowUnsized, std::vector<clang::SourceLocation>* unsizedAt) {
  std::vector<std::pair<uint32_t, clang::SourceLocation>> dims;
  while (is(tok::l_square)) {
    clang::SourceLocation loc = cur().loc;
    consume();
    if (tryConsume(tok::r_square)) {
      if (!allowUnsized) sema_.error(loc, "array size is required here");
      dims.push_back({0, loc});
      if (unsizedAt) unsizedAt->push_back(loc);
      continue;
    }
    Expr* size = parseExpression();
    uint32_t n = 1;
    if (auto v = sema_.evaluateInt(size, size->loc, "array size")) {
      if (*v <= 0) sema_.error(size->loc, "array size must be greater than zero");
      else n = uint32_t(*v);
    }
    expect(tok::r_square, "']'");
    dims.push_back({n, loc});
    if (typeDepth(type) + dims.size() > kMaxTypeDepth) {
      stopParsing(loc, "type nested too deeply (limit " + std::to_string(kMaxTypeDepth) + ")");
      return sema_.types().error();
    }
  }
  // `T a[2][3]` is an array of 2 arrays of 3. Absurd sizes are rejected before any flattening.
  uint64_t total = std::max<uint64_t>(1, flattenedCount(type));
  for (auto it = dims.rbegin(); it != dims.rend(); ++it) {
    total *= std::max<uint32_t>(1, it->first);
    if (total > (uint64_t(1) << 26)) {
      sema_.error(it->second, "array is too large");
      return sema_.types().error();
    }
    type = sema_.types().array(type, it->first);
  }
  return type;
}

void Parser::parsePostDeclarator(std::string& semantic, RegisterBinding& binding, std::string& packOffset,
                                 std::vector<RegisterBinding>* all) {
  while (is(tok::colon)) {
    consume();
    if (isWord("register")) {
      RegisterBinding one;  // this annotation alone; `binding` accumulates all of them
      binding.present = one.present = true;
      binding.loc = one.loc = cur().loc;
      consume();
      if (!expect(tok::l_paren, "'('")) return;
      while (!is(tok::r_paren) && !is(tok::eof)) {
        if (cur().word) {
          std::string w = cur().text;
          // The whole rest of the word, in 32 bits (atoi took `u99999999999999999999` for 4294967295
          // and `u1x` for 1); Clang's messages.
          auto number = [](const std::string& digits) -> std::optional<uint32_t> {
            uint32_t v = 0;
            auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
            if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
            return v;
          };
          if (w.rfind("space", 0) == 0 && w.size() > 5 && std::isdigit(static_cast<unsigned char>(w[5]))) {
            if (auto v = number(w.substr(5))) {
              binding.space = one.space = *v;
              binding.hasSpace = one.hasSpace = true;
            } else {
              errorHere("invalid space specifier '" + w + "' used; expected 'space' followed by an integer, like space1");
            }
          } else if (w.size() >= 2 && std::strchr("btusc", std::tolower(w[0])) &&
                     std::isdigit(static_cast<unsigned char>(w[1]))) {
            if (auto v = number(w.substr(1))) {
              binding.registerClass = one.registerClass = char(std::tolower(w[0]));
              binding.index = one.index = *v;
            } else {
              errorHere("register number should be an integer (in 32 bits): '" + w + "'");
            }
          } else if (w.find('_') != std::string::npos) {
            // A profile qualifier such as `ps_5_0`; ignored as DXC ignores it for other targets.
          } else {
            errorHere("invalid register specification '" + w + "'");
          }
        } else if (!is(tok::comma)) {
          errorHere("invalid register specification");
        }
        consume();
      }
      expect(tok::r_paren, "')'");
      if (all) all->push_back(one);
    } else if (isWord("packoffset")) {
      consume();
      if (!expect(tok::l_paren, "'('")) return;
      while (!is(tok::r_paren) && !is(tok::eof)) {
        packOffset += cur().text;
        consume();
      }
      expect(tok::r_paren, "')'");
    } else if (cur().word) {
      semantic = cur().text;
      consume();
    } else {
      errorHere("expected a semantic, register or packoffset after ':'");
      return;
    }
  }
}

VarDecl* Parser::parseParameter() {
  DeclSpec spec;
  size_t before = pos_;
  if (!parseDeclSpec(spec, false)) {
    if (pos_ == before) {
      errorHere(cur().word ? "unknown type name '" + cur().text + "'" : "expected a parameter declaration");
      consume();
    }
    return nullptr;
  }
  auto* p = sema_.ast().make<VarDecl>();
  p->storage = StorageClass::Param;
  p->direction = spec.direction;
  p->isConst = spec.isConst;
  p->layout = spec.layout;
  p->modifiers = spec.modifiers;
  p->attributes = spec.attributes;
  p->loc = cur().loc;
  if (cur().word) {
    p->name = cur().text;
    consume();
  }
  p->type = parseArrayDims(spec.type, true);
  if (p->type == spec.type) p->declaredAs = spec.typedefName;
  if (p->type->isVoid()) {
    sema_.error(p->loc, "parameter cannot have type 'void'");
    p->type = sema_.types().error();
  }
  parsePostDeclarator(p->semantic, p->binding, p->packOffset);
  sema_.mergeInterpolation(spec.modifiers, spec.modifierLocs, p->type, p->semantic, p->interpolation);
  if (tryConsume(tok::equal)) {
    Expr* def = parseAssignment();
    // Inside a template instance an unusable default only matters if a call relies on it (C++
    // instantiates default arguments lazily), so drop it silently there.
    if (templateDepth_ > 0 && !def->type->isError() && !sema_.canConvert(def->type, p->type, false)) p->defaultArg = nullptr;
    else p->defaultArg = sema_.convert(def, p->type, ConversionContext::Initialization);
  }
  return p;
}

FunctionDecl* Parser::parseFunctionRest(DeclSpec& spec, const std::string& name, clang::SourceLocation nameLoc,
                                        StructDecl* record) {
  auto* fn = sema_.ast().make<FunctionDecl>();
  fn->name = name;
  fn->loc = nameLoc;
  fn->returnType = spec.type;
  fn->attributes = spec.attributes;
  fn->parent = record;
  fn->isStatic = spec.isStatic && record;
  fn->qualifiedName = sema_.currentScope()->prefix + name;
  consume();  // (
  if (!(isWord("void") && peekIs(1, tok::r_paren))) {
    while (!is(tok::r_paren) && !is(tok::eof)) {
      VarDecl* p = parseParameter();
      if (p) fn->params.push_back(p);
      else skipUntil({tok::comma, tok::r_paren}, false);
      if (!tryConsume(tok::comma)) break;
    }
  } else {
    consume();
  }
  if (!expect(tok::r_paren, "')'")) skipUntil({tok::r_paren}, true);
  bool seenDefault = false;
  for (VarDecl* p : fn->params) {
    if (p->defaultArg) seenDefault = true;
    else if (seenDefault) sema_.error(p->loc, "missing default argument on parameter '" + p->name + "'");
  }
  // Return semantic.
  std::string packOffset;
  RegisterBinding ignored;
  parsePostDeclarator(fn->semantic, ignored, packOffset);
  sema_.mergeInterpolation(spec.modifiers, spec.modifierLocs, fn->returnType, fn->semantic, fn->interpolation);
  while (isWord("const")) consume();
  sema_.checkRedeclaration(fn, is(tok::l_brace));
  // A template instance is reached through its template, never by plain lookup (that would hide
  // the template's other overloads inside the instance's own body).
  if (sema_.currentScope()->kind != Scope::Kind::Template) sema_.declare(fn);
  if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(fn);
  if (record) record->methods.push_back(fn);
  if (is(tok::l_brace)) {
    if (record && !record->complete) {
      // Parsed after the struct's closing brace (parseStruct).
      size_t begin = pos_;
      skipBalanced();
      pendingMethodBodies_.push_back({fn, {begin, pos_}});
      // Mark as defined now so redeclaration checks and calls see a definition.
      fn->body = sema_.ast().make<CompoundStmt>();
      fn->body->loc = tokens_[begin].loc;
      return fn;
    }
    Scope* scope = sema_.pushScope(Scope::Kind::Function);
    scope->function = fn;
    for (VarDecl* p : fn->params) {
      sema_.checkRedeclaration(p);
      sema_.declare(p);
    }
    fn->body = parseCompound();
    sema_.popScope();
    sema_.finishFunction(fn);
    return fn;
  }
  expect(tok::semi, "';' after function declaration");
  return fn;
}

void Parser::parseDeclarators(DeclSpec& spec, std::vector<Decl*>& out, StorageClass storage, CBufferDecl* cbuffer,
                              StructDecl* record) {
  bool first = true;
  while (true) {
    if (record && is(tok::colon) && peekIs(1, tok::numeric_constant)) {
      // An unnamed bitfield (`uint : 2;`) only pads.
      auto* pad = sema_.ast().make<VarDecl>();
      pad->loc = cur().loc;
      pad->type = spec.type;
      pad->storage = StorageClass::Field;
      pad->parent = record;
      consume();
      Expr* width = parseConditional();
      if (auto v = sema_.evaluateInt(width, width->loc, "bitfield width")) pad->bitWidth = uint32_t(std::max<int64_t>(*v, 0));
      record->fields.push_back(pad);
      out.push_back(pad);
      first = false;
      if (!tryConsume(tok::comma)) break;
      continue;
    }
    if (is(tok::star) || is(tok::amp)) {
      errorHere(is(tok::star) ? "pointers are unsupported in HLSL" : "references are unsupported in HLSL");
      consume();
      continue;
    }
    if (!cur().word) {
      errorHere(first ? "expected an identifier after the type" : "expected an identifier");
      skipUntil({tok::semi}, true);
      return;
    }
    std::string name = cur().text;
    clang::SourceLocation nameLoc = cur().loc;
    consume();
    if (name == "operator") {
      // Member operator overloads (HLSL 2021): `T operator[](uint i)`, `S operator+(S o)`.
      if (is(tok::l_square) && peekIs(1, tok::r_square)) {
        name += "[]";
        consume();
        consume();
      } else if (is(tok::l_paren) && peekIs(1, tok::r_paren)) {
        name += "()";
        consume();
        consume();
      } else if (!cur().word && !is(tok::l_paren) && !is(tok::eof)) {
        name += cur().text;
        consume();
      } else {
        errorHere("expected an overloadable operator after 'operator'");
        skipUntil({tok::semi}, true);
        return;
      }
      if (!record) {
        sema_.error(nameLoc, "overloading non-member '" + name + "' is not allowed");
      } else if (name == "operator=" || name == "operator++" || name == "operator--" || name == "operator<<" ||
                 name == "operator>>" || name == "operator->" || (name.size() > 9 && name.back() == '=' &&
                                                                  name != "operator==" && name != "operator!=" &&
                                                                  name != "operator<=" && name != "operator>=")) {
        sema_.error(nameLoc, "'" + name + "' cannot be overloaded in HLSL");
      }
      if (!is(tok::l_paren)) {
        errorHere("expected '(' after the operator name");
        skipUntil({tok::semi}, true);
        return;
      }
    }
    if (first && is(tok::coloncolon) && peek(1).word && !record) {
      // An out-of-line member definition: `uint S::s = 1;`, `float S::f() { ... }`.
      Decl* container = sema_.lookupNamespaceOrType(name);
      while (container && is(tok::coloncolon) && peek(1).word) {
        consume();
        name = cur().text;
        nameLoc = cur().loc;
        consume();
        if (is(tok::coloncolon)) {
          Decl* next = nullptr;
          for (Decl* d : sema_.lookupIn(container, name))
            if (d->kind == DeclKind::Struct || d->kind == DeclKind::Namespace || d->kind == DeclKind::Typedef) next = d;
          container = next;
        }
      }
      const Type* containerType = container ? sema_.typeOfTypeDecl(container) : nullptr;
      if (!containerType || !containerType->isStruct()) {
        sema_.error(nameLoc, "out-of-line definition of '" + name + "' does not match any struct member");
        if (is(tok::l_paren)) {
          skipBalanced();
          if (is(tok::l_brace)) skipBalanced();
          else skipUntil({tok::semi}, true);
        } else {
          skipUntil({tok::semi}, true);
        }
        return;
      }
      parseOutOfLineMember(spec, containerType->record, name, nameLoc);
      return;
    }
    if (is(tok::l_paren)) {
      if (!first) {
        errorHere("a function cannot be declared in a declarator list");
        skipUntil({tok::semi}, true);
        return;
      }
      FunctionDecl* fn = parseFunctionRest(spec, name, nameLoc, record);
      out.push_back(fn);
      return;
    }
    auto* var = sema_.ast().make<VarDecl>();
    var->name = name;
    var->loc = nameLoc;
    var->attributes = spec.attributes;
    var->modifiers = spec.modifiers;
    var->layout = spec.layout;
    var->cbuffer = cbuffer;
    var->parent = record;
    if (record && is(tok::colon) && peekIs(1, tok::numeric_constant)) {
      consume();
      Expr* width = parseConditional();
      if (auto v = sema_.evaluateInt(width, width->loc, "bitfield width")) {
        if (!spec.type->isScalar() || !isIntKind(spec.type->scalar))
          sema_.error(nameLoc, "bitfields are only allowed on integer members");
        else if (*v <= 0 || *v > int64_t(bitWidth(spec.type->scalar)))
          sema_.error(width->loc, "bitfield width must be between 1 and " + std::to_string(bitWidth(spec.type->scalar)));
        else var->bitWidth = uint32_t(*v);
      }
    }
    std::vector<clang::SourceLocation> unsized;
    bool allowUnsized = storage != StorageClass::Field && storage != StorageClass::CBufferMember;
    var->type = parseArrayDims(spec.type, allowUnsized, &unsized);
    if (var->type == spec.type) var->declaredAs = spec.typedefName;
    if (spec.type->isVoid()) {
      sema_.error(nameLoc, "variable has incomplete type 'void'");
      var->type = sema_.types().error();
    }
    parsePostDeclarator(var->semantic, var->binding, var->packOffset, &var->registers);
    if (storage == StorageClass::Field)
      sema_.mergeInterpolation(spec.modifiers, spec.modifierLocs, var->type, var->semantic, var->interpolation);
    {
      // A value of a struct that is still being defined (or only forward-declared) has no layout.
      const Type* leaf = var->type;
      while (leaf->isArray()) leaf = leaf->element;
      if (leaf->isStruct() && !leaf->record->complete && storage != StorageClass::StaticField) {
        sema_.error(nameLoc, std::string(storage == StorageClass::Field ? "field" : "variable") + " has incomplete type '" +
                                 typeName(leaf) + "'",
                    unsigned(name.size()));
        var->type = sema_.types().error();
      }
    }
    // Storage class.
    StorageClass sc = storage;
    bool isResourceType = containsResource(var->type);
    if (storage == StorageClass::Uniform) {
      if (spec.isStatic) sc = StorageClass::Static;
      else if (spec.isGroupShared) sc = StorageClass::GroupShared;
    } else if (storage == StorageClass::Local) {
      if (spec.isStatic) sc = StorageClass::Static;
      else if (spec.isGroupShared) {
        sema_.error(nameLoc, "'groupshared' variables must be declared at global scope");
      }
    }
    // Specialization constants (`[[vk::constant_id(N)]] const T x = v;`) are not buffer members.
    for (const Attribute& a : spec.attributes)
      if (a.name == "vk::constant_id" && sc == StorageClass::Uniform) sc = StorageClass::Static;
    var->storage = sc;
    var->isConst = spec.isConst || sc == StorageClass::Uniform || sc == StorageClass::CBufferMember;
    if (isResourceType && (sc == StorageClass::Uniform)) var->isConst = spec.isConst;
    if (isResourceType && sc == StorageClass::Uniform) var->isConst = true;
    if (is(tok::equal)) {
      if (storage == StorageClass::Field) sema_.error(cur().loc, "struct/class members cannot have default values");
      consume();
      Expr* init = parseInitializer(var->type);
      if (var->type->isArray() && var->type->arraySize == 0) {
        // Size an unsized array from its initializer.
        unsigned elementCount = flattenedCount(var->type->element);
        if (init->type && init->type->isArray() && init->type->element == var->type->element) {
          var->type = init->type;
        } else if (init->kind == ExprKind::InitList && init->type == nullptr && elementCount) {
          unsigned total = 0;
          bool ok = true;
          std::vector<Expr*> pending(static_cast<InitListExpr*>(init)->elements.begin(),
                                     static_cast<InitListExpr*>(init)->elements.end());
          while (!pending.empty()) {
            Expr* item = pending.back();
            pending.pop_back();
            if (item->kind == ExprKind::InitList && item->type == nullptr) {
              for (Expr* inner : static_cast<InitListExpr*>(item)->elements) pending.push_back(inner);
            } else if (item->type->isError()) {
              ok = false;
            } else {
              total += item->type->isEnum() ? 1 : flattenedCount(item->type);
            }
          }
          if (ok && (total == 0 || total % elementCount != 0)) {
            sema_.error(init->loc, "array initializer must provide a multiple of " + std::to_string(elementCount) +
                                       " elements (have " + std::to_string(total) + ")");
          } else if (ok) {
            var->type = sema_.types().array(var->type->element, total / elementCount);
          }
        }
      }
      if (init->kind == ExprKind::InitList && init->type == nullptr) init = sema_.buildInitList(init->loc, var->type, static_cast<InitListExpr*>(init)->elements);
      else if (init->kind == ExprKind::InitList && init->type != var->type && !init->type->isError()) init = sema_.buildInitList(init->loc, var->type, static_cast<InitListExpr*>(init)->elements);
      else init = sema_.convert(init, var->type, ConversionContext::Initialization);
      var->init = init;
      if (sc == StorageClass::Uniform && isResourceType && !init->type->isError()) {
        bool fromHeap = init->kind == ExprKind::ImplicitCast && static_cast<CastExpr*>(init)->castKind == CastKind::HeapToResource;
        if (fromHeap)
          sema_.error(init->loc, "a global resource cannot be initialized from a descriptor heap (initializers of "
                                 "external globals are ignored); use a local or 'static' variable");
        else
          sema_.warning(init->loc, "initializer of external global will be ignored");
      }
    } else if (spec.isConst && (sc == StorageClass::Static || sc == StorageClass::Local) && !isResourceType &&
               flattenedCount(var->type) > 0) {
      sema_.error(nameLoc, "default initialization of an object of const type 'const " + typeName(var->type) + "'");
    }
    if (var->type->isArray() && var->type->arraySize == 0 && sc != StorageClass::Uniform && sc != StorageClass::Param &&
        !(isResourceType))
      sema_.error(nameLoc, "definition of variable with array type needs an explicit size or an initializer");
    if (sc == StorageClass::Field) {
      if (record) record->fields.push_back(var);
    } else if (sc == StorageClass::StaticField) {
      if (record) record->staticFields.push_back(var);
    }
    if (sc == StorageClass::Uniform && !isResourceType && !var->type->isError()) {
      var->cbuffer = sema_.tu().globals;
      sema_.tu().globals->members.push_back(var);
    }
    sema_.checkRedeclaration(var);
    sema_.declare(var);
    if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(var);
    out.push_back(var);
    first = false;
    if (!tryConsume(tok::comma)) break;
  }
  if (!expect(tok::semi, "';' after declaration")) skipUntil({tok::semi}, true);
}

bool Parser::sameParams(const FunctionDecl* a, const FunctionDecl* b) const {
  if (a->params.size() != b->params.size()) return false;
  for (size_t i = 0; i < a->params.size(); ++i)
    if (a->params[i]->type != b->params[i]->type) return false;
  return true;
}

void Parser::parseOutOfLineMember(DeclSpec& spec, StructDecl* record, const std::string& name,
                                  clang::SourceLocation nameLoc) {
  // Re-enter the struct's scope so member names resolve in the definition.
  Scope* structScope = sema_.pushScope(Scope::Kind::Struct);
  structScope->record = record;
  structScope->prefix = record->qualifiedName + "::";
  for (VarDecl* f : record->fields) sema_.declare(f, structScope);
  for (VarDecl* f : record->staticFields) sema_.declare(f, structScope);
  for (FunctionDecl* m : record->methods) sema_.declare(m, structScope);
  for (Decl* t : record->nestedTypes) sema_.declare(t, structScope);
  if (is(tok::l_paren)) {
    FunctionDecl probe;
    consume();
    if (!(isWord("void") && peekIs(1, tok::r_paren))) {
      while (!is(tok::r_paren) && !is(tok::eof)) {
        VarDecl* p = parseParameter();
        if (p) probe.params.push_back(p);
        else skipUntil({tok::comma, tok::r_paren}, false);
        if (!tryConsume(tok::comma)) break;
      }
    } else {
      consume();
    }
    expect(tok::r_paren, "')'");
    std::string semantic, packOffset;
    RegisterBinding ignored;
    parsePostDeclarator(semantic, ignored, packOffset);
    FunctionDecl* method = nullptr;
    for (FunctionDecl* m : record->methods)
      if (m->name == name && sameParams(m, &probe)) method = m;
    if (!method) {
      sema_.error(nameLoc, "out-of-line definition of '" + name + "' does not match any declaration in '" +
                               record->qualifiedName + "'");
      if (is(tok::l_brace)) skipBalanced();
      else skipUntil({tok::semi}, true);
      sema_.popScope();
      return;
    }
    if (is(tok::l_brace)) {
      if (method->body && !method->body->body.empty()) {
        sema_.error(nameLoc, "redefinition of '" + name + "'");
        sema_.note(method->loc, "previous definition is here");
      }
      method->params = probe.params;
      Scope* fnScope = sema_.pushScope(Scope::Kind::Function);
      fnScope->function = method;
      for (VarDecl* p : method->params) sema_.declare(p);
      method->body = parseCompound();
      sema_.popScope();
    } else {
      expect(tok::semi, "';'");
    }
    sema_.popScope();
    return;
  }
  VarDecl* field = nullptr;
  for (VarDecl* f : record->staticFields)
    if (f->name == name) field = f;
  if (!field) {
    sema_.error(nameLoc, "no static member named '" + name + "' in '" + record->qualifiedName + "'");
    skipUntil({tok::semi}, true);
    sema_.popScope();
    return;
  }
  if (spec.type != field->type && !spec.type->isError())
    sema_.error(nameLoc, "type of the definition of '" + name + "' does not match its declaration");
  if (tryConsume(tok::equal)) {
    Expr* init = parseInitializer(field->type);
    if (init->kind == ExprKind::InitList && init->type == nullptr)
      init = sema_.buildInitList(init->loc, field->type, static_cast<InitListExpr*>(init)->elements);
    else init = sema_.convert(init, field->type, ConversionContext::Initialization);
    field->init = init;
  }
  expect(tok::semi, "';'");
  sema_.popScope();
}

Expr* Parser::parseInitializerItem() {
  if (is(tok::l_brace)) {
    clang::SourceLocation loc = cur().loc;
    consume();
    if (!enterBracket("initializer list")) return sema_.errorExpr(loc);
    // A nested list stays untyped (type == nullptr) until buildInitList flattens it.
    auto* list = sema_.ast().make<InitListExpr>();
    list->loc = loc;
    while (!is(tok::r_brace) && !is(tok::eof)) {
      list->elements.push_back(parseInitializerItem());
      if (!tryConsume(tok::comma)) break;
    }
    --bracketDepth_;
    expect(tok::r_brace, "'}'");
    return nested(list, nullptr, list->elements);
  }
  return parseAssignment();
}

Expr* Parser::parseInitializer(const Type* type) {
  (void)type;
  return parseInitializerItem();
}

// ---------------------------------------------------------------------------------------------
// Attributes

bool Parser::atAttribute() const { return !splitGreater_ && cur().kind == tok::l_square; }

void Parser::finishAttribute(Attribute& a) {
  for (Expr* e : a.args) {
    int64_t value = 0;
    std::string text;
    if (e->kind == ExprKind::StringLiteral) text = static_cast<StringLiteralExpr*>(e)->value;
    else if (auto v = sema_.evaluate(e)) value = v->asInt();
    a.intArgs.push_back(value);
    a.stringArgs.push_back(text);
  }
}

void Parser::parseBracketAttribute(std::vector<Attribute>& out) {
  consume();  // [
  while (!is(tok::r_square) && !is(tok::eof)) {
    Attribute a;
    a.loc = cur().loc;
    if (!cur().word) {
      errorHere("expected an attribute name");
      skipUntil({tok::r_square}, true);
      return;
    }
    a.name = cur().text;
    consume();
    while (tryConsume(tok::coloncolon) && cur().word) {
      a.name += "::" + cur().text;
      consume();
    }
    if (tryConsume(tok::l_paren)) {
      while (!is(tok::r_paren) && !is(tok::eof)) {
        if (cur().word && (peekIs(1, tok::comma) || peekIs(1, tok::r_paren)) && sema_.lookup(cur().text).empty()) {
          // Bare words like [domain(tri)] or [WaveSize(32)] enums: keep as strings.
          a.args.push_back(sema_.buildStringLiteral(cur().loc, cur().text));
          consume();
        } else {
          a.args.push_back(parseAssignment());
        }
        if (!tryConsume(tok::comma)) break;
      }
      expect(tok::r_paren, "')'");
    }
    finishAttribute(a);
    out.push_back(a);
    if (!tryConsume(tok::comma)) break;
  }
  expect(tok::r_square, "']'");
}

void Parser::parseDoubleBracketAttribute(std::vector<Attribute>& out) {
  consume();
  consume();  // [[
  while (!is(tok::r_square) && !is(tok::eof)) {
    Attribute a;
    a.loc = cur().loc;
    if (!cur().word) {
      errorHere("expected an attribute name");
      break;
    }
    a.name = cur().text;
    consume();
    while (tryConsume(tok::coloncolon) && cur().word) {
      a.name += "::" + cur().text;
      consume();
    }
    if (tryConsume(tok::l_paren)) {
      while (!is(tok::r_paren) && !is(tok::eof)) {
        a.args.push_back(parseAssignment());
        if (!tryConsume(tok::comma)) break;
      }
      expect(tok::r_paren, "')'");
    }
    finishAttribute(a);
    out.push_back(a);
    if (!tryConsume(tok::comma)) break;
  }
  expect(tok::r_square, "']]'");
  expect(tok::r_square, "']]'");
}

void Parser::parseAttributes(std::vector<Attribute>& out) {
  while (atAttribute()) {
    if (peekIs(1, tok::l_square)) parseDoubleBracketAttribute(out);
    else parseBracketAttribute(out);
  }
}

// ---------------------------------------------------------------------------------------------
// Types

size_t Parser::scanTypeName(size_t at) const {
  auto tokenAt = [&](size_t i) -> const Token& { return tokens_[std::min(i, tokens_.size() - 1)]; };
  size_t i = at;
  if (tokenAt(i).kind == tok::coloncolon) ++i;
  const Token& t = tokenAt(i);
  if (!t.word) return 0;
  // Vulkan-only builtin types are spelled with their namespace (vk::SampledTexture2D).
  std::string builtinName = t.text;
  if (t.text == "vk" && tokenAt(i + 1).kind == tok::coloncolon && tokenAt(i + 2).word &&
      sema_.builtinTypeByName("vk::" + tokenAt(i + 2).text)) {
    builtinName = "vk::" + tokenAt(i + 2).text;
    i += 2;
  }
  if (t.text == "unsigned" || t.text == "struct" || t.text == "class" || t.text == "const" || t.text == "enum" ||
      t.text == "long" || t.text == "short" || t.text == "char")
    return i + 1;
  if (Sema& s = sema_; s.builtinTypeByName(builtinName)) {
    // `vector<...>` etc.: skip the template arguments.
    if (tokenAt(i + 1).kind == tok::less) {
      int depth = 0;
      size_t j = i + 1;
      for (; j < tokens_.size(); ++j) {
        TokenKind k = tokens_[j].kind;
        if (k == tok::less) ++depth;
        else if (k == tok::greater) --depth;
        else if (k == tok::greatergreater) depth -= 2;
        else if (k == tok::semi || k == tok::l_brace || k == tok::eof) return 0;
        if (depth <= 0) break;
      }
      return j + 1;
    }
    return i + 1;
  }
  // User names, possibly qualified.
  std::vector<Decl*> found = sema_.lookup(t.text);
  Decl* d = nullptr;
  for (Decl* c : found)
    if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
        c->kind == DeclKind::Namespace || c->kind == DeclKind::Template) {
      d = c;
      break;
    }
  if (!d || (found.size() && found[0]->kind != d->kind && found[0]->kind != DeclKind::Template)) {
    if (!d) return 0;
  }
  ++i;
  if (d->kind == DeclKind::Template) {
    if (!static_cast<TemplateDecl*>(d)->isStruct || tokenAt(i).kind != tok::less) return 0;
    int depth = 0;
    for (; i < tokens_.size(); ++i) {
      TokenKind k = tokens_[i].kind;
      if (k == tok::less) ++depth;
      else if (k == tok::greater) --depth;
      else if (k == tok::greatergreater) depth -= 2;
      else if (k == tok::semi || k == tok::l_brace || k == tok::eof) return 0;
      if (depth <= 0) break;
    }
    return i + 1;
  }
  while (tokenAt(i).kind == tok::coloncolon && tokenAt(i + 1).word) {
    std::vector<Decl*> inner = const_cast<Sema&>(sema_).lookupIn(d, tokenAt(i + 1).text);
    Decl* next = nullptr;
    for (Decl* c : inner)
      if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
          c->kind == DeclKind::Namespace || c->kind == DeclKind::Template)
        next = c;
    if (!next) return d->kind == DeclKind::Namespace ? 0 : 0;
    d = next;
    i += 2;
  }
  if (d->kind == DeclKind::Namespace) return 0;
  if (d->kind == DeclKind::Template) return 0;
  return i;
}

bool Parser::startsDeclaration() const {
  if (splitGreater_) return false;
  const Token& t = cur();
  if (!t.word && t.kind != tok::coloncolon && t.kind != tok::l_square) return false;
  if (t.kind == tok::l_square) return false;
  if (t.word && (isTypeModifierWord(t.text) || t.text == "typedef" || t.text == "struct" || t.text == "class" ||
                 t.text == "enum" || t.text == "using")) {
    if ((isContextualModifierWord(t.text) || t.text == "in" || t.text == "out") && !peek(1).word) return false;
    return true;
  }
  size_t end = scanTypeName(pos_);
  if (!end) return false;
  const Token& after = tokens_[std::min(end, tokens_.size() - 1)];
  // `int* p;` is a declaration with an unsupported pointer, reported by the declarator.
  if ((after.kind == tok::star || after.kind == tok::amp) && tokens_[std::min(end + 1, tokens_.size() - 1)].word &&
      tokens_[std::min(end + 2, tokens_.size() - 1)].kind != tok::equal)
    return true;
  return after.word;
}

bool Parser::startsTypeForCast() const {
  // `(` type [dims] `)` followed by something that can start an operand.
  size_t end = scanTypeName(pos_ + 1);
  if (!end) return false;
  while (tokens_[std::min(end, tokens_.size() - 1)].kind == tok::l_square) {
    while (end < tokens_.size() && tokens_[end].kind != tok::r_square) ++end;
    ++end;
  }
  if (end >= tokens_.size() || tokens_[end].kind != tok::r_paren) return false;
  return true;
}

bool Parser::parseTemplateArguments(std::vector<const Type*>& typesOut, std::vector<int64_t>& valuesOut,
                                    std::vector<bool>& isType) {
  consume();  // <
  while (!is(tok::greater) && !is(tok::greatergreater) && !is(tok::eof)) {
    if (scanTypeName(pos_)) {
      const Type* t = parseType(false);
      if (!t) return false;
      t = parseArrayDims(t, false);
      typesOut.push_back(t);
      valuesOut.push_back(0);
      isType.push_back(true);
    } else {
      // Non-type argument: parsed above the relational operators so `>` closes the list.
      Expr* e = parseBinary(9);
      int64_t v = 0;
      if (auto c = sema_.evaluateInt(e, e->loc, "template argument")) v = *c;
      typesOut.push_back(nullptr);
      valuesOut.push_back(v);
      isType.push_back(false);
    }
    if (!tryConsume(tok::comma)) break;
  }
  return expectGreater();
}

const Type* Parser::parseType(bool allowDefinitions, DeclSpec* spec) {
  (void)allowDefinitions;
  // Counted apart from expressions: a cast's type is not a level of its expression.
  if (stopped_) return nullptr;
  if (typeNesting_ >= kMaxBracketDepth) {
    stopParsing(cur().loc, "type nested too deeply (limit " + std::to_string(kMaxBracketDepth) + ")");
    return nullptr;
  }
  ++typeNesting_;
  struct DepthGuard {
    int& d;
    ~DepthGuard() { --d; }
  } guard{typeNesting_};
  TypeContext& types = sema_.types();
  if (isWord("const")) {
    consume();
    if (spec) spec->isConst = true;
  }
  if (isWord("unsigned")) {
    clang::SourceLocation loc = cur().loc;
    consume();
    if (cur().word) {
      const Type* t = sema_.builtinTypeByName(cur().text);
      if (t && t->isNumeric() && isIntKind(t->scalar) && !isUnsignedKind(t->scalar)) {
        consume();
        ScalarKind k = t->scalar == ScalarKind::Int ? ScalarKind::UInt
                       : t->scalar == ScalarKind::Int64 ? ScalarKind::UInt64
                       : t->scalar == ScalarKind::Int16 ? ScalarKind::UInt16
                                                        : ScalarKind::Min16UInt;
        return types.withElement(t, k);
      }
      if (t && t->isNumeric()) {
        sema_.error(loc, "'unsigned' cannot be applied to '" + typeName(t) + "'");
        consume();
        return t;
      }
    }
    return types.uintType();
  }
  if (isWord("long") || isWord("short") || isWord("char")) {
    errorHere("'" + cur().text + "' is a reserved keyword in HLSL");
    consume();
    return types.intType();
  }
  if (isWord("struct") || isWord("class")) {
    StructDecl* s = parseStruct();
    return types.structType(s);
  }
  tryConsume(tok::coloncolon);
  if (!cur().word) return nullptr;
  std::string name = cur().text;
  clang::SourceLocation loc = cur().loc;
  if (name == "vk" && peek(1).kind == tok::coloncolon && peek(2).word && sema_.builtinTypeByName("vk::" + peek(2).text)) {
    name = "vk::" + peek(2).text;
    consume();
    consume();
  }
  bool isTemplateName = false;
  if (const Type* builtin = sema_.builtinTypeByName(name, &isTemplateName)) {
    consume();
    if (name == "vector" || name == "matrix") {
      if (!is(tok::less)) return builtin;
      std::vector<const Type*> targs;
      std::vector<int64_t> vals;
      std::vector<bool> isType;
      if (!parseTemplateArguments(targs, vals, isType)) return types.error();
      size_t want = name == "vector" ? 2 : 3;
      if (targs.empty() || !isType[0] || !targs[0] || !targs[0]->isScalar()) {
        sema_.error(loc, "'" + name + "' template argument must be a scalar type");
        return types.error();
      }
      ScalarKind k = targs[0]->scalar;
      std::vector<int64_t> dims;
      for (size_t i = 1; i < want; ++i) dims.push_back(i < vals.size() && !isType[i] ? vals[i] : 4);
      for (int64_t d : dims)
        if (d < 1 || d > 4) {
          sema_.error(loc, "invalid value, valid range is between 1 and 4 inclusive");
          return types.error();
        }
      return name == "vector" ? types.vector(k, unsigned(dims[0])) : types.matrix(k, unsigned(dims[0]), unsigned(dims[1]));
    }
    if (builtin->isResource() && builtin->resource == ResourceKind::RayQuery) {
      if (!is(tok::less)) {
        sema_.error(loc, "'RayQuery' requires ray flags ('RayQuery<RAY_FLAG_NONE>')");
        return types.error();
      }
      std::vector<const Type*> targs;
      std::vector<int64_t> vals;
      std::vector<bool> isType;
      if (!parseTemplateArguments(targs, vals, isType)) return types.error();
      if (vals.empty() || isType[0]) {
        sema_.error(loc, "'RayQuery' template argument must be an integral constant (ray flags)");
        return types.error();
      }
      return types.resource(ResourceKind::RayQuery, nullptr, uint32_t(vals[0]));
    }
    if (builtin->isResource() && is(tok::less)) {
      std::vector<const Type*> targs;
      std::vector<int64_t> vals;
      std::vector<bool> isType;
      if (!parseTemplateArguments(targs, vals, isType)) return types.error();
      if (!isTemplateName) {
        sema_.error(loc, "'" + name + "' does not take template arguments");
        return builtin;
      }
      if (targs.empty() || !isType[0] || !targs[0]) {
        sema_.error(loc, "'" + name + "' requires an element type");
        return types.error();
      }
      const Type* element = targs[0];
      ResourceKind rk = builtin->resource;
      if (element->isResource()) {
        sema_.error(loc, "object '" + typeName(element) + "' is not allowed in a template argument of '" + name + "'");
        return types.error();
      }
      bool structured = rk == ResourceKind::StructuredBuffer || rk == ResourceKind::RWStructuredBuffer ||
                        rk == ResourceKind::AppendStructuredBuffer || rk == ResourceKind::ConsumeStructuredBuffer ||
                        rk == ResourceKind::ConstantBuffer || rk == ResourceKind::TextureBuffer;
      if (!structured && !element->isNumeric()) {
        sema_.error(loc, "elements of typed buffers and textures must be scalars or vectors");
        return types.error();
      }
      if ((rk == ResourceKind::ConstantBuffer || rk == ResourceKind::TextureBuffer) && !element->isStruct()) {
        sema_.error(loc, "'" + name + "' requires a struct type argument");
        return types.error();
      }
      return types.resource(rk, element);
    }
    if (builtin->isResource() && (builtin->resource == ResourceKind::StructuredBuffer ||
                                  builtin->resource == ResourceKind::RWStructuredBuffer ||
                                  builtin->resource == ResourceKind::ConstantBuffer ||
                                  builtin->resource == ResourceKind::AppendStructuredBuffer ||
                                  builtin->resource == ResourceKind::ConsumeStructuredBuffer ||
                                  builtin->resource == ResourceKind::TextureBuffer)) {
      sema_.error(loc, "'" + name + "' requires an element type ('" + name + "<T>')");
      return types.error();
    }
    return builtin;
  }
  // User-defined names.
  std::vector<Decl*> found = sema_.lookup(name);
  Decl* d = nullptr;
  for (Decl* c : found)
    if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
        c->kind == DeclKind::Namespace || c->kind == DeclKind::Template) {
      d = c;
      break;
    }
  if (!d) return nullptr;
  consume();
  while (is(tok::coloncolon) && peek(1).word) {
    if (d->kind == DeclKind::Template) break;
    consume();
    std::string inner = cur().text;
    Decl* next = nullptr;
    for (Decl* c : sema_.lookupIn(d, inner))
      if (c->kind == DeclKind::Struct || c->kind == DeclKind::Typedef || c->kind == DeclKind::Enum ||
          c->kind == DeclKind::Namespace || c->kind == DeclKind::Template)
        next = c;
    if (!next) {
      errorHere("no type named '" + inner + "' in '" + d->name + "'");
      consume();
      return types.error();
    }
    d = next;
    loc = cur().loc;
    consume();
  }
  if (d->kind == DeclKind::Template) {
    auto* tmpl = static_cast<TemplateDecl*>(d);
    if (!tmpl->isStruct || !is(tok::less)) {
      sema_.error(loc, "use of template '" + name + "' requires template arguments");
      return types.error();
    }
    std::vector<const Type*> targs;
    std::vector<int64_t> vals;
    std::vector<bool> isType;
    if (!parseTemplateArguments(targs, vals, isType)) return types.error();
    return instantiateStructTemplate(tmpl, targs, vals, isType, loc);
  }
  if (d->kind == DeclKind::Namespace) {
    sema_.error(loc, "'" + name + "' is a namespace, not a type");
    return types.error();
  }
  if (d->kind == DeclKind::Typedef && static_cast<TypedefDecl*>(d)->declared) namedTypedef_ = static_cast<TypedefDecl*>(d);
  return sema_.typeOfTypeDecl(d);
}

const Type* Parser::parseTemplateArgumentType() { return parseType(false); }

// ---------------------------------------------------------------------------------------------
// Templates: declarations are stored as token ranges and re-parsed per argument list.

void Parser::parseTemplateDeclaration(std::vector<Decl*>& out) {
  clang::SourceLocation loc = cur().loc;
  consume();
  auto* tmpl = sema_.ast().make<TemplateDecl>();
  tmpl->loc = loc;
  if (!expect(tok::less, "'<' after 'template'")) {
    skipUntil({tok::semi}, true);
    return;
  }
  while (!is(tok::greater) && !is(tok::eof)) {
    TemplateDecl::Param p;
    if (tryConsumeWord("typename") || tryConsumeWord("class")) {
      p.isType = true;
    } else {
      const Type* t = parseType(false);
      if (!t || !t->isScalar()) {
        errorHere("expected a template parameter");
        skipUntil({tok::semi}, true);
        return;
      }
      p.isType = false;
      p.valueType = t;
    }
    if (is(tok::ellipsis)) {
      errorHere("variadic templates are not supported in HLSL");
      consume();
    }
    if (cur().word) {
      p.name = cur().text;
      consume();
    }
    if (tryConsume(tok::equal)) {
      p.defaultBegin = pos_;
      int depth = 0;
      while (!is(tok::eof)) {
        if (is(tok::less) || is(tok::l_paren)) ++depth;
        if (is(tok::r_paren)) --depth;
        if ((is(tok::comma) || is(tok::greater)) && depth == 0) break;
        if (is(tok::greater)) --depth;
        consume();
      }
      p.defaultEnd = pos_;
    }
    tmpl->params.push_back(p);
    if (!tryConsume(tok::comma)) break;
  }
  expect(tok::greater, "'>'");
  if (tmpl->params.empty() && (isWord("struct") || isWord("class")) && peek(1).word && peekIs(2, tok::less)) {
    // Explicit specialization `template<> struct S<Args> { ... };`: stored on the primary template.
    size_t begin = pos_;
    std::string name = peek(1).text;
    clang::SourceLocation nameLoc = peek(1).loc;
    TemplateDecl* primary = nullptr;
    for (Decl* d : sema_.lookup(name))
      if (d->kind == DeclKind::Template && static_cast<TemplateDecl*>(d)->isStruct) primary = static_cast<TemplateDecl*>(d);
    consume();
    consume();
    std::vector<const Type*> targs;
    std::vector<int64_t> vals;
    std::vector<bool> isType;
    parseTemplateArguments(targs, vals, isType);
    while (!is(tok::l_brace) && !is(tok::semi) && !is(tok::eof)) consume();
    if (is(tok::l_brace)) skipBalanced();
    size_t end = pos_;
    tryConsume(tok::semi);
    if (!primary) {
      sema_.error(nameLoc, "explicit specialization of undeclared template '" + name + "'");
      return;
    }
    primary->specializations.push_back({templateKeyOf(targs, vals, isType), begin, end});
    return;
  }
  tmpl->tokenBegin = pos_;
  // Find the templated declaration's name and extent without analysing it.
  tmpl->isStruct = isWord("struct") || isWord("class");
  if (tmpl->isStruct) {
    if (peek(1).word) tmpl->name = peek(1).text;
    while (!is(tok::l_brace) && !is(tok::semi) && !is(tok::eof)) consume();
    if (is(tok::l_brace)) skipBalanced();
    if (!is(tok::semi)) errorHere("expected ';' after struct");
    tmpl->tokenEnd = pos_;
    tryConsume(tok::semi);
  } else {
    size_t nameAt = 0;
    while (!is(tok::l_paren) && !is(tok::semi) && !is(tok::eof)) {
      if (cur().word) nameAt = pos_;
      if (is(tok::less)) skipBalanced();
      consume();
    }
    if (nameAt) {
      tmpl->name = tokens_[nameAt].text;
      tmpl->loc = tokens_[nameAt].loc;
    }
    if (is(tok::l_paren)) skipBalanced();
    while (!is(tok::l_brace) && !is(tok::semi) && !is(tok::eof)) consume();
    if (is(tok::l_brace)) skipBalanced();
    else tryConsume(tok::semi);
    tmpl->tokenEnd = pos_;
  }
  tmpl->scope = sema_.currentScope();
  sema_.checkRedeclaration(tmpl);
  sema_.declare(tmpl);
  if (sema_.currentScope()->ns) sema_.currentScope()->ns->decls.push_back(tmpl);
  out.push_back(tmpl);
}

Decl* Parser::replayTemplate(TemplateDecl* tmpl, const std::vector<const Type*>& typeArgs,
                             const std::vector<int64_t>& valueArgs, const std::vector<bool>& isType,
                             const std::string& key) {
  if (templateDepth_ >= kMaxTemplateDepth) {
    sema_.error(tmpl->loc, "template instantiation depth exceeds the maximum of " + std::to_string(kMaxTemplateDepth));
    return nullptr;
  }
  ++templateDepth_;
  Scope* saved = sema_.currentScope();
  sema_.setCurrentScope(static_cast<Scope*>(tmpl->scope));
  Scope* scope = sema_.pushScope(Scope::Kind::Template);
  scope->ns = nullptr;
  for (size_t i = 0; i < tmpl->params.size(); ++i) {
    const TemplateDecl::Param& p = tmpl->params[i];
    if (p.isType) {
      auto* td = sema_.ast().make<TypedefDecl>();
      td->name = p.name;
      td->type = i < typeArgs.size() && typeArgs[i] ? typeArgs[i] : sema_.types().error();
      sema_.declare(td, scope);
    } else {
      auto* v = sema_.ast().make<VarDecl>();
      v->name = p.name;
      v->type = p.valueType;
      v->storage = StorageClass::Static;
      v->isConst = true;
      v->init = sema_.buildIntLiteral(tmpl->loc, std::to_string(i < valueArgs.size() ? valueArgs[i] : 0));
      v->init = sema_.convert(v->init, p.valueType, ConversionContext::Initialization);
      sema_.declare(v, scope);
    }
  }
  (void)isType;
  size_t savedPos = pos_;
  bool savedSplit = splitGreater_;
  pos_ = tmpl->tokenBegin;
  splitGreater_ = false;
  std::vector<Decl*> decls;
  Decl* result = nullptr;
  bool memberInstance = false;
  if (tmpl->isStruct) {
    StructDecl* s = parseStruct(tmpl->name + key);
    tryConsume(tok::semi);
    decls.push_back(s);
    result = s;
  } else {
    // The instance is declared in the template scope only; callers reach it through the template.
    size_t errors = sema_.errorCount();
    if (StructDecl* owner = static_cast<Scope*>(tmpl->scope)->record) {
      // A member function template: the instance becomes a method of its struct.
      DeclSpec spec;
      if (parseDeclSpec(spec, false))
        parseDeclarators(spec, decls, spec.isStatic ? StorageClass::StaticField : StorageClass::Field, nullptr, owner);
      memberInstance = true;
    } else {
      parseExternalDeclaration(decls, false);
    }
    for (Decl* d : decls)
      if (d->kind == DeclKind::Function) result = d;
    if (result) {
      static_cast<FunctionDecl*>(result)->qualifiedName = static_cast<Scope*>(tmpl->scope)->prefix + tmpl->name + key;
    }
    (void)errors;
  }
  pos_ = savedPos;
  splitGreater_ = savedSplit;
  sema_.setCurrentScope(saved);
  --templateDepth_;
  if (!memberInstance)
    for (Decl* d : decls) sema_.tu().decls.push_back(d);
  return result;
}

std::string Parser::templateKeyOf(const std::vector<const Type*>& typeArgs, const std::vector<int64_t>& valueArgs,
                                  const std::vector<bool>& isType) {
  std::string key = "<";
  for (size_t i = 0; i < isType.size(); ++i) {
    if (i) key += ", ";
    key += isType[i] ? typeName(typeArgs[i]) : std::to_string(valueArgs[i]);
  }
  return key + ">";
}

const Type* Parser::instantiateStructTemplate(TemplateDecl* tmpl, const std::vector<const Type*>& typeArgsIn,
                                              const std::vector<int64_t>& valueArgsIn, const std::vector<bool>& isTypeIn,
                                              clang::SourceLocation loc) {
  std::vector<const Type*> typeArgs = typeArgsIn;
  std::vector<int64_t> valueArgs = valueArgsIn;
  std::vector<bool> isType = isTypeIn;
  if (typeArgs.size() > tmpl->params.size()) {
    sema_.error(loc, "too many template arguments for '" + tmpl->name + "'");
    return sema_.types().error();
  }
  for (size_t i = typeArgs.size(); i < tmpl->params.size(); ++i) {
    const TemplateDecl::Param& p = tmpl->params[i];
    if (!p.defaultBegin) {
      sema_.error(loc, "too few template arguments for '" + tmpl->name + "'");
      return sema_.types().error();
    }
    size_t saved = pos_;
    pos_ = p.defaultBegin;
    if (p.isType) {
      typeArgs.push_back(parseType(false));
      valueArgs.push_back(0);
    } else {
      Expr* e = parseBinary(9);
      typeArgs.push_back(nullptr);
      valueArgs.push_back(sema_.evaluateInt(e, e->loc, "template argument").value_or(0));
    }
    isType.push_back(p.isType);
    pos_ = saved;
  }
  for (size_t i = 0; i < tmpl->params.size(); ++i)
    if (tmpl->params[i].isType != isType[i] || (isType[i] && !typeArgs[i])) {
      sema_.error(loc, "template argument " + std::to_string(i + 1) + " of '" + tmpl->name + "' has the wrong kind");
      return sema_.types().error();
    }
  std::string key = templateKeyOf(typeArgs, valueArgs, isType);
  for (auto& [k, d] : tmpl->instances)
    if (k == key) return sema_.types().structType(static_cast<StructDecl*>(d));
  size_t savedBegin = tmpl->tokenBegin;
  for (const TemplateDecl::Specialization& spec : tmpl->specializations)
    if (spec.key == key) tmpl->tokenBegin = spec.tokenBegin;  // replay the specialization's tokens
  Decl* d = replayTemplate(tmpl, typeArgs, valueArgs, isType, key);
  tmpl->tokenBegin = savedBegin;
  if (!d || d->kind != DeclKind::Struct) return sema_.types().error();
  tmpl->instances.push_back({key, d});
  return sema_.types().structType(static_cast<StructDecl*>(d));
}

FunctionDecl* Parser::instantiateFunctionTemplate(TemplateDecl* tmpl, std::vector<const Type*> typeArgs,
                                                  std::vector<int64_t> valueArgs, std::vector<bool> isType,
                                                  const std::vector<Expr*>& callArgs, clang::SourceLocation loc) {
  size_t explicitCount = typeArgs.size();
  typeArgs.resize(tmpl->params.size(), nullptr);
  valueArgs.resize(tmpl->params.size(), 0);
  isType.resize(tmpl->params.size(), true);
  std::vector<bool> bound(tmpl->params.size(), false);
  for (size_t i = 0; i < explicitCount && i < bound.size(); ++i) bound[i] = true;
  for (size_t i = 0; i < tmpl->params.size(); ++i) isType[i] = tmpl->params[i].isType;
  // Deduce from the parameter list's tokens: `T x`, `vector<T, N> x`, `matrix<T, R, C> x`, `T x[N]`.
  size_t i = tmpl->tokenBegin;
  while (i < tmpl->tokenEnd && tokens_[i].kind != tok::l_paren) ++i;
  ++i;
  size_t argIndex = 0;
  auto paramIndex = [&](const std::string& name) -> int {
    for (size_t k = 0; k < tmpl->params.size(); ++k)
      if (tmpl->params[k].name == name) return int(k);
    return -1;
  };
  while (i < tmpl->tokenEnd && argIndex < callArgs.size()) {
    size_t start = i;
    int depth = 0;
    while (i < tmpl->tokenEnd) {
      TokenKind k = tokens_[i].kind;
      if (k == tok::l_paren || k == tok::less || k == tok::l_square) ++depth;
      if (k == tok::greater || k == tok::r_square) --depth;
      if (k == tok::r_paren) {
        if (depth == 0) break;
        --depth;
      }
      if (k == tok::comma && depth == 0) break;
      ++i;
    }
    const Type* at = sema_.concreteType(callArgs[argIndex]->type);
    std::vector<const Token*> words;
    for (size_t k = start; k < i; ++k) words.push_back(&tokens_[k]);
    // Skip direction and modifiers.
    size_t w = 0;
    while (w < words.size() && words[w]->word && isTypeModifierWord(words[w]->text)) ++w;
    if (w < words.size() && words[w]->word) {
      int pi = paramIndex(words[w]->text);
      if (pi >= 0 && !bound[size_t(pi)]) {
        typeArgs[size_t(pi)] = at->isArray() ? at->element : at;
        bound[size_t(pi)] = true;
      } else if ((words[w]->text == "vector" || words[w]->text == "matrix") && w + 1 < words.size() &&
                 words[w + 1]->kind == tok::less) {
        std::vector<int> slots;
        for (size_t k = w + 2; k < words.size() && words[k]->kind != tok::greater; ++k)
          if (words[k]->word) slots.push_back(paramIndex(words[k]->text));
          else if (words[k]->kind != tok::comma) slots.push_back(-1);
        if (at->isNumeric()) {
          std::vector<int64_t> dims = words[w]->text == "vector" ? std::vector<int64_t>{at->cols}
                                                                 : std::vector<int64_t>{at->rows, at->cols};
          if (!slots.empty() && slots[0] >= 0 && !bound[size_t(slots[0])]) {
            typeArgs[size_t(slots[0])] = sema_.types().scalar(at->scalar);
            bound[size_t(slots[0])] = true;
          }
          for (size_t s = 1; s < slots.size() && s - 1 < dims.size(); ++s)
            if (slots[s] >= 0 && !bound[size_t(slots[s])]) {
              valueArgs[size_t(slots[s])] = dims[s - 1];
              bound[size_t(slots[s])] = true;
            }
        }
      }
    }
    ++argIndex;
    if (i < tmpl->tokenEnd && tokens_[i].kind == tok::comma) ++i;
    else break;
  }
  for (size_t k = 0; k < tmpl->params.size(); ++k) {
    if (bound[k]) continue;
    const TemplateDecl::Param& p = tmpl->params[k];
    if (!p.defaultBegin) {
      sema_.error(loc, "no matching function for call to '" + tmpl->name + "'");
      sema_.note(tmpl->loc, "candidate template ignored: couldn't infer template argument '" + p.name + "'");
      return nullptr;
    }
    size_t saved = pos_;
    pos_ = p.defaultBegin;
    if (p.isType) typeArgs[k] = parseType(false);
    else {
      Expr* e = parseBinary(9);
      valueArgs[k] = sema_.evaluateInt(e, e->loc, "template argument").value_or(0);
    }
    pos_ = saved;
  }
  std::string key = templateKeyOf(typeArgs, valueArgs, isType);
  for (auto& [k, d] : tmpl->instances)
    if (k == key) return static_cast<FunctionDecl*>(d);
  Decl* d = replayTemplate(tmpl, typeArgs, valueArgs, isType, key);
  if (!d) return nullptr;
  tmpl->instances.push_back({key, d});
  return static_cast<FunctionDecl*>(d);
}

}  // namespace sl::frontend
