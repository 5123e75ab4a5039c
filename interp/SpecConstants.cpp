// OpSpecConstantOp, evaluated once the specialization values are in the pool: the integer,
// boolean and composite operations the Shader capability allows (SPIR-V 2.12 / OpSpecConstantOp).
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/SpecConstants.h"

#include <cstring>

namespace sl::interp {

namespace {

uint64_t truncate(uint64_t v, uint32_t width) { return width >= 64 ? v : v & ((uint64_t(1) << width) - 1); }
int64_t signExtend(uint64_t v, uint32_t width) {
  if (width >= 64) return int64_t(v);
  const uint64_t sign = uint64_t(1) << (width - 1);
  v = truncate(v, width);
  return int64_t((v ^ sign) - sign);
}

}  // namespace

std::string evaluateSpecConstantOps(Module& m, std::span<const uint32_t> words, const std::vector<uint32_t>& offsets) {
  for (uint32_t at : offsets) {
    const uint32_t count = words[at] >> 16;
    if (count < 4) return "word " + std::to_string(at) + ": OpSpecConstantOp is too short";
    const uint32_t typeId = words[at + 1], id = words[at + 2];
    const auto op = spv::Op(words[at + 3]);
    const Type& type = m.type(typeId);
    uint8_t* out = m.constants.data() + m.constantOffset[id];
    std::vector<uint32_t> ids(words.begin() + at + 4, words.begin() + at + count);
    auto valueOf = [&](size_t i, const Type*& t) -> const uint8_t* {
      if (i >= ids.size() || ids[i] >= m.bound || m.constantOffset[ids[i]] == ~0u) return nullptr;
      t = &m.type(m.typeOf[ids[i]]);
      return m.constants.data() + m.constantOffset[ids[i]];
    };
    const std::string where = "word " + std::to_string(at) + ": OpSpecConstantOp ";
    if (op == spv::OpCompositeExtract || op == spv::OpCompositeInsert || op == spv::OpVectorShuffle) {
      const Type* t = nullptr;
      const uint8_t* composite = valueOf(op == spv::OpCompositeInsert ? 1 : 0, t);
      if (!composite) return where + "operand is not a constant";
      if (op == spv::OpVectorShuffle) {
        const Type* t2 = nullptr;
        const uint8_t* second = valueOf(1, t2);
        if (!second) return where + "operand is not a constant";
        const uint32_t component = m.type(type.element).size;
        for (size_t k = 2; k < ids.size(); ++k) {
          const uint32_t c = ids[k];
          const uint8_t* from = c < t->count ? composite + c * component : c < t->count + t2->count ? second + (c - t->count) * component : nullptr;
          if (from) std::memcpy(out + (k - 2) * component, from, component);
        }
        continue;
      }
      uint32_t offset = 0;
      const Type* walk = t;
      for (size_t k = op == spv::OpCompositeInsert ? 2 : 1; k < ids.size(); ++k) {
        const uint32_t index = ids[k];
        if (walk->kind == TypeKind::Struct) {
          if (index >= walk->members.size()) return where + "index out of range";
          for (uint32_t j = 0; j < index; ++j) offset += m.type(walk->members[j]).size;
          walk = &m.type(walk->members[index]);
        } else {
          if (index >= walk->count) return where + "index out of range";
          walk = &m.type(walk->element);
          offset += index * walk->size;
        }
      }
      if (op == spv::OpCompositeExtract) {
        std::memcpy(out, composite + offset, type.size);
      } else {
        const Type* object = nullptr;
        const uint8_t* value = valueOf(0, object);
        if (!value) return where + "operand is not a constant";
        std::memcpy(out, composite, type.size);
        std::memcpy(out + offset, value, walk->size);
      }
      continue;
    }
    // Component-wise scalar operations over integers and booleans.
    const uint32_t components = type.components ? type.components : 1;
    const Type& resultScalar = m.type(type.scalar ? type.scalar : typeId);
    for (uint32_t c = 0; c < components; ++c) {
      uint64_t v[3] = {0, 0, 0};
      uint32_t widths[3] = {0, 0, 0};
      bool signedness[3] = {false, false, false};
      for (size_t i = 0; i < ids.size() && i < 3; ++i) {
        const Type* t = nullptr;
        const uint8_t* p = valueOf(i, t);
        if (!p) return where + "operand is not a constant";
        const Type& scalar = m.type(t->scalar ? t->scalar : t->id);
        const uint32_t size = scalar.kind == TypeKind::Bool ? 1 : scalar.width / 8;
        const uint32_t comp = t->components > 1 ? c : 0;
        std::memcpy(&v[i], p + comp * size, size);
        widths[i] = scalar.kind == TypeKind::Bool ? 1 : scalar.width;
        signedness[i] = scalar.isSigned;
      }
      const uint32_t w = resultScalar.kind == TypeKind::Bool ? 1 : resultScalar.width;
      const int64_t s0 = signExtend(v[0], widths[0] ? widths[0] : 64), s1 = signExtend(v[1], widths[1] ? widths[1] : 64);
      const uint32_t shift = uint32_t(v[1] % std::max<uint32_t>(w, 1));
      uint64_t r = 0;
      switch (op) {
        case spv::OpSConvert: r = uint64_t(s0); break;
        case spv::OpUConvert: r = v[0]; break;
        case spv::OpSNegate: r = uint64_t(-s0); break;
        case spv::OpNot: r = ~v[0]; break;
        case spv::OpIAdd: r = v[0] + v[1]; break;
        case spv::OpISub: r = v[0] - v[1]; break;
        case spv::OpIMul: r = v[0] * v[1]; break;
        case spv::OpUDiv: r = v[1] ? v[0] / v[1] : ~uint64_t(0); break;
        case spv::OpSDiv: r = s1 ? uint64_t(s1 == -1 ? -s0 : s0 / s1) : ~uint64_t(0); break;
        case spv::OpUMod: r = v[1] ? v[0] % v[1] : ~uint64_t(0); break;
        case spv::OpSRem: r = s1 && s1 != -1 ? uint64_t(s0 % s1) : 0; break;
        case spv::OpSMod: {
          int64_t q = s1 && s1 != -1 ? s0 % s1 : 0;
          if (q != 0 && ((q < 0) != (s1 < 0))) q += s1;
          r = uint64_t(q);
          break;
        }
        case spv::OpShiftRightLogical: r = truncate(v[0], w) >> shift; break;
        case spv::OpShiftRightArithmetic: r = uint64_t(signExtend(v[0], w) >> shift); break;
        case spv::OpShiftLeftLogical: r = v[0] << shift; break;
        case spv::OpBitwiseOr: r = v[0] | v[1]; break;
        case spv::OpBitwiseXor: r = v[0] ^ v[1]; break;
        case spv::OpBitwiseAnd: r = v[0] & v[1]; break;
        case spv::OpLogicalOr: r = (v[0] | v[1]) != 0; break;
        case spv::OpLogicalAnd: r = v[0] && v[1]; break;
        case spv::OpLogicalNot: r = !v[0]; break;
        case spv::OpLogicalEqual: r = (v[0] != 0) == (v[1] != 0); break;
        case spv::OpLogicalNotEqual: r = (v[0] != 0) != (v[1] != 0); break;
        case spv::OpSelect: r = v[0] ? v[1] : v[2]; break;
        case spv::OpIEqual: r = truncate(v[0], widths[0]) == truncate(v[1], widths[1]); break;
        case spv::OpINotEqual: r = truncate(v[0], widths[0]) != truncate(v[1], widths[1]); break;
        case spv::OpULessThan: r = v[0] < v[1]; break;
        case spv::OpSLessThan: r = s0 < s1; break;
        case spv::OpUGreaterThan: r = v[0] > v[1]; break;
        case spv::OpSGreaterThan: r = s0 > s1; break;
        case spv::OpULessThanEqual: r = v[0] <= v[1]; break;
        case spv::OpSLessThanEqual: r = s0 <= s1; break;
        case spv::OpUGreaterThanEqual: r = v[0] >= v[1]; break;
        case spv::OpSGreaterThanEqual: r = s0 >= s1; break;
        default:
          return where + "operation " + std::to_string(uint32_t(op)) + " is not supported";
      }
      (void)signedness;
      const uint32_t size = resultScalar.kind == TypeKind::Bool ? 1 : resultScalar.width / 8;
      if (resultScalar.kind == TypeKind::Bool) r = r != 0;
      r = truncate(r, size * 8);
      std::memcpy(out + c * size, &r, size);
    }
  }
  return "";
}

}  // namespace sl::interp
