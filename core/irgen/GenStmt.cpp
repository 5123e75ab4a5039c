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
    if (var->storage == fe::StorageClass::Static) {
      error(var->loc, "static local resource variables are not supported");
      return;
    }
    // Without an initializer the variable is bound by its first assignment (seed 0050's
    // `RWBuffer<int> Buf; Buf = ResourceDescriptorHeap[i];`); a use before that is diagnosed.
    VarInfo v;
    initResourceLocal(var, v);
    if (var->init && v.kind == VarInfo::Kind::Pointer) {
      // A struct of data and resources: its data by value, its resources re-pointed.
      initMixed(v.ptr, var->type, {v.firstSlot, v.slotCount}, var->init, var);
    } else if (var->init) {
      std::vector<ResourceRef> leaves = resourceLeaves(var->init);
      setLoc(var);
      if (leaves.size() == v.slotCount)
        for (uint32_t i = 0; i < v.slotCount; ++i) writeSlot(v.firstSlot + i, leaves[i], var->init);
    }
    locals_[var] = v;
    return;
  }
  if (var->storage == fe::StorageClass::Static) {
    staticLocalDecl(var);
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
  // After the initializing store, as DXC places it: a stop after the declaration shows the value.
  debugDeclare(var, v.ptr);
}

// True when a return statement appears anywhere but as the last statement of the body.
static bool returnsEarly(const fe::Stmt* s, bool last) {
  if (!s) return false;
  switch (s->kind) {
    case fe::StmtKind::Return: return !last;
    case fe::StmtKind::Compound: {
      const auto& body = static_cast<const fe::CompoundStmt*>(s)->body;
      for (size_t i = 0; i < body.size(); ++i)
        if (returnsEarly(body[i], last && i + 1 == body.size())) return true;
      return false;
    }
    case fe::StmtKind::If: {
      auto* i = static_cast<const fe::IfStmt*>(s);
      return returnsEarly(i->thenStmt, false) || returnsEarly(i->elseStmt, false);
    }
    case fe::StmtKind::For: return returnsEarly(static_cast<const fe::ForStmt*>(s)->body, false);
    case fe::StmtKind::While: return returnsEarly(static_cast<const fe::WhileStmt*>(s)->body, false);
    case fe::StmtKind::Do: return returnsEarly(static_cast<const fe::DoStmt*>(s)->body, false);
    case fe::StmtKind::Switch: return returnsEarly(static_cast<const fe::SwitchStmt*>(s)->body, false);
    default: return false;
  }
}

// True when a return statement is inside a loop or switch of `s`.
static bool returnsFromBreakable(const fe::Stmt* s) {
  if (!s) return false;
  switch (s->kind) {
    case fe::StmtKind::Compound:
      for (const fe::Stmt* st : static_cast<const fe::CompoundStmt*>(s)->body)
        if (returnsFromBreakable(st)) return true;
      return false;
    case fe::StmtKind::If: {
      auto* i = static_cast<const fe::IfStmt*>(s);
      return returnsFromBreakable(i->thenStmt) || returnsFromBreakable(i->elseStmt);
    }
    case fe::StmtKind::For:
    case fe::StmtKind::While:
    case fe::StmtKind::Do:
    case fe::StmtKind::Switch: return returnsEarly(s, false);
    default: return false;
  }
}

void Gen::leaveIfReturned(const fe::Stmt* breakable) {
  if (inlineStack_.empty()) return;
  const InlineFrame& frame = inlineStack_.back();
  if (!frame.returned.valid() || breakDepth_ < frame.breakDepth || !returnsEarly(breakable, false)) return;
  b_->beginIf(b_->load(frame.returned));
  b_->breakOut();
  b_->endIf();
}

