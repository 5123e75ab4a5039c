#include "core/frontend/ASTPrinter.h"
#include "core/signature/Interpolation.h"

#include <clang/Basic/SourceManager.h>

#include <cstdio>

namespace sl::frontend {

namespace {

class Printer {
public:
  Printer(const PreprocessedUnit& unit, PrintedAST& out) : unit_(unit), out_(out) {}

  void line(int depth, const std::string& text, clang::SourceLocation loc) {
    SourceLoc where = unit_.location(loc);
    out_.text.append(size_t(depth) * 2, ' ');
    out_.text += text;
    if (where.valid()) {
      // Only name the file when it is not the main file (includes).
      if (mainFile_.empty()) mainFile_ = where.file;
      out_.text += " <";
      if (where.file != mainFile_) out_.text += where.file + ":";
      out_.text += std::to_string(where.line) + ":" + std::to_string(where.column) + ">";
    }
    out_.text += '\n';
    out_.lineSources.push_back(where);
  }

  static std::string quoted(const Type* t) { return "'" + typeName(t) + "'"; }

  std::string attributesText(const std::vector<Attribute>& attrs) {
    std::string s;
    for (const Attribute& a : attrs) {
      s += " [" + a.name;
      if (!a.args.empty()) {
        s += "(";
        for (size_t i = 0; i < a.args.size(); ++i) {
          if (i) s += ", ";
          if (a.args[i]->kind == ExprKind::StringLiteral) s += "\"" + a.stringArgs[i] + "\"";
          else s += std::to_string(a.intArgs[i]);
        }
        s += ")";
      }
      s += "]";
    }
    return s;
  }

  static std::string bindingText(const RegisterBinding& b) {
    if (!b.present) return "";
    std::string s = " register(";
    if (b.registerClass) s += std::string(1, b.registerClass) + std::to_string(b.index);
    if (b.hasSpace) s += std::string(b.registerClass ? ", " : "") + "space" + std::to_string(b.space);
    return s + ")";
  }

  void decl(int depth, const Decl* d) {
    switch (d->kind) {
      case DeclKind::Var: var(depth, static_cast<const VarDecl*>(d), "Var"); return;
      case DeclKind::Function: function(depth, static_cast<const FunctionDecl*>(d)); return;
      case DeclKind::Struct: {
        auto* s = static_cast<const StructDecl*>(d);
        std::string text = std::string(s->isClass ? "Class " : "Struct ") + (s->anonymous ? "(anonymous)" : s->qualifiedName);
        if (s->base) text += " : " + s->base->qualifiedName;
        if (!s->complete) text += " (forward)";
        line(depth, text, s->loc);
        for (const VarDecl* f : s->fields) var(depth + 1, f, "Field");
        for (const VarDecl* f : s->staticFields) var(depth + 1, f, "StaticField");
        for (const FunctionDecl* m : s->methods) function(depth + 1, m);
        return;
      }
      case DeclKind::CBuffer: {
        auto* cb = static_cast<const CBufferDecl*>(d);
        line(depth, std::string(cb->isTBuffer ? "TBuffer " : "CBuffer ") + cb->name + bindingText(cb->binding) +
                        attributesText(cb->attributes),
             cb->loc);
        for (const VarDecl* m : cb->members) var(depth + 1, m, "Var");
        return;
      }
      case DeclKind::Typedef: {
        auto* t = static_cast<const TypedefDecl*>(d);
        line(depth, "Typedef " + t->name + " " + quoted(t->type), t->loc);
        return;
      }
      case DeclKind::Enum: {
        auto* e = static_cast<const EnumDecl*>(d);
        line(depth, std::string(e->scoped ? "EnumClass " : "Enum ") + e->qualifiedName + " " + quoted(e->underlying), e->loc);
        for (const EnumConstantDecl* c : e->constants)
          line(depth + 1, "EnumConstant " + c->name + " = " + std::to_string(c->value), c->loc);
        return;
      }
      case DeclKind::EnumConstant: return;
      case DeclKind::Namespace: {
        auto* ns = static_cast<const NamespaceDecl*>(d);
        line(depth, "Namespace " + ns->name, ns->loc);
        for (const Decl* inner : ns->decls) {
          // Enumerators of unscoped enums are listed under their enum.
          if (inner->kind == DeclKind::EnumConstant) continue;
          decl(depth + 1, inner);
        }
        return;
      }
      case DeclKind::Template: {
        auto* t = static_cast<const TemplateDecl*>(d);
        std::string params;
        for (const auto& p : t->params) params += (params.empty() ? "" : ", ") + (p.isType ? "typename " : typeName(p.valueType) + " ") + p.name;
        line(depth, std::string(t->isStruct ? "StructTemplate " : "FunctionTemplate ") + t->name + " <" + params + ">", t->loc);
        for (const auto& [key, inst] : t->instances) line(depth + 1, "Instance " + key, inst->loc);
        return;
      }
    }
  }

