#include "core/dxil/emit/MathOps.h"

#include "core/dxil/lower/DxilOps.h"
#include "core/dxil/emit/ResourceTypes.h"

#include <llvm/Analysis/VectorUtils.h>
#include <llvm/IR/Intrinsics.h>
#include <spirv/unified1/spirv.hpp>

#include <numbers>
#include <string>

namespace sl::dxil {

namespace {

llvm::Value* intrinsic(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Intrinsic::ID id, std::vector<llvm::Value*> args) {
  return b.CreateCall(llvm::Intrinsic::getDeclaration(&m, id, {args[0]->getType()}), args);
}

// Ours, overloaded on the first operand's type like LLVM's ("llvm.dx.frac.v3f32").
llvm::Value* dxCall(llvm::IRBuilder<>& b, llvm::Module& m, std::string_view name, llvm::Type* ret, std::vector<llvm::Value*> args) {
  std::vector<llvm::Type*> params;
  for (llvm::Value* a : args) params.push_back(a->getType());
  return b.CreateCall(declareIntrinsic(m, name, ret, params, mangleTypeSuffix(args[0]->getType()), IntrinsicEffects::NoMemory),
                      args);
}
llvm::Value* dxUnary(llvm::IRBuilder<>& b, llvm::Module& m, std::string_view name, llvm::Value* x) {
  return dxCall(b, m, name, x->getType(), {x});
}

llvm::Value* constant(llvm::Type* t, double v) { return llvm::ConstantFP::get(t, v); }

// `scalar` broadcast to every lane when `like` is a vector type; `scalar` itself otherwise.
llvm::Value* splatLike(llvm::IRBuilder<>& b, llvm::Type* like, llvm::Value* scalar) {
  if (auto* v = llvm::dyn_cast<llvm::FixedVectorType>(like)) return b.CreateVectorSplat(v->getNumElements(), scalar);
  return scalar;
}

// A scalar of each vector component's type, or the value itself: `dot` of a scalar is a multiply.
llvm::Value* dot(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Value* a, llvm::Value* c) {
  if (!a->getType()->isVectorTy()) return b.CreateFMul(a, c);
  return emitDot(b, m, a, c);
}

llvm::Value* saturate(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Value* x) { return dxUnary(b, m, "llvm.dx.saturate", x); }

// atan2(y, x) as DXC builds it: atan(y / x), then the quadrant from the signs.
llvm::Value* atan2(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Value* y, llvm::Value* x) {
  llvm::Type* t = y->getType();
  llvm::Value* zero = llvm::Constant::getNullValue(t);
  llvm::Value* atan = intrinsic(b, m, llvm::Intrinsic::atan, {b.CreateFDiv(y, x)});
  const double pi = std::numbers::pi;
  llvm::Value* xNegative = b.CreateFCmpOLT(x, zero);
  llvm::Value* xZero = b.CreateFCmpOEQ(x, zero);
  llvm::Value* yNonNegative = b.CreateFCmpOGE(y, zero);
  llvm::Value* yNegative = b.CreateFCmpOLT(y, zero);
  // (Each instruction in its own statement: argument evaluation order differs between compilers,
  // and the printed IR must not.)
  llvm::Value* upperLeft = b.CreateAnd(xNegative, yNonNegative);
  llvm::Value* plusPi = b.CreateFAdd(atan, constant(t, pi));
  llvm::Value* r = b.CreateSelect(upperLeft, plusPi, atan);
  llvm::Value* lowerLeft = b.CreateAnd(xNegative, yNegative);
  llvm::Value* minusPi = b.CreateFSub(atan, constant(t, pi));
  r = b.CreateSelect(lowerLeft, minusPi, r);
  llvm::Value* up = b.CreateAnd(xZero, yNonNegative);
  r = b.CreateSelect(up, constant(t, pi / 2), r);
  llvm::Value* down = b.CreateAnd(xZero, yNegative);
  return b.CreateSelect(down, constant(t, -pi / 2), r);
}

// FindUMsb/FindSMsb: DXIL's firstbit*hi counts from the top bit; GLSL (and HLSL) from bit 0.
llvm::Value* findMsb(llvm::IRBuilder<>& b, llvm::Module& m, bool isSigned, llvm::Value* x) {
  llvm::Value* fromTop = dxUnary(b, m, isSigned ? "llvm.dx.firstbitshigh" : "llvm.dx.firstbituhigh", x);
  llvm::Type* t = x->getType();
  const unsigned bits = t->getScalarSizeInBits();
  llvm::Value* none = llvm::Constant::getAllOnesValue(t);
  llvm::Value* isNone = b.CreateICmpEQ(fromTop, none);
  llvm::Value* fromBottom = b.CreateSub(llvm::ConstantInt::get(t, bits - 1), fromTop);
  return b.CreateSelect(isNone, none, fromBottom);
}

llvm::Value* sign(llvm::IRBuilder<>& b, llvm::Value* x, bool isFloat) {
  llvm::Type* t = x->getType();
  llvm::Value* zero = llvm::Constant::getNullValue(t);
  llvm::Value* one = isFloat ? constant(t, 1.0) : llvm::ConstantInt::get(t, 1);
  llvm::Value* minusOne = isFloat ? constant(t, -1.0) : llvm::ConstantInt::getSigned(t, -1);
  llvm::Value* positive = isFloat ? b.CreateFCmpOGT(x, zero) : b.CreateICmpSGT(x, zero);
  llvm::Value* negative = isFloat ? b.CreateFCmpOLT(x, zero) : b.CreateICmpSLT(x, zero);
  llvm::Value* negativeOrZero = b.CreateSelect(negative, minusOne, zero);
  return b.CreateSelect(positive, one, negativeOrZero);
}

}  // namespace

llvm::Value* emitDot(llvm::IRBuilder<>& b, llvm::Module& m, llvm::Value* a, llvm::Value* c) {
  const unsigned n = llvm::cast<llvm::FixedVectorType>(a->getType())->getNumElements();
  if (n < 2 || n > 4) return nullptr;
  return dxCall(b, m, "llvm.dx.dot" + std::to_string(n), a->getType()->getScalarType(), {a, c});
}

llvm::Value* emitMatrixOp(llvm::IRBuilder<>& b, llvm::Module& m, uint32_t opcode, llvm::Value* a, llvm::Value* c) {
  auto columns = [](llvm::Value* v) -> unsigned {
    auto* at = llvm::dyn_cast<llvm::ArrayType>(v->getType());
    return at && at->getElementType()->isVectorTy() ? unsigned(at->getNumElements()) : 0;
  };
  auto column = [&](llvm::Value* matrix, unsigned i) { return b.CreateExtractValue(matrix, {i}); };
  auto lanes = [](llvm::Value* v) { return unsigned(llvm::cast<llvm::FixedVectorType>(v->getType())->getNumElements()); };
  auto splat = [&](llvm::Value* scalar, unsigned n) { return b.CreateVectorSplat(n, scalar); };
  // M * v: the sum over columns of column c times v[c], as DXC expands mul(): a multiply for the
  // first column, then one multiply-add (llvm.fmuladd -> dx.op.tertiary FMad) per further column.
  auto matrixTimesVector = [&](llvm::Value* matrix, llvm::Value* v) -> llvm::Value* {
    const unsigned n = columns(matrix);
    if (!n || !v->getType()->isVectorTy() || lanes(v) != n) return nullptr;
    llvm::Value* sum = nullptr;
    for (unsigned i = 0; i < n; ++i) {
      llvm::Value* col = column(matrix, i);
      llvm::Value* weight = splat(b.CreateExtractElement(v, b.getInt32(i)), lanes(col));
      sum = sum ? b.CreateIntrinsic(llvm::Intrinsic::fmuladd, {col->getType()}, {col, weight, sum})
                : b.CreateFMul(col, weight);
    }
    return sum;
  };
  switch (opcode) {
    case spv::OpTranspose: {  // out[r][c] = in[c][r]
      const unsigned n = columns(a);
      if (!n) return nullptr;
      const unsigned rows = unsigned(llvm::cast<llvm::FixedVectorType>(a->getType()->getArrayElementType())->getNumElements());
      auto* outColumn = llvm::FixedVectorType::get(a->getType()->getArrayElementType()->getScalarType(), n);
      llvm::Value* out = llvm::PoisonValue::get(llvm::ArrayType::get(outColumn, rows));
      for (unsigned r = 0; r < rows; ++r) {
        llvm::Value* v = llvm::PoisonValue::get(outColumn);
        for (unsigned i = 0; i < n; ++i) {
          llvm::Value* x = b.CreateExtractElement(column(a, i), b.getInt32(r));
          v = b.CreateInsertElement(v, x, b.getInt32(i));
        }
        out = b.CreateInsertValue(out, v, {r});
      }
      return out;
    }
    case spv::OpMatrixTimesScalar: {
      const unsigned n = columns(a);
      if (!n) return nullptr;
      llvm::Value* out = llvm::PoisonValue::get(a->getType());
      for (unsigned i = 0; i < n; ++i) {
        llvm::Value* col = column(a, i);
        llvm::Value* scaled = b.CreateFMul(col, splat(c, lanes(col)));
        out = b.CreateInsertValue(out, scaled, {i});
      }
      return out;
    }
    case spv::OpVectorTimesMatrix: {  // component i = v . column i, as a multiply and multiply-adds (DXC's mul())
      const unsigned n = columns(c);
      if (!n || !a->getType()->isVectorTy()) return nullptr;
      const unsigned k = lanes(a);
      llvm::Value* out = llvm::PoisonValue::get(llvm::FixedVectorType::get(a->getType()->getScalarType(), n));
      for (unsigned i = 0; i < n; ++i) {
        llvm::Value* col = column(c, i);
        if (lanes(col) != k) return nullptr;
        llvm::Value* sum = nullptr;
        for (unsigned j = 0; j < k; ++j) {
          llvm::Value* x = b.CreateExtractElement(a, b.getInt32(j));
          llvm::Value* y = b.CreateExtractElement(col, b.getInt32(j));
          sum = sum ? b.CreateIntrinsic(llvm::Intrinsic::fmuladd, {x->getType()}, {x, y, sum}) : b.CreateFMul(x, y);
        }
        out = b.CreateInsertElement(out, sum, b.getInt32(i));
      }
      return out;
    }
    case spv::OpMatrixTimesVector: return matrixTimesVector(a, c);
    case spv::OpMatrixTimesMatrix: {  // column j = A * B[j]
      const unsigned n = columns(c);
      if (!n || !columns(a)) return nullptr;
      llvm::Value* first = matrixTimesVector(a, column(c, 0));
      if (!first) return nullptr;
      llvm::Value* out = llvm::PoisonValue::get(llvm::ArrayType::get(first->getType(), n));
      out = b.CreateInsertValue(out, first, {0u});
      for (unsigned j = 1; j < n; ++j) {
        llvm::Value* col = matrixTimesVector(a, column(c, j));
        out = b.CreateInsertValue(out, col, {j});
      }
      return out;
    }
    case spv::OpOuterProduct: {  // column j = c * r[j]
      if (!a->getType()->isVectorTy() || !c->getType()->isVectorTy()) return nullptr;
      const unsigned n = lanes(c);
      llvm::Value* out = llvm::PoisonValue::get(llvm::ArrayType::get(a->getType(), n));
      for (unsigned j = 0; j < n; ++j) {
        llvm::Value* weight = splat(b.CreateExtractElement(c, b.getInt32(j)), lanes(a));
        llvm::Value* col = b.CreateFMul(a, weight);
        out = b.CreateInsertValue(out, col, {j});
      }
      return out;
    }
    default:
      return nullptr;
  }
}

llvm::Value* emitIsSpecial(llvm::IRBuilder<>& b, llvm::Module& m, bool inf, llvm::Value* x) {
  llvm::Type* ret = b.getInt1Ty();
  if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(x->getType())) ret = llvm::FixedVectorType::get(ret, vt->getNumElements());
  return dxCall(b, m, inf ? "llvm.dx.isinf" : "llvm.dx.isnan", ret, {x});
}

