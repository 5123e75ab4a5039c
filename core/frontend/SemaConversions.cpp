// HLSL conversions as DXC implements them (hlsl-semantics.md §2.1-2.6).
#include "core/frontend/Sema.h"

#include <algorithm>

namespace sl::frontend {

namespace {

bool isSameClass(ScalarKind a, ScalarKind b) {
  if (a == ScalarKind::Bool || b == ScalarKind::Bool) return a == b;
  return isFloatKind(a) == isFloatKind(b);
}

int floatRank(ScalarKind k) {
  switch (k) {
    case ScalarKind::Min16Float: return 1;
    case ScalarKind::Float16: return 2;
    case ScalarKind::Half: return 3;
    case ScalarKind::Float: return 4;
    case ScalarKind::Double: return 5;
    default: return 0;
  }
}

ScalarKind intKind(unsigned width, bool isUnsigned, bool minPrecision) {
  if (width >= 64) return isUnsigned ? ScalarKind::UInt64 : ScalarKind::Int64;
  if (width == 16) {
    if (minPrecision) return isUnsigned ? ScalarKind::Min16UInt : ScalarKind::Min16Int;
    return isUnsigned ? ScalarKind::UInt16 : ScalarKind::Int16;
  }
  return isUnsigned ? ScalarKind::UInt : ScalarKind::Int;
}

}  // namespace

ScalarKind Sema::combineBasicTypes(ScalarKind a, ScalarKind b) {
  if (a == b) return a;
  if (isLiteralKind(a) && isLiteralKind(b)) return ScalarKind::LiteralFloat;
  // Bool computes as int once it meets another kind.
  if (a == ScalarKind::Bool) a = ScalarKind::Int;
  if (b == ScalarKind::Bool) b = ScalarKind::Int;
  if (a == b) return a;
  bool af = isFloatKind(a), bf = isFloatKind(b);
  if (af != bf) {
    ScalarKind f = af ? a : b;
    // A literal float meeting a concrete int computes in float.
    return f == ScalarKind::LiteralFloat ? ScalarKind::Float : f;
  }
  if (af) {
    if (a == ScalarKind::LiteralFloat) return b;
    if (b == ScalarKind::LiteralFloat) return a;
    // 32-bit half is "partial precision": mixing it with anything else computes in float.
    if (a == ScalarKind::Half || b == ScalarKind::Half) {
      ScalarKind other = a == ScalarKind::Half ? b : a;
      return other == ScalarKind::Double ? ScalarKind::Double : ScalarKind::Float;
    }
    return floatRank(a) >= floatRank(b) ? a : b;
  }
  if (a == ScalarKind::LiteralInt) return b;
  if (b == ScalarKind::LiteralInt) return a;
  unsigned width = std::max(bitWidth(a), bitWidth(b));
  bool isUnsigned = isUnsignedKind(a) || isUnsignedKind(b);
  bool minPrecision = isMinPrecisionKind(a) && isMinPrecisionKind(b);
  if (width == 16 && !minPrecision && (isMinPrecisionKind(a) || isMinPrecisionKind(b))) {
    // min16int mixed with a true 16-bit int stays 16-bit.
    minPrecision = false;
  }
  return intKind(width, isUnsigned, minPrecision);
}

Expr* Sema::makeImplicitCast(Expr* operand, const Type* type, CastKind kind) {
  auto* cast = ast().make<CastExpr>(ExprKind::ImplicitCast);
  cast->castKind = kind;
  cast->operand = operand;
  cast->type = type;
  cast->loc = operand->loc;
  cast->range = operand->range;
  return cast;
}

// An integer literal (or a sign/bit-not over one) becoming a 64-bit integer takes that type itself,
// so all 64 bits of its value survive: DXC's literal int is 64-bit, ours is lowered as int.
static bool retypeLiteralTo64(Expr* expr, const Type* to) {
  if (expr->type->kind != TypeKind::Scalar || expr->type->scalar != ScalarKind::LiteralInt) return false;
  if (expr->kind == ExprKind::IntLiteral) {
    expr->type = to;
    return true;
  }
  if (expr->kind == ExprKind::Unary) {
    auto* u = static_cast<UnaryExpr*>(expr);
    if (u->op != UnaryOp::Minus && u->op != UnaryOp::Plus && u->op != UnaryOp::BitNot) return false;
    if (!retypeLiteralTo64(u->operand, to)) return false;
    expr->type = to;
    return true;
  }
  return false;
}

Expr* Sema::convertElement(Expr* expr, ScalarKind to) {
  if ((to == ScalarKind::Int64 || to == ScalarKind::UInt64) && !expr->type->isEnum() &&
      retypeLiteralTo64(expr, types().scalar(to)))
    return expr;
  const Type* from = expr->type;
  ScalarKind fk = from->isEnum() ? ScalarKind::Int : from->scalar;
  const Type* target = from->isEnum() ? types().scalar(to) : types().withElement(from, to);
  if (fk == to) return from == target ? expr : makeImplicitCast(expr, target, CastKind::NoOp);
  CastKind kind;
  bool ff = isFloatKind(fk), tf = isFloatKind(to);
  if (to == ScalarKind::Bool) kind = ff ? CastKind::FloatingToBoolean : CastKind::IntegralToBoolean;
  else if (fk == ScalarKind::Bool) kind = tf ? CastKind::BooleanToFloating : CastKind::BooleanToIntegral;
  else if (ff && tf) kind = CastKind::FloatingCast;
  else if (ff) kind = CastKind::FloatingToIntegral;
  else if (tf) kind = CastKind::IntegralToFloating;
  else kind = CastKind::IntegralCast;
  return makeImplicitCast(expr, target, kind);
}

Expr* Sema::decayLiteral(Expr* expr) {
  if (!expr->type->isLiteral()) return expr;
  return convertElement(expr, expr->type->scalar == ScalarKind::LiteralInt ? ScalarKind::Int : ScalarKind::Float);
}

// §2.1: whether a numeric shape converts to another, and whether elements are dropped.
static bool shapeConvertible(const Type* from, const Type* to, bool explicitCast, bool* truncates) {
  (void)explicitCast;
  *truncates = false;
  unsigned fe = from->elementCount(), te = to->elementCount();
  if (fe == 1) return true;  // splat
  if (te == 1) {
    *truncates = true;
    return true;
  }
  if (from->isVector() || from->isScalar()) {
    if (to->isVector()) {
      *truncates = te < fe;
      return te <= fe;
    }
    // vector -> matrix
    if (te == fe) return true;
    if ((to->rows == 1 || to->cols == 1) && te < fe) {
      *truncates = true;
      return true;
    }
    return false;
  }
  // from is a matrix
  if (to->isVector()) {
    if (from->rows == 1 || from->cols == 1) {
      *truncates = te < fe;
      return te <= fe;
    }
    return te == fe;
  }
  if (to->rows <= from->rows && to->cols <= from->cols) {
    *truncates = te < fe;
    return true;
  }
  return false;
}

bool Sema::canConvert(const Type* from, const Type* to, bool explicitCast, bool* truncates) {
  bool dummy = false;
  if (!truncates) truncates = &dummy;
  *truncates = false;
  if (from == to) return true;
  if (from->isError() || to->isError()) return true;
  if (from->isEnum()) {
    if (to->isEnum()) return explicitCast;
    // `enum class` values convert only with a cast.
    if (from->enumDecl && from->enumDecl->scoped && !explicitCast) return false;
    if (to->isNumeric()) return shapeConvertible(types().intType(), to, explicitCast, truncates);
    return false;
  }
  if (to->isEnum()) return explicitCast && from->isNumeric() && from->isOneElement();
  if (from->isNumeric() && to->isNumeric()) return shapeConvertible(from, to, explicitCast, truncates);
  if (from->isResource() && from->resource == ResourceKind::ConstantBuffer && from->element == to) return true;
  if (isHeapInfo(from)) return heapInfoConvertsTo(from, to);
  if (from->isStruct() && to->isStruct()) {
    for (StructDecl* r = from->record->base; r; r = r->base)
      if (r == to->record) return true;
    if (to->record->anonymous && flattenedCount(from) == flattenedCount(to)) return true;
  }
  if (!explicitCast) {
    // Arrays convert implicitly only when their flattened leaves are identical.
    if (from->isArray() && to->isArray()) {
      std::vector<const Type*> a, b;
      flattenLeaves(from, a, types());
      flattenLeaves(to, b, types());
      return a == b;
    }
    return false;
  }
  if (to->isAggregate() && !containsResource(to)) {
    if (from->isNumeric() && from->isOneElement()) return true;  // (S)0
    std::vector<const Type*> a, b;
    flattenLeaves(from, a, types());
    flattenLeaves(to, b, types());
    if (a.size() < b.size()) return false;
    for (size_t i = 0; i < b.size(); ++i)
      if (!(a[i]->isNumeric() && b[i]->isNumeric()) && a[i] != b[i]) return false;
    *truncates = a.size() > b.size();
    return true;
  }
  if (to->isNumeric() && from->isAggregate()) {
    std::vector<const Type*> a;
    flattenLeaves(from, a, types());
    for (const Type* t : a)
      if (!t->isNumeric()) return false;
    return a.size() >= to->elementCount();
  }
  return false;
}

Expr* Sema::convertShape(Expr* expr, const Type* to, bool explicitCast, bool warn) {
  const Type* from = expr->type;
  if (from->rows == to->rows && from->cols == to->cols && from->kind == to->kind) return expr;
  const Type* target = types().withElement(to, from->scalar);
  unsigned fe = from->elementCount(), te = to->elementCount();
  if (fe == 1 && te > 1) {
    // Splat from T1 or T1x1 goes through the scalar.
    if (!from->isScalar()) expr = makeImplicitCast(expr, types().scalar(from->scalar), CastKind::VectorTruncate);
    return makeImplicitCast(expr, target, CastKind::Splat);
  }
  if (te == 1 && !to->isScalar() && fe == 1) return makeImplicitCast(expr, target, CastKind::NoOp);
  if (te < fe && warn && !explicitCast) warning(expr->loc, "implicit truncation of vector type");
  if (from->isMatrix() && to->isVector() && te == fe) return makeImplicitCast(expr, target, CastKind::MatrixToVector);
  if (from->isVector() && to->isMatrix() && te == fe) return makeImplicitCast(expr, target, CastKind::VectorToMatrix);
  return makeImplicitCast(expr, target, CastKind::VectorTruncate);
}

static bool constantFits(Sema& sema, Expr* expr) {
  return sema.evaluate(expr).has_value();
}

Expr* Sema::convertAggregate(Expr* expr, const Type* to, ConversionContext context) {
  const Type* from = expr->type;
  if (from->isResource() && from->resource == ResourceKind::ConstantBuffer && from->element == to)
    return makeImplicitCast(expr, to, CastKind::ConstantBufferToStruct);
  if (isHeapInfo(from)) return makeImplicitCast(expr, to, CastKind::HeapToResource);
  if (from->isStruct() && to->isStruct()) {
    for (StructDecl* r = from->record->base; r; r = r->base)
      if (r == to->record) return makeImplicitCast(expr, to, CastKind::DerivedToBase);
  }
  if (from->isArray() && to->isArray() && context != ConversionContext::Explicit)
    return makeImplicitCast(expr, to, CastKind::NoOp);
  if (from->isNumeric() && from->isOneElement()) return makeImplicitCast(decayLiteral(expr), to, CastKind::AggregateSplat);
  return makeImplicitCast(expr, to, CastKind::FlatConversion);
}

Expr* Sema::convert(Expr* expr, const Type* to, ConversionContext context) {
  const Type* from = expr->type;
  if (from == to || from->isError() || to->isError()) return expr;
  bool explicitCast = context == ConversionContext::Explicit;
  bool truncates = false;
  if (!canConvert(from, to, explicitCast, &truncates)) {
    std::string a = typeName(from), b = typeName(to);
    if (isHeapInfo(from)) {
      bool fromSamplerHeap = from->record->name == "heap_sampler_info";
      error(expr->loc, "cannot convert an element of '" +
                           std::string(fromSamplerHeap ? "SamplerDescriptorHeap" : "ResourceDescriptorHeap") + "' to '" + b +
                           "': " + (to->isResource() ? (fromSamplerHeap ? "only sampler types come from SamplerDescriptorHeap"
                                                                         : "sampler types come from SamplerDescriptorHeap")
                                                     : "a heap element converts only to a resource type"));
      return errorExpr(expr->loc);
    }
    if (context == ConversionContext::Initialization && (to->isAggregate() || from->isAggregate()))
      error(expr->loc, "cannot initialize a variable of type '" + b + "' with an " +
                           (expr->isLValue() ? "lvalue" : "rvalue") + " of type '" + a + "'");
    else if (context == ConversionContext::Return)
      error(expr->loc, "cannot convert return value from '" + a + "' to '" + b + "'");
    else if (explicitCast && from->isNumeric() && to->isNumeric())
      error(expr->loc, "cannot convert from '" + a + "' to '" + b + "'");
    else
      error(expr->loc, "cannot convert from '" + a + "' to '" + b + "'");
    return errorExpr(expr->loc);
  }
  if (from->isEnum() && to->isNumeric()) {
    expr = makeImplicitCast(expr, types().intType(), CastKind::IntegralCast);
    return convert(expr, to, context);
  }
  if (to->isEnum()) {
    expr = convertElement(expr, ScalarKind::Int);
    return makeImplicitCast(expr, to, CastKind::IntegralCast);
  }
  if (!(from->isNumeric() && to->isNumeric())) {
    if (to->isNumeric() && from->isAggregate()) return makeImplicitCast(expr, to, CastKind::FlatConversion);
    return convertAggregate(expr, to, context);
  }
  // Numeric: a splat converts the element first, a truncation the shape first.
  ScalarKind toKind = to->scalar;
  bool warn = !explicitCast;
  if (warn && from->scalar != toKind && !isLiteralKind(from->scalar) && bitWidth(toKind) < bitWidth(from->scalar) &&
      toKind != ScalarKind::Bool && !(isMinPrecisionKind(toKind) && bitWidth(from->scalar) == 32 && false) &&
      !constantFits(*this, expr))
    warning(expr->loc, "conversion from larger type '" + typeName(from) + "' to smaller type '" +
                           typeName(types().withElement(from, toKind)) + "', possible loss of data");
  if (from->elementCount() == 1 && to->elementCount() > 1) {
    expr = convertElement(expr, toKind);
    return convertShape(expr, to, explicitCast, warn);
  }
  expr = convertShape(expr, to, explicitCast, warn);
  expr = convertElement(expr, toKind);
  if (expr->type != to) expr = makeImplicitCast(expr, to, CastKind::NoOp);
  return expr;
}

// ---------------------------------------------------------------------------------------------
// Overload scoring (§2.6)

namespace {

bool isPromotion(ScalarKind from, ScalarKind to) {
  if (from == to) return false;
  if (from == ScalarKind::LiteralInt && isIntKind(to)) return false;
  if (from == ScalarKind::LiteralFloat && isFloatKind(to)) return false;
  if (!isSameClass(from, to) || from == ScalarKind::Bool) return false;
  if (isFloatKind(from)) return floatRank(to) > floatRank(from) && from != ScalarKind::Half;
  return bitWidth(to) > bitWidth(from) && isUnsignedKind(to) == isUnsignedKind(from);
}

bool isIntCast(ScalarKind from, ScalarKind to) {
  return from != to && isIntKind(from) && isIntKind(to) && !isLiteralKind(from) && !isLiteralKind(to);
}

bool isCast(ScalarKind from, ScalarKind to) {
  if (from == to) return false;
  if (from == ScalarKind::LiteralInt && isIntKind(to)) return false;
  if (from == ScalarKind::LiteralFloat && isFloatKind(to)) return false;
  if (!isSameClass(from, to)) return true;
  if (isFloatKind(from)) return !isPromotion(from, to);
  // Integers: equal width signed/unsigned is an int-cast, not a cast.
  if (bitWidth(from) == bitWidth(to)) return false;
  return !isPromotion(from, to) && bitWidth(to) < bitWidth(from);
}

}  // namespace

uint64_t Sema::scoreCast(const Type* param, const Type* arg) {
  auto weight = [](int k) { return uint64_t(1) << (2 + 7 * k); };
  if (param == arg) return 0;
  if (!(param->isNumeric() || param->isEnum()) || !(arg->isNumeric() || arg->isEnum())) {
    if (param->isStruct() && arg->isStruct()) return weight(5);  // derived -> base
    if (arg->isResource() && arg->resource == ResourceKind::ConstantBuffer) return weight(5);
    return weight(5);
  }
  uint64_t score = 0;
  unsigned ep = param->isEnum() ? 1 : param->elementCount(), ea = arg->isEnum() ? 1 : arg->elementCount();
  if (ea < ep) score |= weight(0);
  if (ea > ep) score |= weight(7);
  ScalarKind p = param->isEnum() ? ScalarKind::Int : param->scalar;
  ScalarKind a = arg->isEnum() ? ScalarKind::Int : arg->scalar;
  if (p != a) {
    ScalarKind c = combineBasicTypes(p, a);
    if (p != c) {
      if (isPromotion(c, p)) score |= weight(1);
      else if (isCast(c, p)) score |= weight(5);
      else if (isIntCast(c, p)) score |= weight(3);
    }
    if (c != a) {
      if (isPromotion(a, c)) score |= weight(2);
      else if (isCast(a, c)) score |= weight(6);
      else if (isIntCast(a, c)) score |= weight(4);
    }
    // Literal kinds: a literal int against a float type (or the reverse) is a real conversion.
    if (score == 0 && ((a == ScalarKind::LiteralInt && isFloatKind(p)) || (a == ScalarKind::LiteralFloat && isIntKind(p))))
      score |= weight(6);
  }
  return score;
}

}  // namespace sl::frontend