bool Gen::needsInlining(const fe::FunctionDecl* callee) {
  if (fe::containsResource(callee->returnType)) return true;
  for (const fe::VarDecl* p : callee->params)
    if (fe::containsResource(p->type)) return true;
  // Methods of structs holding resources: `this` has resources.
  return callee->parent && !callee->isStatic && fe::containsResource(unit_.context->types.structType(callee->parent));
}

Value Gen::inlineCall(const fe::CallExpr* call, const fe::FunctionDecl* callee) {
  // Bind the parameters in the caller's scope first: arguments refer to the caller's locals.
  std::unordered_map<const fe::VarDecl*, VarInfo> calleeLocals;
  struct WriteBack {
    LValue target;
    Value temp;
    const fe::Type* paramType;
    const fe::Type* argType;
  };
  std::vector<WriteBack> writeBacks;
  struct InlinedParam {
    const fe::VarDecl* param;
    Value ptr;
    uint32_t argNumber;
  };
  std::vector<InlinedParam> inlinedParams;  // declared in the inlined body's scope
  Value calleeThis = thisPtr_;
  std::pair<uint32_t, uint32_t> calleeThisSlots = thisSlots_;
  // A method called on a struct of data and resources a call returned (`make().method()`): the
  // call is inlined once, its data copied to `this`, its resources bound to `this`'s slots.
  const bool thisFromCall = callee->parent && !callee->isStatic && call->object &&
                            call->object->kind == fe::ExprKind::Call &&
                            call->object->type == unit_.context->types.structType(callee->parent) &&
                            holdsData(call->object->type);
  if (thisFromCall) {
    const fe::Type* st = unit_.context->types.structType(callee->parent);
    calleeThisSlots = {newSlots(resourceLeafCount(st)), resourceLeafCount(st)};
    calleeThis = b_->local(lower(st), "this");
    initMixed(calleeThis, st, calleeThisSlots, call->object);
  } else if (callee->parent && !callee->isStatic && call->object) {
    const fe::Type* st = unit_.context->types.structType(callee->parent);
    calleeThisSlots = {0, 0};
    if (fe::containsResource(st)) {
      // The method sees the object's own slots when it is a local (its assignments stick),
      // else a copy of what the object refers to.
      const uint32_t n = resourceLeafCount(st);
      if (auto own = resourceSlots(call->object, false); own && call->object->type == st) {
        calleeThisSlots = *own;
      } else {
        std::vector<ResourceRef> leaves = resourceLeaves(call->object);
        calleeThisSlots = {newSlots(n), n};
        for (uint32_t i = 0; i < n && i < leaves.size(); ++i) writeSlot(calleeThisSlots.first + i, leaves[i], call->object);
      }
    }
  }
  if (!thisFromCall && callee->parent && !callee->isStatic && call->object &&
      holdsData(unit_.context->types.structType(callee->parent))) {
    const fe::Type* st = unit_.context->types.structType(callee->parent);
    LValue obj = lvalue(call->object);
    Value tmp = b_->local(lower(st), "this");
    Value v = load(obj);
    if (call->object->type != st) v = cast(v, call->object->type, st, fe::CastKind::DerivedToBase);
    b_->store(tmp, v);
    calleeThis = tmp;
    if (!call->object->isConst && call->object->type == st) writeBacks.push_back({obj, tmp, st, st});
  }
  for (size_t i = 0; i < call->args.size() && i < callee->params.size(); ++i) {
    const fe::VarDecl* p = callee->params[i];
    const fe::Expr* arg = call->args[i];
    VarInfo v;
    if (fe::containsResource(p->type)) {
      // The parameter is a local of the inlined body holding the argument's resources; a struct
      // of data and resources also gets a Function variable for its data (initResourceLocal).
      initResourceLocal(p, v);
      const bool mixed = v.kind == VarInfo::Kind::Pointer;
      if (p->direction == fe::ParamDirection::In) {
        if (mixed) {
          initMixed(v.ptr, p->type, {v.firstSlot, v.slotCount}, arg);
        } else {
          std::vector<ResourceRef> leaves = resourceLeaves(arg);
          for (uint32_t k = 0; k < v.slotCount && k < leaves.size(); ++k) writeSlot(v.firstSlot + k, leaves[k], arg);
          if (leaves.size() < v.slotCount) poisonSlots({v.firstSlot, v.slotCount});  // diagnosed
        }
        calleeLocals[p] = v;
        continue;
      }
      // out/inout: the parameter's resources are the argument's own slots, so what the body
      // assigns is what the caller sees afterwards; the data part is copied in and back.
      std::optional<std::pair<uint32_t, uint32_t>> own = resourceSlots(arg, false);
      if (!own || own->second != v.slotCount) {
        error(arg->loc, std::string(p->direction == fe::ParamDirection::Out ? "an out" : "an inout") +
                            " argument holding resources must be a local variable, or a member or constant-index "
                            "element of one");
        poisonSlots({v.firstSlot, v.slotCount});
        calleeLocals[p] = v;  // the body still generates against the parameter's own slots
        continue;
      }
      v.firstSlot = own->first;
      if (mixed) {
        LValue target = lvalue(arg);
        if (p->direction == fe::ParamDirection::InOut) b_->store(v.ptr, load(target));
        writeBacks.push_back({target, v.ptr, p->type, p->type});
      }
      calleeLocals[p] = v;
      continue;
    }
    if (p->direction == fe::ParamDirection::In) {
      Value value = rvalue(arg);
      v.ptr = b_->local(lower(p->type), p->name);
      b_->store(v.ptr, value);
    } else {
      LValue target = lvalue(arg);
      v.ptr = b_->local(lower(p->type), p->name);
      if (p->direction == fe::ParamDirection::InOut) b_->store(v.ptr, convertValue(load(target), arg->type, p->type));
      writeBacks.push_back({target, v.ptr, p->type, arg->type});
    }
    calleeLocals[p] = v;
    if (!fe::containsResource(p->type)) inlinedParams.push_back({p, v.ptr, static_cast<uint32_t>(i) + 1});
  }

  InlineFrame frame;
  frame.call = call;
  ir::Type ret = lower(callee->returnType);
  if (fe::containsResource(callee->returnType)) {
    // A returned resource is a slot like a local's: returns under control flow merge its index.
    const uint32_t n = resourceLeafCount(callee->returnType);
    frame.resultSlots = {newSlots(n), n};
    // A struct of data and resources also returns its data part by value.
    if (callee->returnType->isStruct() && holdsData(callee->returnType))
      frame.result = b_->local(ret, callee->name + ".result");
  } else if (cx_->def(ret).kind != ir::TypeKind::Void) {
    frame.result = b_->local(ret, callee->name + ".result");
  }
  frame.breakDepth = breakDepth_;
  frame.wrapped = returnsEarly(callee->body, true);

  std::swap(locals_, calleeLocals);
  const fe::FunctionDecl* callerFn = currentFn_;
  const fe::Stmt* callerBody = functionBody_;
  functionBody_ = callee->body;
  const uint32_t callerScope = openInlinedScope(callee, call);
  for (const InlinedParam& ip : inlinedParams) debugDeclare(ip.param, ip.ptr, ip.argNumber);
  Value callerThis = thisPtr_;
  currentFn_ = callee;
  thisPtr_ = calleeThis;
  const std::pair<uint32_t, uint32_t> callerThisSlots = thisSlots_;
  thisSlots_ = calleeThisSlots;
  inlineStack_.push_back(frame);
  if (frame.wrapped) {
    ++breakDepth_;
    frame.breakDepth = breakDepth_;
    inlineStack_.back().breakDepth = breakDepth_;
    if (returnsFromBreakable(callee->body)) {
      // A return inside a loop/switch breaks out level by level (leaveIfReturned).
      inlineStack_.back().returned = b_->local(cx_->boolType(), callee->name + ".returned");
      b_->store(inlineStack_.back().returned, b_->constBool(false));
    }
    b_->beginLoop();
    stmt(callee->body);
    if (!b_->isTerminated()) b_->breakOut();
    b_->endLoop();
    --breakDepth_;
  } else {
    stmt(callee->body);
  }
  inlineStack_.pop_back();
  thisPtr_ = callerThis;
  thisSlots_ = callerThisSlots;
  currentFn_ = callerFn;
  functionBody_ = callerBody;
  closeScope(callerScope);
  std::swap(locals_, calleeLocals);

  setLoc(call);
  for (const WriteBack& w : writeBacks) store(w.target, convertValue(b_->load(w.temp), w.paramType, w.argType));
  inlineResult_ = frame.resultSlots;
  if (!frame.result.valid()) return Value::constant(cx_->undef(frame.resultSlots.second ? cx_->u32() : ret));
  return b_->load(frame.result);
}

