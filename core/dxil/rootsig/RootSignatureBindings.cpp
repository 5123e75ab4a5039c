#include "core/dxil/rootsig/RootSignatureBindings.h"

#include <vector>

namespace sl::dxil::rootsig {
namespace {

struct Range {
  RangeType type;
  Visibility visibility;
  uint32_t space, lower, upper;  // inclusive
  bool rootDescriptor;
};

std::vector<Range> rangesOf(const RootSignature& rs) {
  std::vector<Range> out;
  for (const RootParameter& p : rs.parameters) {
    switch (p.type) {
      case ParameterType::DescriptorTable:
        for (const DescriptorRange& r : p.ranges) {
          const uint64_t upper = r.numDescriptors == kUnbounded ? 0xFFFFFFFFull : uint64_t(r.baseRegister) + r.numDescriptors - 1;
          out.push_back({r.type, p.visibility, r.space, r.baseRegister, uint32_t(upper > 0xFFFFFFFFull ? 0xFFFFFFFFull : upper), false});
        }
        break;
      case ParameterType::Constants32Bit:
        out.push_back({RangeType::CBV, p.visibility, p.constants.space, p.constants.shaderRegister, p.constants.shaderRegister, false});
        break;
      case ParameterType::CBV:
      case ParameterType::SRV:
      case ParameterType::UAV: {
        const RangeType type = p.type == ParameterType::CBV ? RangeType::CBV : p.type == ParameterType::SRV ? RangeType::SRV : RangeType::UAV;
        out.push_back({type, p.visibility, p.descriptor.space, p.descriptor.shaderRegister, p.descriptor.shaderRegister, true});
        break;
      }
    }
  }
  for (const StaticSampler& s : rs.samplers)
    out.push_back({RangeType::Sampler, s.visibility, s.space, s.shaderRegister, s.shaderRegister, false});
  return out;
}

char registerLetter(RangeType type) {
  switch (type) {
    case RangeType::SRV: return 't';
    case RangeType::UAV: return 'u';
    case RangeType::CBV: return 'b';
    case RangeType::Sampler: return 's';
  }
  return '?';
}

// DENY_*_SHADER_ROOT_ACCESS for the stage (0 for compute, which has no deny flag).
uint32_t denyFlag(Visibility stage) {
  switch (stage) {
    case Visibility::Vertex: return root_flags::kDenyVertexShaderRootAccess;
    case Visibility::Hull: return root_flags::kDenyHullShaderRootAccess;
    case Visibility::Domain: return root_flags::kDenyDomainShaderRootAccess;
    case Visibility::Geometry: return root_flags::kDenyGeometryShaderRootAccess;
    case Visibility::Pixel: return root_flags::kDenyPixelShaderRootAccess;
    case Visibility::Amplification: return root_flags::kDenyAmplificationShaderRootAccess;
    case Visibility::Mesh: return root_flags::kDenyMeshShaderRootAccess;
    case Visibility::All: return 0;
  }
  return 0;
}

}  // namespace

std::optional<std::string> checkShaderBindings(const RootSignature& rs, Visibility stage,
                                               std::span<const ShaderResourceBinding> bindings) {
  const std::vector<Range> ranges = rangesOf(rs);
  for (const ShaderResourceBinding& b : bindings) {
    const uint32_t count = b.count == kUnbounded || b.count == 0 ? 1 : b.count;
    const uint64_t upper = uint64_t(b.lowerBound) + count - 1;
    const std::string what = (b.name.empty() ? std::string("a resource") : "resource '" + b.name + "'") + " (" + std::string(rangeTypeName(b.type)) + " " +
                             registerLetter(b.type) + std::to_string(b.lowerBound) +
                             (count > 1 ? ".." + std::to_string(upper) : "") + ", space " + std::to_string(b.space) + ")";
    const Range* covering = nullptr;
    for (const Range& r : ranges) {
      const bool visible = r.visibility == Visibility::All || r.visibility == stage;
      if (visible && r.type == b.type && r.space == b.space && r.lower <= b.lowerBound && upper <= r.upper) {
        covering = &r;
        break;
      }
    }
    if (!covering) return what + " is not bound by the root signature";
    if (covering->rootDescriptor && (b.type == RangeType::SRV || b.type == RangeType::UAV)) {
      if (!b.rawOrStructured)
        return what + " is a texture or typed buffer on a root descriptor: root SRV/UAV descriptors take only raw or structured buffers";
      if (b.hasCounter) return what + " has a counter on a root descriptor: root UAV descriptors take only buffers without one";
    }
  }
  if (!bindings.empty() && (rs.flags & denyFlag(stage)))
    return "the shader binds resources but its root signature denies the stage root access (DENY_*_SHADER_ROOT_ACCESS)";
  return std::nullopt;
}

}  // namespace sl::dxil::rootsig
