// Intrinsic functions (hlsl-spirv.md §5): math through GLSL.std.450, bit ops, bit casts, mul with
// DXC's operand swap, atomics with Workgroup/Device scope and relaxed semantics, barriers, wave
// ops as OpGroupNonUniform* with Subgroup scope. Resource methods are in GenResource.cpp.
#include "core/irgen/Gen.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

using ir::Operand;
using ir::Value;

namespace {

bool isMultiRow(const fe::Type* t) { return t->isMatrix() && t->rows > 1 && t->cols > 1; }

}  // namespace

// A GLSL.std.450 instruction over same-shaped arguments; matrices row by row.
static Value glslOp(Gen& g, uint32_t inst, const fe::Type* rt, std::vector<Value> args,
                    const std::vector<const fe::Type*>& types) {
  ir::Builder& b = *g.b_;
  if (isMultiRow(rt)) {
    std::vector<Value> rows;
    ir::Type rowType = g.cx_->def(g.lower(rt)).element;
    for (uint32_t r = 0; r < rt->rows; ++r) {
      std::vector<Value> ra;
      for (size_t i = 0; i < args.size(); ++i) ra.push_back(isMultiRow(types[i]) ? b.extract(args[i], {r}) : args[i]);
      rows.push_back(b.glsl(inst, rowType, ra));
    }
    return b.construct(g.lower(rt), rows);
  }
  return b.glsl(inst, g.lower(rt), std::move(args));
}

// Generic matrix product over scalars (degenerate shapes, integer matrices).
static Value mulGeneric(Gen& g, Value a, const fe::Type* at, Value bv, const fe::Type* bt, const fe::Type* rt) {
  ir::Builder& b = *g.b_;
  const unsigned ar = at->isVector() ? 1 : at->rows, ac = at->isVector() ? at->cols : at->cols;
  const unsigned br = bt->isVector() ? bt->cols : bt->rows, bc = bt->isVector() ? 1 : bt->cols;
  std::vector<Value> la = g.flattenValue(a, at), lb = g.flattenValue(bv, bt);
  const bool f = g.isFloat(rt);
  std::vector<Value> out;
  for (unsigned i = 0; i < ar; ++i)
    for (unsigned j = 0; j < bc; ++j) {
      Value sum;
      for (unsigned k = 0; k < ac && k < br; ++k) {
        Value p = f ? b.fmul(la[i * ac + k], lb[k * bc + j]) : b.imul(la[i * ac + k], lb[k * bc + j]);
        sum = sum.valid() ? (f ? b.fadd(sum, p) : g.markMultiplyAdd(b.iadd(p, sum))) : p;
      }
      out.push_back(sum);
    }
  size_t next = 0;
  return g.buildFromLeaves(rt, out, next);
}

static Value mul(Gen& g, const fe::IntrinsicCallExpr* call, Value a, Value bv) {
  ir::Builder& b = *g.b_;
  const fe::Type* at = call->args[0]->type;
  const fe::Type* bt = call->args[1]->type;
  const fe::Type* rt = call->type;
  const bool f = g.isFloat(rt);
  if (at->elementCount() == 1 || bt->elementCount() == 1) {
    Value s = at->elementCount() == 1 ? a : bv;
    Value o = at->elementCount() == 1 ? bv : a;
    const fe::Type* ot = at->elementCount() == 1 ? bt : at;
    return g.componentwise(f ? spv::OpFMul : spv::OpIMul, o, g.splat(s, ot), ot);
  }
  if (at->isVector() && bt->isVector()) {
    if (f) return b.spv(spv::OpDot, g.lower(rt), {Operand::v(a), Operand::v(bv)});
    return mulGeneric(g, a, at, bv, bt, rt);
  }
  if (f && isMultiRow(at) && bt->isVector()) return b.spv(spv::OpVectorTimesMatrix, g.lower(rt), {Operand::v(bv), Operand::v(a)});
  if (f && at->isVector() && isMultiRow(bt)) return b.spv(spv::OpMatrixTimesVector, g.lower(rt), {Operand::v(bv), Operand::v(a)});
  if (f && isMultiRow(at) && isMultiRow(bt) && isMultiRow(rt))
    return b.spv(spv::OpMatrixTimesMatrix, g.lower(rt), {Operand::v(bv), Operand::v(a)});
  return mulGeneric(g, a, at, bv, bt, rt);
}

