// Leaves are collected depth-first through structs. Input usage masks come from an AST walk of the
// entry function: a swizzle of an input leaf reads its components, any other use reads all of
// them. (Reads inside called functions count fully: the argument is passed whole.) Output masks
// are the columns assigned (see outputWriteMasks).
#include "core/frontend/EntrySignature.h"

#include "core/frontend/StageInfo.h"
#include "core/signature/ElementFactory.h"
#include "core/signature/SemanticTable.h"

#include <functional>
#include <map>
#include <optional>

namespace sl::frontend {

namespace sig = sl::signature;

namespace {

struct LeafInfo {
  const Type* type;
  std::string semantic;
  uint8_t interpolation;
  clang::SourceLocation loc;
  // A column-major matrix (from the declaration holding it, or -Zpr/-Zpc): one register row per
  // matrix column, so R x C is C rows of R components.
  bool columnMajor = false;
  // Explicit semantic indices (a semantic on a struct: DXC numbers every row of the flattened
  // struct in order, so one field's rows across an array get non-consecutive indices).
  std::vector<uint32_t> indices{};
};

// A leaf is named by its root declaration and the field path below it.
using LeafKey = std::pair<const VarDecl*, std::vector<const VarDecl*>>;

struct Collector {
  bool rowMajorByDefault = false;
  std::vector<LeafInfo> leaves;
  std::map<LeafKey, size_t> index;
  bool columnMajor(const Type* leafType, MatrixLayout layout) const {
    while (leafType->isArray()) leafType = leafType->element;
    if (!leafType->isMatrix()) return false;
    return layout == MatrixLayout::ColumnMajor || (layout == MatrixLayout::Default && !rowMajorByDefault);
  }
  // Register rows of one (non-array) numeric leaf: a matrix has one per row (row-major) or one
  // per column (column-major).
  static uint32_t registerRows(const Type* t, bool colMajor) {
    if (!t->isMatrix()) return 1;
    return colMajor ? t->cols : t->rows;
  }
  // `layout` is that of the declaration holding the value (parameter, field; Default for the
  // return value, whose declaration keeps no orientation).
  void add(const VarDecl* root, std::vector<const VarDecl*> path, const Type* type, const std::string& semantic,
           uint8_t interp, clang::SourceLocation loc, MatrixLayout layout) {
    const Type* inner = type;
    while (inner->isArray()) inner = inner->element;
    if (inner->isStruct() && inner->record && !semantic.empty()) {
      addFlattened(root, path, type, semantic, interp, loc);
      return;
    }
    if (inner->isStruct() && inner->record && !type->isArray()) {
      for (const VarDecl* f : inner->record->fields) {
        auto sub = path;
        sub.push_back(f);
        add(root, sub, f->type, f->semantic, f->interpolation ? f->interpolation : interp, f->loc, f->layout);
      }
      return;
    }
    if (!inner->isNumeric()) return;  // Sema reported it
    if (root) index[{root, path}] = leaves.size();
    leaves.push_back({type, semantic, interp, loc, columnMajor(type, layout)});
  }

