// SFI0 feature-info bits (the u64 in the SFI0 part) and their relation to the DXIL module's shader
// flags (the i64 under tag 0 of the entry-point properties). Values: DXC ShaderFeatureInfo_* and
// LLVM 19's DXContainerConstants.def (dxil.md §4).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace sl::dxil {

enum FeatureBit : uint64_t {
  kFeatureDoubles = 1ull << 0,
  kFeatureComputeShadersPlusRawAndStructuredBuffers = 1ull << 1,
  kFeatureUAVsAtEveryStage = 1ull << 2,
  kFeatureMax64UAVs = 1ull << 3,
  kFeatureMinimumPrecision = 1ull << 4,
  kFeatureDX11_1_DoubleExtensions = 1ull << 5,
  kFeatureDX11_1_ShaderExtensions = 1ull << 6,
  kFeatureLevel9ComparisonFiltering = 1ull << 7,
  kFeatureTiledResources = 1ull << 8,
  kFeatureStencilRef = 1ull << 9,
  kFeatureInnerCoverage = 1ull << 10,
  kFeatureTypedUAVLoadAdditionalFormats = 1ull << 11,
  kFeatureROVs = 1ull << 12,
  kFeatureViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer = 1ull << 13,
  kFeatureWaveOps = 1ull << 14,
  kFeatureInt64Ops = 1ull << 15,
  kFeatureViewID = 1ull << 16,
  kFeatureBarycentrics = 1ull << 17,
  kFeatureNativeLowPrecision = 1ull << 18,
  kFeatureShadingRate = 1ull << 19,
  kFeatureRaytracingTier1_1 = 1ull << 20,
  kFeatureSamplerFeedback = 1ull << 21,
  kFeatureAtomicInt64OnTypedResource = 1ull << 22,
  kFeatureAtomicInt64OnGroupShared = 1ull << 23,
  kFeatureDerivativesInMeshAndAmpShaders = 1ull << 24,
  kFeatureResourceDescriptorHeapIndexing = 1ull << 25,
  kFeatureSamplerDescriptorHeapIndexing = 1ull << 26,
  kFeatureReserved27 = 1ull << 27,
  kFeatureAtomicInt64OnHeapResource = 1ull << 28,
  kFeatureAdvancedTextureOps = 1ull << 29,
  kFeatureWriteableMSAATextures = 1ull << 30,
  kFeatureSampleCmpGradientOrBias = 1ull << 31,
  kFeatureExtendedCommandInfo = 1ull << 32,
  // Informational bits (not requirements): bits 40 and up.
  kFeatureOptUsesDerivatives = 1ull << 40,
  kFeatureOptRequiresGroup = 1ull << 41,
};

// The description DXC prints under "Note: shader requires additional functionality:" (LLVM 19's
// descriptions where it has the bit); "" for bits without a meaning.
std::string_view featureBitDescription(unsigned bit);
// The short identifier (LLVM's enumerator name) of a bit; "" when unknown.
std::string_view featureBitName(unsigned bit);

// DXIL module shader-flag bits that matter for SFI0 (dxil.md §4.1).
enum ModuleFlagBit : uint64_t {
  kModuleLowPrecisionPresent = 1ull << 5,
  kModuleUseNativeLowPrecision = 1ull << 23,
  kModuleResourceDescriptorHeapIndexing = 1ull << 30,
  kModuleSamplerDescriptorHeapIndexing = 1ull << 31,
};

// SFI0 bits implied by the module's shader flags, as DXC's ShaderFlags::GetFeatureInfo maps
// them: one module bit per feature bit, except MinimumPrecision/NativeLowPrecision which come from
// LowPrecisionPresent together with UseNativeLowPrecision.
uint64_t featureInfoFromModuleFlags(uint64_t moduleFlags);

}  // namespace sl::dxil