  void var(int depth, const VarDecl* v, const char* label) {
    std::string text = std::string(label) + " " + v->name + " " + quoted(v->type);
    if (v->storage == StorageClass::Param) text += " " + std::string(directionName(v->direction));
    else if (v->storage != StorageClass::Field) text += " " + std::string(storageClassName(v->storage));
    if (v->isConst && v->storage != StorageClass::Uniform && v->storage != StorageClass::CBufferMember) text += " const";
    if (v->layout == MatrixLayout::RowMajor) text += " row_major";
    if (v->layout == MatrixLayout::ColumnMajor) text += " column_major";
    for (const std::string& m : v->modifiers) text += " " + m;
    if (v->bitWidth) text += " bitfield(" + std::to_string(v->bitWidth) + ")";
    if (!v->semantic.empty()) text += " : " + v->semantic;
    text += bindingText(v->binding);
    if (!v->packOffset.empty()) text += " packoffset(" + v->packOffset + ")";
    text += attributesText(v->attributes);
    line(depth, text, v->loc);
    if (v->defaultArg) expr(depth + 1, v->defaultArg);
    if (v->init) expr(depth + 1, v->init);
  }

  void function(int depth, const FunctionDecl* f) {
    std::string sig = typeName(f->returnType) + " (";
    for (size_t i = 0; i < f->params.size(); ++i) sig += (i ? ", " : "") + typeName(f->params[i]->type);
    sig += ")";
    std::string text = "Function " + (f->qualifiedName.empty() ? f->name : f->qualifiedName) + " '" + sig + "'";
    if (f->isStatic) text += " static";
    if (f->isEntry) text += " entry";
    if (f->isEntry && (f->stage == ShaderStage::Vertex || f->stage == ShaderStage::Pixel))
      text += " " + std::string(shaderStageName(f->stage));
    // Interpolation keywords on the return value (parameters and fields print their modifiers).
    for (unsigned bit = 0; bit < 6; ++bit)
      if (f->interpolation & (1u << bit))
        text += " " + std::string(signature::modifierKeyword(static_cast<signature::InterpolationModifier>(bit)));
    if (!f->semantic.empty()) text += " : " + f->semantic;
    text += attributesText(f->attributes);
    if (!f->body) text += " (declaration)";
    line(depth, text, f->loc);
    for (const VarDecl* p : f->params) var(depth + 1, p, "Param");
    if (f->body) stmt(depth + 1, f->body);
  }

  void stmt(int depth, const Stmt* s) {
    if (!s) {
      line(depth, "<null>", {});
      return;
    }
    std::string attrs = attributesText(s->attributes);
    switch (s->kind) {
      case StmtKind::Compound:
        line(depth, "Compound" + attrs, s->loc);
        for (const Stmt* c : static_cast<const CompoundStmt*>(s)->body) stmt(depth + 1, c);
        return;
      case StmtKind::Decl:
        line(depth, "DeclStmt" + attrs, s->loc);
        for (const Decl* d : static_cast<const DeclStmt*>(s)->decls) decl(depth + 1, d);
        return;
      case StmtKind::Expr: {
        auto* e = static_cast<const ExprStmt*>(s);
        expr(depth, e->expr);
        return;
      }
      case StmtKind::If: {
        auto* i = static_cast<const IfStmt*>(s);
        line(depth, std::string("If") + (i->elseStmt ? " has_else" : "") + attrs, s->loc);
        expr(depth + 1, i->cond);
        stmt(depth + 1, i->thenStmt);
        if (i->elseStmt) stmt(depth + 1, i->elseStmt);
        return;
      }
      case StmtKind::For: {
        auto* f = static_cast<const ForStmt*>(s);
        line(depth, "For" + attrs, s->loc);
        if (f->init) stmt(depth + 1, f->init);
        else line(depth + 1, "<no init>", {});
        if (f->cond) expr(depth + 1, f->cond);
        else line(depth + 1, "<no condition>", {});
        if (f->inc) expr(depth + 1, f->inc);
        else line(depth + 1, "<no increment>", {});
        stmt(depth + 1, f->body);
        return;
      }
      case StmtKind::While: {
        auto* w = static_cast<const WhileStmt*>(s);
        line(depth, "While" + attrs, s->loc);
        expr(depth + 1, w->cond);
        stmt(depth + 1, w->body);
        return;
      }
      case StmtKind::Do: {
        auto* d = static_cast<const DoStmt*>(s);
        line(depth, "Do" + attrs, s->loc);
        stmt(depth + 1, d->body);
        if (d->cond) expr(depth + 1, d->cond);
        return;
      }
      case StmtKind::Switch: {
        auto* w = static_cast<const SwitchStmt*>(s);
        line(depth, "Switch" + attrs, s->loc);
        if (w->cond) expr(depth + 1, w->cond);
        stmt(depth + 1, w->body);
        return;
      }
      case StmtKind::Case: {
        auto* c = static_cast<const CaseStmt*>(s);
        line(depth, "Case " + std::to_string(c->constant), s->loc);
        return;
      }
      case StmtKind::Default: line(depth, "Default", s->loc); return;
      case StmtKind::Break: line(depth, "Break", s->loc); return;
      case StmtKind::Continue: line(depth, "Continue", s->loc); return;
      case StmtKind::Discard: line(depth, "Discard", s->loc); return;
      case StmtKind::Null: line(depth, "Null", s->loc); return;
      case StmtKind::Return: {
        auto* r = static_cast<const ReturnStmt*>(s);
        line(depth, "Return", s->loc);
        if (r->value) expr(depth + 1, r->value);
        return;
      }
    }
  }

