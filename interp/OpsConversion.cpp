// Conversions and bitcasts. Float-to-integer conversions of NaN or out-of-range values are
// undefined in SPIR-V; the CPU device saturates (NaN gives 0), as D3D's ftoi/ftou and most GPUs do.
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/OpsCommon.h"

namespace sl::interp {

namespace {

// Reads component k of a value whose scalar is `s` as a double / signed / unsigned 64-bit value.
double readAsDouble(const uint8_t* p, Scalar s) {
  switch (s) {
    case Scalar::F16: return float(loadValue<Half>(p));
    case Scalar::F32: return load<float>(p);
    case Scalar::F64: return load<double>(p);
    default: return 0;
  }
}
uint64_t readBits(const uint8_t* p, uint32_t bytes) {
  uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}
int64_t readSigned(const uint8_t* p, uint32_t width) {
  const uint64_t v = readBits(p, width / 8);
  if (width == 64) return int64_t(v);
  const uint64_t sign = uint64_t(1) << (width - 1);
  return int64_t((v ^ sign) - sign);
}

template <class T>
T saturate(double v) {
  if (std::isnan(v)) return 0;
  if (v <= double(std::numeric_limits<T>::min())) return std::numeric_limits<T>::min();
  // Compare in double against the first value past the range (exact for every T).
  const double limit = std::ldexp(1.0, std::numeric_limits<T>::digits);
  if (v >= limit) return std::numeric_limits<T>::max();
  return T(v);
}

void writeInt(uint8_t* p, uint32_t width, bool isSigned, double v) {
  switch (width) {
    case 8: isSigned ? store<int8_t>(p, saturate<int8_t>(v)) : store<uint8_t>(p, saturate<uint8_t>(v)); break;
    case 16: isSigned ? store<int16_t>(p, saturate<int16_t>(v)) : store<uint16_t>(p, saturate<uint16_t>(v)); break;
    case 32: isSigned ? store<int32_t>(p, saturate<int32_t>(v)) : store<uint32_t>(p, saturate<uint32_t>(v)); break;
    default: isSigned ? store<int64_t>(p, saturate<int64_t>(v)) : store<uint64_t>(p, saturate<uint64_t>(v)); break;
  }
}

void writeFloat(uint8_t* p, Scalar s, double v, bool flush) {
  switch (s) {
    case Scalar::F16: storeValue(p, Half(float(v))); break;
    case Scalar::F32: {
      float f = float(v);
      store<float>(p, flush ? flushDenormal(f) : f);
      break;
    }
    default: store<double>(p, v); break;
  }
}

// aux: components; aux2: from-scalar | to-scalar << 8.
void convert(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t n = inst.aux;
  const Scalar from = Scalar(inst.aux2 & 0xff), to = Scalar(inst.aux2 >> 8);
  const uint32_t fromBytes = intWidth(from) / 8, toBytes = intWidth(to) / 8;
  const auto op = spv::Op(inst.opcode);
  const bool flush = exec.flushFp32();
  forActive(exec, [&](uint32_t lane) {
    for (uint32_t k = 0; k < n; ++k) {
      const uint8_t* in = a.at(lane) + k * fromBytes;
      uint8_t* out = r.at(lane) + k * toBytes;
      switch (op) {
        case spv::OpConvertFToU:
        case spv::OpConvertFToS: {
          double v = readAsDouble(in, from);
          if (flush && from == Scalar::F32) v = flushDenormal(float(v));
          writeInt(out, intWidth(to), op == spv::OpConvertFToS, v);
          break;
        }
        case spv::OpConvertSToF:
        case spv::OpConvertUToF: {
          // 64-bit integers to float round once, directly (not through double).
          const bool isSigned = op == spv::OpConvertSToF;
          if (to == Scalar::F32) {
            const float f = isSigned ? float(readSigned(in, intWidth(from))) : float(readBits(in, fromBytes));
            store<float>(out, f);
          } else if (to == Scalar::F16) {
            const float f = isSigned ? float(readSigned(in, intWidth(from))) : float(readBits(in, fromBytes));
            storeValue(out, Half(f));
          } else {
            store<double>(out, isSigned ? double(readSigned(in, intWidth(from))) : double(readBits(in, fromBytes)));
          }
          break;
        }
        case spv::OpUConvert: {
          const uint64_t v = readBits(in, fromBytes);
          std::memcpy(out, &v, toBytes);
          break;
        }
        case spv::OpSConvert: {
          const int64_t v = readSigned(in, intWidth(from));
          std::memcpy(out, &v, toBytes);
          break;
        }
        case spv::OpFConvert: {
          double v = readAsDouble(in, from);
          if (flush && from == Scalar::F32) v = flushDenormal(float(v));
          if (to == Scalar::F16 && from == Scalar::F64) {
            // Round once: double -> half through float could round twice.
            // Round to odd into float (truncate, then set the sticky bit when inexact): the
            // float then rounds to the correctly rounded half.
            float f = float(v);
            if (!std::isnan(v) && !std::isinf(f) && double(f) != v) {
              if (std::fabs(double(f)) > std::fabs(v)) f = std::nextafter(f, 0.0f);
              f = std::bit_cast<float>(std::bit_cast<uint32_t>(f) | 1u);
              storeValue(out, Half(f));
              break;
            }
          }
          writeFloat(out, to, v, flush);
          break;
        }
        case spv::OpQuantizeToF16: {
          const float f = load<float>(in);
          float q = Half(f);
          // Denormal halves flush to zero (the spec allows either; most GPUs flush).
          if (q != 0 && std::fabs(q) < 6.103515625e-05f) q = std::copysign(0.0f, q);
          store<float>(out, q);
          break;
        }
        default:
          break;
      }
    }
  });
}

void bitcast(SubgroupExec& exec, const Inst& inst) {
  const Ref a = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t size = inst.result.stride;
  forActive(exec, [&](uint32_t lane) { std::memcpy(r.at(lane), a.at(lane), size); });
}

}  // namespace

bool bindConversion(BindContext& c) {
  Inst& inst = c.inst;
  const auto op = spv::Op(inst.opcode);
  switch (op) {
    case spv::OpConvertFToU:
    case spv::OpConvertFToS:
    case spv::OpConvertSToF:
    case spv::OpConvertUToF:
    case spv::OpUConvert:
    case spv::OpSConvert:
    case spv::OpFConvert:
    case spv::OpQuantizeToF16: {
      const Scalar from = scalarOf(c.module, c.operandType(0)), to = scalarOf(c.module, inst.typeId);
      if (from == Scalar::Other || to == Scalar::Other || from == Scalar::Bool || to == Scalar::Bool) {
        c.error = "conversion between unsupported types";
        return false;
      }
      inst.aux = componentsOf(c.module, inst.typeId);
      inst.aux2 = uint32_t(from) | uint32_t(to) << 8;
      inst.handler = convert;
      return true;
    }
    case spv::OpBitcast: {
      if (c.module.type(c.operandType(0)).size != c.module.type(inst.typeId).size) {
        // Pointer <-> integer bitcasts need physical addressing.
        return false;
      }
      inst.handler = bitcast;
      return true;
    }
    default:
      return false;
  }
}

}  // namespace sl::interp