  // A semantic on a struct (or array of structs) overrides the fields' semantics: every numeric
  // row of the flattened value takes the next index of that semantic, and each field path is one
  // element holding the indices of all its rows.
  void addFlattened(const VarDecl* root, const std::vector<const VarDecl*>& path, const Type* type,
                    const std::string& semantic, uint8_t interp, clang::SourceLocation loc) {
    const sig::SplitSemantic split = sig::splitSemantic(semantic);
    uint32_t next = split.index;
    std::map<std::vector<const VarDecl*>, size_t> leafOf;
    std::function<void(const Type*, const std::vector<const VarDecl*>&, uint8_t, clang::SourceLocation, MatrixLayout)>
        walk = [&](const Type* t, const std::vector<const VarDecl*>& sub, uint8_t mode, clang::SourceLocation at,
                   MatrixLayout layout) {
          if (t->isArray()) {
            for (uint32_t i = 0; i < std::max<uint32_t>(t->arraySize, 1); ++i) walk(t->element, sub, mode, at, layout);
            return;
          }
          if (t->isStruct() && t->record) {
            for (const VarDecl* f : t->record->fields) {
              auto deeper = sub;
              deeper.push_back(f);
              walk(f->type, deeper, f->interpolation ? f->interpolation : mode, f->loc, f->layout);
            }
            return;
          }
          if (!t->isNumeric()) return;
          auto it = leafOf.find(sub);
          if (it == leafOf.end()) {
            it = leafOf.emplace(sub, leaves.size()).first;
            if (root) index[{root, sub}] = leaves.size();
            leaves.push_back({t, split.name, mode, at, columnMajor(t, layout)});
          }
          const uint32_t rows = registerRows(t, leaves[it->second].columnMajor);
          for (uint32_t r = 0; r < rows; ++r) leaves[it->second].indices.push_back(next++);
        };
    walk(type, path, interp, loc, MatrixLayout::Default);
  }
};

// Walks the entry function's body, recording the columns read of each input leaf.
struct ReadWalker {
  const Collector& inputs;
  std::vector<uint8_t>& masks;
  std::vector<uint8_t>& dynamicMasks;
  // Seen while walking, for the output masks: assignment targets and out/inout arguments, and
  // initialized locals.
  std::vector<const Expr*> writes{};
  std::vector<const VarDecl*> initialized{};

