#include "core/dxil/rootsig/RootSignatureWriter.h"

#include <bit>
#include <cstring>

namespace sl::dxil::rootsig {
namespace {

// A growing buffer of u32 words; blocks are reserved first and filled in later, so offsets can
// point forward (the parameter headers point at payloads written after them).
class WordBuffer {
 public:
  uint32_t reserve(size_t words) {
    uint32_t offset = uint32_t(words_.size() * 4);
    words_.resize(words_.size() + words, 0);
    return offset;
  }
  void set(uint32_t byteOffset, size_t index, uint32_t value) { words_[byteOffset / 4 + index] = value; }
  uint32_t size() const { return uint32_t(words_.size() * 4); }
  std::vector<uint8_t> bytes() const {
    std::vector<uint8_t> out(words_.size() * 4);
    for (size_t i = 0; i < words_.size(); ++i)
      for (int b = 0; b < 4; ++b) out[i * 4 + b] = uint8_t(words_[i] >> (8 * b));
    return out;
  }

 private:
  std::vector<uint32_t> words_;
};

uint32_t floatBits(float f) { return std::bit_cast<uint32_t>(f); }

}  // namespace

std::vector<uint8_t> serializeRootSignature(const RootSignature& rs) {
  const bool v11 = rs.version == Version::V1_1;
  WordBuffer out;
  const uint32_t header = out.reserve(6);
  const uint32_t parameters = out.reserve(3 * rs.parameters.size());
  out.set(header, 0, uint32_t(rs.version));
  out.set(header, 1, uint32_t(rs.parameters.size()));
  out.set(header, 2, parameters);
  out.set(header, 3, uint32_t(rs.samplers.size()));
  out.set(header, 5, rs.flags);

  for (size_t i = 0; i < rs.parameters.size(); ++i) {
    const RootParameter& p = rs.parameters[i];
    out.set(parameters, 3 * i + 0, uint32_t(p.type));
    out.set(parameters, 3 * i + 1, uint32_t(p.visibility));
    uint32_t payload = 0;
    switch (p.type) {
      case ParameterType::Constants32Bit:
        payload = out.reserve(3);
        out.set(payload, 0, p.constants.shaderRegister);
        out.set(payload, 1, p.constants.space);
        out.set(payload, 2, p.constants.num32BitValues);
        break;
      case ParameterType::CBV:
      case ParameterType::SRV:
      case ParameterType::UAV:
        payload = out.reserve(v11 ? 3 : 2);
        out.set(payload, 0, p.descriptor.shaderRegister);
        out.set(payload, 1, p.descriptor.space);
        if (v11) out.set(payload, 2, p.descriptor.flags);
        break;
      case ParameterType::DescriptorTable: {
        payload = out.reserve(2);
        const size_t rangeWords = v11 ? 6 : 5;
        const uint32_t ranges = out.reserve(rangeWords * p.ranges.size());
        out.set(payload, 0, uint32_t(p.ranges.size()));
        out.set(payload, 1, ranges);
        for (size_t r = 0; r < p.ranges.size(); ++r) {
          const DescriptorRange& range = p.ranges[r];
          size_t w = rangeWords * r;
          out.set(ranges, w++, uint32_t(range.type));
          out.set(ranges, w++, range.numDescriptors);
          out.set(ranges, w++, range.baseRegister);
          out.set(ranges, w++, range.space);
          if (v11) out.set(ranges, w++, range.flags);
          out.set(ranges, w++, range.offset);
        }
        break;
      }
    }
    out.set(parameters, 3 * i + 2, payload);
  }

  const uint32_t samplers = out.reserve(13 * rs.samplers.size());
  out.set(header, 4, samplers);
  for (size_t i = 0; i < rs.samplers.size(); ++i) {
    const StaticSampler& s = rs.samplers[i];
    const uint32_t words[13] = {s.filter,         s.addressU,   s.addressV,           s.addressW,          floatBits(s.mipLODBias),
                                s.maxAnisotropy,  s.comparisonFunc, s.borderColor,    floatBits(s.minLOD), floatBits(s.maxLOD),
                                s.shaderRegister, s.space,      uint32_t(s.visibility)};
    for (size_t w = 0; w < 13; ++w) out.set(samplers, 13 * i + w, words[w]);
  }
  return out.bytes();
}

}  // namespace sl::dxil::rootsig
