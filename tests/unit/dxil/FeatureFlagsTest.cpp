#include "core/dxil/container/FeatureFlags.h"

#include "llvm/BinaryFormat/DXContainer.h"

#include <catch2/catch.hpp>

using namespace sl::dxil;

TEST_CASE("feature bits agree with LLVM's FeatureFlags enum", "[dxil][flags]") {
  CHECK(kFeatureResourceDescriptorHeapIndexing == uint64_t(llvm::dxbc::FeatureFlags::ResourceDescriptorHeapIndexing));
  CHECK(kFeatureSamplerDescriptorHeapIndexing == uint64_t(llvm::dxbc::FeatureFlags::SamplerDescriptorHeapIndexing));
  CHECK(kFeatureWriteableMSAATextures == uint64_t(llvm::dxbc::FeatureFlags::WriteableMSAATextures));
  CHECK(kFeatureResourceDescriptorHeapIndexing == 0x2000000);
  CHECK(kFeatureSamplerDescriptorHeapIndexing == 0x4000000);
}

TEST_CASE("feature bit descriptions are DXC's note lines", "[dxil][flags]") {
  CHECK(featureBitDescription(25) == "Resource descriptor heap indexing");
  CHECK(featureBitDescription(26) == "Sampler descriptor heap indexing");
  CHECK(featureBitDescription(22) == "64-bit Atomics on Typed Resources");
  CHECK(featureBitDescription(28) == "64-bit Atomics on Heap Resources");
  CHECK(featureBitDescription(31) == "SampleCmp with gradient or bias");
  CHECK(featureBitName(25) == "ResourceDescriptorHeapIndexing");
  CHECK(featureBitDescription(36).empty());
  CHECK(featureBitName(63).empty());
}

TEST_CASE("module shader flags map to SFI0 bits", "[dxil][flags]") {
  // Heap indexing: module bits 30/31 -> feature bits 25/26 (dxil.md §4.1, heap-resources.ll).
  CHECK(featureInfoFromModuleFlags(kModuleResourceDescriptorHeapIndexing) == kFeatureResourceDescriptorHeapIndexing);
  CHECK(featureInfoFromModuleFlags(kModuleSamplerDescriptorHeapIndexing) == kFeatureSamplerDescriptorHeapIndexing);
  CHECK(featureInfoFromModuleFlags(0xC0000000ull) ==
        (kFeatureResourceDescriptorHeapIndexing | kFeatureSamplerDescriptorHeapIndexing));
  CHECK(featureInfoFromModuleFlags(1ull << 2) == kFeatureDoubles);
  CHECK(featureInfoFromModuleFlags(1ull << 19) == kFeatureWaveOps);
  CHECK(featureInfoFromModuleFlags(1ull << 32) == kFeatureAtomicInt64OnHeapResource);
  CHECK(featureInfoFromModuleFlags(1ull << 37) == kFeatureSampleCmpGradientOrBias);
  // Module-only flags have no SFI0 bit.
  CHECK(featureInfoFromModuleFlags((1ull << 0) | (1ull << 3) | (1ull << 4) | (1ull << 8) | (1ull << 33)) == 0);
  // Low precision: minimum precision unless native 16-bit types are on.
  CHECK(featureInfoFromModuleFlags(kModuleLowPrecisionPresent) == kFeatureMinimumPrecision);
  CHECK(featureInfoFromModuleFlags(kModuleLowPrecisionPresent | kModuleUseNativeLowPrecision) ==
        kFeatureNativeLowPrecision);
  CHECK(featureInfoFromModuleFlags(kModuleUseNativeLowPrecision) == 0);
}
