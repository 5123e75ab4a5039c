#include "core/dxil/rootsig/RootSignaturePrinter.h"

#include "core/dxil/rootsig/RootSignatureNames.h"

#include <cstdio>
#include <cstdlib>

namespace sl::dxil::rootsig {
namespace {

// Shortest text that reads back as the same float (the printer's output must round-trip).
std::string floatText(float f) {
  char buf[32];
  for (int precision = 6; precision <= 9; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, double(f));
    if (std::strtof(buf, nullptr) == f) break;
  }
  std::string s = buf;
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

std::string count(uint32_t n) { return n == kUnbounded ? "unbounded" : std::to_string(n); }
std::string offset(uint32_t o) { return o == kOffsetAppend ? "DESCRIPTOR_RANGE_OFFSET_APPEND" : std::to_string(o); }
std::string visibility(Visibility v) { return nameOfValue(visibilityNames(), uint32_t(v)); }

char registerClass(RangeType type) {
  switch (type) {
    case RangeType::SRV: return 't';
    case RangeType::UAV: return 'u';
    case RangeType::CBV: return 'b';
    case RangeType::Sampler: return 's';
  }
  return '?';
}

}  // namespace

std::vector<std::string> printRootSignature(const RootSignature& rs) {
  const bool v11 = rs.version == Version::V1_1;
  std::vector<std::string> lines;
  lines.push_back("RootFlags(" + flagNames(rootFlagNames(), rs.flags) + ")");
  for (const RootParameter& p : rs.parameters) {
    const std::string vis = "visibility = " + visibility(p.visibility);
    switch (p.type) {
      case ParameterType::Constants32Bit:
        lines.push_back("RootConstants(num32BitConstants = " + std::to_string(p.constants.num32BitValues) + ", b" +
                        std::to_string(p.constants.shaderRegister) + ", space = " + std::to_string(p.constants.space) +
                        ", " + vis + ")");
        break;
      case ParameterType::CBV:
      case ParameterType::SRV:
      case ParameterType::UAV: {
        const char cls = p.type == ParameterType::CBV ? 'b' : p.type == ParameterType::SRV ? 't' : 'u';
        std::string line = std::string(parameterTypeName(p.type)) + "(" + cls + std::to_string(p.descriptor.shaderRegister) +
                           ", space = " + std::to_string(p.descriptor.space);
        if (v11) line += ", flags = " + flagNames(descriptorFlagNames(), p.descriptor.flags);
        lines.push_back(line + ", " + vis + ")");
        break;
      }
      case ParameterType::DescriptorTable:
        lines.push_back("DescriptorTable(" + vis + (p.ranges.empty() ? ")" : ","));
        for (size_t i = 0; i < p.ranges.size(); ++i) {
          const DescriptorRange& r = p.ranges[i];
          std::string line = "  " + std::string(rangeTypeName(r.type)) + "(" + registerClass(r.type) +
                             std::to_string(r.baseRegister) + ", numDescriptors = " + count(r.numDescriptors) +
                             ", space = " + std::to_string(r.space);
          if (v11) line += ", flags = " + flagNames(rangeFlagNames(), r.flags);
          line += ", offset = " + offset(r.offset) + ")";
          lines.push_back(line + (i + 1 == p.ranges.size() ? ")" : ","));
        }
        break;
    }
  }
  for (const StaticSampler& s : rs.samplers) {
    lines.push_back("StaticSampler(s" + std::to_string(s.shaderRegister) + ", filter = " + filterName(s.filter) +
                    ", addressU = " + nameOfValue(addressModeNames(), s.addressU) +
                    ", addressV = " + nameOfValue(addressModeNames(), s.addressV) +
                    ", addressW = " + nameOfValue(addressModeNames(), s.addressW) +
                    ", mipLODBias = " + floatText(s.mipLODBias) + ", maxAnisotropy = " + std::to_string(s.maxAnisotropy) +
                    ", comparisonFunc = " + nameOfValue(comparisonFuncNames(), s.comparisonFunc) +
                    ", borderColor = " + nameOfValue(borderColorNames(), s.borderColor) + ", minLOD = " + floatText(s.minLOD) +
                    ", maxLOD = " + floatText(s.maxLOD) + ", space = " + std::to_string(s.space) + ", visibility = " +
                    visibility(s.visibility) + ")");
  }
  // Clauses are separated by commas, so the lines together are one valid root-signature string.
  for (size_t i = 0; i + 1 < lines.size(); ++i)
    if (lines[i + 1].rfind("  ", 0) != 0) lines[i] += ",";
  return lines;
}

}  // namespace sl::dxil::rootsig