  // The leaf an lvalue path names (a parameter, or fields of one); false when it is not an input.
  bool resolve(const Expr* e, LeafKey& key) {
    if (e->kind == ExprKind::DeclRef) {
      auto* d = static_cast<const DeclRefExpr*>(e)->decl;
      if (!d || d->kind != DeclKind::Var) return false;
      key.first = static_cast<const VarDecl*>(d);
      return true;
    }
    if (e->kind == ExprKind::Member) {
      auto* m = static_cast<const MemberExpr*>(e);
      if (!resolve(m->base, key)) return false;
      key.second.push_back(m->field);
      return true;
    }
    return false;
  }
  // Marks `mask` read on every input leaf at or below `key`.
  bool mark(const LeafKey& key, uint8_t mask) {
    bool any = false;
    for (auto& [k, i] : inputs.index) {
      if (k.first != key.first || k.second.size() < key.second.size()) continue;
      if (!std::equal(key.second.begin(), key.second.end(), k.second.begin())) continue;
      masks[i] |= mask;
      any = true;
    }
    return any;
  }
  void markDynamic(const LeafKey& key, uint8_t mask) {
    for (auto& [k, i] : inputs.index)
      if (k == key) dynamicMasks[i] |= mask;
  }
  static bool isConstantIndex(const Expr* e) {
    while (e && (e->kind == ExprKind::ImplicitCast || e->kind == ExprKind::ExplicitCast))
      e = static_cast<const CastExpr*>(e)->operand;
    return e && e->kind == ExprKind::IntLiteral;
  }
  static std::optional<uint32_t> constantIndex(const Expr* e) {
    while (e && (e->kind == ExprKind::ImplicitCast || e->kind == ExprKind::ExplicitCast))
      e = static_cast<const CastExpr*>(e)->operand;
    if (!e || e->kind != ExprKind::IntLiteral) return std::nullopt;
    return uint32_t(static_cast<const IntLiteralExpr*>(e)->value);
  }
  // Whether `e` names exactly one input leaf that is a column-major matrix.
  bool columnMajorInput(const Expr* e) {
    LeafKey key;
    if (!resolve(e, key)) return false;
    auto it = inputs.index.find(key);
    return it != inputs.index.end() && inputs.leaves[it->second].columnMajor;
  }
  // The register components holding matrix element (r, c) of `base`: component c of row r
  // (row-major), component r of row c (column-major).
  uint8_t matrixComponent(const Expr* base, uint32_t r, uint32_t c) {
    return uint8_t(1u << ((columnMajorInput(base) ? r : c) & 3));
  }
  void expr(const Expr* e, uint8_t mask = 0xF) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::DeclRef:
      case ExprKind::Member: {
        LeafKey key;
        if (resolve(e, key) && mark(key, mask)) return;
        if (e->kind == ExprKind::Member) expr(static_cast<const MemberExpr*>(e)->base);
        return;
      }
      case ExprKind::Swizzle: {
        auto* s = static_cast<const SwizzleExpr*>(e);
        uint8_t m = 0;
        const Type* bt = s->base->type;
        for (uint8_t i : s->indices)
          m |= bt && bt->isMatrix() ? matrixComponent(s->base, i / bt->cols, i % bt->cols) : uint8_t(1u << i);
        expr(s->base, m);
        return;
      }
      case ExprKind::Index: {
        auto* i = static_cast<const IndexExpr*>(e);
        // An element of an input array keeps the columns asked for; a run-time index makes them
        // dynamically indexed (DynIndexMask).
        const bool arrayElement = i->base->type && i->base->type->isArray();
        // A row of a matrix leaf (m[r], m[r][c]): a column-major matrix keeps row r in component r
        // of every register row; a row-major one in register row r, whose columns are asked for.
        const Type* bt = i->base->type;
        if (bt && bt->isMatrix() && columnMajorInput(i->base)) {
          if (auto r = constantIndex(i->index)) {
            expr(i->base, uint8_t(1u << (*r & 3)));
            return;
          }
        }
        if (bt && bt->isVector() && i->base->kind == ExprKind::Index) {
          auto* row = static_cast<const IndexExpr*>(i->base);
          auto r = constantIndex(row->index), c = constantIndex(i->index);
          if (row->base->type && row->base->type->isMatrix() && r && c) {
            expr(row->base, matrixComponent(row->base, *r, *c));
            return;
          }
        }
        LeafKey key;
        if (arrayElement && !isConstantIndex(i->index) && resolve(i->base, key)) markDynamic(key, mask);
        expr(i->base, arrayElement ? mask : 0xF);
        expr(i->index);
        return;
      }
      case ExprKind::ResourceIndex: {
        auto* r = static_cast<const ResourceIndexExpr*>(e);
        expr(r->base);
        expr(r->index);
        expr(r->level);
        return;
      }
      case ExprKind::Unary: expr(static_cast<const UnaryExpr*>(e)->operand); return;
      case ExprKind::Binary: {
        auto* b = static_cast<const BinaryExpr*>(e);
        expr(b->lhs);
        expr(b->rhs);
        return;
      }
      case ExprKind::Assign: {
        auto* a = static_cast<const AssignExpr*>(e);
        writes.push_back(a->lhs);
        if (a->compound) expr(a->lhs);
        else writeTarget(a->lhs);
        expr(a->rhs);
        return;
      }
      case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        expr(c->cond);
        expr(c->trueExpr);
        expr(c->falseExpr);
        return;
      }
      case ExprKind::Call: {
        auto* c = static_cast<const CallExpr*>(e);
        expr(c->object);
        for (size_t i = 0; i < c->args.size(); ++i) {
          if (c->callee && i < c->callee->params.size() && c->callee->params[i]->direction != ParamDirection::In)
            writes.push_back(c->args[i]);
          expr(c->args[i]);
        }
        return;
      }
      case ExprKind::IntrinsicCall: {
        auto* c = static_cast<const IntrinsicCallExpr*>(e);
        expr(c->object);
        for (size_t i = 0; i < c->args.size(); ++i) {
          if (i < c->directions.size() && c->directions[i] != ParamDirection::In) writes.push_back(c->args[i]);
          expr(c->args[i]);
        }
        return;
      }
      case ExprKind::Construct:
        for (const Expr* a : static_cast<const ConstructExpr*>(e)->args) expr(a);
        return;
      case ExprKind::InitList:
        for (const Expr* a : static_cast<const InitListExpr*>(e)->elements) expr(a);
        return;
      case ExprKind::ExplicitCast:
      case ExprKind::ImplicitCast: expr(static_cast<const CastExpr*>(e)->operand, mask); return;
      default: return;
    }
  }
  // A plain assignment's target is not read, but indices inside it are.
  void writeTarget(const Expr* e) {
    switch (e->kind) {
      case ExprKind::DeclRef: return;
      case ExprKind::Member: writeTarget(static_cast<const MemberExpr*>(e)->base); return;
      case ExprKind::Swizzle: writeTarget(static_cast<const SwizzleExpr*>(e)->base); return;
      case ExprKind::Index:
        writeTarget(static_cast<const IndexExpr*>(e)->base);
        expr(static_cast<const IndexExpr*>(e)->index);
        return;
      default: expr(e); return;
    }
  }
  void stmt(const Stmt* s) {
    if (!s) return;
    switch (s->kind) {
      case StmtKind::Compound:
        for (const Stmt* c : static_cast<const CompoundStmt*>(s)->body) stmt(c);
        return;
      case StmtKind::Decl:
        for (const Decl* d : static_cast<const DeclStmt*>(s)->decls)
          if (d->kind == DeclKind::Var && static_cast<const VarDecl*>(d)->init) {
            initialized.push_back(static_cast<const VarDecl*>(d));
            expr(static_cast<const VarDecl*>(d)->init);
          }
        return;
      case StmtKind::Expr: expr(static_cast<const ExprStmt*>(s)->expr); return;
      case StmtKind::If: {
        auto* i = static_cast<const IfStmt*>(s);
        expr(i->cond);
        stmt(i->thenStmt);
        stmt(i->elseStmt);
        return;
      }
      case StmtKind::For: {
        auto* f = static_cast<const ForStmt*>(s);
        stmt(f->init);
        expr(f->cond);
        expr(f->inc);
        stmt(f->body);
        return;
      }
      case StmtKind::While: {
        auto* w = static_cast<const WhileStmt*>(s);
        expr(w->cond);
        stmt(w->body);
        return;
      }
      case StmtKind::Do: {
        auto* d = static_cast<const DoStmt*>(s);
        stmt(d->body);
        expr(d->cond);
        return;
      }
      case StmtKind::Switch: {
        auto* w = static_cast<const SwitchStmt*>(s);
        expr(w->cond);
        stmt(w->body);
        return;
      }
      case StmtKind::Return: expr(static_cast<const ReturnStmt*>(s)->value); return;
      default: return;
    }
  }
};

