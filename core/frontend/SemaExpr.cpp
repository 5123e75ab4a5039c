// Typing of literals, names, operators, member access, indexing, casts, constructors and
// initializer lists (hlsl-semantics.md §3, §4).
#include "core/frontend/Sema.h"

#include <cmath>
#include <cstdlib>

namespace sl::frontend {

Expr* Sema::errorExpr(clang::SourceLocation loc) {
  auto* e = ast().make<ErrorExpr>();
  e->loc = loc;
  e->type = types().error();
  return e;
}

static std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Expr* Sema::buildIntLiteral(clang::SourceLocation loc, const std::string& spelling) {
  auto* e = ast().make<IntLiteralExpr>();
  e->loc = loc;
  e->spelling = spelling;
  std::string digits = spelling;
  std::string suffix;
  while (!digits.empty() && std::strchr("uUlL", digits.back())) {
    suffix.insert(suffix.begin(), digits.back());
    digits.pop_back();
  }
  suffix = lower(suffix);
  errno = 0;
  char* end = nullptr;
  int base = 10;
  const char* text = digits.c_str();
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
    text += 2;
  } else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) {
    base = 2;
    text += 2;
  } else if (digits.size() > 1 && digits[0] == '0') {
    base = 8;
  }
  e->value = std::strtoull(text, &end, base);
  if (!end || *end != '\0' || errno == ERANGE) {
    error(loc, "invalid integer literal '" + spelling + "'", unsigned(spelling.size()));
    e->type = types().error();
    return e;
  }
  ScalarKind kind = ScalarKind::LiteralInt;
  if (suffix == "u" || suffix == "ul" || suffix == "lu") kind = ScalarKind::UInt;
  else if (suffix == "l") kind = ScalarKind::Int;
  else if (suffix == "ll") kind = ScalarKind::Int64;
  else if (suffix == "ull" || suffix == "llu") kind = ScalarKind::UInt64;
  else if (!suffix.empty()) {
    error(loc, "invalid suffix '" + suffix + "' on integer constant", unsigned(spelling.size()));
  }
  e->type = types().scalar(kind);
  return e;
}

Expr* Sema::buildFloatLiteral(clang::SourceLocation loc, const std::string& spelling) {
  auto* e = ast().make<FloatLiteralExpr>();
  e->loc = loc;
  e->spelling = spelling;
  std::string digits = spelling;
  ScalarKind kind = ScalarKind::LiteralFloat;
  std::string low = lower(digits);
  auto endsWith = [&](const char* s) {
    size_t n = std::strlen(s);
    return low.size() > n && low.compare(low.size() - n, n, s) == 0;
  };
  bool hex = low.size() > 2 && low[0] == '0' && low[1] == 'x';
  if (endsWith("f16")) {
    kind = options_.enable16BitTypes ? ScalarKind::Float16 : ScalarKind::Half;
    digits.resize(digits.size() - 3);
  } else if (endsWith("f32")) {
    kind = ScalarKind::Float;
    digits.resize(digits.size() - 3);
  } else if (endsWith("f64")) {
    kind = ScalarKind::Double;
    digits.resize(digits.size() - 3);
  } else if (!hex && (low.back() == 'f')) {
    kind = ScalarKind::Float;
    digits.pop_back();
  } else if (low.back() == 'h') {
    kind = options_.enable16BitTypes ? ScalarKind::Float16 : ScalarKind::Half;
    digits.pop_back();
  } else if (low.back() == 'l') {
    kind = ScalarKind::Double;
    digits.pop_back();
  }
  char* end = nullptr;
  e->value = std::strtod(digits.c_str(), &end);
  if (!end || *end != '\0') {
    error(loc, "invalid floating point literal '" + spelling + "'", unsigned(spelling.size()));
    e->type = types().error();
    return e;
  }
  e->type = types().scalar(kind);
  return e;
}

Expr* Sema::buildBoolLiteral(clang::SourceLocation loc, bool value) {
  auto* e = ast().make<BoolLiteralExpr>();
  e->loc = loc;
  e->value = value;
  e->type = types().boolType();
  return e;
}

Expr* Sema::buildStringLiteral(clang::SourceLocation loc, std::string value) {
  auto* e = ast().make<StringLiteralExpr>();
  e->loc = loc;
  e->value = std::move(value);
  e->type = types().string();
  return e;
}

Expr* Sema::buildDeclRef(clang::SourceLocation loc, Decl* decl) {
  auto* e = ast().make<DeclRefExpr>();
  e->loc = loc;
  e->decl = decl;
  if (decl->kind == DeclKind::EnumConstant) {
    auto* c = static_cast<EnumConstantDecl*>(decl);
    e->type = types().enumType(c->parent);
    return e;
  }
  if (decl->kind != DeclKind::Var) {
    error(loc, "'" + decl->name + "' does not refer to a value", unsigned(decl->name.size()));
    return errorExpr(loc);
  }
  auto* var = static_cast<VarDecl*>(decl);
  e->type = var->type ? var->type : types().error();
  e->category = ValueCategory::LValue;
  e->isConst = var->isConst;
  if (var->storage == StorageClass::Field || var->storage == StorageClass::StaticField) {
    // An unqualified member name inside a method: this.field.
    if (var->storage == StorageClass::Field) {
      auto* member = ast().make<MemberExpr>();
      member->loc = loc;
      member->base = buildThis(loc);
      member->field = var;
      member->type = e->type;
      member->category = ValueCategory::LValue;
      member->isConst = var->isConst;
      return member;
    }
  }
  return e;
}

Expr* Sema::buildThis(clang::SourceLocation loc) {
  FunctionDecl* fn = currentFunction();
  if (!fn || !fn->parent || fn->isStatic) {
    error(loc, "invalid use of 'this' outside of a non-static member function");
    return errorExpr(loc);
  }
  auto* e = ast().make<ThisExpr>();
  e->loc = loc;
  e->type = types().structType(fn->parent);
  e->category = ValueCategory::LValue;
  return e;
}

// ---------------------------------------------------------------------------------------------
// lvalues

