#include "core/dxil/rootsig/RootSignatureNames.h"

#include "core/dxil/rootsig/RootSignature.h"

namespace sl::dxil::rootsig {
namespace {

constexpr NamedValue kRootFlags[] = {
    {"ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT", root_flags::kAllowInputAssemblerInputLayout},
    {"DENY_VERTEX_SHADER_ROOT_ACCESS", root_flags::kDenyVertexShaderRootAccess},
    {"DENY_HULL_SHADER_ROOT_ACCESS", root_flags::kDenyHullShaderRootAccess},
    {"DENY_DOMAIN_SHADER_ROOT_ACCESS", root_flags::kDenyDomainShaderRootAccess},
    {"DENY_GEOMETRY_SHADER_ROOT_ACCESS", root_flags::kDenyGeometryShaderRootAccess},
    {"DENY_PIXEL_SHADER_ROOT_ACCESS", root_flags::kDenyPixelShaderRootAccess},
    {"ALLOW_STREAM_OUTPUT", root_flags::kAllowStreamOutput},
    {"LOCAL_ROOT_SIGNATURE", root_flags::kLocalRootSignature},
    {"DENY_AMPLIFICATION_SHADER_ROOT_ACCESS", root_flags::kDenyAmplificationShaderRootAccess},
    {"DENY_MESH_SHADER_ROOT_ACCESS", root_flags::kDenyMeshShaderRootAccess},
    {"CBV_SRV_UAV_HEAP_DIRECTLY_INDEXED", root_flags::kCbvSrvUavHeapDirectlyIndexed},
    {"SAMPLER_HEAP_DIRECTLY_INDEXED", root_flags::kSamplerHeapDirectlyIndexed},
};

constexpr NamedValue kDescriptorFlags[] = {
    {"DATA_VOLATILE", descriptor_flags::kDataVolatile},
    {"DATA_STATIC_WHILE_SET_AT_EXECUTE", descriptor_flags::kDataStaticWhileSetAtExecute},
    {"DATA_STATIC", descriptor_flags::kDataStatic},
};

constexpr NamedValue kRangeFlags[] = {
    {"DESCRIPTORS_VOLATILE", range_flags::kDescriptorsVolatile},
    {"DATA_VOLATILE", range_flags::kDataVolatile},
    {"DATA_STATIC_WHILE_SET_AT_EXECUTE", range_flags::kDataStaticWhileSetAtExecute},
    {"DATA_STATIC", range_flags::kDataStatic},
    {"DESCRIPTORS_STATIC_KEEPING_BUFFER_BOUNDS_CHECKS", range_flags::kDescriptorsStaticKeepingBufferBoundsChecks},
};

constexpr NamedValue kVisibilities[] = {
    {"SHADER_VISIBILITY_ALL", 0},      {"SHADER_VISIBILITY_VERTEX", 1},        {"SHADER_VISIBILITY_HULL", 2},
    {"SHADER_VISIBILITY_DOMAIN", 3},   {"SHADER_VISIBILITY_GEOMETRY", 4},      {"SHADER_VISIBILITY_PIXEL", 5},
    {"SHADER_VISIBILITY_AMPLIFICATION", 6}, {"SHADER_VISIBILITY_MESH", 7},
};

constexpr NamedValue kAddressModes[] = {
    {"TEXTURE_ADDRESS_WRAP", 1},   {"TEXTURE_ADDRESS_MIRROR", 2},      {"TEXTURE_ADDRESS_CLAMP", 3},
    {"TEXTURE_ADDRESS_BORDER", 4}, {"TEXTURE_ADDRESS_MIRROR_ONCE", 5},
};

constexpr NamedValue kComparisonFuncs[] = {
    {"COMPARISON_NEVER", 1},   {"COMPARISON_LESS", 2},      {"COMPARISON_EQUAL", 3},         {"COMPARISON_LESS_EQUAL", 4},
    {"COMPARISON_GREATER", 5}, {"COMPARISON_NOT_EQUAL", 6}, {"COMPARISON_GREATER_EQUAL", 7}, {"COMPARISON_ALWAYS", 8},
};

constexpr NamedValue kBorderColors[] = {
    {"STATIC_BORDER_COLOR_TRANSPARENT_BLACK", 0},
    {"STATIC_BORDER_COLOR_OPAQUE_BLACK", 1},
    {"STATIC_BORDER_COLOR_OPAQUE_WHITE", 2},
};

// D3D12_FILTER: a reduction prefix (none, COMPARISON_, MINIMUM_, MAXIMUM_) on one of nine
// min/mag/mip combinations.
constexpr NamedValue kFilterReductions[] = {{"", 0x0}, {"COMPARISON_", 0x80}, {"MINIMUM_", 0x100}, {"MAXIMUM_", 0x180}};
constexpr NamedValue kFilterModes[] = {
    {"MIN_MAG_MIP_POINT", 0x00},          {"MIN_MAG_POINT_MIP_LINEAR", 0x01},        {"MIN_POINT_MAG_LINEAR_MIP_POINT", 0x04},
    {"MIN_POINT_MAG_MIP_LINEAR", 0x05},   {"MIN_LINEAR_MAG_MIP_POINT", 0x10},        {"MIN_LINEAR_MAG_POINT_MIP_LINEAR", 0x11},
    {"MIN_MAG_LINEAR_MIP_POINT", 0x14},   {"MIN_MAG_MIP_LINEAR", 0x15},              {"ANISOTROPIC", 0x55},
};

}  // namespace

std::span<const NamedValue> rootFlagNames() { return kRootFlags; }
std::span<const NamedValue> descriptorFlagNames() { return kDescriptorFlags; }
std::span<const NamedValue> rangeFlagNames() { return kRangeFlags; }
std::span<const NamedValue> visibilityNames() { return kVisibilities; }
std::span<const NamedValue> addressModeNames() { return kAddressModes; }
std::span<const NamedValue> comparisonFuncNames() { return kComparisonFuncs; }
std::span<const NamedValue> borderColorNames() { return kBorderColors; }

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = char(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = char(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

std::optional<uint32_t> valueOfName(std::span<const NamedValue> names, std::string_view name) {
  for (const NamedValue& n : names)
    if (equalsIgnoreCase(n.name, name)) return n.value;
  return std::nullopt;
}

std::string nameOfValue(std::span<const NamedValue> names, uint32_t value) {
  for (const NamedValue& n : names)
    if (n.value == value) return std::string(n.name);
  return std::to_string(value);
}

std::string flagNames(std::span<const NamedValue> names, uint32_t flags) {
  std::string out;
  uint32_t rest = flags;
  for (const NamedValue& n : names) {
    if (n.value == 0 || (flags & n.value) != n.value) continue;
    out += (out.empty() ? "" : " | ") + std::string(n.name);
    rest &= ~n.value;
  }
  if (rest != 0) {
    static const char kHex[] = "0123456789abcdef";
    std::string hex;
    for (uint32_t v = rest; v; v >>= 4) hex.insert(hex.begin(), kHex[v & 0xF]);
    out += (out.empty() ? "0x" : " | 0x") + hex;
  }
  return out.empty() ? "0" : out;
}

std::optional<uint32_t> filterValue(std::string_view name) {
  constexpr std::string_view kPrefix = "FILTER_";
  if (name.size() <= kPrefix.size() || !equalsIgnoreCase(name.substr(0, kPrefix.size()), kPrefix)) return std::nullopt;
  name.remove_prefix(kPrefix.size());
  for (const NamedValue& reduction : kFilterReductions) {
    if (name.size() <= reduction.name.size() || !equalsIgnoreCase(name.substr(0, reduction.name.size()), reduction.name))
      continue;
    if (std::optional<uint32_t> mode = valueOfName(kFilterModes, name.substr(reduction.name.size())))
      return reduction.value | *mode;
  }
  return std::nullopt;
}

std::string filterName(uint32_t value) {
  for (const NamedValue& reduction : kFilterReductions)
    for (const NamedValue& mode : kFilterModes)
      if ((reduction.value | mode.value) == value) return "FILTER_" + std::string(reduction.name) + std::string(mode.name);
  return std::to_string(value);
}

}  // namespace sl::dxil::rootsig