// Intrinsics that split, join or pack words and bytes: D3DCOLORtoUBYTE4, asdouble,
// asuint(double, out uint, out uint), AddUint64, dot2add, dot4add_{i8,u8}packed. All are plain
// integer/float instructions (as DXC emits them, except dot4add: shifts instead of OpSDot, which
// needs an optional device feature), so both back ends can lower them.
static std::optional<Value> packingIntrinsic(Gen& g, const fe::IntrinsicCallExpr* call, const std::vector<Value>& args) {
  ir::Builder& b = *g.b_;
  const std::string& n = call->name;
  const fe::Type* rt = call->type;
  fe::TypeContext& types = g.unit_.context->types;
  auto argType = [&](size_t i) { return call->args[i]->type; };
  if (n == "D3DCOLORtoUBYTE4") {
    // int4(x.zyxw * 255.001953): BGRA order, the bias makes 1.0 land on 255 after truncation.
    const fe::Type* t = argType(0);
    Value x = args[0];
    Value zyxw = b.construct(g.lower(t), {g.extractLane(x, 2, t), g.extractLane(x, 1, t), g.extractLane(x, 0, t),
                                          g.extractLane(x, 3, t)});
    Value scaled = g.componentwise(spv::OpFMul, zyxw, g.constOfType(g.lower(t), 255.001953), t);
    return b.convert(spv::OpConvertFToS, g.lower(rt), scaled);
  }
  if (n == "asdouble" && args.size() == 2) {
    // Each lane: the double whose low word is lo and high word is hi.
    ir::Type v2 = g.cx_->vectorType(g.cx_->u32(), 2), f64 = g.cx_->floatType(64);
    std::vector<Value> lanes;
    for (uint32_t i = 0; i < rt->elementCount(); ++i)
      lanes.push_back(b.bitcast(f64, b.construct(v2, {g.extractLane(args[0], i, argType(0)),
                                                      g.extractLane(args[1], i, argType(1))})));
    size_t next = 0;
    return g.buildFromLeaves(rt, lanes, next);
  }
  if (n == "asuint" && args.size() == 3) {
    // asuint(double d, out uint lo, out uint hi), lane by lane (scalars, vectors, matrices).
    ir::Type v2 = g.cx_->vectorType(g.cx_->u32(), 2);
    const fe::Type* dt = argType(0);
    std::vector<Value> lo, hi;
    for (uint32_t i = 0; i < dt->elementCount(); ++i) {
      Value words = b.bitcast(v2, g.extractLane(args[0], i, dt));
      lo.push_back(b.extract(words, {0}));
      hi.push_back(b.extract(words, {1}));
    }
    const fe::Type* wordsType = types.withElement(dt, fe::ScalarKind::UInt);
    size_t next = 0;
    Value loV = g.buildFromLeaves(wordsType, lo, next);
    next = 0;
    Value hiV = g.buildFromLeaves(wordsType, hi, next);
    g.store(g.lvalue(call->args[1]), g.convertValue(loV, wordsType, argType(1)));
    g.store(g.lvalue(call->args[2]), g.convertValue(hiV, wordsType, argType(2)));
    return Value::constant(g.cx_->undef(g.lower(rt)));
  }
  if (n == "AddUint64") {
    // Pairs (low, high) of 32-bit words: add the lows, carry into the highs.
    const fe::Type* t = argType(0);
    std::vector<Value> out;
    for (uint32_t i = 0; i + 1 < t->elementCount(); i += 2) {
      Value alo = g.extractLane(args[0], i, t), ahi = g.extractLane(args[0], i + 1, t);
      Value blo = g.extractLane(args[1], i, argType(1)), bhi = g.extractLane(args[1], i + 1, argType(1));
      Value lo = b.iadd(alo, blo);
      Value carry = b.select(b.ult(lo, alo), b.constU32(1), b.constU32(0));
      out.push_back(lo);
      out.push_back(b.iadd(b.iadd(ahi, bhi), carry));
    }
    if (out.size() != rt->elementCount()) return std::nullopt;  // Sema only admits uint2/uint4
    size_t next = 0;
    return g.buildFromLeaves(rt, out, next);
  }
  if (n == "dot2add") {
    // float(a.x)*float(b.x) + float(a.y)*float(b.y) + acc: DXIL's dot2AddHalf accumulates in fp32.
    const fe::Type* f2 = types.vector(fe::ScalarKind::Float, 2);
    Value a = g.convertValue(args[0], argType(0), f2), c = g.convertValue(args[1], argType(1), f2);
    Value dot = b.spv(spv::OpDot, g.cx_->f32(), {Operand::v(a), Operand::v(c)});
    return b.fadd(dot, g.convertValue(args[2], argType(2), types.floatType()));
  }
  if (n == "dot4add_i8packed" || n == "dot4add_u8packed") {
    // Four 8-bit lanes per word, multiplied pairwise and added to the accumulator.
    const bool sgn = n == "dot4add_i8packed";
    ir::Type wt = sgn ? g.cx_->s32() : g.cx_->u32();
    Value a = b.bitcast(wt, args[0]), c = b.bitcast(wt, args[1]);
    Value sum = g.convertValue(args[2], argType(2), rt);
    if (g.lower(rt) != wt) sum = b.bitcast(wt, sum);
    for (uint32_t k = 0; k < 4; ++k) {
      auto byte = [&](Value w) {
        if (sgn) return b.shra(b.shl(w, b.constU32(24 - 8 * k)), b.constU32(24));
        return b.bitAnd(b.shr(w, b.constU32(8 * k)), b.constU32(0xFF));
      };
      sum = b.iadd(sum, b.imul(byte(a), byte(c)));
    }
    return g.lower(rt) == wt ? sum : b.bitcast(g.lower(rt), sum);
  }
  return std::nullopt;
}