static Expr* rootOf(Expr* e) {
  while (true) {
    switch (e->kind) {
      case ExprKind::Member: e = static_cast<MemberExpr*>(e)->base; break;
      case ExprKind::Swizzle: e = static_cast<SwizzleExpr*>(e)->base; break;
      case ExprKind::Index: e = static_cast<IndexExpr*>(e)->base; break;
      default: return e;
    }
  }
}

bool Sema::isModifiable(Expr* e) {
  if (e->type->isError()) return true;
  if (!e->isLValue() || e->isConst) return false;
  if (e->kind == ExprKind::Swizzle) {
    auto* s = static_cast<SwizzleExpr*>(e);
    for (size_t i = 0; i < s->indices.size(); ++i)
      for (size_t j = i + 1; j < s->indices.size(); ++j)
        if (s->indices[i] == s->indices[j]) return false;
  }
  return true;
}

bool Sema::checkModifiable(Expr* e, clang::SourceLocation loc, const char* what) {
  (void)what;
  if (e->type->isError()) return true;
  if (e->kind == ExprKind::Swizzle && e->isLValue()) {
    auto* s = static_cast<SwizzleExpr*>(e);
    for (size_t i = 0; i < s->indices.size(); ++i)
      for (size_t j = i + 1; j < s->indices.size(); ++j)
        if (s->indices[i] == s->indices[j]) {
          error(loc, "vector is not assignable (contains duplicate components)");
          return false;
        }
  }
  if (!e->isLValue()) {
    error(loc, "expression is not assignable");
    return false;
  }
  if (e->isConst) {
    Expr* root = rootOf(e);
    if (root->kind == ExprKind::ResourceIndex) {
      error(loc, "cannot assign to return value because function 'operator[]' returns a const value");
    } else if (root->kind == ExprKind::DeclRef && static_cast<DeclRefExpr*>(root)->decl->kind == DeclKind::Var) {
      auto* var = static_cast<VarDecl*>(static_cast<DeclRefExpr*>(root)->decl);
      error(loc, "cannot assign to variable '" + var->name + "' with const-qualified type 'const " +
                     typeName(var->type) + "'");
      note(var->loc, "variable '" + var->name + "' declared const here");
    } else {
      error(loc, "read-only variable is not assignable");
    }
    return false;
  }
  return true;
}

Expr* Sema::checkCondition(Expr* cond, const char* what) {
  (void)what;
  if (cond->type->isError()) return cond;
  if (!cond->type->isNumeric() && !cond->type->isEnum()) {
    error(cond->loc, "statement conditional expressions must evaluate to a scalar");
    return errorExpr(cond->loc);
  }
  if (cond->type->isNumeric() && !cond->type->isOneElement()) {
    error(cond->loc, "statement conditional expressions must evaluate to a scalar");
    return errorExpr(cond->loc);
  }
  return convert(cond, types().boolType(), ConversionContext::Implicit);
}

// ---------------------------------------------------------------------------------------------
// Operators

const Type* Sema::combineShapes(const Type* a, const Type* b, ScalarKind element, bool* ok) {
  *ok = true;
  bool trunc = false;
  const Type *small = a, *large = b;
  bool leftLarger = a->elementCount() >= b->elementCount();
  if (leftLarger) {
    small = b;
    large = a;
  }
  if (shapeTo(small, large, trunc)) return types().withElement(large, element);
  if (shapeTo(large, small, trunc)) return types().withElement(small, element);
  *ok = false;
  return types().withElement(a, element);
}

bool Sema::shapeTo(const Type* from, const Type* to, bool& truncates) {
  return canConvert(types().withElement(from, ScalarKind::Float), types().withElement(to, ScalarKind::Float), false,
                    &truncates);
}

static bool isComparison(BinaryOp op) {
  return op == BinaryOp::Lt || op == BinaryOp::Gt || op == BinaryOp::Le || op == BinaryOp::Ge ||
         op == BinaryOp::Eq || op == BinaryOp::Ne;
}
static bool isBitwise(BinaryOp op) {
  return op == BinaryOp::BitAnd || op == BinaryOp::BitOr || op == BinaryOp::BitXor || op == BinaryOp::Shl ||
         op == BinaryOp::Shr;
}

// Unifies the operands of an arithmetic, bitwise or comparison operator; returns null on success
// (operands converted in place) or an error expression.
Expr* Sema::arithmeticOperands(clang::SourceLocation loc, BinaryOp op, Expr*& lhs, Expr*& rhs,
                               const Type*& operandType) {
  const Type* a = lhs->type;
  const Type* b = rhs->type;
  // Values of one enum type compare with each other even when the enum is scoped.
  bool sameEnum = a->isEnum() && a == b && isComparison(op);
  ConversionContext enumContext = sameEnum ? ConversionContext::Explicit : ConversionContext::Implicit;
  if (a->isEnum()) a = types().intType(), lhs = convert(lhs, a, enumContext);
  if (b->isEnum()) b = types().intType(), rhs = convert(rhs, b, enumContext);
  if (!a->isNumeric() || !b->isNumeric()) {
    const Type* bad = a->isNumeric() ? b : a;
    if (bad->isStruct()) error(loc, "operator cannot be used with user-defined type '" + typeName(bad) + "'");
    else if (bad->isArray() && (op == BinaryOp::Eq || op == BinaryOp::Ne))
      error(loc, "equality operators cannot be used with array types");
    else error(loc, "scalar, vector, or matrix expected");
    return errorExpr(loc);
  }
  ScalarKind element;
  if (op == BinaryOp::Shl || op == BinaryOp::Shr) {
    element = a->scalar == ScalarKind::Bool ? ScalarKind::Int : a->scalar;
    if (element == ScalarKind::LiteralInt && b->scalar != ScalarKind::LiteralInt) {
      warning(loc, "ambiguous type for bit shift; use a type suffix on literal values");
      element = isUnsignedKind(b->scalar) ? ScalarKind::UInt : ScalarKind::Int;
    }
  } else {
    element = combineBasicTypes(a->scalar, b->scalar);
    if (element == ScalarKind::Bool && !isComparison(op) && op != BinaryOp::BitAnd && op != BinaryOp::BitOr &&
        op != BinaryOp::BitXor)
      element = ScalarKind::Int;
  }
  if (isBitwise(op) && isFloatKind(element)) {
    error(loc, "int or unsigned int type required");
    return errorExpr(loc);
  }
  if (op == BinaryOp::Rem && element == ScalarKind::Double) {
    error(loc, "modulo cannot be used with doubles, cast to float first");
    return errorExpr(loc);
  }
  if ((op == BinaryOp::Div || op == BinaryOp::Rem) && element == ScalarKind::Min16Int) {
    error(loc, "signed integer division is not supported on minimum-precision types, cast to int to use 32-bit "
               "division");
    return errorExpr(loc);
  }
  bool ok = true;
  operandType = combineShapes(a, b, element, &ok);
  if (!ok) {
    error(loc, "cannot convert from '" + typeName(b) + "' to '" + typeName(a) + "'");
    return errorExpr(loc);
  }
  lhs = convert(lhs, operandType, ConversionContext::Implicit);
  if (op == BinaryOp::Shl || op == BinaryOp::Shr) {
    // The shift amount keeps its own kind (masked by the IR); only the shape is unified.
    ScalarKind amountKind = b->scalar == ScalarKind::LiteralInt ? ScalarKind::UInt
                            : b->scalar == ScalarKind::Bool || isFloatKind(b->scalar) ? ScalarKind::UInt
                                                                                      : b->scalar;
    bool trunc = false;
    const Type* amountType = types().withElement(operandType, amountKind);
    (void)trunc;
    rhs = convert(rhs, amountType, ConversionContext::Implicit);
  } else {
    rhs = convert(rhs, operandType, ConversionContext::Implicit);
  }
  return nullptr;
}

