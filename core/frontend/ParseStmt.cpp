// Parser: statements.
#include "core/frontend/Parser.h"

namespace sl::frontend {

namespace tok = clang::tok;

namespace {

bool isLoop(StmtKind k) { return k == StmtKind::For || k == StmtKind::While || k == StmtKind::Do; }

void checkStatementAttributes(Sema& sema, Stmt* s) {
  for (const Attribute& a : s->attributes) {
    bool loopAttr = a.name == "unroll" || a.name == "loop" || a.name == "fastopt" || a.name == "allow_uav_condition";
    bool branchAttr = a.name == "branch" || a.name == "flatten";
    bool switchAttr = branchAttr || a.name == "forcecase" || a.name == "call";
    if (loopAttr && !isLoop(s->kind))
      sema.warning(a.loc, "attribute '" + a.name + "' can only be applied to 'for', 'while' and 'do' loop statements");
    else if (branchAttr && s->kind != StmtKind::If && s->kind != StmtKind::Switch)
      sema.warning(a.loc, "attribute '" + a.name + "' can only be applied to 'if' and 'switch' statements");
    else if (switchAttr && !branchAttr && s->kind != StmtKind::Switch)
      sema.warning(a.loc, "attribute '" + a.name + "' can only be applied to 'switch' statements");
    else if (!loopAttr && !switchAttr)
      sema.warning(a.loc, "unknown attribute '" + a.name + "' ignored");
  }
}
}  // namespace

CompoundStmt* Parser::parseCompound() {
  auto* block = sema_.ast().make<CompoundStmt>();
  block->loc = cur().loc;
  if (!expect(tok::l_brace, "'{'")) return block;
  sema_.pushScope(Scope::Kind::Block);
  while (!is(tok::r_brace) && !is(tok::eof)) {
    size_t before = pos_;
    if (Stmt* s = parseStatement()) block->body.push_back(s);
    if (pos_ == before) {
      errorHere("expected a statement");
      consume();
    }
  }
  sema_.popScope();
  block->range = clang::SourceRange(block->loc, cur().loc);
  expect(tok::r_brace, "'}'");
  return block;
}

Expr* Parser::parseCondition(const char* what) {
  if (!expect(tok::l_paren, "'('")) return sema_.errorExpr(cur().loc);
  Expr* cond = parseExpression();
  expect(tok::r_paren, "')'");
  return sema_.checkCondition(cond, what);
}

Stmt* Parser::parseStatement() {
  if (stopped_) return nullptr;
  if (statementDepth_ >= kMaxStatementDepth) {
    stopParsing(cur().loc, "statement nested too deeply (limit " + std::to_string(kMaxStatementDepth) + ")");
    return nullptr;
  }
  ++statementDepth_;
  struct DepthGuard {
    int& d;
    ~DepthGuard() { --d; }
  } guard{statementDepth_};
  std::vector<Attribute> attrs;
  clang::SourceLocation attrLoc = cur().loc;
  if (atAttribute()) parseAttributes(attrs);
  Stmt* s = nullptr;
  clang::SourceLocation loc = cur().loc;
  if (is(tok::l_brace)) s = parseCompound();
  else if (isWord("if")) s = parseIf(attrs);
  else if (isWord("for")) s = parseFor(attrs);
  else if (isWord("while")) s = parseWhile(attrs);
  else if (isWord("do")) s = parseDo(attrs);
  else if (isWord("switch")) s = parseSwitch(attrs);
  else if (isWord("return")) s = parseReturn();
  else if (isWord("break") || isWord("continue") || isWord("discard")) {
    StmtKind k = isWord("break") ? StmtKind::Break : isWord("continue") ? StmtKind::Continue : StmtKind::Discard;
    consume();
    s = sema_.ast().make<SimpleStmt>(k);
    expect(tok::semi, "';'");
  } else if (isWord("case")) {
    consume();
    auto* c = sema_.ast().make<CaseStmt>();
    c->value = parseConditional();
    if (auto v = sema_.evaluateInt(c->value, c->value->loc, "case value")) c->constant = *v;
    expect(tok::colon, "':' after 'case'");
    s = c;
  } else if (isWord("default") && peekIs(1, tok::colon)) {
    consume();
    consume();
    s = sema_.ast().make<DefaultStmt>();
  } else if (isWord("goto")) {
    errorHere("'goto' is not supported in HLSL");
    skipUntil({tok::semi}, true);
    return nullptr;
  } else if (is(tok::semi)) {
    consume();
    s = sema_.ast().make<SimpleStmt>(StmtKind::Null);
  } else if (startsDeclaration()) {
    s = parseDeclarationStatement();
  } else {
    auto* e = sema_.ast().make<ExprStmt>();
    e->expr = parseExpression();
    if (!expect(tok::semi, "';' after expression")) skipUntil({tok::semi}, true);
    s = e;
  }
  if (!s) return nullptr;
  if (!s->loc.isValid()) s->loc = loc;
  if (!attrs.empty()) {
    for (Attribute& a : attrs) s->attributes.push_back(a);
    checkStatementAttributes(sema_, s);
  }
  (void)attrLoc;
  return s;
}

Stmt* Parser::parseDeclarationStatement() {
  auto* ds = sema_.ast().make<DeclStmt>();
  ds->loc = cur().loc;
  if (isWord("typedef")) {
    parseTypedef(ds->decls);
    return ds;
  }
  if (isWord("using")) {
    parseUsing(ds->decls);
    return ds;
  }
  DeclSpec spec;
  size_t before = pos_;
  if (!parseDeclSpec(spec, true)) {
    if (pos_ == before) {
      errorHere("expected a declaration");
      consume();
    }
    skipUntil({tok::semi}, true);
    return ds;
  }
  if (spec.definedType) ds->decls.push_back(spec.definedType);
  if (tryConsume(tok::semi)) return ds;
  if (cur().word && peekIs(1, tok::l_paren)) {
    errorHere("function-style initialization of a variable is not supported in HLSL (use '= T(...)'), and "
              "functions cannot be declared inside functions");
    skipUntil({tok::semi}, true);
    return ds;
  }
  parseDeclarators(spec, ds->decls, StorageClass::Local, nullptr, nullptr);
  return ds;
}

// An else-if chain is parsed in a loop (real shaders have chains of hundreds); each `else if`
// is still one statement level deeper in the tree, and counts so.
Stmt* Parser::parseIf(std::vector<Attribute> attrs) {
  (void)attrs;
  IfStmt* first = nullptr;
  IfStmt* last = nullptr;
  int links = 0;  // `else if`s entered: each holds a block scope and a statement level
  while (true) {
    auto* s = sema_.ast().make<IfStmt>();
    s->loc = cur().loc;
    consume();  // if
    if (last) last->elseStmt = s;
    else first = s;
    last = s;
    s->cond = parseCondition("if");
    sema_.pushScope(Scope::Kind::Block);
    s->thenStmt = parseStatement();
    sema_.popScope();
    if (!tryConsumeWord("else")) break;
    sema_.pushScope(Scope::Kind::Block);
    if (isWord("if") && statementDepth_ < kMaxStatementDepth) {
      ++links;
      ++statementDepth_;
      continue;
    }
    s->elseStmt = parseStatement();
    sema_.popScope();
    break;
  }
  for (int i = 0; i < links; ++i) sema_.popScope();
  statementDepth_ -= links;
  return first;
}

Stmt* Parser::parseFor(std::vector<Attribute> attrs) {
  (void)attrs;
  auto* s = sema_.ast().make<ForStmt>();
  s->loc = cur().loc;
  consume();
  // HLSL 2021 scopes for-init variables to the loop.
  sema_.pushScope(Scope::Kind::Block);
  if (expect(tok::l_paren, "'(' after 'for'")) {
    if (tryConsume(tok::semi)) {
    } else if (startsDeclaration()) {
      s->init = parseDeclarationStatement();
    } else {
      auto* e = sema_.ast().make<ExprStmt>();
      e->loc = cur().loc;
      e->expr = parseExpression();
      s->init = e;
      expect(tok::semi, "';' in 'for' statement");
    }
    if (!is(tok::semi)) s->cond = sema_.checkCondition(parseExpression(), "for");
    expect(tok::semi, "';' in 'for' statement");
    if (!is(tok::r_paren)) s->inc = parseExpression();
    expect(tok::r_paren, "')'");
  }
  sema_.pushScope(Scope::Kind::Block);
  s->body = parseStatement();
  sema_.popScope();
  sema_.popScope();
  return s;
}

Stmt* Parser::parseWhile(std::vector<Attribute> attrs) {
  (void)attrs;
  auto* s = sema_.ast().make<WhileStmt>();
  s->loc = cur().loc;
  consume();
  s->cond = parseCondition("while");
  sema_.pushScope(Scope::Kind::Block);
  s->body = parseStatement();
  sema_.popScope();
  return s;
}

Stmt* Parser::parseDo(std::vector<Attribute> attrs) {
  (void)attrs;
  auto* s = sema_.ast().make<DoStmt>();
  s->loc = cur().loc;
  consume();
  sema_.pushScope(Scope::Kind::Block);
  s->body = parseStatement();
  sema_.popScope();
  if (!tryConsumeWord("while")) {
    errorHere("expected 'while' in do/while loop");
    skipUntil({tok::semi}, true);
    return s;
  }
  s->cond = parseCondition("do");
  expect(tok::semi, "';' after do/while statement");
  return s;
}

Stmt* Parser::parseSwitch(std::vector<Attribute> attrs) {
  (void)attrs;
  auto* s = sema_.ast().make<SwitchStmt>();
  s->loc = cur().loc;
  consume();
  if (expect(tok::l_paren, "'(' after 'switch'")) {
    Expr* cond = parseExpression();
    expect(tok::r_paren, "')'");
    if (!cond->type->isError() &&
        !(cond->type->isEnum() || (cond->type->isScalar() && isIntKind(cond->type->scalar)))) {
      sema_.error(cond->loc, "statement requires expression of integer type ('" + typeName(cond->type) + "' invalid)");
      cond = sema_.errorExpr(cond->loc);
    } else if (cond->type->isEnum()) {
      cond = sema_.convert(cond, sema_.types().intType(), ConversionContext::Implicit);
    } else {
      cond = sema_.decayLiteral(cond);
    }
    s->cond = cond;
  }
  sema_.pushScope(Scope::Kind::Block);
  s->body = parseStatement();
  sema_.popScope();
  // Duplicate case values.
  if (s->body && s->body->kind == StmtKind::Compound) {
    std::map<int64_t, CaseStmt*> seen;
    bool sawDefault = false;
    for (Stmt* st : static_cast<CompoundStmt*>(s->body)->body) {
      if (st->kind == StmtKind::Case) {
        auto* c = static_cast<CaseStmt*>(st);
        auto [it, fresh] = seen.emplace(c->constant, c);
        if (!fresh && !c->value->type->isError()) {
          sema_.error(c->value->loc, "duplicate case value '" + std::to_string(c->constant) + "'");
          sema_.note(it->second->value->loc, "previous case defined here");
        }
      } else if (st->kind == StmtKind::Default) {
        if (sawDefault) sema_.error(st->loc, "multiple default labels in one switch");
        sawDefault = true;
      }
    }
  }
  return s;
}

Stmt* Parser::parseReturn() {
  auto* s = sema_.ast().make<ReturnStmt>();
  s->loc = cur().loc;
  consume();
  FunctionDecl* fn = sema_.currentFunction();
  if (!is(tok::semi)) {
    Expr* value = parseExpression();
    if (fn && fn->returnType->isVoid()) {
      if (!value->type->isError() && !value->type->isVoid())
        sema_.error(value->loc, "void function '" + fn->name + "' should not return a value");
      s->value = value;
    } else if (fn) {
      s->value = sema_.convert(value, fn->returnType, ConversionContext::Return);
    } else {
      s->value = value;
    }
  } else if (fn && !fn->returnType->isVoid() && !fn->returnType->isError()) {
    sema_.error(s->loc, "non-void function '" + fn->name + "' should return a value");
  }
  expect(tok::semi, "';' after return statement");
  return s;
}

}  // namespace sl::frontend
