// Parser: the translation unit and its top-level declarations (namespaces, cbuffers, typedefs,
// using, enums, structs).
#include "core/frontend/Parser.h"

#include <algorithm>

namespace sl::frontend {

using clang::tok::TokenKind;
namespace tok = clang::tok;

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

}  // namespace sl::frontend