Expr* Sema::buildBinary(clang::SourceLocation loc, BinaryOp op, Expr* lhs, Expr* rhs) {
  auto* e = ast().make<BinaryExpr>();
  e->loc = loc;
  e->op = op;
  e->range = clang::SourceRange(lhs->range.getBegin().isValid() ? lhs->range.getBegin() : lhs->loc,
                                rhs->range.getEnd().isValid() ? rhs->range.getEnd() : rhs->loc);
  if (lhs->type->isError() || rhs->type->isError()) {
    e->lhs = lhs;
    e->rhs = rhs;
    e->type = types().error();
    return e;
  }
  if (op == BinaryOp::Comma) {
    e->lhs = lhs;
    e->rhs = rhs;
    e->type = rhs->type;
    e->operandType = rhs->type;
    return e;
  }
  if ((op == BinaryOp::LogAnd || op == BinaryOp::LogOr) && options_.hlslVersion < 2021) {
    // Before HLSL 2021: component-wise on the unified shape, both operands evaluated (DXC).
    e->lhs = lhs;
    e->rhs = rhs;
    e->shortCircuit = false;
    e->type = types().error();
    const Type* a = lhs->type->isEnum() ? types().intType() : lhs->type;
    const Type* b = rhs->type->isEnum() ? types().intType() : rhs->type;
    if (!a->isNumeric() || !b->isNumeric()) {
      error(loc, "invalid operands to binary expression ('" + typeName(lhs->type) + "' and '" + typeName(rhs->type) +
                     "')");
      return e;
    }
    bool ok = true;
    const Type* shape = combineShapes(a, b, ScalarKind::Bool, &ok);
    if (!ok) {
      error(loc, "cannot convert from '" + typeName(rhs->type) + "' to '" + typeName(lhs->type) + "'");
      return e;
    }
    e->lhs = convert(lhs, shape, ConversionContext::Implicit);
    e->rhs = convert(rhs, shape, ConversionContext::Implicit);
    e->type = shape;
    e->operandType = shape;
    return e;
  }
  if (op == BinaryOp::LogAnd || op == BinaryOp::LogOr) {
    for (Expr* side : {lhs, rhs}) {
      if (!(side->type->isNumeric() || side->type->isEnum()) || !side->type->isOneElement()) {
        error(loc, std::string("operands for short-circuiting logical binary operator must be scalar, for "
                               "non-scalar types use '") +
                       (op == BinaryOp::LogAnd ? "and" : "or") + "'");
        e->lhs = lhs;
        e->rhs = rhs;
        e->type = types().error();
        return e;
      }
    }
    e->lhs = convert(lhs, types().boolType(), ConversionContext::Implicit);
    e->rhs = convert(rhs, types().boolType(), ConversionContext::Implicit);
    e->type = types().boolType();
    e->operandType = types().boolType();
    return e;
  }
  if (lhs->type->isStruct()) {
    if (Expr* call = buildOperatorCall(loc, std::string(binaryOpSpelling(op)), lhs, {rhs})) return call;
  }
  const Type* operandType = nullptr;
  if (Expr* failed = arithmeticOperands(loc, op, lhs, rhs, operandType)) {
    e->lhs = lhs;
    e->rhs = rhs;
    e->type = failed->type;
    return e;
  }
  e->lhs = lhs;
  e->rhs = rhs;
  e->operandType = operandType;
  e->type = isComparison(op) ? types().withElement(operandType, ScalarKind::Bool) : operandType;
  return e;
}