// Output usage masks are the columns really written. The return value is traced when every
// `return` returns the same local (whose field/swizzle assignments and initializer are its
// writes); any other return value counts as written whole.
const Expr* stripCasts(const Expr* e) {
  while (e && (e->kind == ExprKind::ImplicitCast || e->kind == ExprKind::ExplicitCast) &&
         static_cast<const CastExpr*>(e)->castKind == CastKind::NoOp)
    e = static_cast<const CastExpr*>(e)->operand;
  return e;
}

void collectReturns(const Stmt* s, std::vector<const Expr*>& out) {
  if (!s) return;
  switch (s->kind) {
    case StmtKind::Compound:
      for (const Stmt* c : static_cast<const CompoundStmt*>(s)->body) collectReturns(c, out);
      return;
    case StmtKind::If:
      collectReturns(static_cast<const IfStmt*>(s)->thenStmt, out);
      collectReturns(static_cast<const IfStmt*>(s)->elseStmt, out);
      return;
    case StmtKind::For: collectReturns(static_cast<const ForStmt*>(s)->body, out); return;
    case StmtKind::While: collectReturns(static_cast<const WhileStmt*>(s)->body, out); return;
    case StmtKind::Do: collectReturns(static_cast<const DoStmt*>(s)->body, out); return;
    case StmtKind::Switch: collectReturns(static_cast<const SwitchStmt*>(s)->body, out); return;
    case StmtKind::Return: out.push_back(static_cast<const ReturnStmt*>(s)->value); return;
    default: return;
  }
}

