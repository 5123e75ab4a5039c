// Static variables. Function-scope `static` variables, as DXC lowers them for SPIR-V: one module-scope Private
// variable per declaration (shared by every call and every inlined copy of the function). A
// constant initializer (literals, constructors, initializer lists, casts and negations of them)
// becomes the OpVariable initializer; no initializer means zero; any other initializer runs the
// first time the declaration is reached, guarded by a Private bool `init.done.<name>` (DXC's
// SpirvEmitter::initOnce). Static globals that hold only resources (`static const A a = create();`
// with `struct A { RWTexture2D<float4> t[3]; }`): SPIR-V has no resource values, so every use
// refers to what the initializer names, evaluated there; that is the run-once semantics only when
// the initializer writes no memory, which is checked.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

#include <set>

namespace sl::irgen {

using ir::Value;

namespace {

// The scalar leaves of a constant expression, in flattening order (row-major, base first).
class ConstantFolder {
 public:
  explicit ConstantFolder(Gen& g) : g_(g), cx_(*g.cx_) {}

  bool leaves(const fe::Expr* e, std::vector<ir::Const>& out) {
    switch (e->kind) {
      case fe::ExprKind::IntLiteral:
      case fe::ExprKind::FloatLiteral:
      case fe::ExprKind::BoolLiteral:
        return scalar(g_.rvalue(e), out);
      case fe::ExprKind::DeclRef: {
        auto* ref = static_cast<const fe::DeclRefExpr*>(e);
        if (ref->decl->kind != fe::DeclKind::EnumConstant) return false;
        return scalar(g_.valueOfDecl(ref), out);
      }
      case fe::ExprKind::Construct:
        for (const fe::Expr* a : static_cast<const fe::ConstructExpr*>(e)->args)
          if (!leaves(a, out)) return false;
        return true;
      case fe::ExprKind::InitList:
        for (const fe::Expr* a : static_cast<const fe::InitListExpr*>(e)->elements)
          if (!leaves(a, out)) return false;
        return true;
      case fe::ExprKind::Unary: {
        auto* u = static_cast<const fe::UnaryExpr*>(e);
        if (u->op != fe::UnaryOp::Plus && u->op != fe::UnaryOp::Minus) return false;
        const size_t first = out.size();
        if (!leaves(u->operand, out)) return false;
        if (u->op == fe::UnaryOp::Minus)
          for (size_t i = first; i < out.size(); ++i)
            if (!negate(out[i])) return false;
        return true;
      }
      case fe::ExprKind::ImplicitCast:
      case fe::ExprKind::ExplicitCast:
        return cast(static_cast<const fe::CastExpr*>(e), out);
      default:
        return false;
    }
  }

 private:
  bool scalar(Value v, std::vector<ir::Const>& out) {
    if (v.kind != ir::ValueKind::Const || cx_.def(v.asConst()).kind != ir::ConstKind::Scalar) return false;
    out.push_back(v.asConst());
    return true;
  }

  bool negate(ir::Const& c) {
    const ir::ConstDef& d = cx_.def(c);
    const ir::TypeDef& t = cx_.def(d.type);
    if (t.kind == ir::TypeKind::Float) {
      ir::ConstDef n = d;
      n.bits ^= uint64_t(1) << (t.width - 1);
      c = cx_.intern(n);
      return true;
    }
    if (t.kind != ir::TypeKind::Int) return false;
    c = cx_.intConst(d.type, uint64_t(0) - d.bits);
    return true;
  }

  // One scalar leaf converted to `to` (folded by convertElements, which folds scalar constants).
  bool convertLeaf(ir::Const& c, fe::ScalarKind from, fe::ScalarKind to) {
    fe::TypeContext& types = g_.unit_.context->types;
    Value v = g_.convertElements(Value::constant(c), types.scalar(from), to, types.scalar(to));
    if (v.kind != ir::ValueKind::Const) return false;
    c = v.asConst();
    return true;
  }