Expr* Sema::buildUnary(clang::SourceLocation loc, UnaryOp op, Expr* operand) {
  auto* e = ast().make<UnaryExpr>();
  e->loc = loc;
  e->op = op;
  e->operand = operand;
  e->type = types().error();
  if (operand->type->isError()) return e;
  const Type* t = operand->type;
  if (t->isEnum()) {
    if (op == UnaryOp::PreInc || op == UnaryOp::PreDec || op == UnaryOp::PostInc || op == UnaryOp::PostDec) {
      error(loc, "increment and decrement operators cannot be used on enum types");
      return e;
    }
    operand = convert(operand, types().intType(), ConversionContext::Implicit);
    e->operand = operand;
    t = operand->type;
  }
  if (!t->isNumeric()) {
    if (t->isStruct()) error(loc, "operator cannot be used with user-defined type '" + typeName(t) + "'");
    else error(loc, "scalar, vector, or matrix expected");
    return e;
  }
  switch (op) {
    case UnaryOp::Plus:
    case UnaryOp::Minus:
      if (t->scalar == ScalarKind::Bool) {
        e->operand = convert(operand, types().withElement(t, ScalarKind::Int), ConversionContext::Implicit);
        t = e->operand->type;
      }
      e->type = t;
      return e;
    case UnaryOp::Not:
      e->operand = convert(operand, types().withElement(t, ScalarKind::Bool), ConversionContext::Implicit);
      e->type = e->operand->type;
      return e;
    case UnaryOp::BitNot:
      if (isFloatKind(t->scalar)) {
        error(loc, "int or unsigned int type required");
        return e;
      }
      if (t->scalar == ScalarKind::Bool) {
        e->operand = convert(operand, types().withElement(t, ScalarKind::Int), ConversionContext::Implicit);
        t = e->operand->type;
      }
      e->type = t;
      return e;
    default:
      if (t->scalar == ScalarKind::Bool) {
        error(loc, "operator cannot be used with a bool lvalue");
        return e;
      }
      if (!checkModifiable(operand, loc, "increment")) return e;
      e->type = t;
      if (op == UnaryOp::PreInc || op == UnaryOp::PreDec) e->category = ValueCategory::LValue;
      return e;
  }
}

Expr* Sema::buildAssign(clang::SourceLocation loc, std::optional<BinaryOp> compound, Expr* lhs, Expr* rhs) {
  auto* e = ast().make<AssignExpr>();
  e->loc = loc;
  e->lhs = lhs;
  e->rhs = rhs;
  e->type = lhs->type;
  e->category = ValueCategory::RValue;
  if (lhs->type->isError() || rhs->type->isError()) {
    e->type = types().error();
    return e;
  }
  if (!checkModifiable(lhs, loc, "assignment")) return e;
  if (!compound) {
    if (lhs->type->isResource() && rhs->type == lhs->type) {
      e->rhs = rhs;
      return e;
    }
    e->rhs = convert(rhs, lhs->type, ConversionContext::Implicit);
    return e;
  }
  e->compound = true;
  e->op = *compound;
  if (lhs->type->scalar == ScalarKind::Bool && lhs->type->isNumeric() && *compound != BinaryOp::BitAnd &&
      *compound != BinaryOp::BitOr && *compound != BinaryOp::BitXor) {
    error(loc, "operator cannot be used with a bool lvalue");
    return e;
  }
  Expr* l = lhs;
  const Type* operandType = nullptr;
  if (Expr* failed = arithmeticOperands(loc, *compound, l, rhs, operandType)) {
    e->type = failed->type;
    return e;
  }
  // The result converts back to the lhs type; warn now if that narrows.
  bool trunc = false;
  if (!canConvert(operandType, lhs->type, false, &trunc)) {
    error(loc, "cannot convert from '" + typeName(operandType) + "' to '" + typeName(lhs->type) + "'");
    return e;
  }
  e->rhs = rhs;
  e->computeType = operandType;
  return e;
}

Expr* Sema::buildConditional(clang::SourceLocation loc, Expr* cond, Expr* a, Expr* b) {
  auto* e = ast().make<ConditionalExpr>();
  e->loc = loc;
  e->cond = cond;
  e->trueExpr = a;
  e->falseExpr = b;
  e->type = types().error();
  if (cond->type->isError() || a->type->isError() || b->type->isError()) return e;
  if (options_.hlslVersion < 2021) return componentwiseConditional(e);
  if (!(cond->type->isNumeric() || cond->type->isEnum()) || !cond->type->isOneElement()) {
    error(cond->loc, "condition for short-circuiting ternary operator must be scalar, for non-scalar types use "
                     "'select'");
    return e;
  }
  e->cond = convert(cond, types().boolType(), ConversionContext::Implicit);
  if (a->type == b->type && !a->type->isLiteral()) {
    e->type = a->type;
    return e;
  }
  const Type* ta = a->type->isEnum() ? types().intType() : a->type;
  const Type* tb = b->type->isEnum() ? types().intType() : b->type;
  if (!ta->isNumeric() || !tb->isNumeric()) {
    error(loc, "incompatible operand types ('" + typeName(a->type) + "' and '" + typeName(b->type) + "')");
    return e;
  }
  ScalarKind element = combineBasicTypes(ta->scalar, tb->scalar);
  bool ok = true;
  const Type* result = combineShapes(ta, tb, element, &ok);
  if (!ok) {
    error(loc, "incompatible operand types ('" + typeName(a->type) + "' and '" + typeName(b->type) + "')");
    return e;
  }
  e->trueExpr = convert(a, result, ConversionContext::Implicit);
  e->falseExpr = convert(b, result, ConversionContext::Implicit);
  e->type = result;
  return e;
}

// `c ? a : b` before HLSL 2021 (DXC's CheckVectorConditional): the condition may be a vector or
// matrix; the operands unify like arithmetic operands; a one-element result takes the
// condition's shape, else the condition must be one element or of the result's shape; the
// condition becomes bool of the result's shape, and both operands are evaluated.
Expr* Sema::componentwiseConditional(ConditionalExpr* e) {
  e->shortCircuit = false;
  const Type* tc = e->cond->type->isEnum() ? types().intType() : e->cond->type;
  if (!tc->isNumeric()) {
    error(e->loc, "conditional operator only supports condition with scalar, vector, or matrix types convertible "
                  "to bool");
    return e;
  }
  const Type* ta = e->trueExpr->type->isEnum() ? types().intType() : e->trueExpr->type;
  const Type* tb = e->falseExpr->type->isEnum() ? types().intType() : e->falseExpr->type;
  if (!ta->isNumeric() || !tb->isNumeric()) {
    // Objects of one type pass through (DXC allows them); structs and arrays do not.
    if (ta == tb && ta->isResource() && tc->isOneElement()) {
      e->cond = convert(e->cond, types().boolType(), ConversionContext::Implicit);
      e->type = ta;
      return e;
    }
    error(e->loc, "conditional operator only supports results with numeric scalar, vector, or matrix types");
    return e;
  }
  ScalarKind element = ta->scalar == tb->scalar ? ta->scalar : combineBasicTypes(ta->scalar, tb->scalar);
  bool ok = true;
  const Type* result = combineShapes(ta, tb, element, &ok);
  if (!ok) {
    error(e->loc, "conditional operator result dimensions mismatch");
    return e;
  }
  if (result->isOneElement() && !tc->isOneElement()) {
    result = types().withElement(tc, element);
  } else if (!tc->isOneElement() && (tc->rows != result->rows || tc->cols != result->cols)) {
    error(e->loc, "conditional operator condition and result dimensions mismatch");
    return e;
  }
  if (!result->isOneElement()) result = concreteType(result);  // no literal vectors
  e->cond = convert(e->cond, types().withElement(result, ScalarKind::Bool), ConversionContext::Implicit);
  e->trueExpr = convert(e->trueExpr, result, ConversionContext::Implicit);
  e->falseExpr = convert(e->falseExpr, result, ConversionContext::Implicit);
  e->type = result;
  return e;
}