  static std::string formatDouble(double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.9g", v);
    std::string s = buffer;
    if (s.find_first_of(".eEni") == std::string::npos) s += ".0";
    return s;
  }

  void expr(int depth, const Expr* e) {
    if (!e) {
      line(depth, "<null>", {});
      return;
    }
    std::string t = e->type ? " " + quoted(e->type) : "";
    std::string cat = e->isLValue() ? (e->isConst ? " const lvalue" : " lvalue") : "";
    std::string tc = t + cat;
    switch (e->kind) {
      case ExprKind::IntLiteral: {
        auto* l = static_cast<const IntLiteralExpr*>(e);
        line(depth, "IntLiteral" + tc + " " + std::to_string(l->value), e->loc);
        return;
      }
      case ExprKind::FloatLiteral: {
        auto* l = static_cast<const FloatLiteralExpr*>(e);
        line(depth, "FloatLiteral" + tc + " " + formatDouble(l->value), e->loc);
        return;
      }
      case ExprKind::BoolLiteral:
        line(depth, "BoolLiteral" + tc + (static_cast<const BoolLiteralExpr*>(e)->value ? " true" : " false"), e->loc);
        return;
      case ExprKind::StringLiteral:
        line(depth, "StringLiteral" + tc + " \"" + static_cast<const StringLiteralExpr*>(e)->value + "\"", e->loc);
        return;
      case ExprKind::DeclRef: {
        const Decl* d = static_cast<const DeclRefExpr*>(e)->decl;
        std::string what = d->kind == DeclKind::EnumConstant ? "EnumConstant" : "Var";
        if (d->kind == DeclKind::Var) {
          auto* v = static_cast<const VarDecl*>(d);
          what = v->storage == StorageClass::Param ? "Param" : std::string(storageClassName(v->storage));
        }
        line(depth, "DeclRef" + tc + " " + d->name + " (" + what + ")", e->loc);
        return;
      }
      case ExprKind::Member: {
        auto* m = static_cast<const MemberExpr*>(e);
        line(depth, "Member" + tc + " ." + m->field->name, e->loc);
        expr(depth + 1, m->base);
        return;
      }
      case ExprKind::Swizzle: {
        auto* s = static_cast<const SwizzleExpr*>(e);
        std::string idx;
        for (uint8_t i : s->indices) idx += (idx.empty() ? "" : ",") + std::to_string(i);
        line(depth, "Swizzle" + tc + " ." + s->spelling + " [" + idx + "]", e->loc);
        expr(depth + 1, s->base);
        return;
      }
      case ExprKind::Index: {
        auto* i = static_cast<const IndexExpr*>(e);
        line(depth, "Index" + tc, e->loc);
        expr(depth + 1, i->base);
        expr(depth + 1, i->index);
        return;
      }
      case ExprKind::ResourceIndex: {
        auto* i = static_cast<const ResourceIndexExpr*>(e);
        const char* part = i->part == ResourceIndexExpr::Part::Mips ? " mips" : i->part == ResourceIndexExpr::Part::Sample ? " sample" : "";
        line(depth, "ResourceIndex" + std::string(part) + tc, e->loc);
        expr(depth + 1, i->base);
        if (i->level) expr(depth + 1, i->level);
        if (i->index) expr(depth + 1, i->index);
        return;
      }
      case ExprKind::Unary: {
        auto* u = static_cast<const UnaryExpr*>(e);
        line(depth, "Unary" + tc + " '" + std::string(unaryOpSpelling(u->op)) + "'", e->loc);
        expr(depth + 1, u->operand);
        return;
      }
      case ExprKind::Binary: {
        auto* b = static_cast<const BinaryExpr*>(e);
        const bool logical = b->op == BinaryOp::LogAnd || b->op == BinaryOp::LogOr;
        line(depth, "Binary" + tc + " '" + std::string(binaryOpSpelling(b->op)) + "'" +
                        (logical && !b->shortCircuit ? " componentwise" : ""),
             e->loc);
        expr(depth + 1, b->lhs);
        expr(depth + 1, b->rhs);
        return;
      }
      case ExprKind::Assign: {
        auto* a = static_cast<const AssignExpr*>(e);
        std::string op = a->compound ? std::string(binaryOpSpelling(a->op)) + "=" : "=";
        std::string compute = a->compound && a->computeType ? " compute " + quoted(a->computeType) : "";
        line(depth, "Assign" + tc + " '" + op + "'" + compute, e->loc);
        expr(depth + 1, a->lhs);
        expr(depth + 1, a->rhs);
        return;
      }
      case ExprKind::Conditional: {
        auto* c = static_cast<const ConditionalExpr*>(e);
        line(depth, "Conditional" + tc + (c->shortCircuit ? "" : " componentwise"), e->loc);
        expr(depth + 1, c->cond);
        expr(depth + 1, c->trueExpr);
        expr(depth + 1, c->falseExpr);
        return;
      }
      case ExprKind::Call: {
        auto* c = static_cast<const CallExpr*>(e);
        std::string name = c->callee->qualifiedName.empty() ? c->callee->name : c->callee->qualifiedName;
        line(depth, "Call" + tc + " " + name, e->loc);
        if (c->object) expr(depth + 1, c->object);
        for (size_t i = 0; i < c->args.size(); ++i) {
          if (i < c->callee->params.size() && c->callee->params[i]->direction != ParamDirection::In)
            line(depth + 1, std::string(directionName(c->callee->params[i]->direction)) + " argument", c->args[i]->loc);
          expr(depth + 1, c->args[i]);
        }
        return;
      }
      case ExprKind::IntrinsicCall: {
        auto* c = static_cast<const IntrinsicCallExpr*>(e);
        std::string sig = "(";
        for (size_t i = 0; i < c->paramTypes.size(); ++i) {
          if (i) sig += ", ";
          if (c->directions[i] != ParamDirection::In) sig += std::string(directionName(c->directions[i])) + " ";
          sig += typeName(c->paramTypes[i]);
        }
        sig += ")";
        std::string name = c->name;
        if (c->templateArg) name += "<" + typeName(c->templateArg) + ">";
        line(depth, std::string(c->object ? "MethodCall" : "IntrinsicCall") + tc + " " + name + " " + sig +
                        " op=" + c->opcode,
             e->loc);
        if (c->object) expr(depth + 1, c->object);
        for (const Expr* a : c->args) expr(depth + 1, a);
        return;
      }
      case ExprKind::Construct: {
        line(depth, "Construct" + tc, e->loc);
        for (const Expr* a : static_cast<const ConstructExpr*>(e)->args) expr(depth + 1, a);
        return;
      }
      case ExprKind::InitList: {
        line(depth, "InitList" + tc, e->loc);
        for (const Expr* a : static_cast<const InitListExpr*>(e)->elements) expr(depth + 1, a);
        return;
      }
      case ExprKind::ExplicitCast:
      case ExprKind::ImplicitCast: {
        auto* c = static_cast<const CastExpr*>(e);
        if (e->kind == ExprKind::ExplicitCast) line(depth, "ExplicitCast" + tc, e->loc);
        else line(depth, "ImplicitCast" + tc + " " + std::string(castKindName(c->castKind)), e->loc);
        expr(depth + 1, c->operand);
        return;
      }
      case ExprKind::This: line(depth, "This" + tc, e->loc); return;
      case ExprKind::Error: line(depth, "Error", e->loc); return;
    }
  }

  void setMainFile(std::string file) { mainFile_ = std::move(file); }

private:
  const PreprocessedUnit& unit_;
  PrintedAST& out_;
  std::string mainFile_;
};

}  // namespace

PrintedAST printAST(const TranslationUnit& tu, const PreprocessedUnit& unit) {
  PrintedAST out;
  Printer p(unit, out);
  clang::SourceManager& sm = unit.sourceManager();
  p.setMainFile(unit.location(sm.getLocForStartOfFile(sm.getMainFileID())).file);
  p.line(0, "TranslationUnit", {});
  if (tu.globals && !tu.globals->members.empty()) {
    p.line(1, "CBuffer $Globals (implicit)", {});
    for (const VarDecl* v : tu.globals->members) p.line(2, "Member " + v->name, v->loc);
  }
  for (const Decl* d : tu.decls) {
    if (d->kind == DeclKind::EnumConstant) continue;
    p.decl(1, d);
  }
  return out;
}

}  // namespace sl::frontend
