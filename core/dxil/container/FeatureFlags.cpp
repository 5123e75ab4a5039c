#include "core/dxil/container/FeatureFlags.h"

#include <array>

namespace sl::dxil {
namespace {

struct FeatureBitInfo {
  int bit;
  int moduleBit;  // -1: not a one-to-one module flag
  std::string_view name;
  std::string_view description;
};

// LLVM 19's table covers bits 0-30; its "NextUnusedBit" sentinel is not a flag.
constexpr FeatureBitInfo kLLVMBits[] = {
#define SHADER_FEATURE_FLAG(Num, DxilModuleNum, Val, Str) {Num, DxilModuleNum, #Val, Str},
#include "llvm/BinaryFormat/DXContainerConstants.def"
};

// Bits newer than LLVM 19's table (DXC DxilConstants.h ShaderFeatureInfo_*; dxil.md §4).
constexpr FeatureBitInfo kNewerBits[] = {
    {31, 37, "SampleCmpGradientOrBias", "SampleCmp with gradient or bias"},
    {32, 38, "ExtendedCommandInfo", "Extended command info"},
    {40, -1, "OptUsesDerivatives", "Uses derivatives"},
    {41, -1, "OptRequiresGroup", "Requires visible group"},
};

const FeatureBitInfo* findBit(unsigned bit) {
  for (const FeatureBitInfo& info : kNewerBits)
    if (info.bit == static_cast<int>(bit)) return &info;
  for (const FeatureBitInfo& info : kLLVMBits) {
    if (info.name == "NextUnusedBit") continue;
    if (info.bit == static_cast<int>(bit)) return &info;
  }
  return nullptr;
}

// A module bit maps to a feature bit only when it is a real flag (LLVM parks RESERVED at 63).
bool isMappedModuleBit(const FeatureBitInfo& info) {
  return info.moduleBit >= 0 && info.moduleBit < 63 && info.name != "NextUnusedBit";
}

}  // namespace

std::string_view featureBitDescription(unsigned bit) {
  const FeatureBitInfo* info = findBit(bit);
  return info ? info->description : std::string_view();
}

std::string_view featureBitName(unsigned bit) {
  const FeatureBitInfo* info = findBit(bit);
  return info ? info->name : std::string_view();
}

uint64_t featureInfoFromModuleFlags(uint64_t moduleFlags) {
  uint64_t features = 0;
  auto mapAll = [&](const auto& table) {
    for (const FeatureBitInfo& info : table) {
      if (info.name == "NextUnusedBit" || !isMappedModuleBit(info)) continue;
      if (moduleFlags & (1ull << info.moduleBit)) features |= 1ull << info.bit;
    }
  };
  mapAll(kLLVMBits);
  mapAll(kNewerBits);
  if (moduleFlags & kModuleLowPrecisionPresent)
    features |= (moduleFlags & kModuleUseNativeLowPrecision) ? kFeatureNativeLowPrecision
                                                             : kFeatureMinimumPrecision;
  return features;
}

}  // namespace sl::dxil