// ---------------------------------------------------------------------------------------------
// Member access and swizzles

static bool parseVectorSwizzle(const std::string& name, unsigned size, std::vector<uint8_t>& out, std::string& problem) {
  if (name.empty() || name.size() > 4) {
    problem = "invalid swizzle '" + name + "'";
    return false;
  }
  int set = -1;
  for (char c : name) {
    const char* xyzw = std::strchr("xyzw", c);
    const char* rgba = std::strchr("rgba", c);
    int thisSet = xyzw ? 0 : rgba ? 1 : -1;
    if (thisSet < 0 || c == '\0') {
      problem = "invalid swizzle '" + name + "'";
      return false;
    }
    if (set >= 0 && thisSet != set) {
      problem = "vector component access mixes 'xyzw' and 'rgba' sets";
      return false;
    }
    set = thisSet;
    unsigned index = unsigned(thisSet == 0 ? xyzw - "xyzw" : rgba - "rgba");
    if (index >= size) {
      problem = std::string("vector swizzle '") + c + "' is out of bounds";
      return false;
    }
    out.push_back(uint8_t(index));
  }
  return true;
}

static bool parseMatrixSwizzle(const std::string& name, unsigned rows, unsigned cols, std::vector<uint8_t>& out,
                               std::string& problem) {
  size_t i = 0;
  int style = -1;  // 0 zero-based _mRC, 1 one-based _RC
  while (i < name.size()) {
    if (name[i] != '_') {
      problem = "invalid matrix swizzle '" + name + "'";
      return false;
    }
    ++i;
    int thisStyle = 1;
    if (i < name.size() && name[i] == 'm') {
      thisStyle = 0;
      ++i;
    }
    if (style >= 0 && style != thisStyle) {
      problem = "matrix swizzle '" + name + "' mixes one-based and zero-based references";
      return false;
    }
    style = thisStyle;
    if (i + 2 > name.size() || !std::isdigit(static_cast<unsigned char>(name[i])) ||
        !std::isdigit(static_cast<unsigned char>(name[i + 1]))) {
      problem = "invalid matrix swizzle '" + name + "'";
      return false;
    }
    int r = name[i] - '0', c = name[i + 1] - '0';
    i += 2;
    if (style == 1) {
      --r;
      --c;
    }
    if (r < 0 || c < 0 || unsigned(r) >= rows || unsigned(c) >= cols) {
      problem = "matrix swizzle '" + name + "' is out of bounds";
      return false;
    }
    out.push_back(uint8_t(unsigned(r) * cols + unsigned(c)));
    if (out.size() > 4) {
      problem = "more than four positions are referenced in '" + name + "'";
      return false;
    }
  }
  return !out.empty();
}

Expr* Sema::buildMember(clang::SourceLocation loc, Expr* base, const std::string& name, unsigned nameLength) {
  const Type* t = base->type;
  if (t->isError()) return errorExpr(loc);
  if (t->isResource() && (t->resource == ResourceKind::ConstantBuffer || t->resource == ResourceKind::TextureBuffer) &&
      t->element && t->element->isStruct()) {
    Expr* inner = makeImplicitCast(base, t->element, CastKind::ConstantBufferToStruct);
    inner->category = base->category;
    inner->isConst = true;
    return buildMember(loc, inner, name, nameLength);
  }
  if (t->isStruct()) {
    for (Decl* d : lookupMember(t->record, name)) {
      if (d->kind != DeclKind::Var) continue;
      auto* field = static_cast<VarDecl*>(d);
      if (field->storage == StorageClass::StaticField) return buildDeclRef(loc, field);
      auto* m = ast().make<MemberExpr>();
      m->loc = loc;
      m->base = base;
      m->field = field;
      m->type = field->type;
      m->category = base->category;
      m->isConst = base->isConst || field->isConst;
      return m;
    }
    error(loc, "no member named '" + name + "' in '" + typeName(t) + "'", nameLength);
    return errorExpr(loc);
  }
  if (t->isNumeric()) {
    std::vector<uint8_t> indices;
    std::string problem;
    bool ok = t->isMatrix() ? parseMatrixSwizzle(name, t->rows, t->cols, indices, problem)
                            : parseVectorSwizzle(name, t->isVector() ? t->cols : 1, indices, problem);
    if (!ok) {
      error(loc, problem.empty() ? "invalid swizzle '" + name + "'" : problem, nameLength);
      return errorExpr(loc);
    }
    auto* s = ast().make<SwizzleExpr>();
    s->loc = loc;
    s->base = base;
    s->indices = indices;
    s->spelling = name;
    s->type = indices.size() == 1 ? types().scalar(t->scalar) : types().vector(t->scalar, unsigned(indices.size()));
    s->category = base->category;
    s->isConst = base->isConst;
    return s;
  }
  if (t->isResource() && (name == "mips" || name == "sample")) {
    // Texture*.mips[level][coord] and Texture2DMS*.sample[index][coord] (read-only).
    using RK = ResourceKind;
    const RK k = t->resource;
    const bool ms = k == RK::Texture2DMS || k == RK::Texture2DMSArray;
    const bool mipped = k == RK::Texture1D || k == RK::Texture1DArray || k == RK::Texture2D || k == RK::Texture2DArray ||
                        k == RK::Texture3D || k == RK::VkSampledTexture2D;
    if (name == "mips" ? mipped : ms) {
      auto* e = ast().make<ResourceIndexExpr>();
      e->loc = loc;
      e->base = base;
      e->part = name == "mips" ? ResourceIndexExpr::Part::Mips : ResourceIndexExpr::Part::Sample;
      e->type = t;
      e->category = ValueCategory::RValue;
      e->isConst = true;
      return e;
    }
    error(loc, "no member named '" + name + "' in '" + typeName(t) + "'", nameLength);
    return errorExpr(loc);
  }
  error(loc, "member reference base type '" + typeName(t) + "' is not a structure", nameLength);
  return errorExpr(loc);
}