  bool cast(const fe::CastExpr* c, std::vector<ir::Const>& out) {
    using CK = fe::CastKind;
    const fe::Type* from = c->operand->type;
    const fe::Type* to = c->type;
    if (!(from->isNumeric() || from->isEnum()) || !to->isNumeric()) return false;
    const fe::ScalarKind fk = g_.scalarKindOf(from), tk = g_.scalarKindOf(to);
    std::vector<ir::Const> in;
    if (!leaves(c->operand, in)) return false;
    switch (c->castKind) {
      case CK::NoOp:
      case CK::IntegralCast:
      case CK::IntegralToFloating:
      case CK::FloatingToIntegral:
      case CK::FloatingCast:
      case CK::IntegralToBoolean:
      case CK::FloatingToBoolean:
      case CK::BooleanToIntegral:
      case CK::BooleanToFloating:
      case CK::MatrixToVector:
      case CK::VectorToMatrix:
        if (in.size() != to->elementCount()) return false;
        break;
      case CK::Splat:
        if (in.empty()) return false;
        in.assign(to->elementCount(), in[0]);
        break;
      case CK::VectorTruncate:
        // Matrices keep their top-left block, not their leading leaves.
        if (from->isMatrix() && from->rows > 1 && from->cols > 1) return false;
        if (in.size() < to->elementCount()) return false;
        in.resize(to->elementCount());
        break;
      default:
        return false;
    }
    for (ir::Const& leaf : in)
      if (!convertLeaf(leaf, fk, tk)) return false;
    out.insert(out.end(), in.begin(), in.end());
    return true;
  }