Value Gen::interlocked(const fe::IntrinsicCallExpr* call, LValue dest, size_t first, int signedness) {
  // Byte-address buffer methods name their 64-bit forms InterlockedAdd64, ...: same operations.
  std::string name = call->name;
  if (name.size() > 2 && name.compare(name.size() - 2, 2, "64") == 0) name.resize(name.size() - 2);
  // Atomics on RWBuffer/RWTexture elements name the resource and the element's coordinates
  // (hlsl.resource_atomic): the binding pass, the heap pass or the DXIL emitter make the texel
  // access from the handle, declared or from a heap.
  const bool typedElement = dest.kind == LValue::Kind::TypedElement;
  if (typedElement && !dest.resource.fromHeap() && !resource(dest.resource).global.valid()) {
    error(call->loc, name + " on an element of a typed buffer or texture without a declaration of its own is not "
                            "supported yet");
    return Value::constant(cx_->undef(lower(call->type)));
  }
  if (dest.kind != LValue::Kind::Pointer && !typedElement) {
    error(call->loc, name + " on this destination (a swizzle or matrix elements) is not supported yet");
    return Value::constant(cx_->undef(lower(call->type)));
  }
  const uint32_t scope = dest.workgroup ? spv::ScopeWorkgroup : spv::ScopeDevice;
  ir::Type dt = typedElement ? lower(dest.type) : cx_->def(module_->typeOf(b_->function(), dest.ptr)).element;
  // The operation on the destination: an SPIR-V atomic on its pointer, or the typed element's op.
  auto atomicOn = [&](uint32_t op, std::vector<Value> values) -> Value {
    if (typedElement) {
      std::vector<Operand> ops{Operand::v(handle(dest.resource)), Operand::v(dest.coord), Operand::i(op)};
      for (Value v : values) ops.push_back(Operand::v(v));
      return b_->hlsl(ir::HlslOp::ResourceAtomic, dt, std::move(ops));
    }
    if (op == spv::OpAtomicCompareExchange)
      return b_->spv(spv::OpAtomicCompareExchange, dt,
                     {Operand::v(dest.ptr), Operand::v(b_->constU32(scope)), Operand::v(b_->constU32(0)),
                      Operand::v(b_->constU32(0)), Operand::v(values[0]), Operand::v(values[1])});
    return b_->atomic(op, dest.ptr, scope, 0, values[0]);
  };
  const bool destSigned = signedness >= 0 ? signedness == 1 : cx_->def(dt).kind == ir::TypeKind::Int && cx_->def(dt).isSigned;
  auto asDest = [&](size_t i) {
    Value v = rvalue(call->args[i]);
    ir::Type vt = lower(call->args[i]->type);
    if (vt != dt) v = b_->bitcast(dt, v);
    return v;
  };
  auto writeOriginal = [&](size_t i, Value old) {
    if (i >= call->args.size()) return;
    LValue out = lvalue(call->args[i]);
    ir::Type ot = lower(call->args[i]->type);
    store(out, ot == dt ? old : b_->bitcast(ot, old));
  };
  Value old;
  if (name == "InterlockedCompareExchange" || name == "InterlockedCompareStore") {
    Value cmp = asDest(first), value = asDest(first + 1);
    old = atomicOn(spv::OpAtomicCompareExchange, {value, cmp});
    if (name == "InterlockedCompareExchange") writeOriginal(first + 2, old);
    return Value::constant(cx_->undef(lower(call->type)));
  }
  uint32_t op = 0;
  if (name == "InterlockedAdd") op = spv::OpAtomicIAdd;
  else if (name == "InterlockedAnd") op = spv::OpAtomicAnd;
  else if (name == "InterlockedOr") op = spv::OpAtomicOr;
  else if (name == "InterlockedXor") op = spv::OpAtomicXor;
  else if (name == "InterlockedMin") op = destSigned ? spv::OpAtomicSMin : spv::OpAtomicUMin;
  else if (name == "InterlockedMax") op = destSigned ? spv::OpAtomicSMax : spv::OpAtomicUMax;
  else if (name == "InterlockedExchange") op = spv::OpAtomicExchange;
  else {
    error(call->loc, name + " is not supported by the SPIR-V back end yet");
    return Value::constant(cx_->undef(lower(call->type)));
  }
  old = atomicOn(op, {asDest(first)});
  writeOriginal(first + 1, old);
  return Value::constant(cx_->undef(lower(call->type)));
}