// ---------------------------------------------------------------------------------------------
// Indexing

Expr* Sema::buildIndex(clang::SourceLocation loc, Expr* base, Expr* index) {
  const Type* t = base->type;
  if (t->isError() || index->type->isError()) return errorExpr(loc);
  if (base->kind == ExprKind::ResourceIndex && static_cast<ResourceIndexExpr*>(base)->part != ResourceIndexExpr::Part::Element &&
      !static_cast<ResourceIndexExpr*>(base)->complete()) {
    // The second and third steps of `tex.mips[level][coord]` / `tex.sample[index][coord]`.
    auto* partial = static_cast<ResourceIndexExpr*>(base);
    auto* e = ast().make<ResourceIndexExpr>();
    e->loc = loc;
    e->base = partial->base;
    e->part = partial->part;
    e->isConst = true;
    if (!partial->level) {
      e->level = convert(index, types().uintType(), ConversionContext::Implicit);
      e->type = t;
      e->category = ValueCategory::RValue;
      return e;
    }
    unsigned dim = resourceIndexDimension(t->resource);
    e->level = partial->level;
    e->index = convert(index, dim == 1 ? types().uintType() : types().vector(ScalarKind::UInt, dim), ConversionContext::Implicit);
    e->type = t->element ? t->element : types().error();
    e->category = ValueCategory::LValue;
    return e;
  }
  if (t->isResource()) {
    unsigned dim = resourceIndexDimension(t->resource);
    if (t->resource == ResourceKind::ByteAddressBuffer || t->resource == ResourceKind::RWByteAddressBuffer ||
        resourceIsSampler(t->resource) || t->resource == ResourceKind::ConstantBuffer ||
        t->resource == ResourceKind::TextureBuffer || t->resource == ResourceKind::TextureCube ||
        t->resource == ResourceKind::TextureCubeArray || t->resource == ResourceKind::AppendStructuredBuffer ||
        t->resource == ResourceKind::ConsumeStructuredBuffer) {
      error(loc, "type '" + typeName(t) + "' does not provide a subscript operator");
      return errorExpr(loc);
    }
    const Type* indexType = dim == 1 ? types().uintType() : types().vector(ScalarKind::UInt, dim);
    auto* e = ast().make<ResourceIndexExpr>();
    e->loc = loc;
    e->base = base;
    e->index = convert(index, indexType, ConversionContext::Implicit);
    e->type = t->element ? t->element : types().error();
    e->category = ValueCategory::LValue;
    e->isConst = !resourceIsWritable(t->resource);
    return e;
  }
  if (t->isStruct() && !isHeapObject(t)) {
    if (Expr* call = buildOperatorCall(loc, "[]", base, {index})) return call;
  }
  if (isHeapObject(t)) {
    auto* decl = base->kind == ExprKind::DeclRef ? static_cast<DeclRefExpr*>(base)->decl : nullptr;
    size_t underscore = options_.profile.find('_');
    int major = underscore == std::string::npos ? 6 : std::atoi(options_.profile.c_str() + underscore + 1);
    size_t second = options_.profile.find('_', underscore + 1);
    int minor = second == std::string::npos ? 0 : std::atoi(options_.profile.c_str() + second + 1);
    if (major < 6 || (major == 6 && minor < 6)) {
      std::string heapName = decl ? decl->name : std::string("ResourceDescriptorHeap");
      error(base->loc, "'" + heapName + "' requires shader model 6.6 or higher (the target is " + options_.profile + ")",
            unsigned(heapName.size()));
      return errorExpr(loc);
    }
    auto* e = ast().make<ResourceIndexExpr>();
    e->loc = loc;
    e->base = base;
    e->index = convert(index, types().uintType(), ConversionContext::Implicit);
    e->type = types().structType(t->record->name == "resource_descriptor_heap_struct" ? heapResourceInfo_ : heapSamplerInfo_);
    return e;
  }
  if (!index->type->isNumeric() && !index->type->isEnum()) {
    error(index->loc, "array subscript is not an integer");
    return errorExpr(loc);
  }
  Expr* idx = index;
  if (idx->type->isEnum() || !isIntKind(idx->type->scalar) || !idx->type->isScalar())
    idx = convert(idx, types().uintType(), ConversionContext::Implicit);
  else idx = decayLiteral(idx);
  auto* e = ast().make<IndexExpr>();
  e->loc = loc;
  e->base = base;
  e->index = idx;
  e->category = base->category;
  e->isConst = base->isConst;
  std::optional<ConstantValue> constant = evaluate(idx);
  unsigned bound = 0;
  if (t->isArray()) {
    e->type = t->element;
    bound = t->arraySize;
  } else if (t->isVector()) {
    e->type = types().scalar(t->scalar);
    bound = t->cols;
  } else if (t->isMatrix()) {
    e->type = types().vector(t->scalar, t->cols);
    bound = t->rows;
  } else {
    error(loc, "subscripted value is not an array, matrix, or vector");
    return errorExpr(loc);
  }
  if (constant && bound && (constant->asInt() < 0 || constant->asInt() >= int64_t(bound))) {
    error(index->loc, "array index " + std::to_string(constant->asInt()) + " is out of bounds");
    return errorExpr(loc);
  }
  return e;
}

