// Resources held by locals, parameters of inlined functions, local arrays and structs, and global
// structs of resources: which declared resource (or heap element) each of their resource leaves
// refers to at a given point. Resources are no values in Vulkan SPIR-V, so every use must resolve
// to one declared resource (or one heap) at compile time; only the array / heap index may be a
// run-time value. See ResourceSlot in Gen.h.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

#include <algorithm>

namespace sl::irgen {

using ir::Value;

const fe::Expr* stripNoOpCasts(const fe::Expr* e) {
  while ((e->kind == fe::ExprKind::ImplicitCast || e->kind == fe::ExprKind::ExplicitCast) &&
         static_cast<const fe::CastExpr*>(e)->castKind == fe::CastKind::NoOp)
    e = static_cast<const fe::CastExpr*>(e)->operand;
  return e;
}

static uint32_t recordLeafCount(const fe::StructDecl* rec) {
  uint32_t n = rec->base ? recordLeafCount(rec->base) : 0;
  for (const fe::VarDecl* f : rec->fields) n += Gen::resourceLeafCount(f->type);
  return n;
}

uint32_t Gen::resourceLeafCount(const fe::Type* type) {
  if (type->isResource()) return 1;
  if (type->isArray()) return type->arraySize * resourceLeafCount(type->element);
  if (type->isStruct() && type->record) return recordLeafCount(type->record);
  return 0;
}

uint32_t Gen::fieldLeafOffset(const fe::StructDecl* rec, const fe::VarDecl* field) {
  uint32_t offset = rec->base ? recordLeafCount(rec->base) : 0;
  for (const fe::VarDecl* f : rec->fields) {
    if (f == field) return offset;
    offset += resourceLeafCount(f->type);
  }
  // A field of a base class (bases come first).
  return rec->base ? fieldLeafOffset(rec->base, field) : 0;
}

static bool sameSource(const ResourceRef& a, const ResourceRef& b) {
  return a.resource == b.resource && a.heap == b.heap && a.index.valid() == b.index.valid();
}

static std::string describe(const Gen& g, const ResourceRef& r) {
  if (!r.valid()) return "?";
  const ResourceInfo& info = g.resources_[r.resource];
  return info.heap == HeapKind::None ? "'" + info.name + "'" : info.name;
}

static bool isNonUniform(Gen& g, Value v) {
  if (v.kind != ir::ValueKind::InstResult) return false;
  const ir::InstDef& inst = g.b_->instOf(v);
  return inst.op.isSpv(spv::OpCopyObject) && inst.attrs.hasDecoration(spv::DecorationNonUniform);
}

static std::optional<uint64_t> constantIndex(Gen& g, Value v) {
  if (v.kind != ir::ValueKind::Const) return std::nullopt;
  const ir::ConstDef& c = g.cx_->def(v.asConst());
  if (c.kind != ir::ConstKind::Scalar) return std::nullopt;
  return c.bits;
}

// The index as u32 (array indices may be signed ints); NonUniform is kept.
static Value asU32(Gen& g, Value v) {
  ir::Type t = g.module_->typeOf(g.b_->function(), v);
  if (t == g.cx_->u32()) return v;
  if (std::optional<uint64_t> k = constantIndex(g, v)) return g.b_->constU32(static_cast<uint32_t>(*k));
  Value u = g.b_->bitcast(g.cx_->u32(), v);
  return isNonUniform(g, v) ? g.b_->nonUniform(u) : u;
}

bool Gen::regionWithin(ir::RegionId inner, ir::RegionId outer) const {
  if (!outer.valid()) return true;
  const ir::FunctionDef& fn = module_->function(b_->currentFunction());
  while (inner.valid()) {
    if (inner == outer) return true;
    ir::NodeId parent = fn.region(inner).parent;
    if (!parent.valid()) return false;
    inner = fn.node(parent).parent;
  }
  return false;
}

// A global resource array (or part of a multi-dimensional one) named by `expr`; invalid otherwise.
static ResourceRef globalArray(Gen& g, const fe::Expr* expr) {
  expr = stripNoOpCasts(expr);
  if (expr->kind == fe::ExprKind::DeclRef) {
    auto* ref = static_cast<const fe::DeclRefExpr*>(expr);
    if (ref->decl->kind != fe::DeclKind::Var) return {};
    auto* var = static_cast<const fe::VarDecl*>(ref->decl);
    if (g.locals_.count(var) || !var->type->isArray()) return {};
    auto it = g.globals_.find(var);
    if (it == g.globals_.end() || it->second.kind != VarInfo::Kind::Resource || !it->second.resource.valid()) return {};
    ResourceRef r = it->second.resource;
    r.rest = var->type;
    return r;
  }
  if (expr->kind == fe::ExprKind::Index) {
    auto* ix = static_cast<const fe::IndexExpr*>(expr);
    ResourceRef base = globalArray(g, ix->base);
    if (!base.rest) return {};
    const uint32_t stride = Gen::resourceLeafCount(base.rest->element);
    Value i = g.rvalue(ix->index);
    if (stride == 1 && !base.index.valid()) {
      base.index = i;  // the common case keeps the index value as written (NonUniform included)
    } else {
      const bool nu = isNonUniform(g, i);
      Value offset = stride == 1 ? asU32(g, i) : g.b_->imul(asU32(g, i), g.b_->constU32(stride));
      base.index = base.index.valid() ? g.b_->iadd(asU32(g, base.index), offset) : offset;
      if (nu) base.index = g.b_->nonUniform(base.index);
    }
    base.rest = base.rest->element->isArray() ? base.rest->element : nullptr;
    return base;
  }
  return {};
}

// The elements of a global array reference, one leaf each.
static std::vector<ResourceRef> expandArray(Gen& g, const ResourceRef& array, const fe::Expr* at) {
  const uint32_t n = Gen::resourceLeafCount(array.rest);
  if (n == 0) {
    g.error(at->loc, "an unbounded resource array cannot be copied or passed as a whole");
    return {};
  }
  std::vector<ResourceRef> out;
  for (uint32_t k = 0; k < n; ++k) {
    ResourceRef r = array;
    r.rest = nullptr;
    r.index = array.index.valid() ? g.b_->iadd(asU32(g, array.index), g.b_->constU32(k)) : g.b_->constU32(k);
    out.push_back(r);
  }
  return out;
}

ResourceRef Gen::selectRef(Value condition, const ResourceRef& a, const ResourceRef& b, const fe::Expr* at) {
  if (!a.valid() || !b.valid()) return {};
  if (!sameSource(a, b)) {
    error(at->loc, "this selects between different resources (" + describe(*this, a) + " and " + describe(*this, b) +
                       ") at run time, which Vulkan SPIR-V cannot express; index one resource array instead");
    return {};
  }
  if (!a.index.valid()) return a;
  ResourceRef r = a;
  r.index = b_->select(condition, asU32(*this, a.index), asU32(*this, b.index));
  if (isNonUniform(*this, a.index) || isNonUniform(*this, b.index)) r.index = b_->nonUniform(r.index);
  return r;
}

ResourceRef Gen::selectLeaf(const std::vector<ResourceRef>& leaves, uint32_t groupSize, uint32_t leaf, Value index,
                            const fe::Expr* at) {
  if (groupSize == 0 || leaves.empty()) return {};
  const uint32_t groups = static_cast<uint32_t>(leaves.size() / groupSize);
  if (std::optional<uint64_t> k = constantIndex(*this, index)) {
    if (*k >= groups) {
      error(at->loc, "index " + std::to_string(*k) + " is past the end of an array of " + std::to_string(groups) + " resources");
      return {};
    }
    return leaves[*k * groupSize + leaf];
  }
  std::vector<ResourceRef> candidates;
  for (uint32_t g = 0; g < groups; ++g) candidates.push_back(leaves[g * groupSize + leaf]);
  for (const ResourceRef& c : candidates) {
    if (!c.valid()) return {};
    if (!sameSource(c, candidates[0])) {
      error(at->loc, "this element is chosen at run time among different resources (" + describe(*this, candidates[0]) +
                         " and " + describe(*this, c) + "), which Vulkan SPIR-V cannot express");
      return {};
    }
  }
  ResourceRef r = candidates[0];
  if (!r.index.valid()) return r;  // every element is the same resource
  bool identity = true, nonUniform = isNonUniform(*this, index);
  for (uint32_t g = 0; g < groups; ++g) {
    std::optional<uint64_t> k = constantIndex(*this, candidates[g].index);
    identity = identity && k && *k == g;
    nonUniform = nonUniform || isNonUniform(*this, candidates[g].index);
  }
  if (identity) {
    r.index = index;
    return r;
  }
  // Look the element's index up in a table of the candidates' indices.
  std::vector<Value> parts;
  for (const ResourceRef& c : candidates) parts.push_back(asU32(*this, c.index));
  ir::Type table = cx_->arrayType(cx_->u32(), groups);
  Value tmp = b_->local(table, "resource.indices");
  b_->store(tmp, b_->construct(table, parts));
  r.index = b_->load(b_->accessChain(tmp, {index}));
  if (nonUniform) r.index = b_->nonUniform(r.index);
  return r;
}

std::vector<ResourceRef> Gen::resourceLeaves(const fe::Expr* expr) {
  expr = stripNoOpCasts(expr);
  if (expr->kind == fe::ExprKind::Call) {
    // A function returning resources: inlined; its returns filled the result slots.
    auto* call = static_cast<const fe::CallExpr*>(expr);
    inlineResult_ = {0, 0};
    emitCall(call);
    const std::pair<uint32_t, uint32_t> result = inlineResult_;
    std::vector<ResourceRef> out;
    for (uint32_t i = 0; i < result.second; ++i) {
      out.push_back(readSlot(result.first + i, expr));
      if (!out.back().valid()) return {};
    }
    if (out.empty() && !failed()) error(expr->loc, "cannot determine which resource this call returns");
    return out;
  }
  if (expr->type->isResource()) {
    ResourceRef r = resourceOf(expr);
    if (!r.valid()) return {};
    return {r};
  }
  const uint32_t count = resourceLeafCount(expr->type);
  auto slice = [&](std::vector<ResourceRef> all, uint32_t first, uint32_t n) -> std::vector<ResourceRef> {
    if (all.size() < first + n) return {};
    return std::vector<ResourceRef>(all.begin() + first, all.begin() + first + n);
  };
  switch (expr->kind) {
    case fe::ExprKind::DeclRef: {
      auto* ref = static_cast<const fe::DeclRefExpr*>(expr);
      if (ref->decl->kind != fe::DeclKind::Var) break;
      auto* var = static_cast<const fe::VarDecl*>(ref->decl);
      if (auto it = locals_.find(var); it != locals_.end()) {
        if (it->second.slotCount == 0) break;
        std::vector<ResourceRef> out;
        for (uint32_t i = 0; i < it->second.slotCount; ++i) {
          out.push_back(readSlot(it->second.firstSlot + i, expr));
          if (!out.back().valid()) return {};
        }
        return out;
      }
      if (auto it = globalLeaves_.find(var); it != globalLeaves_.end()) return it->second;
      // A static struct (array) of resources: what its initializer names (GenStaticLocal.cpp).
      if (staticResources_.count(var) && !var->type->isResource()) return resourceLeaves(var->init);
      if (ResourceRef a = globalArray(*this, expr); a.rest) return expandArray(*this, a, expr);
      break;
    }
    case fe::ExprKind::This: {
      if (thisSlots_.second == 0) break;
      std::vector<ResourceRef> out;
      for (uint32_t i = 0; i < thisSlots_.second; ++i) {
        out.push_back(readSlot(thisSlots_.first + i, expr));
        if (!out.back().valid()) return {};
      }
      return out;
    }
    case fe::ExprKind::Member: {
      auto* m = static_cast<const fe::MemberExpr*>(expr);
      const fe::Type* bt = m->base->type;
      if (!bt->isStruct() || !bt->record) break;
      std::vector<ResourceRef> base = resourceLeaves(m->base);
      if (base.empty()) return {};
      return slice(std::move(base), fieldLeafOffset(bt->record, m->field), count);
    }
    case fe::ExprKind::Index: {
      auto* ix = static_cast<const fe::IndexExpr*>(expr);
      if (ResourceRef a = globalArray(*this, expr); a.valid()) {
        if (a.rest) return expandArray(*this, a, expr);
        return {a};
      }
      std::vector<ResourceRef> base = resourceLeaves(ix->base);
      if (base.empty()) return {};
      Value index = rvalue(ix->index);
      std::vector<ResourceRef> out;
      for (uint32_t leaf = 0; leaf < count; ++leaf) {
        out.push_back(selectLeaf(base, count, leaf, index, expr));
        if (!out.back().valid()) return {};
      }
      return out;
    }
    case fe::ExprKind::InitList: {
      std::vector<ResourceRef> out;
      for (const fe::Expr* e : static_cast<const fe::InitListExpr*>(expr)->elements) {
        if (!fe::containsResource(e->type)) continue;
        std::vector<ResourceRef> part = resourceLeaves(e);
        if (part.empty()) return {};
        out.insert(out.end(), part.begin(), part.end());
      }
      if (out.size() == count) return out;
      break;
    }
    case fe::ExprKind::ImplicitCast:
    case fe::ExprKind::ExplicitCast: {
      auto* c = static_cast<const fe::CastExpr*>(expr);
      if (c->castKind != fe::CastKind::DerivedToBase) break;
      std::vector<ResourceRef> all = resourceLeaves(c->operand);
      if (all.empty()) return {};
      return slice(std::move(all), 0, count);  // the base's members come first
    }
    case fe::ExprKind::Conditional: {
      auto* c = static_cast<const fe::ConditionalExpr*>(expr);
      Value cond = toBool(rvalue(c->cond), c->cond->type);
      std::vector<ResourceRef> a = resourceLeaves(c->trueExpr), b = resourceLeaves(c->falseExpr);
      if (a.empty() || a.size() != b.size()) return {};
      std::vector<ResourceRef> out;
      for (size_t i = 0; i < a.size(); ++i) {
        out.push_back(selectRef(cond, a[i], b[i], expr));
        if (!out.back().valid()) return {};
      }
      return out;
    }
    default: break;
  }
  error(expr->loc, "cannot determine which resources this " + fe::typeName(expr->type) + " refers to");
  return {};
}

ResourceRef Gen::resourceElement(const fe::Expr* expr) {
  expr = stripNoOpCasts(expr);
  switch (expr->kind) {
    case fe::ExprKind::Index: {
      auto* ix = static_cast<const fe::IndexExpr*>(expr);
      if (ResourceRef a = globalArray(*this, expr); a.valid()) {
        if (a.rest) break;  // still an array
        return a;
      }
      std::vector<ResourceRef> base = resourceLeaves(ix->base);
      if (base.empty()) return {};
      return selectLeaf(base, resourceLeafCount(expr->type), 0, rvalue(ix->index), expr);
    }
    case fe::ExprKind::Member: {
      auto* m = static_cast<const fe::MemberExpr*>(expr);
      const fe::Type* bt = m->base->type;
      if (!bt->isStruct() || !bt->record) break;
      std::vector<ResourceRef> base = resourceLeaves(m->base);
      const uint32_t at = fieldLeafOffset(bt->record, m->field);
      if (at >= base.size()) return {};
      return base[at];
    }
    case fe::ExprKind::Conditional: {
      auto* c = static_cast<const fe::ConditionalExpr*>(expr);
      Value cond = toBool(rvalue(c->cond), c->cond->type);
      ResourceRef a = resourceOf(c->trueExpr), b = resourceOf(c->falseExpr);
      return selectRef(cond, a, b, expr);
    }
    case fe::ExprKind::Call: {
      std::vector<ResourceRef> leaves = resourceLeaves(expr);
      return leaves.size() == 1 ? leaves[0] : ResourceRef{};
    }
    default: break;
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Slots

uint32_t Gen::newSlots(uint32_t count) {
  const uint32_t first = static_cast<uint32_t>(slots_.size());
  slots_.resize(slots_.size() + count);
  return first;
}

ResourceRef Gen::readSlot(uint32_t slot, const fe::Expr* at) {
  ResourceSlot& s = slots_[slot];
  if (!s.ref.valid()) {
    if (s.poisoned) {
      ++poisonedReads_;
      return {};
    }
    std::string name = "a resource variable";
    if (const fe::Expr* e = stripNoOpCasts(at); e->kind == fe::ExprKind::DeclRef)
      name = "the resource variable '" + static_cast<const fe::DeclRefExpr*>(e)->decl->name + "'";
    error(at->loc, name + " is used before a resource is assigned to it");
    return {};
  }
  const ir::RegionId here = b_->insertRegion();
  if (s.mixedOutside.valid() && !regionWithin(here, s.mixedOutside)) {
    error(at->loc, "this resource variable refers to " + describe(*this, s.ref) +
                       " or another resource depending on control flow; Vulkan SPIR-V cannot select resources at run "
                       "time (assign elements of one resource array instead)");
    return {};
  }
  ResourceRef r = s.ref;
  if (r.index.valid() && s.indexVar.valid() && (s.varOnly || !regionWithin(here, s.region))) {
    r.index = b_->load(s.indexVar);
    if (s.nonUniform) r.index = b_->nonUniform(r.index);
  }
  return r;
}

void Gen::writeSlot(uint32_t slot, const ResourceRef& ref, const fe::Expr* at) {
  if (!ref.valid()) return;
  ResourceSlot& s = slots_[slot];
  const ir::RegionId here = b_->insertRegion();
  if (s.ref.valid() && !sameSource(s.ref, ref)) {
    if (s.loopsAssigning > 0) {
      error(at->loc, "a loop makes this resource variable refer to " + describe(*this, ref) + " instead of " +
                         describe(*this, s.ref) + "; Vulkan SPIR-V cannot select resources at run time");
      return;
    }
    if (!s.mixedOutside.valid() || !regionWithin(here, s.mixedOutside)) s.mixedOutside = here;
  } else if (s.mixedOutside.valid() && regionWithin(s.mixedOutside, here)) {
    s.mixedOutside = here;  // assigned again at an enclosing level: exact below here
  }
  s.ref = ref;
  s.varOnly = false;
  s.region = here;  // even a constant index is only this assignment's below here
  if (!ref.index.valid()) return;
  if (!s.indexVar.valid()) s.indexVar = b_->local(cx_->u32(), "resource.index");
  b_->store(s.indexVar, asU32(*this, ref.index));
  if (isNonUniform(*this, ref.index)) s.nonUniform = true;
}

std::optional<std::pair<uint32_t, uint32_t>> Gen::resourceSlots(const fe::Expr* expr, bool diagnose) {
  expr = stripNoOpCasts(expr);
  const uint32_t count = resourceLeafCount(expr->type);
  auto fail = [&](const std::string& why) -> std::optional<std::pair<uint32_t, uint32_t>> {
    if (diagnose) error(expr->loc, why);
    return std::nullopt;
  };
  switch (expr->kind) {
    case fe::ExprKind::DeclRef: {
      auto* ref = static_cast<const fe::DeclRefExpr*>(expr);
      if (ref->decl->kind == fe::DeclKind::Var) {
        auto it = locals_.find(static_cast<const fe::VarDecl*>(ref->decl));
        if (it != locals_.end() && it->second.slotCount) return std::make_pair(it->second.firstSlot, it->second.slotCount);
      }
      return fail("cannot assign to the global resource '" + ref->decl->name + "'");
    }
    case fe::ExprKind::This:
      if (thisSlots_.second) return thisSlots_;
      break;
    case fe::ExprKind::Member: {
      auto* m = static_cast<const fe::MemberExpr*>(expr);
      const fe::Type* bt = m->base->type;
      if (!bt->isStruct() || !bt->record) break;
      auto base = resourceSlots(m->base, diagnose);
      if (!base) return std::nullopt;
      return std::make_pair(base->first + fieldLeafOffset(bt->record, m->field), count);
    }
    case fe::ExprKind::Index: {
      auto* ix = static_cast<const fe::IndexExpr*>(expr);
      auto base = resourceSlots(ix->base, diagnose);
      if (!base) return std::nullopt;
      std::optional<uint64_t> k = constantIndex(*this, rvalue(ix->index));
      if (!k) return fail("assigning a resource to an array element chosen at run time is not supported; use a constant index");
      if ((*k + 1) * count > base->second) return fail("index " + std::to_string(*k) + " is past the end of the array");
      return std::make_pair(base->first + static_cast<uint32_t>(*k) * count, count);
    }
    case fe::ExprKind::ImplicitCast:
    case fe::ExprKind::ExplicitCast: {
      auto* c = static_cast<const fe::CastExpr*>(expr);
      if (c->castKind != fe::CastKind::DerivedToBase) break;
      auto all = resourceSlots(c->operand, diagnose);
      if (!all) return std::nullopt;
      return std::make_pair(all->first, count);
    }
    default: break;
  }
  return fail("cannot assign resources to this expression");
}

void Gen::assignResources(const fe::Expr* lhs, const fe::Expr* rhs, const fe::Expr* at) {
  std::vector<ResourceRef> leaves = resourceLeaves(rhs);
  if (leaves.empty()) return;  // diagnosed
  auto slots = resourceSlots(lhs, true);
  if (!slots) return;
  if (slots->second != leaves.size()) {
    error(at->loc, "internal error: assigning " + std::to_string(leaves.size()) + " resources to " +
                       std::to_string(slots->second));
    return;
  }
  for (uint32_t i = 0; i < slots->second; ++i) writeSlot(slots->first + i, leaves[i], at);
}

bool Gen::holdsData(const fe::Type* t) {
  if (t->isResource()) return false;
  if (t->isArray()) return holdsData(t->element);
  if (t->isStruct() && t->record) {
    for (const fe::StructDecl* r = t->record; r; r = r->base)
      for (const fe::VarDecl* f : r->fields)
        if (holdsData(f->type)) return true;
    return false;
  }
  return true;
}

static bool holdsResourceArray(const fe::Type* t) {
  if (t->isArray()) return fe::containsResource(t);
  if (t->isStruct() && t->record) {
    for (const fe::StructDecl* r = t->record; r; r = r->base)
      for (const fe::VarDecl* f : r->fields)
        if (holdsResourceArray(f->type)) return true;
  }
  return false;
}

void Gen::initResourceLocal(const fe::VarDecl* var, VarInfo& info) {
  info.kind = VarInfo::Kind::Resource;
  info.slotCount = resourceLeafCount(var->type);
  info.firstSlot = newSlots(info.slotCount);
  if (var->type->isStruct() && holdsData(var->type)) {
    // The data members live in a Function variable of the struct without its resources.
    if (holdsResourceArray(var->type)) {
      error(var->loc, "structs holding both data and arrays of resources are not supported");
      return;
    }
    info.kind = VarInfo::Kind::Pointer;
    info.ptr = b_->local(lower(var->type), var->name);
  }
}

// The variable an assignable resource expression is rooted at (`a` of `a.b[1].c`); `this` is
// reported as `thisRoot`.
static const fe::Decl* rootVariable(const fe::Expr* e, bool& thisRoot) {
  for (;;) {
    switch (e->kind) {
      case fe::ExprKind::DeclRef: return static_cast<const fe::DeclRefExpr*>(e)->decl;
      case fe::ExprKind::This: thisRoot = true; return nullptr;
      case fe::ExprKind::Member: e = static_cast<const fe::MemberExpr*>(e)->base; break;
      case fe::ExprKind::Index: e = static_cast<const fe::IndexExpr*>(e)->base; break;
      case fe::ExprKind::ImplicitCast:
      case fe::ExprKind::ExplicitCast: e = static_cast<const fe::CastExpr*>(e)->operand; break;
      default: return nullptr;
    }
  }
}

// Variables (and `this`) whose resources the statement may reassign: assignments of resources,
// and method calls on objects holding resources (the method may assign its members).
static void collectResourceAssignments(const fe::Expr* e, std::vector<const fe::Decl*>& out, bool& thisAssigned);

static void collectResourceAssignments(const fe::Stmt* s, std::vector<const fe::Decl*>& out, bool& thisAssigned) {
  if (!s) return;
  auto expr = [&](const fe::Expr* e) { if (e) collectResourceAssignments(e, out, thisAssigned); };
  auto stmt = [&](const fe::Stmt* st) { collectResourceAssignments(st, out, thisAssigned); };
  switch (s->kind) {
    case fe::StmtKind::Compound:
      for (const fe::Stmt* st : static_cast<const fe::CompoundStmt*>(s)->body) stmt(st);
      return;
    case fe::StmtKind::Decl:
      for (const fe::Decl* d : static_cast<const fe::DeclStmt*>(s)->decls)
        if (d->kind == fe::DeclKind::Var) expr(static_cast<const fe::VarDecl*>(d)->init);
      return;
    case fe::StmtKind::Expr: expr(static_cast<const fe::ExprStmt*>(s)->expr); return;
    case fe::StmtKind::If: {
      auto* i = static_cast<const fe::IfStmt*>(s);
      expr(i->cond);
      stmt(i->thenStmt);
      stmt(i->elseStmt);
      return;
    }
    case fe::StmtKind::For: {
      auto* f = static_cast<const fe::ForStmt*>(s);
      stmt(f->init);
      expr(f->cond);
      expr(f->inc);
      stmt(f->body);
      return;
    }
    case fe::StmtKind::While: {
      auto* w = static_cast<const fe::WhileStmt*>(s);
      expr(w->cond);
      stmt(w->body);
      return;
    }
    case fe::StmtKind::Do: {
      auto* d = static_cast<const fe::DoStmt*>(s);
      stmt(d->body);
      expr(d->cond);
      return;
    }
    case fe::StmtKind::Switch: {
      auto* w = static_cast<const fe::SwitchStmt*>(s);
      expr(w->cond);
      stmt(w->body);
      return;
    }
    case fe::StmtKind::Return: expr(static_cast<const fe::ReturnStmt*>(s)->value); return;
    default: return;
  }
}

static void collectResourceAssignments(const fe::Expr* e, std::vector<const fe::Decl*>& out, bool& thisAssigned) {
  if (!e) return;
  auto expr = [&](const fe::Expr* x) { collectResourceAssignments(x, out, thisAssigned); };
  auto root = [&](const fe::Expr* x) {
    bool viaThis = false;
    if (const fe::Decl* d = rootVariable(x, viaThis)) out.push_back(d);
    if (viaThis) thisAssigned = true;
  };
  switch (e->kind) {
    case fe::ExprKind::Member: expr(static_cast<const fe::MemberExpr*>(e)->base); return;
    case fe::ExprKind::Swizzle: expr(static_cast<const fe::SwizzleExpr*>(e)->base); return;
    case fe::ExprKind::Index: {
      auto* i = static_cast<const fe::IndexExpr*>(e);
      expr(i->base);
      expr(i->index);
      return;
    }
    case fe::ExprKind::ResourceIndex: {
      auto* i = static_cast<const fe::ResourceIndexExpr*>(e);
      expr(i->base);
      expr(i->index);
      expr(i->level);
      return;
    }
    case fe::ExprKind::Unary: expr(static_cast<const fe::UnaryExpr*>(e)->operand); return;
    case fe::ExprKind::Binary: {
      auto* b = static_cast<const fe::BinaryExpr*>(e);
      expr(b->lhs);
      expr(b->rhs);
      return;
    }
    case fe::ExprKind::Assign: {
      auto* a = static_cast<const fe::AssignExpr*>(e);
      if (fe::containsResource(a->lhs->type)) root(a->lhs);
      expr(a->lhs);
      expr(a->rhs);
      return;
    }
    case fe::ExprKind::Conditional: {
      auto* c = static_cast<const fe::ConditionalExpr*>(e);
      expr(c->cond);
      expr(c->trueExpr);
      expr(c->falseExpr);
      return;
    }
    case fe::ExprKind::Call: {
      auto* c = static_cast<const fe::CallExpr*>(e);
      if (c->object && fe::containsResource(c->object->type)) root(c->object);
      if (!c->object && c->callee && c->callee->parent) thisAssigned = true;  // a sibling method
      expr(c->object);
      for (const fe::Expr* a : c->args) expr(a);
      return;
    }
    case fe::ExprKind::IntrinsicCall: {
      auto* c = static_cast<const fe::IntrinsicCallExpr*>(e);
      expr(c->object);
      for (const fe::Expr* a : c->args) expr(a);
      return;
    }
    case fe::ExprKind::Construct:
      for (const fe::Expr* a : static_cast<const fe::ConstructExpr*>(e)->args) expr(a);
      return;
    case fe::ExprKind::InitList:
      for (const fe::Expr* a : static_cast<const fe::InitListExpr*>(e)->elements) expr(a);
      return;
    case fe::ExprKind::ImplicitCast:
    case fe::ExprKind::ExplicitCast: expr(static_cast<const fe::CastExpr*>(e)->operand); return;
    default: return;
  }
}

std::vector<uint32_t> Gen::beginResourceLoop(const fe::Stmt* loop) {
  // Slots the loop may reassign: until the body assigns them, their index comes from memory, so
  // the second iteration sees what the first one assigned. Other slots keep their SSA index
  // (a constant heap index stays constant, which the portable heap form needs for textures).
  std::vector<const fe::Decl*> assigned;
  bool thisAssigned = false;
  collectResourceAssignments(loop, assigned, thisAssigned);
  std::vector<std::pair<uint32_t, uint32_t>> ranges;
  for (const fe::Decl* d : assigned) {
    if (d->kind != fe::DeclKind::Var) continue;
    auto it = locals_.find(static_cast<const fe::VarDecl*>(d));
    if (it != locals_.end() && it->second.slotCount) ranges.push_back({it->second.firstSlot, it->second.slotCount});
  }
  if (thisAssigned && thisSlots_.second) ranges.push_back(thisSlots_);
  std::vector<uint32_t> marked;
  for (auto [first, n] : ranges)
    for (uint32_t i = first; i < first + n; ++i) {
      ResourceSlot& s = slots_[i];
      if (std::find(marked.begin(), marked.end(), i) != marked.end()) continue;
      ++s.loopsAssigning;
      s.varOnly = s.ref.valid() && s.ref.index.valid();
      marked.push_back(i);
    }
  return marked;
}

void Gen::endResourceLoop(const std::vector<uint32_t>& marked) {
  for (uint32_t i : marked) {
    ResourceSlot& s = slots_[i];
    if (s.loopsAssigning) --s.loopsAssigning;
    // Not assigned in the loop after all: the index from before the loop is still the SSA value.
    s.varOnly = false;
  }
}

}  // namespace sl::irgen