Value Gen::waveOp(const fe::IntrinsicCallExpr* call, const std::vector<Value>& args) {
  const std::string& n = call->name;
  ir::Type rt = lower(call->type);
  Value scope = b_->constU32(spv::ScopeSubgroup);
  auto group = [&](uint32_t op, uint32_t groupOp, Value v) {
    return b_->spv(op, module_->typeOf(b_->function(), v), {Operand::v(scope), Operand::i(groupOp), Operand::v(v)});
  };
  const fe::Type* at = call->args.empty() ? nullptr : call->args[0]->type;
  const bool f = at && isFloat(at), s = at && isSigned(at);
  if (n == "WaveGetLaneIndex") return builtinInput("gl_SubgroupInvocationID", spv::BuiltInSubgroupLocalInvocationId, cx_->u32());
  if (n == "WaveGetLaneCount") return builtinInput("gl_SubgroupSize", spv::BuiltInSubgroupSize, cx_->u32());
  if (n == "WaveIsFirstLane") return b_->spv(spv::OpGroupNonUniformElect, cx_->boolType(), {Operand::v(scope)});
  if (n == "WaveActiveAllTrue" || n == "WaveActiveAnyTrue")
    return b_->spv(n == "WaveActiveAllTrue" ? spv::OpGroupNonUniformAll : spv::OpGroupNonUniformAny, cx_->boolType(),
                   {Operand::v(scope), Operand::v(toBool(args[0], at))});
  if (n == "WaveActiveAllEqual") {
    if (at->elementCount() == 1)
      return b_->spv(spv::OpGroupNonUniformAllEqual, cx_->boolType(), {Operand::v(scope), Operand::v(args[0])});
    std::vector<Value> parts;
    for (uint32_t i = 0; i < at->elementCount(); ++i)
      parts.push_back(b_->spv(spv::OpGroupNonUniformAllEqual, cx_->boolType(),
                              {Operand::v(scope), Operand::v(extractLane(args[0], i, at))}));
    size_t next = 0;  // a bool matrix is an array of rows: rebuild it from its lanes
    return buildFromLeaves(call->type, parts, next);
  }
  if (n == "WaveActiveBallot")
    return b_->spv(spv::OpGroupNonUniformBallot, cx_->vectorType(cx_->u32(), 4), {Operand::v(scope), Operand::v(toBool(args[0], at))});
  if (n == "WaveActiveCountBits" || n == "WavePrefixCountBits") {
    Value ballot = b_->spv(spv::OpGroupNonUniformBallot, cx_->vectorType(cx_->u32(), 4), {Operand::v(scope), Operand::v(toBool(args[0], at))});
    return b_->spv(spv::OpGroupNonUniformBallotBitCount, cx_->u32(),
                   {Operand::v(scope), Operand::i(n == "WaveActiveCountBits" ? spv::GroupOperationReduce : spv::GroupOperationExclusiveScan),
                    Operand::v(ballot)});
  }
  if (n == "WaveMatch") {
    // OpGroupNonUniformPartitionNV (SPV_NV_shader_subgroup_partitioned), as DXC. It takes a
    // scalar or vector; a matrix's rows are matched one by one and the masks ANDed.
    ir::Type u4 = cx_->vectorType(cx_->u32(), 4);
    if (!isMultiRow(at)) return b_->spv(spv::OpGroupNonUniformPartitionNV, u4, {Operand::v(args[0])});
    Value acc;
    for (uint32_t r = 0; r < at->rows; ++r) {
      Value row = b_->extract(args[0], {r});
      Value m = b_->spv(spv::OpGroupNonUniformPartitionNV, u4, {Operand::v(row)});
      acc = r == 0 ? m : b_->bitAnd(acc, m);
    }
    return acc;
  }
  if (n == "WaveMultiPrefixCountBits") {
    // DXC's SPIR-V back end leaves this one unimplemented. The count of the lanes below this
    // one, in this lane's partition (mask), whose value is true: the ballot ANDed with the mask,
    // then BallotBitCount's ExclusiveScan (which counts the bits of the lanes below).
    ir::Type u4 = cx_->vectorType(cx_->u32(), 4);
    Value ballot = b_->spv(spv::OpGroupNonUniformBallot, u4, {Operand::v(scope), Operand::v(toBool(args[0], at))});
    return b_->spv(spv::OpGroupNonUniformBallotBitCount, cx_->u32(),
                   {Operand::v(scope), Operand::i(spv::GroupOperationExclusiveScan), Operand::v(b_->bitAnd(ballot, args[1]))});
  }
  if (n == "WaveReadLaneFirst")
    return b_->spv(spv::OpGroupNonUniformBroadcastFirst, rt, {Operand::v(scope), Operand::v(args[0])});
  if (n == "WaveReadLaneAt")
    return b_->spv(spv::OpGroupNonUniformShuffle, rt, {Operand::v(scope), Operand::v(args[0]), Operand::v(args[1])});
  if (n == "QuadReadAcrossX" || n == "QuadReadAcrossY" || n == "QuadReadAcrossDiagonal") {
    // QuadSwap direction 0/1/2, as DXC. (Mesa 22.3's llvmpipe runs each x-row of a compute
    // workgroup as its own subgroup, so on it quads never span y: Y and Diagonal read inactive lanes.)
    uint32_t dir = n == "QuadReadAcrossX" ? 0 : n == "QuadReadAcrossY" ? 1 : 2;
    return b_->spv(spv::OpGroupNonUniformQuadSwap, rt, {Operand::v(scope), Operand::v(args[0]), Operand::v(b_->constU32(dir))});
  }
  if (n == "QuadAny" || n == "QuadAll") {
    // The value OR/AND the three other lanes' (QuadSwap 0, 1, 2), as DXC does without
    // SPV_KHR_quad_control; we always take this form, which needs no optional device feature.
    const bool any = n == "QuadAny";
    Value v = toBool(args[0], at);
    Value acc = v;
    for (uint32_t dir = 0; dir < 3; ++dir) {
      Value other = b_->spv(spv::OpGroupNonUniformQuadSwap, cx_->boolType(),
                            {Operand::v(scope), Operand::v(v), Operand::v(b_->constU32(dir))});
      acc = any ? b_->logicalOr(acc, other) : b_->logicalAnd(acc, other);
    }
    return acc;
  }
  if (n == "QuadReadLaneAt")
    return b_->spv(spv::OpGroupNonUniformQuadBroadcast, rt, {Operand::v(scope), Operand::v(args[0]), Operand::v(args[1])});
  struct Arith {
    const char* name;
    uint32_t i, u, fl;
    uint32_t groupOp;
  };
  static const Arith kArith[] = {
      {"WaveActiveSum", spv::OpGroupNonUniformIAdd, spv::OpGroupNonUniformIAdd, spv::OpGroupNonUniformFAdd, spv::GroupOperationReduce},
      {"WaveActiveProduct", spv::OpGroupNonUniformIMul, spv::OpGroupNonUniformIMul, spv::OpGroupNonUniformFMul, spv::GroupOperationReduce},
      {"WaveActiveMin", spv::OpGroupNonUniformSMin, spv::OpGroupNonUniformUMin, spv::OpGroupNonUniformFMin, spv::GroupOperationReduce},
      {"WaveActiveMax", spv::OpGroupNonUniformSMax, spv::OpGroupNonUniformUMax, spv::OpGroupNonUniformFMax, spv::GroupOperationReduce},
      {"WaveActiveBitAnd", spv::OpGroupNonUniformBitwiseAnd, spv::OpGroupNonUniformBitwiseAnd, 0, spv::GroupOperationReduce},
      {"WaveActiveBitOr", spv::OpGroupNonUniformBitwiseOr, spv::OpGroupNonUniformBitwiseOr, 0, spv::GroupOperationReduce},
      {"WaveActiveBitXor", spv::OpGroupNonUniformBitwiseXor, spv::OpGroupNonUniformBitwiseXor, 0, spv::GroupOperationReduce},
      {"WavePrefixSum", spv::OpGroupNonUniformIAdd, spv::OpGroupNonUniformIAdd, spv::OpGroupNonUniformFAdd, spv::GroupOperationExclusiveScan},
      {"WavePrefixProduct", spv::OpGroupNonUniformIMul, spv::OpGroupNonUniformIMul, spv::OpGroupNonUniformFMul, spv::GroupOperationExclusiveScan},
      // SM 6.5: the scan within each lane's partition, the uint4 mask the op's last operand
      // (SPV_NV_shader_subgroup_partitioned), as DXC.
      {"WaveMultiPrefixSum", spv::OpGroupNonUniformIAdd, spv::OpGroupNonUniformIAdd, spv::OpGroupNonUniformFAdd, spv::GroupOperationPartitionedExclusiveScanNV},
      {"WaveMultiPrefixProduct", spv::OpGroupNonUniformIMul, spv::OpGroupNonUniformIMul, spv::OpGroupNonUniformFMul, spv::GroupOperationPartitionedExclusiveScanNV},
      {"WaveMultiPrefixBitAnd", spv::OpGroupNonUniformBitwiseAnd, spv::OpGroupNonUniformBitwiseAnd, 0, spv::GroupOperationPartitionedExclusiveScanNV},
      {"WaveMultiPrefixBitOr", spv::OpGroupNonUniformBitwiseOr, spv::OpGroupNonUniformBitwiseOr, 0, spv::GroupOperationPartitionedExclusiveScanNV},
      {"WaveMultiPrefixBitXor", spv::OpGroupNonUniformBitwiseXor, spv::OpGroupNonUniformBitwiseXor, 0, spv::GroupOperationPartitionedExclusiveScanNV},
  };
  for (const Arith& a : kArith) {
    if (n != a.name) continue;
    uint32_t op = f ? a.fl : s ? a.i : a.u;
    if (!op || !at->isNumeric() || isMultiRow(at)) break;
    if (a.groupOp == spv::GroupOperationPartitionedExclusiveScanNV)
      return b_->spv(op, rt, {Operand::v(scope), Operand::i(a.groupOp), Operand::v(args[0]), Operand::v(args[1])});
    return group(op, a.groupOp, args[0]);
  }
  error(call->loc, "the wave intrinsic '" + n + "' is not supported by the SPIR-V back end yet");
  return Value::constant(cx_->undef(rt));
}

