// Texel layout and format conversion (interp/ImageAccess.h): where a texel lies in an image's
// memory, and the Vulkan spec's fixed-point and floating-point conversions between a texel
// format and the shader's values.
#include <algorithm>
#include <cmath>
#include <limits>

#include "interp/ImageAccess.h"
#include "interp/OpsCommon.h"

namespace sl::interp::image {

namespace {

// a * b, false on overflow.
bool multiply(uint64_t a, uint64_t b, uint64_t& out) {
  if (a != 0 && b > std::numeric_limits<uint64_t>::max() / a) return false;
  out = a * b;
  return true;
}

uint64_t readBits(const uint8_t* p, uint32_t bits) {
  switch (bits) {  // fixed-size loads: little-endian host, as the executor assumes throughout
    case 8: return *p;
    case 16: return load<uint16_t>(p);
    case 32: return load<uint32_t>(p);
    default: return load<uint64_t>(p);
  }
}
void writeBits(uint8_t* p, uint32_t bits, uint64_t v) {
  switch (bits) {
    case 8: *p = uint8_t(v); break;
    case 16: store<uint16_t>(p, uint16_t(v)); break;
    case 32: store<uint32_t>(p, uint32_t(v)); break;
    default: store<uint64_t>(p, v); break;
  }
}

int64_t signExtend(uint64_t v, uint32_t bits) {
  if (bits >= 64) return int64_t(v);
  const uint64_t sign = uint64_t(1) << (bits - 1);
  return int64_t((v ^ sign) - sign);
}

// 2^bits - 1 and 2^(bits-1) - 1 (the normalized formats' scales).
double unormScale(uint32_t bits) { return bits >= 64 ? 18446744073709551615.0 : double((uint64_t(1) << bits) - 1); }
double snormScale(uint32_t bits) { return double((uint64_t(1) << (bits - 1)) - 1); }

// c / scale for a normalized value c. For 8 and 16 bits a multiplication by the reciprocal gives
// the same float result as the division: c / (2^b - 1) lies at least 2^-26 / (2^b - 1) (relative)
// from any float rounding midpoint, far more than the two double ULPs the reciprocal costs.
double normalize(double c, uint32_t bits, bool isSigned) {
  switch (bits) {
    case 8: return c * (isSigned ? 1.0 / 127.0 : 1.0 / 255.0);
    case 16: return c * (isSigned ? 1.0 / 32767.0 : 1.0 / 65535.0);
    default: return c / (isSigned ? snormScale(bits) : unormScale(bits));
  }
}

// Round to nearest even of a value already clamped to the format's range.
double roundEven(double v) { return std::nearbyint(v); }

void substituteMissing(const TexelFormat& format, Texel& t) {
  if (format.isInteger()) {
    for (uint32_t c = format.channels; c < 4; ++c) t.i[c] = c == 3 ? 1 : 0;
  } else {
    for (uint32_t c = format.channels; c < 4; ++c) t.f[c] = c == 3 ? 1.0 : 0.0;
  }
}

// An integer value saturated to `bits` signed or unsigned; sets `clamped` when it changed.
uint64_t saturate(uint64_t value, bool valueSigned, uint32_t bits, bool formatSigned, bool& clamped) {
  if (formatSigned) {
    const int64_t max = bits >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (bits - 1)) - 1;
    const int64_t min = -max - 1;
    if (!valueSigned && value > uint64_t(max)) return clamped = true, uint64_t(max);
    const int64_t v = int64_t(value);
    if (valueSigned && (v > max || v < min)) return clamped = true, uint64_t(v > max ? max : min);
    return value;
  }
  const uint64_t max = bits >= 64 ? std::numeric_limits<uint64_t>::max() : (uint64_t(1) << bits) - 1;
  if (valueSigned && int64_t(value) < 0) return clamped = true, 0;
  if (value > max) return clamped = true, max;
  return value;
}

// A float saturated to a 64-bit integer (NaN gives 0).
uint64_t floatToInteger(double v, bool toSigned) {
  if (!(v == v)) return 0;
  if (toSigned) {
    if (v >= 9223372036854775807.0) return uint64_t(std::numeric_limits<int64_t>::max());
    if (v <= -9223372036854775808.0) return uint64_t(std::numeric_limits<int64_t>::min());
    return uint64_t(int64_t(v));
  }
  if (v <= 0) return 0;
  if (v >= 18446744073709551615.0) return std::numeric_limits<uint64_t>::max();
  return uint64_t(v);
}

}  // namespace