  Gen& g_;
  ir::Context& cx_;
};

}  // namespace

// The constant of `type` built from scalar leaves; nullopt when a leaf's IR type does not match.
static std::optional<ir::Const> constFromLeaves(Gen& g, const fe::Type* type, const std::vector<ir::Const>& leaves,
                                                size_t& next) {
  ir::Context& cx = *g.cx_;
  auto take = [&](const fe::Type* scalarType) -> std::optional<ir::Const> {
    if (next >= leaves.size()) return std::nullopt;
    ir::Const c = leaves[next++];
    if (cx.def(c).type != g.lower(scalarType)) return std::nullopt;
    return c;
  };
  fe::TypeContext& types = g.unit_.context->types;
  const ir::Type t = g.lower(type);
  if (type->isNumeric()) {
    const fe::Type* st = types.scalar(type->scalar);
    const unsigned n = type->elementCount();
    if (n == 1) return take(st);
    std::vector<ir::Const> parts;
    if (type->isVector() || type->rows == 1 || type->cols == 1) {
      for (unsigned i = 0; i < n; ++i) {
        std::optional<ir::Const> c = take(st);
        if (!c) return std::nullopt;
        parts.push_back(*c);
      }
      return cx.composite(t, parts);
    }
    const ir::Type rowType = cx.def(t).element;
    for (unsigned r = 0; r < type->rows; ++r) {
      std::vector<ir::Const> row;
      for (unsigned c = 0; c < type->cols; ++c) {
        std::optional<ir::Const> leaf = take(st);
        if (!leaf) return std::nullopt;
        row.push_back(*leaf);
      }
      parts.push_back(cx.composite(rowType, row));
    }
    return cx.composite(t, parts);
  }
  if (type->isArray()) {
    std::vector<ir::Const> parts;
    for (uint32_t i = 0; i < type->arraySize; ++i) {
      std::optional<ir::Const> c = constFromLeaves(g, type->element, leaves, next);
      if (!c) return std::nullopt;
      parts.push_back(*c);
    }
    return cx.composite(t, parts);
  }
  if (type->isStruct() && type->record) {
    std::vector<ir::Const> parts;
    const fe::StructDecl* rec = type->record;
    if (rec->base) {
      std::optional<ir::Const> c = constFromLeaves(g, types.structType(rec->base), leaves, next);
      if (!c) return std::nullopt;
      parts.push_back(*c);
    }
    for (const fe::VarDecl* f : rec->fields) {
      if (f->type->isResource()) continue;
      std::optional<ir::Const> c = constFromLeaves(g, f->type, leaves, next);
      if (!c) return std::nullopt;
      parts.push_back(*c);
    }
    return cx.composite(t, parts);
  }
  return std::nullopt;
}

std::optional<ir::Const> Gen::constantInitializer(const fe::Expr* init) {
  if (!init || fe::containsResource(init->type)) return std::nullopt;
  std::vector<ir::Const> leaves;
  ConstantFolder folder(*this);
  if (!folder.leaves(init, leaves)) return std::nullopt;
  size_t next = 0;
  std::optional<ir::Const> c = constFromLeaves(*this, init->type, leaves, next);
  if (!c || next != leaves.size()) return std::nullopt;
  return c;
}

VarInfo& Gen::staticLocal(const fe::VarDecl* var) {
  if (auto it = globals_.find(var); it != globals_.end()) return it->second;
  const ir::DebugLoc saved = b_->loc();  // folding visits the initializer's literals
  const ir::Type t = lower(var->type);
  ir::Const init;
  bool guarded = false;
  if (!var->init) init = cx_->null(t);  // statics start zeroed (DXC stores zero on first entry)
  else if (std::optional<ir::Const> c = constantInitializer(var->init)) init = *c;
  else guarded = true;
  setLoc(var);
  VarInfo v;
  v.ptr = Value::global(b_->global(var->name, t, spv::StorageClassPrivate, init));
  if (guarded)
    staticGuards_[var] = b_->global("init.done." + var->name, cx_->boolType(), spv::StorageClassPrivate,
                                    cx_->boolConst(false));
  b_->setLoc(saved);
  return globals_[var] = v;
}

void Gen::staticLocalDecl(const fe::VarDecl* var) {
  const VarInfo& info = staticLocal(var);
  auto guard = staticGuards_.find(var);
  if (guard == staticGuards_.end()) return;
  // if (!init.done.x) { x = init; init.done.x = true; }
  const Value done = Value::global(guard->second);
  setLoc(var);
  b_->beginIf(b_->logicalNot(b_->load(done)));
  Value value = rvalue(var->init);
  setLoc(var);
  store(LValue{LValue::Kind::Pointer, info.ptr, {}, false, false, var->type}, value);
  b_->store(done, b_->constBool(true));
  b_->endIf();
}

namespace {

bool typeHoldsData(const fe::Type* t) {
  if (t->isResource()) return false;
  if (t->isArray()) return typeHoldsData(t->element);
  if (t->isStruct() && t->record) {
    for (const fe::StructDecl* r = t->record; r; r = r->base)
      for (const fe::VarDecl* f : r->fields)
        if (typeHoldsData(f->type)) return true;
    return false;
  }
  return true;
}

// Whether evaluating an expression (through the bodies of the functions it calls) can write
// memory other than its own locals and by-value parameters.
class WriteFinder {
 public:
  bool expr(const fe::Expr* e) {
    if (!e) return false;
    switch (e->kind) {
      case fe::ExprKind::Member: return expr(static_cast<const fe::MemberExpr*>(e)->base);
      case fe::ExprKind::Swizzle: return expr(static_cast<const fe::SwizzleExpr*>(e)->base);
      case fe::ExprKind::Index: {
        auto* i = static_cast<const fe::IndexExpr*>(e);
        return expr(i->base) || expr(i->index);
      }
      case fe::ExprKind::ResourceIndex: {
        auto* i = static_cast<const fe::ResourceIndexExpr*>(e);
        return expr(i->base) || expr(i->index) || expr(i->level);
      }
      case fe::ExprKind::Unary: {
        auto* u = static_cast<const fe::UnaryExpr*>(e);
        const bool step = u->op == fe::UnaryOp::PreInc || u->op == fe::UnaryOp::PreDec ||
                          u->op == fe::UnaryOp::PostInc || u->op == fe::UnaryOp::PostDec;
        return (step && !localTarget(u->operand)) || expr(u->operand);
      }
      case fe::ExprKind::Binary: {
        auto* b = static_cast<const fe::BinaryExpr*>(e);
        return expr(b->lhs) || expr(b->rhs);
      }
      case fe::ExprKind::Assign: {
        auto* a = static_cast<const fe::AssignExpr*>(e);
        return !localTarget(a->lhs) || expr(a->lhs) || expr(a->rhs);
      }
      case fe::ExprKind::Conditional: {
        auto* c = static_cast<const fe::ConditionalExpr*>(e);
        return expr(c->cond) || expr(c->trueExpr) || expr(c->falseExpr);
      }
      case fe::ExprKind::Call: {
        auto* c = static_cast<const fe::CallExpr*>(e);
        const fe::FunctionDecl* fn = c->callee->definition ? c->callee->definition : c->callee;
        for (const fe::VarDecl* p : fn->params)
          if (p->direction != fe::ParamDirection::In) return true;
        for (const fe::Expr* a : c->args)
          if (expr(a)) return true;
        if (expr(c->object)) return true;
        if (!visited_.insert(fn).second) return false;
        return stmt(fn->body);
      }
      case fe::ExprKind::IntrinsicCall: {
        auto* c = static_cast<const fe::IntrinsicCallExpr*>(e);
        for (fe::ParamDirection d : c->directions)
          if (d != fe::ParamDirection::In) return true;
        static const char* const kWriters[] = {"Store", "Append", "Consume", "IncrementCounter", "DecrementCounter",
                                               "Interlocked", "Write"};
        for (const char* w : kWriters)
          if (c->name.rfind(w, 0) == 0) return true;
        for (const fe::Expr* a : c->args)
          if (expr(a)) return true;
        return expr(c->object);
      }
      case fe::ExprKind::Construct:
        for (const fe::Expr* a : static_cast<const fe::ConstructExpr*>(e)->args)
          if (expr(a)) return true;
        return false;
      case fe::ExprKind::InitList:
        for (const fe::Expr* a : static_cast<const fe::InitListExpr*>(e)->elements)
          if (expr(a)) return true;
        return false;
      case fe::ExprKind::ImplicitCast:
      case fe::ExprKind::ExplicitCast: return expr(static_cast<const fe::CastExpr*>(e)->operand);
      default: return false;
    }
  }