llvm::Value* emitGlslOp(llvm::IRBuilder<>& b, llvm::Module& m, uint32_t number, std::span<llvm::Value* const> a) {
  namespace I = llvm::Intrinsic;
  auto arg = [&](size_t i) { return i < a.size() ? a[i] : nullptr; };
  if (a.empty()) return nullptr;
  llvm::Type* t = a[0]->getType();
  auto one = [&](I::ID id) { return intrinsic(b, m, id, {a[0]}); };
  auto two = [&](I::ID id) { return a.size() == 2 ? intrinsic(b, m, id, {a[0], a[1]}) : nullptr; };
  auto clamp = [&](I::ID lower, I::ID upper) -> llvm::Value* {
    if (a.size() != 3) return nullptr;
    return intrinsic(b, m, upper, {intrinsic(b, m, lower, {a[0], a[1]}), a[2]});
  };
  switch (number) {
    case 1: case 2: return one(I::roundeven);  // HLSL round(): DXIL Round_ne
    case 3: return one(I::trunc);
    case 4: return one(I::fabs);
    case 5: {  // DXC: IMax(x, -x)
      llvm::Value* negated = b.CreateNeg(a[0]);
      return intrinsic(b, m, I::smax, {a[0], negated});
    }
    case 6: return sign(b, a[0], true);
    case 7: return sign(b, a[0], false);
    case 8: return one(I::floor);
    case 9: return one(I::ceil);
    case 10: return dxUnary(b, m, "llvm.dx.frac", a[0]);
    case 11: return b.CreateFMul(a[0], constant(t, std::numbers::pi / 180.0));
    case 12: return b.CreateFMul(a[0], constant(t, 180.0 / std::numbers::pi));
    case 13: return one(I::sin);
    case 14: return one(I::cos);
    case 15: return one(I::tan);
    case 16: return one(I::asin);
    case 17: return one(I::acos);
    case 18: return one(I::atan);
    case 19: return one(I::sinh);
    case 20: return one(I::cosh);
    case 21: return one(I::tanh);
    case 25: return a.size() == 2 ? atan2(b, m, a[0], a[1]) : nullptr;
    case 26: {  // pow(x, y) = exp2(y * log2(x))
      if (a.size() != 2) return nullptr;
      llvm::Value* log = intrinsic(b, m, I::log2, {a[0]});
      return intrinsic(b, m, I::exp2, {b.CreateFMul(arg(1), log)});
    }
    case 27: {
      llvm::Value* scaled = b.CreateFMul(a[0], constant(t, std::numbers::log2e));
      return intrinsic(b, m, I::exp2, {scaled});
    }
    case 28: {
      llvm::Value* log2 = intrinsic(b, m, I::log2, {a[0]});
      return b.CreateFMul(log2, constant(t, std::numbers::ln2));
    }
    case 29: return one(I::exp2);
    case 30: return one(I::log2);
    case 31: return one(I::sqrt);
    case 32: return dxUnary(b, m, "llvm.dx.rsqrt", a[0]);
    case 37: case 79: return two(I::minnum);
    case 38: return two(I::umin);
    case 39: return two(I::smin);
    case 40: case 80: return two(I::maxnum);
    case 41: return two(I::umax);
    case 42: return two(I::smax);
    case 43: case 81: {
      // saturate() reaches here as clamp(x, 0, 1): DXIL's Saturate, as DXC emits it.
      auto isConstant = [](llvm::Value* v, double x) {
        auto* c = llvm::dyn_cast<llvm::Constant>(v);
        if (c && c->getType()->isVectorTy()) c = c->getSplatValue();
        auto* f = llvm::dyn_cast_or_null<llvm::ConstantFP>(c);
        return f && f->getValueAPF().convertToDouble() == x;
      };
      if (a.size() == 3 && isConstant(a[1], 0.0) && isConstant(a[2], 1.0)) return saturate(b, m, a[0]);
      return clamp(I::maxnum, I::minnum);
    }
    case 44: return clamp(I::umax, I::umin);
    case 45: return clamp(I::smax, I::smin);
    case 46: {  // lerp(x, y, s) = x + s * (y - x)
      if (a.size() != 3) return nullptr;
      llvm::Value* span = b.CreateFSub(a[1], a[0]);
      llvm::Value* step = b.CreateFMul(a[2], span);
      return b.CreateFAdd(a[0], step);
    }
    case 48: {  // step(edge, x) = x >= edge ? 1 : 0
      if (a.size() != 2) return nullptr;
      llvm::Value* reached = b.CreateFCmpOGE(a[1], a[0]);
      return b.CreateSelect(reached, constant(t, 1.0), constant(t, 0.0));
    }
    case 49: {  // smoothstep: t = saturate((x - e0) / (e1 - e0)); t * t * (3 - 2 t)
      if (a.size() != 3) return nullptr;
      llvm::Value* offset = b.CreateFSub(a[2], a[0]);
      llvm::Value* width = b.CreateFSub(a[1], a[0]);
      llvm::Value* s = saturate(b, m, b.CreateFDiv(offset, width));
      llvm::Value* square = b.CreateFMul(s, s);
      llvm::Value* weight = b.CreateFSub(constant(t, 3.0), b.CreateFMul(constant(t, 2.0), s));
      return b.CreateFMul(square, weight);
    }
    case 50: return a.size() == 3 ? intrinsic(b, m, t->getScalarType()->isDoubleTy() ? I::fma : I::fmuladd, {a[0], a[1], a[2]}) : nullptr;
    case 66: return intrinsic(b, m, I::sqrt, {dot(b, m, a[0], a[0])});
    case 67: {
      if (a.size() != 2) return nullptr;
      llvm::Value* d = b.CreateFSub(a[0], a[1]);
      return intrinsic(b, m, I::sqrt, {dot(b, m, d, d)});
    }
    case 68: {  // cross: (a.y b.z - a.z b.y, a.z b.x - a.x b.z, a.x b.y - a.y b.x)
      if (a.size() != 2) return nullptr;
      auto at = [&](llvm::Value* v, int i) { return b.CreateExtractElement(v, b.getInt32(i)); };
      llvm::Value* r = llvm::PoisonValue::get(t);
      for (int i = 0; i < 3; ++i) {
        const int j = (i + 1) % 3, k = (i + 2) % 3;
        llvm::Value* aj = at(a[0], j);
        llvm::Value* bk = at(a[1], k);
        llvm::Value* first = b.CreateFMul(aj, bk);
        llvm::Value* ak = at(a[0], k);
        llvm::Value* bj = at(a[1], j);
        llvm::Value* second = b.CreateFMul(ak, bj);
        llvm::Value* c = b.CreateFSub(first, second);
        r = b.CreateInsertElement(r, c, b.getInt32(i));
      }
      return r;
    }
    case 69: {  // normalize: v * rsqrt(dot(v, v))
      llvm::Value* inverse = dxUnary(b, m, "llvm.dx.rsqrt", dot(b, m, a[0], a[0]));
      return b.CreateFMul(a[0], splatLike(b, t, inverse));
    }
    case 71: {  // reflect(i, n) = i - 2 dot(n, i) n
      if (a.size() != 2) return nullptr;
      llvm::Value* d = dot(b, m, a[1], a[0]);
      llvm::Value* scaled = b.CreateFMul(constant(d->getType(), 2.0), d);  // i - (2 dot) n
      return b.CreateFSub(a[0], b.CreateFMul(splatLike(b, t, scaled), a[1]));
    }
    case 72: {  // refract(i, n, eta): k = 1 - eta^2 (1 - dot(n, i)^2); k < 0 ? 0 : eta i - (eta dot(n, i) + sqrt(k)) n
      if (a.size() != 3) return nullptr;
      llvm::Value* eta = a[2];
      llvm::Value* d = dot(b, m, a[1], a[0]);
      llvm::Type* st = d->getType();
      llvm::Value* eta2 = b.CreateFMul(eta, eta);
      llvm::Value* sin2 = b.CreateFSub(constant(st, 1.0), b.CreateFMul(d, d));
      llvm::Value* k = b.CreateFSub(constant(st, 1.0), b.CreateFMul(eta2, sin2));
      llvm::Value* etaD = b.CreateFMul(eta, d);
      llvm::Value* factor = b.CreateFAdd(etaD, intrinsic(b, m, llvm::Intrinsic::sqrt, {k}));
      llvm::Value* along = b.CreateFMul(splatLike(b, t, eta), a[0]);
      llvm::Value* normal = b.CreateFMul(splatLike(b, t, factor), a[1]);
      llvm::Value* r = b.CreateFSub(along, normal);
      llvm::Value* total = b.CreateFCmpOLT(k, constant(st, 0.0));
      return b.CreateSelect(total, llvm::Constant::getNullValue(t), r);
    }
    case 58: {  // PackHalf2x16 (f32tof16): two legacyF32ToF16, the second in the high half
      if (!t->isVectorTy()) return nullptr;
      llvm::Value* x = b.CreateExtractElement(a[0], b.getInt32(0));
      llvm::Value* low = dxCall(b, m, "llvm.dx.legacyf32tof16", b.getInt32Ty(), {x});
      // f32tof16(x) packs (x, 0): the zero high half needs no conversion.
      if (auto* c = llvm::dyn_cast_or_null<llvm::ConstantFP>(llvm::findScalarElement(a[0], 1)); c && c->isZero() && !c->isNegative())
        return low;
      llvm::Value* y = b.CreateExtractElement(a[0], b.getInt32(1));
      llvm::Value* high = dxCall(b, m, "llvm.dx.legacyf32tof16", b.getInt32Ty(), {y});
      llvm::Value* shifted = b.CreateShl(high, b.getInt32(16));
      return b.CreateOr(low, shifted);
    }
    case 62: {  // UnpackHalf2x16 (f16tof32): legacyF16ToF32 reads the low 16 bits
      llvm::Value* x = dxCall(b, m, "llvm.dx.legacyf16tof32", b.getFloatTy(), {a[0]});
      llvm::Value* high = b.CreateLShr(a[0], b.getInt32(16));
      llvm::Value* y = dxCall(b, m, "llvm.dx.legacyf16tof32", b.getFloatTy(), {high});
      llvm::Value* v = b.CreateInsertElement(llvm::PoisonValue::get(llvm::FixedVectorType::get(b.getFloatTy(), 2)), x, b.getInt32(0));
      return b.CreateInsertElement(v, y, b.getInt32(1));
    }
    case 73: return dxUnary(b, m, "llvm.dx.firstbitlow", a[0]);
    case 74: return findMsb(b, m, true, a[0]);
    case 75: return findMsb(b, m, false, a[0]);
    default: return nullptr;
  }
}

