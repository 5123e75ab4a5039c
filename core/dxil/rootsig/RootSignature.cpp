#include "core/dxil/rootsig/RootSignature.h"

namespace sl::dxil::rootsig {

std::string_view parameterTypeName(ParameterType type) {
  switch (type) {
    case ParameterType::DescriptorTable: return "DescriptorTable";
    case ParameterType::Constants32Bit: return "Constants32Bit";
    case ParameterType::CBV: return "CBV";
    case ParameterType::SRV: return "SRV";
    case ParameterType::UAV: return "UAV";
  }
  return "?";
}

std::string_view visibilityName(Visibility visibility) {
  static constexpr std::string_view kNames[] = {"All", "Vertex", "Hull", "Domain", "Geometry", "Pixel", "Amplification", "Mesh"};
  uint32_t v = uint32_t(visibility);
  return v < 8 ? kNames[v] : "?";
}

std::string_view rangeTypeName(RangeType type) {
  static constexpr std::string_view kNames[] = {"SRV", "UAV", "CBV", "Sampler"};
  uint32_t v = uint32_t(type);
  return v < 4 ? kNames[v] : "?";
}

}  // namespace sl::dxil::rootsig
