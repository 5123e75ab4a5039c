// Intrinsics with no SPIR-V instruction, emulated with plain integer and float instructions:
// msad4 (SM 5's masked sum of absolute byte differences) and the D3D9 lighting helpers lit and
// dst. The semantics are D3D's, as DXC's DXIL lowering (HLOperationLower.cpp) and FXC implement
// them. DXC's SPIR-V back end differs in two places, both of which we do not copy: its msad4
// builds the byte windows of `source` with left shifts (FXC and DXIL shift right), and its lit
// multiplies n_dot_h by m where D3D raises it to the power m.
#include "core/irgen/Gen.h"

#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

using ir::Value;

std::optional<Value> Gen::emulatedIntrinsic(const fe::IntrinsicCallExpr* call, const std::vector<Value>& args) {
  const std::string& n = call->name;
  fe::TypeContext& types = unit_.context->types;
  if (n == "msad4") {
    // msad4(uint reference, uint2 source, uint4 accum): window i is the 4 bytes of the 8-byte
    // source starting at byte i; each lane adds |ref.byte[j] - window.byte[j]| over the bytes
    // whose reference byte is not 0.
    const fe::Type* uintT = types.uintType();
    Value ref = convertValue(args[0], call->args[0]->type, uintT);
    Value src = convertValue(args[1], call->args[1]->type, types.vector(fe::ScalarKind::UInt, 2));
    Value acc = convertValue(args[2], call->args[2]->type, types.vector(fe::ScalarKind::UInt, 4));
    Value x = b_->extract(src, {0});
    Value y = b_->extract(src, {1});
    auto byteOf = [&](Value w, uint32_t k) {
      Value shifted = k == 0 ? w : b_->shr(w, b_->constU32(8 * k));
      return b_->bitAnd(shifted, b_->constU32(0xFF));
    };
    // (x >> 8i) | (y << (32 - 8i)): the 4 bytes from byte i of the 8-byte value y:x.
    auto windowOf = [&](uint32_t i) {
      if (i == 0) return x;
      Value low = b_->shr(x, b_->constU32(8 * i));
      Value high = b_->shl(y, b_->constU32(32 - 8 * i));
      return b_->bitOr(low, high);
    };
    Value refBytes[4], refZero[4];
    for (uint32_t k = 0; k < 4; ++k) {
      refBytes[k] = byteOf(ref, k);
      refZero[k] = b_->ieq(refBytes[k], b_->constU32(0));
    }
    std::vector<Value> lanes;
    for (uint32_t i = 0; i < 4; ++i) {
      Value window = windowOf(i);
      Value sum = b_->extract(acc, {i});
      for (uint32_t k = 0; k < 4; ++k) {
        Value s = byteOf(window, k);
        Value greater = b_->ugt(refBytes[k], s);
        Value down = b_->isub(refBytes[k], s);
        Value up = b_->isub(s, refBytes[k]);
        Value diff = b_->select(greater, down, up);
        Value masked = b_->select(refZero[k], b_->constU32(0), diff);
        sum = b_->iadd(sum, masked);
      }
      lanes.push_back(sum);
    }
    Value r = b_->construct(cx_->vectorType(cx_->u32(), 4), lanes);
    return convertValue(r, types.vector(fe::ScalarKind::UInt, 4), call->type);
  }
  if (n == "lit") {
    // (1, n.l < 0 ? 0 : n.l, (n.l < 0 || n.h < 0) ? 0 : pow(n.h, m), 1).
    const fe::Type* f = types.floatType();
    Value nl = convertValue(args[0], call->args[0]->type, f);
    Value nh = convertValue(args[1], call->args[1]->type, f);
    Value m = convertValue(args[2], call->args[2]->type, f);
    Value zero = b_->constF32(0), one = b_->constF32(1);
    Value nlNegative = b_->flt(nl, zero);
    Value diffuse = b_->select(nlNegative, zero, nl);
    Value nhNegative = b_->flt(nh, zero);
    Value either = b_->logicalOr(nlNegative, nhNegative);
    // pow of a negative base is undefined in SPIR-V; that case is selected away, so raise 1.
    Value base = b_->select(either, one, nh);
    Value power = b_->glsl(GLSLstd450Pow, cx_->f32(), {base, m});
    Value specular = b_->select(either, zero, power);
    Value r = b_->construct(cx_->vectorType(cx_->f32(), 4), {one, diffuse, specular, one});
    return convertValue(r, types.vector(fe::ScalarKind::Float, 4), call->type);
  }
  if (n == "dst") {
    // (1, a.y * b.y, a.z, b.w).
    const fe::Type* t = call->type;
    Value a = convertValue(args[0], call->args[0]->type, t), c = convertValue(args[1], call->args[1]->type, t);
    Value ay = b_->extract(a, {1}), cy = b_->extract(c, {1});
    Value az = b_->extract(a, {2}), cw = b_->extract(c, {3});
    Value y = b_->fmul(ay, cy);
    return b_->construct(lower(t), {oneOf(lower(types.scalar(t->scalar))), y, az, cw});
  }
  return std::nullopt;
}

}  // namespace sl::irgen