Value Gen::bitOpLane(const std::string& n, Value x, const fe::Type* in, const fe::Type* out) {
  ir::Type u32 = cx_->u32();
  const bool sgn = isSigned(in);
  const uint32_t width = scalarWidth(in->scalar);
  Value none = b_->constU32(0xFFFFFFFFu);
  auto finish = [&](Value r) { return lower(out) == u32 ? r : convertValue(r, unit_.context->types.uintType(), out); };
  if (width == 16) {
    ir::Type u16 = cx_->intType(16, false);
    Value bits = lower(in) == u16 ? x : b_->bitcast(u16, x);
    Value w = b_->convert(spv::OpUConvert, u32, bits);
    if (n == "countbits") return finish(b_->spv(spv::OpBitCount, u32, {Operand::v(w)}));
    if (n == "firstbitlow") return finish(b_->glsl(GLSLstd450FindILsb, u32, {w}));
    if (n == "firstbithigh") {
      if (!sgn) return finish(b_->glsl(GLSLstd450FindUMsb, u32, {w}));
      Value sw = b_->convert(spv::OpSConvert, cx_->s32(), b_->bitcast(cx_->intType(16, true), bits));
      return finish(b_->bitcast(u32, b_->glsl(GLSLstd450FindSMsb, cx_->s32(), {sw})));
    }
    Value r = b_->shr(b_->spv(spv::OpBitReverse, u32, {Operand::v(w)}), b_->constU32(16));
    Value r16 = b_->convert(spv::OpUConvert, u16, r);
    return lower(out) == u16 ? r16 : b_->bitcast(lower(out), r16);
  }
  // 64-bit: two 32-bit halves.
  ir::Type u64 = cx_->intType(64, false);
  ir::Type v2 = cx_->vectorType(u32, 2);
  Value bits = lower(in) == u64 ? x : b_->bitcast(u64, x);
  if (n == "firstbithigh" && sgn) {
    // Negative values search for the first 0 bit: search ~x instead.
    Value neg = b_->compare(spv::OpSLessThan, b_->bitcast(cx_->intType(64, true), bits),
                            Value::constant(cx_->intConst(cx_->intType(64, true), 0)));
    bits = b_->select(neg, b_->unary(spv::OpNot, bits), bits);
  }
  Value halves = b_->bitcast(v2, bits);
  Value lo = b_->extract(halves, {0}), hi = b_->extract(halves, {1});
  if (n == "countbits")
    return finish(b_->iadd(b_->spv(spv::OpBitCount, u32, {Operand::v(lo)}), b_->spv(spv::OpBitCount, u32, {Operand::v(hi)})));
  if (n == "firstbitlow") {
    Value l = b_->glsl(GLSLstd450FindILsb, u32, {lo});
    Value h = b_->glsl(GLSLstd450FindILsb, u32, {hi});
    Value hAdj = b_->select(b_->ieq(h, none), none, b_->iadd(h, b_->constU32(32)));
    return finish(b_->select(b_->ine(l, none), l, hAdj));
  }
  if (n == "firstbithigh") {
    Value h = b_->glsl(GLSLstd450FindUMsb, u32, {hi});
    Value l = b_->glsl(GLSLstd450FindUMsb, u32, {lo});
    return finish(b_->select(b_->ine(h, none), b_->iadd(h, b_->constU32(32)), l));
  }
  Value rlo = b_->spv(spv::OpBitReverse, u32, {Operand::v(hi)});
  Value rhi = b_->spv(spv::OpBitReverse, u32, {Operand::v(lo)});
  Value r = b_->bitcast(u64, b_->construct(v2, {rlo, rhi}));
  return lower(out) == u64 ? r : b_->bitcast(lower(out), r);
}