// ---------------------------------------------------------------------------------------------
// Casts, constructors, initializer lists

Expr* Sema::buildCast(clang::SourceLocation loc, const Type* type, Expr* operand) {
  if (operand->type->isError() || type->isError()) return errorExpr(loc);
  auto* e = ast().make<CastExpr>(ExprKind::ExplicitCast);
  e->loc = loc;
  e->type = type;
  if (type->isVoid()) {
    e->operand = operand;
    return e;
  }
  if (type->isAggregate() && containsResource(type) && operand->type != type) {
    error(loc, "cannot convert from '" + typeName(operand->type) + "' to '" + typeName(type) + "'");
    return errorExpr(loc);
  }
  Expr* converted = convert(operand, type, ConversionContext::Explicit);
  if (converted->type->isError()) return converted;
  e->operand = converted;
  e->castKind = CastKind::NoOp;
  return e;
}

Expr* Sema::buildConstruct(clang::SourceLocation loc, const Type* type, std::vector<Expr*> args) {
  for (Expr* a : args)
    if (a->type->isError()) return errorExpr(loc);
  if (!type->isNumeric()) {
    if (type->isStruct()) error(loc, "constructors only defined for numeric base types");
    else error(loc, "'" + typeName(type) + "' cannot be constructed with function-style syntax");
    return errorExpr(loc);
  }
  if (type->isScalar() && args.size() == 1) return buildCast(loc, type, args[0]);
  unsigned have = 0;
  for (Expr* a : args) {
    if (!a->type->isNumeric() && !a->type->isEnum()) {
      error(a->loc, "cannot convert from '" + typeName(a->type) + "' to '" + typeName(type) + "'");
      return errorExpr(loc);
    }
    have += a->type->isEnum() ? 1 : a->type->elementCount();
  }
  unsigned expected = type->elementCount();
  const char* what = type->isMatrix() ? "matrix" : "vector";
  if (have != expected) {
    error(loc, std::string(have < expected ? "too few" : "too many") + " elements in " + what +
                   " initialization (expected " + std::to_string(expected) + " elements, have " +
                   std::to_string(have) + ")");
    return errorExpr(loc);
  }
  auto* e = ast().make<ConstructExpr>();
  e->loc = loc;
  e->type = type;
  for (Expr* a : args) {
    const Type* at = a->type->isEnum() ? types().intType() : a->type;
    e->args.push_back(convert(a, types().withElement(at, type->scalar), ConversionContext::Implicit));
  }
  return e;
}

static void flattenItems(const std::vector<Expr*>& items, std::vector<Expr*>& out) {
  for (Expr* item : items) {
    if (item->kind == ExprKind::InitList && item->type == nullptr)
      flattenItems(static_cast<InitListExpr*>(item)->elements, out);
    else out.push_back(item);
  }
}

Expr* Sema::buildInitList(clang::SourceLocation loc, const Type* type, const std::vector<Expr*>& rawItems) {
  std::vector<Expr*> items;
  flattenItems(rawItems, items);
  for (Expr* a : items)
    if (a->type->isError()) return errorExpr(loc);
  std::vector<const Type*> leaves;
  flattenLeaves(type, leaves, types());
  auto* e = ast().make<InitListExpr>();
  e->loc = loc;
  e->type = type;
  size_t at = 0;
  for (Expr* item : items) {
    std::vector<const Type*> itemLeaves;
    flattenLeaves(item->type->isEnum() ? types().intType() : item->type, itemLeaves, types());
    size_t n = itemLeaves.size();
    if (at + n > leaves.size()) {
      at += n;
      continue;  // counted below for the diagnostic
    }
    if (n == 1) {
      e->elements.push_back(convert(item, leaves[at], ConversionContext::Implicit));
    } else if (item->type->isNumeric()) {
      // A vector/matrix item whose elements all land on the same leaf kind converts as a whole.
      bool uniform = true;
      for (size_t i = 0; i < n; ++i)
        if (leaves[at + i] != leaves[at]) uniform = false;
      if (uniform && leaves[at]->isScalar())
        e->elements.push_back(convert(item, types().withElement(item->type, leaves[at]->scalar),
                                      ConversionContext::Implicit));
      else e->elements.push_back(item);
    } else {
      for (size_t i = 0; i < n; ++i)
        if (!(itemLeaves[i]->isNumeric() && leaves[at + i]->isNumeric()) && itemLeaves[i] != leaves[at + i]) {
          error(item->loc, "cannot convert from '" + typeName(item->type) + "' to '" + typeName(type) + "'");
          return errorExpr(loc);
        }
      e->elements.push_back(item);
    }
    at += n;
  }
  if (at != leaves.size()) {
    const char* what = type->isVector() ? "vector" : type->isMatrix() ? "matrix" : type->isArray() ? "array"
                       : type->isStruct() ? "structure" : "scalar";
    error(loc, std::string(at < leaves.size() ? "too few" : "too many") + " elements in " + what +
                   " initialization (expected " + std::to_string(leaves.size()) + " elements, have " +
                   std::to_string(at) + ")");
    return errorExpr(loc);
  }
  return e;
}

// ---------------------------------------------------------------------------------------------
// Constant evaluation (array sizes, template arguments, case labels, attribute arguments)