  bool stmt(const fe::Stmt* s) {
    if (!s) return false;
    switch (s->kind) {
      case fe::StmtKind::Compound:
        for (const fe::Stmt* st : static_cast<const fe::CompoundStmt*>(s)->body)
          if (stmt(st)) return true;
        return false;
      case fe::StmtKind::Decl:
        for (const fe::Decl* d : static_cast<const fe::DeclStmt*>(s)->decls) {
          if (d->kind != fe::DeclKind::Var) continue;
          auto* v = static_cast<const fe::VarDecl*>(d);
          if (v->storage == fe::StorageClass::Static && v->init) return true;  // writes a Private global
          if (expr(v->init)) return true;
        }
        return false;
      case fe::StmtKind::Expr: return expr(static_cast<const fe::ExprStmt*>(s)->expr);
      case fe::StmtKind::If: {
        auto* i = static_cast<const fe::IfStmt*>(s);
        return expr(i->cond) || stmt(i->thenStmt) || stmt(i->elseStmt);
      }
      case fe::StmtKind::For: {
        auto* f = static_cast<const fe::ForStmt*>(s);
        return stmt(f->init) || expr(f->cond) || expr(f->inc) || stmt(f->body);
      }
      case fe::StmtKind::While: {
        auto* w = static_cast<const fe::WhileStmt*>(s);
        return expr(w->cond) || stmt(w->body);
      }
      case fe::StmtKind::Do: {
        auto* d = static_cast<const fe::DoStmt*>(s);
        return stmt(d->body) || expr(d->cond);
      }
      case fe::StmtKind::Switch: {
        auto* w = static_cast<const fe::SwitchStmt*>(s);
        return expr(w->cond) || stmt(w->body);
      }
      case fe::StmtKind::Return: return expr(static_cast<const fe::ReturnStmt*>(s)->value);
      case fe::StmtKind::Discard: return true;
      default: return false;
    }
  }

 private:
  // An assignment target rooted in a local variable or a by-value parameter.
  static bool localTarget(const fe::Expr* e) {
    while (true) {
      switch (e->kind) {
        case fe::ExprKind::Member: e = static_cast<const fe::MemberExpr*>(e)->base; continue;
        case fe::ExprKind::Swizzle: e = static_cast<const fe::SwizzleExpr*>(e)->base; continue;
        case fe::ExprKind::Index: e = static_cast<const fe::IndexExpr*>(e)->base; continue;
        case fe::ExprKind::ImplicitCast:
        case fe::ExprKind::ExplicitCast: e = static_cast<const fe::CastExpr*>(e)->operand; continue;
        case fe::ExprKind::DeclRef: {
          auto* ref = static_cast<const fe::DeclRefExpr*>(e);
          if (ref->decl->kind != fe::DeclKind::Var) return false;
          auto* v = static_cast<const fe::VarDecl*>(ref->decl);
          return v->storage == fe::StorageClass::Local ||
                 (v->storage == fe::StorageClass::Param && v->direction == fe::ParamDirection::In);
        }
        default: return false;
      }
    }
  }

  std::set<const fe::FunctionDecl*> visited_;
};

}  // namespace

bool Gen::declareStaticResources(const fe::VarDecl* var) {
  if (var->storage != fe::StorageClass::Static || !var->init || !fe::containsResource(var->type)) return false;
  if (!var->type->isResource() && typeHoldsData(var->type)) return false;
  if (WriteFinder().expr(var->init)) {
    error(var->loc, "the initializer of static variable '" + var->name +
                              "' writes memory; a static holding resources refers to what its initializer names "
                              "at each use, so the initializer must not have side effects");
  }
  VarInfo v;
  v.kind = VarInfo::Kind::Resource;
  globals_[var] = v;
  staticResources_.insert(var);
  return true;
}

}  // namespace sl::irgen
