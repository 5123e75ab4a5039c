// Expressions: rvalues, lvalues (pointers, swizzles, typed resource elements), conversions per
// CastKind, operators (component-wise; matrices row by row), short-circuit && || and ?: (HLSL
// 2021, hlsl-semantics.md §4.3/§4.4), calls with copy-in/copy-out of out/inout arguments.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

#include <cmath>
#include <cstring>

namespace sl::irgen {

using ir::Value;

// ---------------------------------------------------------------------------------------------
// Constants

static uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  int32_t exp = static_cast<int32_t>((x >> 23) & 0xFF) - 127 + 15;
  uint32_t mant = x & 0x7FFFFFu;
  if (((x >> 23) & 0xFF) == 0xFF) return static_cast<uint16_t>(sign | 0x7C00u | (mant ? 0x200u : 0));
  if (exp >= 31) return static_cast<uint16_t>(sign | 0x7C00u);
  if (exp <= 0) {
    if (exp < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000u;
    uint32_t shift = static_cast<uint32_t>(14 - exp);
    uint32_t half = mant >> shift;
    if ((mant >> (shift - 1)) & 1) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = sign | (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
  if (mant & 0x1000u) ++half;
  return static_cast<uint16_t>(half);
}

Value Gen::constOfType(ir::Type type, double value) {
  ir::Context& cx = *cx_;
  const ir::TypeDef& d = cx.def(type);
  switch (d.kind) {
    case ir::TypeKind::Bool: return Value::constant(cx.boolConst(value != 0));
    case ir::TypeKind::Int:
      return Value::constant(cx.intConst(type, d.isSigned ? static_cast<uint64_t>(static_cast<int64_t>(value))
                                                          : static_cast<uint64_t>(value)));
    case ir::TypeKind::Float:
      if (d.width == 64) return Value::constant(cx.f64(value));
      if (d.width == 16) {
        ir::ConstDef c;
        c.type = type;
        c.bits = floatToHalf(static_cast<float>(value));
        return Value::constant(cx.intern(c));
      }
      return Value::constant(cx.f32(static_cast<float>(value)));
    case ir::TypeKind::Vector:
    case ir::TypeKind::Matrix:
    case ir::TypeKind::Array: {
      Value e = constOfType(d.element, value);
      std::vector<ir::Const> parts(d.count, e.asConst());
      return Value::constant(cx.composite(type, parts));
    }
    default: return Value::constant(cx.null(type));
  }
}

Value Gen::zeroOf(ir::Type type) { return constOfType(type, 0); }
Value Gen::oneOf(ir::Type type) { return constOfType(type, 1); }

// ---------------------------------------------------------------------------------------------
// Shapes

Value Gen::extractLane(Value v, uint32_t lane, const fe::Type* type) {
  if (type->elementCount() == 1) return v;
  if (type->isMatrix() && type->rows > 1 && type->cols > 1) return b_->extract(v, {lane / type->cols, lane % type->cols});
  return b_->extract(v, {lane});
}

Value Gen::splat(Value scalar, const fe::Type* to) {
  ir::Type t = lower(to);
  const ir::TypeDef& d = cx_->def(t);
  if (d.kind == ir::TypeKind::Vector) return b_->construct(t, std::vector<Value>(d.count, scalar));
  if (d.kind == ir::TypeKind::Matrix || d.kind == ir::TypeKind::Array) {
    ir::Type row = d.element;
    const uint32_t rows = d.count;
    Value r = b_->construct(row, std::vector<Value>(cx_->def(row).count, scalar));
    return b_->construct(t, std::vector<Value>(rows, r));
  }
  return scalar;
}

std::vector<Value> Gen::flattenValue(Value v, const fe::Type* type) {
  std::vector<Value> out;
  if (type->isNumeric() || type->isEnum()) {
    const unsigned n = type->isEnum() ? 1 : type->elementCount();
    for (unsigned i = 0; i < n; ++i) out.push_back(extractLane(v, i, type));
  } else if (type->isArray()) {
    for (uint32_t i = 0; i < type->arraySize; ++i) {
      auto part = flattenValue(b_->extract(v, {i}), type->element);
      out.insert(out.end(), part.begin(), part.end());
    }
  } else if (type->isStruct()) {
    const fe::StructDecl* rec = type->record;
    uint32_t index = 0;
    if (rec->base) {
      auto part = flattenValue(b_->extract(v, {index++}), unit_.context->types.structType(rec->base));
      out.insert(out.end(), part.begin(), part.end());
    }
    for (const fe::VarDecl* f : rec->fields) {
      if (f->type->isResource()) continue;
      auto part = flattenValue(b_->extract(v, {index++}), f->type);
      out.insert(out.end(), part.begin(), part.end());
    }
  } else {
    out.push_back(v);
  }
  return out;
}

Value Gen::buildFromLeaves(const fe::Type* type, const std::vector<Value>& leaves, size_t& next) {
  auto take = [&]() -> Value {
    if (next < leaves.size()) return leaves[next++];
    return Value::constant(cx_->undef(scalarType(type->scalar)));
  };
  ir::Type t = lower(type);
  if (type->isNumeric()) {
    const unsigned n = type->elementCount();
    if (n == 1) return take();
    if (type->isVector() || type->rows == 1 || type->cols == 1) {
      std::vector<Value> parts;
      for (unsigned i = 0; i < n; ++i) parts.push_back(take());
      return b_->construct(t, parts);
    }
    std::vector<Value> rows;
    ir::Type rowType = cx_->def(t).element;
    for (unsigned r = 0; r < type->rows; ++r) {
      std::vector<Value> parts;
      for (unsigned c = 0; c < type->cols; ++c) parts.push_back(take());
      rows.push_back(b_->construct(rowType, parts));
    }
    return b_->construct(t, rows);
  }
  if (type->isEnum()) return take();
  if (type->isArray()) {
    std::vector<Value> parts;
    for (uint32_t i = 0; i < type->arraySize; ++i) parts.push_back(buildFromLeaves(type->element, leaves, next));
    return b_->construct(t, parts);
  }
  if (type->isStruct()) {
    std::vector<Value> parts;
    const fe::StructDecl* rec = type->record;
    if (rec->base) parts.push_back(buildFromLeaves(unit_.context->types.structType(rec->base), leaves, next));
    for (const fe::VarDecl* f : rec->fields)
      if (!f->type->isResource()) parts.push_back(buildFromLeaves(f->type, leaves, next));
    if (parts.empty()) return Value::constant(cx_->null(t));
    return b_->construct(t, parts);
  }
  ++next;
  return Value::constant(cx_->undef(t));
}

Value Gen::rowsMap(Value a, const fe::Type* type, const std::function<Value(Value)>& fn) {
  (void)type;
  return fn(a);
}

// Applies `opcode` per element; multi-row matrices row by row (SPIR-V arithmetic takes no matrices).
Value Gen::componentwise(uint32_t opcode, Value a, Value bv, const fe::Type* type, bool compare) {
  if (type->isMatrix() && type->rows > 1 && type->cols > 1) {
    const fe::Type* resultType = compare ? unit_.context->types.withElement(type, fe::ScalarKind::Bool) : type;
    ir::Type rt = lower(resultType);
    std::vector<Value> rows;
    for (uint32_t r = 0; r < type->rows; ++r) {
      Value ra = b_->extract(a, {r});
      Value rb = b_->extract(bv, {r});
      rows.push_back(compare ? b_->compare(opcode, ra, rb) : b_->binary(opcode, ra, rb));
    }
    return b_->construct(rt, rows);
  }
  return compare ? b_->compare(opcode, a, bv) : b_->binary(opcode, a, bv);
}

Value Gen::markMultiplyAdd(Value sum) {
  if (sum.kind != ir::ValueKind::InstResult) return sum;
  ir::InstDef& add = b_->instOf(sum);
  if (!add.op.isSpv(spv::OpIAdd) || add.operands.empty() || add.operands[0].value.kind != ir::ValueKind::InstResult ||
      !b_->instOf(add.operands[0].value).op.isSpv(spv::OpIMul))
    return sum;
  add.attrs.extra.push_back({attr::kMultiplyAdd, "1"});
  return sum;
}

static Value unaryRows(Gen& g, uint32_t opcode, Value a, const fe::Type* type) {
  ir::Builder& b = *g.b_;
  if (type->isMatrix() && type->rows > 1 && type->cols > 1) {
    std::vector<Value> rows;
    for (uint32_t r = 0; r < type->rows; ++r) rows.push_back(b.unary(opcode, b.extract(a, {r})));
    return b.construct(g.lower(type), rows);
  }
  return b.unary(opcode, a);
}

// ---------------------------------------------------------------------------------------------
// Conversions

Value Gen::toBool(Value v, const fe::Type* type) {
  if (isBool(type)) return v;
  const fe::Type* bt = unit_.context->types.withElement(type, fe::ScalarKind::Bool);
  return convertElements(v, type, fe::ScalarKind::Bool, bt);
}

Value Gen::convertElements(Value v, const fe::Type* from, fe::ScalarKind toKind, const fe::Type* toType) {
  ir::Type ft = lower(from), tt = lower(toType);
  if (ft == tt) return v;
  if (from->isMatrix() && from->rows > 1 && from->cols > 1) {
    const fe::Type* fromRow = unit_.context->types.vector(from->scalar, from->cols);
    const fe::Type* toRow = unit_.context->types.vector(toKind, from->cols);
    std::vector<Value> rows;
    for (uint32_t r = 0; r < from->rows; ++r) rows.push_back(convertElements(b_->extract(v, {r}), fromRow, toKind, toRow));
    return b_->construct(tt, rows);
  }
  const fe::ScalarKind fk = scalarKindOf(from);
  const bool fromBool = fk == fe::ScalarKind::Bool, toBoolK = toKind == fe::ScalarKind::Bool;
  const bool fromFloat = fe::isFloatKind(fk), toFloat = fe::isFloatKind(toKind);
  const bool fromSigned = !fromFloat && !fromBool && !fe::isUnsignedKind(fk);
  const bool toSigned = !toFloat && !toBoolK && !fe::isUnsignedKind(toKind);
  (void)toSigned;
  if (fromBool) return b_->select(v, oneOf(tt), zeroOf(tt));
  if (toBoolK) {
    if (fromFloat) return b_->compare(spv::OpFOrdNotEqual, v, zeroOf(ft));
    return b_->compare(spv::OpINotEqual, v, zeroOf(ft));
  }
  const uint32_t fw = cx_->def(cx_->scalarOf(ft)).width, tw = cx_->def(cx_->scalarOf(tt)).width;
  if (v.kind == ir::ValueKind::Const && cx_->def(v.asConst()).kind == ir::ConstKind::Scalar) {
    // Fold conversions of scalar constants (literals), as DXC's front end does.
    const uint64_t bits = cx_->def(v.asConst()).bits;
    double value;
    if (fromFloat) {
      if (fw == 64) std::memcpy(&value, &bits, 8);
      else if (fw == 32) { float f; uint32_t b32 = static_cast<uint32_t>(bits); std::memcpy(&f, &b32, 4); value = f; }
      else value = 0;  // half constants are not folded
    } else if (fromSigned) {
      value = fw == 64 ? double(static_cast<int64_t>(bits)) : fw == 16 ? double(static_cast<int16_t>(bits)) : double(static_cast<int32_t>(bits));
    } else {
      value = double(bits);
    }
    if (!(fromFloat && fw == 16)) {
      if (!toFloat && fromFloat) value = std::trunc(value);
      if (!toFloat && !fromFloat && cx_->def(tt).kind == ir::TypeKind::Int)
        return Value::constant(cx_->intConst(tt, fromSigned ? static_cast<uint64_t>(static_cast<int64_t>(value)) : bits));
      return constOfType(tt, value);
    }
  }
  if (fromFloat && toFloat) return fw == tw ? v : b_->convert(spv::OpFConvert, tt, v);
  if (fromFloat) return b_->convert(fe::isUnsignedKind(toKind) ? spv::OpConvertFToU : spv::OpConvertFToS, tt, v);
  if (toFloat) return b_->convert(fromSigned ? spv::OpConvertSToF : spv::OpConvertUToF, tt, v);
  if (fw == tw) return b_->bitcast(tt, v);
  // Width change keeps the source's signedness for the extension; then fix the result's sign.
  ir::Type mid = cx_->intType(tw, fromSigned);
  if (cx_->def(tt).kind == ir::TypeKind::Vector) mid = cx_->vectorType(mid, cx_->def(tt).count);
  Value w = b_->convert(fromSigned ? spv::OpSConvert : spv::OpUConvert, mid, v);
  return mid == tt ? w : b_->bitcast(tt, w);
}

// Vector/matrix truncation: keep leading elements (matrices keep the top-left block).
static Value truncate(Gen& g, Value v, const fe::Type* from, const fe::Type* to) {
  ir::Builder& b = *g.b_;
  if (to->elementCount() == 1) return g.extractLane(v, 0, from);
  if (from->isMatrix() && from->rows > 1 && from->cols > 1 && to->isMatrix()) {
    std::vector<Value> leaves;
    for (unsigned r = 0; r < to->rows; ++r)
      for (unsigned c = 0; c < to->cols; ++c) leaves.push_back(b.extract(v, {r, c}));
    size_t next = 0;
    return g.buildFromLeaves(to, leaves, next);
  }
  std::vector<Value> leaves;
  for (unsigned i = 0; i < to->elementCount(); ++i) leaves.push_back(g.extractLane(v, i, from));
  size_t next = 0;
  return g.buildFromLeaves(to, leaves, next);
}

Value Gen::convertValue(Value v, const fe::Type* from, const fe::Type* to) {
  if (from == to || lower(from) == lower(to)) return v;
  if (!(from->isNumeric() || from->isEnum()) || !(to->isNumeric() || to->isEnum())) {
    if (from->isAggregate() && to->isAggregate()) return cast(v, from, to, fe::CastKind::FlatConversion);
    return v;
  }
  const fe::ScalarKind toKind = scalarKindOf(to);
  const fe::Type* sameShape = from->isEnum() ? unit_.context->types.scalar(toKind)
                                             : unit_.context->types.withElement(from, toKind);
  Value e = convertElements(v, from, toKind, sameShape);
  const unsigned fn = from->isEnum() ? 1 : from->elementCount(), tn = to->isEnum() ? 1 : to->elementCount();
  if (fn == tn) {
    if (lower(sameShape) == lower(to)) return e;
    std::vector<Value> leaves = flattenValue(e, sameShape);
    size_t next = 0;
    return buildFromLeaves(to, leaves, next);
  }
  if (fn == 1) return splat(e, to);
  return truncate(*this, e, sameShape, to);
}

Value Gen::cast(Value v, const fe::Type* from, const fe::Type* to, fe::CastKind kind) {
  using CK = fe::CastKind;
  switch (kind) {
    case CK::NoOp: return convertValue(v, from, to);
    case CK::Splat: {
      Value s = from->elementCount() > 1 ? extractLane(v, 0, from) : v;
      const fe::Type* sf = unit_.context->types.scalar(scalarKindOf(from));
      s = convertElements(s, sf, scalarKindOf(to), unit_.context->types.scalar(scalarKindOf(to)));
      return splat(s, to);
    }
    case CK::VectorTruncate: return truncate(*this, v, from, to);
    case CK::MatrixToVector:
    case CK::VectorToMatrix: {
      std::vector<Value> leaves = flattenValue(v, from);
      size_t next = 0;
      return buildFromLeaves(to, leaves, next);
    }
    case CK::IntegralCast:
    case CK::IntegralToFloating:
    case CK::FloatingToIntegral:
    case CK::FloatingCast:
    case CK::IntegralToBoolean:
    case CK::FloatingToBoolean:
    case CK::BooleanToIntegral:
    case CK::BooleanToFloating:
      return convertValue(v, from, to);
    case CK::AggregateSplat: {
      Value s = from->isNumeric() && from->elementCount() > 1 ? extractLane(v, 0, from) : v;
      std::vector<const fe::Type*> leafTypes;
      fe::flattenLeaves(to, leafTypes, unit_.context->types);
      std::vector<Value> leaves;
      const fe::Type* sf = from->isNumeric() ? unit_.context->types.scalar(scalarKindOf(from)) : from;
      for (const fe::Type* lt : leafTypes) leaves.push_back(convertValue(s, sf, lt));
      size_t next = 0;
      return buildFromLeaves(to, leaves, next);
    }
    case CK::FlatConversion: {
      std::vector<Value> src = flattenValue(v, from);
      std::vector<const fe::Type*> srcTypes, dstTypes;
      fe::flattenLeaves(from, srcTypes, unit_.context->types);
      fe::flattenLeaves(to, dstTypes, unit_.context->types);
      std::vector<Value> leaves;
      for (size_t i = 0; i < dstTypes.size() && i < src.size() && i < srcTypes.size(); ++i)
        leaves.push_back(convertValue(src[i], srcTypes[i], dstTypes[i]));
      size_t next = 0;
      return buildFromLeaves(to, leaves, next);
    }
    case CK::DerivedToBase: {
      Value cur = v;
      const fe::StructDecl* rec = from->record;
      while (rec && rec != to->record && rec->base) {
        cur = b_->extract(cur, {0});
        rec = rec->base;
      }
      return cur;
    }
    case CK::ConstantBufferToStruct: return v;  // handled as an lvalue (the block's pointer)
    default: break;
  }
  return v;
}

// ---------------------------------------------------------------------------------------------
// Memory

Value Gen::loadMemory(Value ptr, const fe::Type* type) {
  if (type->isStruct()) {
    std::vector<Value> parts;
    const fe::StructDecl* rec = type->record;
    uint32_t index = 0;
    if (rec->base)
      parts.push_back(loadMemory(b_->accessChain(ptr, {b_->constU32(index++)}), unit_.context->types.structType(rec->base)));
    for (const fe::VarDecl* f : rec->fields) {
      if (f->type->isResource()) continue;
      parts.push_back(loadMemory(b_->accessChain(ptr, {b_->constU32(index++)}), f->type));
    }
    if (parts.empty()) return Value::constant(cx_->null(lower(type)));
    return b_->construct(lower(type), parts);
  }
  if (type->isArray()) {
    std::vector<Value> parts;
    for (uint32_t i = 0; i < type->arraySize; ++i)
      parts.push_back(loadMemory(b_->accessChain(ptr, {b_->constU32(i)}), type->element));
    return b_->construct(lower(type), parts);
  }
  if (type->isMatrix() && (type->rows == 1 || type->cols == 1) && type->elementCount() > 1 &&
      cx_->def(cx_->def(module_->typeOf(b_->function(), ptr)).element).kind == ir::TypeKind::Array) {
    // float1xN stored as an array of scalars (dx layout).
    std::vector<Value> parts;
    const fe::Type* st = unit_.context->types.scalar(type->scalar);
    for (uint32_t i = 0; i < type->elementCount(); ++i) parts.push_back(loadMemory(b_->accessChain(ptr, {b_->constU32(i)}), st));
    return b_->construct(lower(type), parts);
  }
  if (isBool(type)) {
    if (type->isMatrix() && type->rows > 1 && type->cols > 1) {
      std::vector<Value> rows;
      const fe::Type* row = unit_.context->types.vector(fe::ScalarKind::Bool, type->cols);
      for (uint32_t r = 0; r < type->rows; ++r) rows.push_back(loadMemory(b_->accessChain(ptr, {b_->constU32(r)}), row));
      return b_->construct(lower(type), rows);
    }
    ir::Type ut = cx_->def(module_->typeOf(b_->function(), ptr)).element;
    Value u = b_->load(ptr);
    return b_->compare(spv::OpINotEqual, u, zeroOf(ut));
  }
  if (isIntMatrix(type)) {
    // An array of row vectors: in external memory it carries an ArrayStride the value type lacks,
    // so it is copied row by row (as arrays are).
    std::vector<Value> rows;
    const fe::Type* row = unit_.context->types.vector(type->scalar, type->cols);
    for (uint32_t r = 0; r < type->rows; ++r) rows.push_back(loadMemory(b_->accessChain(ptr, {b_->constU32(r)}), row));
    return b_->construct(lower(type), rows);
  }
  return b_->load(ptr);
}

void Gen::storeMemory(Value ptr, const fe::Type* type, Value value) {
  if (type->isStruct()) {
    const fe::StructDecl* rec = type->record;
    uint32_t index = 0;
    if (rec->base) {
      storeMemory(b_->accessChain(ptr, {b_->constU32(index)}), unit_.context->types.structType(rec->base),
                  b_->extract(value, {index}));
      ++index;
    }
    for (const fe::VarDecl* f : rec->fields) {
      if (f->type->isResource()) continue;
      storeMemory(b_->accessChain(ptr, {b_->constU32(index)}), f->type, b_->extract(value, {index}));
      ++index;
    }
    return;
  }
  if (type->isArray()) {
    for (uint32_t i = 0; i < type->arraySize; ++i)
      storeMemory(b_->accessChain(ptr, {b_->constU32(i)}), type->element, b_->extract(value, {i}));
    return;
  }
  if (type->isMatrix() && (type->rows == 1 || type->cols == 1) && type->elementCount() > 1 &&
      cx_->def(cx_->def(module_->typeOf(b_->function(), ptr)).element).kind == ir::TypeKind::Array) {
    const fe::Type* st = unit_.context->types.scalar(type->scalar);
    for (uint32_t i = 0; i < type->elementCount(); ++i)
      storeMemory(b_->accessChain(ptr, {b_->constU32(i)}), st, b_->extract(value, {i}));
    return;
  }
  if (isBool(type)) {
    if (type->isMatrix() && type->rows > 1 && type->cols > 1) {
      const fe::Type* row = unit_.context->types.vector(fe::ScalarKind::Bool, type->cols);
      for (uint32_t r = 0; r < type->rows; ++r)
        storeMemory(b_->accessChain(ptr, {b_->constU32(r)}), row, b_->extract(value, {r}));
      return;
    }
    ir::Type ut = cx_->def(module_->typeOf(b_->function(), ptr)).element;
    b_->store(ptr, b_->select(value, oneOf(ut), zeroOf(ut)));
    return;
  }
  if (isIntMatrix(type)) {
    const fe::Type* row = unit_.context->types.vector(type->scalar, type->cols);
    for (uint32_t r = 0; r < type->rows; ++r)
      storeMemory(b_->accessChain(ptr, {b_->constU32(r)}), row, b_->extract(value, {r}));
    return;
  }
  b_->store(ptr, value);
}

static ir::Value elementPointer(Gen& g, const LValue& lv, uint32_t lane) {
  ir::Builder& b = *g.b_;
  const fe::Type* t = lv.baseType;
  if (t->elementCount() == 1) return lv.ptr;
  if (t->isMatrix() && t->rows > 1 && t->cols > 1)
    return b.accessChain(lv.ptr, {b.constU32(lane / t->cols), b.constU32(lane % t->cols)});
  return b.accessChain(lv.ptr, {b.constU32(lane)});
}

Value Gen::load(const LValue& lv) {
  switch (lv.kind) {
    case LValue::Kind::Pointer:
      return lv.memory ? loadMemory(lv.ptr, lv.type) : b_->load(lv.ptr);
    case LValue::Kind::ScalarSwizzle: {
      const fe::Type* st = unit_.context->types.scalar(lv.baseType->scalar);
      Value s = lv.memory ? loadMemory(lv.ptr, st) : b_->load(lv.ptr);
      if (lv.lanes.size() == 1) return s;
      return b_->construct(lower(lv.type), std::vector<Value>(lv.lanes.size(), s));
    }
    case LValue::Kind::Swizzle:
    case LValue::Kind::MatrixElements: {
      Value whole = lv.memory ? loadMemory(lv.ptr, lv.baseType) : b_->load(lv.ptr);
      if (lv.kind == LValue::Kind::Swizzle && lv.lanes.size() > 1 && lv.baseType->isVector() && lv.baseType->cols > 1) {
        std::vector<ir::Operand> ops{ir::Operand::v(whole), ir::Operand::v(whole)};
        for (uint32_t l : lv.lanes) ops.push_back(ir::Operand::i(l));
        return b_->spv(spv::OpVectorShuffle, lower(lv.type), ops);
      }
      std::vector<Value> parts;
      for (uint32_t l : lv.lanes) parts.push_back(extractLane(whole, l, lv.baseType));
      if (parts.size() == 1) return parts[0];
      return b_->construct(lower(lv.type), parts);
    }
    case LValue::Kind::TypedElement: {
      if (lv.lanes.empty()) return typedElementLoad(lv.resource, lv.coord, lower(lv.type));
      Value whole = typedElementLoad(lv.resource, lv.coord, lower(lv.baseType));
      std::vector<Value> parts;
      for (uint32_t l : lv.lanes) parts.push_back(extractLane(whole, l, lv.baseType));
      if (parts.size() == 1) return parts[0];
      return b_->construct(lower(lv.type), parts);
    }
  }
  return {};
}

void Gen::store(const LValue& lv, Value value) {
  switch (lv.kind) {
    case LValue::Kind::Pointer:
      if (lv.memory) storeMemory(lv.ptr, lv.type, value);
      else b_->store(lv.ptr, value);
      return;
    case LValue::Kind::ScalarSwizzle: {
      const fe::Type* st = unit_.context->types.scalar(lv.baseType->scalar);
      Value s = lv.lanes.size() == 1 ? value : b_->extract(value, {0});
      if (lv.memory) storeMemory(lv.ptr, st, s);
      else b_->store(lv.ptr, s);
      return;
    }
    case LValue::Kind::Swizzle:
    case LValue::Kind::MatrixElements: {
      // One store per named component, so the other components are never rewritten.
      const fe::Type* st = unit_.context->types.scalar(lv.baseType->scalar);
      for (size_t i = 0; i < lv.lanes.size(); ++i) {
        Value part = lv.lanes.size() == 1 ? value : b_->extract(value, {static_cast<uint32_t>(i)});
        Value p = elementPointer(*this, lv, lv.lanes[i]);
        if (lv.memory) storeMemory(p, st, part);
        else b_->store(p, part);
      }
      return;
    }
    case LValue::Kind::TypedElement: {
      Value h = handle(lv.resource);
      if (!lv.lanes.empty()) {
        Value whole = b_->hlsl(ir::HlslOp::ResourceLoad, lower(lv.baseType), {ir::Operand::v(h), ir::Operand::v(lv.coord)});
        std::vector<Value> parts;
        for (uint32_t i = 0; i < lv.baseType->elementCount(); ++i) parts.push_back(extractLane(whole, i, lv.baseType));
        for (size_t i = 0; i < lv.lanes.size(); ++i)
          parts[lv.lanes[i]] = lv.lanes.size() == 1 ? value : b_->extract(value, {static_cast<uint32_t>(i)});
        value = b_->construct(lower(lv.baseType), parts);
      }
      b_->hlsl(ir::HlslOp::ResourceStore, ir::Type(), {ir::Operand::v(h), ir::Operand::v(lv.coord), ir::Operand::v(value)});
      return;
    }
  }
}

LValue Gen::materialize(const fe::Expr* expr) {
  LValue lv;
  lv.type = expr->type;
  if (fe::containsResource(expr->type)) {
    // Resources have no value representation: only direct uses of declared resources lower.
    error(expr->loc, "this use of a resource (" + fe::typeName(expr->type) + ") is not supported by the SPIR-V back end yet");
    lv.ptr = b_->local(cx_->u32(), "invalid");
    return lv;
  }
  Value v = rvalue(expr);
  lv.ptr = b_->local(lower(expr->type), "temp");
  b_->store(lv.ptr, v);
  return lv;
}

// ---------------------------------------------------------------------------------------------
// LValues

static const fe::Expr* skipNoOpCasts(const fe::Expr* e) {
  while (e->kind == fe::ExprKind::ImplicitCast && static_cast<const fe::CastExpr*>(e)->castKind == fe::CastKind::NoOp &&
         static_cast<const fe::CastExpr*>(e)->operand->type == e->type)
    e = static_cast<const fe::CastExpr*>(e)->operand;
  return e;
}

static bool isStorageExpr(const fe::Expr* e);

LValue Gen::lvalue(const fe::Expr* expr) {
  setLoc(expr);
  expr = skipNoOpCasts(expr);
  switch (expr->kind) {
    case fe::ExprKind::DeclRef: {
      auto* ref = static_cast<const fe::DeclRefExpr*>(expr);
      if (ref->decl->kind != fe::DeclKind::Var) break;
      auto* var = static_cast<const fe::VarDecl*>(ref->decl);
      const VarInfo* info = nullptr;
      if (auto it = locals_.find(var); it != locals_.end()) info = &it->second;
      else {
        if (!globals_.count(var) && (var->storage == fe::StorageClass::Static || var->storage == fe::StorageClass::StaticField)) {
          // A static not declared yet: its Private global, with the initializer when constant.
          staticLocal(var);
          if (var->storage == fe::StorageClass::StaticField && staticGuards_.count(var))
            error(var->loc, "static data members with a non-constant initializer are not supported");
        }
        if (auto g = globals_.find(var); g != globals_.end()) info = &g->second;
      }
      if (!info) {
        error(expr->loc, "use of '" + var->name + "' before its declaration was generated");
        return materialize(expr);
      }
      LValue lv;
      lv.type = expr->type;
      switch (info->kind) {
        case VarInfo::Kind::Pointer:
          lv.ptr = info->ptr;
          lv.workgroup = info->workgroup;
          return lv;
        case VarInfo::Kind::CBufferMember:
          lv.ptr = b_->accessChain(cbufferPtr(info->cbuffer), {b_->constU32(info->member)});
          lv.memory = true;
          return lv;
        case VarInfo::Kind::Resource:
          // A struct that holds resources but could not be resolved was already diagnosed.
          if (!var->type->isResource() && !var->type->isArray() && info->resource.valid()) {
            lv.ptr = cbufferPtr(info->resource.resource);  // [[vk::push_constant]] S pc
            lv.memory = true;
            return lv;
          }
          error(expr->loc, "a resource cannot be used as a value here");
          return lv;
        case VarInfo::Kind::Constant:
          return materialize(expr);
      }
      break;
    }
    case fe::ExprKind::This: {
      LValue lv;
      lv.type = expr->type;
      lv.ptr = thisPtr_;
      return lv;
    }
    case fe::ExprKind::Member: {
      auto* m = static_cast<const fe::MemberExpr*>(expr);
      if (m->field->storage == fe::StorageClass::StaticField) {
        declareGlobal(m->field);
        LValue lv;
        lv.type = expr->type;
        lv.ptr = globals_[m->field].ptr;
        return lv;
      }
      LValue base = isStorageExpr(m->base) ? lvalue(m->base) : materialize(m->base);
      if (base.kind != LValue::Kind::Pointer) {
        Value v = load(base);
        base = LValue();
        base.type = m->base->type;
        base.ptr = b_->local(lower(m->base->type), "temp");
        b_->store(base.ptr, v);
      }
      const fe::Type* bt = m->base->type;
      std::vector<Value> path;
      const fe::StructDecl* rec = bt->record;
      while (rec && m->field->parent != rec && rec->base) {
        path.push_back(b_->constU32(0));
        rec = rec->base;
      }
      path.push_back(b_->constU32(fieldIndex(rec ? rec : m->field->parent, m->field)));
      LValue lv = base;
      lv.type = expr->type;
      lv.ptr = b_->accessChain(base.ptr, path);
      return lv;
    }
    case fe::ExprKind::Swizzle: {
      auto* s = static_cast<const fe::SwizzleExpr*>(expr);
      LValue base = isStorageExpr(s->base) ? lvalue(s->base) : materialize(s->base);
      if (base.kind == LValue::Kind::Swizzle || base.kind == LValue::Kind::ScalarSwizzle) {
        LValue lv = base;
        lv.type = expr->type;
        lv.lanes.clear();
        for (uint8_t i : s->indices) lv.lanes.push_back(base.lanes[i]);
        return lv;
      }
      if (base.kind == LValue::Kind::TypedElement && base.lanes.empty() && s->base->type->isVector()) {
        // A swizzle of a typed buffer/texture element: read-modify-write of the whole element.
        LValue lv = base;
        lv.type = expr->type;
        lv.baseType = s->base->type;
        lv.lanes.assign(s->indices.begin(), s->indices.end());
        return lv;
      }
      if (base.kind != LValue::Kind::Pointer) {
        Value v = load(base);
        base = LValue();
        base.type = s->base->type;
        base.ptr = b_->local(lower(s->base->type), "temp");
        b_->store(base.ptr, v);
      }
      LValue lv = base;
      lv.type = expr->type;
      // A row of a one-row matrix keeps the matrix type: its storage may be an array (dx layout).
      const fe::Type* bt = base.type && base.type->isMatrix() && base.type->elementCount() == s->base->type->elementCount()
                               ? base.type
                               : s->base->type;
      lv.baseType = bt;
      lv.lanes.assign(s->indices.begin(), s->indices.end());
      if (bt->elementCount() == 1) lv.kind = LValue::Kind::ScalarSwizzle;
      else if (bt->isMatrix()) lv.kind = LValue::Kind::MatrixElements;
      else lv.kind = LValue::Kind::Swizzle;
      return lv;
    }
    case fe::ExprKind::Index: {
      auto* ix = static_cast<const fe::IndexExpr*>(expr);
      const fe::Type* bt = ix->base->type;
      if (bt->isArray() && fe::containsResource(bt)) break;
      LValue base = isStorageExpr(ix->base) ? lvalue(ix->base) : materialize(ix->base);
      if (base.kind != LValue::Kind::Pointer) {
        Value v = load(base);
        base = LValue();
        base.type = bt;
        base.ptr = b_->local(lower(bt), "temp");
        b_->store(base.ptr, v);
      }
      Value index = rvalue(ix->index);
      LValue lv = base;
      lv.type = expr->type;
      if (bt->isMatrix() && bt->rows == 1) {  // float1xN is one vector: m[0]
        lv.type = bt;
        return lv;
      }
      if ((bt->isVector() || bt->isMatrix()) && bt->elementCount() == 1) return lv;
      lv.ptr = b_->accessChain(base.ptr, {index});
      return lv;
    }
    case fe::ExprKind::ResourceIndex: {
      auto* ri = static_cast<const fe::ResourceIndexExpr*>(expr);
      if (ri->part != fe::ResourceIndexExpr::Part::Element) return materialize(expr);  // read-only fetch
      ResourceRef ref = resourceOf(ri->base);
      if (!ref.valid()) {  // already diagnosed; a dummy keeps generation going
        LValue lv;
        lv.type = expr->type;
        lv.ptr = b_->local(lower(expr->type), "invalid");
        return lv;
      }
      const fe::Type* rt = resource(ref).type;
      using RK = fe::ResourceKind;
      LValue lv;
      lv.type = expr->type;
      switch (rt->resource) {
        case RK::StructuredBuffer:
        case RK::RWStructuredBuffer:
        case RK::AppendStructuredBuffer:
        case RK::ConsumeStructuredBuffer:
          lv.ptr = elementPtr(ref, rvalue(ri->index), rt->element);
          lv.memory = true;
          return lv;
        default:
          lv.kind = LValue::Kind::TypedElement;
          lv.resource = ref;
          lv.coord = rvalue(ri->index);
          return lv;
      }
    }
    case fe::ExprKind::ImplicitCast:
    case fe::ExprKind::ExplicitCast: {
      auto* c = static_cast<const fe::CastExpr*>(expr);
      if (c->castKind == fe::CastKind::ConstantBufferToStruct) {
        ResourceRef ref = resourceOf(c->operand);
        if (!ref.valid()) {
          LValue lv;
          lv.type = expr->type;
          lv.ptr = b_->local(lower(expr->type), "invalid");
          return lv;
        }
        LValue lv;
        lv.type = expr->type;
        lv.ptr = elementPtr(ref, Value(), nullptr);
        lv.memory = true;
        return lv;
      }
      if (c->castKind == fe::CastKind::DerivedToBase && isStorageExpr(c->operand)) {
        LValue base = lvalue(c->operand);
        if (base.kind == LValue::Kind::Pointer) {
          std::vector<Value> path;
          const fe::StructDecl* rec = c->operand->type->record;
          while (rec && rec != expr->type->record && rec->base) {
            path.push_back(b_->constU32(0));
            rec = rec->base;
          }
          if (!path.empty()) base.ptr = b_->accessChain(base.ptr, path);
          base.type = expr->type;
          return base;
        }
      }
      break;
    }
    default: break;
  }
  return materialize(expr);
}

// Expressions that denote storage (so member/swizzle/index can address them in place).
static bool isStorageExpr(const fe::Expr* e) {
  e = skipNoOpCasts(e);
  switch (e->kind) {
    case fe::ExprKind::DeclRef:
    case fe::ExprKind::Member:
    case fe::ExprKind::Swizzle:
    case fe::ExprKind::Index:
    case fe::ExprKind::ResourceIndex:
    case fe::ExprKind::This:
      return true;
    case fe::ExprKind::ImplicitCast:
    case fe::ExprKind::ExplicitCast: {
      auto k = static_cast<const fe::CastExpr*>(e)->castKind;
      return k == fe::CastKind::ConstantBufferToStruct ||
             (k == fe::CastKind::DerivedToBase && isStorageExpr(static_cast<const fe::CastExpr*>(e)->operand));
    }
    default: return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Operators

static uint32_t arithOpcode(fe::BinaryOp op, bool isFloat, bool isSigned, bool isBoolT) {
  using B = fe::BinaryOp;
  switch (op) {
    case B::Add: return isFloat ? spv::OpFAdd : spv::OpIAdd;
    case B::Sub: return isFloat ? spv::OpFSub : spv::OpISub;
    case B::Mul: return isFloat ? spv::OpFMul : spv::OpIMul;
    case B::Div: return isFloat ? spv::OpFDiv : isSigned ? spv::OpSDiv : spv::OpUDiv;
    case B::Rem: return isFloat ? spv::OpFRem : isSigned ? spv::OpSRem : spv::OpUMod;
    case B::BitAnd: return isBoolT ? spv::OpLogicalAnd : spv::OpBitwiseAnd;
    case B::BitOr: return isBoolT ? spv::OpLogicalOr : spv::OpBitwiseOr;
    case B::BitXor: return isBoolT ? spv::OpLogicalNotEqual : spv::OpBitwiseXor;
    case B::LogAnd: return spv::OpLogicalAnd;
    case B::LogOr: return spv::OpLogicalOr;
    case B::Shl: return spv::OpShiftLeftLogical;
    case B::Shr: return isSigned ? spv::OpShiftRightArithmetic : spv::OpShiftRightLogical;
    case B::Lt: return isFloat ? spv::OpFOrdLessThan : isSigned ? spv::OpSLessThan : spv::OpULessThan;
    case B::Gt: return isFloat ? spv::OpFOrdGreaterThan : isSigned ? spv::OpSGreaterThan : spv::OpUGreaterThan;
    case B::Le: return isFloat ? spv::OpFOrdLessThanEqual : isSigned ? spv::OpSLessThanEqual : spv::OpULessThanEqual;
    case B::Ge: return isFloat ? spv::OpFOrdGreaterThanEqual : isSigned ? spv::OpSGreaterThanEqual : spv::OpUGreaterThanEqual;
    case B::Eq: return isBoolT ? spv::OpLogicalEqual : isFloat ? spv::OpFOrdEqual : spv::OpIEqual;
    case B::Ne: return isBoolT ? spv::OpLogicalNotEqual : isFloat ? spv::OpFOrdNotEqual : spv::OpINotEqual;
    case B::Comma: return 0;
  }
  return 0;
}

Value Gen::binaryOp(fe::BinaryOp op, Value a, Value bv, const fe::Type* t) {
  using B = fe::BinaryOp;
  const bool f = isFloat(t), s = isSigned(t), bo = isBool(t);
  const bool compare = op == B::Lt || op == B::Gt || op == B::Le || op == B::Ge || op == B::Eq || op == B::Ne;
  if (op == B::Shl || op == B::Shr) {
    // The shift amount is masked to the bit width (hlsl-semantics.md §4.8).
    ir::Type it = lower(t);
    const uint32_t width = cx_->def(cx_->scalarOf(cx_->def(it).kind == ir::TypeKind::Array ? cx_->def(it).element : it)).width;
    // The amount may have its own integer type: mask it in that type, then match the value's.
    ir::Type bt = module_->typeOf(b_->function(), bv);
    bv = componentwise(spv::OpBitwiseAnd, bv, constOfType(bt, width - 1), t);
    if (bt != it) {
      const ir::TypeDef& bd = cx_->def(cx_->scalarOf(bt));
      const ir::TypeDef& ad = cx_->def(cx_->scalarOf(it));
      if (bd.width != ad.width) {
        ir::Type mid = cx_->intType(ad.width, bd.isSigned);
        if (cx_->def(bt).kind == ir::TypeKind::Vector) mid = cx_->vectorType(mid, cx_->def(bt).count);
        bv = b_->convert(bd.isSigned ? spv::OpSConvert : spv::OpUConvert, mid, bv);
        bt = mid;
      }
      if (bt != it) bv = b_->bitcast(it, bv);
    }
  }
  return componentwise(arithOpcode(op, f, s, bo), a, bv, t, compare);
}

static Value shortCircuit(Gen& g, const fe::BinaryExpr* e) {
  ir::Builder& b = *g.b_;
  Value lhs = g.toBool(g.rvalue(e->lhs), e->lhs->type);
  const bool isAnd = e->op == fe::BinaryOp::LogAnd;
  ir::NodeId n = b.beginIf(lhs, {g.cx_->boolType()});
  if (isAnd) {
    Value rhs = g.toBool(g.rvalue(e->rhs), e->rhs->type);
    b.yield({rhs});
    b.beginElse();
    b.yield({b.constBool(false)});
  } else {
    b.yield({b.constBool(true)});
    b.beginElse();
    Value rhs = g.toBool(g.rvalue(e->rhs), e->rhs->type);
    b.yield({rhs});
  }
  b.endIf();
  return b.output(n, 0);
}

static Value incDec(Gen& g, const fe::UnaryExpr* u) {
  LValue lv = g.lvalue(u->operand);
  Value old = g.load(lv);
  const fe::Type* t = u->operand->type;
  Value one = g.oneOf(g.lower(t));
  const bool inc = u->op == fe::UnaryOp::PreInc || u->op == fe::UnaryOp::PostInc;
  uint32_t op = g.isFloat(t) ? (inc ? spv::OpFAdd : spv::OpFSub) : (inc ? spv::OpIAdd : spv::OpISub);
  Value now = g.componentwise(op, old, one, t);
  g.store(lv, now);
  return (u->op == fe::UnaryOp::PreInc || u->op == fe::UnaryOp::PreDec) ? now : old;
}

Value Gen::valueOfDecl(const fe::DeclRefExpr* ref) {
  if (ref->decl->kind == fe::DeclKind::EnumConstant) {
    auto* ec = static_cast<const fe::EnumConstantDecl*>(ref->decl);
    return constOfType(lower(ref->type), static_cast<double>(ec->value));
  }
  if (ref->decl->kind == fe::DeclKind::Var) {
    auto* var = static_cast<const fe::VarDecl*>(ref->decl);
    auto g = globals_.find(var);
    if (!locals_.count(var) && g != globals_.end() && g->second.kind == VarInfo::Kind::Constant) return g->second.constant;
  }
  return load(lvalue(ref));
}

// ---------------------------------------------------------------------------------------------
// Calls

Value Gen::emitCall(const fe::CallExpr* call) {
  const fe::FunctionDecl* callee = call->callee->definition ? call->callee->definition : call->callee;
  if (!callee->body) {
    error(call->loc, "call to '" + callee->name + "', which has no definition");
    return Value::constant(cx_->undef(lower(call->type)));
  }
  if (needsInlining(callee)) return inlineCall(call, callee);
  ir::FuncId f = functionFor(callee);
  std::vector<Value> args;
  struct WriteBack {
    LValue target;
    Value temp;
    const fe::Type* paramType;
    const fe::Type* argType;
  };
  std::vector<WriteBack> writeBacks;
  if (callee->parent && !callee->isStatic) {
    if (!call->object) {
      args.push_back(thisPtr_);
    } else {
      LValue obj = isStorageExpr(call->object) ? lvalue(call->object) : materialize(call->object);
      const fe::Type* st = unit_.context->types.structType(callee->parent);
      Value tmp = b_->local(lower(st), "this");
      Value v = load(obj);
      if (call->object->type != st) v = cast(v, call->object->type, st, fe::CastKind::DerivedToBase);
      b_->store(tmp, v);
      args.push_back(tmp);
      if (!call->object->isConst && call->object->type == st && !(obj.kind == LValue::Kind::Pointer && obj.memory && call->object->isConst))
        writeBacks.push_back({obj, tmp, st, st});
    }
  }
  for (size_t i = 0; i < call->args.size() && i < callee->params.size(); ++i) {
    const fe::VarDecl* p = callee->params[i];
    const fe::Expr* arg = call->args[i];
    if (p->type->isResource()) {
      error(arg->loc, "passing resources to functions is not supported yet");
      args.push_back(Value::constant(cx_->undef(cx_->u32())));
      continue;
    }
    if (p->direction == fe::ParamDirection::In) {
      args.push_back(rvalue(arg));
      continue;
    }
    LValue target = lvalue(arg);
    Value tmp = b_->local(lower(p->type), p->name);
    if (p->direction == fe::ParamDirection::InOut) b_->store(tmp, convertValue(load(target), arg->type, p->type));
    args.push_back(tmp);
    writeBacks.push_back({target, tmp, p->type, arg->type});
  }
  Value result = b_->call(f, args);
  for (const WriteBack& w : writeBacks) store(w.target, convertValue(b_->load(w.temp), w.paramType, w.argType));
  if (!result.valid()) return Value::constant(cx_->undef(lower(call->type)));
  return result;
}

// ---------------------------------------------------------------------------------------------
// RValues

Value Gen::rvalue(const fe::Expr* expr) {
  setLoc(expr);
  if (fe::containsResource(expr->type) && expr->kind != fe::ExprKind::Call && expr->kind != fe::ExprKind::IntrinsicCall &&
      expr->kind != fe::ExprKind::Assign) {
    error(expr->loc, "this use of a resource (" + fe::typeName(expr->type) + ") is not supported by the SPIR-V back end yet");
    return Value::constant(cx_->undef(cx_->u32()));
  }
  switch (expr->kind) {
    case fe::ExprKind::IntLiteral: {
      auto* lit = static_cast<const fe::IntLiteralExpr*>(expr);
      ir::Type t = lower(expr->type);
      if (cx_->def(t).kind == ir::TypeKind::Int) return Value::constant(cx_->intConst(t, lit->value));
      return constOfType(t, static_cast<double>(lit->value));
    }
    case fe::ExprKind::FloatLiteral:
      return constOfType(lower(expr->type), static_cast<const fe::FloatLiteralExpr*>(expr)->value);
    case fe::ExprKind::BoolLiteral:
      return constOfType(lower(expr->type), static_cast<const fe::BoolLiteralExpr*>(expr)->value ? 1 : 0);
    case fe::ExprKind::DeclRef:
      return valueOfDecl(static_cast<const fe::DeclRefExpr*>(expr));
    case fe::ExprKind::Swizzle: {
      auto* s = static_cast<const fe::SwizzleExpr*>(expr);
      if (isStorageExpr(s->base)) return load(lvalue(expr));
      Value v = rvalue(s->base);
      std::vector<Value> parts;
      for (uint8_t i : s->indices) parts.push_back(extractLane(v, i, s->base->type));
      if (parts.size() == 1) return parts[0];
      return b_->construct(lower(expr->type), parts);
    }
    case fe::ExprKind::Index: {
      auto* ix = static_cast<const fe::IndexExpr*>(expr);
      const fe::Type* bt = ix->base->type;
      if (!isStorageExpr(ix->base) && bt->isVector() && bt->cols > 1) {
        Value v = rvalue(ix->base);
        Value i = rvalue(ix->index);
        return b_->spv(spv::OpVectorExtractDynamic, lower(expr->type), {ir::Operand::v(v), ir::Operand::v(i)});
      }
      return load(lvalue(expr));
    }
    case fe::ExprKind::ResourceIndex:
      if (expr->type->isStruct() && expr->type->record &&
          (expr->type->record->name == "heap_resource_info" || expr->type->record->name == "heap_sampler_info")) {
        // ResourceDescriptorHeap[i] not converted to a resource: just heap_*_info { i }.
        Value index = rvalue(static_cast<const fe::ResourceIndexExpr*>(expr)->index);
        return b_->construct(lower(expr->type), {index});
      }
      if (static_cast<const fe::ResourceIndexExpr*>(expr)->part != fe::ResourceIndexExpr::Part::Element)
        return textureIndex(static_cast<const fe::ResourceIndexExpr*>(expr));
      return load(lvalue(expr));
    case fe::ExprKind::Member:
    case fe::ExprKind::This:
      return load(lvalue(expr));
    case fe::ExprKind::Unary: {
      auto* u = static_cast<const fe::UnaryExpr*>(expr);
      const fe::Type* t = u->operand->type;
      switch (u->op) {
        case fe::UnaryOp::Plus: return rvalue(u->operand);
        case fe::UnaryOp::Minus: {
          Value v = rvalue(u->operand);
          return unaryRows(*this, isFloat(t) ? spv::OpFNegate : spv::OpSNegate, v, t);
        }
        case fe::UnaryOp::Not: {
          Value v = toBool(rvalue(u->operand), t);
          return unaryRows(*this, spv::OpLogicalNot, v, unit_.context->types.withElement(t, fe::ScalarKind::Bool));
        }
        case fe::UnaryOp::BitNot: return unaryRows(*this, spv::OpNot, rvalue(u->operand), t);
        default: return incDec(*this, u);
      }
    }
    case fe::ExprKind::Binary: {
      auto* bin = static_cast<const fe::BinaryExpr*>(expr);
      if (bin->op == fe::BinaryOp::Comma) {
        rvalue(bin->lhs);
        return rvalue(bin->rhs);
      }
      if ((bin->op == fe::BinaryOp::LogAnd || bin->op == fe::BinaryOp::LogOr) && bin->shortCircuit &&
          bin->lhs->type->elementCount() == 1 && expr->type->elementCount() == 1)
        return shortCircuit(*this, bin);
      Value a = rvalue(bin->lhs);
      Value c = rvalue(bin->rhs);
      const fe::Type* ot = bin->operandType ? bin->operandType : bin->lhs->type;
      if (bin->op == fe::BinaryOp::LogAnd || bin->op == fe::BinaryOp::LogOr) {
        a = toBool(a, bin->lhs->type);
        c = toBool(c, bin->rhs->type);
        ot = unit_.context->types.withElement(ot, fe::ScalarKind::Bool);
      }
      return binaryOp(bin->op, a, c, ot);
    }
    case fe::ExprKind::Assign: {
      auto* as = static_cast<const fe::AssignExpr*>(expr);
      if (!as->compound && fe::containsResource(as->lhs->type)) {
        // Re-pointing local resource variables, their elements or members (GenResourceLocals.cpp);
        // structs of data and resources copy their data too (GenMixedStructs.cpp).
        if (as->lhs->type->isStruct() && holdsData(as->lhs->type)) assignMixed(as->lhs, as->rhs, expr);
        else assignResources(as->lhs, as->rhs, expr);
        return Value::constant(cx_->undef(cx_->u32()));
      }
      if (!as->compound) {
        Value v = rvalue(as->rhs);
        LValue lv = lvalue(as->lhs);
        store(lv, v);
        return v;
      }
      LValue lv = lvalue(as->lhs);
      const fe::Type* ct = as->computeType ? as->computeType : as->lhs->type;
      Value cur = convertValue(load(lv), as->lhs->type, ct);
      Value r = rvalue(as->rhs);
      Value res = convertValue(binaryOp(as->op, cur, r, ct), ct, as->lhs->type);
      store(lv, res);
      return res;
    }
    case fe::ExprKind::Conditional: {
      auto* c = static_cast<const fe::ConditionalExpr*>(expr);
      if (c->shortCircuit && c->cond->type->elementCount() == 1) {
        Value cond = toBool(rvalue(c->cond), c->cond->type);
        ir::NodeId n = b_->beginIf(cond, {lower(expr->type)});
        b_->yield({rvalue(c->trueExpr)});
        b_->beginElse();
        b_->yield({rvalue(c->falseExpr)});
        b_->endIf();
        return b_->output(n, 0);
      }
      Value cond = toBool(rvalue(c->cond), c->cond->type);
      Value a = rvalue(c->trueExpr), bb = rvalue(c->falseExpr);
      const fe::Type* t = expr->type;
      if (t->isMatrix() && t->rows > 1 && t->cols > 1) {
        std::vector<Value> rows;
        for (uint32_t r = 0; r < t->rows; ++r)
          rows.push_back(b_->select(b_->extract(cond, {r}), b_->extract(a, {r}), b_->extract(bb, {r})));
        return b_->construct(lower(t), rows);
      }
      return b_->select(cond, a, bb);
    }
    case fe::ExprKind::Call: return emitCall(static_cast<const fe::CallExpr*>(expr));
    case fe::ExprKind::IntrinsicCall: return intrinsic(static_cast<const fe::IntrinsicCallExpr*>(expr));
    case fe::ExprKind::Construct: {
      auto* c = static_cast<const fe::ConstructExpr*>(expr);
      std::vector<Value> leaves;
      for (const fe::Expr* a : c->args) {
        auto part = flattenValue(rvalue(a), a->type);
        leaves.insert(leaves.end(), part.begin(), part.end());
      }
      size_t next = 0;
      return buildFromLeaves(expr->type, leaves, next);
    }
    case fe::ExprKind::InitList: {
      auto* il = static_cast<const fe::InitListExpr*>(expr);
      std::vector<Value> leaves;
      for (const fe::Expr* e : il->elements) {
        auto part = flattenValue(rvalue(e), e->type);
        leaves.insert(leaves.end(), part.begin(), part.end());
      }
      size_t next = 0;
      return buildFromLeaves(expr->type, leaves, next);
    }
    case fe::ExprKind::ImplicitCast:
    case fe::ExprKind::ExplicitCast: {
      auto* c = static_cast<const fe::CastExpr*>(expr);
      if (c->castKind == fe::CastKind::ConstantBufferToStruct) return load(lvalue(expr));
      if (c->operand->type->isResource() || expr->type->isResource()) {
        error(expr->loc, "resource conversions are not supported yet");
        return Value::constant(cx_->undef(cx_->u32()));
      }
      return cast(rvalue(c->operand), c->operand->type, expr->type, c->castKind);
    }
    case fe::ExprKind::StringLiteral:
      error(expr->loc, "strings are not supported in shader code");
      return Value::constant(cx_->undef(cx_->u32()));
    case fe::ExprKind::Error:
      error(expr->loc, "invalid expression");
      return Value::constant(cx_->undef(cx_->u32()));
  }
  return Value::constant(cx_->undef(lower(expr->type)));
}

}  // namespace sl::irgen
