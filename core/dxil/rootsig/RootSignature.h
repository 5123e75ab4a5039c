// The root signature model: D3D12's versioned root signature (D3D12_VERSIONED_ROOT_SIGNATURE_DESC)
// as plain values. The HLSL root-signature string parses into it (RootSignatureParser.h), it
// serializes to the RTS0 container part (RootSignatureWriter.h) and reads back from one
// (RootSignatureReader.h). Enum values are D3D12's, since they are written to the part as is.
#pragma once

#include <cfloat>
#include <cstdint>
#include <string_view>
#include <vector>

namespace sl::dxil::rootsig {

// RTS0's version word: 1 = root signature 1.0, 2 = 1.1 (D3D_ROOT_SIGNATURE_VERSION).
enum class Version : uint32_t { V1_0 = 1, V1_1 = 2 };

enum class ParameterType : uint32_t { DescriptorTable = 0, Constants32Bit = 1, CBV = 2, SRV = 3, UAV = 4 };

enum class Visibility : uint32_t { All = 0, Vertex = 1, Hull = 2, Domain = 3, Geometry = 4, Pixel = 5, Amplification = 6, Mesh = 7 };

enum class RangeType : uint32_t { SRV = 0, UAV = 1, CBV = 2, Sampler = 3 };

// D3D12_ROOT_SIGNATURE_FLAGS.
namespace root_flags {
inline constexpr uint32_t kAllowInputAssemblerInputLayout = 0x1;
inline constexpr uint32_t kDenyVertexShaderRootAccess = 0x2;
inline constexpr uint32_t kDenyHullShaderRootAccess = 0x4;
inline constexpr uint32_t kDenyDomainShaderRootAccess = 0x8;
inline constexpr uint32_t kDenyGeometryShaderRootAccess = 0x10;
inline constexpr uint32_t kDenyPixelShaderRootAccess = 0x20;
inline constexpr uint32_t kAllowStreamOutput = 0x40;
inline constexpr uint32_t kLocalRootSignature = 0x80;
inline constexpr uint32_t kDenyAmplificationShaderRootAccess = 0x100;
inline constexpr uint32_t kDenyMeshShaderRootAccess = 0x200;
inline constexpr uint32_t kCbvSrvUavHeapDirectlyIndexed = 0x400;
inline constexpr uint32_t kSamplerHeapDirectlyIndexed = 0x800;
}  // namespace root_flags

// D3D12_ROOT_DESCRIPTOR_FLAGS (root signature 1.1 only).
namespace descriptor_flags {
inline constexpr uint32_t kDataVolatile = 0x2;
inline constexpr uint32_t kDataStaticWhileSetAtExecute = 0x4;
inline constexpr uint32_t kDataStatic = 0x8;
}  // namespace descriptor_flags

// D3D12_DESCRIPTOR_RANGE_FLAGS (root signature 1.1 only).
namespace range_flags {
inline constexpr uint32_t kDescriptorsVolatile = 0x1;
inline constexpr uint32_t kDataVolatile = 0x2;
inline constexpr uint32_t kDataStaticWhileSetAtExecute = 0x4;
inline constexpr uint32_t kDataStatic = 0x8;
inline constexpr uint32_t kDescriptorsStaticKeepingBufferBoundsChecks = 0x10000;
}  // namespace range_flags

// D3D12_DESCRIPTOR_RANGE_OFFSET_APPEND, and numDescriptors = unbounded.
inline constexpr uint32_t kOffsetAppend = 0xFFFFFFFFu;
inline constexpr uint32_t kUnbounded = 0xFFFFFFFFu;

struct DescriptorRange {
  RangeType type = RangeType::SRV;
  uint32_t numDescriptors = 1;
  uint32_t baseRegister = 0;
  uint32_t space = 0;
  // DXC leaves range flags 0 (NONE) unless the string names some; D3D12 reads NONE in 1.1 as its
  // defaults (static descriptors; data static-while-set for CBV/SRV, volatile for UAV).
  uint32_t flags = 0;
  uint32_t offset = kOffsetAppend;
  uint32_t sourceOffset = 0;  // where the clause starts in the parsed string (diagnostics only)
};

struct RootConstants {
  uint32_t shaderRegister = 0;
  uint32_t space = 0;
  uint32_t num32BitValues = 0;
};

struct RootDescriptor {
  uint32_t shaderRegister = 0;
  uint32_t space = 0;
  uint32_t flags = 0;  // 1.1 only; 0 unless the string names some (as DXC)
};

struct RootParameter {
  ParameterType type = ParameterType::DescriptorTable;
  Visibility visibility = Visibility::All;
  RootConstants constants;              // Constants32Bit
  RootDescriptor descriptor;            // CBV, SRV, UAV
  std::vector<DescriptorRange> ranges;  // DescriptorTable
  uint32_t sourceOffset = 0;            // where the clause starts in the parsed string (diagnostics only)
};

// D3D12_STATIC_SAMPLER_DESC, with the defaults of the HLSL StaticSampler() grammar.
struct StaticSampler {
  uint32_t filter = 0x55;        // D3D12_FILTER_ANISOTROPIC
  uint32_t addressU = 1;         // D3D12_TEXTURE_ADDRESS_MODE_WRAP
  uint32_t addressV = 1;
  uint32_t addressW = 1;
  float mipLODBias = 0.0f;
  uint32_t maxAnisotropy = 16;
  uint32_t comparisonFunc = 4;   // D3D12_COMPARISON_FUNC_LESS_EQUAL
  uint32_t borderColor = 2;      // D3D12_STATIC_BORDER_COLOR_OPAQUE_WHITE
  float minLOD = 0.0f;
  float maxLOD = FLT_MAX;
  uint32_t shaderRegister = 0;
  uint32_t space = 0;
  Visibility visibility = Visibility::All;
  uint32_t sourceOffset = 0;  // where the clause starts in the parsed string (diagnostics only)
};

struct RootSignature {
  Version version = Version::V1_1;
  uint32_t flags = 0;
  std::vector<RootParameter> parameters;
  std::vector<StaticSampler> samplers;
};

// Names as D3D12 spells them without the common prefix ("ALL", "DescriptorTable"...), for printers.
std::string_view parameterTypeName(ParameterType type);  // DescriptorTable, Constants32Bit, CBV, SRV, UAV
std::string_view visibilityName(Visibility visibility);  // All, Vertex, ... Mesh
std::string_view rangeTypeName(RangeType type);          // SRV, UAV, CBV, Sampler

}  // namespace sl::dxil::rootsig
