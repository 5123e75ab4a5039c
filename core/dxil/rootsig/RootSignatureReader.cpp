#include "core/dxil/rootsig/RootSignatureReader.h"

#include <bit>

namespace sl::dxil::rootsig {
namespace {

class Words {
 public:
  explicit Words(std::span<const uint8_t> bytes) : bytes_(bytes) {}
  // Whether `count` records of `words` u32 each fit at byte `offset` (overflow-safe).
  bool fits(uint64_t offset, uint64_t count, uint64_t words) const {
    return offset % 4 == 0 && offset <= bytes_.size() && count * words * 4 <= bytes_.size() - offset;
  }
  uint32_t at(uint64_t byteOffset, uint64_t index) const {
    uint64_t o = byteOffset + index * 4;
    return uint32_t(bytes_[o]) | uint32_t(bytes_[o + 1]) << 8 | uint32_t(bytes_[o + 2]) << 16 | uint32_t(bytes_[o + 3]) << 24;
  }

 private:
  std::span<const uint8_t> bytes_;
};

}  // namespace

std::optional<RootSignature> readRootSignature(std::span<const uint8_t> payload, std::string& error) {
  const Words in(payload);
  if (!in.fits(0, 1, 6)) {
    error = "RTS0: the part is smaller than its 24-byte header";
    return std::nullopt;
  }
  RootSignature rs;
  const uint32_t version = in.at(0, 0);
  if (version != uint32_t(Version::V1_0) && version != uint32_t(Version::V1_1)) {
    error = "RTS0: unknown root signature version " + std::to_string(version) + " (1 = 1.0, 2 = 1.1)";
    return std::nullopt;
  }
  rs.version = Version(version);
  const bool v11 = rs.version == Version::V1_1;
  const uint32_t numParameters = in.at(0, 1), parameters = in.at(0, 2);
  const uint32_t numSamplers = in.at(0, 3), samplers = in.at(0, 4);
  rs.flags = in.at(0, 5);
  if (!in.fits(parameters, numParameters, 3)) {
    error = "RTS0: " + std::to_string(numParameters) + " root parameters at offset " + std::to_string(parameters) +
            " do not fit in the part";
    return std::nullopt;
  }
  for (uint32_t i = 0; i < numParameters; ++i) {
    RootParameter& p = rs.parameters.emplace_back();
    const uint32_t type = in.at(parameters, 3 * i), payloadOffset = in.at(parameters, 3 * i + 2);
    if (type > uint32_t(ParameterType::UAV)) {
      error = "RTS0: root parameter " + std::to_string(i) + " has unknown type " + std::to_string(type);
      return std::nullopt;
    }
    p.type = ParameterType(type);
    p.visibility = Visibility(in.at(parameters, 3 * i + 1));
    const auto payloadError = [&] {
      error = "RTS0: the payload of root parameter " + std::to_string(i) + " at offset " + std::to_string(payloadOffset) +
              " does not fit in the part";
    };
    switch (p.type) {
      case ParameterType::Constants32Bit:
        if (!in.fits(payloadOffset, 1, 3)) return payloadError(), std::nullopt;
        p.constants = {in.at(payloadOffset, 0), in.at(payloadOffset, 1), in.at(payloadOffset, 2)};
        break;
      case ParameterType::CBV:
      case ParameterType::SRV:
      case ParameterType::UAV:
        if (!in.fits(payloadOffset, 1, v11 ? 3 : 2)) return payloadError(), std::nullopt;
        p.descriptor = {in.at(payloadOffset, 0), in.at(payloadOffset, 1), v11 ? in.at(payloadOffset, 2) : 0};
        break;
      case ParameterType::DescriptorTable: {
        if (!in.fits(payloadOffset, 1, 2)) return payloadError(), std::nullopt;
        const uint32_t numRanges = in.at(payloadOffset, 0), ranges = in.at(payloadOffset, 1);
        const uint32_t rangeWords = v11 ? 6 : 5;
        if (!in.fits(ranges, numRanges, rangeWords)) {
          error = "RTS0: the " + std::to_string(numRanges) + " ranges of root parameter " + std::to_string(i) +
                  " do not fit in the part";
          return std::nullopt;
        }
        for (uint32_t r = 0; r < numRanges; ++r) {
          DescriptorRange& range = p.ranges.emplace_back();
          uint32_t w = rangeWords * r;
          range.type = RangeType(in.at(ranges, w++));
          range.numDescriptors = in.at(ranges, w++);
          range.baseRegister = in.at(ranges, w++);
          range.space = in.at(ranges, w++);
          range.flags = v11 ? in.at(ranges, w++) : 0;
          range.offset = in.at(ranges, w++);
        }
        break;
      }
    }
  }
  if (!in.fits(samplers, numSamplers, 13)) {
    error = "RTS0: " + std::to_string(numSamplers) + " static samplers at offset " + std::to_string(samplers) +
            " do not fit in the part";
    return std::nullopt;
  }
  for (uint32_t i = 0; i < numSamplers; ++i) {
    StaticSampler& s = rs.samplers.emplace_back();
    const uint64_t w = 13ull * i;
    s.filter = in.at(samplers, w + 0);
    s.addressU = in.at(samplers, w + 1);
    s.addressV = in.at(samplers, w + 2);
    s.addressW = in.at(samplers, w + 3);
    s.mipLODBias = std::bit_cast<float>(in.at(samplers, w + 4));
    s.maxAnisotropy = in.at(samplers, w + 5);
    s.comparisonFunc = in.at(samplers, w + 6);
    s.borderColor = in.at(samplers, w + 7);
    s.minLOD = std::bit_cast<float>(in.at(samplers, w + 8));
    s.maxLOD = std::bit_cast<float>(in.at(samplers, w + 9));
    s.shaderRegister = in.at(samplers, w + 10);
    s.space = in.at(samplers, w + 11);
    s.visibility = Visibility(in.at(samplers, w + 12));
  }
  return rs;
}

}  // namespace sl::dxil::rootsig