namespace {

// The dx.op class of each intrinsic (DxilOperations.cpp's names) and its opcode.
enum class OpClass : uint8_t { Unary, UnaryBits, IsSpecialFloat, Binary, Tertiary, Dot, F32ToF16, F16ToF32 };
struct MathLowering {
  std::string_view intrinsic;
  OpClass opClass;
  uint32_t opcode;
};
constexpr MathLowering kMath[] = {
    {"llvm.fabs", OpClass::Unary, 6},        {"llvm.dx.saturate", OpClass::Unary, 7},
    {"llvm.dx.isnan", OpClass::IsSpecialFloat, 8}, {"llvm.dx.isinf", OpClass::IsSpecialFloat, 9},
    {"llvm.cos", OpClass::Unary, 12},        {"llvm.sin", OpClass::Unary, 13},
    {"llvm.tan", OpClass::Unary, 14},        {"llvm.acos", OpClass::Unary, 15},
    {"llvm.asin", OpClass::Unary, 16},       {"llvm.atan", OpClass::Unary, 17},
    {"llvm.cosh", OpClass::Unary, 18},       {"llvm.sinh", OpClass::Unary, 19},
    {"llvm.tanh", OpClass::Unary, 20},       {"llvm.exp2", OpClass::Unary, 21},
    {"llvm.dx.frac", OpClass::Unary, 22},    {"llvm.log2", OpClass::Unary, 23},
    {"llvm.sqrt", OpClass::Unary, 24},       {"llvm.dx.rsqrt", OpClass::Unary, 25},
    {"llvm.roundeven", OpClass::Unary, 26},  {"llvm.floor", OpClass::Unary, 27},
    {"llvm.ceil", OpClass::Unary, 28},       {"llvm.trunc", OpClass::Unary, 29},
    {"llvm.bitreverse", OpClass::Unary, 30}, {"llvm.ctpop", OpClass::UnaryBits, 31},
    {"llvm.dx.firstbitlow", OpClass::UnaryBits, 32}, {"llvm.dx.firstbituhigh", OpClass::UnaryBits, 33},
    {"llvm.dx.firstbitshigh", OpClass::UnaryBits, 34},
    {"llvm.maxnum", OpClass::Binary, 35},    {"llvm.minnum", OpClass::Binary, 36},
    {"llvm.smax", OpClass::Binary, 37},      {"llvm.smin", OpClass::Binary, 38},
    {"llvm.umax", OpClass::Binary, 39},      {"llvm.umin", OpClass::Binary, 40},
    {"llvm.fmuladd", OpClass::Tertiary, 46}, {"llvm.fma", OpClass::Tertiary, 47},
    {"llvm.dx.imad", OpClass::Tertiary, 48}, {"llvm.dx.umad", OpClass::Tertiary, 49},
    {"llvm.dx.dot2", OpClass::Dot, 54},      {"llvm.dx.dot3", OpClass::Dot, 55},
    {"llvm.dx.dot4", OpClass::Dot, 56},
    {"llvm.dx.legacyf32tof16", OpClass::F32ToF16, 130}, {"llvm.dx.legacyf16tof32", OpClass::F16ToF32, 131},
};

const char* className(OpClass c, uint32_t opcode) {
  switch (c) {
    case OpClass::Unary: return "unary";
    case OpClass::UnaryBits: return "unaryBits";
    case OpClass::IsSpecialFloat: return "isSpecialFloat";
    case OpClass::Binary: return "binary";
    case OpClass::Tertiary: return "tertiary";
    case OpClass::Dot: return opcode == 54 ? "dot2" : opcode == 55 ? "dot3" : "dot4";
    case OpClass::F32ToF16: return "legacyF32ToF16";
    case OpClass::F16ToF32: return "legacyF16ToF32";
  }
  return "";
}

}  // namespace

