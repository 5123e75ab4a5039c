// Intrinsics that classify or take apart floating-point values: isnan, isinf, isfinite, isnormal,
// modf and frexp (hlsl-spirv.md §5), as DXC lowers them for Vulkan:
//
// * OpIsFinite and OpIsNormal need the Kernel capability, so isfinite is !(IsNan || IsInf) and
//   isnormal tests the exponent bits (neither all zeros nor all ones) through an integer bitcast;
// * modf/frexp are GLSL.std.450 ModfStruct/FrexpStruct, whose result is a struct of two members
//   of the argument's scalar or vector type; frexp's exponent member is int and HLSL's float;
// * SPIR-V has none of these on matrices (and a bool matrix is an array of bool row vectors in
//   our IR), so multi-row matrices go row by row.
#include "core/irgen/Gen.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

using ir::Operand;
using ir::Value;

namespace {

bool isMultiRow(const fe::Type* t) { return t->isMatrix() && t->rows > 1 && t->cols > 1; }

}  // namespace

// `fn(value, shape)` on a scalar or vector; on each row of a multi-row matrix, the rows then
// joined into `resultType` (the row type of the argument is what `fn` sees).
static Value perRow(Gen& g, Value v, const fe::Type* t, const fe::Type* resultType,
                    const std::function<Value(Value, const fe::Type*)>& fn) {
  if (!isMultiRow(t)) return fn(v, t);
  const fe::Type* row = g.unit_.context->types.vector(t->scalar, t->cols);
  std::vector<Value> rows;
  for (uint32_t r = 0; r < t->rows; ++r) rows.push_back(fn(g.b_->extract(v, {r}), row));
  return g.b_->construct(g.lower(resultType), rows);
}

std::optional<Value> Gen::floatPartsIntrinsic(const fe::IntrinsicCallExpr* call, const std::vector<Value>& args) {
  const std::string& n = call->name;
  if (n != "isnan" && n != "isinf" && n != "isfinite" && n != "isnormal" && n != "modf" && n != "frexp")
    return std::nullopt;
  fe::TypeContext& types = unit_.context->types;
  const fe::Type* t = call->args[0]->type;
  auto boolOf = [&](const fe::Type* shape) { return lower(types.withElement(shape, fe::ScalarKind::Bool)); };

  if (n == "isnan" || n == "isinf" || n == "isfinite" || n == "isnormal") {
    auto classify = [&](Value x, const fe::Type* shape) -> Value {
      const ir::Type bt = boolOf(shape);
      if (n == "isnan") return b_->spv(spv::OpIsNan, bt, {Operand::v(x)});
      if (n == "isinf") return b_->spv(spv::OpIsInf, bt, {Operand::v(x)});
      if (n == "isfinite") {
        Value nan = b_->spv(spv::OpIsNan, bt, {Operand::v(x)});
        Value inf = b_->spv(spv::OpIsInf, bt, {Operand::v(x)});
        return b_->logicalNot(b_->logicalOr(nan, inf));
      }
      // isnormal: the exponent field is neither 0 (zero, subnormal) nor all ones (inf, NaN).
      // The width is the lowered one: half without -enable-16bit-types is 32-bit.
      const ir::Type ft = lower(shape);
      const ir::TypeDef& fd = cx_->def(ft);
      const bool vec = fd.kind == ir::TypeKind::Vector;
      const uint32_t width = cx_->def(vec ? fd.element : ft).width;
      const ir::Type word = cx_->intType(width, false);
      const ir::Type bits = vec ? cx_->vectorType(word, fd.count) : word;
      const double mask = width == 16 ? 0x7C00 : width == 64 ? 0x7FF0000000000000 : 0x7F800000;
      Value exponent = b_->bitAnd(b_->bitcast(bits, x), constOfType(bits, mask));
      Value notZero = b_->ine(exponent, zeroOf(bits));
      Value notOnes = b_->ine(exponent, constOfType(bits, mask));
      return b_->logicalAnd(notZero, notOnes);
    };
    return perRow(*this, args[0], t, call->type, classify);
  }

  // modf(x, out ip) / frexp(x, out exp): the struct's member 0 is the result, member 1 goes out.
  // Integer arguments are computed in float, as DXC does (modf(uint, out uint) is legal HLSL).
  const bool isModf = n == "modf";
  const fe::Type* ft = isFloat(t) ? t : types.withElement(t, fe::ScalarKind::Float);
  Value x = convertValue(args[0], t, ft);
  const fe::Type* outType = call->args[1]->type;
  // One ModfStruct/FrexpStruct: {result, the out part} (frexp's exponent converted to float).
  auto split = [&](Value v, const fe::Type* shape) -> std::pair<Value, Value> {
    const ir::Type vt = lower(shape);
    const fe::Type* intShape = types.withElement(shape, fe::ScalarKind::Int);
    ir::Type st = isModf ? cx_->structType("ModfStructType", {{"frac", vt, {}}, {"ip", vt, {}}})
                         : cx_->structType("FrexpStructType", {{"mantissa", vt, {}}, {"exponent", lower(intShape), {}}});
    Value r = b_->glsl(isModf ? GLSLstd450ModfStruct : GLSLstd450FrexpStruct, st, {v});
    Value second = b_->extract(r, {1});
    if (!isModf) second = convertValue(second, intShape, shape);
    return {b_->extract(r, {0}), second};
  };
  if (!isMultiRow(ft)) {
    auto [result, second] = split(x, ft);
    store(lvalue(call->args[1]), convertValue(second, ft, outType));
    return convertValue(result, ft, call->type);
  }
  const fe::Type* row = types.vector(ft->scalar, ft->cols);
  std::vector<Value> results, seconds;
  for (uint32_t r = 0; r < ft->rows; ++r) {
    auto [result, second] = split(b_->extract(x, {r}), row);
    results.push_back(result);
    seconds.push_back(second);
  }
  store(lvalue(call->args[1]), convertValue(b_->construct(lower(ft), seconds), ft, outType));
  return convertValue(b_->construct(lower(ft), results), ft, call->type);
}

}  // namespace sl::irgen