std::optional<ConstantValue> Sema::evaluate(Expr* expr) {
  if (!expr || !expr->type || expr->type->isError()) return std::nullopt;
  switch (expr->kind) {
    case ExprKind::IntLiteral: {
      ConstantValue v;
      v.i = int64_t(static_cast<IntLiteralExpr*>(expr)->value);
      return v;
    }
    case ExprKind::FloatLiteral: {
      ConstantValue v;
      v.isFloat = true;
      v.f = static_cast<FloatLiteralExpr*>(expr)->value;
      return v;
    }
    case ExprKind::BoolLiteral: {
      ConstantValue v;
      v.i = static_cast<BoolLiteralExpr*>(expr)->value ? 1 : 0;
      return v;
    }
    case ExprKind::DeclRef: {
      Decl* d = static_cast<DeclRefExpr*>(expr)->decl;
      if (d->kind == DeclKind::EnumConstant) {
        ConstantValue v;
        v.i = static_cast<EnumConstantDecl*>(d)->value;
        return v;
      }
      if (d->kind == DeclKind::Var) {
        auto* var = static_cast<VarDecl*>(d);
        if (var->isConst && var->init && var->type->isScalar() &&
            (var->storage == StorageClass::Static || var->storage == StorageClass::Local ||
             var->storage == StorageClass::StaticField))
          return evaluate(var->init);
      }
      return std::nullopt;
    }
    case ExprKind::ImplicitCast:
    case ExprKind::ExplicitCast: {
      auto* c = static_cast<CastExpr*>(expr);
      if (!expr->type->isScalar() && !expr->type->isEnum()) return std::nullopt;
      auto v = evaluate(c->operand);
      if (!v) return v;
      ScalarKind k = expr->type->isEnum() ? ScalarKind::Int : expr->type->scalar;
      ConstantValue r;
      if (k == ScalarKind::Bool) r.i = v->asDouble() != 0;
      else if (isFloatKind(k)) {
        r.isFloat = true;
        r.f = v->asDouble();
      } else if (k == ScalarKind::UInt) r.i = int64_t(uint32_t(v->asInt()));
      else if (k == ScalarKind::Int) r.i = int64_t(int32_t(v->asInt()));
      else r.i = v->asInt();
      return r;
    }
    case ExprKind::Unary: {
      auto* u = static_cast<UnaryExpr*>(expr);
      if (!expr->type->isScalar()) return std::nullopt;
      auto v = evaluate(u->operand);
      if (!v) return v;
      switch (u->op) {
        case UnaryOp::Plus: return v;
        case UnaryOp::Minus:
          if (v->isFloat) v->f = -v->f;
          else v->i = -v->i;
          return v;
        case UnaryOp::Not: {
          ConstantValue r;
          r.i = v->asDouble() == 0;
          return r;
        }
        case UnaryOp::BitNot:
          v->i = ~v->i;
          if (expr->type->scalar == ScalarKind::UInt) v->i = int64_t(uint32_t(v->i));
          return v;
        default: return std::nullopt;
      }
    }
    case ExprKind::Binary: {
      auto* b = static_cast<BinaryExpr*>(expr);
      if (!expr->type->isScalar()) return std::nullopt;
      auto l = evaluate(b->lhs);
      auto r = evaluate(b->rhs);
      if (!l || !r) return std::nullopt;
      ConstantValue out;
      bool fl = l->isFloat || r->isFloat;
      auto cmp = [&](bool value) {
        out.i = value;
        return out;
      };
      switch (b->op) {
        case BinaryOp::Lt: return cmp(l->asDouble() < r->asDouble());
        case BinaryOp::Gt: return cmp(l->asDouble() > r->asDouble());
        case BinaryOp::Le: return cmp(l->asDouble() <= r->asDouble());
        case BinaryOp::Ge: return cmp(l->asDouble() >= r->asDouble());
        case BinaryOp::Eq: return cmp(l->asDouble() == r->asDouble());
        case BinaryOp::Ne: return cmp(l->asDouble() != r->asDouble());
        case BinaryOp::LogAnd: return cmp(l->asDouble() != 0 && r->asDouble() != 0);
        case BinaryOp::LogOr: return cmp(l->asDouble() != 0 || r->asDouble() != 0);
        case BinaryOp::Comma: return r;
        default: break;
      }
      if (fl) {
        out.isFloat = true;
        double a = l->asDouble(), c = r->asDouble();
        switch (b->op) {
          case BinaryOp::Add: out.f = a + c; return out;
          case BinaryOp::Sub: out.f = a - c; return out;
          case BinaryOp::Mul: out.f = a * c; return out;
          case BinaryOp::Div: out.f = a / c; return out;
          case BinaryOp::Rem: out.f = std::fmod(a, c); return out;
          default: return std::nullopt;
        }
      }
      int64_t a = l->i, c = r->i;
      bool isUnsigned = isUnsignedKind(expr->type->scalar);
      switch (b->op) {
        case BinaryOp::Add: out.i = a + c; break;
        case BinaryOp::Sub: out.i = a - c; break;
        case BinaryOp::Mul: out.i = a * c; break;
        case BinaryOp::Div:
          if (c == 0) return std::nullopt;
          out.i = isUnsigned ? int64_t(uint64_t(a) / uint64_t(c)) : a / c;
          break;
        case BinaryOp::Rem:
          if (c == 0) return std::nullopt;
          out.i = isUnsigned ? int64_t(uint64_t(a) % uint64_t(c)) : a % c;
          break;
        case BinaryOp::Shl: out.i = a << (c & 63); break;
        case BinaryOp::Shr: out.i = isUnsigned ? int64_t(uint64_t(a) >> (c & 63)) : a >> (c & 63); break;
        case BinaryOp::BitAnd: out.i = a & c; break;
        case BinaryOp::BitOr: out.i = a | c; break;
        case BinaryOp::BitXor: out.i = a ^ c; break;
        default: return std::nullopt;
      }
      if (expr->type->scalar == ScalarKind::UInt) out.i = int64_t(uint32_t(out.i));
      else if (expr->type->scalar == ScalarKind::Int) out.i = int64_t(int32_t(out.i));
      return out;
    }
    case ExprKind::Conditional: {
      auto* c = static_cast<ConditionalExpr*>(expr);
      auto cond = evaluate(c->cond);
      if (!cond) return std::nullopt;
      return evaluate(cond->asDouble() != 0 ? c->trueExpr : c->falseExpr);
    }
    default: return std::nullopt;
  }
}

std::optional<int64_t> Sema::evaluateInt(Expr* expr, clang::SourceLocation loc, const char* what) {
  if (expr->type->isError()) return std::nullopt;
  auto v = evaluate(expr);
  if (!v || (v->isFloat && expr->type->isNumeric() && isFloatKind(expr->type->scalar))) {
    error(loc, std::string(what) + " must be an integral constant expression");
    return std::nullopt;
  }
  return v->asInt();
}

}  // namespace sl::frontend