void lowerMathIntrinsics(llvm::Module& m, DxilOps& ops, std::vector<llvm::Instruction*>& dead) {
  llvm::IRBuilder<> b(m.getContext());
  for (const MathLowering& op : kMath) {
    for (llvm::CallInst* call : callsToIntrinsic(m, op.intrinsic)) {
      b.SetInsertPoint(call);
      llvm::Type* operandType = call->getArgOperand(0)->getType();
      llvm::Type* scalar = operandType->getScalarType();
      auto dxop = [&](std::vector<llvm::Value*> args, llvm::Type* ret) -> llvm::Value* {
        std::vector<llvm::Type*> params;
        for (llvm::Value* a : args) params.push_back(a->getType());
        args.insert(args.begin(), b.getInt32(op.opcode));
        // The legacy half conversions have no overload (dx.op.legacyF32ToF16, no suffix).
        const bool legacy = op.opClass == OpClass::F32ToF16 || op.opClass == OpClass::F16ToF32;
        return b.CreateCall(ops.get(className(op.opClass, op.opcode), legacy ? nullptr : scalar, ret, params), args);
      };
      llvm::Value* result = nullptr;
      if (op.opClass == OpClass::Dot) {  // two vectors in, their components as operands
        const unsigned n = llvm::cast<llvm::FixedVectorType>(operandType)->getNumElements();
        std::vector<llvm::Value*> args;
        for (unsigned side = 0; side < 2; ++side)
          for (unsigned i = 0; i < n; ++i) args.push_back(b.CreateExtractElement(call->getArgOperand(side), b.getInt32(i)));
        if (scalar->isDoubleTy()) {
          // dot2/3/4 have only f16/f32 overloads: a double dot is a multiply, then one FMad (46)
          // per further component, as DXC expands it.
          result = b.CreateFMul(args[0], args[n]);
          for (unsigned i = 1; i < n; ++i)
            result = b.CreateCall(ops.get("tertiary", scalar, scalar, {scalar, scalar, scalar}),
                                  {b.getInt32(46), args[i], args[n + i], result});
        } else {
          result = dxop(args, scalar);
        }
      } else {
        // Per component; unaryBits yields i32 whatever the operand width (ctpop keeps it).
        llvm::Type* scalarRet = call->getType()->getScalarType();
        llvm::Type* opRet = op.opClass == OpClass::UnaryBits ? b.getInt32Ty() : scalarRet;
        auto lane = [&](int i) {
          std::vector<llvm::Value*> args;
          for (llvm::Value* a : call->args()) args.push_back(i < 0 ? a : b.CreateExtractElement(a, b.getInt32(i)));
          llvm::Value* r = dxop(args, opRet);
          return opRet == scalarRet ? r : b.CreateZExtOrTrunc(r, scalarRet);
        };
        if (auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(call->getType())) {
          result = llvm::PoisonValue::get(vt);
          for (unsigned i = 0; i < vt->getNumElements(); ++i) result = b.CreateInsertElement(result, lane(int(i)), b.getInt32(i));
        } else {
          result = lane(-1);
        }
      }
      call->replaceAllUsesWith(result);
      dead.push_back(call);
    }
  }
}

}  // namespace sl::dxil