bool ImageView::init(const ImageResource& image, std::string& problem) {
  resource = &image;
  format = image.format;
  if (!format.valid()) {
    problem = "has no valid texel format";
    return false;
  }
  texelBytes = format.texelBytes();
  if (image.width == 0 || image.height == 0 || image.depth == 0 || image.layers == 0 || image.mipLevels == 0 || image.samples == 0) {
    problem = "has a zero dimension";
    return false;
  }
  if (image.mipLevels > kMaxMips) {
    problem = "has " + std::to_string(image.mipLevels) + " mip levels (at most " + std::to_string(kMaxMips) + ")";
    return false;
  }
  layers = image.layers;
  mipLevels = image.mipLevels;
  samples = image.samples;
  uint64_t offset = 0;
  for (uint32_t m = 0; m < mipLevels; ++m) {
    Level& l = levels[m];
    l.width = std::max(1u, image.width >> m);
    l.height = std::max(1u, image.height >> m);
    l.depth = std::max(1u, image.depth >> m);
    l.offset = offset;
    uint64_t bytes = texelBytes;
    if (!multiply(bytes, l.width, bytes) || !multiply(bytes, l.height, bytes) || !multiply(bytes, l.depth, bytes) ||
        !multiply(bytes, layers, bytes) || !multiply(bytes, samples, bytes) || offset + bytes < offset) {
      problem = "is too large to address";
      return false;
    }
    offset += bytes;
  }
  if (offset > image.size || (!image.data && offset)) {
    problem = "holds " + std::to_string(image.data ? image.size : 0) + " bytes but its dimensions need " + std::to_string(offset);
    return false;
  }
  return true;
}

void decodeTexel(const TexelFormat& format, const uint8_t* p, Extend extend, Texel& out) {
  const uint32_t bits = format.bits, bytes = bits / 8;
  switch (format.kind) {
    case TexelFormat::Kind::UInt:
    case TexelFormat::Kind::SInt: {
      const bool sign = extend == Extend::Sign || (extend == Extend::Format && format.kind == TexelFormat::Kind::SInt);
      for (uint32_t c = 0; c < format.channels; ++c) {
        const uint64_t raw = readBits(p + c * bytes, bits);
        out.i[c] = sign ? uint64_t(signExtend(raw, bits)) : raw;
      }
      break;
    }
    case TexelFormat::Kind::UNorm: {
      for (uint32_t c = 0; c < format.channels; ++c) out.f[c] = normalize(double(readBits(p + c * bytes, bits)), bits, false);
      break;
    }
    case TexelFormat::Kind::SNorm: {
      // The most negative value and the one above it both read as -1.0.
      for (uint32_t c = 0; c < format.channels; ++c)
        out.f[c] = std::max(normalize(double(signExtend(readBits(p + c * bytes, bits), bits)), bits, true), -1.0);
      break;
    }
    case TexelFormat::Kind::Float:
      for (uint32_t c = 0; c < format.channels; ++c) {
        const uint8_t* at = p + c * bytes;
        if (bits == 16) out.f[c] = Half::toFloat(uint16_t(readBits(at, 16)));
        else if (bits == 32) out.f[c] = load<float>(at);
        else out.f[c] = load<double>(at);
      }
      break;
    case TexelFormat::Kind::Unknown:
      out = Texel{};
      return;
  }
  substituteMissing(format, out);
}

void zeroTexel(const TexelFormat& format, Texel& out) {
  out = Texel{};
  substituteMissing(format, out);
}

void borderTexel(const TexelFormat& format, SamplerResource::Border border, Texel& out) {
  const bool alpha = border != SamplerResource::Border::TransparentBlack;
  const bool white = border == SamplerResource::Border::OpaqueWhite;
  for (uint32_t c = 0; c < 4; ++c) {
    const bool one = c == 3 ? alpha : white;
    if (format.isInteger()) out.i[c] = one ? 1 : 0;
    else out.f[c] = one ? 1.0 : 0.0;
  }
  // Border replacement fills the format's components; the others read as for any texel.
  substituteMissing(format, out);
}

uint32_t encodeTexel(const TexelFormat& format, const TexelValue& value, uint8_t* p) {
  const uint32_t bits = format.bits, bytes = bits / 8;
  uint32_t issues = 0;
  const bool formatInteger = format.isInteger();
  if (formatInteger != value.integer) issues |= kEncodeMismatch;
  for (uint32_t c = 0; c < format.channels; ++c) {
    uint8_t* at = p + c * bytes;
    if (formatInteger) {
      const bool formatSigned = format.kind == TexelFormat::Kind::SInt;
      uint64_t v = 0;
      bool valueSigned = value.isSigned;
      if (value.integer) {
        v = value.texel.i[c];
      } else {
        v = floatToInteger(value.texel.f[c], formatSigned);
        valueSigned = formatSigned;
      }
      bool clamped = false;
      v = saturate(v, valueSigned, bits, formatSigned, clamped);
      if (clamped) issues |= kEncodeClamped;
      writeBits(at, bits, v);
      continue;
    }
    double v = value.integer ? (value.isSigned ? double(int64_t(value.texel.i[c])) : double(value.texel.i[c])) : value.texel.f[c];
    switch (format.kind) {
      case TexelFormat::Kind::UNorm: {
        v = v == v ? std::clamp(v, 0.0, 1.0) : 0.0;
        writeBits(at, bits, floatToInteger(roundEven(v * unormScale(bits)), false));
        break;
      }
      case TexelFormat::Kind::SNorm: {
        v = v == v ? std::clamp(v, -1.0, 1.0) : 0.0;
        writeBits(at, bits, floatToInteger(roundEven(v * snormScale(bits)), true));
        break;
      }
      case TexelFormat::Kind::Float:
        if (bits == 16) writeBits(at, 16, Half::fromFloat(float(v)));
        else if (bits == 32) store<float>(at, float(v));
        else store<double>(at, v);
        break;
      default:
        break;
    }
  }
  return issues;
}

}  // namespace sl::interp::image
