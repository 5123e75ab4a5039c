#include "core/dxil/rootsig/RootSignatureValidator.h"

#include <cmath>
#include <string>
#include <vector>

namespace sl::dxil::rootsig {
namespace {

constexpr uint32_t kReservedSpaceStart = 0xFFFFFFF0u;
constexpr uint32_t kValidRangeFlags = range_flags::kDescriptorsVolatile | range_flags::kDataVolatile |
                                      range_flags::kDataStaticWhileSetAtExecute | range_flags::kDataStatic |
                                      range_flags::kDescriptorsStaticKeepingBufferBoundsChecks;
constexpr uint32_t kValidDescriptorFlags =
    descriptor_flags::kDataVolatile | descriptor_flags::kDataStaticWhileSetAtExecute | descriptor_flags::kDataStatic;

std::string_view upperVisibility(Visibility v) {
  static constexpr std::string_view kNames[] = {"ALL", "VERTEX", "HULL", "DOMAIN", "GEOMETRY", "PIXEL", "AMPLIFICATION", "MESH"};
  return uint32_t(v) < 8 ? kNames[uint32_t(v)] : "?";
}

int dataFlagCount(uint32_t flags) {
  return int((flags & 0x2) != 0) + int((flags & 0x4) != 0) + int((flags & 0x8) != 0);
}

// One register range claimed by a parameter, a table slot or a static sampler.
struct Claim {
  RangeType type;
  Visibility visibility;
  uint32_t space, lower, upper;  // inclusive
  std::string who;               // "root parameter 2, table range 1", for the message
};

class Validator {
 public:
  std::optional<RootSignatureError> run(const RootSignature& rs) {
    for (size_t i = 0; i < rs.parameters.size(); ++i) {
      const RootParameter& p = rs.parameters[i];
      const std::string param = "root parameter " + std::to_string(i);
      switch (p.type) {
        case ParameterType::DescriptorTable:
          if (!checkTable(p, param)) return error_;
          for (size_t r = 0; r < p.ranges.size(); ++r) {
            const DescriptorRange& range = p.ranges[r];
            const std::string who = param + ", table range " + std::to_string(r);
            if (!checkRangeFlags(range, who)) return error_;
            const uint32_t upper = range.numDescriptors == kUnbounded ? 0xFFFFFFFFu : range.baseRegister + range.numDescriptors - 1;
            if (!claim({range.type, p.visibility, range.space, range.baseRegister, upper, who}, range.sourceOffset)) return error_;
          }
          break;
        case ParameterType::Constants32Bit:
          if (!claim({RangeType::CBV, p.visibility, p.constants.space, p.constants.shaderRegister, p.constants.shaderRegister, param},
                     p.sourceOffset))
            return error_;
          break;
        case ParameterType::CBV:
        case ParameterType::SRV:
        case ParameterType::UAV: {
          const uint32_t flags = p.descriptor.flags;
          if (flags & ~kValidDescriptorFlags) return fail(p.sourceOffset, "unsupported root descriptor flag bits (" + param + ")");
          if (dataFlagCount(flags) > 1)
            return fail(p.sourceOffset, "a root descriptor takes at most one DATA_* flag (" + param + ")");
          const RangeType type = p.type == ParameterType::CBV ? RangeType::CBV : p.type == ParameterType::SRV ? RangeType::SRV : RangeType::UAV;
          if (!claim({type, p.visibility, p.descriptor.space, p.descriptor.shaderRegister, p.descriptor.shaderRegister, param},
                     p.sourceOffset))
            return error_;
          break;
        }
      }
    }
    for (size_t i = 0; i < rs.samplers.size(); ++i) {
      const StaticSampler& s = rs.samplers[i];
      const std::string who = "static sampler " + std::to_string(i);
      if (std::isnan(s.mipLODBias) || s.mipLODBias < -16.0f || s.mipLODBias > 15.99f)
        return fail(s.sourceOffset, "mipLODBias must be in [-16, 15.99] (" + who + ")");
      if (s.maxAnisotropy > 16) return fail(s.sourceOffset, "maxAnisotropy must be at most 16 (" + who + ")");
      if (std::isnan(s.minLOD) || std::isnan(s.maxLOD)) return fail(s.sourceOffset, "minLOD and maxLOD must not be NaN (" + who + ")");
      if (!claim({RangeType::Sampler, s.visibility, s.space, s.shaderRegister, s.shaderRegister, who}, s.sourceOffset)) return error_;
    }
    return std::nullopt;
  }

