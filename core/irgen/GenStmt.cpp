// Statements with the Builder's structured control flow: if/else, loops (the condition is tested
// at the top of the body; `for` increments live in the continuing region, so `continue` runs
// them; do-while tests in the continuing region with break_if), switch with fall-through, return,
// discard.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

using ir::Value;

void Gen::localDecl(const fe::VarDecl* var) {
  setLoc(var);
  if (var->type->isResource() || fe::containsResource(var->type)) {
    VarInfo v;
    v.kind = VarInfo::Kind::Resource;
    if (var->init) v.resource = resourceOf(var->init);
    if (!v.resource.valid()) error(var->loc, "local resource variables must be initialized from a global resource");
    locals_[var] = v;
    return;
  }
  if (var->storage == fe::StorageClass::Static) {
    if (globals_.count(var)) return;
    ir::Const init;
    if (var->init) {
      error(var->loc, "initialized static local variables are not supported yet");
      return;
    }
    ir::GlobalVarId g = b_->global(var->name, lower(var->type), spv::StorageClassPrivate, init);
    VarInfo v;
    v.ptr = Value::global(g);
    globals_[var] = v;
    return;
  }
  VarInfo v;
  v.ptr = b_->local(lower(var->type), var->name);
  locals_[var] = v;
  if (var->init) {
    Value init = rvalue(var->init);
    setLoc(var);
    b_->store(v.ptr, init);
  }
}

static Value condition(Gen& g, const fe::Expr* e) { return g.toBool(g.rvalue(e), e->type); }

void Gen::switchStmt(const fe::SwitchStmt* s) {
  Value sel = rvalue(s->cond);
  b_->beginSwitch(sel);
  std::vector<const fe::Stmt*> body;
  if (s->body && s->body->kind == fe::StmtKind::Compound) {
    for (const fe::Stmt* st : static_cast<const fe::CompoundStmt*>(s->body)->body) body.push_back(st);
  } else if (s->body) {
    body.push_back(s->body);
  }
  bool started = false;
  for (size_t i = 0; i < body.size();) {
    const fe::Stmt* st = body[i];
    if (st->kind == fe::StmtKind::Case || st->kind == fe::StmtKind::Default) {
      std::vector<uint64_t> literals;
      bool isDefault = false;
      while (i < body.size() && (body[i]->kind == fe::StmtKind::Case || body[i]->kind == fe::StmtKind::Default)) {
        if (body[i]->kind == fe::StmtKind::Default) isDefault = true;
        else literals.push_back(static_cast<uint32_t>(static_cast<const fe::CaseStmt*>(body[i])->constant));
        ++i;
      }
      b_->beginCase(literals, isDefault);
      started = true;
      continue;
    }
    if (started) stmt(st);
    ++i;
  }
  b_->endSwitch();
}

void Gen::stmt(const fe::Stmt* s) {
  if (!s) return;
  setLoc(s);
  switch (s->kind) {
    case fe::StmtKind::Compound:
      for (const fe::Stmt* st : static_cast<const fe::CompoundStmt*>(s)->body) stmt(st);
      return;
    case fe::StmtKind::Decl:
      for (const fe::Decl* d : static_cast<const fe::DeclStmt*>(s)->decls)
        if (d->kind == fe::DeclKind::Var) localDecl(static_cast<const fe::VarDecl*>(d));
      return;
    case fe::StmtKind::Expr:
      if (auto* e = static_cast<const fe::ExprStmt*>(s)->expr) rvalue(e);
      return;
    case fe::StmtKind::If: {
      auto* i = static_cast<const fe::IfStmt*>(s);
      Value c = condition(*this, i->cond);
      b_->beginIf(c);
      stmt(i->thenStmt);
      if (i->elseStmt) {
        b_->beginElse();
        stmt(i->elseStmt);
      }
      b_->endIf();
      return;
    }
    case fe::StmtKind::For: {
      auto* f = static_cast<const fe::ForStmt*>(s);
      if (f->init) stmt(f->init);
      b_->beginLoop();
      if (f->cond) {
        Value c = condition(*this, f->cond);
        b_->beginIf(b_->logicalNot(c));
        b_->breakOut();
        b_->endIf();
      }
      stmt(f->body);
      b_->beginContinuing();
      if (f->inc) rvalue(f->inc);
      b_->endLoop();
      return;
    }
    case fe::StmtKind::While: {
      auto* w = static_cast<const fe::WhileStmt*>(s);
      b_->beginLoop();
      Value c = condition(*this, w->cond);
      b_->beginIf(b_->logicalNot(c));
      b_->breakOut();
      b_->endIf();
      stmt(w->body);
      b_->endLoop();
      return;
    }
    case fe::StmtKind::Do: {
      auto* d = static_cast<const fe::DoStmt*>(s);
      b_->beginLoop();
      stmt(d->body);
      b_->beginContinuing();
      Value c = condition(*this, d->cond);
      b_->breakIf(b_->logicalNot(c));
      b_->endLoop();
      return;
    }
    case fe::StmtKind::Switch: switchStmt(static_cast<const fe::SwitchStmt*>(s)); return;
    case fe::StmtKind::Case:
    case fe::StmtKind::Default:
      error(s->loc, "case labels nested inside other statements are not supported");
      return;
    case fe::StmtKind::Break: b_->breakOut(); return;
    case fe::StmtKind::Continue: b_->continueLoop(); return;
    case fe::StmtKind::Return: {
      auto* r = static_cast<const fe::ReturnStmt*>(s);
      if (r->value && !r->value->type->isVoid()) {
        Value v = rvalue(r->value);
        setLoc(s);
        b_->ret(v);
      } else {
        if (r->value) rvalue(r->value);
        b_->ret();
      }
      return;
    }
    case fe::StmtKind::Discard:
      if (options_.demoteForDiscard) b_->spvVoid(spv::OpDemoteToHelperInvocation, {});
      else b_->kill();
      return;
    case fe::StmtKind::Null: return;
  }
}

}  // namespace sl::irgen