const VarDecl* returnedLocal(const FunctionDecl* entry) {
  std::vector<const Expr*> returns;
  collectReturns(entry->body, returns);
  const VarDecl* local = nullptr;
  for (const Expr* r : returns) {
    r = stripCasts(r);
    if (!r || r->kind != ExprKind::DeclRef) return nullptr;
    const Decl* d = static_cast<const DeclRefExpr*>(r)->decl;
    if (!d || d->kind != DeclKind::Var || static_cast<const VarDecl*>(d)->storage != StorageClass::Local) return nullptr;
    if (local && local != d) return nullptr;
    local = static_cast<const VarDecl*>(d);
  }
  return local;
}

std::vector<uint8_t> outputWriteMasks(const Collector& outputs, const ReadWalker& walker) {
  std::vector<uint8_t> masks(outputs.leaves.size(), 0);
  // Leaves without a traced root (a returned expression) are written whole.
  std::vector<bool> traced(outputs.leaves.size(), false);
  for (auto& [key, i] : outputs.index) traced[i] = true;
  for (size_t i = 0; i < masks.size(); ++i)
    if (!traced[i]) masks[i] = 0xF;
  auto mark = [&](const VarDecl* root, const std::vector<const VarDecl*>& path, uint8_t mask) {
    for (auto& [k, i] : outputs.index) {
      if (k.first != root || k.second.size() < path.size()) continue;
      if (std::equal(path.begin(), path.end(), k.second.begin())) masks[i] |= mask;
    }
  };
  for (const VarDecl* v : walker.initialized) mark(v, {}, 0xF);
  for (const Expr* target : walker.writes) {
    uint8_t mask = 0xF;
    const Expr* e = stripCasts(target);
    if (e->kind == ExprKind::Swizzle) {
      auto* sw = static_cast<const SwizzleExpr*>(e);
      const Type* bt = sw->base->type;
      if (bt && !bt->isMatrix()) {
        mask = 0;
        for (uint8_t i : sw->indices) mask |= uint8_t(1u << i);
      }
      e = sw->base;
    }
    while (e->kind == ExprKind::Index) e = static_cast<const IndexExpr*>(e)->base;  // whole rows
    std::vector<const VarDecl*> path;
    while (e->kind == ExprKind::Member) {
      path.insert(path.begin(), static_cast<const MemberExpr*>(e)->field);
      e = static_cast<const MemberExpr*>(e)->base;
      while (e->kind == ExprKind::Index) e = static_cast<const IndexExpr*>(e)->base;
    }
    if (e->kind != ExprKind::DeclRef) continue;
    const Decl* d = static_cast<const DeclRefExpr*>(e)->decl;
    if (d && d->kind == DeclKind::Var) mark(static_cast<const VarDecl*>(d), path, mask);
  }
  return masks;
}