 private:
  std::optional<RootSignatureError> fail(uint32_t offset, std::string message) {
    error_ = RootSignatureError{offset, 0, std::move(message)};
    return error_;
  }

  bool checkTable(const RootParameter& p, const std::string& param) {
    bool samplers = false, resources = false;
    uint64_t appendAt = 0;  // where an APPEND range starts: after the previous range
    for (size_t r = 0; r < p.ranges.size(); ++r) {
      const DescriptorRange& range = p.ranges[r];
      const std::string who = param + ", table range " + std::to_string(r);
      (range.type == RangeType::Sampler ? samplers : resources) = true;
      if (samplers && resources)
        return !fail(range.sourceOffset, "sampler ranges cannot share a descriptor table with CBV/SRV/UAV ranges (" + param + ")");
      if (range.numDescriptors == 0) return !fail(range.sourceOffset, "numDescriptors cannot be 0 (" + who + ")");
      const uint64_t start = range.offset == kOffsetAppend ? appendAt : range.offset;
      if (start > 0xFFFFFFFFu)
        return !fail(range.sourceOffset, "a range cannot be appended after an unbounded range; give it an offset (" + who + ")");
      if (range.numDescriptors == kUnbounded) {
        appendAt = uint64_t(1) << 32;
        continue;
      }
      if (uint64_t(range.baseRegister) + range.numDescriptors - 1 > 0xFFFFFFFFu)
        return !fail(range.sourceOffset, "register range overflows: base register " + std::to_string(range.baseRegister) + " + " +
                                             std::to_string(range.numDescriptors) + " descriptors (" + who + ")");
      if (start + range.numDescriptors - 1 > 0xFFFFFFFFu)
        return !fail(range.sourceOffset, "descriptor range overflows the table (" + who + ")");
      appendAt = start + range.numDescriptors;
    }
    return true;
  }

  bool checkRangeFlags(const DescriptorRange& range, const std::string& who) {
    const uint32_t flags = range.flags;
    if (flags & ~kValidRangeFlags) return !fail(range.sourceOffset, "unsupported descriptor range flag bits (" + who + ")");
    if (range.type == RangeType::Sampler) {
      if (flags & (range_flags::kDataVolatile | range_flags::kDataStatic | range_flags::kDataStaticWhileSetAtExecute))
        return !fail(range.sourceOffset, "sampler ranges take no DATA_* flags: samplers point at no data (" + who + ")");
      return true;
    }
    if (dataFlagCount(flags) > 1) return !fail(range.sourceOffset, "a descriptor range takes at most one DATA_* flag (" + who + ")");
    if ((flags & range_flags::kDataStatic) && (flags & range_flags::kDescriptorsVolatile))
      return !fail(range.sourceOffset, "DATA_STATIC cannot be combined with DESCRIPTORS_VOLATILE (" + who + ")");
    return true;
  }

  // Records `c`; false when its space is reserved or it overlaps an earlier claim of its type
  // whose visibility meets its own (ALL meets every visibility).
  bool claim(const Claim& c, uint32_t offset) {
    if (c.space >= kReservedSpaceStart)
      return !fail(offset, "register space " + std::to_string(c.space) +
                               " is reserved for the system (0xFFFFFFF0 to 0xFFFFFFFF; " + c.who + ")");
    for (const Claim& other : claims_) {
      if (other.type != c.type || other.space != c.space) continue;
      const bool meet = c.visibility == Visibility::All || other.visibility == Visibility::All || c.visibility == other.visibility;
      if (!meet || c.upper < other.lower || c.lower > other.upper) continue;
      return !fail(offset, std::string(rangeTypeName(c.type)) + " registers of " + c.who + " (visibility " +
                               std::string(upperVisibility(c.visibility)) + ") overlap those of " + other.who + " (visibility " +
                               std::string(upperVisibility(other.visibility)) + ")");
    }
    claims_.push_back(c);
    return true;
  }

  std::vector<Claim> claims_;
  RootSignatureError error_;
};

}  // namespace

std::optional<RootSignatureError> validateRootSignature(const RootSignature& signature) { return Validator().run(signature); }

}  // namespace sl::dxil::rootsig