Value Gen::intrinsic(const fe::IntrinsicCallExpr* call) {
  if (call->object) return resourceMethod(call);
  const std::string& n = call->name;
  const fe::Type* rt = call->type;
  auto undef = [&]() { return Value::constant(cx_->undef(lower(rt))); };

  // Intrinsics whose first argument is a destination, not a value.
  if (n.rfind("Interlocked", 0) == 0) {
    LValue dest = lvalue(call->args[0]);
    return interlocked(call, dest, 1);
  }
  if (n == "GroupMemoryBarrier" || n == "GroupMemoryBarrierWithGroupSync" || n == "DeviceMemoryBarrier" ||
      n == "DeviceMemoryBarrierWithGroupSync" || n == "AllMemoryBarrier" || n == "AllMemoryBarrierWithGroupSync") {
    const bool group = n.rfind("Group", 0) == 0, all = n.rfind("All", 0) == 0;
    const uint32_t memScope = group ? spv::ScopeWorkgroup : spv::ScopeDevice;
    const uint32_t semantics = group ? 0x108u : all ? 0x948u : 0x848u;
    if (n.find("WithGroupSync") != std::string::npos) b_->controlBarrier(spv::ScopeWorkgroup, memScope, semantics);
    else b_->memoryBarrier(memScope, semantics);
    return undef();
  }

  if (n == "printf") {
    printfCall(call);
    return undef();
  }

  std::vector<Value> args;
  std::vector<const fe::Type*> types;
  for (size_t i = 0; i < call->args.size(); ++i) {
    const bool in = i >= call->directions.size() || call->directions[i] == fe::ParamDirection::In;
    args.push_back(in ? rvalue(call->args[i]) : Value());
    types.push_back(call->args[i]->type);
  }
  setLoc(call);
  if (auto stage = stageIntrinsic(call, args)) return *stage;  // ddx/ddy/fwidth/clip (GenStageIO.cpp)
  if (n.rfind("Wave", 0) == 0 || n.rfind("Quad", 0) == 0) return waveOp(call, args);
  const fe::Type* t0 = types.empty() ? rt : types[0];  // may be re-shaped below
  const bool f = isFloat(t0), s = isSigned(t0);
  auto g1 = [&](uint32_t inst) { return glslOp(*this, inst, rt, args, types); };

  if (n == "NonUniformResourceIndex") return b_->nonUniform(args[0]);
  if (n == "IsHelperLane") {
    // Only pixel shaders have helper lanes. Before SPIR-V 1.6 the HelperInvocation builtin may
    // not change after a demote, so DXC (and we) use OpIsHelperInvocationEXT there; from 1.6 on
    // the builtin is Volatile and read directly.
    const fe::FunctionDecl* entry = unit_.entry && unit_.entry->definition ? unit_.entry->definition : unit_.entry;
    if (!entry || entry->stage != fe::ShaderStage::Pixel) return b_->constBool(false);
    if (options_.spirvMinor < 6) return b_->spv(spv::OpIsHelperInvocationEXT, cx_->boolType(), {});
    const bool first = !builtins_.count("gl_HelperInvocation");
    Value helper = builtinInput("gl_HelperInvocation", spv::BuiltInHelperInvocation, cx_->boolType());
    if (first) b_->decorate(builtins_["gl_HelperInvocation"], spv::DecorationVolatile);
    return helper;
  }
  if (n == "abs") return f ? g1(GLSLstd450FAbs) : s ? g1(GLSLstd450SAbs) : args[0];
  if (n == "sign") {
    if (f) {
      Value v = glslOp(*this, GLSLstd450FSign, t0, args, types);
      return convertValue(v, t0, rt);
    }
    if (s) return convertValue(glslOp(*this, GLSLstd450SSign, t0, args, types), t0, rt);
    // Unsigned: (x > 0) ? 1 : 0 in the int result type, as DXC; integer matrices (arrays of
    // rows in SPIR-V) row by row, since OpUGreaterThan/OpSelect take no arrays.
    auto positive = [&](Value x, ir::Type xt, ir::Type it) {
      return b_->select(b_->ugt(x, zeroOf(xt)), oneOf(it), zeroOf(it));
    };
    if (!isMultiRow(t0)) return positive(args[0], lower(t0), lower(rt));
    std::vector<Value> rows;
    for (uint32_t r = 0; r < t0->rows; ++r)
      rows.push_back(positive(b_->extract(args[0], {r}), cx_->def(lower(t0)).element, cx_->def(lower(rt)).element));
    return b_->construct(lower(rt), rows);
  }
  if (n == "min") return g1(f ? GLSLstd450NMin : s ? GLSLstd450SMin : GLSLstd450UMin);
  if (n == "max") return g1(f ? GLSLstd450NMax : s ? GLSLstd450SMax : GLSLstd450UMax);
  if (n == "clamp") return g1(f ? GLSLstd450NClamp : s ? GLSLstd450SClamp : GLSLstd450UClamp);
  if (n == "saturate") {
    std::vector<Value> a{args[0], zeroOf(lower(rt)), oneOf(lower(rt))};
    return glslOp(*this, GLSLstd450FClamp, rt, a, {rt, rt, rt});
  }
  static const std::pair<const char*, uint32_t> kUnary[] = {
      {"floor", GLSLstd450Floor}, {"ceil", GLSLstd450Ceil}, {"trunc", GLSLstd450Trunc}, {"round", GLSLstd450RoundEven},
      {"frac", GLSLstd450Fract}, {"sqrt", GLSLstd450Sqrt}, {"rsqrt", GLSLstd450InverseSqrt}, {"exp", GLSLstd450Exp},
      {"exp2", GLSLstd450Exp2}, {"log", GLSLstd450Log}, {"log2", GLSLstd450Log2}, {"sin", GLSLstd450Sin},
      {"cos", GLSLstd450Cos}, {"tan", GLSLstd450Tan}, {"asin", GLSLstd450Asin}, {"acos", GLSLstd450Acos},
      {"atan", GLSLstd450Atan}, {"sinh", GLSLstd450Sinh}, {"cosh", GLSLstd450Cosh}, {"tanh", GLSLstd450Tanh},
      {"degrees", GLSLstd450Degrees}, {"radians", GLSLstd450Radians}, {"pow", GLSLstd450Pow},
      {"atan2", GLSLstd450Atan2}, {"step", GLSLstd450Step}, {"smoothstep", GLSLstd450SmoothStep},
      {"lerp", GLSLstd450FMix}, {"fma", GLSLstd450Fma}, {"cross", GLSLstd450Cross}, {"normalize", GLSLstd450Normalize},
      {"reflect", GLSLstd450Reflect}, {"faceforward", GLSLstd450FaceForward}, {"determinant", GLSLstd450Determinant},
  };
  if (n == "atan" && f) {
    // HLSL's atan(NaN) is NaN; GLSL.std.450 Atan leaves NaN inputs undefined without the
    // SignedZeroInfNanPreserve mode (llvmpipe returns 0), so keep a NaN argument explicitly.
    Value a = g1(GLSLstd450Atan);
    if (isMultiRow(rt)) return a;  // matrices: no OpIsNan on them; rare enough to leave as DXC does
    return b_->select(b_->spv(spv::OpIsNan, lower(unit_.context->types.withElement(rt, fe::ScalarKind::Bool)),
                              {Operand::v(args[0])}),
                      args[0], a);
  }
  for (const auto& [name, inst] : kUnary)
    if (n == name) return g1(inst);
  if (n == "length" || n == "distance") {
    if (n == "distance") return b_->glsl(GLSLstd450Distance, lower(rt), args);
    return b_->glsl(GLSLstd450Length, lower(rt), {args[0]});
  }
  if (n == "refract") return b_->glsl(GLSLstd450Refract, lower(rt), args);
  if (n == "log10") {
    Value l = g1(GLSLstd450Log2);
    return componentwise(spv::OpFMul, l, constOfType(lower(rt), 0.30102999566398119521), rt);
  }
  if (n == "rcp") return componentwise(spv::OpFDiv, oneOf(lower(rt)), args[0], rt);
  if (n == "fmod") return componentwise(spv::OpFRem, args[0], args[1], rt);
  if (n == "ldexp") {
    // HLSL's exponent is a float (fractional and NaN exponents count): x * exp2(e), as DXC emits.
    Value e = convertValue(args[1], types[1], rt);
    return componentwise(spv::OpFMul, args[0], glslOp(*this, GLSLstd450Exp2, rt, {e}, {rt}), rt);
  }
  if (n == "mad") {
    if (f) {
      Value v = g1(GLSLstd450Fma);
      if (v.kind == ir::ValueKind::InstResult) b_->decorate(v, spv::DecorationNoContraction);
      return v;
    }
    Value m = componentwise(spv::OpIMul, args[0], args[1], rt);
    return markMultiplyAdd(componentwise(spv::OpIAdd, m, args[2], rt));
  }
  if (n == "dot") {
    if (f && t0->isVector() && t0->cols > 1) return b_->spv(spv::OpDot, lower(rt), {Operand::v(args[0]), Operand::v(args[1])});
    Value sum;
    for (uint32_t i = 0; i < t0->elementCount(); ++i) {
      Value p = f ? b_->fmul(extractLane(args[0], i, t0), extractLane(args[1], i, t0))
                  : b_->imul(extractLane(args[0], i, t0), extractLane(args[1], i, t0));
      sum = sum.valid() ? (f ? b_->fadd(sum, p) : markMultiplyAdd(b_->iadd(p, sum))) : p;
    }
    return sum;
  }
  if (n == "mul") return mul(*this, call, args[0], args[1]);
  if (n == "transpose") {
    if (f && isMultiRow(t0)) return b_->spv(spv::OpTranspose, lower(rt), {Operand::v(args[0])});
    std::vector<Value> leaves;
    for (unsigned c = 0; c < t0->cols; ++c)
      for (unsigned r = 0; r < t0->rows; ++r) leaves.push_back(extractLane(args[0], r * t0->cols + c, t0));
    size_t next = 0;
    return buildFromLeaves(rt, leaves, next);
  }
  if (std::optional<Value> v = floatPartsIntrinsic(call, args)) return *v;  // GenFloatParts.cpp
  if (n == "all" || n == "any") {
    Value v = toBool(args[0], t0);
    const uint32_t op = n == "all" ? spv::OpAll : spv::OpAny;
    if (isMultiRow(t0)) {
      Value acc;
      for (uint32_t r = 0; r < t0->rows; ++r) {
        Value rowv = b_->spv(op, cx_->boolType(), {Operand::v(b_->extract(v, {r}))});
        acc = acc.valid() ? b_->binary(n == "all" ? spv::OpLogicalAnd : spv::OpLogicalOr, acc, rowv) : rowv;
      }
      return acc;
    }
    if (t0->elementCount() == 1) return v;
    return b_->spv(op, cx_->boolType(), {Operand::v(v)});
  }
  if (n == "and" || n == "or") {
    Value a = toBool(args[0], t0), c = toBool(args[1], types[1]);
    return componentwise(n == "and" ? spv::OpLogicalAnd : spv::OpLogicalOr, a, c, unit_.context->types.withElement(rt, fe::ScalarKind::Bool));
  }
  if (n == "select" && rt->isAggregate()) {
    // select(bool, S, S) on structs and arrays (proposal 0040): select leaf by leaf, which is
    // valid in every SPIR-V version (OpSelect on composites needs 1.4).
    Value c = convertValue(args[0], t0, unit_.context->types.boolType());
    std::vector<Value> t = flattenValue(args[1], rt), e = flattenValue(args[2], rt), leaves;
    for (size_t i = 0; i < t.size() && i < e.size(); ++i) leaves.push_back(b_->select(c, t[i], e[i]));
    size_t next = 0;
    return buildFromLeaves(rt, leaves, next);
  }
  if (n == "select") {
    // Arms and condition take the result's shape (scalars splat).
    const fe::Type* boolShape = unit_.context->types.withElement(rt, fe::ScalarKind::Bool);
    Value c = convertValue(args[0], t0, boolShape);
    args[1] = convertValue(args[1], types[1], rt);
    args[2] = convertValue(args[2], types[2], rt);
    t0 = boolShape;
    if (isMultiRow(rt)) {
      std::vector<Value> rows;
      for (uint32_t r = 0; r < rt->rows; ++r)
        rows.push_back(b_->select(b_->extract(c, {r}), b_->extract(args[1], {r}), b_->extract(args[2], {r})));
      return b_->construct(lower(rt), rows);
    }
    if (t0->elementCount() == 1 && rt->elementCount() > 1) c = splat(c, unit_.context->types.withElement(rt, fe::ScalarKind::Bool));
    return b_->select(c, args[1], args[2]);
  }
  if ((n == "countbits" || n == "reversebits" || n == "firstbithigh" || n == "firstbitlow") &&
      scalarWidth(t0->scalar) != 32) {
    // The SPIR-V bit instructions are 32-bit only: widen 16-bit values, split 64-bit ones.
    std::vector<Value> lanes;
    const fe::Type* laneIn = unit_.context->types.scalar(t0->scalar);
    const fe::Type* laneOut = unit_.context->types.scalar(rt->scalar);
    for (uint32_t i = 0; i < t0->elementCount(); ++i)
      lanes.push_back(bitOpLane(n, extractLane(args[0], i, t0), laneIn, laneOut));
    if (lanes.size() == 1) return lanes[0];
    size_t next = 0;
    return buildFromLeaves(rt, lanes, next);
  }
  if (n == "countbits") return b_->spv(spv::OpBitCount, lower(rt), {Operand::v(args[0])});
  if (n == "reversebits") return b_->spv(spv::OpBitReverse, lower(rt), {Operand::v(args[0])});
  if (n == "firstbithigh") {
    Value v = b_->glsl(s ? GLSLstd450FindSMsb : GLSLstd450FindUMsb, lower(t0), {args[0]});
    return lower(t0) == lower(rt) ? v : b_->bitcast(lower(rt), v);
  }
  if (n == "firstbitlow") {
    Value v = b_->glsl(GLSLstd450FindILsb, lower(t0), {args[0]});
    return lower(t0) == lower(rt) ? v : b_->bitcast(lower(rt), v);
  }
  if (std::optional<Value> v = packingIntrinsic(*this, call, args)) return *v;
  if (std::optional<Value> v = emulatedIntrinsic(call, args)) return *v;  // GenEmulatedIntrinsics.cpp
  if (n == "asuint" || n == "asint" || n == "asfloat" || n == "asfloat16" || n == "asint16" || n == "asuint16") {
    if (args.size() != 1) {
      error(call->loc, n + " with " + std::to_string(args.size()) + " arguments is not supported yet");
      return undef();
    }
    if (lower(t0) == lower(rt)) return args[0];
    if (isMultiRow(rt)) {
      std::vector<Value> rows;
      ir::Type rowType = cx_->def(lower(rt)).element;
      for (uint32_t r = 0; r < rt->rows; ++r) rows.push_back(b_->bitcast(rowType, b_->extract(args[0], {r})));
      return b_->construct(lower(rt), rows);
    }
    return b_->bitcast(lower(rt), args[0]);
  }
  if (n == "f32tof16" || n == "f16tof32") {
    std::vector<Value> parts;
    ir::Type v2 = cx_->vectorType(cx_->f32(), 2);
    for (uint32_t i = 0; i < rt->elementCount(); ++i) {
      Value x = extractLane(args[0], i, t0);
      if (n == "f32tof16") parts.push_back(b_->glsl(GLSLstd450PackHalf2x16, cx_->u32(), {b_->construct(v2, {x, b_->constF32(0)})}));
      else parts.push_back(b_->extract(b_->glsl(GLSLstd450UnpackHalf2x16, v2, {x}), {0}));
    }
    size_t next = 0;
    return buildFromLeaves(rt, parts, next);
  }
  if (n == "sincos") {
    Value s0 = glslOp(*this, GLSLstd450Sin, t0, {args[0]}, {t0});
    Value c0 = glslOp(*this, GLSLstd450Cos, t0, {args[0]}, {t0});
    store(lvalue(call->args[1]), convertValue(s0, t0, call->args[1]->type));
    store(lvalue(call->args[2]), convertValue(c0, t0, call->args[2]->type));
    return undef();
  }
  if (n == "GetAttributeAtVertex") {
    // Needs the attribute declared as a PerVertexKHR array input (SPV_KHR_fragment_shader_
    // barycentric), which stage I/O generation does not make yet.
    error(call->loc, "GetAttributeAtVertex is not supported by the SPIR-V back end yet (it needs per-vertex "
                     "pixel shader inputs, SPV_KHR_fragment_shader_barycentric)");
    return undef();
  }
  error(call->loc, "the intrinsic '" + n + "' is not supported by the SPIR-V back end yet");
  return undef();
}

}  // namespace sl::irgen