sig::PackedSignature packLeaves(const std::vector<LeafInfo>& leaves, const std::vector<uint8_t>& masks,
                                const std::vector<uint8_t>& dynamicMasks, sig::SignatureKind point, bool native16, sig::PackingStrategy strategy,
                                const PreprocessedUnit& source, std::vector<Diagnostic>& diags) {
  std::vector<sig::SignatureElement> elements;
  for (size_t i = 0; i < leaves.size(); ++i) {
    const LeafInfo& l = leaves[i];
    sig::LeafDeclaration decl;
    decl.semantic = l.semantic;
    const Type* t = l.type;
    uint32_t rows = 1;
    while (t->isArray()) {
      rows *= std::max<uint32_t>(t->arraySize, 1);
      t = t->element;
    }
    decl.type = componentTypeOf(t->scalar, native16);
    // DXC's GetParameterRowsAndCols: row-major R x C is R rows of C, column-major C rows of R.
    const bool colMajor = t->isMatrix() && l.columnMajor;
    decl.rows = rows * (t->isMatrix() ? (colMajor ? t->cols : t->rows) : 1);
    decl.cols = colMajor ? t->rows : t->isVector() || t->isMatrix() ? t->cols : 1;
    decl.modifiers = sig::InterpolationModifiers{l.interpolation};
    if (!l.indices.empty()) {
      decl.rows = uint32_t(l.indices.size());
      decl.semanticIndices = l.indices;
    }
    sig::LeafElement leaf = sig::makeLeafElement(uint32_t(elements.size()), decl, point);
    for (const sig::SignatureDiagnostic& d : leaf.diagnostics) diags.push_back(sig::toDiagnostic(d, source.location(l.loc)));
    leaf.element.columnMajorMatrix = colMajor;
    leaf.element.usageMask = uint8_t(masks[i] & ((1u << decl.cols) - 1));
    leaf.element.dynIndexMask = uint8_t(dynamicMasks[i] & ((1u << decl.cols) - 1));
    elements.push_back(std::move(leaf.element));
  }
  sig::PackOptions options;
  options.useMinPrecision = !native16;
  // Stacked (VS input) and indexed (PS output) points have one layout; -pack-optimized is not a
  // request about them, so it is not passed on (the packer would warn that it ignores it).
  if (sig::packingKindOf(point) != sig::PackingKind::Vertex) strategy = sig::PackingStrategy::Default;
  sig::PackedSignature packed = sig::pack(std::move(elements), point, strategy, options);
  for (const sig::SignatureDiagnostic& d : packed.diagnostics) {
    SourceLoc at = d.elementIndex >= 0 && size_t(d.elementIndex) < leaves.size()
                       ? source.location(leaves[size_t(d.elementIndex)].loc)
                       : SourceLoc{};
    diags.push_back(sig::toDiagnostic(d, at));
  }
  return packed;
}

}  // namespace

EntrySignatures buildEntrySignatures(const FunctionDecl* entry, const PreprocessedUnit& source, bool enable16BitTypes,
                                     sig::PackingStrategy strategy, bool rowMajorByDefault) {
  EntrySignatures out;
  Collector inputs, outputs;
  inputs.rowMajorByDefault = outputs.rowMajorByDefault = rowMajorByDefault;
  if (entry->returnType && !entry->returnType->isVoid())
    outputs.add(returnedLocal(entry), {}, entry->returnType, entry->semantic, entry->interpolation, entry->loc,
                MatrixLayout::Default);
  for (const VarDecl* p : entry->params) {
    bool uniform = false;
    for (const std::string& m : p->modifiers) uniform |= m == "uniform";
    if (uniform) continue;
    if (p->direction != ParamDirection::Out) inputs.add(p, {}, p->type, p->semantic, p->interpolation, p->loc, p->layout);
    if (p->direction != ParamDirection::In) outputs.add(p, {}, p->type, p->semantic, p->interpolation, p->loc, p->layout);
  }
  std::vector<uint8_t> inputMasks(inputs.leaves.size(), 0);
  std::vector<uint8_t> inputDynamic(inputs.leaves.size(), 0);
  ReadWalker walker{inputs, inputMasks, inputDynamic};
  walker.stmt(entry->body);
  std::vector<uint8_t> outputMasks = outputWriteMasks(outputs, walker);
  out.inputs = packLeaves(inputs.leaves, inputMasks, inputDynamic, inputPointOf(entry->stage), enable16BitTypes, strategy, source,
                          out.diagnostics);
  out.outputs = packLeaves(outputs.leaves, outputMasks, std::vector<uint8_t>(outputs.leaves.size(), 0), outputPointOf(entry->stage), enable16BitTypes, strategy, source,
                           out.diagnostics);
  return out;
}

}  // namespace sl::frontend