static Value condition(Gen& g, const fe::Expr* e) { return g.toBool(g.rvalue(e), e->type); }

// Chains with this many `else if`s or more are generated flat (elseIfChain); shorter ones nest as
// written.
constexpr size_t kFlatElseIfChain = 64;

static size_t elseIfLinks(const fe::IfStmt* i) {
  size_t links = 0;
  while (i->elseStmt && i->elseStmt->kind == fe::StmtKind::If && i->elseStmt->attributes.empty()) {
    i = static_cast<const fe::IfStmt*>(i->elseStmt);
    ++links;
  }
  return links;
}

// if (c1) A else if (c2) B ... else Z  becomes
//   pending = true; if (c1) { pending = false; A }
//   if (pending) { if (c2) { pending = false; B } } ...  if (pending) { Z }
// Each condition is still evaluated only when every earlier one was false, and each branch sees
// the same control flow (a break, continue or return in it leaves as before).
void Gen::elseIfChain(const fe::IfStmt* first) {
  Value pending = b_->local(cx_->boolType(), "else_if.pending", cx_->boolConst(true));
  for (const fe::IfStmt* i = first;;) {
    setLoc(i);
    const bool guarded = i != first;
    if (guarded) b_->beginIf(b_->load(pending));
    b_->beginIf(condition(*this, i->cond));
    b_->store(pending, b_->constBool(false));
    stmt(i->thenStmt);
    b_->endIf();
    if (guarded) b_->endIf();
    const fe::Stmt* next = i->elseStmt;
    if (next && next->kind == fe::StmtKind::If && next->attributes.empty()) {
      i = static_cast<const fe::IfStmt*>(next);
      continue;
    }
    if (next) {
      setLoc(next);
      b_->beginIf(b_->load(pending));
      stmt(next);
      b_->endIf();
    }
    return;
  }
}

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
    case fe::StmtKind::Compound: {
      // A `{}` is a lexical block, except a function's own body.
      const uint32_t outer = s == functionBody_ ? b_->scope() : openScope(s);
      for (const fe::Stmt* st : static_cast<const fe::CompoundStmt*>(s)->body) stmt(st);
      closeScope(outer);
      return;
    }
    case fe::StmtKind::Decl:
      for (const fe::Decl* d : static_cast<const fe::DeclStmt*>(s)->decls)
        if (d->kind == fe::DeclKind::Var) localDecl(static_cast<const fe::VarDecl*>(d));
      return;
    case fe::StmtKind::Expr:
      if (auto* e = static_cast<const fe::ExprStmt*>(s)->expr) rvalue(e);
      return;
    case fe::StmtKind::If: {
      auto* i = static_cast<const fe::IfStmt*>(s);
      if (elseIfLinks(i) >= kFlatElseIfChain) {
        elseIfChain(i);
        return;
      }
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
      // The loop variable lives in a block of the whole statement.
      const uint32_t outer = openScope(s);
      if (f->init) stmt(f->init);
      ++breakDepth_;
      std::vector<uint32_t> loopSlots = beginResourceLoop(s);
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
      endResourceLoop(loopSlots);
      --breakDepth_;
      leaveIfReturned(s);
      closeScope(outer);
      return;
    }
    case fe::StmtKind::While: {
      auto* w = static_cast<const fe::WhileStmt*>(s);
      ++breakDepth_;
      std::vector<uint32_t> loopSlots = beginResourceLoop(s);
      b_->beginLoop();
      Value c = condition(*this, w->cond);
      b_->beginIf(b_->logicalNot(c));
      b_->breakOut();
      b_->endIf();
      stmt(w->body);
      b_->endLoop();
      endResourceLoop(loopSlots);
      --breakDepth_;
      leaveIfReturned(s);
      return;
    }
    case fe::StmtKind::Do: {
      auto* d = static_cast<const fe::DoStmt*>(s);
      ++breakDepth_;
      std::vector<uint32_t> loopSlots = beginResourceLoop(s);
      b_->beginLoop();
      stmt(d->body);
      b_->beginContinuing();
      Value c = condition(*this, d->cond);
      b_->breakIf(b_->logicalNot(c));
      b_->endLoop();
      endResourceLoop(loopSlots);
      --breakDepth_;
      leaveIfReturned(s);
      return;
    }
    case fe::StmtKind::Switch:
      ++breakDepth_;
      switchStmt(static_cast<const fe::SwitchStmt*>(s));
      --breakDepth_;
      leaveIfReturned(s);
      return;
    case fe::StmtKind::Case:
    case fe::StmtKind::Default:
      error(s->loc, "case labels nested inside other statements are not supported");
      return;
    case fe::StmtKind::Break: b_->breakOut(); return;
    case fe::StmtKind::Continue: b_->continueLoop(); return;
    case fe::StmtKind::Return: {
      auto* r = static_cast<const fe::ReturnStmt*>(s);
      if (!inlineStack_.empty()) {
        // A copy: the returned expression may inline calls, which grow (and move) inlineStack_.
        const InlineFrame frame = inlineStack_.back();
        if (r->value && frame.resultSlots.second && frame.result.valid()) {
          // A struct of data and resources (GenMixedStructs.cpp).
          if (std::optional<MixedValue> value = mixedValue(r->value)) {
            setLoc(s);
            LValue data;
            data.type = currentFn_->returnType;
            data.ptr = frame.result;
            storeMixed(data, frame.resultSlots, *value, r->value);
          }
        } else if (r->value && frame.resultSlots.second) {
          std::vector<ResourceRef> leaves = resourceLeaves(r->value);
          setLoc(s);
          for (uint32_t i = 0; i < frame.resultSlots.second && i < leaves.size(); ++i)
            writeSlot(frame.resultSlots.first + i, leaves[i], r->value);
        } else if (r->value && !r->value->type->isVoid()) {
          Value v = rvalue(r->value);
          setLoc(s);
          if (frame.result.valid()) b_->store(frame.result, v);
        } else if (r->value) {
          rvalue(r->value);
        }
        if (!frame.wrapped) return;  // the body's last statement: nothing follows it
        if (breakDepth_ != frame.breakDepth) {
          if (!frame.returned.valid()) {
            error(s->loc, "internal error: a return inside a loop of an inlined function without a return flag");
            return;
          }
          b_->store(frame.returned, b_->constBool(true));
        }
        b_->breakOut();
        return;
      }
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
      if (!unit_.entry || unit_.entry->stage != fe::ShaderStage::Pixel) {
        error(s->loc, "'discard' is only allowed in pixel shaders");
        return;
      }
      if (options_.demoteForDiscard) b_->spvVoid(spv::OpDemoteToHelperInvocation, {});
      else b_->kill();
      return;
    case fe::StmtKind::Null: return;
  }
}

}  // namespace sl::irgen
